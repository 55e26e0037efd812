"""Scoring of every building type, by hand-built cities and the rulebook's examples."""
import engine
from tests.between_two_cities.helpers import blank_state, make_game, put, score


# -- factories: 4/3/2 per tile by majority across all cities ----------------------------
def test_factory_majority_rulebook_example():
    # A and B five each (4 per tile), C three (3), D two and E one (2), F none
    g = make_game(6)
    s = blank_state(g)
    for c, n in enumerate([5, 5, 3, 2, 1, 0]):
        put(g, s, c, [" ".join(["factory"] * n)] if n else [])
    assert g.city_scores(s) == [20, 20, 9, 4, 2, 0]


def test_factory_single_leader_then_second_place():
    g = make_game(3)
    s = blank_state(g)
    for c, n in enumerate([3, 2, 1]):
        put(g, s, c, [" ".join(["factory"] * n)])
    assert g.city_scores(s) == [12, 6, 2]


def test_factory_tie_for_second_shares_three():
    g = make_game(4)
    s = blank_state(g)
    for c, n in enumerate([4, 2, 2, 1]):
        put(g, s, c, [" ".join(["factory"] * n)])
    assert g.city_scores(s) == [16, 6, 6, 2]


# -- shops: straight lines 2/5/10/15/20, best partition ------------------------------------
def test_shops_rulebook_example_row_single_column():
    # a row of five (20), a single shop (2), a column of two (5) = 27
    rows = ["shop shop shop shop shop",
            ".    .    .    .    .",
            "shop .    .    .    shop",
            ".    .    .    .    shop"]
    assert score(rows) == 27


def test_shops_cross_counts_each_tile_once():
    # a + of five shops: best is the row of three (10) and two singles (2+2) = 14
    rows = [".    shop .",
            "shop shop shop",
            ".    shop ."]
    assert score(rows) == 14


def test_shops_l_shape_best_partition():
    # L of four: column of three (10) + single (2) = 12 beats 2+5+... partitions
    rows = ["shop .",
            "shop .",
            "shop shop"]
    assert score(rows) == 12


def test_shops_t_shape_prefers_long_line():
    # T: row of four (15) + stem column of one extra (single 2) = 17
    rows = ["shop shop shop shop",
            ".    shop .    .",
            ".    .    .    ."]
    assert score(rows) == 17


def test_shops_two_by_two_block():
    # 2x2: two lines of two = 10
    assert score(["shop shop", "shop shop"]) == 10


def test_shops_grid_crossing_lines_exact():
    # 3x3 full: three rows of three = 30
    assert score(["shop shop shop"] * 3) == 30


# -- taverns: sets of different kinds 1/4/9/17 ------------------------------------------------
def test_taverns_rulebook_example():
    # one music, two drink, two food: 9 + 4 = 13
    assert score(["music drink drink food food"]) == 13


def test_taverns_full_set_and_leftover():
    assert score(["music drink food inn music"]) == 18


def test_taverns_duplicates_only():
    assert score(["inn . inn . inn"]) == 3


# -- parks: connected groups 2/8/12/13/14 -------------------------------------------------------
def test_parks_four_separate():
    assert score(["park . park", ".    . .", "park . park"]) == 8


def test_parks_three_adjacent_and_one_separate():
    assert score(["park park park . park"]) == 14


def test_parks_four_adjacent():
    assert score(["park park", "park park"]) == 13


def test_parks_two_groups_of_two():
    assert score(["park park . park park"]) == 16


def test_parks_group_need_not_be_straight():
    assert score(["park park .", ".    park park", ".    .    park"]) == 14


# -- offices: sets up to six, restart; +1 next to a tavern ----------------------------------------
def test_offices_seven_score_twenty_two():
    assert score(["office office office office office office office"]) == 22


def test_office_next_to_tavern_gets_one_more():
    # 1 office + 1 tavern bonus = 2, plus the tavern alone (1)
    assert score(["office drink"]) == 3


def test_office_next_to_four_taverns_still_plus_one():
    rows = [".     drink  .",
            "food  office music",
            ".     inn    ."]
    assert score(rows) == 2 + 17


def test_offices_twelve_two_full_sets_and_bonus_shared_tavern():
    rows = ["office office office office office office",
            "office office office office office office",
            ".      .      inn    .      .      ."]
    # 21 + 21, office above the inn +1, the inn itself 1
    assert score(rows) == 21 + 21 + 1 + 1


# -- houses: 1 per other type (taverns one type; houses, civic excluded); 1 next to a factory --------
def test_house_counts_other_types():
    # factory, shop, park, tavern (two kinds = one type), office: 5 types; house not next to factory
    rows = ["factory shop park drink food office",
            ".       .    .    .     .    .",
            "house   .    .    .     .    ."]
    g = make_game(3)
    s = blank_state(g)
    put(g, s, 0, rows)
    # factories 1*4, shop 2, park 2, taverns 4, office +1 next to food? no: office at col 5 next to food (col4) -> 1+1
    assert g.city_scores(s)[0] == 4 + 2 + 2 + 4 + 2 + 5


def test_house_next_to_factory_scores_one():
    assert score(["factory house shop"]) == 4 + 1 + 2


def test_house_with_one_other_type():
    assert score(["house . park"]) == 1 + 2


def test_house_ignores_civic_and_houses():
    assert score(["house house . school"]) == 0 + 0 + 1


# -- civic: 1/3/6 by liked neighbours; 1 next to the disliked type ---------------------------------
def test_school_next_to_two_houses_no_park_is_three():
    rows = ["house school house"]
    # school 3; houses: no other type -> 0 each
    assert score(rows) == 3


def test_school_next_to_parks_and_houses_is_six():
    rows = [".    park   .",
            "house school house",
            ".    park   ."]
    # school 6; parks 2 + 2; houses 1 each (park type present)
    assert score(rows) == 6 + 4 + 2


def test_school_next_to_factory_is_one():
    rows = ["park school factory"]
    assert score(rows) == 1 + 2 + 4


def test_civic_alone_is_one():
    assert score(["school"]) == 1


# -- bridges count as adjacency ------------------------------------------------------------------
def test_house_and_factory_across_bridge_are_adjacent():
    g = make_game(3)
    river = g.mat_names.index("river")  # rows oLL / o=o / LLo placed at (3,3)
    s = blank_state(g, mats=[river, river, river])
    cells = g.layout.view(s.buf, "city")[0]
    cells[4 * 9 + 3] = 2 + g.kind_names.index("house")
    cells[4 * 9 + 5] = 2 + g.kind_names.index("factory")
    assert g.city_scores(s)[0] == 1 + 4


def test_shop_line_continues_across_bridge():
    g = make_game(3)
    river = g.mat_names.index("river")
    s = blank_state(g, mats=[river, river, river])
    cells = g.layout.view(s.buf, "city")[0]
    for x in (4 * 9 + 3, 4 * 9 + 5):
        cells[x] = 2 + g.kind_names.index("shop")
    assert g.city_scores(s)[0] == 5


# -- districts: largest district per city, 1st/2nd with ties ------------------------------------------
def _district_state(players, sizes_by_city, cards):
    g = make_game(players, ("districts",))
    s = blank_state(g)
    lay = g.layout
    lay.view(s.buf, "dcard")[:] = [g.card_names.index(c) for c in cards]
    for c, n in enumerate(sizes_by_city):
        put(g, s, c, [" ".join(["office"] * n)] if n else [])
    return g, s


def test_district_three_way_tie_for_first_splits_both_places():
    # district 2 (8/4): three cities tie with the largest office district -> (8+4)//3 = 4 each
    g, s = _district_state(4, [2, 2, 2, 1], ["shop", "park", "office", "house", "civic", "tavern"])
    base = [3, 3, 3, 1]  # offices 3 for two, 1 for one
    assert g.city_scores(s) == [b + e for b, e in zip(base, [4, 4, 4, 0])]


def test_district_three_way_tie_for_first_in_each_district_follows_its_tile():
    # ruling 17: the rulebook's "each tied city will receive 4 points" is (1st + 2nd) // 3 on
    # FACTS' stand-in tiles 2 (8/4) and 3 (10/4); tile 1 (6/3) gives 3 each
    for cards, share in ((["office", "park", "shop", "house", "civic", "tavern"], 3),
                         (["shop", "park", "office", "house", "civic", "tavern"], 4),
                         (["shop", "park", "civic", "house", "office", "tavern"], 4)):
        g, s = _district_state(4, [2, 2, 2, 1], cards)
        assert g.city_scores(s) == [3 + share, 3 + share, 3 + share, 1], cards


def test_district_tie_for_second_splits_second_place():
    # district 3 (10/4): one city first, two tie second -> 10, 2, 2
    g, s = _district_state(4, [3, 2, 2, 1], ["shop", "park", "civic", "house", "office", "tavern"])
    base = [6, 3, 3, 1]
    assert g.city_scores(s) == [b + e for b, e in zip(base, [10, 2, 2, 0])]


def test_district_no_second_place_after_tie_for_first():
    g, s = _district_state(3, [2, 2, 1], ["office", "park", "shop", "house", "civic", "tavern"])
    assert g.city_scores(s) == [3 + 4, 3 + 4, 1]


def test_district_counts_connected_tiles_of_both_types():
    g = make_game(3, ("districts",))
    s = blank_state(g)
    g.layout.view(s.buf, "dcard")[:] = [g.card_names.index(c) for c in
                                         ["shop", "park", "office", "house", "civic", "tavern"]]
    put(g, s, 0, ["shop park shop"])        # one district of 3
    put(g, s, 1, ["shop . park park"])      # largest 2
    assert g.city_scores(s)[0] == 2 + 2 + 2 + 6
    assert g.city_scores(s)[1] == 2 + 8 + 3
