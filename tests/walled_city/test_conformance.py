"""The shared conformance checker on every player count and board (and mixed guilds).

It covers the no-peek property: a seat's determinization reads only its view, so the
face-down defense cards and off-colour cards of the others stay hidden."""
from __future__ import annotations

import pytest

from engine.conformance import check
from tests.walled_city.helpers import COMPILED, CONFIGS, game

GAMES = 4 if COMPILED else 2


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_conformance(players, variants):
    report = check(game(players, variants), games=GAMES, seed=players + 10 * len(variants))
    assert report.failures == []
    assert report.games == GAMES


def test_determinize_deals_hidden_cards_from_what_left_each_hand():
    import random

    from engine.core import make_rng
    from tests.walled_city.helpers import f, setup_state
    s = setup_state(3, ("borderlands",), 4)
    rnd = random.Random(4)
    while int(f(s, "round")[0]) == 1 or int(f(s, "phase")[0]) != 10:
        seat = s.to_move()[0]
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
    # every rival's determinized hand + zone cards equal its unseen cards
    for trial in range(20):
        w = s.determinize(0, make_rng(trial))
        for p in (1, 2):
            cards = [k for k in range(14) for _ in range(int(f(w, "hand")[p][k]))]
            cards += [int(f(w, "zcard")[z]) - 1 for z in range(8) if f(w, "zown")[z] == p + 1]
            own = sorted(c for c in cards if c < 11)
            # the public pool, plus the net of Butchers trades as this world has them
            net = [int(f(s, "pool")[p][k]) for k in range(11)]
            for t in f(w, "bt")[:int(f(w, "nbt")[0])]:
                sign = 1 if t[1] == p else -1 if t[0] == p else 0
                net[t[2]] += sign
                if t[5]:
                    net[t[3]] -= sign
            assert own == sorted(k for k in range(11) for _ in range(net[k]))
            assert sum(1 for c in cards if c >= 11) == 1
        offs = [k for p in range(3) for k in range(11, 14)
                if f(w, "hand")[p][k] or any(f(w, "zcard")[z] == k + 1 and f(w, "zown")[z] == p + 1
                                             for z in range(8))]
        assert sorted(offs) == [11, 12, 13]
