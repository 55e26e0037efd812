"""Rules of the four games behind one API (see :mod:`engine.core`)."""
from engine.core import CHANCE, Game, State, Variant
from engine.errors import (BadConfig, BadMove, BadState, EditionError, GuildhallError,
                           IllegalMove, UnknownGame)
from engine.registry import game_class, games, make, make_game, register

__all__ = ["CHANCE", "Game", "State", "Variant", "make", "make_game", "games", "game_class",
           "register", "GuildhallError", "BadConfig", "BadMove", "BadState", "EditionError",
           "IllegalMove", "UnknownGame"]
