"""Pairwise Elo from multi-player rankings recovers known strengths."""
import math
import random

import pytest

from guildhall.rating import bootstrap, fit, slope


def simulate(strength: dict, games: int, seats: int, seed: int):
    """Plackett-Luce draws: each place goes to a seat with probability proportional to 10^(elo/400)."""
    rng = random.Random(seed)
    names = list(strength)
    out = []
    for _ in range(games):
        table = [rng.choice(names) for _ in range(seats)]
        left = list(range(seats))
        keys = {}
        for place in range(seats):
            w = [10 ** (strength[table[s]] / 400) for s in left]
            s = rng.choices(left, w)[0]
            left.remove(s)
            keys[s] = seats - place
        out.append([(table[s], keys[s]) for s in range(seats)])
    return out


def test_two_player_games_give_the_elo_of_the_win_rate():
    games = simulate({"a": 0.0, "b": 200.0}, 3000, 2, seed=1)
    elo = fit(games, anchor="a")
    assert abs(elo["b"] - 200) < 40


def test_ladder_slope_and_intervals():
    truth = {2 ** k: 100.0 * k for k in range(4)}
    games = simulate(truth, 600, 4, seed=2)
    elo = fit(games, anchor=1)
    ci = bootstrap(games, anchor=1, rounds=60, seed=3)
    assert all(elo[a] < elo[b] for a, b in zip([1, 2, 4], [2, 4, 8]))
    assert 50 < slope([(math.log2(k), v) for k, v in elo.items()]) < 150
    assert ci[8][0] < elo[8] < ci[8][1] and ci[1] == (0.0, 0.0)


def test_ties_and_copies_of_one_entry():
    # equal keys are draws; seats of the same entry are never compared
    games = [[("a", 1), ("a", 5), ("b", 1)]] * 10
    pairs = [[("a", 1), ("b", 1)], [("a", 5), ("b", 1)]] * 10
    elo = fit(games, anchor="b")
    assert elo["a"] > 0 and abs(elo["a"] - fit(pairs, anchor="b")["a"]) < 1e-6


def test_bootstrap_skips_resamples_without_the_anchor():
    # the anchor sits in one game of twenty: most resamples miss it and have no Elo scale
    games = [[("random", 1), ("a", 2)]] + [[("a", 1 + i % 2), ("b", 2 - i % 2)] for i in range(19)]
    ci = bootstrap(games, anchor="random", rounds=50, seed=1)
    assert ci["random"] == (0.0, 0.0)
    assert ci["a"][0] <= fit(games, anchor="random")["a"] <= ci["a"][1]


def test_quantiles_interpolate_as_numpy_and_the_interval_uses_them(monkeypatch):
    import numpy as np

    import guildhall.rating as rating

    rng = random.Random(4)
    for n in (1, 2, 7, 40, 300):
        vals = [rng.gauss(0, 100) for _ in range(n)]
        for q in (0.0, 0.025, 0.5, 0.975, 1.0):
            assert math.isclose(rating.quantile(vals, q), float(np.quantile(vals, q)), abs_tol=1e-9)
    # 300 rounds: the ends sit between the 8th and 9th values (and the 292nd and 293rd)
    draws = iter(range(300))
    monkeypatch.setattr(rating, "fit", lambda pick, anchor, iterations: {"x": float(next(draws))})
    ci = rating.bootstrap([[("x", 1), ("y", 2)]], rounds=300, seed=0)
    assert ci["x"] == pytest.approx((7.475, 291.525))
