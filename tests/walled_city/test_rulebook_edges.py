"""Rulebook sentences no other file pins down: a noble just settled may be promoted, fled
nobles leave the game (not to the supply), second-most watchmen after a tie for most, the
stand-in rings agree with "the first [Towers] you encounter along the fortifications in either
direction", and state strings round-trip at random states of every configuration (full
states and every seat's view)."""
from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from tests.walled_city.helpers import COMPILED, CONFIGS, empty_board, f, game, setup_state, texts, to_phase, tower_votes


def test_the_noble_just_settled_may_be_promoted():
    """"The Nobles may be ones that you just Settled in the previous step."""
    s = to_phase(setup_state(3, tuple(f"no-powers-{i}" for i in range(3)), 4),
                 lambda s: int(f(s, "round")[0]) == 2 and int(f(s, "phase")[0]) == 3, 4)
    seat = s.to_move()[0]
    for name in ("an", "ap", "tw"):
        f(s, name)[:] = 0                         # no noble anywhere before the wall
    f(s, "wall")[:] = 0
    if not f(s, "hand")[seat][9]:
        f(s, "hand")[seat][9] = 1
        f(s, "pool")[seat][9] += 1
    s.apply_string(seat, "wall G0")               # G0: area A1, towers T0 and T1
    s.apply_string(seat, "card 4/1")
    s.apply_string(seat, "settle 1 promote 4")
    assert texts(s) == ["nobles 0", "nobles 1"]
    s.apply_string(seat, "nobles 1")
    assert texts(s) == ["stop", f"promote p{seat} T0", f"promote p{seat} T1"]
    s.apply_string(seat, f"promote p{seat} T1")
    assert int(f(s, "tw")[1][seat]) == 1 and int(f(s, "an")[0][seat]) == 0
    assert int(f(s, "phase")[0]) == 9             # no noble left: on to adjust, 3 promotions unused


def test_fled_nobles_leave_the_game_not_for_the_supply():
    """"Discard all such Nobles from the game.\""""
    s = empty_board(3)
    f(s, "round")[0] = 2
    f(s, "road")[:] = 1
    f(s, "wall")[:] = 1
    f(s, "wall")[0] = 0
    area = s.game.board["gaps"][0]["area"]
    f(s, "an")[area][1] = 3
    supply = list(f(s, "nob"))
    buf = s.buf.copy()
    s.game.kernel.count_votes(buf)
    assert int(s.game.layout.view(buf, "an")[area][1]) == 0
    assert list(s.game.layout.view(buf, "nob")) == supply


def test_second_most_watchmen_after_a_tie_for_most():
    """Two tie for most (both take the sum); the next lower count is second-most (docs/rulings.md,
    The Walled City 6) and takes the lower half."""
    s = empty_board(4)
    t = 5
    zones = [z for z, zd in enumerate(s.game.board["zones"]) if t in zd["towers"]]
    for z, card in zip(zones, (10, 9)):            # 3/2 and 4/1, the 3 and the 1 toward tower 5
        towers = s.game.board["zones"][z]["towers"]
        f(s, "zcard")[z] = card + 1
        f(s, "zown")[z] = 1
        first_near = towers[0] == t
        f(s, "zori")[z] = (0 if first_near else 1) if card == 10 else (1 if first_near else 0)
    f(s, "tw")[t][:4] = [2, 2, 1, 0]
    assert tower_votes(s) == [4, 4, 1, 0]


@pytest.mark.parametrize("board", ["londonderry", "borderlands"])
def test_each_gap_promotes_to_the_first_tower_either_way_and_zones_join_neighbour_towers(board):
    g = game(3, ("borderlands",) if board == "borderlands" else ())
    b = g.board
    ring = b["ring"]
    n = len(ring)
    for i, item in enumerate(ring):
        if not item.startswith("G"):
            continue
        ahead = next(ring[(i + k) % n] for k in range(1, n) if ring[(i + k) % n].startswith("T"))
        behind = next(ring[(i - k) % n] for k in range(1, n) if ring[(i - k) % n].startswith("T"))
        assert sorted(b["gaps"][int(item[1:])]["towers"]) == sorted([int(ahead[1:]), int(behind[1:])])
    towers = [int(x[1:]) for x in ring if x.startswith("T")]
    pairs = {frozenset((towers[i], towers[(i + 1) % len(towers)])) for i in range(len(towers))}
    assert {frozenset(z["towers"]) for z in b["zones"]} == pairs
    for t in range(b["towers"]):
        assert sum(t in z["towers"] for z in b["zones"]) == 2   # "the Tower's two nearest Defense zones"


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_state_strings_round_trip_at_random_states_and_views(players, variants):
    g = game(players, variants)
    rnd = random.Random(players)
    s = g.new_initial_state(players)
    step = 9 if COMPILED else 23
    n = 0
    while not s.is_terminal():
        if n % step == 0:
            assert g.parse_state(s.to_string()) == s
            for seat in range(players):
                view = s.observe(seat)
                assert g.parse_state(view.to_string()) == view
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
        n += 1
    assert g.parse_state(s.to_string()) == s


def test_saddlers_cross_paths_and_roads_never_a_fence():
    """"Move each selected Peasant ... across one Road or Path into the area on the other side":
    a Carpenters' fence is neither (docs/rulings.md, The Walled City 42), so the two halves of
    a fenced area are not a move apart; each half reaches the areas across its own paths."""
    from tests.walled_city.test_powers_fences import B2, FAR, carpenter, fence
    s, me = carpenter()
    f(s, "road")[:] = 0
    f(s, "road")[3] = 1                           # a built road is crossed like a path
    fence(s, "B2", 0)                             # B2' beyond: paths P13 (to A2) and P4 (to B3)
    f(s, "ap")[B2][0] = 2
    f(s, "ap")[FAR + B2][0] = 2
    f(s, "guild")[me] = [g["power"] for g in s.game.guilds].index("saddlers-b") + 1
    f(s, "piv")[me] = 0
    from tests.walled_city.helpers import play
    play(s, "activate saddlers11b", "saddlers peasants", "saddlers B2", "saddlers p0")
    assert texts(s) == ["saddlers B1", "saddlers C2"]
    play(s, "saddlers C2", "saddlers B2'", "saddlers p0")
    assert texts(s) == ["saddlers A2", "saddlers B3"]


def test_drapers_build_on_one_piece_not_on_a_stack_or_a_broken_one():
    """"onto an already-filled Path as if it were empty": on a single road, not on two stacked
    (docs/rulings.md, The Walled City 43) nor on a broken one ("No new Road/Wall may be built
    in its place")."""
    from tests.walled_city.helpers import play, power_turn
    s, me = power_turn("drapers")
    f(s, "road")[:3] = [1, 3, 2]
    play(s, "activate drapers3")
    built = set(texts(s))
    assert "road P0" in built and "road P1" not in built and "road P2" not in built
    assert {t for t in built if t.startswith("road")} == {f"road P{p}" for p in range(len(f(s, "road")))
                                                          if f(s, "road")[p] <= 1}


@pytest.mark.parametrize("players,variants", [c for c in CONFIGS if c not in
                                              ((2, ()), (3, ("borderlands",)), (4, ("mixed-guilds",)))])
def test_every_legal_move_round_trips_through_notation_in_the_other_configurations(players, variants):
    """test_notation.py plays 2p Londonderry, 3p Borderlands and 4p mixed; these are the rest."""
    s = game(players, variants).new_initial_state(players + 7)
    rnd = random.Random(players)
    while not s.is_terminal():
        seat = s.to_move()[0]
        moves = s.legal_moves(seat)
        words = [s.move_to_string(seat, m) for m in moves]
        assert len(set(words)) == len(words)
        for m, w in zip(moves, words):
            assert s.parse_move(seat, w) == m and not w.startswith("#")
        s.apply(seat, rnd.choice(moves))


def test_saddlers_move_exactly_two_nobles_of_any_owners_then_stop():
    """"any three Peasants or any two Nobles (but none in Towers) ... they may belong to the same
    or different players, including yourself"."""
    from tests.walled_city.helpers import play, power_turn
    s, me = power_turn("saddlers-b", variants=("borderlands",))
    names = s.game.board["areas"]
    other = (me + 1) % 3
    f(s, "an")[0][other] = 1                      # Centre: a rival's noble
    f(s, "an")[1][me] = 1                         # North: my own
    f(s, "tw")[0][me] = 4                         # watchmen never move
    play(s, "activate saddlers11b")
    assert texts(s) == ["saddlers nobles"]        # 2 nobles in the areas, no peasants
    play(s, "saddlers nobles")
    assert texts(s) == [f"saddlers {names[0]}", f"saddlers {names[1]}"]
    play(s, f"saddlers {names[0]}", f"saddlers p{other}", f"saddlers {names[1]}")
    assert texts(s) == [f"saddlers {names[1]}"]   # the moved noble is not picked again
    play(s, f"saddlers {names[1]}", f"saddlers p{me}", f"saddlers {names[0]}")
    assert int(f(s, "phase")[0]) == 3             # two moved: the power is over
    assert int(f(s, "an")[0][me]) == 1 and int(f(s, "an")[1][other]) == 1 and int(f(s, "tw")[0][me]) == 4


def test_a_face_down_card_shows_its_zone_not_its_orientation():
    """The zone a card goes to is seen; which number faces which tower is on the hidden face."""
    s = to_phase(setup_state(3, (), 5), lambda s: int(f(s, "phase")[0]) == 11, 5)
    seat = s.to_move()[0]
    other = (seat + 1) % 3
    moves = s.legal_moves(seat)
    k = s.game.kernel
    pairs = [(m, m + 1) for m in moves if m % 2 == 0 and m + 1 in moves]
    assert pairs, "a card with two different numbers has two orientations per zone"
    m0, m1 = pairs[0]
    assert k.observed_move(s.buf, seat, m0, other) == k.observed_move(s.buf, seat, m1, other)
    assert k.observed_move(s.buf, seat, m0, seat) != k.observed_move(s.buf, seat, m1, seat)
    zones = {k.observed_move(s.buf, seat, m, other) for m in moves}
    assert len(zones) == len({m // 2 for m in moves})   # one code per zone


@pytest.mark.parametrize("board,tpaths,chits", [("londonderry", 0, 4), ("borderlands", 8, 1)])
def test_stand_in_boards_have_the_printed_counts(board, tpaths, chits):
    """Twelve Gaps for the 12 Walls, twenty Faction die spots, "eight Paths that act as the top
    of a T" on Borderlands (none on Londonderry), four / one Survey chit spots, at most 24
    Paths (the Road pieces) and enough for every Road a player count builds."""
    g = game(3, ("borderlands",) if board == "borderlands" else ())
    b = g.board
    assert len(b["gaps"]) == 12 and len(b["die_spots"]) == 20 and len(b["chit_spots"]) == chits
    assert sum(len(p["a"]) == 2 or len(p["b"]) == 2 for p in b["paths"]) == tpaths
    assert all(len(p["a"]) == 1 or len(p["b"]) == 1 for p in b["paths"])   # one side of a T is one area
    assert len(b["paths"]) <= 24
    for n, row in b["setup"].items():
        assert row["starting_roads"] + int(n) * row["roads"] <= len(b["paths"])
        assert int(n) * row["walls"] == 12
