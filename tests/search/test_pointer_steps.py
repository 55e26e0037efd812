"""``Kernel.pointer_steps`` (kernel.pxd): a kernel that sets it must have its own five pointer
twins, since the base's are stubs the loops would then call (returning 0: no seat to move)."""
import pytest

import engine
from cython_ext import select

TWINS = ("c_to_move", "c_legal", "c_apply", "c_sample_chance", "c_egreedy")
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
    if k.pointer_steps:
        assert own == list(TWINS), (name, own)
    else:
        assert name != "guildes"  # Guildes' loops run on its pointer steps (session 29)
