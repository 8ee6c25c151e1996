"""The command line: `nomic-ci` and `python3 -m nomic_ci`."""

import gc
import sys

from ..forges.lazyimports import defer

defer("inspect")  # before dataclasses, which imports it to write a docstring none needs
from .parser import main  # noqa: E402

__all__ = ["main", "run"]


def run() -> None:
    """The process's entry point: the command, then the process's end."""
    code = main()
    # The process ends here, and what the command loaded is freed as it does. Frozen, it is
    # not walked by a last garbage collection first: a tenth of a short command's time.
    gc.freeze()
    sys.exit(code)
