"""Round 2 Defense: tower scoring, the rulebook's four tower examples."""
from __future__ import annotations

from tests.walled_city.helpers import empty_board, f, tower_votes

OLIVE, WILLIAM, TANYA = 0, 1, 2
CARD = {(1, 0): 0, (2, 0): 1, (1, 1): 2, (3, 0): 3, (2, 1): 4, (2, 2): 7, (3, 2): 10}


def zone(s, z, card, toward, toward_value, owner=0):
    """Put ``card`` in zone ``z`` with ``toward_value`` facing tower ``toward``."""
    a, b = card
    towers = s.game.board["zones"][z]["towers"]
    f(s, "zcard")[z] = CARD[card] + 1
    f(s, "zown")[z] = owner + 1
    # orientation 0: the first number faces the zone's first tower
    near_first = (toward == towers[0]) == (toward_value == a)
    f(s, "zori")[z] = 0 if near_first else 1


def zones_of(s, t):
    return [z for z, zd in enumerate(s.game.board["zones"]) if t in zd["towers"]]


def test_tied_most_watchmen_each_take_the_sum_with_an_empty_zone():
    s = empty_board(3)
    t = 2
    z1, z2 = zones_of(s, t)
    zone(s, z1, (1, 0), t, 1)           # one zone empty, the other shows 1 toward the tower
    f(s, "tw")[t][WILLIAM] = 2
    f(s, "tw")[t][TANYA] = 2
    assert tower_votes(s) == [0, 1, 1]


def test_most_watchmen_take_the_sum_second_the_lowest():
    s = empty_board(3)
    t = 4
    z1, z2 = zones_of(s, t)
    zone(s, z1, (2, 1), t, 2)
    zone(s, z2, (2, 1), t, 1)
    f(s, "tw")[t][OLIVE] = 3
    f(s, "tw")[t][TANYA] = 1
    assert tower_votes(s) == [3, 0, 1]


def test_second_most_get_zero_when_a_zone_is_empty():
    s = empty_board(3)
    t = 6
    z1, _ = zones_of(s, t)
    zone(s, z1, (2, 2), t, 2)
    f(s, "tw")[t][TANYA] = 2
    f(s, "tw")[t][WILLIAM] = 1
    assert tower_votes(s) == [0, 0, 2]


def test_both_zones_empty_nobody_scores():
    s = empty_board(3)
    f(s, "tw")[0][OLIVE] = 3
    f(s, "tw")[0][WILLIAM] = 1
    assert tower_votes(s) == [0, 0, 0]


def test_the_half_facing_the_other_tower_does_not_count():
    s = empty_board(3)
    t = 3
    z1, z2 = zones_of(s, t)
    zone(s, z1, (3, 0), t, 0)           # the 3 faces the neighbouring tower
    zone(s, z2, (3, 2), t, 3)
    f(s, "tw")[t][OLIVE] = 1
    assert tower_votes(s)[OLIVE] == 3
    neighbour = [x for x in s.game.board["zones"][z1]["towers"] if x != t][0]
    f(s, "tw")[neighbour][WILLIAM] = 1
    assert tower_votes(s)[WILLIAM] >= 3


def test_tied_second_place_all_take_the_low_value():
    s = empty_board(4)
    t = 1
    z1, z2 = zones_of(s, t)
    zone(s, z1, (3, 2), t, 3)
    zone(s, z2, (3, 2), t, 2)
    f(s, "tw")[t][:4] = [3, 1, 1, 0]
    assert tower_votes(s) == [5, 2, 2, 0]


def test_two_player_neutral_watchman_competes():
    s = empty_board(2)
    t = 0
    z1, z2 = zones_of(s, t)
    zone(s, z1, (2, 1), t, 2)
    zone(s, z2, (2, 1), t, 1)
    f(s, "tw")[t][:] = [0, 1, 2]      # neutral most, seat 1 second
    assert tower_votes(s)[:2] == [0, 1]
