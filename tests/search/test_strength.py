"""ISMCTS at a modest budget beats random players in 4-player Guildes.

Design (compiled run): 20 games, ISMCTS (100 iterations per decision, default
options) against three random players, its seat rotating.  Measured win share
at this budget is 0.96 (100 games, bench/strength.py); take 0.85 as a
conservative floor.  The test passes when the total share is >= 0.4 * 20 = 8.
Treating each game as a win/loss draw with p >= 0.85, a false failure has
probability P(Bin(20, 0.85) < 8) = 5.3e-7 < 1e-6, while a player no better
than random (p = 0.25) would pass with probability 0.10 only.  Games are
seeded, so the test is deterministic; the bound is what protects it against
a code change reshuffling the games.

The pure-Python kernels take ~3 ms per iteration (a whole Guildes rollout in
Python), so 20 games x 48 decisions x 100 iterations would take ~15 minutes:
in pure-Python mode only two games are played (a smoke run; no statistical
claim).  The compiled and pure-Python twins play identical games (twin tests),
so the compiled run covers the same games.
"""
from search.api import Limits, make_player
from tests.search.helpers import COMPILED, play_game

GAMES = 20 if COMPILED else 2
ITERATIONS = 100 if COMPILED else 10
THRESHOLD = 0.4


def test_ismcts_beats_three_random_players_in_4p_guildes():
    total = 0.0
    for g in range(GAMES):
        me = g % 4
        seats = {i: make_player("ismcts" if i == me else "random", seed=1000 + 10 * g + i) for i in range(4)}
        total += play_game("guildes", 4, seats, 500 + g, Limits(iterations=ITERATIONS))[me]
    if COMPILED:
        assert total >= THRESHOLD * GAMES, f"win share {total / GAMES:.2f} over {GAMES} games"
    else:
        assert 0.0 <= total <= GAMES
