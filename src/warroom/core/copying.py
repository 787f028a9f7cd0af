"""Shallow copies of dataclass states, the copy every step and every observation makes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_COPIERS: dict[type, Callable[[Any], Any]] = {}


def shallow_copier(cls: type[T]) -> Callable[[T], T]:
    """A function making a new `cls` whose fields hold the same objects as its argument's.

    It sets the fields one by one on a bare instance: for Classic RISK's 27 fields 0.23 µs
    against 0.75 for calling the generated `__init__` with all of them, and 2 to 3 µs for
    `copy.copy`; every step and every observation pays it. The caller then replaces what
    must not be shared (lists it will change, the generator)."""
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _generate(cls)
    return copier


def _generate(cls: type) -> Callable[[Any], Any]:
    """The copier's code, generated from the class's field names (as `dataclasses`
    generates `__init__`), once per class."""
    if not is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    lines = ["def copy(source):", "    twin = new(cls)"]
    lines += [f"    twin.{f.name} = source.{f.name}" for f in fields(cls)]
    lines.append("    return twin")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # the names are the class's own fields
    copier: Callable[[Any], Any] = namespace["copy"]
    return copier
