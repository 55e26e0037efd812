"""The ``infer`` option: worlds resampled by how likely they make the others' choices."""
import math

import numpy as np
import pytest

import engine
from engine.errors import BadConfig
from search import core
from search.api import Limits, make_player
from search.ismcts import INFER_WORLDS, IsmctsPlayer, build_search, fix_worlds, resample
from tests.search.helpers import COMPILED, random_decision
from tests.search.test_no_peeking import assert_guildes_search_sees_only_its_view

ITERS = 200 if COMPILED else 30


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_search_does_not_peek_with_inference(tree):
    assert_guildes_search_sees_only_its_view(ITERS, tree=tree, infer=1.0)


def _pools(state, seat, **options):
    """The worlds a search of ``state`` fixes with ``options`` (same seed every time)."""
    p = make_player("ismcts", seed=1, preset="none", **options)
    o = p.options_for(state.game.name, 100, state.players)
    s = build_search(state.observe(seat), seat, o)
    fix_worlds(s, state.observe(seat), seat, o, core.rng_for(state.game.kernel, 7))
    return None if s.pool_np is None else s.pool_np.copy()


def test_guildes_worlds_are_drawn_then_resampled_by_their_weights():
    s = random_decision(engine.make("guildes", players=4, seed=8), 8, 60)  # into the draft
    seat = s.to_move()[0]
    drawn = _pools(s, seat, fixed_worlds=INFER_WORLDS)
    kept = _pools(s, seat, infer=1.0)
    assert len(drawn) == len(kept) == INFER_WORLDS
    rows = {r.tobytes() for r in drawn}
    assert all(r.tobytes() in rows for r in kept)  # every world searched was drawn
    w_drawn = s.game.world_log_weights(drawn, seat)
    w_kept = s.game.world_log_weights(kept, seat)
    assert len({r.tobytes() for r in kept}) < len(rows)  # the unlikely ones were dropped
    assert w_kept.mean() > w_drawn.mean()
    assert _pools(s, seat, infer=1.0, fixed_worlds=16).shape[0] == 16


def test_a_game_without_a_model_searches_as_without_the_option():
    for name, players in (("walled_city", 2), ("city_and_guilds", 3)):
        s = random_decision(engine.make(name, players=players, seed=3), 3, 10)
        seat = s.to_move()[0]
        assert _pools(s, seat, infer=2.0) is None

        def run(**options):
            p = make_player("ismcts", seed=5, **options)
            m = p.choose(s, seat, Limits(iterations=ITERS // 2))
            return m, [(x.move, x.visits, x.value) for x in p.last_info.moves]

        assert run(infer=2.0) == run()


def test_resampling_follows_the_weights():
    rng = core.rng_for(None, 3)
    w = np.array([1.0, 2.0, 5.0, 0.0])
    counts = np.zeros(4)
    logw = np.array([0.0, math.log(2.0), math.log(5.0), -1e9])
    for _ in range(50):
        idx = resample(np.repeat(logw, 25), rng)
        counts += np.bincount(idx // 25, minlength=4)
    share = counts / counts.sum()
    assert share[3] == 0
    assert share[:3] == pytest.approx(w[:3] / w[:3].sum(), abs=0.01)


@pytest.mark.parametrize("value", [-1.0, 11.0, float("nan"), "x"])
def test_a_bad_value_is_refused(value):
    with pytest.raises(BadConfig, match="infer"):
        IsmctsPlayer(infer=value)


def test_the_player_plays_legal_moves_with_it():
    s = random_decision(engine.make("guildes", players=5, seed=2), 2, 120)
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=1, infer=0.5)
    assert p.choose(s, seat, Limits(iterations=ITERS)) in s.legal_moves(seat)
    assert p.settings("guildes", Limits(iterations=ITERS), 5).options["infer"] == 0.5
