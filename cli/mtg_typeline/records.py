"""`NamedTuple`, the base of the package's record classes, made quicker to define.

For the type checker it is `typing.NamedTuple`. At run time it makes the class that
`typing.NamedTuple` makes (a tuple with the annotated fields, their defaults, the named
tuple's methods, and the methods and docstring of the class body) with two steps left out,
which were most of the time a start of `typeline check` took to define its forty-odd record
classes:
- typing's check of each field's annotation: with postponed annotations every annotation is
  a string, which typing compiles into a `ForwardRef` and never uses again (the class's
  `__annotations__` keep the strings; nothing in the package reads them at run time);
- `collections.namedtuple`'s compiling of each class's `__new__` from source: here one
  `__new__` is compiled for each number of fields and copied with the parameters renamed.

Only the class form is offered (`class Span(NamedTuple): ...`), as the package uses it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from types import FunctionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple  # noqa: PLC0414 (said again: the one name)
else:
    try:  # the C field accessor `collections.namedtuple` uses (CPython); a property elsewhere
        from _collections import _tuplegetter
    except ImportError:  # pragma: no cover
        from operator import itemgetter

        def _tuplegetter(index: int, doc: str) -> Any:
            return property(itemgetter(index), doc=doc)

    # What a class body may not set (typing's own rule) and what it sets that is not copied
    _PROHIBITED = frozenset(
        {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
         "_replace", "_asdict", "_source"}
    )  # fmt: skip
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    class _RecordMeta(type):
        def __new__(cls, typename: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> type:
            fields = namespace.get("__annotations__", {})
            defaults = [namespace[name] for name in fields if name in namespace]
            _check_defaults(typename, fields, namespace)
            record = _record(typename, tuple(fields), tuple(defaults), namespace["__module__"])
            record.__annotations__ = dict(fields)
            for key, value in namespace.items():
                if key in _PROHIBITED:
                    raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
                if key not in _SPECIAL and key not in fields:
                    setattr(record, key, value)
                    if hasattr(value, "__set_name__"):
                        value.__set_name__(record, key)
            return record

    def _check_defaults(typename: str, fields: dict[str, Any], namespace: dict[str, Any]) -> None:
        """A field without a default may not follow one with a default (typing's rule)."""
        defaulted = False
        for name in fields:
            if name in namespace:
                defaulted = True
            elif defaulted:
                message = f"Non-default namedtuple field {name} cannot follow default field"
                raise TypeError(f"{message} in {typename}")

    def _record(typename: str, fields: tuple[str, ...], defaults: tuple[Any, ...], module: str) -> type:
        """The named tuple class `typename` of `fields`, the last ones with `defaults`."""
        template = _new_of(len(fields)).__code__
        code = template.replace(
            co_varnames=("_cls", *fields), co_name="__new__", co_qualname=f"{typename}.__new__"
        )
        new = FunctionType(code, {"_tuple_new": tuple.__new__}, "__new__", defaults or None)
        namespace: dict[str, Any] = {
            "__doc__": f"{typename}({', '.join(fields)})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": dict(zip(fields[len(fields) - len(defaults) :], defaults, strict=True)),
            "__new__": new,
            "__match_args__": fields,
            **_METHODS,
        }
        for index, name in enumerate(fields):
            namespace[name] = _tuplegetter(index, f"Alias for field number {index}")
        record = type(typename, (tuple,), namespace)
        record.__module__ = module
        return record

    @cache
    def _new_of(count: int) -> Any:
        """A `__new__` of `count` fields, their parameters named by number."""
        names = ", ".join(f"_{index}" for index in range(count))
        return eval(f"lambda _cls, {names}: _tuple_new(_cls, ({names}{',' if count == 1 else ''}))", {})

    @classmethod  # type: ignore[misc]
    def _make(cls: type, iterable: Iterable[Any]) -> Any:
        made = tuple.__new__(cls, iterable)
        if len(made) != len(cls._fields):  # type: ignore[attr-defined]
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(made)}")  # type: ignore[attr-defined]
        return made

    def _replace(self: Any, /, **changes: Any) -> Any:
        made = self._make(map(changes.pop, self._fields, self))
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        return made

    def _repr(self: Any) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True))
        return f"{type(self).__name__}({fields})"

    def _asdict(self: Any) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=True))

    def _getnewargs(self: Any) -> tuple[Any, ...]:
        return tuple(self)

    _METHODS = {
        "_make": _make,
        "_replace": _replace,
        "__repr__": _repr,
        "_asdict": _asdict,
        "__getnewargs__": _getnewargs,
    }

    _Record = type.__new__(_RecordMeta, "NamedTuple", (), {})

    def NamedTuple(*args: Any, **kwargs: Any) -> Any:
        """Only as a base class."""
        raise TypeError("mtg_typeline.records.NamedTuple is used as a base class only")

    NamedTuple.__mro_entries__ = lambda bases: (_Record,)
