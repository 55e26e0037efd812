"""Games register themselves here; :func:`make` builds a state by name.

Each ``engine/<game>/`` package calls :func:`register` on import; the
registry imports every subpackage of :mod:`engine` once, so a new game needs
no edit anywhere else.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Sequence

import engine as _engine_pkg
from engine.core import Game, State
from engine.errors import UnknownGame

_GAMES: dict[str, type[Game]] = {}
_BROKEN: dict[str, str] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a :class:`Game` subclass known by its ``name``."""
    if not cls.name:
        raise ValueError("a registered game needs a name")
    _GAMES[cls.name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(_engine_pkg.__path__):
        if info.ispkg:
            # one broken game package must not take the others down with it
            try:
                importlib.import_module(f"engine.{info.name}")
            except Exception as exc:  # noqa: BLE001 - reported by broken_games()
                _BROKEN[info.name] = f"{type(exc).__name__}: {exc}"


def broken_games() -> dict[str, str]:
    """Game packages that failed to import, with the error (for ``guildhall info``)."""
    _discover()
    return dict(_BROKEN)


def games() -> dict[str, type[Game]]:
    """Every registered game class by name."""
    _discover()
    return dict(sorted(_GAMES.items()))


def game_class(name: str) -> type[Game]:
    _discover()
    key = name.strip().lower().replace("-", "_")
    if key not in _GAMES and key in _BROKEN:
        raise UnknownGame(f"game {key!r} failed to load: {_BROKEN[key]}")
    if key not in _GAMES:
        raise UnknownGame(f"unknown game {name!r} (games: {', '.join(sorted(_GAMES))})")
    return _GAMES[key]


def make_game(name: str, players: int | None = None, variants: Sequence[str] = (),
              edition: str | None = None) -> Game:
    cls = game_class(name)
    return cls(default_players(cls, variants) if players is None else players, variants, edition)


def default_players(cls: type, variants: Sequence[str] = ()) -> int:
    """The player count when none is given: the smallest a chosen variant allows, else the
    game's ``default_players`` (a count that plays without a variant), else its minimum.

    >>> import engine
    >>> default_players(game_class("between_two_cities")), default_players(game_class("guildes"))
    (3, 3)
    >>> default_players(game_class("between_two_cities"), ["two-player"])
    2
    """
    for v in cls.variant_list:
        if v.name in variants and v.players:
            return min(v.players)
    return getattr(cls, "default_players", None) or cls.min_players


def make(name: str, players: int | None = None, variants: Sequence[str] = (),
         edition: str | None = None, seed: int | None = None) -> State:
    """The initial state of a game.  ``seed`` seeds the state's own dealer.

    >>> make("guildes", players=3, seed=2).players
    3
    """
    return make_game(name, players, variants, edition).new_initial_state(seed)
