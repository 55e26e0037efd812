"""Guild powers on roads, walls, dice and chits, from the Guilds Appendix."""
from __future__ import annotations

import numpy as np

from engine.core import CHANCE
from tests.walled_city.helpers import f, play, power_turn, texts

A1, A2, B1, B2 = 0, 1, 4, 5       # Londonderry areas; P0 = A1|A2


def comp(s):
    c = [0] * s.game.sizes["areas"]
    s.game.kernel.comps(s.buf, c)
    return c


def test_drapers_build_on_a_filled_path_before_construct_only():
    s, me = power_turn("drapers")
    f(s, "road")[0] = 1
    assert "road P0" not in texts(s)
    play(s, "activate drapers3")
    assert "road P0" in texts(s) and int(f(s, "phase")[0]) == 3
    roads = int(f(s, "roads")[me])
    play(s, "road P0")
    assert f(s, "road")[0] == 3 and f(s, "roads")[me] == roads - 1   # placed on top, from the supply
    assert int(f(s, "phase")[0]) == 4                                  # then the card, as usual


def test_drapers_not_offered_after_construct():
    s, me = power_turn("drapers")
    f(s, "road")[0] = 1
    play(s, "road P1")
    play(s, texts(s)[0])                             # card
    assert all(not t.startswith("activate") for t in texts(s))


def test_drapers_round_two_wall_onto_a_filled_gap():
    s, me = power_turn("drapers", round_=2)
    g = 0
    f(s, "wall")[g] = 1
    play(s, "activate drapers3", f"wall G{g}")
    assert f(s, "wall")[g] == 3


def test_goldsmiths_break_a_road_it_no_longer_divides_and_cannot_be_rebuilt():
    s, me = power_turn("goldsmiths")
    f(s, "road")[:] = 2
    f(s, "road")[0] = 1                              # every other path broken: P0 alone divides
    f(s, "road")[1:5] = 1
    f(s, "road")[12] = 1
    assert comp(s)[A1] != comp(s)[A2]
    play(s, "activate goldsmiths5")
    assert texts(s)[0] == "goldsmiths P0"
    play(s, "goldsmiths P0")
    assert f(s, "road")[0] == 2 and "road P0" not in texts(s)
    assert comp(s)[A1] == comp(s)[A2]                # counts as absent: the areas merge


def test_goldsmiths_broken_wall_lets_nobles_flee():
    s, me = power_turn("goldsmiths", round_=2)
    f(s, "wall")[:] = 1
    ga = s.game.board["gaps"][0]["area"]
    f(s, "an")[ga][me] = 2
    play(s, "activate goldsmiths5", "goldsmiths G0")
    assert f(s, "wall")[0] == 2 and "wall G0" not in texts(s)
    buf = s.buf.copy()
    s.game.kernel.flee(buf, comp(s))
    assert s.game.layout.view(buf, "an")[ga][me] == 0


def test_goldsmiths_in_round_two_merge_at_once():
    s, me = power_turn("goldsmiths", round_=2)
    built = int(np.flatnonzero(f(s, "road") == 1)[0])
    p = s.game.board["paths"][built]
    x, y = p["a"][0], p["b"][0]
    f(s, "road")[:] = 1
    f(s, "road")[built] = 1
    assert comp(s)[x] != comp(s)[y]
    play(s, "activate goldsmiths5", f"goldsmiths P{built}")
    assert comp(s)[x] == comp(s)[y]


def test_skinners_remove_a_road_and_may_build_there_the_same_turn_but_not_a_broken_one():
    s, me = power_turn("skinners")
    f(s, "road")[:] = 0
    f(s, "road")[0] = 1
    f(s, "road")[1] = 2
    play(s, "activate skinners6")
    assert texts(s) == ["skinners P0"]               # the broken P1 is not a target
    play(s, "skinners P0")
    assert f(s, "road")[0] == 0 and "road P0" in texts(s)


def test_haberdashers_up_to_four_rerolls_as_chance():
    s, me = power_turn("haberdashers")
    play(s, "activate haberdashers8", "haberdashers die 3")
    assert s.to_move() == (CHANCE,)
    k = s.game.kernel
    oc, pr = np.zeros(64, np.intc), np.zeros(64)
    n = k.chance(s.buf, oc, pr)
    assert list(oc[:n]) == [0, 1, 2] and np.allclose(pr[:n], 1 / 3)
    s.apply(CHANCE, 2)
    assert f(s, "die_v")[3] == 3
    play(s, "haberdashers die 3")                    # the same die again
    s.apply(CHANCE, 0)
    play(s, "haberdashers chit 0")
    n = k.chance(s.buf, oc, pr)
    assert n == 2 and np.allclose(pr[:n], 0.5)
    s.apply(CHANCE, 1)
    assert f(s, "chit")[0] == 1
    play(s, "haberdashers die 7")
    s.apply(CHANCE, 0)
    assert int(f(s, "phase")[0]) == 3                # four attempts: over


def test_haberdashers_need_not_use_all_attempts():
    s, me = power_turn("haberdashers")
    play(s, "activate haberdashers8", "haberdashers done")
    assert int(f(s, "phase")[0]) == 3 and f(s, "piv")[me] == 1


def test_clothworkers_reduce_two_items_to_their_lowest():
    s, me = power_turn("clothworkers")
    f(s, "die_v")[2] = 3
    f(s, "chit")[1] = 1
    play(s, "activate clothworkers12", "clothworkers die 2")
    assert "clothworkers die 2" not in texts(s)      # two different items
    play(s, "clothworkers chit 1")
    assert f(s, "die_v")[2] == 1 and f(s, "chit")[1] == -1


def test_clothworkers_not_offered_when_every_item_is_at_its_lowest():
    # ruling 22: a power is offered only when it can change something now
    s, me = power_turn("clothworkers")
    f(s, "die_v")[:] = 1
    f(s, "chit")[:] = -1
    assert "activate clothworkers12" not in texts(s)
    f(s, "chit")[0] = 1
    assert "activate clothworkers12" in texts(s)
    f(s, "chit")[0] = -1
    f(s, "die_v")[7] = 2
    assert "activate clothworkers12" in texts(s)


def test_curriers_not_offered_when_no_allowed_swap_changes_the_board():
    # ruling 22: every die in a tower (a chit may not go there) and the dice alike, so each
    # allowed swap shows the same board; one die of another value makes a swap worth offering
    s, me = power_turn("curriers-b", variants=("borderlands",))
    na, nt = s.game.sizes["areas"], s.game.sizes["towers"]
    f(s, "dloc")[:] = [na + i % nt for i in range(len(f(s, "dloc")))]
    f(s, "die_f")[:] = 0
    f(s, "die_v")[:] = 2
    assert "activate curriers12b" not in texts(s)
    f(s, "die_v")[0] = 3
    assert "activate curriers12b" in texts(s)
    f(s, "die_v")[0] = 2
    f(s, "die_f")[1] = 1
    assert "activate curriers12b" in texts(s)


def test_curriers_swap_a_die_and_a_chit_keeping_values_never_a_chit_into_a_tower():
    s, me = power_turn("curriers-b", variants=("borderlands", "mixed-guilds"))
    na = s.game.sizes["areas"]
    dloc = f(s, "dloc")
    in_area = int(np.flatnonzero(dloc < na)[0])
    in_tower = int(np.flatnonzero(dloc >= na)[0])
    play(s, "activate curriers12b", f"curriers die {in_tower}")
    assert "curriers chit 0" not in texts(s)
    s, me = power_turn("curriers-b", variants=("borderlands", "mixed-guilds"))
    dloc = f(s, "dloc")
    a_die, a_chit = int(dloc[in_area]), int(f(s, "cloc")[0])
    v, c = int(f(s, "die_v")[in_area]), int(f(s, "chit")[0])
    play(s, "activate curriers12b", f"curriers die {in_area}", "curriers chit 0")
    assert (f(s, "dloc")[in_area], f(s, "cloc")[0]) == (a_chit, a_die)
    assert (f(s, "die_v")[in_area], f(s, "chit")[0]) == (v, c)


def test_a_swapped_die_scores_for_its_new_neighbourhood():
    s, me = power_turn("curriers-b", variants=("borderlands",))
    na = s.game.sizes["areas"]
    dloc = f(s, "dloc")
    d1 = int(np.flatnonzero(dloc < na)[0])
    d2 = int(np.flatnonzero(dloc >= na)[0])
    l1, l2 = int(dloc[d1]), int(dloc[d2])
    play(s, "activate curriers12b", f"curriers die {d1}", f"curriers die {d2}")
    assert (f(s, "dloc")[d1], f(s, "dloc")[d2]) == (l2, l1)
    fv = s.game.kernel.faction_value
    f(s, "die_f")[:] = 0
    assert fv(s.buf, 0, 0) == int(f(s, "die_v")[f(s, "dloc") < na].sum())
