"""`frozen` values behave as `dataclass(frozen=True)` makes them: each case builds the same class
both ways and compares what they do."""

import copy
import inspect
import math
import pickle
import re
from dataclasses import FrozenInstanceError, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, strategies as st

import nomic_ci
from nomic_ci.core.frozen import frozen

REAL = dataclass(frozen=True)


def move_class(decorate):
    """The same class body, under either decorator: same name, same qualified name."""

    @decorate
    class Move:
        """A move."""

        player: str
        steps: int = 1
        path: tuple = ()
        note: str = field(default="", compare=False)
        secret: str = field(default="", repr=False)
        marks: MappingProxyType = field(default_factory=lambda: MappingProxyType({}), compare=False)

    return Move


def one_field_class(decorate):
    @decorate
    class One:
        """One field."""

        value: object

    return One


def empty_class(decorate):
    @decorate
    class Empty:
        """No field at all."""

    return Empty


OURS, THEIRS = move_class(frozen), move_class(REAL)


@frozen
class Pair:
    """At the module's top level, where pickle finds it."""

    left: object
    right: object = None
values = st.one_of(st.integers(-3, 3), st.text(max_size=2), st.none(),
                   st.tuples(st.integers(0, 2)), st.just(math.nan), st.booleans())
moves = st.builds(lambda *a: a, st.sampled_from(["alice", "bob"]), st.integers(0, 2),
                  st.tuples(st.integers(0, 1)), st.text(max_size=1), st.text(max_size=1))


def both(arguments):
    return OURS(*arguments), THEIRS(*arguments)


@given(moves, moves)
def test_equality_hash_and_repr_are_a_frozen_dataclass(a, b):
    ours_a, theirs_a = both(a)
    ours_b, theirs_b = both(b)
    assert (ours_a == ours_b) is (theirs_a == theirs_b)
    assert (ours_a != ours_b) is (theirs_a != theirs_b)
    assert hash(ours_a) == hash(theirs_a)
    assert repr(ours_a) == repr(theirs_a)


@given(values, values)
def test_a_single_field_compares_as_a_tuple_of_one(a, b):
    # a tuple compares its items by identity first: nan equals the same nan inside one
    ours, theirs = one_field_class(frozen), one_field_class(REAL)
    assert (ours(a) == ours(b)) is (theirs(a) == theirs(b))
    assert hash(ours(a)) == hash(theirs(a)) and repr(ours(a)) == repr(theirs(a))


def test_a_class_without_fields():
    ours, theirs = empty_class(frozen), empty_class(REAL)
    assert ours() == ours() and hash(ours()) == hash(theirs()) and repr(ours()) == repr(theirs())


CHANGES = {"assign a field": lambda v: setattr(v, "steps", 2),
           "assign another name": lambda v: setattr(v, "other", 2),
           "delete a field": lambda v: delattr(v, "steps"),
           "delete another name": lambda v: delattr(v, "other")}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES)
def test_a_value_cannot_change(change):
    ours, theirs = OURS("alice"), THEIRS("alice")
    with pytest.raises(FrozenInstanceError) as ours_refused:
        change(ours)
    with pytest.raises(FrozenInstanceError) as theirs_refused:
        change(theirs)
    assert str(ours_refused.value) == str(theirs_refused.value)
    assert ours == OURS("alice") and vars(ours) == vars(theirs)


def test_it_is_a_dataclass_with_the_same_fields_defaults_and_replace():
    assert [f.name for f in fields(OURS)] == [f.name for f in fields(THEIRS)]
    assert OURS.__match_args__ == THEIRS.__match_args__
    ours = OURS("alice", path=(1,))
    assert replace(ours, steps=3) == OURS("alice", 3, (1,))
    assert ours.marks == {} and ours.note == ""
    with pytest.raises(TypeError, match="player"):
        OURS()


@pytest.mark.parametrize("copied", [copy.copy, copy.deepcopy,
                                    lambda v: pickle.loads(pickle.dumps(v))],
                         ids=["copy", "deepcopy", "pickle"])
def test_a_copy_is_equal_and_frozen(copied):
    pair = Pair((1, "a"), frozenset({"b"}))
    copy_ = copied(Pair((1, "a")))
    assert copy_ == Pair((1, "a")) and hash(copy_) == hash(Pair((1, "a")))
    with pytest.raises(FrozenInstanceError):
        copy_.left = 2
    assert copied(pair) == pair


def test_a_class_keeps_its_own_methods_as_a_dataclass_does():
    for decorate in (frozen, REAL):
        @decorate
        class Secret:
            """Its own repr; its own equality, with the generated hash."""

            key: str

            def __repr__(self):
                return "Secret(…)"

            def __eq__(self, other):
                return isinstance(other, Secret)

        assert repr(Secret("a")) == "Secret(…)" and Secret("a") == Secret("b")
        assert hash(Secret("a")) == hash(("a",))


def test_a_class_that_sets_attributes_cannot_be_frozen():
    with pytest.raises(TypeError, match="__setattr__"):
        @frozen
        class Open:
            """Says how it may change: it cannot be frozen."""

            def __setattr__(self, name, value):
                object.__setattr__(self, name, value)


def test_every_value_of_the_engine_is_made_by_frozen():
    # one way to make a value: a frozen dataclass would start the slower and behave the same
    package = Path(nomic_ci.__file__).parent
    made_twice = [str(path.relative_to(package)) for path in package.rglob("*.py")
                  if path.name != "frozen.py"
                  and re.search(r"dataclass\([^)]*frozen=True", path.read_text())]
    assert made_twice == []


def test_its_init_takes_what_a_frozen_dataclass_takes_and_calls_post_init():
    assert str(inspect.signature(OURS)) == str(inspect.signature(THEIRS))
    assert OURS("bob", marks=MappingProxyType({"x": 1})).marks == {"x": 1}
    for decorate in (frozen, REAL):
        @decorate
        class Derived:
            """Fills a field of its own after __init__."""

            base: int
            double: int = 0

            def __post_init__(self):
                object.__setattr__(self, "double", 2 * self.base)

        assert Derived(3).double == 6


def test_its_init_is_compiled_when_first_used_and_then_is_a_plain_function():
    """A command makes values of fewer than half the classes it loads: a class's `__init__`
    is compiled the first time it is looked up, through the class or a subclass of it."""
    for first in ("value", "signature", "subclass"):
        Move = move_class(frozen)
        assert not inspect.isfunction(vars(Move)["__init__"])
        if first == "value":
            assert Move("ann", 2).steps == 2
        elif first == "signature":
            assert str(inspect.signature(Move)) == str(inspect.signature(move_class(REAL)))
        else:
            class Later(Move):
                """A subclass that adds no field."""

            assert Later("ann").player == "ann" and type(Later("ann")) is Later
        assert inspect.isfunction(vars(Move)["__init__"])
        assert Move.__init__.__qualname__ == "move_class.<locals>.Move.__init__"
        assert Move("bob") == Move("bob", 1) != Move("bob", 2)


@pytest.mark.parametrize("body", [
    "a: int = 1\n    b: int", "a: int = field(default=1, kw_only=True)",
    "a: int = field(default=1, init=False)"], ids=["default first", "keyword only", "no init"])
def test_a_class_it_cannot_make_as_dataclass_would_is_refused_when_defined(body):
    with pytest.raises(TypeError):
        exec(f"@frozen\nclass Odd:\n    {body}\n", {"frozen": frozen, "field": field,
                                                     "int": int})
