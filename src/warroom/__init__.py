"""warroom: faithful rules engines, bots, exact odds and interfaces for RISK and Monopoly
editions."""

__version__ = "0.1.0"
