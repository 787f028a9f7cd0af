"""One module per edition's rules; importing this package registers every mode."""

from warroom.core.registry import get_mode, modes

__all__ = ["get_mode", "modes"]
