"""One module per edition's rules; importing this package registers every mode."""

from warroom.core.registry import get_mode, modes
from warroom.games import monopoly_avengers, risk_classic

__all__ = ["get_mode", "modes", "monopoly_avengers", "risk_classic"]
