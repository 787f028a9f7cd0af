"""The game-agnostic engine core: pure functions over states, no I/O, no randomness of its own.

Everything a game needs from the engine is re-exported here.
"""

from warroom.core.actions import Action
from warroom.core.errors import (
    BoardError,
    CannotUndo,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    SaveError,
    UnknownMode,
    WarroomError,
)
from warroom.core.events import NOBODY, Event
from warroom.core.game import Game, Outcome, Seat
from warroom.core.match import SAVE_FORMAT_VERSION, Match
from warroom.core.registry import get_mode, modes, register
from warroom.core.rng import (
    GENERATORS,
    HIDDEN,
    ChanceNeeded,
    HiddenRng,
    KeyedRng,
    Rng,
    Script,
    ScriptedRng,
    make_rng,
)

__all__ = [
    "GENERATORS",
    "HIDDEN",
    "NOBODY",
    "SAVE_FORMAT_VERSION",
    "Action",
    "BoardError",
    "CannotUndo",
    "ChanceNeeded",
    "Event",
    "Game",
    "HiddenRng",
    "IllegalAction",
    "KeyedRng",
    "MalformedAction",
    "Match",
    "NotYourDecision",
    "Outcome",
    "Rng",
    "SaveError",
    "Script",
    "ScriptedRng",
    "Seat",
    "UnknownMode",
    "WarroomError",
    "get_mode",
    "make_rng",
    "modes",
    "register",
]
