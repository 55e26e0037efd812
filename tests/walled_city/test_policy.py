"""The Walled City heuristic (``kernel.move_values``): its meaning, no hidden reads, and the twins agree."""

import numpy as np
import pytest

from cython_ext import select
from engine.core import make_rng
from search.api import Limits, make_player
from tests.search.helpers import kernel_decisions
from tests.search.test_no_peeking import _twin_states
from tests.walled_city.helpers import COMPILED, CONFIGS, empty_board, f, game

C, PY = select.twins("walled_city")
B = select.load("walled_city_board")
ACT, DONE = 63, 62
CARD_32 = 10  # the 3/2 construction card


def decisions(g, seed, kernel=None):
    """``(buf, seat, moves)`` at every decision of one random game (a copy each)."""
    return [(b.copy(), s, m) for b, s, m in kernel_decisions(g, seed, kernel)]


def values(kernel, buf, seat, moves):
    out = np.full(len(moves), -99.0)
    assert kernel.move_values(buf, seat, np.asarray(moves, dtype=np.intc), len(moves), out) == 1
    return out.tolist()


def step(phase, round_=1, loc=0, card=CARD_32, players=3):
    """An empty round-``round_`` board (no citizens, dice and chits at 0) at ``phase`` of seat 0's turn."""
    s = empty_board(players)
    f(s, "phase")[0] = phase
    f(s, "round")[0] = round_
    f(s, "cur")[0] = 0
    f(s, "sel_loc")[0] = loc
    f(s, "sel_card")[0] = card
    return s


def legal(s, seat=0):
    return list(s.legal_moves(seat))


def test_a_settle_split_is_worth_the_places_it_takes():
    # path 0 between areas 0 and 1; card 3/2; seat 1 has 3 peasants in area 0
    s = step(B.P_SPLIT)
    f(s, "ap")[0, 1] = 3
    assert legal(s) == [0, 4]  # 3 into area 0 and 2 into area 1, or the other way round
    # 3 level with seat 1 (no nobles): 1st and 2nd split, 4 each; seat 1 loses 1 (0.5 a rival);
    # 2 alone in area 1: 5.  The other way: 5 in area 1, 2nd place (3) in area 0
    assert values(s.game.kernel, s.buf, 0, [0, 4]) == [4 + 0.5 + 5, 5 + 3]


def test_a_noble_breaks_the_tie_so_both_splits_are_level():
    s = step(B.P_SPLIT)
    f(s, "ap")[0, 1] = 2
    f(s, "an")[0, 1] = 1  # seat 1's noble wins the tie: seat 0 is 2nd either way
    assert values(s.game.kernel, s.buf, 0, [0, 4]) == [3 + 5, 5 + 3]


def test_faction_symbols_add_the_change_of_lead():
    s = step(B.P_SPLIT)
    f(s, "ap")[0, 1] = 3
    f(s, "dloc")[0] = 0
    f(s, "die_v")[0] = 2  # 2 symbols in area 0: level on top there is worth half of them
    assert values(s.game.kernel, s.buf, 0, [0, 4]) == [4 + 0.5 + 5 + 0.5 * 2, 5 + 3]


def test_a_road_is_worth_two_citizens_on_each_side():
    s = step(B.P_LOC)
    f(s, "ap")[1, 1] = 2  # area 1: 2 of seat 1 level with 2 of seat 0 -> 4 each, seat 1 loses 1
    k = s.game.kernel
    moves = legal(s)
    v = dict(zip(moves, values(k, s.buf, 0, moves)))
    assert v[0] == 5 + 4 + 0.5   # path 0: areas 0 (empty) and 1
    assert v[3] == 5 + 5         # path 3: areas 4 and 5, both empty
    assert all(v[m] == 0.0 for m in moves if m >= DONE)


def test_cards_are_worth_their_citizens_and_round_one_defense_costs_them():
    s = step(B.P_CARD)
    k = s.game.kernel
    hand = [m for m in legal(s) if m < B.OWN]
    assert values(k, s.buf, 0, hand) == [k_a + k_b for k_a, k_b in
                                         (s.game.cards[m] for m in hand)]
    f(s, "phase")[0] = B.P_DCARD
    hand = legal(s)
    assert values(k, s.buf, 0, hand) == [-float(sum(s.game.cards[m])) for m in hand]
    f(s, "round")[0] = 2
    assert values(k, s.buf, 0, hand) == [float(sum(s.game.cards[m])) for m in hand]


def test_nobles_follow_the_supply_and_break_a_tie():
    s = step(B.P_N1)
    f(s, "sel_x")[0] = 0
    f(s, "sel_nx")[0] = 2
    k = s.game.kernel
    target = 2 * 18 / 38  # 18 nobles and 20 peasants in supply
    assert values(k, s.buf, 0, [0, 1, 2]) == pytest.approx([-0.5 * abs(m - target) for m in range(3)])
    f(s, "ap")[0, 2] = 2  # seat 2 would be level with the 2 settled: a noble wins it
    assert values(k, s.buf, 0, [0, 1, 2]) == pytest.approx([-0.5 * abs(m - target) + (m > 0) for m in range(3)])


def test_a_die_goes_up_for_its_leader_and_down_against_a_rival():
    s = step(B.P_ADJUST)
    f(s, "dloc")[0], f(s, "die_f")[0], f(s, "die_v")[0] = 0, 2, 2   # area 0: seat 0 leads
    f(s, "dloc")[1], f(s, "die_f")[1], f(s, "die_v")[1] = 1, 3, 2   # area 1: seat 2 leads
    f(s, "ap")[0, 0], f(s, "ap")[0, 1] = 2, 1
    f(s, "ap")[1, 2], f(s, "ap")[1, 0] = 2, 1
    k = s.game.kernel
    moves = legal(s)
    assert moves[:5] == [0, 1, 2, 3, 4]
    assert values(k, s.buf, 0, moves[:5]) == [0.0, 1.0, -1.0, -1.0, 1.0]


def test_flipping_a_chit_weighs_who_is_there():
    s = step(B.P_ADJUST, loc=1)  # path 1: areas 1 and 2; chit 0 lies in area 2
    assert f(s, "cloc")[0] == 2
    f(s, "chit")[0] = 1
    f(s, "ap")[2, 0] = 1
    f(s, "ap")[2, 1] = 1
    k = s.game.kernel
    chit = B.CHIT_BASE
    assert chit in legal(s)
    # +1 -> -1 costs every citizen's owner 2: seat 0 pays 2, one rival of two pays 2
    assert values(k, s.buf, 0, [0, chit]) == [0.0, -2.0 * (1 - 0.5)]
    f(s, "chit")[0] = -1
    f(s, "ap")[2, 1] = 0
    assert values(k, s.buf, 0, [0, chit]) == [0.0, 2.0]


def test_a_zone_card_faces_its_bigger_number_to_the_seats_tower():
    s = step(B.P_DZONE, round_=2)
    tw = f(s, "tw")
    t0, t1 = s.game.topo["zone_tw"][0], s.game.topo["zone_tw"][1]
    tw[t0, 0] = 1   # seat 0 alone on tower t0
    tw[t1, 2] = 2   # seat 2 ahead on tower t1
    k = s.game.kernel
    assert legal(s)[:2] == [0, 1]
    assert values(k, s.buf, 0, [0, 1]) == [3 * 1 + 2 * -1, 2 * 1 + 3 * -1]
    tw[t0, 1] = 1   # now level on t0: only the rival's tower counts
    assert values(k, s.buf, 0, [0, 1]) == [-2.0, -3.0]


@pytest.mark.parametrize("players,variants", [(3, ()), (2, ("borderlands",)), (4, ("mixed-guilds",))])
def test_every_phase_on_random_games(players, variants):
    """Promotions: own ones worth at least 1/4, a rival's never above 0, stopping 0; the
    phases without a heuristic (starting roads, guilds, powers, turn end) and activating or
    declining are worth 0; every phase with a move choice is visited."""
    g = game(players, variants)
    k = g.kernel
    seen = set()
    for b, s, moves in decisions(g, players)[::1 if COMPILED else 3]:
        ph = int(b[g.layout["phase"]])
        seen.add(ph)
        v = dict(zip(moves.tolist(), values(k, b, s, moves)))
        for m, x in v.items():
            if m >= DONE or ph in (B.P_START, B.P_ALIGN, B.P_TEND, B.P_POWER):
                assert x == 0.0, (ph, m)
            elif ph == B.P_PROMOTE:
                o = (m - 1) // 2
                assert x == 0.0 if m == 0 else (x >= 0.25 if o == s else x <= 0.0), (m, x)
    assert {B.P_LOC, B.P_CARD, B.P_SPLIT, B.P_N1, B.P_PROMOTE, B.P_ADJUST, B.P_DCARD, B.P_DZONE} <= seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_read_nothing_the_seat_cannot_see(players):
    """A determinization for the seat (other hands, face-down zone cards redealt) gives the same values."""
    g = game(players, ())
    k = g.kernel
    checked = 0
    for i, (b, s, moves) in enumerate(decisions(g, 10 + players)[::7]):
        st = g.new_initial_state(0)
        st.buf[:] = b
        other = st.determinize(s, make_rng(i))
        assert values(k, b, s, moves) == values(k, other.buf, s, moves)
        checked += not np.array_equal(b, other.buf)
    assert checked > 3


def test_search_with_the_heuristic_does_not_peek():
    s, other, seat = _twin_states("walled_city", 3, 5, 60)
    assert s.observe(seat) == other.observe(seat)
    iters = 100 if COMPILED else 8
    res = []
    for st in (s, other):
        p = make_player("ismcts", seed=3, rollout="egreedy", epsilon=0.1, bias=4.0)
        m = p.choose(st, seat, Limits(iterations=iters))
        res.append((m, [(x.move, x.visits, x.value) for x in p.last_info.moves]))
    assert res[0] == res[1]


@pytest.mark.skipif(C is None, reason="compiled walled_city not built (or GUILDHALL_PUREPYTHON=1)")
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_twins_give_the_same_values(players, variants):
    g = game(players, variants)
    args = (players, g.layout.size, g.kernel.max_moves, dict(g.layout.offsets), g.topo)
    kc, kp = C.WalledCityKernel(*args), PY.WalledCityKernel(*args)
    for b, s, moves in decisions(g, players, kc)[::2]:
        assert values(kc, b, s, moves) == values(kp, b, s, moves)
