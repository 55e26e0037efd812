"""Guild powers that move citizens, one test per sentence of the Guilds Appendix.

Each runs in whichever mode the suite runs (compiled, and GUILDHALL_PUREPYTHON=1)."""
from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from tests.walled_city.helpers import f, play, power_turn, texts

A1, A2, B1, B2, C3 = 0, 1, 4, 5, 10   # Londonderry areas


def others(seat, owners):
    return [o for o in range(owners) if o != seat]


def test_mercers_replaces_one_noble_of_each_other_player_anywhere_with_their_own():
    s, me = power_turn("mercers")
    o1, o2 = others(me, 3)
    f(s, "an")[B2][o1] = 1
    f(s, "tw")[3][o2] = 2                           # "from anywhere on the board": a tower too
    nob = f(s, "nob").copy()
    play(s, "activate mercers1")
    assert texts(s) == ["mercers B2", "mercers done"]  # first other owner: its nobles, or skip
    play(s, "mercers B2")
    assert texts(s) == ["mercers T3", "mercers done"]
    play(s, "mercers T3")
    assert f(s, "an")[B2][me] == 1 and f(s, "an")[B2][o1] == 0
    assert f(s, "tw")[3][me] == 1 and f(s, "tw")[3][o2] == 1
    assert f(s, "nob")[o1] == nob[o1] + 1 and f(s, "nob")[o2] == nob[o2] + 1   # back to their supply
    assert f(s, "nob")[me] == nob[me] - 2 and f(s, "piv")[me] == 1
    assert int(f(s, "phase")[0]) == 3                  # back to construct


def test_mercers_replaces_only_as_many_as_the_supply_holds():
    s, me = power_turn("mercers")
    o1, o2 = others(me, 3)
    f(s, "an")[A1][o1] = 1
    f(s, "an")[A2][o2] = 1
    f(s, "nob")[me] = 1
    play(s, "activate mercers1", "mercers A1")
    assert int(f(s, "phase")[0]) == 3 and f(s, "an")[A2][o2] == 1


def test_mercers_reaches_the_neutral_colour_with_two_players():
    s, me = power_turn("mercers", players=2)
    f(s, "an")[A1][2] = 1
    f(s, "nob")[2] = 0
    play(s, "activate mercers1")
    assert texts(s) == ["mercers A1", "mercers done"]
    play(s, "mercers A1")
    assert f(s, "an")[A1][me] == 1 and f(s, "nob")[2] == 1


def test_painter_stainers_swap_peasants_within_the_supply():
    s, me = power_turn("painter_stainers-b", variants=("borderlands",))
    o1, o2 = others(me, 3)
    f(s, "ap")[2][o1] = 2
    f(s, "ap")[3][o2] = 1
    f(s, "pea")[me] = 1
    pea = f(s, "pea").copy()
    play(s, "activate painter-stainers4b")
    assert texts(s)[-1] == "painter_stainers done"
    names = s.game.board["areas"]
    play(s, f"painter_stainers {names[2]}")
    assert f(s, "ap")[2][me] == 1 and f(s, "ap")[2][o1] == 1 and f(s, "pea")[o1] == pea[o1] + 1
    assert int(f(s, "phase")[0]) == 3 and f(s, "ap")[3][o2] == 1   # supply empty: over


def test_taylors_remove_one_peasant_of_each_opponent_if_possible_including_neutral():
    s, me = power_turn("taylors", players=2)
    op = 1 - me
    f(s, "ap")[B1][op] = 1
    f(s, "ap")[C3][op] = 2
    f(s, "ap")[A1][2] = 2
    pea = f(s, "pea").copy()
    play(s, "activate taylors7")
    assert texts(s) == ["taylors B1", "taylors C3"]    # no "done": it is not optional
    play(s, "taylors C3", "taylors A1")
    assert f(s, "ap")[C3][op] == 1 and f(s, "ap")[A1][2] == 1
    assert f(s, "pea")[op] == pea[op] + 1 and f(s, "pea")[2] == pea[2] + 1


def test_taylors_skip_an_opponent_without_peasants():
    s, me = power_turn("taylors")
    o1, o2 = others(me, 3)
    f(s, "ap")[B1][o2] = 1
    play(s, "activate taylors7", "taylors B1")
    assert f(s, "ap")[B1][o2] == 0 and int(f(s, "phase")[0]) == 3


def test_salters_add_a_noble_and_a_peasant_to_any_areas_not_towers():
    s, me = power_turn("salters")
    nob, pea = int(f(s, "nob")[me]), int(f(s, "pea")[me])
    play(s, "activate salters9")
    assert all(not t.split()[1].startswith("T") for t in texts(s))
    play(s, "salters A2", "salters C3")
    assert f(s, "an")[A2][me] == 1 and f(s, "ap")[C3][me] == 1
    assert (f(s, "nob")[me], f(s, "pea")[me]) == (nob - 1, pea - 1)


def test_salters_half_the_power_but_not_none_and_only_from_the_supply():
    s, me = power_turn("salters")
    play(s, "activate salters9", "salters done")
    assert "salters done" not in texts(s)              # half of it, not nothing
    play(s, "salters B1")
    assert f(s, "ap")[B1][me] == 1
    s, me = power_turn("salters")
    f(s, "nob")[me] = 0
    play(s, "activate salters9")
    assert "salters done" not in texts(s)              # only the peasant is left to place
    play(s, "salters B1")
    assert f(s, "ap")[B1][me] == 1 and f(s, "an")[:, me].sum() == 0


def test_fishmongers_turn_a_noble_into_four_peasants_of_its_colour():
    s, me = power_turn("fishmongers")
    o1, o2 = others(me, 3)
    f(s, "an")[B2][o1] = 1
    f(s, "an")[B1][o2] = 1
    f(s, "tw")[0][o1] = 1                            # not a tower
    f(s, "pea")[o2] = 3                              # "at least four Peasants remaining"
    nob, pea = int(f(s, "nob")[o1]), int(f(s, "pea")[o1])
    play(s, "activate fishmongers4")
    assert texts(s) == ["fishmongers B2"]
    play(s, "fishmongers B2")
    assert texts(s) == [f"fishmongers p{o1}"]
    play(s, f"fishmongers p{o1}")
    assert f(s, "an")[B2][o1] == 0 and f(s, "ap")[B2][o1] == 4
    assert (f(s, "nob")[o1], f(s, "pea")[o1]) == (nob + 1, pea - 4)


def test_fishmongers_not_offered_when_no_owner_has_four_peasants_left():
    s, me = power_turn("fishmongers")
    f(s, "an")[B2][:] = 1
    f(s, "pea")[:] = 3
    assert "activate fishmongers4" not in texts(s)


def test_vintners_turn_exactly_three_peasants_of_one_player_into_nobles():
    s, me = power_turn("vintners")
    o1, o2 = others(me, 3)
    f(s, "ap")[A1][o1] = 2
    f(s, "ap")[C3][o1] = 2
    f(s, "ap")[B1][o2] = 2                           # only two on the board: not eligible
    f(s, "ap")[B2][me] = 3
    f(s, "nob")[me] = 2                              # three nobles in the supply needed
    nob, pea = int(f(s, "nob")[o1]), int(f(s, "pea")[o1])
    play(s, "activate vintners11")
    assert texts(s) == [f"vintners p{o1}"]
    play(s, f"vintners p{o1}", "vintners A1", "vintners A1", "vintners C3")
    assert f(s, "an")[A1][o1] == 2 and f(s, "ap")[A1][o1] == 0
    assert f(s, "an")[C3][o1] == 1 and f(s, "ap")[C3][o1] == 1
    assert (f(s, "nob")[o1], f(s, "pea")[o1]) == (nob - 3, pea + 3)


def test_vintners_may_pick_yourself():
    s, me = power_turn("vintners")
    f(s, "ap")[B2][me] = 3
    play(s, "activate vintners11", f"vintners p{me}", "vintners B2", "vintners B2", "vintners B2")
    assert f(s, "an")[B2][me] == 3 and f(s, "ap")[B2][me] == 0


def test_ironmongers_move_a_noble_of_every_player_including_yourself_to_towers():
    s, me = power_turn("ironmongers", players=2)
    f(s, "an")[A1][0] = 1
    f(s, "an")[B1][1] = 1
    assert "activate ironmongers10" not in texts(s)     # the neutral colour has none in the city
    f(s, "an")[C3][2] = 1
    play(s, "activate ironmongers10", "ironmongers A1", "ironmongers T2", "ironmongers B1", "ironmongers T2",
         "ironmongers C3", "ironmongers T5")
    assert list(f(s, "tw")[2]) == [1, 1, 0] and list(f(s, "tw")[5]) == [0, 0, 1]
    assert f(s, "an").sum() == 0


def test_ironmongers_b_place_two_nobles_from_the_supply_in_towers():
    s, me = power_turn("ironmongers-b", variants=("borderlands",))
    nob = int(f(s, "nob")[me])
    play(s, "activate ironmongers10b", "ironmongers T4", "ironmongers T4")
    assert f(s, "tw")[4][me] == 2 and f(s, "nob")[me] == nob - 2
    s, me = power_turn("ironmongers-b", variants=("borderlands",))
    f(s, "nob")[me] = 1
    assert not any(t.startswith("activate") for t in texts(s))


def test_barbers_remove_any_two_nobles_to_the_box():
    s, me = power_turn("barbers-b", variants=("borderlands",))
    o1, o2 = others(me, 3)
    f(s, "an")[2][o1] = 1
    f(s, "tw")[1][me] = 1
    nob = f(s, "nob").copy()
    play(s, "activate barbers9b")
    names = s.game.board["areas"]
    assert texts(s) == [f"barbers {names[2]}"]         # the pair unordered: the tower comes second
    play(s, f"barbers {names[2]}", f"barbers p{o1}", "barbers T1", f"barbers p{me}")
    assert f(s, "an").sum() == 0 and f(s, "tw").sum() == 0
    assert list(f(s, "nob")) == list(nob)              # to the box, not the supply


def test_bakers_skip_the_turn_for_thirteen_votes():
    s, me = power_turn("bakers-b", variants=("borderlands",))
    f(s, "an")[2][me] = 2
    f(s, "tw")[0][me] = 2
    roads, hand, score = int(f(s, "roads")[me]), f(s, "hand")[me].copy(), int(f(s, "score")[me])
    nob = int(f(s, "nob")[me])
    play(s, "activate bakers5b")
    names = s.game.board["areas"]
    play(s, f"bakers {names[2]}", f"bakers {names[2]}", "bakers T0")
    assert f(s, "score")[me] == score + 13 and f(s, "roads")[me] == roads - 1
    assert list(f(s, "hand")[me]) == list(hand) and f(s, "nob")[me] == nob   # no card, nobles to the box
    assert f(s, "an")[2][me] == 0 and f(s, "tw")[0][me] == 1
    assert s.to_move() != (me,) or int(f(s, "turn")[0]) > 0


def test_bakers_only_at_the_start_of_the_turn_with_three_nobles_in_play():
    s, me = power_turn("bakers-b", variants=("borderlands",))
    f(s, "an")[2][me] = 2
    assert "activate bakers5b" not in texts(s)
    f(s, "tw")[0][me] = 1
    assert "activate bakers5b" in texts(s)
    play(s, texts(s)[0])                                # construct: no longer the start of the turn
    assert all(not t.startswith("activate") for t in texts(s))


def test_saddlers_move_three_peasants_each_across_one_path():
    s, me = power_turn("saddlers-b", variants=("borderlands",))
    names = s.game.board["areas"]
    o1 = others(me, 3)[0]
    f(s, "ap")[0][o1] = 3
    f(s, "an")[0][o1] = 1
    f(s, "tw")[0][o1] = 5                              # none in towers: only one noble elsewhere
    play(s, "activate saddlers11b")
    assert texts(s) == ["saddlers peasants"]
    play(s, "saddlers peasants", f"saddlers {names[0]}", f"saddlers p{o1}")
    dests = [t.split()[1] for t in texts(s)]
    g = s.game.board
    across = {x for p in g["paths"] for side, other in (("a", "b"), ("b", "a")) if 0 in p[side] for x in p[other]}
    assert sorted(dests) == sorted(names[x] for x in across)
    play(s, f"saddlers {dests[0]}")
    moved_to = names.index(dests[0])
    # a moved peasant is not selected again: its new area offers no peasant to move
    assert f"saddlers {dests[0]}" not in texts(s)
    play(s, f"saddlers {names[0]}", f"saddlers p{o1}", f"saddlers {dests[0]}",
         f"saddlers {names[0]}", f"saddlers p{o1}", f"saddlers {dests[0]}")
    assert f(s, "ap")[moved_to][o1] == 3 and f(s, "ap")[0][o1] == 0
    assert int(f(s, "phase")[0]) == 3


def test_grocers_copy_a_held_power_used_or_not_and_the_holder_gains_three():
    s, me = power_turn("grocers")
    o1, o2 = others(me, 3)
    tay = [g["power"] for g in s.game.guilds].index("taylors")
    f(s, "guild")[o1] = tay + 1
    f(s, "piv")[o1] = 1                                # already used: still copyable
    f(s, "ap")[A1][o1] = 1
    f(s, "ap")[A2][o2] = 1
    score = int(f(s, "score")[o1])
    play(s, "activate grocers2")
    assert "grocers copy taylors7" in texts(s)
    play(s, "grocers copy taylors7")
    assert f(s, "score")[o1] == score + 3
    assert texts(s) == ["taylors A1"]
    play(s, "taylors A1", "taylors A2")
    assert f(s, "ap").sum() == 0 and f(s, "piv")[me] == 1


def test_an_illegal_power_choice_is_refused_and_changes_nothing():
    s, me = power_turn("salters")
    play(s, "activate salters9")
    before = s.buf.copy()
    with pytest.raises(IllegalMove):
        s.apply(me, 40)                                 # an area the board does not have
    assert (s.buf == before).all()
