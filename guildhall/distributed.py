"""Tournaments on a Ray cluster (extra ``[distributed]``).

:class:`RayBackend` plays the games of a tournament as Ray tasks: a local Ray
instance when no address is given, a running cluster otherwise (see
``docs/distributed.md``).  Every game is fixed before dispatch by its index
(seating, game seed, player seeds: :func:`guildhall.arena.play_seated`), and
results are counted in game order, so a tournament gives exactly the local
results for the same seeds.  A task whose worker dies is retried by Ray; each
game is stored once, under its index.

The tuner (``guildhall tune --ray``) uses the same backend:
:meth:`RayBackend.evaluate` plays a batch of a candidate setting's games,
each fixed by its index as locally, results in order.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Optional, Sequence

import ray

from engine.core import Game
from guildhall.arena import GameRecord, play_seated
from search.api import Limits

RETRIES = 3  # a game whose worker dies is replayed (the same game: it is fixed by its seeds)


def _game_spec(game: Game) -> tuple:
    """What a worker needs to build ``game``: the edition travels as text, so
    workers on other machines need no copy of a user's file."""
    with open(game.edition_path, encoding="utf-8") as fh:
        return game.name, game.players, tuple(game.variants), os.path.basename(game.edition_path), fh.read()


_BUILT: dict[tuple, Game] = {}


def _build(spec: tuple) -> Game:
    if spec not in _BUILT:
        import tempfile

        import engine

        name, players, variants, base, text = spec
        folder = tempfile.mkdtemp(prefix="guildhall-edition-")
        path = os.path.join(folder, base)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        _BUILT[spec] = engine.make_game(name, players, variants, path)
    return _BUILT[spec]


def _play(spec: tuple, engines: list[str], index: int, limits: Limits, seed: int,
          options: dict) -> tuple[int, list[str], GameRecord]:
    names, rec = play_seated(_build(spec), engines, index, limits, seed, options)
    return index, names, rec


def _tune_game(spec: tuple, setting: dict, index: int, limits: Limits, seed: int,
               against: str) -> tuple[int, float]:
    from guildhall.tune import game_evaluator

    return index, game_evaluator(_build(spec), limits, seed, None, against)(setting, index)


def backend_for(address: str) -> "RayBackend":
    """The backend of a ``--ray [ADDRESS]`` option (``local``: a local instance), errors in one line."""
    from engine.errors import BadConfig

    try:
        return RayBackend(None if address == "local" else address)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise BadConfig(f"cannot start or reach Ray ({address}): {exc}") from None


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast: Ray waits minutes for a head node that is not there.

    >>> _check_reachable("127.0.0.1:1")
    Traceback (most recent call last):
    ...
    ConnectionError: no Ray head node answers at 127.0.0.1:1 ...
    """
    import socket

    if address == "auto":
        return
    host, _, port = address.split("://")[-1].rpartition(":")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout).close()
    except (OSError, ValueError) as exc:
        raise ConnectionError(f"no Ray head node answers at {address} ({exc})") from None


class RayBackend:
    """Runs tournament games as Ray tasks (``address`` None: a local instance)."""

    def __init__(self, address: Optional[str] = None, num_cpus: Optional[int] = None,
                 play: Callable = _play, tune_game: Callable = _tune_game) -> None:
        if address:
            _check_reachable(address)
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "configure_logging": False}
            if address:
                kwargs["address"] = address
            elif num_cpus:
                kwargs["num_cpus"] = num_cpus
            ray.init(**kwargs)
        self._task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play)
        self._tune = ray.remote(max_retries=RETRIES, retry_exceptions=False)(tune_game)

    def evaluate(self, game: Game, setting: dict, indices: Sequence[int], limits: Limits, seed: int,
                 against: str = "ismcts") -> list[float]:
        """The tuner's games ``indices`` of candidate ``setting`` (see
        :func:`guildhall.tune.game_evaluator`): its win shares, in order."""
        spec = ray.put(_game_spec(game))
        pending = [self._tune.remote(spec, setting, i, limits, seed, against) for i in indices]
        done: dict[int, float] = {}
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                index, value = ray.get(ref)
                done.setdefault(index, value)  # counted once
        return [done[i] for i in indices]

    def play(self, game: Game, engines: Sequence[str], games: int, limits: Limits, seed: int,
             options: dict, on_game: Optional[Callable[[int, GameRecord, list[str]], None]] = None,
             ) -> dict[int, tuple[list[str], GameRecord]]:
        """Play games ``0 .. games-1``; return ``{index: (seating, record)}``.

        ``on_game`` sees each game as it finishes (in any order).
        """
        spec = ray.put(_game_spec(game))
        pending = [self._task.remote(spec, list(engines), i, limits, seed, options) for i in range(games)]
        done: dict[int, tuple[list[str], GameRecord]] = {}
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                index, names, rec = ray.get(ref)
                if index in done:
                    continue  # counted once, whatever happened to its worker
                done[index] = (names, rec)
                if on_game is not None:
                    on_game(index, rec, names)
        return done

    @staticmethod
    def shutdown() -> None:
        ray.shutdown()


__all__ = ["RayBackend", "RETRIES", "backend_for"]
