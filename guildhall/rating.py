"""Elo ratings from multi-player game results: pairwise Bradley-Terry from rankings.

Each game is a final ranking of entries (higher key is better).  Every pair of
seats held by *different* entries counts as one pairwise game: 1 for the
higher key, 1/2 each for equal keys (a tie).  The strengths ``gamma`` maximise
the Bradley-Terry likelihood (Hunter's 2004 MM iteration, with a
half-game prior against a virtual mean player so an entry that won or lost
everything keeps a finite rating); Elo = 400 log10(gamma), shifted so the
``anchor`` entry is 0.  Pairs from one game are not independent, so the
intervals come from a bootstrap over whole games, not from the pair count.

Why not Plackett-Luce: its likelihood has no natural place for ties, which
the scoring of these games produces (shared wins and equal tie-break keys);
pairwise Elo counts a tie as the draw it is and, with one game per table,
reduces to the usual Elo of two-player play.

>>> games = [{"a": 3, "b": 1}] * 30 + [{"a": 1, "b": 3}] * 10
>>> elo = fit(games, anchor="b")
>>> round(elo["a"])  # 3:1 odds -> 400 log10(3) = 191, shrunk a little by the prior
188
>>> lo, hi = bootstrap(games, anchor="b", rounds=200, seed=1)["a"]
>>> lo < 188 < hi
True
"""
from __future__ import annotations

import math
import random
from typing import Hashable, Mapping, Optional, Sequence

Ranking = Mapping[Hashable, float]  # entry -> its key (higher is better); one value per entry per game


def pair_table(games: Sequence[Sequence[tuple[Hashable, float]]]) -> tuple[dict, dict]:
    """(wins[i][j], played[i][j]) over every pair of seats held by different entries."""
    wins: dict = {}
    played: dict = {}
    for seats in games:
        for x in range(len(seats)):
            for y in range(x + 1, len(seats)):
                (a, ka), (b, kb) = seats[x], seats[y]
                if a == b:
                    continue
                sa = 1.0 if ka > kb else 0.0 if ka < kb else 0.5
                for i, j, s in ((a, b, sa), (b, a, 1.0 - sa)):
                    wins.setdefault(i, {}).setdefault(j, 0.0)
                    wins[i][j] += s
                    played.setdefault(i, {}).setdefault(j, 0)
                    played[i][j] += 1
    return wins, played


def _seats(game) -> list[tuple[Hashable, float]]:
    return list(game.items()) if isinstance(game, Mapping) else list(game)


def fit(games: Sequence, anchor: Optional[Hashable] = None, prior: float = 0.5,
        iterations: int = 2000) -> dict:
    """Elo per entry.  A game is ``{entry: key}`` or a list of ``(entry, key)`` seats
    (an entry may hold several seats)."""
    wins, played = pair_table([_seats(g) for g in games])
    names = sorted(set(wins) | {e for g in games for e, _ in _seats(g)}, key=str)
    gamma = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            w = sum(wins.get(i, {}).values()) + prior  # prior: half a win and half a loss against gamma 1
            den = prior * 2 / (gamma[i] + 1.0)
            for j, n in played.get(i, {}).items():
                den += n / (gamma[i] + gamma[j])
            new[i] = w / den
        geo = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {k: v / geo for k, v in new.items()}
        done = max(abs(math.log(new[k] / gamma[k])) for k in names) < 1e-10
        gamma = new
        if done:
            break
    elo = {k: 400 * math.log10(v) for k, v in gamma.items()}
    shift = elo[anchor] if anchor is not None else 0.0
    return {k: v - shift for k, v in elo.items()}


def bootstrap(games: Sequence, anchor: Optional[Hashable] = None, rounds: int = 300, seed: int = 0,
              level: float = 0.95) -> dict:
    """A ``level`` percentile interval of each entry's Elo, resampling whole games.

    A resample without the ``anchor`` has no Elo scale and is skipped (with few
    games holding the anchor that happens, and the interval rests on fewer rounds).
    """
    rng = random.Random(seed)
    samples: dict = {}
    for _ in range(rounds):
        pick = [games[rng.randrange(len(games))] for _ in games]
        if anchor is not None and not any(e == anchor for g in pick for e, _ in _seats(g)):
            continue
        for k, v in fit(pick, anchor, iterations=300).items():
            samples.setdefault(k, []).append(v)
    return {k: (quantile(vals, (1 - level) / 2), quantile(vals, (1 + level) / 2)) for k, vals in samples.items()}


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile, interpolated between the order statistics (numpy's default, type 7):
    truncating the index instead would move both ends of an interval inward by up to one
    sample (the upper end always).

    >>> quantile([4, 1, 3, 2], 0.5), quantile([1, 2, 3, 4], 0.975), quantile([5], 0.1)
    (2.5, 3.925, 5.0)
    """
    v = sorted(values)
    h = q * (len(v) - 1)
    i = min(int(h), len(v) - 1)
    j = min(i + 1, len(v) - 1)
    return float(v[i] + (h - i) * (v[j] - v[i]))


def slope(points: Sequence[tuple[float, float]]) -> float:
    """Least-squares slope of y on x (Elo per doubling with x = log2 budget).

    >>> slope([(0, 0), (1, 100), (2, 200)])
    100.0
    """
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0
