"""The rulebook's worked examples of a build turn and a defense card that other files do not
replay: the setup's faction tracker, William's road (a 2/1 card settled 2 and 1, then a die
adjusted and its faction's value moved 7 -> 8), Tanya's defense card (3 toward the Orange
tower, 2 toward the Blue one, placed last because she leads) and Tanya's wall (a 4/1 card:
4 peasants settled, 1 noble promoted, the three dice she may adjust).  Each example is played
through the public API (moves in notation) on a base game (no guild powers offered)."""
from __future__ import annotations

import random

from tests.walled_city.helpers import f, setup_state, texts, to_phase, tower_votes

BLUE, ORANGE, PURPLE, YELLOW, GREEN = range(5)
# Londonderry stand-in: area dice d0..d11 (A1 A2 A4 B1 B3 B4 C1 C2 C4 D1 D3 D4), tower dice
# d12..d19 (T0..T7); four dice per faction.  Blue has three dice in the areas, 2 + 3 + 2 = 7
# (the setup example's tracker), and one in tower T3; Orange's tower dice are in T4 and T6.
FACES = [PURPLE, YELLOW, PURPLE, GREEN, BLUE, PURPLE, YELLOW, YELLOW, BLUE, BLUE, ORANGE, ORANGE,
         PURPLE, GREEN, GREEN, BLUE, ORANGE, YELLOW, ORANGE, GREEN]
VALUES = [3, 3, 3, 1, 2, 2, 3, 3, 3, 2, 1, 3, 3, 3, 3, 2, 1, 1, 3, 1]
B3, B4 = 6, 7               # areas beside path P5; B4 borders gap G4, whose towers are T3 and T4


def base(players: int = 3) -> tuple[str, ...]:
    return tuple(f"no-powers-{i}" for i in range(players))


def dice(s):
    f(s, "die_f")[:] = FACES
    f(s, "die_v")[:] = VALUES


def value(s, faction: int, towers: int) -> int:
    return s.game.kernel.faction_value(s.buf, faction, towers)


def test_setup_faction_tracker_sums_the_area_dice_then_all_four_in_round_two():
    s = setup_state(3, base())
    dice(s)
    assert value(s, BLUE, 0) == 7                     # three dice in the areas: 2 + 3 + 2
    assert value(s, BLUE, 1) == 9                     # round 2: the tower die's 2 as well
    assert value(s, YELLOW, 0) == 9 and value(s, YELLOW, 1) == 10


def test_williams_road_settles_a_2_1_card_then_raises_blue_from_7_to_8():
    s = to_phase(setup_state(3, base(), 2), lambda s: int(f(s, "phase")[0]) == 3)
    dice(s)
    f(s, "an")[:] = 0
    f(s, "ap")[:] = 0
    william = s.to_move()[0]
    nob, pea = int(f(s, "nob")[william]), int(f(s, "pea")[william])
    hand, pool = int(f(s, "hand")[william][4]), int(f(s, "pool")[william][4])
    s.apply_string(william, "road P5")
    s.apply_string(william, "card 2/1")
    assert int(f(s, "hand")[william][4]) == hand - 1 and int(f(s, "pool")[william][4]) == pool - 1
    assert texts(s) == ["2>B3 1>B4", "2>B4 1>B3"]     # 2 on one side, 1 on the other
    s.apply_string(william, "2>B4 1>B3")              # the Purple die's area takes 2
    s.apply_string(william, "nobles 1")               # a Noble and a Peasant
    s.apply_string(william, "nobles 0")               # a Peasant by the Blue die
    assert (int(f(s, "an")[B4][william]), int(f(s, "ap")[B4][william])) == (1, 1)
    assert (int(f(s, "an")[B3][william]), int(f(s, "ap")[B3][william])) == (0, 1)
    assert (int(f(s, "nob")[william]), int(f(s, "pea")[william])) == (nob - 1, pea - 2)
    # "He could adjust either of the circled dice": the two dice beside the road, or pass
    assert texts(s) == ["pass", "die 4+", "die 4-", "die 5+", "die 5-"]
    s.apply_string(william, "die 4+")
    assert int(f(s, "die_v")[4]) == 3 and value(s, BLUE, 0) == 8


def test_adjusting_may_pick_the_area_that_got_nobody():
    s = to_phase(setup_state(3, base(), 2), lambda s: int(f(s, "phase")[0]) == 3)
    dice(s)
    seat = s.to_move()[0]
    s.apply_string(seat, "road P5")
    s.apply_string(seat, "card 3/0")
    assert texts(s) == ["3>B3 0>B4", "3>B4 0>B3"]     # the 0 half settles nobody
    s.apply_string(seat, "3>B4 0>B3")
    s.apply_string(seat, "nobles 0")
    assert texts(s) == ["pass", "die 4+", "die 4-", "die 5+", "die 5-"]   # B3's die too


def last_round_one_adjust(players: int, seed: int = 3):
    """The last build step of round 1 (every road built, the last adjust to play)."""
    return to_phase(setup_state(players, base(players), seed),
                    lambda s: int(f(s, "phase")[0]) == 9 and int(f(s, "roads").sum()) == 0, seed)


def test_tanyas_defense_card_goes_last_and_faces_3_to_orange_and_2_to_blue():
    s = last_round_one_adjust(3)
    olive, william, tanya = 0, 1, 2
    f(s, "an")[:] = 0                                 # nobody on the board: the count adds nothing
    f(s, "ap")[:] = 0
    f(s, "score")[:] = [4, 6, 11]                     # Tanya has the most votes
    s.apply_string(s.to_move()[0], "pass")
    assert list(f(s, "order")) == [olive, william, tanya]
    for seat in (olive, william):                     # the others place theirs away from Z3
        assert s.to_move() == (seat,)
        s.apply(seat, s.legal_moves(seat)[0])
        s.apply(seat, s.legal_moves(seat)[-1])
    assert s.to_move() == (tanya,) and f(s, "zown")[3] == 0
    if not f(s, "hand")[tanya][10]:
        f(s, "hand")[tanya][10] = 1
        f(s, "pool")[tanya][10] += 1
    s.apply_string(tanya, "card 3/2")
    assert {"zone Z3 T3", "zone Z3 T4"} <= set(texts(s))   # both orientations of a 3/2
    s.apply_string(tanya, "zone Z3 T4")               # the 3 faces T4 (Orange), the 2 faces T3 (Blue)
    assert int(f(s.observe(olive), "zcard")[3]) == -1 and int(f(s.observe(tanya), "zcard")[3]) == 11
    dice(s)
    assert FACES[15] == BLUE and FACES[16] == ORANGE  # T3 holds a Blue die, T4 an Orange one
    for z in range(8):
        if z != 3:
            f(s, "zcard")[z] = 0                      # only Tanya's card counts below
    f(s, "tw")[:] = 0
    f(s, "tw")[4][tanya] = 1
    assert tower_votes(s) == [0, 0, 3]
    f(s, "tw")[:] = 0
    f(s, "tw")[3][tanya] = 1
    assert tower_votes(s) == [0, 0, 2]


def test_tanyas_wall_settles_four_promotes_one_and_may_adjust_three_dice():
    s = to_phase(setup_state(3, base(), 3),
                 lambda s: int(f(s, "round")[0]) == 2 and int(f(s, "phase")[0]) == 3, 3)
    tanya = s.to_move()[0]
    william = (tanya + 1) % 3
    dice(s)
    f(s, "die_f")[5], f(s, "die_f")[3] = GREEN, PURPLE   # a Green die in B4
    f(s, "road")[:] = 1                               # B4 is a neighbourhood of its own
    f(s, "wall")[:] = 0
    f(s, "an")[:] = 0
    f(s, "ap")[:] = 0
    f(s, "tw")[:] = 0
    f(s, "an")[B4][tanya] = 1
    f(s, "an")[B4][william] = 1
    f(s, "pea")[tanya] = 10
    if not f(s, "hand")[tanya][9]:
        f(s, "hand")[tanya][9] = 1
        f(s, "pool")[tanya][9] += 1
    s.apply_string(tanya, "wall G4")
    s.apply_string(tanya, "card 4/1")
    assert texts(s) == ["settle 4 promote 1", "settle 1 promote 4"]
    s.apply_string(tanya, "settle 4 promote 1")
    s.apply_string(tanya, "nobles 0")                 # four Peasants
    assert int(f(s, "ap")[B4][tanya]) == 4 and int(f(s, "pea")[tanya]) == 6
    assert sorted(texts(s)) == sorted(["stop", f"promote p{tanya} T3", f"promote p{tanya} T4",
                                       f"promote p{william} T3", f"promote p{william} T4"])
    s.apply_string(tanya, f"promote p{tanya} T4")     # her own Noble to the Orange tower
    assert int(f(s, "tw")[4][tanya]) == 1 and int(f(s, "an")[B4][tanya]) == 0
    # Green (the neighbourhood), Blue (T3) and Orange (T4, at 1: only up)
    assert texts(s) == ["pass", "die 5+", "die 5-", "die 15+", "die 15-", "die 16+"]
    before = value(s, ORANGE, 1)
    s.apply_string(tanya, "die 16+")
    assert int(f(s, "die_v")[16]) == 2 and value(s, ORANGE, 1) == before + 1


def test_each_player_gets_one_turn_per_road_then_one_per_wall():
    """"in a 3-player game where each player has 5 Roads, each player will get 5 turns" (and
    4 Walls, 4 turns): every board and player count, base game."""
    for players in (2, 3, 4):
        for board in ((), ("borderlands",)):
            s = setup_state(players, board + base(players), players)
            row = s.game.setup_row
            turns = {1: [0] * players, 2: [0] * players}
            rnd = random.Random(players)
            while not s.is_terminal():
                seat = s.to_move()[0]
                if int(f(s, "phase")[0]) == 3:
                    turns[int(f(s, "round")[0])][seat] += 1
                s.apply(seat, rnd.choice(s.legal_moves(seat)))
            assert turns[1] == [row["roads"]] * players, (players, board)
            assert turns[2] == [row["walls"]] * players, (players, board)


def test_align_example_clothworkers_acts_last_in_the_build_phase():
    """Olive (start player) picks Clothworkers to act last, William Fishmongers, Tanya Salters:
    the build goes William (4), Tanya (9), Olive (12)."""
    s = setup_state(3, base(), 1)
    olive, william, tanya = 0, 1, 2
    s.apply_string(olive, "road P0")                  # the 3-player starting road
    for power in ("clothworkers", "fishmongers", "salters"):
        f(s, "gstate")[[g["power"] for g in s.game.guilds].index(power)] = 2
    assert s.to_move() == (olive,)
    s.apply_string(olive, "guild clothworkers12")
    s.apply_string(william, "guild fishmongers4")
    assert "guild clothworkers12" not in texts(s)
    s.apply_string(tanya, "guild salters9")
    assert list(f(s, "order")) == [william, tanya, olive] and s.to_move() == (william,)
