"""The command line: `nomic-ci` and `python3 -m nomic_ci`."""

from .parser import main

__all__ = ["main"]
