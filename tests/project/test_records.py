"""`mtg_typeline.records.NamedTuple` makes the class `typing.NamedTuple` makes: the same
fields, defaults, methods, representation, equality, copying and pickling, and the same
errors for a class body typing refuses."""

from __future__ import annotations

import pickle
import typing
from collections.abc import Callable

import pytest

from mtg_typeline import records


class Quick(records.NamedTuple):
    """A record."""

    start: int
    end: int
    label: str = "x"
    more: tuple[int, ...] = ()

    @property
    def width(self) -> int:
        return self.end - self.start

    def shifted(self, by: int) -> Quick:
        return self._replace(start=self.start + by, end=self.end + by)


class Typed(typing.NamedTuple):
    """A record."""

    start: int
    end: int
    label: str = "x"
    more: tuple[int, ...] = ()

    @property
    def width(self) -> int:
        return self.end - self.start

    def shifted(self, by: int) -> Typed:
        return self._replace(start=self.start + by, end=self.end + by)


def test_the_class_is_typings_class() -> None:
    quick, typed = Quick(1, 4), Typed(1, 4)
    assert Quick._fields == Typed._fields
    assert Quick._field_defaults == Typed._field_defaults
    assert Quick.__annotations__ == {name: ref.__forward_arg__ for name, ref in Typed.__annotations__.items()}
    assert (Quick.__doc__, Quick.__module__, Quick.__qualname__) == ("A record.", __name__, "Quick")
    assert repr(quick) == repr(typed).replace("Typed", "Quick")
    assert quick == typed == (1, 4, "x", ())  # tuples, equal by value
    assert hash(quick) == hash(typed)
    assert quick.width == 3 and quick.shifted(2) == Quick(3, 6)
    assert quick._asdict() == typed._asdict()
    assert Quick._make([1, 2, "y", ()]) == Quick(1, 2, "y")
    assert Quick(end=2, start=1, more=(5,)) == (1, 2, "x", (5,))
    assert type(Quick) is type(Typed) is type
    assert Quick.__mro__ == (Quick, tuple, object)


def test_records_pickle_as_typing_records_do() -> None:
    quick = Quick(1, 4, "y", (2,))
    assert pickle.loads(pickle.dumps(quick)) == quick
    assert type(pickle.loads(pickle.dumps(quick))) is Quick


def messages(*calls: Callable[[], object]) -> list[str]:
    """The message of the error each call raises."""
    said = []
    for call in calls:
        with pytest.raises((TypeError, ValueError)) as raised:
            call()
        said.append(str(raised.value).replace("Typed", "Quick"))
    return said


def test_the_same_errors() -> None:
    quick = messages(
        lambda: Quick(1),  # type: ignore[call-arg]
        lambda: Quick._make([1]),
        lambda: Quick(1, 2)._replace(width=3),  # type: ignore[call-arg]
    )
    typed = messages(
        lambda: Typed(1),  # type: ignore[call-arg]
        lambda: Typed._make([1]),
        lambda: Typed(1, 2)._replace(width=3),  # type: ignore[call-arg]
    )
    assert quick == typed
    assert quick[0] == "Quick.__new__() missing 1 required positional argument: 'end'"
    with pytest.raises(AttributeError):
        Quick(1, 2).start = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match="Non-default namedtuple field end cannot follow default field"):

        class Wrong(records.NamedTuple):  # type: ignore[misc]
            start: int = 0
            end: int

    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):

        class Overwrites(records.NamedTuple):
            start: int

            def _replace(self, **changes: int) -> Overwrites:  # type: ignore[override]
                return self

    with pytest.raises(TypeError):
        records.NamedTuple("Functional", [("a", int)])  # type: ignore[call-overload]
