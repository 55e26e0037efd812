"""Count Votes: neighbourhoods, neighbourhood majorities with survey chits, faction majorities,
fleeing nobles -- every worked example of the rulebook."""
from __future__ import annotations

from tests.walled_city.helpers import empty_board, f, faction_votes, neighbourhood_votes, votes

OLIVE, WILLIAM, TANYA = 0, 1, 2


def isolate_all(s):
    """Build every path: each area is its own neighbourhood."""
    f(s, "road")[:] = 1
    return s


def put(s, area, owner, nobles=0, peasants=0):
    f(s, "an")[area][owner] += nobles
    f(s, "ap")[area][owner] += peasants


def test_neighbourhoods_join_areas_through_unbuilt_paths():
    s = isolate_all(empty_board(3))
    f(s, "road")[0] = 0   # A1-A2 open
    f(s, "road")[1] = 0   # A2-A3 open
    comp = [0] * 16
    s.game.kernel.comps(s.buf, comp)
    assert comp[0] == comp[1] == comp[2] == 0 and comp[3] == 3 and len(set(comp)) == 14


def test_broken_path_joins_like_an_unbuilt_one():
    s = isolate_all(empty_board(3))
    f(s, "road")[0] = 2   # broken (Goldsmiths) counts as not there
    comp = [0] * 16
    s.game.kernel.comps(s.buf, comp)
    assert comp[0] == comp[1]


def test_multi_area_neighbourhood_counts_citizens_in_all_its_areas():
    s = isolate_all(empty_board(3))
    f(s, "road")[0] = f(s, "road")[1] = 0          # neighbourhood A1+A2+A3
    put(s, 0, WILLIAM, nobles=1, peasants=1)
    put(s, 2, WILLIAM, peasants=1)                  # William 3 across two areas
    put(s, 1, OLIVE, nobles=2)                      # Olive 2
    assert neighbourhood_votes(s)[:3] == [3, 5, 0]


def test_example_1_five_four_one_citizens():
    s = isolate_all(empty_board(3))
    put(s, 0, OLIVE, peasants=5)
    put(s, 0, TANYA, peasants=4)
    put(s, 0, WILLIAM, peasants=1)
    assert neighbourhood_votes(s) == [5, 2, 3]


def test_example_2_nobles_break_a_tie():
    s = isolate_all(empty_board(3))
    put(s, 0, OLIVE, nobles=1, peasants=1)
    put(s, 0, TANYA, peasants=2)
    assert neighbourhood_votes(s) == [5, 0, 3]


def test_example_3_full_tie_splits_combined_places_with_a_plus_one_chit():
    s = isolate_all(empty_board(3))
    area = s.game.board["chit_spots"][0]
    f(s, "chit")[0] = 1
    put(s, area, OLIVE, nobles=1, peasants=1)
    put(s, area, WILLIAM, nobles=1, peasants=1)
    put(s, area, TANYA, peasants=2)
    assert neighbourhood_votes(s) == [5, 5, 3]


def test_four_players_three_way_tie_split_with_remainder_lost():
    s = isolate_all(empty_board(4))
    put(s, 0, 0, peasants=2)
    for p in (1, 2, 3):
        put(s, 0, p, peasants=1)
    assert neighbourhood_votes(s) == [5, 1, 1, 1]


def test_minus_one_chits_make_places_negative():
    s = empty_board(4)   # no roads: the whole city is one neighbourhood holding all 4 chits
    f(s, "chit")[:] = -1
    for p, n in enumerate((4, 3, 2, 1)):
        put(s, 0, p, peasants=n)
    assert neighbourhood_votes(s) == [1, -1, -2, -4]


def test_a_negative_total_split_drops_its_remainder_toward_zero():
    # ruling 3: places 2-4 with four -1 chits are -1, -2 and -4; three tied players share -7,
    # "ignoring remainders" gives -2 each (toward zero), not -3 (floor)
    s = empty_board(4)
    f(s, "chit")[:] = -1
    put(s, 0, 0, peasants=2)
    for p in (1, 2, 3):
        put(s, 0, p, peasants=1)
    assert neighbourhood_votes(s) == [1, -2, -2, -2]


def test_one_minus_chit_gives_fourth_place_minus_one():
    s = isolate_all(empty_board(4))
    area = s.game.board["chit_spots"][0]
    f(s, "chit")[0] = -1
    for p, n in enumerate((4, 3, 2, 1)):
        put(s, area, p, peasants=n)
    assert neighbourhood_votes(s) == [4, 2, 1, -1]


def test_a_player_needs_a_citizen_to_place():
    s = isolate_all(empty_board(3))
    area = s.game.board["chit_spots"][0]
    f(s, "chit")[0] = -1
    put(s, area, OLIVE, peasants=1)
    assert neighbourhood_votes(s) == [4, 0, 0]


def _yellow(s, values_in_areas, tower_value=None):
    die_area, die_tower = s.game.topo["die_area"], s.game.topo["die_tower"]
    spots = [d for d in range(20) if die_area[d] >= 0][:len(values_in_areas)]
    for d, v in zip(spots, values_in_areas):
        f(s, "die_f")[d], f(s, "die_v")[d] = 3, v
    tspot = None
    if tower_value is not None:
        tspot = next(d for d in range(20) if die_tower[d] >= 0)
        f(s, "die_f")[tspot], f(s, "die_v")[tspot] = 3, tower_value
    for d in range(20):  # every other die: another faction, worth nothing
        if f(s, "die_v")[d] == 0:
            f(s, "die_f")[d] = 0
    return [int(die_area[d]) for d in spots], (int(die_tower[tspot]) if tspot is not None else None)


def test_faction_example_1_most_citizens_sharing_neighbourhoods_with_its_dice():
    s = isolate_all(empty_board(3))
    areas, _ = _yellow(s, [3, 2, 2], tower_value=3)   # tower die ignored in round 1: value 7
    put(s, areas[0], OLIVE, nobles=3, peasants=3)
    put(s, areas[1], WILLIAM, nobles=2, peasants=3)
    put(s, areas[2], TANYA, nobles=2, peasants=5)
    assert faction_votes(s, 0) == [0, 0, 7]


def test_faction_example_2_full_tie_splits_value_remainder_lost():
    s = isolate_all(empty_board(3))
    areas, _ = _yellow(s, [3, 2])
    put(s, areas[0], OLIVE, nobles=1, peasants=1)
    put(s, areas[1], WILLIAM, nobles=1, peasants=1)
    assert faction_votes(s, 0) == [2, 2, 0]


def test_faction_nobles_break_a_tie():
    s = isolate_all(empty_board(3))
    areas, _ = _yellow(s, [2])
    put(s, areas[0], OLIVE, nobles=2)
    put(s, areas[0], TANYA, nobles=1, peasants=1)
    assert faction_votes(s, 0) == [2, 0, 0]


def test_faction_counts_the_whole_neighbourhood_of_a_die():
    s = isolate_all(empty_board(3))
    areas, _ = _yellow(s, [2])
    a = areas[0]
    path = next(i for i, p in enumerate(s.game.board["paths"]) if a in p["a"] + p["b"])
    f(s, "road")[path] = 0
    other = [x for x in s.game.board["paths"][path]["a"] + s.game.board["paths"][path]["b"] if x != a][0]
    put(s, other, WILLIAM, peasants=3)   # no die in this area, but same neighbourhood
    put(s, a, OLIVE, peasants=2)
    assert faction_votes(s, 0) == [0, 2, 0]


def test_round_two_faction_example_counts_towers_holding_its_dice():
    s = isolate_all(empty_board(3))
    areas, tower = _yellow(s, [3, 2, 2], tower_value=2)   # all four dice: value 9
    put(s, areas[0], OLIVE, nobles=1, peasants=6)
    f(s, "tw")[tower][OLIVE] = 1                          # Olive 8 with the watchman
    put(s, areas[1], WILLIAM, nobles=2, peasants=3)
    put(s, areas[2], TANYA, nobles=2, peasants=5)
    assert faction_votes(s, 1) == [9, 0, 0]
    assert faction_votes(s, 0) == [0, 0, 7]               # round 1 would ignore the tower


def test_nobody_scores_a_faction_without_citizens():
    s = isolate_all(empty_board(3))
    _yellow(s, [3])
    assert faction_votes(s, 0) == [0, 0, 0]


def test_nobles_flee_neighbourhoods_with_an_unfilled_gap():
    s = isolate_all(empty_board(3))
    f(s, "round")[0] = 2
    f(s, "wall")[:] = 1
    g0 = s.game.board["gaps"][0]["area"]
    g1 = s.game.board["gaps"][1]["area"]
    f(s, "wall")[0] = 0                      # gap 0 open
    put(s, g0, OLIVE, nobles=2, peasants=1)
    put(s, g1, OLIVE, nobles=2)
    buf = s.buf.copy()
    s.game.kernel.count_votes(buf)
    an = s.game.layout.view(buf, "an")
    assert int(an[g0][OLIVE]) == 0 and int(an[g1][OLIVE]) == 2
    assert int(s.game.layout.view(buf, "ap")[g0][OLIVE]) == 1   # peasants stay


def test_nobles_do_not_flee_in_round_one():
    s = isolate_all(empty_board(3))
    g0 = s.game.board["gaps"][0]["area"]
    put(s, g0, OLIVE, nobles=2)
    buf = s.buf.copy()
    s.game.kernel.count_votes(buf)
    assert int(s.game.layout.view(buf, "an")[g0][OLIVE]) == 2


def test_count_votes_adds_both_scorings_to_the_score():
    s = isolate_all(empty_board(3))
    areas, _ = _yellow(s, [3])
    put(s, areas[0], TANYA, peasants=2)
    assert votes(s) == [0, 0, 5 + 3]


def test_two_player_neutral_competes_for_majorities_but_scores_nothing():
    s = isolate_all(empty_board(2))
    put(s, 0, 2, nobles=1, peasants=2)     # neutral: first place
    put(s, 0, 0, peasants=1)
    assert neighbourhood_votes(s) == [3, 0, 5]
    assert votes(s)[:2] == [3, 0]


def test_flee_example_every_noble_of_a_multi_area_neighbourhood_with_an_open_gap_leaves():
    # Rulebook example: two open gaps; the top-right neighbourhood has no nobles (no change),
    # the bottom one holds two of Olive's nobles and one each of William's and Tanya's, spread
    # over its areas: all four flee, even from an area with no gap of its own.
    s = isolate_all(empty_board(3))
    f(s, "round")[0] = 2
    f(s, "wall")[:] = 1
    gaps = s.game.board["gaps"]
    paths = s.game.board["paths"]
    # bottom neighbourhood: the gap area of gap 7 (D3) joined with D2 and inner C3
    g_bottom = 7
    d3 = gaps[g_bottom]["area"]
    joined = {d3}
    for i, p in enumerate(paths):
        if d3 in p["a"] + p["b"]:
            f(s, "road")[i] = 0
            joined |= set(p["a"] + p["b"])
    inner = next(a for a in joined if a not in {g["area"] for g in gaps})   # no gap on its perimeter
    f(s, "wall")[g_bottom] = 0
    f(s, "wall")[3] = 0                                                   # top-right gap, no nobles there
    put(s, d3, OLIVE, nobles=1, peasants=2)
    put(s, inner, OLIVE, nobles=1)
    put(s, inner, WILLIAM, nobles=1, peasants=1)
    other = next(a for a in joined if a not in (d3, inner))
    put(s, other, TANYA, nobles=1)
    put(s, gaps[3]["area"], WILLIAM, peasants=2)
    safe = gaps[0]["area"]
    put(s, safe, TANYA, nobles=2)
    f(s, "tw")[gaps[g_bottom]["towers"][0]][OLIVE] = 1                    # watchmen never flee
    buf = s.buf.copy()
    s.game.kernel.count_votes(buf)
    an = s.game.layout.view(buf, "an")
    ap = s.game.layout.view(buf, "ap")
    assert all(int(an[a][o]) == 0 for a in joined for o in range(3))
    assert int(ap[d3][OLIVE]) == 2 and int(ap[inner][WILLIAM]) == 1 and int(ap[gaps[3]["area"]][WILLIAM]) == 2
    assert int(an[safe][TANYA]) == 2
    assert int(s.game.layout.view(buf, "tw")[gaps[g_bottom]["towers"][0]][OLIVE]) == 1
    # the fled nobles are out of the game, not back in the supply
    assert list(s.game.layout.view(buf, "nob")) == list(f(s, "nob"))


def test_neighbourhoods_form_example_region_b_two_areas_make_one_neighbourhood():
    # "the one marked B becomes a single neighborhood (composed of two areas and everything in
    # them)": an unbuilt path between two areas, every other path built
    s = isolate_all(empty_board(3))
    f(s, "road")[0] = 0                              # A1-A2 open, A2-A3 built
    comp = [0] * 16
    s.game.kernel.comps(s.buf, comp)
    assert comp[0] == comp[1] != comp[2] and len(set(comp)) == 15
    put(s, 0, TANYA, peasants=1)
    put(s, 1, TANYA, peasants=1)                     # Tanya 2 across the two areas: 1st
    put(s, 1, OLIVE, nobles=1)                       # Olive 1: 2nd
    put(s, 2, WILLIAM, peasants=3)                   # A3 is a neighbourhood of its own
    assert neighbourhood_votes(s)[:3] == [3, 5, 5]


def test_faction_tracking_example_three_yellow_dice_add_up_to_seven_the_towers_ignored():
    s = empty_board(3)
    yellow = s.game.edition["factions"].index("yellow")
    die_area = s.game.topo["die_area"]
    areas = [d for d in range(20) if die_area[d] >= 0][:3]
    tower = [d for d in range(20) if die_area[d] < 0][0]
    for d, v in zip(areas, (3, 2, 2)):
        f(s, "die_f")[d], f(s, "die_v")[d] = yellow, v
    f(s, "die_f")[tower], f(s, "die_v")[tower] = yellow, 3
    assert s.game.kernel.faction_value(s.buf, yellow, 0) == 7
    assert s.game.kernel.faction_value(s.buf, yellow, 1) == 10   # round 2 counts the tower's too
