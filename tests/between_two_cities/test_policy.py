"""The Between Two Cities heuristic (``kernel.move_values``): its meaning, and the twins agree."""
import itertools

import numpy as np
import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import KM, NCELL, PH_CHOOSE, PH_PLACE, PLACE_BASE
from tests.between_two_cities.helpers import blank_state, make_game, put
from tests.search.helpers import kernel_decisions

C, PY = select.twins("between_two_cities")
KERNEL_C, KERNEL_PY = select.twins("kernel")
SCORING = select.load("between_two_cities_scoring")


def decisions(game, seed, limit):
    """``(buf, seat, moves)`` at the seats' decisions of one random game (a copy each)."""
    return [(b.copy(), s, m) for b, s, m in itertools.islice(kernel_decisions(game, seed), limit)]


def values(kernel, buf, seat, moves):
    out = np.full(len(moves), -99.0)
    assert kernel.move_values(buf, seat, moves, len(moves), out) == 1
    return out


def city_score(k, buf, c):
    """Building points of city ``c`` without factories (what the weaker-city weight compares)."""
    m = int(buf[k.O_MAT + c])
    return SCORING.score_one_city(k, buf, k.O_CITY + c * NCELL, m if m >= 0 else k.NMAT)


@pytest.mark.parametrize("players,variants", [(4, ()), (3, ("beginner",)), (2, ("two-player",))])
def test_a_placement_is_worth_the_points_it_adds_to_its_city(players, variants):
    g = make_game(players, variants)
    k = g.kernel
    checked = 0
    for b, s, moves in decisions(g, players, 60):
        if b[g.layout["phase"]] != PH_PLACE:
            continue
        v = values(k, b, s, moves)
        for m, val in zip(moves.tolist(), v.tolist()):
            side = (m - PLACE_BASE) // NCELL % 2
            slot = (m - PLACE_BASE) // NCELL // 2
            kind = int(b[k.O_PEND + s * 4 + slot])
            if g.kernel_cfg["rkind"][b[g.layout["round"]]] or g.kind_names[kind] == "house":
                continue  # a house adds its future (below); duplex halves are checked by the twins
            c = k.city_of(s, side)
            t = b.copy()
            k.apply(t, s, m)
            before, after = np.zeros(k.NC, np.intc), np.zeros(k.NC, np.intc)
            k.city_scores(b, before)
            k.city_scores(t, after)
            gain = after[c] - before[c]
            own, other = city_score(k, b, c), city_score(k, b, k.city_of(s, 1 - side))
            weight = 1.5 if own <= other and not k.TWOSTD else 1.0
            assert val == pytest.approx(weight * gain)
            checked += 1
    assert checked > 20


def test_a_house_counts_the_types_to_come():
    # a house alone in a city with a shop: worth 1 now (one other type) + 0.5 per missing type (4)
    g = make_game(3)
    k = g.kernel
    s = blank_state(g)
    b = s.buf
    lay = g.layout
    put(g, s, 0, ["shop"])
    b[lay["phase"]] = PH_PLACE
    b[k.O_PTR] = 0
    b[k.O_PEND:k.O_PEND + 4] = [g.kind_names.index("house"), g.kind_names.index("park"), -2, -2]
    # slot 0 (the house) into the left city (city 0) east of the shop at cell 20; the park there
    moves = np.array([PLACE_BASE + 21, PLACE_BASE + 2 * NCELL + 21], dtype=np.intc)
    house, park = values(k, b, 0, moves)
    assert house == pytest.approx(1.0 * (1 + 0.5 * 4))
    assert park == pytest.approx(2.0)


def test_a_new_tavern_kind_is_worth_more_than_a_second_of_one():
    # the left city has drink and food taverns: music completes a set of three (+5), drink adds
    # a new set of one (+1); the right city is stronger, so the left gets the 1.5 weight
    g = make_game(3)
    k = g.kernel
    s = blank_state(g)
    b = s.buf
    put(g, s, 0, ["drink food"])
    put(g, s, 2, ["park park shop"])  # seat 0's right city is city 2 (3 players)
    hand = g.layout.view(b, "hand")[0]
    hand[:] = 0
    for name in ("drink", "music", "office"):
        hand[g.kind_names.index(name)] = 1
    moves = np.zeros(k.max_moves, np.intc)
    nl = k.legal(b, 0, moves)
    assert b[g.layout["phase"]] == PH_CHOOSE
    v = dict(zip(moves[:nl].tolist(), values(k, b, 0, moves[:nl]).tolist()))
    d, mu, o = (g.kind_names.index(x) for x in ("drink", "music", "office"))
    # music left (1.5 * 5) + office right (1): the best split of that pair
    assert v[min(mu, o) * KM + max(mu, o)] == pytest.approx(1.5 * 5 + 1)
    # drink left (1.5 * 1) + office right (1), or office left (1.5 * 1.5: next to taverns) + drink right (1)
    assert v[min(d, o) * KM + max(d, o)] == pytest.approx(max(1.5 * 1 + 1, 1.5 * 1.5 + 1))
    assert v[min(d, mu) * KM + max(d, mu)] > v[min(d, o) * KM + max(d, o)]


def test_other_phases_are_worth_nothing():
    g = make_game(4)
    b = g.new_initial_state(0).buf  # the mats are dealt first: chance
    out = np.ones(3)
    assert g.kernel.move_values(b, 0, np.arange(3, dtype=np.intc), 3, out) == 1 and not out.any()


@pytest.mark.skipif(C is None, reason="compiled between_two_cities not built (or GUILDHALL_PUREPYTHON=1)")
@pytest.mark.parametrize("players,variants", [(4, ()), (7, ("districts",)), (2, ("two-player",)),
                                              (2, ("two-player-advanced",)), (4, ("beginner",))])
def test_twins_give_the_same_values(players, variants):
    g = make_game(players, variants)
    kc, kp = C.BetweenTwoCitiesKernel(g.kernel_cfg), PY.BetweenTwoCitiesKernel(g.kernel_cfg)
    seen = set()
    for b, s, moves in decisions(g, players, 400)[::3]:
        vc, vp = values(kc, b, s, moves), values(kp, b, s, moves)
        assert np.array_equal(vc, vp)
        seen.add(int(b[g.layout["phase"]]))
    assert {PH_CHOOSE, PH_PLACE} <= seen
