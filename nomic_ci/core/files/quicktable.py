"""A top-level list of one-line mappings read by one pattern: a record's ballots.

A played record is about sixty lines, and its nine ballots are thirty-six of them: the quick
reader (quickyaml) walks each line in Python, and `verify` of ten thousand records spent two
thirds of its reading there. A table, a list whose items are mappings of the same keys in the
same order, each value a plain scalar on its key's line, as both of the engine's writers
write a ballot, is matched whole by one pattern, and each value read by the quick reader's
own reading of a scalar. Anything else (another key, a value folded onto the next line, a
comment) is not a table: the caller reads the whole text the usual way.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from .quickyaml import UNUSUAL, GiveUp, LinedDict, quick_load, quick_scalar

# a value on its key's line: not a block (`|`), a one-line collection or a space (which the
# quick reader reads otherwise); `quick_scalar` refuses the rest it would not read alone
_VALUE = r"[^ |\[{\n][^\n]*"


@functools.lru_cache(maxsize=8)
def _patterns(key: str, columns: tuple[str, ...]) -> tuple[re.Pattern, re.Pattern]:
    """The table under `key` (its items' dashes two spaces in, as yamlio writes lists),
    up to the next line at the top; and one item, its values captured."""
    item = "".join(f"{'  - ' if n == 0 else '    '}{column}: ({_VALUE})\n"
                   for n, column in enumerate(columns))
    whole = item.replace("(", "(?:")
    return (re.compile(rf"^{re.escape(key)}:\n((?:{whole})+)(?=[^ \n]|\Z)", re.M),
            re.compile(item))


def quick_load_table(text: str, key: str, columns: tuple[str, ...]) -> dict[str, Any] | None:
    """The mapping in `text`, whose top-level `key` holds a table of `columns` (plain dicts,
    in order); None where it holds anything else or the rest is not the quick reader's.

    The values are exactly the quick reader's; the lines the mapping knows are not the
    text's past the table (which is read as `key: []`): read values with this, not errors."""
    table, item = _patterns(key, columns)
    found = table.search(text)
    if found is None or UNUSUAL.search(text, found.start(1), found.end(1)):
        return None  # (quick_load looks for them in the rest)
    try:
        rows = [dict(zip(columns, map(quick_scalar, values)))
                for values in item.findall(found.group(1))]
    except GiveUp:
        return None
    data = quick_load(f"{text[:found.start(1) - 1]} []\n{text[found.end(1):]}")
    if not isinstance(data, LinedDict) or data.get(key) != []:
        return None
    data[key] = rows
    return data
