"""The random playout: the base game's fast loop plays exactly the general loop's game,
and a state with no legal move is refused, not indexed (both modes)."""
import numpy as np
import pytest

import engine
from cython_ext import select
from tests.guildes.helpers import random_states

MODULES = [m for m in select.twins("guildes") if m is not None]
RNGS = [r for r in select.twins("kernel") if r is not None]


@pytest.mark.parametrize("which", range(len(MODULES)), ids=lambda i: select.mode(MODULES[i]))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_fast_playout_is_the_general_playout(players, which):
    mod, rng_mod = MODULES[which], RNGS[which]
    game = engine.make_game("guildes", players)
    fast, plain = mod.GuildesKernel(game.cfg), mod.GuildesKernel(game.cfg)
    assert fast.fast_rollout
    plain.fast_rollout = False
    every = 1 if which == 0 else 7  # the interpreted kernel samples fewer states
    for i, s in enumerate(random_states(players, 1, 40 + players)):
        if i % every:
            continue
        for v, buf in enumerate((s.buf, s.observe(0).buf)):
            w = buf.copy()
            if v:  # a determinized world, as the search plays it out
                fast.determinize(w, 0, rng_mod.Rng(i))
            a, b = w.copy(), w.copy()
            ra, rb = rng_mod.Rng(i), rng_mod.Rng(i)
            fast.rollout(a, ra)
            plain.rollout(b, rb)
            assert (a == b).all(), f"state {i}: the fast playout ended elsewhere"
            assert ra.state == rb.state, f"state {i}: the fast playout drew differently"


def test_variants_keep_the_general_loop():
    for variants in (("events",), ("tricks",)):
        game = engine.make_game("guildes", 4, variants)
        assert not game.kernel.fast_rollout


@pytest.mark.parametrize("which", range(len(MODULES)), ids=lambda i: select.mode(MODULES[i]))
def test_a_hand_with_no_card_is_refused(which):
    mod, rng_mod = MODULES[which], RNGS[which]
    game = engine.make_game("guildes", 4)
    lay = game.layout
    s = game.new_initial_state(1)
    while game.phase(s) != 2:  # the draft
        s.apply(-1, s.sample_chance())
    buf = s.buf.copy()
    hist = lay.view(buf, "hist")
    hist[0, 0, :] = 0  # seat 0's packet is empty: an inconsistent state
    for fast in (True, False):
        k = mod.GuildesKernel(game.cfg)
        k.fast_rollout = fast
        with pytest.raises(ValueError, match="guildes rollout"):
            k.rollout(buf.copy(), rng_mod.Rng(1))
