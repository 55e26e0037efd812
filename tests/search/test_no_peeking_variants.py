"""No peeking in every Guildes variant, including the face-down card."""
import numpy as np
import pytest

from engine.core import make_rng
from search.api import Limits, make_player
from tests.guildes.helpers import force_round
from tests.search.helpers import COMPILED

ITERS = 200 if COMPILED else 20


def _search(state, seat, tree, seed=11):
    p = make_player("ismcts", seed=seed, tree=tree)
    move = p.choose(state, seat, Limits(iterations=ITERS))
    return move, [(m.move, m.visits, m.value) for m in p.last_info.moves]


@pytest.mark.parametrize("variants, event", [
    (("events",), "face-down"), (("events",), "redistribution"), (("events",), "one-or-two"),
    (("events",), "sequential"), (("tricks",), "one-fewer"), (("events", "tricks"), "face-down"),
])
@pytest.mark.parametrize("tree", ["so", "mo"])
def test_search_is_blind_to_hidden_cards(variants, event, tree):
    s = force_round(4, variants, event, seed=3)
    lay = s.game.layout
    rng = make_rng(5)

    def settle_chance():
        while s.to_move() == (-1,):
            s.apply(-1, s.sample_chance(rng))

    settle_chance()
    # one full play step first, so that a face-down card is on the table
    if int(s.buf[lay["phase"]]) == 3:
        for seat in s.to_move():
            s.apply(seat, s.legal_moves(seat)[0])
    settle_chance()
    assert s.to_move(), "no decision reached"
    seat = s.to_move()[0]
    other = s.determinize(seat, make_rng(99))
    assert s.observe(seat) == other.observe(seat)
    assert not np.array_equal(s.buf[2:], other.buf[2:])  # the hidden truth differs
    if "fdown" in lay.offsets and event == "face-down":
        theirs = [i for i in range(4) if i != seat]
        assert (lay.view(s.buf, "fdown")[theirs] >= 0).any()
    assert _search(s, seat, tree) == _search(other, seat, tree)
