"""Ranking in the kernel (contract: RANK_KEYS words per competitor, higher is better):
votes, then the lowest-numbered round-2 guild, 'b' after the same number; no rival."""
from __future__ import annotations

import random

import numpy as np
import pytest

from cython_ext import select
from engine.core import CHANCE
from tests.walled_city.helpers import CONFIGS, f, game


def python_keys(g, s) -> list[tuple]:
    """The definition the game had in Python before the kernel held it."""
    keys = []
    for p in range(g.players):
        k = int(f(s, "guild")[p]) - 1
        gk = g.guilds[k]["priority"] * 2 + int(g.guilds[k]["b"]) if k >= 0 else 99
        keys.append((int(f(s, "score")[p]), -gk))
    return keys


def finished(g, seed: int):
    rnd = random.Random(seed)
    s = g.new_initial_state(seed)
    while not s.is_terminal():
        tm = s.to_move()
        s.apply(tm[0], s.sample_chance() if tm == (CHANCE,) else rnd.choice(s.legal_moves(tm[0])))
    return s


def kernel_keys(kernel, buf, players):
    out = np.full(4 * (players + 1), 77, np.intc)
    n = kernel.rank_keys(buf, out)
    assert n == players                             # the neutral colour is no rival
    return [tuple(int(x) for x in out[c * 4:c * 4 + 4]) for c in range(n)]


@pytest.mark.parametrize("players,variants", CONFIGS[:6])
def test_kernel_keys_agree_with_the_python_definition_in_both_modes(players, variants):
    g = game(players, variants)
    compiled, interpreted = select.twins("walled_city")
    args = (players, g.layout.size, g.kernel.max_moves, dict(g.layout.offsets), g.topo)
    kernels = [interpreted.WalledCityKernel(*args)] + ([compiled.WalledCityKernel(*args)] if compiled else [])
    for seed in range(2):
        s = finished(g, 40 + seed + players)
        want = python_keys(g, s)
        for k in kernels:
            got = kernel_keys(k, s.buf, players)
            assert [x[:2] for x in got] == want and all(x[2:] == (0, 0) for x in got)
        assert g.rank_keys(s) == [w + (0, 0) for w in want]


def test_a_tie_on_votes_goes_to_the_lower_guild_and_b_after_the_same_number():
    g = game(3)
    s = finished(g, 5)
    f(s, "score")[:] = 50
    prio = {(gd["priority"], gd["b"]): i + 1 for i, gd in enumerate(g.guilds)}
    f(s, "guild")[:] = [prio[(4, True)], prio[(4, False)], prio[(9, False)]]
    assert s.returns("win") == [0.0, 1.0, 0.0]
    f(s, "guild")[1] = 0                            # no guild ranks below any guild
    assert g.rank_keys(s)[1][1] == -99 and s.returns("win") == [1.0, 0.0, 0.0]
