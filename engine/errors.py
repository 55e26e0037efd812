"""Errors of the game API.  Every one carries a one-line message for users."""


class GuildhallError(Exception):
    """Base of all errors that the engine reports to users as one line."""

    kind = "error"


class UnknownGame(GuildhallError):
    kind = "unknown-game"


class BadConfig(GuildhallError):
    """Player count out of range, unknown or incompatible variant."""

    kind = "bad-config"


class EditionError(GuildhallError):
    """An edition data file that cannot be read or breaks its schema."""

    kind = "bad-edition"


class BadState(GuildhallError):
    """A malformed or inconsistent state string."""

    kind = "bad-state"


class BadMove(GuildhallError):
    """A move string that does not parse."""

    kind = "bad-move"


class IllegalMove(GuildhallError):
    """A well-formed move that is not legal here (or not this seat's turn)."""

    kind = "illegal-move"


class NoLegalMove(BadState):
    """A state that is not over, yet its mover has no legal move (a broken edition or state).

    Reported as ``bad-state``: the rules cannot continue from it.
    """
