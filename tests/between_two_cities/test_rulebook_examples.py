"""The scoring tables and worked examples that tests/between_two_cities/test_scoring.py does not hold.

Each value is read off shared/rules/between-two-cities.md (Scoring, Districts
Variant) and asserted exactly on a hand-built city; both modes.
"""
import pytest

from tests.between_two_cities.helpers import blank_state, make_game, put, score


# -- offices: "1 | 3 | 6 | 10 | 15 | 21 ... the seventh starts a new set"
@pytest.mark.parametrize("n", range(1, 14))
def test_offices_score_in_sets_of_six(n):
    rows = [" ".join(["office"] * min(7, n - 7 * i)) for i in range((n + 6) // 7)]
    rows = [r for pair in zip(rows, ["."] * len(rows)) for r in pair]  # rows apart: no tavern anyway
    assert score(rows) == 21 * (n // 6) + [0, 1, 3, 6, 10, 15][n % 6]


def test_several_offices_take_their_bonus_from_the_same_tavern():
    # "several offices can receive that point from the same adjacent tavern tile"
    assert score(["office drink office"]) == 3 + 2 + 1
    assert score([".      office .", "office drink  office", ".      office ."]) == 10 + 4 + 1


# -- shops: "2 | 5 | 10 | 15 | 20" for 1-5 in a line, rows and columns alike
@pytest.mark.parametrize("n,points", [(1, 2), (2, 5), (3, 10), (4, 15), (5, 20)])
def test_a_line_of_shops_scores_by_its_length(n, points):
    assert score([" ".join(["shop"] * n)]) == points
    assert score(["shop"] * n) == points


def test_shops_not_in_a_line_score_apart():
    # diagonal neighbours are not connected: three singles
    assert score(["shop . .", ". shop .", ". . shop"]) == 6


# -- taverns: "1 | 4 | 9 | 17" for 1-4 different kinds
@pytest.mark.parametrize("kinds,points", [(["drink"], 1), (["drink", "food"], 4),
                                          (["drink", "food", "music"], 9),
                                          (["drink", "food", "music", "inn"], 17)])
def test_a_set_of_different_taverns_scores_by_its_size(kinds, points):
    assert score([" . ".join(kinds)]) == points


# -- parks: "Every additional connected park after the third increases the score by 1"
def test_five_and_six_connected_parks():
    assert score(["park park park park park"]) == 14
    assert score(["park park park", "park park park"]) == 15


# -- duplex tiles: "Treat duplex tiles just like 2 building tiles stuck to one another"
def test_duplex_halves_score_as_buildings():
    assert score(["shop SHOP INN"]) == 5 + 1               # a line of two shops, one tavern
    assert score(["FACTORY OFFICE", "house   ."]) == 4 + 1 + 1  # the house is next to a factory
    assert score(["PARK HOUSE", "park ."]) == 8 + 1         # two parks connected; house: one type


# -- civic: the liked and disliked types are categories (any tavern counts as a tavern)
def test_a_civic_building_likes_any_tile_of_its_liked_category():
    # museum: likes factory and tavern, dislikes office
    assert score(["factory museum inn"]) == 4 + 6 + 1
    assert score(["drink museum office"]) == 1 + 1 + 1


# -- factories: the rulebook's second place when nobody ties, and no factory anywhere
def test_factories_with_one_city_only():
    g = make_game(3)
    s = blank_state(g)
    put(g, s, 1, ["factory factory"])
    assert g.city_scores(s) == [0, 8, 0]


# -- districts: "the city with the largest district scores the points for first place, and a
# different city with the next largest district scores the points for second place"
def _districts(players, cities, cards=("shop", "park", "office", "house", "civic", "tavern"), mats=None):
    g = make_game(players, ("districts",))
    s = blank_state(g, mats)
    g.layout.view(s.buf, "dcard")[:] = [g.card_names.index(c) for c in cards]
    for c, rows in cities.items():
        put(g, s, c, rows)
    return g, s


def test_a_district_that_only_one_city_has_pays_first_place_only():
    # district 2 (office + house, 8/4): only city 0 has one
    g, s = _districts(3, {0: ["office office"]})
    assert g.city_scores(s) == [3 + 8, 0, 0]


def test_first_and_second_place_of_every_district():
    # district 1 shop+park 6/3, district 2 office+house 8/4, district 3 civic+tavern 10/4
    cities = {0: ["shop park park", "office house ."],    # shop/park 3, office/house 2
              1: ["shop shop", ". .", "office . house"],    # shop/park 2, office/house 1
              2: ["inn museum"]}                            # civic/tavern 2
    g, s = _districts(3, cities)
    tiles = [g.city_scores(s)[c] for c in range(3)]
    g.layout.view(s.buf, "dcard")[:] = -2
    plain = g.city_scores(s)
    assert [t - p for t, p in zip(tiles, plain)] == [6 + 8, 3 + 4, 10]


def test_a_district_continues_across_a_bridge():
    g = make_game(3, ("districts",))
    river = g.mat_names.index("river")  # the bridge at e5 joins d5 and f5
    g, s = _districts(3, {}, mats=[river, river, river])
    cells = g.layout.view(s.buf, "city")
    cells[0][4 * 9 + 3] = cells[0][4 * 9 + 5] = 2 + g.kind_names.index("office")  # one district of 2
    cells[1][2 * 9 + 2] = 2 + g.kind_names.index("office")                        # 1
    cells[2][2 * 9 + 2] = 2 + g.kind_names.index("office")                        # 1
    assert g.city_scores(s) == [3 + 8, 1 + 2, 1 + 2]  # second place tied: 4 // 2 each


def test_beginner_with_districts_a_civic_district_scores_its_other_type_only():
    # ruling 15: the beginner box has no civic tiles; a card naming civics is drawn as printed,
    # and its district is the other type's (here civic + tavern: the taverns)
    g = make_game(3, ("beginner", "districts"))
    s = blank_state(g)
    g.layout.view(s.buf, "dcard")[:] = [g.card_names.index(c) for c in ("shop", "park", "office", "house",
                                                                           "civic", "tavern")]
    put(g, s, 0, ["inn inn"])          # a tavern group of two
    put(g, s, 1, ["inn"])              # one
    tiles = g.city_scores(s)
    g.layout.view(s.buf, "dcard")[:] = -2
    plain = g.city_scores(s)
    assert [t - p for t, p in zip(tiles, plain)] == [10, 4, 0]
