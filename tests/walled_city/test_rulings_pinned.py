"""Rulings of The Walled City (docs/rulings.md) pinned one test each: every test fails if the
engine took the other reading its docstring names.

Positions are built from a random game (``round1_build``, ``round2_build``, ``power_turn``) and
then set by hand (citizens, roads, walls, hands), moves played by notation.  Londonderry areas:
A1..A4 = 0..3, B1..B4 = 4..7; P0 = A1|A2, P1 = A2|A3; gap G1 is on A2, between towers T1 and T2.
"""
from __future__ import annotations

from tests.walled_city.helpers import empty_board, f, faction_votes, guild_id, play, power_turn, texts, votes
from tests.walled_city.test_count_votes import _yellow, isolate_all, put
from tests.walled_city.test_rounds import PH, advance, phase, round1_build, round2_build, setup_state

A1, A2, A3, B2 = 0, 1, 2, 5
CARD_21, CARD_22, CARD_32 = 4, 7, 10          # card types 2/1, 2/2, 3/2
NEUTRAL = 2                                   # owner index of the 2-player neutral colour


def moves(s) -> list[str]:
    """The mover's legal moves in notation, the guild activation left out."""
    return [t for t in texts(s) if not t.startswith("activate")]


def give(s, seat, card):
    f(s, "hand")[seat][card] += 1
    f(s, "pool")[seat][card] += 1


def wall_on_g1(players: int):
    """Round 2, the mover's construct step; every path built but P0 and P1 (neighbourhood
    A1+A2+A3), no citizen anywhere, a 2/1 card in hand."""
    s = round2_build(players, (), 3)
    seat = s.to_move()[0]
    f(s, "road")[:] = 1
    f(s, "road")[0] = f(s, "road")[1] = 0
    f(s, "wall")[:] = 0
    for name in ("an", "ap", "tw"):
        f(s, name)[:] = 0
    give(s, seat, CARD_21)
    return s, seat


def to_promote(s, seat):
    """Wall G1, card 2/1, settle 2 peasants of the mover, promote up to 1."""
    play(s, "wall G1", "card 2/1", "settle 2 promote 1", "nobles 0")
    assert phase(s) == PH["promote"] and s.to_move() == (seat,)


def test_w8_promoted_noble_leaves_the_walls_own_area_first_then_the_lowest_numbered():
    """W8: the promoted noble leaves the wall's own area if it holds one, else the lowest-numbered
    area of the neighbourhood; the move names only owner and tower.  Rules out: the lowest-numbered
    area first whatever the wall's area, the highest-numbered, or an area chosen by the mover."""
    s, seat = wall_on_g1(3)
    other = (seat + 1) % 3
    for a in (A1, A2, A3):
        f(s, "an")[a][other] = 1
    to_promote(s, seat)
    assert moves(s) == ["stop", f"promote p{other} T1", f"promote p{other} T2"]   # no area choice
    play(s, f"promote p{other} T1")
    assert [int(f(s, "an")[a][other]) for a in (A1, A2, A3)] == [1, 0, 1]     # G1's own area A2
    assert int(f(s, "tw")[1][other]) == 1

    s, seat = wall_on_g1(3)
    other = (seat + 1) % 3
    f(s, "an")[A1][other] = f(s, "an")[A3][other] = 1                            # none in A2
    to_promote(s, seat)
    play(s, f"promote p{other} T2")
    assert [int(f(s, "an")[a][other]) for a in (A1, A2, A3)] == [0, 0, 1]     # lowest-numbered: A1
    assert int(f(s, "tw")[2][other]) == 1


def test_w10_short_supply_in_round_one_settles_what_the_supply_holds():
    """W10: a round-1 card asking more citizens than the supply holds is still played; the first
    area gets as many as it can, the second the rest, every choice within the supply, and the turn
    goes on.  Rules out: exact settling in round 1 (the card refused, a step with no legal choice,
    or the supply overdrawn)."""
    s = round1_build(3)
    seat = s.to_move()[0]
    give(s, seat, CARD_32)
    f(s, "nob")[seat] = f(s, "pea")[seat] = 1                    # 2 citizens for a 3/2 card
    play(s, "road P0")
    assert "card 3/2" in moves(s)
    play(s, "card 3/2", "3>A1 2>A2")
    assert phase(s) == PH["n1"] and moves(s) == ["nobles 1"]                 # 2 of 3: one of each
    play(s, "nobles 1")
    assert (int(f(s, "an")[A1][seat]), int(f(s, "ap")[A1][seat])) == (1, 1)
    assert int(f(s, "an")[A2][seat]) + int(f(s, "ap")[A2][seat]) == 0        # nothing left for A2
    assert (int(f(s, "nob")[seat]), int(f(s, "pea")[seat])) == (0, 0)
    assert phase(s) == PH["adjust"] and "pass" in moves(s)

    s = round1_build(3)
    seat = s.to_move()[0]
    give(s, seat, CARD_32)
    f(s, "nob")[seat] = f(s, "pea")[seat] = 2                    # 4 citizens for a 3/2 card
    play(s, "road P0", "card 3/2", "3>A1 2>A2")
    assert phase(s) == PH["n1"] and moves(s) == ["nobles 1", "nobles 2"]     # 3 from 2 + 2
    play(s, "nobles 2")
    assert phase(s) == PH["n2"] and moves(s) == ["nobles 0"]                 # 1 left: a peasant
    play(s, "nobles 0")
    assert (int(f(s, "an")[A1][seat]), int(f(s, "ap")[A1][seat])) == (2, 1)
    assert (int(f(s, "an")[A2][seat]), int(f(s, "ap")[A2][seat])) == (0, 1)
    assert (int(f(s, "nob")[seat]), int(f(s, "pea")[seat])) == (0, 0)
    assert phase(s) == PH["adjust"]
    play(s, "pass")
    assert phase(s) in (PH["loc"], 13) and s.legal_moves(s.to_move()[0])     # the game goes on


def test_w20_a_neutral_noble_may_be_promoted_in_the_two_player_game():
    """W20: with two players the wall's builder may promote the neutral colour's noble
    (`promote n T..`): it leaves its area for the tower as a neutral watchman and uses one of the
    promotions.  Rules out: promoting only the players' nobles."""
    s, seat = wall_on_g1(2)
    f(s, "an")[A2][NEUTRAL] = 1
    supply = int(f(s, "nob")[NEUTRAL])
    to_promote(s, seat)
    assert moves(s) == ["stop", "promote n T1", "promote n T2"]
    play(s, "promote n T2")
    assert int(f(s, "an")[A2][NEUTRAL]) == 0 and list(f(s, "tw")[2]) == [0, 0, 1]
    assert int(f(s, "nob")[NEUTRAL]) == supply                                # a watchman, not the supply
    assert phase(s) == PH["adjust"]                                           # the one promotion used


def _nowhere_to_build(round_: int):
    if round_ == 1:
        s = round1_build(3)
        f(s, "road")[:] = 2                                       # broken ...
        f(s, "road")[::3] = 3                                     # ... and stacked
        return s, "roads"
    s = round2_build(3, (), 3)
    f(s, "wall")[:] = 2
    f(s, "wall")[::3] = 3
    return s, "walls"


def test_w27_nowhere_to_build_the_only_move_is_pass_and_the_piece_goes_to_the_box():
    """W27: a seat with roads (walls) left and no empty path (gap) may only pass; passing returns
    that piece to the box and ends its turn, nothing else changes, and the round goes on to its
    defense.  Rules out: a pass that keeps the piece (the build phase would never end) or that
    goes on to the card and settle steps."""
    for round_ in (1, 2):
        s, pieces = _nowhere_to_build(round_)
        seat = s.to_move()[0]
        assert moves(s) == ["pass"]
        before = {k: f(s, k).copy() for k in ("hand", "pool", "an", "ap", "tw", "nob", "pea", "score",
                                               "road", "wall", "die_v", "chit")}
        left = f(s, pieces).copy()
        play(s, "pass")
        left[seat] -= 1
        assert list(f(s, pieces)) == list(left)
        assert all((f(s, k) == v).all() for k, v in before.items())
        assert phase(s) == PH["loc"] and s.to_move() != (seat,)              # the next seat builds
        passes = 1
        while phase(s) == PH["loc"]:
            assert moves(s) == ["pass"]
            play(s, "pass")
            passes += 1
        assert passes == int(left.sum()) + 1 and int(f(s, pieces).sum()) == 0
        assert phase(s) == PH["dcard"]                                        # count done, defense


def test_w11_an_equal_defense_card_has_one_move_per_empty_zone():
    """W11: an x/x defense card offers one move per empty zone (one orientation); an x/y card two.
    Rules out: two orientations for x/x (double counting in perft)."""
    s = advance(setup_state(3, (), 5), lambda s: phase(s) == PH["dcard"])
    seat = s.to_move()[0]
    give(s, seat, CARD_22)
    give(s, seat, CARD_21)
    empty = [z for z in range(len(f(s, "zown"))) if f(s, "zown")[z] == 0]
    assert len(empty) >= 2
    x = s.clone()
    play(x, "card 2/2")
    assert phase(x) == PH["dzone"] and sorted(x.legal_moves(seat)) == [2 * z for z in empty]
    y = s.clone()
    play(y, "card 2/1")
    assert sorted(y.legal_moves(seat)) == sorted(2 * z + o for z in empty for o in (0, 1))


def test_w16_round_two_watchmen_count_as_nobles_in_a_faction_tie_break():
    """W16: round 2, a faction's die in an area and one in a tower; Olive 1 noble + 1 peasant there,
    William 2 watchmen in the tower: 2 citizens each, William has 2 nobles to Olive's 1 and takes
    the faction (value 4).  Rules out: watchmen as citizens only (Olive would win on 1 noble to 0)."""
    s = isolate_all(empty_board(3))
    f(s, "round")[0] = 2
    f(s, "wall")[:] = 1                                           # no gap open: nobody flees
    areas, tower = _yellow(s, [2], tower_value=2)
    put(s, areas[0], 0, nobles=1, peasants=1)
    f(s, "tw")[tower][1] = 2
    assert faction_votes(s, 1) == [0, 4, 0]
    assert votes(s) == [5, 4, 0]                                  # the whole count: neighbourhood 5 to Olive


def test_w26_skinners_and_goldsmiths_take_only_the_top_piece_of_a_stack():
    """W26: Skinners or Goldsmiths acting on two stacked roads (value 3) take the top one; the one
    below still stands (value 1): the path stays filled and still divides.  Rules out: the whole
    stack removed (Skinners: 0, the path open to build) or broken (Goldsmiths: 2, areas joined)."""
    for power, guild in (("skinners", "skinners6"), ("goldsmiths", "goldsmiths5")):
        s, me = power_turn(power)
        f(s, "road")[:] = 1
        f(s, "road")[0] = 3
        play(s, f"activate {guild}", f"{power} P0")
        assert int(f(s, "road")[0]) == 1
        assert "road P0" not in moves(s)
        c = [0] * s.game.sizes["areas"]
        s.game.kernel.comps(s.buf, c)
        assert c[A1] != c[A2]


def test_w23_the_neutral_colour_may_be_picked_by_vintners_and_fishmongers():
    """W23: with two players a power that picks a player offers the neutral colour, and acts on its
    citizens and supply.  Rules out: powers picking among the two players only (here neither power
    could even be activated)."""
    s, me = power_turn("vintners", players=2)
    f(s, "ap")[A1][NEUTRAL] = 3
    f(s, "nob")[NEUTRAL] = 3              # setup leaves none (12 gaps + 8 towers); e.g. after Mercers
    nob, pea = int(f(s, "nob")[NEUTRAL]), int(f(s, "pea")[NEUTRAL])
    play(s, "activate vintners11")
    assert moves(s) == ["vintners n"]
    play(s, "vintners n", "vintners A1", "vintners A1", "vintners A1")
    assert (int(f(s, "an")[A1][NEUTRAL]), int(f(s, "ap")[A1][NEUTRAL])) == (3, 0)
    assert (int(f(s, "nob")[NEUTRAL]), int(f(s, "pea")[NEUTRAL])) == (nob - 3, pea + 3)

    s, me = power_turn("fishmongers", players=2)
    f(s, "an")[B2][NEUTRAL] = 1
    f(s, "pea")[NEUTRAL] = 4              # setup leaves 1 (2 by each of 12 gaps); e.g. after Taylors
    nob, pea = int(f(s, "nob")[NEUTRAL]), int(f(s, "pea")[NEUTRAL])
    play(s, "activate fishmongers4", "fishmongers B2")
    assert moves(s) == ["fishmongers n"]
    play(s, "fishmongers n")
    assert (int(f(s, "an")[B2][NEUTRAL]), int(f(s, "ap")[B2][NEUTRAL])) == (0, 4)
    assert (int(f(s, "nob")[NEUTRAL]), int(f(s, "pea")[NEUTRAL])) == (nob + 1, pea - 4)


def test_w32_grocers_copy_only_a_power_that_could_be_used_now():
    """W32: Grocers are offered a held power only when it could be activated now: Clothworkers with
    every die and chit at its lowest is not offered, Taylors with an opponent's peasant is, and
    Clothworkers is once a die is above 1.  Rules out: copying any power another player holds."""
    s, me = power_turn("grocers")
    o1, o2 = (me + 1) % 3, (me + 2) % 3
    f(s, "guild")[o1] = guild_id(s, "clothworkers") + 1
    f(s, "guild")[o2] = guild_id(s, "taylors") + 1
    f(s, "die_v")[:] = 1
    f(s, "chit")[:] = -1
    assert "activate grocers2" not in texts(s)                   # nothing copyable: not offered
    f(s, "ap")[A1][o1] = 1                                        # Taylors can now remove it
    x = s.clone()
    play(x, "activate grocers2")
    assert moves(x) == ["grocers copy taylors7"]
    f(s, "die_v")[3] = 2                                          # Clothworkers now changes something
    play(s, "activate grocers2")
    assert sorted(moves(s)) == ["grocers copy clothworkers12", "grocers copy taylors7"]
