"""Editions mutated from the stand-in files, and random games played on them.

Shared by the property tests (tests/editions/test_edition_fuzz.py) and the
longer sweep (bench/sweep_editions.py).  A *chooser* abstracts the source of
randomness: ``random.Random`` in the sweep, hypothesis' ``data.draw`` in the
tests (so failures shrink).
"""
from __future__ import annotations

import copy
import json
import os
import re
from typing import Any, Callable, Protocol

import engine
from engine.core import CHANCE, Rng
from engine.errors import BadConfig, EditionError

GAMES = ("guildes", "between_two_cities", "city_and_guilds", "walled_city")
# (players, variants) per game: every variant, each player count at least once
CONFIGS = {
    "guildes": [(3, ()), (4, ("events",)), (5, ("tricks",)), (6, ("events", "tricks"))],
    "between_two_cities": [(3, ()), (2, ("two-player",)), (2, ("two-player-advanced",)), (4, ("beginner",)),
                           (5, ("districts",)), (6, ()), (7, ()),
                           (2, ("two-player-advanced", "districts", "beginner"))],
    "city_and_guilds": [(3, ()), (4, ()), (5, ())],
    "walled_city": [(2, ()), (3, ("borderlands",)), (4, ("mixed-guilds",)), (3, ()), (2, ("borderlands",))],
}
MAX_PLIES = 20_000  # far above any real game: a longer one is a stall


class Chooser(Protocol):
    def pick(self, seq: list) -> Any: ...
    def below(self, n: int) -> int: ...


class RandomChooser:
    def __init__(self, rnd) -> None:
        self.rnd = rnd

    def pick(self, seq: list) -> Any:
        return self.rnd.choice(seq)

    def below(self, n: int) -> int:
        return self.rnd.randrange(n)


def standin(game: str) -> dict:
    path = os.path.join(os.path.dirname(engine.__file__), game, "data", "standin.json")
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _paths(x: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(x, dict):
        for k, v in x.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out += _paths(v, prefix + (i,))
    return out


def _get(x: Any, path: tuple) -> Any:
    for k in path:
        x = x[k]
    return x


def _mutate_leaf(value: Any, ch: Chooser) -> Any:
    wrong_types = ["3", 3.5, None, True, [], {}]
    if isinstance(value, bool):
        return ch.pick([not value, 1, 0, "true", None])
    if isinstance(value, int):
        return ch.pick([0, -1, 1, value + 1, value - 1, value * 2, value // 2, value + 7, 2**31, -2**31,
                        2**63, 10**12, *wrong_types])
    if isinstance(value, str):
        if value and ch.below(3):
            i = ch.below(len(value))
            return value[:i] + ch.pick(list("Lo=|.ABZ")) + value[i + 1:]
        return ch.pick(["", "zzz", "factory", "left", "o", 5, None])
    if isinstance(value, list):
        kind = ch.pick(["drop", "dup", "clear", "swap", "type"])
        v = list(value)
        if kind == "drop" and v:
            del v[ch.below(len(v))]
        elif kind == "dup" and v:
            v.insert(ch.below(len(v)), copy.deepcopy(v[ch.below(len(v))]))
        elif kind == "clear":
            v = []
        elif kind == "swap" and len(v) > 1:
            i, j = ch.below(len(v)), ch.below(len(v))
            v[i], v[j] = v[j], v[i]
        elif kind == "type":
            return ch.pick([{}, "x", 4])
        return v
    if isinstance(value, dict):
        kind = ch.pick(["del", "add", "type"])
        v = dict(value)
        if kind == "del" and v:
            del v[ch.pick(sorted(v))]
        elif kind == "add":
            v[ch.pick(["extra", "count", "cout", "hand"])] = ch.pick([1, "x", [], 2**40])
        else:
            return ch.pick([[], "x", 0])
        return v
    return ch.pick([0, "x"])


def mutate(data: dict, ch: Chooser, n: int) -> tuple[dict, list[tuple]]:
    """``n`` random mutations of ``data`` (a copy): numbers, strings, lists, maps."""
    data = copy.deepcopy(data)
    touched = []
    for _ in range(n):
        paths = _paths(data)[1:]
        if not paths:
            break
        path = ch.pick(paths)
        parent = _get(data, path[:-1])
        parent[path[-1]] = _mutate_leaf(parent[path[-1]], ch)
        touched.append(path)
    return data, touched


def names_field(message: str, paths: list[tuple]) -> bool:
    """Does the error name a mutated field (or a container holding it)?"""
    low = re.sub(r"^edition .*?\.json: ", "", message).lower()
    for path in paths:
        for k in path:
            word = str(k).lower()
            if isinstance(k, int):
                if f"[{k}]" in low or f"#{k}" in low or f" {k}" in low:
                    return True
            elif word in low or word.rstrip("s") in low:
                return True
    return False


def play_out(state, rnd: Callable[[int], int]) -> int:
    """Random legal moves to the end; returns the plies.  Raises on a stall."""
    plies = 0
    while True:
        movers = state.to_move()
        if not movers:
            return plies
        seat = movers[0]
        if seat == CHANCE:
            outs = state.chance_outcomes()
            state.apply(CHANCE, outs[rnd(len(outs))][0])
        else:
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rnd(len(moves))])
        plies += 1
        if plies > MAX_PLIES:
            raise AssertionError(f"no end after {MAX_PLIES} plies")


def try_edition(game: str, data: dict, path: str, players: int, variants: tuple,
                rnd: Callable[[int], int]) -> tuple[str, str]:
    """Write ``data`` to ``path``; ("refused", message) or ("played", plies)."""
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    try:
        state = engine.make(game, players=players, variants=list(variants), edition=path, seed=rnd(1 << 30))
    except (EditionError, BadConfig) as exc:
        return "refused", str(exc)
    state.scores()
    return "played", str(play_out(state, rnd))


def kernel_rollout(game: str, path: str, players: int, variants: tuple, seed: int) -> None:
    """The kernel's own playout (the search's path) on the same edition."""
    state = engine.make(game, players=players, variants=list(variants), edition=path, seed=seed)
    state.game.kernel.rollout(state.buf, Rng(seed))


def check_notation(state, rnd: Callable[[int], int], plies: int) -> None:
    """For ``plies`` random plies, every legal move (and chance outcome) prints a string that
    parses back to the same move: a record of the game replays on this edition."""
    for _ in range(plies):
        movers = state.to_move()
        if not movers:
            return
        seat = movers[0]
        moves = [m for m, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_moves(seat)
        for m in moves:
            text = state.move_to_string(seat, m)
            back = state.parse_move(seat, text)
            if back != m:
                raise AssertionError(f"move {m} prints {text!r}, which parses as {back}")
        state.apply(seat, moves[rnd(len(moves))])


NOTATION_PLIES = 300  # plies of the move-text round trip after a played edition


def check_played(game: str, path: str, players: int, variants: tuple, seed: int,
                 rnd: Callable[[int], int]) -> None:
    """What an edition that played must pass besides its game: the kernel's playout and
    the move-text round trip over :data:`NOTATION_PLIES` plies (the fuzz test's and the
    sweep's one list)."""
    kernel_rollout(game, path, players, variants, seed)
    state = engine.make(game, players=players, variants=list(variants), edition=path, seed=seed)
    check_notation(state, rnd, NOTATION_PLIES)
