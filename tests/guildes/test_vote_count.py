"""The Guildes vote count: every worked example of the rulebook and every tie rule.

Values are the stand-in card table of FACTS.md; the rulebook fixes Scholars
round 1 = 8, Artisans 7/4 and 7/4/1, Knights 11/5/3 used here.
"""
import pytest

import engine
from tests.guildes.helpers import table


@pytest.fixture(scope="module")
def g4():
    return engine.make_game("guildes", 4)


@pytest.fixture(scope="module")
def g6():
    return engine.make_game("guildes", 6)


def votes(game, rows, rnd):
    rows = rows + [{}] * (game.players - len(rows))
    return game.votes(table(game, rows), rnd)


# -- round 1 --------------------------------------------------------------
def test_round1_majority_takes_first_value(g4):
    assert votes(g4, [{"scholars": 2}, {"scholars": 1}], 0) == [8, 0, 0, 0]


def test_round1_example_three_tied_scholars_score_two_each(g4):
    # "3 players are tied for the Scholars ... They each score 2 votes (8/3, rounded down)"
    assert votes(g4, [{"scholars": 1}, {"scholars": 1}, {"scholars": 1}], 0) == [2, 2, 2, 0]


def test_round1_second_place_scores_nothing(g4):
    assert votes(g4, [{"artisans": 3}, {"artisans": 2}, {"artisans": 1}], 0) == [7, 0, 0, 0]


def test_no_card_no_votes(g4):
    assert votes(g4, [{}, {}, {}, {}], 0) == [0, 0, 0, 0]
    assert votes(g4, [{}, {}, {}, {}], 2) == [0, 0, 0, 0]


# -- round 2 --------------------------------------------------------------
def test_round2_example1_tie_for_first_splits_first_two_places(g4):
    # two tied for first among Artisans: (7 + 4) / 2 = 5 each, no second place
    assert votes(g4, [{"artisans": 2}, {"artisans": 2}, {"artisans": 1}], 1) == [5, 5, 0, 0]


def test_round2_example2_tie_for_second_splits_second_value(g4):
    # majority 7; two tied second share 4: 2 each
    assert votes(g4, [{"artisans": 3}, {"artisans": 1}, {"artisans": 1}], 1) == [7, 2, 2, 0]


def test_round2_plain_first_and_second(g4):
    assert votes(g4, [{"knights": 1}, {"knights": 4}], 1) == [5, 11, 0, 0]


def test_round2_three_tied_for_first_split_the_two_places(g4):
    assert votes(g4, [{"artisans": 1}, {"artisans": 1}, {"artisans": 1}], 1) == [3, 3, 3, 0]


# -- round 3 --------------------------------------------------------------
def test_round3_example1_two_tied_first_next_player_third(g4):
    assert votes(g4, [{"artisans": 3}, {"artisans": 3}, {"artisans": 1}], 2) == [5, 5, 1, 0]


def test_round3_example2_two_tied_first_two_tied_second_get_zero(g4):
    # (7+4)/2 = 5 each; the next two share 1: 0 each
    assert votes(g4, [{"artisans": 3}, {"artisans": 3}, {"artisans": 1}, {"artisans": 1}], 2) == [5, 5, 0, 0]


def test_round3_example3_four_tied_knights(g6):
    # (11 + 5 + 3) / 4 = 4 each; the other players with Knights score nothing
    rows = [{"knights": 2}] * 4 + [{"knights": 1}, {}]
    assert votes(g6, rows, 2) == [4, 4, 4, 4, 0, 0]


def test_round3_example4_majority_then_tie_for_second(g4):
    # 7; then (4 + 1) / 2 = 2 each; others nothing
    rows = [{"artisans": 4}, {"artisans": 2}, {"artisans": 2}, {"artisans": 1}]
    assert votes(g4, rows, 2) == [7, 2, 2, 0]


def test_round3_three_tied_first_split_three_places_nobody_else(g4):
    rows = [{"knights": 2}, {"knights": 2}, {"knights": 2}, {"knights": 1}]
    assert votes(g4, rows, 2) == [6, 6, 6, 0]  # (11+5+3)/3


def test_round3_tie_for_third_splits_third_value(g4):
    rows = [{"knights": 4}, {"knights": 3}, {"knights": 1}, {"knights": 1}]
    assert votes(g4, rows, 2) == [11, 5, 1, 1]  # 3/2 rounded down


def test_round3_plain_three_places(g4):
    rows = [{"knights": 4}, {"knights": 3}, {"knights": 2}, {"knights": 1}]
    assert votes(g4, rows, 2) == [11, 5, 3, 0]


# -- special guilds -------------------------------------------------------
@pytest.mark.parametrize("guild", ["fishermen", "bourgeois"])
def test_fishermen_and_bourgeois_have_no_third_place_in_round3(g4, guild):
    rows = [{guild: 3}, {guild: 2}, {guild: 1}]
    v = votes(g4, rows, 2)
    assert v[2] == 0 and v[0] > 0 and v[1] > 0


def test_fishermen_round3_values(g4):
    assert votes(g4, [{"fishermen": 3}, {"fishermen": 2}, {"fishermen": 1}], 2) == [8, 4, 0, 0]


def test_alchemists_fourth_place_scores_in_round3(g6):
    rows = [{"alchemists": 4}, {"alchemists": 3}, {"alchemists": 2}, {"alchemists": 1}]
    assert votes(g6, rows, 2) == [14, 7, 4, 2, 0, 0]


def test_alchemists_fourth_place_not_in_round2(g6):
    rows = [{"alchemists": 4}, {"alchemists": 3}, {"alchemists": 2}, {"alchemists": 1}]
    assert votes(g6, rows, 1) == [12, 6, 0, 0, 0, 0]


def test_alchemists_tie_for_third_splits_third_and_fourth(g6):
    rows = [{"alchemists": 4}, {"alchemists": 3}, {"alchemists": 2}, {"alchemists": 2}]
    assert votes(g6, rows, 2) == [14, 7, 3, 3, 0, 0]  # (4+2)/2


@pytest.mark.parametrize("rnd", [0, 1, 2])
def test_militia_three_votes_per_card_every_count(g4, rnd):
    # "a player has played 3 Militia cards ... They score 9 votes (3 x 3)"
    assert votes(g4, [{"militia": 3}, {"militia": 1}], rnd) == [9, 3, 0, 0]


def test_militia_ties_do_not_split(g4):
    assert votes(g4, [{"militia": 2}, {"militia": 2}], 1) == [6, 6, 0, 0]


def test_guilds_add_up(g4):
    rows = [{"militia": 1, "knights": 2, "artisans": 1}, {"knights": 1, "artisans": 2}]
    assert votes(g4, rows, 1) == [3 + 11 + 4, 5 + 7, 0, 0]


def walk_down_the_levels(table, n, G, rnd, militia, mvotes, places, values):
    """The count as the rulebook tells it (the kernel's code until session 25): from the most
    cards down, the seats at each level share the places they occupy, while places pay."""
    out = [0] * n
    for g in range(G):
        col = [int(table[i * G + g]) for i in range(n)]
        if g == militia:
            out = [o + mvotes * c for o, c in zip(out, col)]
            continue
        npl, pos = int(places[rnd * G + g]), 0
        for level in sorted({c for c in col if c > 0}, reverse=True):
            if pos >= npl:
                break
            tied = [i for i in range(n) if col[i] == level]
            paid = sum(int(values[(rnd * G + g) * 4 + q]) for q in range(pos, min(pos + len(tied), npl)))
            for i in tied:
                out[i] += paid // len(tied)
            pos += len(tied)
    return out


@pytest.mark.parametrize("players", [3, 4, 6, 7])
def test_the_kernels_count_is_the_walk_down_the_levels(players):
    import random

    import numpy as np

    from cython_ext.guildes import count_votes

    rnd = random.Random(players)
    G = 15
    for _ in range(2000):
        table = np.array([rnd.choice([0, 0, 1, 1, 2, 3, 4, 9]) for _ in range(players * G)], dtype=np.intc)
        places = np.array([rnd.randint(0, 4) for _ in range(3 * G)], dtype=np.intc)
        values = np.array([rnd.randint(0, 12) for _ in range(3 * G * 4)], dtype=np.intc)
        r, militia = rnd.randrange(3), rnd.choice([-1, 0, 7])
        out = np.zeros(players, dtype=np.intc)
        count_votes(table, players, G, r, militia, 3, places, values, out)
        assert out.tolist() == walk_down_the_levels(table, players, G, r, militia, 3, places, values)
