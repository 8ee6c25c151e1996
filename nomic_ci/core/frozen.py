"""`frozen`: the engine's immutable values, dataclasses that Python 3.11 makes quickly.

`dataclass(frozen=True)` compiles a class's six methods from source, one at a time: half a
millisecond a class on Python 3.11, and a short command loads 50 to 80 classes, which was a
third of its start-up. A `frozen` class has `dataclass` compile its `__init__` alone, so its
fields, defaults, `fields()` and `replace()` are a dataclass's. Its comparison, hash, repr
and immutability are functions shared by every class, closed over the class's field names:
they behave as `dataclass(frozen=True, eq=True)` makes them (tests/core/test_frozen.py checks
that against the real thing). Python 3.13 compiles a dataclass's methods in one go; on it,
this could be `dataclass(frozen=True)` again.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields
from operator import attrgetter
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)


@dataclass_transform(frozen_default=True)
def frozen(cls: T) -> T:
    """Make `cls` a dataclass whose instances cannot change once made."""
    for name in ("__setattr__", "__delattr__"):
        if name in cls.__dict__:
            raise TypeError(f"{cls.__name__} is frozen: it cannot define {name}")
    cls = dataclass(repr=False, eq=False)(cls)
    every = fields(cls)
    names = frozenset(f.name for f in every)
    key = _key([f.name for f in every if f.compare])
    shown = [f.name for f in every if f.repr]

    def __setattr__(self: Any, name: str, value: Any) -> None:
        # `__init__` sets each field once; after it, or for any other name, nothing is set
        if name in self.__dict__ or name not in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        self.__dict__[name] = value

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self: Any, other: Any) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(key(self))

    def __repr__(self: Any) -> str:
        shows = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({shows})"

    own = set(cls.__dict__)
    if "__eq__" in own and cls.__dict__.get("__hash__", 0) is None:
        own.remove("__hash__")  # Python's None for a class with its own __eq__, as dataclass reads it
    for method in (__setattr__, __delattr__, __eq__, __hash__, __repr__):
        if method.__name__ not in own:  # as in a dataclass, the class's own method wins
            method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
            setattr(cls, method.__name__, method)
    return cls


def _key(names: list[str]) -> Callable[[Any], tuple]:
    """The tuple of an instance's compared fields, as a dataclass compares and hashes it."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda instance: (one(instance),)
    return lambda instance: ()
