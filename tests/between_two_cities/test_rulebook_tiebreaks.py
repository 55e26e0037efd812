"""Ending the Game: the final score and both tie-breakers, on hand-built finished cities.

"Your final score is the lower of the scores of your two cities ... First
tiebreaker: Tied players compare the scores of their higher-scoring cities.
Second tiebreaker: ... factories ... If still tied, move on to shops, parks,
taverns, offices, houses, and finally civic buildings."  (Parks come before
taverns here, although the scoring section lists taverns first.)  Two-player
standard: the sum, and "Ties are broken using the second tie-breaker rule".
Exact winners and returns; both modes (the kernel computes the keys).
"""
import pytest

from cython_ext.between_two_cities_encoding import PH_END
from tests.between_two_cities.helpers import blank_state, make_game, put


def finished(players, variants, cities):
    g = make_game(players, variants)
    s = blank_state(g)
    s.buf[g.layout["phase"]] = PH_END
    s.buf[g.layout["round"]] = g.NR
    for c, rows in cities.items():
        put(g, s, c, rows)
    assert s.is_terminal()
    return g, s


def test_the_lower_city_is_the_final_score():
    # seat s holds cities s and s-1; seat 0: 10 and 4, seat 1: 2 and 10, seat 2: 4 and 2
    g, s = finished(3, (), {0: ["office office office office"], 1: ["shop"], 2: ["park . park"]})
    assert g.city_scores(s) == [10, 2, 4]
    assert s.scores() == [4, 2, 2]
    assert s.winners() == [0]


def test_a_tie_on_the_lower_city_goes_to_the_higher_city_before_the_tile_counts():
    cities = {0: ["park . park"],                  # 4
              1: ["shop shop . park"],             # 7
              2: ["office office . park"],         # 5
              3: ["shop . shop . shop"]}           # 6
    g, s = finished(4, (), cities)
    assert g.city_scores(s) == [4, 7, 5, 6]
    # seat 2 (cities 2, 1): 5 and 7; seat 3 (cities 3, 2): 5 and 6, with more shops
    assert s.scores() == [4, 4, 5, 5]
    assert s.winners() == [2]


# seat 0 (cities 0, 2) and seat 1 (cities 1, 0) share city 0 (10 points) and tie on
# both cities: city 2 and city 1 score the same; the first category that differs decides
@pytest.mark.parametrize("city2,city1,points", [
    (["factory"], ["shop . shop"], 4),                  # factories before shops
    (["shop . shop"], ["park . park"], 4),              # shops before parks
    (["park"], ["drink . drink"], 2),                   # parks before taverns
    (["drink"], ["office"], 1),                         # taverns before offices
    (["office . park"], ["house . park"], 3),           # offices before houses
    (["house . park"], ["school . park"], 3),           # houses before civic buildings
])
def test_the_second_tiebreaker_counts_tiles_in_the_rulebooks_order(city2, city1, points):
    g, s = finished(3, (), {0: ["office office office office"], 1: city1, 2: city2})
    assert g.city_scores(s) == [10, points, points]
    assert s.scores()[:2] == [points, points]
    assert s.winners() == [0]
    # the same cities the other way round: the other seat wins
    g, s = finished(3, (), {0: ["office office office office"], 1: city2, 2: city1})
    assert s.winners() == [1]


def test_players_tied_on_everything_share_the_win():
    g, s = finished(3, (), {0: ["office office office office"], 1: ["shop"], 2: ["shop"]})
    assert s.winners() == [0, 1]
    assert s.returns("win") == [0.5, 0.5, 0.0]


def test_two_player_standard_sums_and_skips_the_higher_city_tiebreaker():
    # seat 0: 10 + 0, seat 1: 6 + 4; the higher city would favour seat 0, the tiles favour seat 1
    cities = {0: ["office office office office"], 2: ["office office office"], 3: ["shop . shop"]}
    g, s = finished(2, ("two-player",), cities)
    assert g.city_scores(s) == [10, 0, 6, 4]
    assert s.scores() == [10, 10]
    assert s.winners() == [1]


def test_two_player_advanced_jamey_wins_alone_or_shares():
    # city 0: seats 0 and 1; city 1: seat 1 and Jamey; city 2: Jamey and seat 0
    g, s = finished(2, ("two-player-advanced",), {0: ["park"], 1: ["shop . shop . shop"], 2: ["park . park . park"]})
    assert g.city_scores(s) == [2, 6, 6] and g.jamey_score(s) == 6
    assert s.scores() == [2, 2]
    assert s.winners() == [] and s.returns("win") == [0.0, 0.0]
    # a human tied with Jamey on everything shares the win with him
    g, s = finished(2, ("two-player-advanced",), {0: ["shop"], 1: ["shop"], 2: ["shop"]})
    assert s.winners() == [0, 1] and s.returns("win") == [pytest.approx(1 / 3)] * 2


def test_duplex_halves_count_as_buildings_in_the_second_tiebreaker():
    # docs/rulings.md, Between Two Cities 14: a shop-house duplex is a shop and a house
    g, s = finished(3, (), {0: ["office office office office"], 1: ["shop . house"], 2: ["SHOP HOUSE"]})
    assert g.city_scores(s) == [10, 3, 3]
    assert s.winners() == [0, 1]
    g, s = finished(3, (), {0: ["office office office office"], 1: ["park . house"], 2: ["SHOP HOUSE"]})
    assert s.winners() == [0]  # the duplex's shop half outranks a park
