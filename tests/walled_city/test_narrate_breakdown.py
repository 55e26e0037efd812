"""What ``guildhall play`` tells a seat at each count, broken down by the rulebook's categories.

Random games of every board and player count: at every count, each category's votes (summed
over its neighbourhoods, factions, towers) equal the rulebook oracle's scoring of that category
on the same board, the seats' categories sum to the votes the kernel gave, and every seat is
told the same lines from its own view as from the full state (a count reads only public
information).  One hand-built count: the rulebook's Example 3 and its Yellow faction Example 1.
"""
from __future__ import annotations

import random

import pytest

from cython_ext.walled_city_board import P_ADJUST, P_DCARD
from engine.core import CHANCE
from engine.walled_city.narrate import _stage, count_lines, count_parts, tower_parts
from tests.walled_city.helpers import CONFIGS, COMPILED, empty_board, f, game
from tests.walled_city.test_count_votes import OLIVE, TANYA, WILLIAM, _yellow, isolate_all, put
from tests.walled_city.test_rulebook_count_oracle import oracle_count, oracle_towers


def _sums(parts) -> list[int]:
    return [sum(v[o] for _, v in parts) for o in range(len(parts[0][1]))]


def _counted_games(players: int, variants: tuple, seeds: range):
    """(before, after) around every move of random games that made a count or scored towers."""
    g = game(players, variants)
    for seed in seeds:
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            movers = s.to_move()
            before = s.clone()
            if movers == (CHANCE,):
                s.apply(CHANCE, s.sample_chance())
            else:
                s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
            if _stage(g, before) != _stage(g, s) or s.is_terminal():
                yield before, s


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_each_category_is_the_rulebook_count_and_they_sum_to_the_votes(players, variants):
    g = game(players, variants)
    counts = 0
    for before, after in _counted_games(players, variants, range(4 if COMPILED else 1)):
        st0, st1 = _stage(g, before), _stage(g, after)
        done = [rnd for rnd in (1, 2) if st0 < (rnd, 1) <= st1]
        gained = [int(b) - int(a) for a, b in zip(f(before, "score"), f(after, "score"))]
        told = [0] * players
        for rnd in done:
            hoods, facs = count_parts(g, after, rnd)
            board = after.clone()
            f(board, "round")[0] = rnd  # the oracle counts the round the state names
            want_h, want_f, _ = oracle_count(board)
            assert (_sums(hoods), _sums(facs)) == (want_h, want_f)
            told = [t + h + x for t, h, x in zip(told, _sums(hoods), _sums(facs))]
            counts += 1
        if after.is_terminal():
            towers = _sums(tower_parts(g, after))
            assert towers == oracle_towers(after)
            told = [t + x for t, x in zip(told, towers)]
        power = [x - t for x, t in zip(gained, told)]  # Bakers may end the build phase
        assert all(v in (0, 13) for v in power) and (any(power) == any(
            "votes from a guild power: " in line for line in count_lines(g, before, after, 0)))
        lines = [count_lines(g, before, after, seat) for seat in range(players)]
        assert lines == [count_lines(g, before.observe(seat), after.observe(seat), seat)
                         for seat in range(players)]
        if done or after.is_terminal():  # told, and the votes held after it
            assert all(line[-1].startswith("votes now ") for line in lines)
        elif not any(gained):  # the end of a defense: nothing to tell
            assert lines == [[]] * players
    assert counts >= 2


def test_votes_a_guild_power_gives_are_told_apart_from_a_count():
    """Grocers' "the copied player will immediately receive 3 Votes" is no count."""
    g = game(3)
    s, rnd, seen = g.new_initial_state(1), random.Random(1), 0
    while not s.is_terminal():
        movers = s.to_move()
        before = s.clone()
        s.apply(movers[0], s.sample_chance() if movers == (CHANCE,) else rnd.choice(s.legal_moves(movers[0])))
        gained = [int(b) - int(a) for a, b in zip(f(before, "score"), f(s, "score"))]
        if any(gained) and _stage(g, before) == _stage(g, s) and not s.is_terminal():
            assert sorted(gained) == [0, 0, 3]
            who = gained.index(3)
            assert count_lines(g, before, s, 0) == [
                "votes from a guild power: " + ("you" if who == 0 else f"seat {who}") + " +3",
                "votes now " + ", ".join(("you" if o == 0 else f"seat {o}") + f" {int(v)}"
                                         for o, v in enumerate(f(s, "score")))]
            seen += 1
    assert seen


def test_rulebook_example_3_and_yellow_example_1_told_as_one_count():
    """Neighbourhood Example 3 (a +1 chit; Olive and William tie on nobles and split 1st and
    2nd, 6 + 4; Tanya 3rd, 3) and faction Example 1 (Yellow 7, the tower die ignored in round
    1: Tanya's 7 citizens win it), each area its own neighbourhood; Olive is told."""
    s = isolate_all(empty_board(3))
    g = s.game
    yellow, _ = _yellow(s, [3, 2, 2], tower_value=3)
    put(s, yellow[0], OLIVE, nobles=3, peasants=3)
    put(s, yellow[1], WILLIAM, nobles=2, peasants=3)
    put(s, yellow[2], TANYA, nobles=2, peasants=5)
    chit = g.board["chit_spots"][0]
    assert chit not in yellow
    f(s, "chit")[0] = 1
    put(s, chit, OLIVE, nobles=1, peasants=1)
    put(s, chit, WILLIAM, nobles=1, peasants=1)
    put(s, chit, TANYA, peasants=2)
    f(s, "phase")[0] = P_ADJUST
    before, after = s.clone(), s.clone()
    g.kernel.count_votes(after.buf)
    f(after, "phase")[0] = P_DCARD
    name = g.area_names
    alone = sorted([(yellow[0], "you +5"), (yellow[1], "seat 1 +5"), (yellow[2], "seat 2 +5"),
                    (chit, "you +5, seat 1 +5, seat 2 +3 [chit]")])
    hoods = "; ".join(f"{name[a]}" + (" (chits +1)" if a == chit else "") + ": " + t.replace(" [chit]", "")
                      for a, t in alone)
    yellow_name = g.edition["factions"][3]
    assert count_lines(g, before, after, OLIVE) == [
        "vote count of round 1:",
        "  neighbourhoods: you +10, seat 1 +10, seat 2 +8",
        f"    {hoods}",
        "  factions: you +0, seat 1 +0, seat 2 +7",
        f"    {yellow_name} 7: seat 2 +7",
        "  total: you +10, seat 1 +10, seat 2 +15",
        "votes now you 10, seat 1 10, seat 2 15",
    ]


def test_parts_of_a_board_not_yet_counted_leave_out_the_nobles_that_will_flee():
    """Round 2, gap 0 open: Olive's 2 nobles by it flee before the count, so William's 2
    peasants there take 1st place (5) and Olive's peasant 2nd (3); at gap 1 her 2 nobles stay."""
    s = isolate_all(empty_board(3))
    f(s, "round")[0] = 2
    f(s, "wall")[:] = 1
    f(s, "wall")[0] = 0
    g0, g1 = (s.game.board["gaps"][i]["area"] for i in (0, 1))
    assert g0 != g1
    put(s, g0, OLIVE, nobles=2, peasants=1)
    put(s, g0, WILLIAM, peasants=2)
    put(s, g1, OLIVE, nobles=2)
    hoods, _ = count_parts(s.game, s, 2)
    assert dict(hoods) == {s.game.area_names[g0]: [3, 5, 0], s.game.area_names[g1]: [5, 0, 0]}
    assert _sums(hoods) == oracle_count(s)[0]


def test_guildhall_play_tells_both_counts_and_the_towers():
    """Through ``guildhall play``'s game loop (the person always plays the first legal move)."""
    from guildhall.human import HumanGame
    from search.api import Limits

    told: list[str] = []
    h = HumanGame(game(2), 0, "random", Limits(iterations=1), seed=2, echo=told.append)
    h.ask = lambda: h.state.legal_moves(0)[0]
    h.run()
    heads = [t for t in told if t.endswith(":") and not t.startswith(" ")]
    assert heads == ["vote count of round 1:", "vote count of round 2:", "tower scoring at the end of the game:"]
    towers = told.index("tower scoring at the end of the game:")
    assert told[towers + 1].startswith("  towers: you ")
    assert any(t.startswith("final scores: ") for t in told[towers:])
