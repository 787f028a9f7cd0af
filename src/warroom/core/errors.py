"""Errors with messages meant for people: every refusal says why."""


class WarroomError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(WarroomError):
    """A well-formed action the rules do not allow now; the state is unchanged."""


class MalformedAction(IllegalAction):
    """Text or data that is not an action of this game at all."""


class NotYourDecision(IllegalAction):
    """A seat tried to decide when the rules ask someone else."""


class CannotUndo(WarroomError):
    """Undo was asked where it would hide revealed information or another seat's decision."""


class SaveError(WarroomError):
    """A save that cannot load: wrong format, unknown version, or a record that does not replay."""


class BoardError(WarroomError):
    """A data file that fails validation; the message names the file, the entry and the problem."""


class UnknownMode(WarroomError):
    """No game mode is registered under that id."""


class MissingGuide(WarroomError):
    """A registered mode ships no how-to-play guide (`warroom.games.guide`)."""
