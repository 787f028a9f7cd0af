"""Events: what an action caused, for logs and interfaces, with private parts kept per seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    `text` and `data` are public. `secret` and `secret_text` are shown only to `seat`
    (the card you drew); everyone else sees the public part. `reveals` marks new
    information (dice, a draw), which ends the right to undo.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None
    secret: Mapping[str, Any] | None = None
    secret_text: str | None = None
    reveals: bool = False

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` may see it (None: a spectator)."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, **self.data}
        if self.secret is not None and seat is not None and seat == self.seat:
            out.update(self.secret)
            if self.secret_text is not None:
                out["text"] = self.secret_text
        return out
