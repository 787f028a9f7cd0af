"""The compiled fast paths agree with the Python rules and bots."""

from __future__ import annotations

from types import ModuleType

from warroom.fast import load


def kernel(name: str) -> ModuleType:
    """The built extension; the suite fails (not skips) where it was not built."""
    module = load(name)
    assert module is not None, (
        f"warroom.fast.{name} is not built: reinstall with a C compiler (./run setup)"
    )
    return module
