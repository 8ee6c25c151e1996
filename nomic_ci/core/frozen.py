"""`frozen`: the engine's immutable values, dataclasses that Python 3.11 makes quickly.

`dataclass(frozen=True)` compiles a class's six methods from source, one at a time: half a
millisecond a class on Python 3.11, and a short command loads 50 to 80 classes, which was a
third of its start-up. A `frozen` class is a dataclass (its fields, `fields()` and `replace()`
are dataclasses'), whose `__init__` alone is compiled, here, as a frozen dataclass's sets each
field, and only when first used (a command makes values of fewer than half the classes it
loads); its comparison, hash, repr and immutability are functions shared by every class,
closed over its field names. They behave as `dataclass(frozen=True)` makes them
(tests/core/test_frozen.py checks each against the real thing). Python 3.13 compiles a
dataclass's methods in one go; on it, this could be `dataclass(frozen=True)` again.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)


@dataclass_transform(frozen_default=True)
def frozen(cls: T) -> T:
    """Make `cls` a dataclass whose instances cannot change once made."""
    for name in ("__setattr__", "__delattr__"):
        if name in cls.__dict__:
            raise TypeError(f"{cls.__name__} is frozen: it cannot define {name}")
    cls = dataclass(init=False, repr=False, eq=False)(cls)
    every = fields(cls)
    key = _key([f.name for f in every if f.compare])
    shown = [f.name for f in every if f.repr]

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
    for method in (_init(cls, every), _refuse_setting, _refuse_deleting, __eq__, __hash__,
                   __repr__):
        name = method.__name__
        if name not in own:  # as in a dataclass, the class's own method wins
            if method.__qualname__ != name:  # not shared by every class: named for this one
                method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    return cls


def _refuse_setting(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deleting(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


_refuse_setting.__name__ = _refuse_setting.__qualname__ = "__setattr__"
_refuse_deleting.__name__ = _refuse_deleting.__qualname__ = "__delattr__"


class _Factory:
    """The default of a field made by its `default_factory`, as `inspect.signature` shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _init(cls: type, every: tuple[Field, ...]) -> _Uncompiled:
    """The class's `__init__`: its fields in order, each put in the value's `__dict__` (the
    class's own `__setattr__` refuses; this is what `object.__setattr__` does for a plain
    attribute, in a third of the time), then `__post_init__` if it has one. Refused here,
    when the class is defined, where a dataclass would not make it; compiled when used."""
    params, lines = [], ["    _frozen_fields = self.__dict__\n"] if every else []
    scope: dict[str, Any] = {"_frozen_factory": _FACTORY}
    for f in every:
        if not f.init or f.kw_only or f.name == "self":
            raise TypeError(f"{cls.__name__}.{f.name}: a frozen value's fields are all "
                            "positional arguments of its __init__")
        value = f.name
        if f.default is not MISSING:
            scope[f"_frozen_default_{f.name}"] = f.default
            params.append(f"{f.name}=_frozen_default_{f.name}")
        elif f.default_factory is not MISSING:
            scope[f"_frozen_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_frozen_factory")
            value = f"_frozen_factory_{f.name}() if {f.name} is _frozen_factory else {f.name}"
        elif params and "=" in params[-1]:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        else:
            params.append(f.name)
        lines.append(f"    _frozen_fields[{f.name!r}] = {value}\n")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()\n")
    return _Uncompiled(cls, every, scope,
                       f"def __init__(self, {', '.join(params)}):\n{''.join(lines) or '    pass'}\n")


class _Uncompiled:
    """A class's `__init__` not compiled yet: the first time it is looked up (a value made,
    its signature read), it is compiled and takes this one's place in the class. Compiling
    is half of what defining a class costs, and a command makes values of fewer than half
    of the classes it loads (`status`: 31 of 71)."""

    def __init__(self, cls: type, every: tuple[Field, ...], scope: dict[str, Any],
                 source: str) -> None:
        self.cls, self.every, self.scope, self.source = cls, every, scope, source
        self.__name__, self.__qualname__ = "__init__", f"{cls.__qualname__}.__init__"

    def __get__(self, instance: Any, owner: type | None = None) -> Callable[..., None]:
        exec(self.source, self.scope)
        init = self.scope["__init__"]
        init.__qualname__ = self.__qualname__
        init.__annotations__ = {**{f.name: f.type for f in self.every}, "return": None}
        self.cls.__init__ = init  # type: ignore[misc]
        return init.__get__(instance, owner)


def _key(names: list[str]) -> Callable[[Any], tuple]:
    """The tuple of an instance's compared fields, as a dataclass compares and hashes it."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda instance: (one(instance),)
    return lambda instance: ()
