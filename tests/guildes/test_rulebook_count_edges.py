"""Rulebook, Counting Votes and Special Guilds: the tie corners the worked
examples do not show (the examples themselves are in test_vote_count.py).

Stand-in values (FACTS.md): Alchemists round 3 = 14/7/4/2, Fishermen round 3
= 8/4, Bourgeois round 3 = 12/6, Knights 11 / 11,5 / 11,5,3, Artisans 7/4.
"""
import numpy as np
import pytest

import engine
from tests.guildes.helpers import table


@pytest.fixture(scope="module")
def g6():
    return engine.make_game("guildes", 6)


def votes(game, rows, rnd, **kw):
    rows = rows + [{}] * (game.players - len(rows))
    return game.votes(table(game, rows), rnd, **kw)


# -- Alchemists, round 3: "the fourth player ... also scores points, following
#    the process explained above" (ruling: a tied group takes the places it occupies)
def test_alchemists_three_tied_first_split_three_places_and_the_next_takes_fourth(g6):
    rows = [{"alchemists": 3}] * 3 + [{"alchemists": 1}]
    assert votes(g6, rows, 2) == [8, 8, 8, 2, 0, 0]          # (14+7+4)/3, then 2


def test_alchemists_tie_for_second_splits_second_and_third_next_takes_fourth(g6):
    rows = [{"alchemists": 4}, {"alchemists": 2}, {"alchemists": 2}, {"alchemists": 1}]
    assert votes(g6, rows, 2) == [14, 5, 5, 2, 0, 0]         # (7+4)/2


def test_alchemists_four_tied_first_share_all_four_places_nobody_else(g6):
    rows = [{"alchemists": 2}] * 4 + [{"alchemists": 1}]
    assert votes(g6, rows, 2) == [6, 6, 6, 6, 0, 0]          # (14+7+4+2)/4


def test_alchemists_fifth_player_scores_nothing(g6):
    rows = [{"alchemists": 5}, {"alchemists": 4}, {"alchemists": 3}, {"alchemists": 2}, {"alchemists": 1}]
    assert votes(g6, rows, 2) == [14, 7, 4, 2, 0, 0]


# -- Fishermen and Bourgeois, round 3: no 3rd place, "otherwise proceeds as in the previous round"
@pytest.mark.parametrize("guild,first,second", [("fishermen", 8, 4), ("bourgeois", 12, 6)])
def test_round3_two_tied_first_split_both_places_and_the_next_scores_nothing(g6, guild, first, second):
    rows = [{guild: 2}, {guild: 2}, {guild: 1}]
    assert votes(g6, rows, 2) == [(first + second) // 2] * 2 + [0] * 4


@pytest.mark.parametrize("guild,first,second", [("fishermen", 8, 4), ("bourgeois", 12, 6)])
def test_round3_tie_for_second_splits_the_second_place_only(g6, guild, first, second):
    rows = [{guild: 3}, {guild: 1}, {guild: 1}, {guild: 1}]
    assert votes(g6, rows, 2) == [first] + [second // 3] * 3 + [0, 0]


def test_round3_fishermen_three_tied_first_split_the_two_places(g6):
    assert votes(g6, [{"fishermen": 1}] * 3, 2) == [4, 4, 4, 0, 0, 0]   # (8+4)/3


# -- ordinary guilds
def test_round2_three_tied_for_second_share_the_second_value(g6):
    rows = [{"knights": 3}, {"knights": 1}, {"knights": 1}, {"knights": 1}]
    assert votes(g6, rows, 1) == [11, 1, 1, 1, 0, 0]           # 5/3


def test_round3_three_tied_for_second_split_second_and_third(g6):
    rows = [{"knights": 3}] + [{"knights": 2}] * 3 + [{"knights": 1}]
    assert votes(g6, rows, 2) == [11, 2, 2, 2, 0, 0]           # (5+3)/3, nobody third


def test_round1_six_tied_share_rounding_down(g6):
    assert votes(g6, [{"artisans": 1}] * 6, 0) == [1] * 6      # 7/6


def test_round1_alchemists_tie_in_six_players(g6):
    assert votes(g6, [{"alchemists": 2}, {"alchemists": 2}, {"alchemists": 1}], 0) == [6, 6, 0, 0, 0, 0]


def test_guilds_are_counted_independently_of_each_other(g6):
    rows = [{"knights": 2, "artisans": 1}, {"knights": 1, "artisans": 2}]
    sep = [a + b for a, b in zip(votes(g6, [{"knights": 2}, {"knights": 1}], 2),
                                  votes(g6, [{"artisans": 1}, {"artisans": 2}], 2))]
    assert votes(g6, rows, 2) == sep == [11 + 4, 5 + 7, 0, 0, 0, 0]


# -- Event "tied players are not counted"
def test_ties_excluded_everyone_tied_nobody_scores_but_the_militia():
    g = engine.make_game("guildes", 4, ("events",))
    rows = [{"knights": 1, "militia": 1}] * 4
    assert votes(g, rows, 2, ties_excluded=True) == [3] * 4


def test_ties_excluded_a_lone_player_below_a_tie_takes_first():
    g = engine.make_game("guildes", 4, ("events",))
    rows = [{"knights": 3}, {"knights": 3}, {"knights": 3}, {"knights": 1}]
    assert votes(g, rows, 2, ties_excluded=True) == [0, 0, 0, 11]


def test_ties_excluded_counts_the_virtual_trick_cards():
    # ruling: a virtual +1 that makes a tie excludes both players (the count reads the virtual cards)
    g = engine.make_game("guildes", 4, ("events", "tricks"))
    t = table(g, [{"knights": 2}, {"knights": 1}, {}, {}])
    virt = np.zeros((4, g.G), dtype=np.intc)
    virt[1, g.guild_names.index("knights")] = 1
    assert g.votes(t, 0, ties_excluded=True) == [11, 0, 0, 0]
    assert g.votes(t, 0, ties_excluded=True, virt=virt) == [0, 0, 0, 0]
