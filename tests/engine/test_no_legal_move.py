"""A full state that is not over but whose mover has no legal move is a clear error."""
import pytest

import engine
from engine.core import CHANCE
from engine.errors import BadState, NoLegalMove


class _StuckKernel:
    """The game's kernel, except that it finds no legal move and no chance outcome."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def legal(self, buf, seat, out):
        return 0

    def chance(self, buf, outs, probs):
        return 0


@pytest.mark.parametrize("game, players", [("guildes", 4), ("between_two_cities", 3),
                                           ("city_and_guilds", 3), ("walled_city", 2)])
def test_a_stuck_full_state_raises_instead_of_returning_nothing(game, players):
    s = engine.make(game, players=players, seed=1)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance())
    seat = s.to_move()[0]
    view = s.observe(seat)
    s.game.kernel = _StuckKernel(s.game.kernel)
    try:
        with pytest.raises(NoLegalMove, match=f"seat {seat} is to move but has no legal move") as info:
            s.legal_moves(seat)
        assert isinstance(info.value, BadState) and info.value.kind == "bad-state"
        assert view.legal_moves(seat) == []  # a view may simply not know
        before = s.buf.copy()
        with pytest.raises(NoLegalMove):
            s.apply(seat, 0)
        assert (s.buf == before).all()
    finally:
        s.game.kernel = s.game.kernel.inner


def test_chance_without_outcomes_raises():
    s = engine.make("guildes", players=4, seed=1)
    s.game.kernel = _StuckKernel(s.game.kernel)
    try:
        with pytest.raises(NoLegalMove, match="chance is to move but has no outcome"):
            s.sample_chance()
    finally:
        s.game.kernel = s.game.kernel.inner
