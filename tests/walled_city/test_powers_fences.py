"""Carpenters (Guilds Appendix): a fence from the box divides one area in two, along one of the
edition's splits; citizens divided at will; the die or chit to the side with more citizens
(a tie: the Carpenter's choice); neighbourhoods, T-paths and double T-paths follow the fence."""
from __future__ import annotations

import copy
import json
import os

import pytest

import engine
from engine.core import make_rng
from engine.errors import EditionError
from tests.search.bounds_helpers import play_randomly
from tests.walled_city.helpers import f, play, power_turn, texts

EDITION = os.path.join(os.path.dirname(engine.__file__), "walled_city", "data", "standin.json")
# Londonderry (mixed guild deck, so the Borderlands Carpenters can be held there)
A1, A2, B2, C2 = 0, 1, 5, 9
FAR = 16                                  # far half of Londonderry area a: FAR + a
# Borderlands
CENTRE, NORTH, EAST, SOUTH = 0, 1, 2, 3
BFAR = 13


def carpenter(variants=("mixed-guilds",), players=3, round_=1):
    return power_turn("carpenters-b", players=players, variants=variants, round_=round_)


def comp(s):
    c = [0] * s.game.sizes["areas"]
    s.game.kernel.comps(s.buf, c)
    return c


def fence(s, area: str, split: int, *divide: str):
    """Activate, fence ``area`` with ``split`` and divide as given (then 0 to the far half; on a
    tie the die or chit stays on the near side)."""
    play(s, "activate carpenters1b", f"carpenters {area}", f"carpenters fence {area} {split}")
    for d in divide:
        play(s, d)
    while int(f(s, "phase")[0]) == 14:
        play(s, texts(s)[0])


def test_every_area_with_a_split_is_offered_then_its_splits_then_never_again():
    s, me = carpenter(("borderlands",))
    play(s, "activate carpenters1b")
    names = s.game.board["areas"]
    assert texts(s) == [f"carpenters {n}" for n in names]
    play(s, "carpenters North")
    assert texts(s) == [f"carpenters fence North {k}" for k in range(3)]
    play(s, "carpenters fence North 0")
    assert int(f(s, "fence")[NORTH]) == 1 and f(s, "piv")[me] == 1
    f(s, "piv")[me] = 0                              # a second fence (e.g. a copy by Grocers)
    if int(f(s, "phase")[0]) == 14:                 # a die in North, a tie (0 = 0): it stays
        play(s, "carpenters North")
    play(s, "activate carpenters1b")
    assert "carpenters North" not in texts(s) and "carpenters Centre" in texts(s)


def test_the_far_side_pieces_border_the_new_half_and_the_halves_are_apart():
    s, me = carpenter(("borderlands",))
    f(s, "road")[:] = 1
    fence(s, "North", 0)                             # far side: P8 (to Rim1/Rim2) and P21 (to Rim3)
    side = f(s, "pside")
    assert list(side[8][:2]) == [BFAR + NORTH, -1] and list(side[21][2:]) == [BFAR + NORTH, -1]
    assert list(side[4][:2]) == [NORTH, -1]           # P4 stays with the near half
    f(s, "road")[:] = 0                              # even with every path open ...
    c = comp(s)
    assert c[NORTH] == c[BFAR + NORTH]               # ... they join round about, through Rim and East
    f(s, "road")[[8, 21]] = 1                        # but not across the fence
    c = comp(s)
    assert c[NORTH] != c[BFAR + NORTH]


def test_citizens_are_divided_however_the_carpenter_wants_neutral_too():
    s, me = carpenter(players=2)
    an, ap = f(s, "an"), f(s, "ap")
    an[A1] = [2, 0, 1]
    ap[A1] = [3, 1, 2]
    play(s, "activate carpenters1b", "carpenters A1", "carpenters fence A1 0")
    steps = []
    while int(f(s, "phase")[0]) == 14:
        t = texts(s)
        steps.append(t)
        play(s, t[-1] if len(steps) % 2 else t[0])   # all, none, all, none ...
    assert [len(t) for t in steps] == [3, 4, 2, 2, 3]  # p0 nobles, p0 peasants, p1 peasants, n n, n p
    assert steps[0][2] == "carpenters p0 nobles 2>A1'" and steps[3][0] == "carpenters n nobles 0>A1'"
    assert list(an[A1]) == [0, 0, 1] and list(an[FAR + A1]) == [2, 0, 0]
    assert list(ap[A1]) == [3, 0, 0] and list(ap[FAR + A1]) == [0, 1, 2]


def test_the_die_goes_to_the_side_with_more_citizens():
    s, me = carpenter()
    die = [d for d in range(20) if f(s, "dloc")[d] == A1][0]
    f(s, "ap")[A1][0] = 3
    fence(s, "A1", 0, "carpenters p0 peasants 2>A1'")
    assert f(s, "dloc")[die] == FAR + A1 and int(f(s, "phase")[0]) != 14
    s, me = carpenter()
    f(s, "ap")[A1][0] = 3
    fence(s, "A1", 0, "carpenters p0 peasants 1>A1'")
    assert f(s, "dloc")[die] == A1


def test_on_a_tie_the_carpenter_chooses_the_side_of_the_chit():
    s, me = carpenter()
    chit_area = int(f(s, "cloc")[0])
    name = s.game.area_names[chit_area]
    play(s, "activate carpenters1b", f"carpenters {name}", f"carpenters fence {name} 0")
    assert texts(s) == [f"carpenters {name}", f"carpenters {name}'"]    # empty area: 0 = 0
    play(s, f"carpenters {name}'")
    assert f(s, "cloc")[0] == FAR + chit_area


def test_a_fence_ending_on_a_path_makes_it_a_t_path_for_settling():
    s, me = carpenter()
    f(s, "road")[:] = 0
    fence(s, "B2", 1)                                # B2 split 1: ends on P13 (A2|B2) and P17 (B2|C2)
    assert list(f(s, "pside")[13]) == [A2, -1, B2, FAR + B2]
    play(s, "road P13", "card 3/2")
    assert set(texts(s)) == {"3>A2 2>B2", "3>A2 2>B2'", "3>B2 2>A2", "3>B2' 2>A2"}


def test_two_fences_on_one_path_make_a_double_t_path():
    s, me = carpenter()
    f(s, "road")[:] = 0
    fence(s, "B2", 1)
    f(s, "piv")[me] = 0
    fence(s, "C2", 1)                                # C2 split 1 ends on P17 too
    assert list(f(s, "pside")[17]) == [B2, FAR + B2, C2, FAR + C2]
    play(s, "road P17", "card 3/2")
    assert len(texts(s)) == 8 and "3>B2' 2>C2'" in texts(s) and "3>C2' 2>B2" in texts(s)


def test_borderlands_centre_fence_on_a_t_path_makes_a_double_t_path_at_once():
    s, me = carpenter(("borderlands",))
    f(s, "road")[:] = 0
    fence(s, "Centre", 1)                            # ends on P1: Centre|Centre' against East|South
    assert list(f(s, "pside")[1]) == [CENTRE, BFAR + CENTRE, EAST, SOUTH]


def test_adjust_may_pick_a_die_on_either_half_of_a_t_path():
    s, me = carpenter()
    f(s, "road")[:] = 0
    dice_b2 = [d for d in range(20) if f(s, "dloc")[d] == B2]
    fence(s, "B2", 1)
    f(s, "dloc")[dice_b2[0] if dice_b2 else 0] = FAR + B2
    d = dice_b2[0] if dice_b2 else 0
    play(s, "road P13", "card 1/1", "1>A2 1>B2'", "nobles 0", "nobles 0")
    assert any(t.startswith(f"die {d}") for t in texts(s))


def test_adjust_may_pick_a_die_in_any_of_the_four_areas_of_a_double_t_path():
    # "(And could choose from any of the four areas when Adjusting a Faction die or Survey chit.)"
    s, me = carpenter()
    f(s, "road")[:] = 0
    fence(s, "B2", 1)
    f(s, "piv")[me] = 0
    fence(s, "C2", 1)                                # P17: B2|B2' against C2|C2'
    halves = [B2, FAR + B2, C2, FAR + C2]
    for d, where in zip(range(4), halves):           # a die in each of the four areas
        f(s, "dloc")[d] = where
    f(s, "dloc")[4] = A1                             # and one away from the path
    play(s, "road P17", "card 1/1", "1>B2' 1>C2")
    while not any(t.startswith("die ") for t in texts(s)):
        play(s, texts(s)[0])                         # the promotions of round 1: none to make
    for d in range(4):
        assert {f"die {d}-", f"die {d}+"} & set(texts(s)), d
    assert not {"die 4-", "die 4+"} & set(texts(s))


def test_round_two_fence_ending_on_an_open_path_joins_its_halves_through_that_path():
    # ruling 44: a fence acts as a road at once in round 2, and neighbourhoods are bounded by
    # roads; B2 split 1 ends on P17, which has no road yet, so B2 and B2' stay one
    # neighbourhood through C2 across it, and two once P17 is built
    s, me = carpenter(round_=2)
    f(s, "road")[:] = 1
    f(s, "road")[17] = 0
    fence(s, "B2", 1)
    assert comp(s)[B2] == comp(s)[FAR + B2] == comp(s)[C2]
    f(s, "road")[17] = 1
    assert comp(s)[B2] != comp(s)[FAR + B2]


def test_round_two_halves_are_separate_neighbourhoods_at_once_and_nobles_flee_by_gap():
    s, me = carpenter(round_=2)
    f(s, "road")[:] = 1
    f(s, "wall")[:] = 1
    f(s, "wall")[0] = 0                              # A1's gap open; A1 split 0 keeps it on the near side
    f(s, "an")[A1][0] = 2
    fence(s, "A1", 0, "carpenters p0 nobles 1>A1'")
    assert comp(s)[A1] != comp(s)[FAR + A1]
    buf = s.buf.copy()
    s.game.kernel.count_votes(buf)
    an = s.game.layout.view(buf, "an")
    assert int(an[A1][0]) == 0 and int(an[FAR + A1][0]) == 1


def test_round_one_fence_counts_like_a_road():
    s, me = carpenter()
    f(s, "road")[:] = 1
    f(s, "ap")[A1][0] = 2
    f(s, "ap")[A1][1] = 3
    fence(s, "A1", 0, "carpenters p0 peasants 2>A1'")
    add = [0] * s.game.owners
    s.game.kernel.score_neighbourhoods(s.buf, comp(s), add)
    assert add == [5, 5, 0]                          # p0 alone in A1', p1 alone in A1
    drawing = s.game.draw(s, None)
    assert "Fenced halves" in drawing and "A1' (fence 0 of A1)" in drawing and "p0:0+2" in drawing


def test_a_fence_is_no_piece_for_other_powers():
    s, me = carpenter()
    f(s, "road")[:] = 0
    f(s, "road")[3] = 1
    fence(s, "B2", 0)
    f(s, "guild")[me] = [g["power"] for g in s.game.guilds].index("skinners") + 1
    f(s, "piv")[me] = 0
    play(s, "activate skinners6")
    assert texts(s) == ["skinners P3"]


def test_saddlers_across_a_t_path_choose_either_half():
    s, me = carpenter()
    f(s, "road")[:] = 0
    fence(s, "B2", 1)
    f(s, "ap")[A2][0] = 3
    f(s, "guild")[me] = [g["power"] for g in s.game.guilds].index("saddlers-b") + 1
    f(s, "piv")[me] = 0
    play(s, "activate saddlers11b", "saddlers peasants", "saddlers A2", "saddlers p0")
    assert {"saddlers B2", "saddlers B2'"} <= set(texts(s))


def _edition(tmp_path, change):
    d = json.load(open(EDITION))
    change(d["boards"]["londonderry"])
    p = tmp_path / "e.json"
    p.write_text(json.dumps(d))
    return str(p)


@pytest.mark.parametrize("change,words", [
    (lambda b: b["fences"][0].append({"paths": [5], "gaps": []}), "does not border"),
    (lambda b: b["fences"][0].append({"paths": [0, 12], "gaps": [0]}), "each half"),
    (lambda b: b["fences"][0].append({"paths": [0], "gaps": [], "tpaths": [0]}), "both beyond"),
    (lambda b: b["fences"][0].append({"paths": [0], "gaps": [], "fence": 1}), "unknown key"),
])
def test_broken_fence_splits_are_refused(tmp_path, change, words):
    with pytest.raises(EditionError, match=words):
        engine.make_game("walled_city", 3, (), _edition(tmp_path, change))


def test_a_tpath_must_have_the_area_alone_on_its_side(tmp_path):
    d = json.load(open(EDITION))
    b = copy.deepcopy(d["boards"]["borderlands"])
    b["fences"][1].append({"paths": [4], "gaps": [], "tpaths": [0]})   # P0: North shares its side
    d["boards"]["borderlands"] = b
    p = tmp_path / "e.json"
    p.write_text(json.dumps(d))
    with pytest.raises(EditionError, match="two areas"):
        engine.make_game("walled_city", 3, ("borderlands",), str(p))


def test_the_svg_draws_the_fence_and_its_far_half():
    from engine.walled_city.svg import draw_svg

    s, me = carpenter()
    f(s, "ap")[A1][0] = 2
    fence(s, "A1", 0, "carpenters p0 peasants 2>A1'")
    svg = draw_svg(s.game, s)
    assert 'data-id="A1\'"' in svg and "p0:0+2" in svg and "fence 0 of A1" in svg


def _saddler(s, me):
    """Hand ``me`` the Saddlers for a second activation this turn (as a later turn would)."""
    g = [x["power"] for x in s.game.guilds].index("saddlers-b")
    f(s, "gstate")[g] = 3
    f(s, "guild")[me] = g + 1
    f(s, "piv")[me] = 0
    f(s, "tused")[0] = 0


def test_saddlers_never_select_a_citizen_in_a_half_that_borders_no_path():
    # Londonderry A4 split 0 leaves the far half A4' only a gap (the fortifications): its
    # citizens cannot cross a road or path (ruling 42), so the Saddlers cannot select them;
    # selecting one left the seat with no legal move (found by an audit, session 26)
    s, me = carpenter()
    a4 = s.game.area_names.index("A4")
    other = (me + 1) % 3
    f(s, "ap")[a4, other] = 3
    f(s, "pea")[other] -= 3
    play(s, "activate carpenters1b", "carpenters A4", "carpenters fence A4 0")
    while int(f(s, "phase")[0]) == 14:
        play(s, texts(s)[-1])  # every citizen to the far half
    assert f(s, "ap")[FAR + a4, other] == 3
    assert FAR + a4 not in set(int(x) for x in f(s, "pside").ravel())
    f(s, "ap")[A1, other] = 2
    _saddler(s, me)
    assert "activate saddlers11b" not in texts(s)  # two peasants can leave, not three
    f(s, "ap")[A1, other] = 3
    play(s, "activate saddlers11b", "saddlers peasants")
    assert "saddlers A4'" not in texts(s) and "saddlers A1" in texts(s)
    for _ in range(3):  # each of the three: an area, an owner, a destination
        for _ in range(3):
            assert texts(s), "a Saddlers step with no choice"
            play(s, texts(s)[0])
    assert f(s, "ap")[FAR + a4, other] == 3


def test_a_random_game_that_reached_a_saddlers_dead_end_ends():
    # the audit's random game (2 players, mixed guilds): seat 0 fenced D1 along split 0, the
    # neutral's peasant stayed in the half with no path, and the Saddlers picked it
    s = play_randomly(engine.make("walled_city", 2, ["mixed-guilds"], seed=0), make_rng(5821))
    assert s.is_terminal()
