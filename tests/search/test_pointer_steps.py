"""``Kernel.pointer_steps`` (kernel.pxd): a kernel that sets it must have its own five pointer
twins, since the base's are stubs the loops would then call (returning 0: no seat to move);
the epsilon-greedy move on them (``c_egreedy``) is the base's, one body for every game."""
import pytest

import engine
from cython_ext import select

TWINS = ("c_to_move", "c_legal", "c_apply", "c_sample_chance", "c_move_values")
GAMES = {"guildes": "GuildesKernel", "between_two_cities": "BetweenTwoCitiesKernel",
         "city_and_guilds": "CityAndGuildsKernel", "walled_city": "WalledCityKernel"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_kernel_with_pointer_steps_overrides_every_twin(name):
    # read on the interpreted class, where a cdef method is a plain Python function
    _, interpreted = select.twins(name)
    cls = getattr(interpreted, GAMES[name])
    base = next(c for c in cls.__mro__ if c.__name__ == "Kernel")
    own = [t for t in TWINS if getattr(cls, t) is not getattr(base, t)]
    k = engine.make_game(name, 3).kernel
    assert cls.c_egreedy is base.c_egreedy, name
    if k.pointer_steps:
        assert own == list(TWINS), (name, own)
    else:
        assert name != "guildes"  # Guildes' loops run on its pointer steps (session 29)


@pytest.mark.parametrize("name", ["guildes", "city_and_guilds"])
def test_the_pointer_egreedy_draws_as_the_base_does(name):
    # interpreted, where a cdef method is a Python one: c_egreedy on the same generator state
    # returns the base egreedy_move's move at every decision of a random game
    import numpy as np

    from tests.search.helpers import kernel_decisions

    g = engine.make_game(name, 4)
    k = g.interpreted_kernel()
    base = next(c for c in type(k).__mro__ if c.__name__ == "Kernel")
    Rng = select.twins("kernel")[1].Rng
    moves, vals = np.zeros(k.max_moves, np.intc), np.zeros(k.max_moves)
    seen = 0
    for buf, seat, legal in kernel_decisions(g, 3, k):
        for eps in (0.0, 0.3, 1.0):
            for seed in (1, 2):
                a = k.c_egreedy(buf.copy(), seat, Rng(seed), eps, moves, vals)
                b = base.egreedy_move(k, buf.copy(), seat, Rng(seed), eps, moves, vals)
                assert a == b and a in legal, (name, seat, eps, seed)
        seen += 1
    assert seen > 10
