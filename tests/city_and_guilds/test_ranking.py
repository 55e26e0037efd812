"""Most money wins, ties share: the default ranking, scored inside the search loop.

The rulebook names no tie-break, so City and Guilds keeps ``Game.rank_keys``
(score only) and the search needs no per-iteration Python reward call.
"""
import pytest

from engine.core import Game, make_rng
from search import core
from tests.city_and_guilds.helpers import f, game


def test_the_search_scores_city_and_guilds_without_a_python_callback():
    g = game(4)
    assert type(g).rank_keys is Game.rank_keys and type(g).rival_keys is Game.rival_keys
    for mode in core.REWARD_MODES:
        assert core.reward_setup(g, mode) == (core.REWARD_MODES[mode], None)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_finished_games_rank_by_money_and_ties_share(players):
    g = game(players)
    for seed in range(3):
        s = g.new_initial_state(seed)
        g.kernel.rollout(s.buf, make_rng(seed))
        money = [int(x) for x in f(s, "money")]
        assert s.is_terminal() and g.rank_keys(s) == [(m,) for m in money]
        f(s, "money")[1] = f(s, "money")[0]  # a tie for whatever place seats 0 and 1 hold
        r = s.returns("win")
        assert r[0] == r[1]
