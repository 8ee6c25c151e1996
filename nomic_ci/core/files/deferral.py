"""Which of a game's files a forge reads only when asked for (`gamefiles.GameFiles`): the
records, a decision's or a board action's, thousands in a long game, behind their indexes.

The records fill two folders. Beside them each keeps a few names a run reads (`KEPT`); every
other path in the folder is a record. So a forge reads the kept names and leaves the records
unlisted until a record is asked for: a run that reads the indexes alone costs the same
however long the game (tests/core/files/test_deferral.py checks the two agree). Of an index
(`indexlines`), a run lists its folder and the open thousand's (`OPENED`); a closed
thousand's folder (`shelved`) may stay unlisted until a line of it is asked for.
A Judgment's records (`judgments/`) are few and listed, but each is read only when asked for:
a run reads the latest, or none.
"""

from __future__ import annotations

from .adjustments import ADJUSTMENTS
from .history import INDEX, README, is_record
from .indexpieces import OPEN
from .judgments import DIR as JUDGMENTS, README as JUDGMENTS_README
from .records import DIR
from ..board.actionindex import is_action
from ..board.actionlog import DIR as ACTIONS, INDEX as ACTIONS_INDEX

# a folder of records -> the names in it that are not records: files, or folders of more
KEPT: dict[str, tuple[str, ...]] = {
    DIR: tuple(path.removeprefix(DIR).rstrip("/") for path in (README, ADJUSTMENTS, INDEX)),
    ACTIONS: (ACTIONS_INDEX.removeprefix(ACTIONS).rstrip("/"),)}
# the indexes' folders of their open thousand, listed with the kept names
OPENED = (INDEX + OPEN, ACTIONS_INDEX + OPEN)


def deferred(path: str) -> bool:
    """A file a forge reads only when asked for: a record, a decision's or a board
    action's, or a file of their indexes or a Judgment's record (`alone`)."""
    return is_record(path) or is_action(path) or alone(path)


def shelved(folder: str) -> bool:
    """A folder (ending in /) of an index's closed thousand, which a forge may leave
    unlisted until a path in it is asked for."""
    return folder.startswith((INDEX, ACTIONS_INDEX)) and folder not in OPENED \
        and folder.count("/") == 3


def alone(path: str) -> bool:
    """A file read by itself when asked for, not with every record: a file of an index
    (a run reads its last, and the totals), or a Judgment's record (the latest)."""
    return path.startswith((INDEX, ACTIONS_INDEX)) or (
        path.startswith(JUDGMENTS) and path != JUDGMENTS_README)

