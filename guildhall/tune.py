"""``guildhall tune``: search the ISMCTS options of a game with NTBEA and save a preset.

Why NTBEA (N-Tuple Bandit Evolutionary Algorithm; Lucas, Liu & Perez-Liebana
2018, the tuner of the TAG framework) and not SPSA (fishtest's): most of the
options are categorical (``tree``, ``keys``, ``reward``, ``rollout``) and the
numbers that matter take a handful of sensible values, while SPSA needs
continuous parameters and estimates a gradient from pairs of perturbed match
results.  NTBEA keeps bandit statistics for every single option value, every
pair and the whole setting, so one noisy game informs many related settings,
and it works with a few hundred games.

One evaluation is one game: the candidate in one seat (rotating), the
current default of the game in every other seat, same budget per decision;
its result is the candidate's win share in that game.  The search moves to
the best of ``neighbours`` random mutations by the model's upper confidence
bound; at the end the visited setting of best model estimate (no
exploration term) is returned.

>>> space = {"exploration": [0.7, 1.4], "tree": ["so", "mo"]}
>>> calls = []
>>> def play(point, i):
...     calls.append(point)
...     return 1.0 if point == {"exploration": 1.4, "tree": "mo"} else 0.0
>>> best, est = ntbea(space, play, evaluations=40, seed=3)
>>> best, len(calls)
({'exploration': 1.4, 'tree': 'mo'}, 40)
"""
from __future__ import annotations

import itertools
import math
import os
import random
import time
from typing import Any, Callable, Optional

from cython_ext.reward_modes import REWARD_CODES

DEFAULT_SPACE: dict[str, list] = {
    "exploration": [0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8],
    "reward": list(REWARD_CODES),
    "tree": ["so", "mo", "det"],
    "keys": ["moves", "view"],
}


class NTupleModel:
    """Bandit statistics of every 1-tuple, 2-tuple and the full tuple of option indices."""

    def __init__(self, dims: int) -> None:
        self.tuples = [(i,) for i in range(dims)] + list(itertools.combinations(range(dims), 2))
        if dims > 2:
            self.tuples.append(tuple(range(dims)))
        self.stats: list[dict[tuple, list[float]]] = [{} for _ in self.tuples]
        self.total = 0

    def add(self, x: tuple, value: float) -> None:
        self.total += 1
        for t, table in zip(self.tuples, self.stats):
            s = table.setdefault(tuple(x[i] for i in t), [0, 0.0])
            s[0] += 1
            s[1] += value

    def estimate(self, x: tuple, k: float = 0.0) -> float:
        """The mean over the tuples seen of their cells' means, plus ``k`` times the mean
        over all tuples of sqrt(ln(1 + N) / (n + 0.5)) (n = 0 for a cell never seen): Lucas's
        upper bound.  A cell never seen adds exploration only; its mean is not taken as 0,
        which would pull a point with new cells below the results it shares with the seen."""
        means, bonus = [], 0.0
        for t, table in zip(self.tuples, self.stats):
            s = table.get(tuple(x[i] for i in t))
            n = 0 if s is None else s[0]
            if s is not None:
                means.append(s[1] / s[0])
            bonus += math.sqrt(math.log(self.total + 1) / (n + 0.5))
        mean = sum(means) / len(means) if means else 0.0
        return mean + k * bonus / len(self.tuples) if k > 0 else mean


def ntbea(space: dict[str, list], play: Callable[[dict, int], float], evaluations: int, seed: int = 0,
          neighbours: int = 50, k: float = 1.0, on_step: Optional[Callable[[int, dict, float], None]] = None,
          batch: int = 1, play_many: Optional[Callable[[dict, list[int]], list[float]]] = None
          ) -> tuple[dict, float]:
    """Best setting of ``space`` by NTBEA, with ``play(setting, i)`` -> a result in [0, 1].

    ``batch`` games ``i .. i+batch-1`` of a setting are played before the
    search moves on; ``play_many(setting, indices)`` (e.g. on a Ray cluster,
    :meth:`guildhall.distributed.RayBackend.evaluate`) plays them at once,
    results in the order of ``indices``.  Games are fixed by their index, so
    the same ``batch`` gives the same result with or without ``play_many``.
    """
    if batch < 1:
        raise ValueError("batch must be at least 1")
    names = list(space)
    sizes = [len(space[n]) for n in names]
    rng = random.Random(seed)
    model = NTupleModel(len(names))
    x = tuple(rng.randrange(s) for s in sizes)
    seen: set[tuple] = set()
    as_dict = lambda p: {n: space[n][i] for n, i in zip(names, p)}  # noqa: E731
    for first in range(0, evaluations, batch):
        indices = list(range(first, min(first + batch, evaluations)))
        point = as_dict(x)
        values = play_many(point, indices) if play_many is not None else [play(point, i) for i in indices]
        for i, value in zip(indices, values):
            model.add(x, value)
            seen.add(x)
            if on_step is not None:
                on_step(i, as_dict(x), value)
        cands = set()
        for _ in range(neighbours):
            y = list(x)
            dims = [d for d in range(len(sizes)) if sizes[d] > 1]
            if not dims:
                break
            for d in dims:  # each option mutates with probability 1/dims, at least one always
                if rng.random() < 1 / len(dims):
                    y[d] = rng.randrange(sizes[d])
            d = rng.choice(dims)
            y[d] = rng.choice([v for v in range(sizes[d]) if v != x[d]])
            cands.add(tuple(y))
        if cands:
            x = max(sorted(cands), key=lambda c: model.estimate(c, k))
    best = max(sorted(seen), key=lambda c: model.estimate(c))
    return as_dict(best), model.estimate(best)


def game_evaluator(game: Any, limits: Any, seed: int, reference: Optional[dict] = None,
                   against: str = "ismcts") -> Callable[[dict, int], float]:
    """``play(setting, i)``: game i with the candidate in seat ``i % players`` and
    ``against`` (the game's default ISMCTS, or ``reference`` options) elsewhere;
    the candidate's win share."""
    from guildhall.arena import play_owned
    from search.api import make_player

    def play(setting: dict, i: int) -> float:
        me = i % game.players
        seats = [make_player("ismcts", seed=(seed + i) * 1000 + s, **setting) if s == me
                 else make_player(against, seed=(seed + i) * 1000 + s, **(reference or {}))
                 for s in range(game.players)]
        rec = play_owned(game, seats, limits, seed + i)
        return 1.0 / len(rec.winners) if me in rec.winners else 0.0

    return play


def fair_note(game: Any) -> str:
    """``fair 0.250``, or what stands in for it where a competitor that is no seat can win."""
    fair = game.fair_share()
    return f"fair {fair:.3f}" if fair is not None else "no fair share: a rival that is no seat can win"


def parse_space(items: tuple[str, ...]) -> dict[str, list]:
    """``NAME=v1,v2,...`` items over the default space (``NAME=`` drops a dimension)."""
    from engine.errors import BadConfig
    from search.ismcts import ISMCTS_SPEC, check_options

    space = {k: list(v) for k, v in DEFAULT_SPACE.items()}
    for it in items:
        name, eq, vals = it.partition("=")
        if not eq or name not in ISMCTS_SPEC or name in ("preset", "impl", "workers"):
            raise BadConfig(f"--param takes OPTION=v1,v2,... with an ISMCTS option, not {it!r}")
        if not vals:
            space.pop(name, None)
            continue
        typed = [check_options("ismcts", {name: v}, {name: ISMCTS_SPEC[name]})[name] for v in vals.split(",")]
        twice = [v for i, v in enumerate(typed) if v in typed[:i]]
        if twice:  # two arms of one setting would split its statistics and double its draws
            raise BadConfig(f"--param {name} names the value {twice[0]!r} twice")
        space[name] = typed
    if not space:
        raise BadConfig("nothing left to tune")
    return space


def name_taken(game: str, name: str, folder: Optional[str] = None) -> list[str]:
    """Notes for a preset name already in use: in the file the tune writes (which it will
    replace), or, writing elsewhere, among the shipped presets (a copy moved back would)."""
    from search.presets import load, path_for

    notes = []
    if name in load(game, folder)["presets"]:
        notes.append(f"note: preset {name!r} is already in {path_for(game, folder)}: the tune will replace it")
    elsewhere = folder is not None and os.path.abspath(path_for(game, folder)) != os.path.abspath(path_for(game))
    if elsewhere and name in load(game)["presets"]:
        notes.append(f"note: a shipped preset is already called {name!r} ({path_for(game)}); "
                     "this file's entry is another setting under the same name")
    return notes


def run(game: Any, space: dict, evaluations: int, limits: Any, seed: int, name: str, make_default: bool,
        folder: Optional[str] = None, echo: Callable[[str], None] = print,
        against: str = "ismcts", batch: int = 1, backend: Any = None,
        default_players: Optional[int] = None) -> tuple[dict, float, str]:
    """Tune against ``against`` (``ismcts``: the game's default preset at its table
    size), then save preset ``name`` (``make_default``: as the game's default;
    ``default_players``: as its default at that many seats); returns (setting, model
    estimate, file).  ``backend`` (:class:`guildhall.distributed.RayBackend`) plays
    each step's ``batch`` games elsewhere, with the same result as locally."""
    from search.ismcts import iteration_budget
    from search.presets import check_save, options_for, save

    check_save(game.name, name, folder, default_players)  # before the games, whose result it holds
    for note in name_taken(game.name, name, folder):
        echo(note)
    # the default the other seats search with at this table, and the base of the setting saved:
    # at the tune's iteration budget, with the by_budget entries the candidate searched with
    reference = options_for(game.name, players=game.players, budget=iteration_budget(limits))
    t0 = time.perf_counter()

    def step(i: int, setting: dict, value: float) -> None:
        echo(f"game {i + 1}/{evaluations}: {' '.join(f'{k}={v}' for k, v in setting.items())} -> {value:g}")

    evaluator = game_evaluator(game, limits, seed, None, against)
    many = None
    if backend is not None:
        def many(setting: dict, indices: list[int]) -> list[float]:
            return backend.evaluate(game, setting, indices, limits, seed, against)
    best, est = ntbea(space, evaluator, evaluations, seed, on_step=step, batch=batch, play_many=many)
    field = f"the default preset of the time ({reference})" if against == "ismcts" else f"the {against} player"
    budget = (f"{limits.iterations} iterations" if limits.iterations else f"{limits.movetime * 1000:g} ms")
    steps = f", {batch} games per step" if batch > 1 else ""
    # a preset tuned on another edition's data says so: the file keys presets by game only
    edition = "" if game.standard_edition else f" with the edition {os.path.basename(game.edition_path)}"
    about = {"how": (f"guildhall tune (NTBEA, 1-, 2- and full tuples, k=1, 50 neighbours{steps}): {evaluations} "
                     f"games of {game.describe()}{edition} at {budget} per decision, one candidate seat against "
                     f"{field}, seeds from {seed}; model estimate of the "
                     f"win share {est:.3f} ({fair_note(game)}); {time.perf_counter() - t0:.0f} s"),
             "space": space}
    path = save(game.name, name, {**reference, **best}, about, make_default, folder, default_players)
    return best, est, path
