"""Block ownership: white (1st) and black (2nd) cubes (rulebook: Block Ownership)."""
from tests.city_and_guilds.helpers import f, place, position

B = 1  # block B: e1-h1, e2-h2


def owners(s):
    return int(f(s, "white")[B]) - 1, int(f(s, "black")[B]) - 1


def start(tiles, seat, hand=("building-bakers", "market-bakers", "minstrel"), men=None):
    return position(tiles=tiles, hands={seat: list(hand)}, cur=seat, men=men)


def test_first_man_in_a_block_takes_the_white_cube_and_the_second_player_the_black():
    s = start({"e1": ("building-bakers", 0, 1)}, 1)
    assert owners(s) == (0, -1)
    place(s, 1, "place building-bakers f1")
    assert owners(s) == (0, 1)


def test_majority_of_buildings_takes_first_place():
    s = start({"e1": ("building-bakers", 0, 2), "f1": ("building-bakers", 1, 1)}, 1)
    assert owners(s) == (0, 1)
    place(s, 1, "place building-bakers g1")  # 2 buildings (2 men) beat 1 building (2 men)
    assert owners(s) == (1, 0)


def test_tie_on_buildings_is_broken_by_men():
    s = start({"e1": ("building-bakers", 0, 1), "f1": ("building-bakers", 1, 1)}, 1)
    place(s, 1, "place building-bakers g1")
    assert owners(s) == (1, 0)
    s = start({"e1": ("building-bakers", 0, 1), "f1": ("building-bakers", 0, 1),
               "g1": ("building-bakers", 1, 1)}, 1)
    place(s, 1, "place building-bakers h1 two-men")  # 2 buildings, 3 men vs 2 buildings, 2 men
    assert owners(s) == (1, 0)


def test_placing_player_must_surpass_a_full_tie_leaves_the_cubes():
    s = start({"e1": ("building-bakers", 0, 2), "f1": ("building-bakers", 1, 1)}, 1)
    place(s, 1, "place minstrel g1")  # no man: nothing changes
    assert owners(s) == (0, 1)
    s = start({"e1": ("building-bakers", 0, 1), "f1": ("building-bakers", 1, 1)}, 2)
    place(s, 2, "place building-bakers g1")  # seat 2 ties seat 1 exactly: black stays
    assert owners(s) == (0, 1)
    s = start({"e1": ("building-bakers", 0, 2), "f1": ("building-bakers", 1, 1)}, 1)
    f(s, "men")[1] = 5
    place(s, 1, "place building-bakers g1")  # 2 buildings 2 men vs 1 building 2 men: surpasses
    assert owners(s) == (1, 0)


def test_second_player_equalling_the_first_exactly_leaves_the_white_cube():
    s = start({"e1": ("building-bakers", 0, 1), "f1": ("building-bakers", 0, 1),
               "g1": ("building-bakers", 1, 1)}, 1)
    assert owners(s) == (0, 1)
    place(s, 1, "place building-bakers h1")  # 2 buildings, 2 men each: the cubes stay
    assert owners(s) == (0, 1)


def test_markets_do_not_count_for_ownership():
    s = start({"e1": ("building-bakers", 0, 1)}, 1)
    place(s, 1, "place market-bakers f1")
    assert owners(s) == (0, -1)


def test_building_placed_without_a_man_owns_nothing():
    s = start({"e1": ("building-bakers", 0, 1)}, 1, men={1: 0})
    place(s, 1, "place building-bakers f1")
    assert owners(s) == (0, -1)
    assert f(s, "nmen")[s.game.map.names.index("f1")] == 0


def test_minstrels_house_with_a_man_counts_as_a_building_of_its_owner():
    s = start({"e1": ("building-bakers", 0, 1)}, 1)
    place(s, 1, "place minstrel f1 man")
    assert owners(s) == (0, 1)


def test_black_cube_moves_when_third_surpasses_second():
    s = start({"e1": ("building-bakers", 0, 2), "f1": ("building-bakers", 0, 1),
               "g1": ("building-bakers", 1, 1)}, 2)
    place(s, 2, "place building-bakers h1 two-men")
    assert owners(s) == (0, 2)


def test_a_displaced_first_keeps_its_lead_over_a_second_it_was_level_with():
    # ruling 9b: seats 0 and 1 level (1 building, 1 man each), 0 white by having come first;
    # seat 2 surpasses both: it takes white, seat 0 takes black, seat 1 stays behind seat 0
    s = start({"e1": ("building-bakers", 0, 1), "f1": ("building-bakers", 1, 1)}, 2)
    assert owners(s) == (0, 1)
    place(s, 2, "place building-bakers g1 two-men")
    assert owners(s) == (2, 0)


def test_a_placer_level_with_first_and_ahead_of_second_takes_the_black_cube():
    # ruling 9a: seat 2 ties the white holder (2 buildings, 2 men each) and surpasses the black
    # holder (1 building, 1 man): the white cube stays, the black one moves to seat 2
    s = start({"e1": ("building-bakers", 0, 1), "f1": ("building-bakers", 0, 1),
               "g1": ("building-bakers", 1, 1), "h1": ("building-bakers", 2, 1)}, 2)
    assert owners(s) == (0, 1)
    place(s, 2, "place building-bakers e2")
    assert owners(s) == (0, 2)
