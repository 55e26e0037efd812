"""Setup, the deals and the rounds, played through the public API with chosen chance moves.

Each test quotes the rulebook sentence it checks and asserts exact sets,
counts or probabilities (both modes: the kernel deals and applies).
"""
import random

import pytest

import engine
from cython_ext.between_two_cities_encoding import CENTER, NCELL, PH_CHOOSE, PH_DEAL, PH_DIST, PH_PLACE, PLACE_BASE
from engine.core import CHANCE, make_rng
from tests.between_two_cities.helpers import GAME, blank_state, make_game


def f(s, name):
    return s.game.layout.view(s.buf, name)


def phase(s):
    return int(s.buf[s.game.layout["phase"]])


def play(s, until, seed=0):
    """Random decisions and seeded chance until ``until(s)``."""
    rnd, rng = random.Random(seed), make_rng(seed)
    while not until(s):
        movers = s.to_move()
        assert movers, "the game ended first"
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
    return s


# -- districts: "If the Factory and House cards are placed in the same district, discard
# the second one drawn, and continue drawing district cards until all three tiles are filled."
@pytest.mark.parametrize("first,second", [("factory", "house"), ("house", "factory")])
def test_a_factory_and_house_district_discards_the_second_card_and_draws_again(first, second):
    s = engine.make(GAME, 3, ["districts"], seed=1)
    g = s.game
    for m in range(3):
        s.apply(CHANCE, m)
    assert phase(s) == PH_DIST
    s.apply(CHANCE, g.card_names.index(first))
    s.apply(CHANCE, g.card_names.index(second))
    assert g.card_names[int(f(s, "ddisc")[0])] == second
    assert list(f(s, "dcard")[1:]) == [-2] * 5  # the second slot is still to fill
    # the discarded card is out of the draw: five cards left, uniformly
    outcomes = s.chance_outcomes()
    assert sorted(g.card_names[m] for m, _ in outcomes) == sorted(
        set(g.card_names) - {first, second})
    assert all(p == pytest.approx(1 / 5) for _, p in outcomes)
    s.apply(CHANCE, g.card_names.index("shop"))
    assert [g.card_names[int(k)] for k in f(s, "dcard")[:2]] == [first, "shop"]


def test_a_factory_and_a_house_in_different_districts_both_stay():
    s = engine.make(GAME, 3, ["districts"], seed=1)
    g = s.game
    for m in range(3):
        s.apply(CHANCE, m)
    for card in ("shop", "factory", "house", "park", "office", "civic"):
        s.apply(CHANCE, g.card_names.index(card))
    assert [g.card_names[int(k)] for k in f(s, "dcard")] == ["shop", "factory", "house", "park", "office", "civic"]
    assert int(f(s, "ddisc")[0]) == -2 and phase(s) == PH_DEAL


# -- the box: "Place the box ... with the building tiles (square) randomized inside."
@pytest.mark.parametrize("variants,total", [((), 129), (("beginner",), 108)])
def test_tiles_are_drawn_from_the_box_in_proportion_to_what_it_holds(variants, total):
    # the beginner game leaves the 21 civic buildings out
    s = play(engine.make(GAME, 3, list(variants), seed=2), lambda s: phase(s) == PH_DEAL)
    g = s.game
    probs = dict(s.chance_outcomes())
    counts = {i: k["count"] for i, k in enumerate(g.edition["buildings"])
              if not (variants and k["category"] == "civic")}
    assert probs == pytest.approx({i: n / total for i, n in counts.items()})


def test_discards_do_not_go_back_into_the_box():
    # "discard it face-down to the center of the table (don't place it back in the box ...)"
    s = play(engine.make(GAME, 4, [], seed=3), lambda s: int(f(s, "round")[0]) == 1 and phase(s) == PH_CHOOSE)
    assert int(f(s, "boxb").sum()) == 129 - 9 * 4
    assert int(f(s, "boxd").sum()) == 24 - 3 * 4
    play(s, lambda s: int(f(s, "round")[0]) == 2 and phase(s) == PH_CHOOSE)
    assert int(f(s, "boxb").sum()) == 129 - 18 * 4
    assert int(f(s, "boxd").sum()) == 24 - 3 * 4


# -- placement: "The first building tile placed in a city must be played on an open space
# on the landscape mat"; beginner: no mats (the first tile goes to the board's centre)
def _first_cells(g, s, side):
    lay = g.layout
    s.buf[lay["phase"]] = PH_PLACE
    s.buf[lay["ptr"]] = 0
    lay.view(s.buf, "pend")[0, :2] = [g.kind_names.index("shop"), g.kind_names.index("park")]
    return {(m - PLACE_BASE) % NCELL for m in s.legal_moves(0) if (m - PLACE_BASE) // NCELL % 2 == side}


@pytest.mark.parametrize("mat", range(7))
def test_the_first_tile_may_go_on_every_open_mat_cell_and_nowhere_else(mat):
    g = make_game(3)
    s = blank_state(g, mats=[mat, (mat + 1) % 7, (mat + 2) % 7])
    openm = g.tables["openm"].reshape(-1, NCELL)
    assert _first_cells(g, s, 0) == set(int(x) for x in openm[mat].nonzero()[0])
    assert _first_cells(g, s, 1) == set(int(x) for x in openm[(mat + 2) % 7].nonzero()[0])


def test_beginner_first_tile_goes_to_the_centre():
    g = make_game(3, ("beginner",))
    s = blank_state(g)
    assert _first_cells(g, s, 0) == {CENTER} == _first_cells(g, s, 1)


def test_a_tile_across_a_bridge_is_adjacent_for_placement():
    # river: rows oLL / o=o / LLo centred at row 3, column 3; the bridge at e5 joins d5 and f5
    g = make_game(3)
    river = g.mat_names.index("river")
    s = blank_state(g, mats=[river, river, river])
    c5, d4, d5, f5 = 4 * 9 + 2, 3 * 9 + 3, 4 * 9 + 3, 4 * 9 + 5
    g.layout.view(s.buf, "city")[0][d5] = 2 + g.kind_names.index("house")
    # d5's neighbours: d4 above, c5 to the left, f5 across the bridge (d6 and e5 are water)
    assert _first_cells(g, s, 0) == {c5, d4, f5}


# -- the rounds of the two-player standard game: 1a, 1b, 2a, 2b, 3a, 3b
def test_two_player_standard_plays_each_round_twice():
    s = engine.make(GAME, 2, ["two-player"], seed=4)
    g = s.game
    seen = []
    for r in range(6):
        play(s, lambda s: int(f(s, "round")[0]) == r and phase(s) == PH_CHOOSE, seed=r)
        seen.append(list(f(s, "handn")))
        play(s, lambda s: int(f(s, "round")[0]) == r + 1, seed=r)
        singles = [int(((f(s, "city")[c] >= 2) & (f(s, "city")[c] < 34)).sum()) for c in range(4)]
        duplex = [int(v) for v in f(s, "dcnt")]
        assert singles == [[4] * 4, [8] * 4, [8] * 4, [8] * 4, [12] * 4, [16] * 4][r], f"round {r}"
        assert duplex == [[0] * 4, [0] * 4, [1] * 4, [2] * 4, [2] * 4, [2] * 4][r], f"round {r}"
    assert seen == [[9, 9], [9, 9], [3, 3], [3, 3], [9, 9], [9, 9]]
    assert s.is_terminal()


def test_round_two_hands_stay_put_and_each_city_gets_one_duplex_from_each_neighbour():
    s = play(engine.make(GAME, 4, [], seed=5), lambda s: int(f(s, "round")[0]) == 1 and phase(s) == PH_CHOOSE)
    hands = f(s, "hand").copy()
    picks = [s.legal_moves(p)[0] for p in range(4)]
    for p in range(4):
        s.apply(p, picks[p])
    # no passing: each seat places the two tiles it chose from its own hand
    for p in range(4):
        assert list(f(s, "pend")[p, :2]) == [picks[p] // 32, picks[p] % 32]
        left = hands[p].copy()
        left[picks[p] // 32] -= 1
        left[picks[p] % 32] -= 1
        assert list(f(s, "hand")[p]) == list(left)
    play(s, lambda s: int(f(s, "round")[0]) == 2)
    assert list(f(s, "dcnt")) == [2] * 4


def test_jamey_draws_his_two_tiles_from_his_own_hand():
    # "randomly pick 2 of Jamey's tiles": the draw is from Jamey's nine (then seven ...), by count
    s = play(engine.make(GAME, 2, ["two-player-advanced"], seed=6), lambda s: phase(s) == 3)
    hand = f(s, "hand")[2]
    probs = dict(s.chance_outcomes())
    assert probs == pytest.approx({k: int(hand[k]) / int(hand.sum()) for k in range(32) if hand[k]})
