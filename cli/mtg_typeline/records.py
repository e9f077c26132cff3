"""`NamedTuple`, the base of the package's record classes, made quicker to define.

For the type checker it is `typing.NamedTuple`. At run time it makes the very class that
`typing.NamedTuple` makes (`collections.namedtuple` with the annotated fields, their
defaults, and the methods and docstring of the class body) without typing's check of each
field's annotation: with postponed annotations every annotation is a string, which typing
compiles into a `ForwardRef` and never uses again (the class's `__annotations__` keep the
strings; nothing in the package reads them at run time). A start of `typeline check` defines
about forty record classes, and that check was most of the time it took to define them.

Only the class form is offered (`class Span(NamedTuple): ...`), as the package uses it.
"""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple  # noqa: PLC0414 (said again: the one name)
else:
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
            record = namedtuple(typename, list(fields), defaults=defaults, module=namespace["__module__"])
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

    _Record = type.__new__(_RecordMeta, "NamedTuple", (), {})

    def NamedTuple(*args: Any, **kwargs: Any) -> Any:
        """Only as a base class."""
        raise TypeError("mtg_typeline.records.NamedTuple is used as a base class only")

    NamedTuple.__mro_entries__ = lambda bases: (_Record,)
