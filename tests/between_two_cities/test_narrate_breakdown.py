"""What ``guildhall play`` tells a seat when a Between Two Cities game ends: every city's
points by the scorepad's rows, each seat's lower and higher city, the winner and why.

Finished random games of every player count and variant: each row equals the independent
scorer of tests/between_two_cities/test_rulebook_scoring_reference.py category by category,
the rows sum to the kernel's city scores, the winner told is the game's, and every seat is
told the same lines from its own view as from the full state.  One hand-built end: the
rulebook's category examples (shops 27, taverns 13, parks 14, offices 22, factories 5/5/3/2/1/0)
as exact lines.
"""
from __future__ import annotations

import pytest

from cython_ext.between_two_cities_encoding import PH_END
from engine.between_two_cities.narrate import city_points, count_lines, final_lines
from tests.between_two_cities.helpers import blank_state, make_game, put
from tests.between_two_cities.test_rulebook_scoring_reference import CONFIGS, finished, reference

ROW_OF = {"shops": "shop", "factories": "factory", "taverns": "tavern", "offices": "office",
          "parks": "park", "houses": "house", "civic": "civic"}


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_rows_are_the_rulebook_categories_and_sum_to_the_city_scores(players, variants):
    for seed in range(3):
        s = finished(players, variants, seed)
        g = s.game
        totals, ref = reference(g, s)
        rows = city_points(g, s)
        for c, (row, want) in enumerate(zip(rows, ref)):
            assert {r: row[r] for r in ROW_OF} == {r: want[k] for r, k in ROW_OF.items()}, (seed, c)
            assert row["districts"] == sum(v for k, v in want.items() if k.startswith("district"))
        assert [sum(r.values()) for r in rows] == g.city_scores(s) == totals
        before = s.clone()
        g.layout.view(before.buf, "phase")[0] = PH_END - 1  # the move that ended the game
        for seat in range(players):
            lines = count_lines(g, before.observe(seat), s.observe(seat), seat)
            assert lines == count_lines(g, before, s, seat) == final_lines(g, s, seat)
            win = s.winners()
            told = lines[-1]
            if not win:
                assert told.startswith("winner: Jamey"), told
            elif len(win) == 1:
                assert told.startswith("winner: " + ("you" if win[0] == seat else f"seat {win[0]}")), told
            else:
                assert told.startswith("winners: "), told
        assert count_lines(g, before, before, 0) == []  # nothing scores before the end


def test_the_rulebook_examples_told_as_a_final_scoring():
    """Six players on plain boards: city 0 the shops example (27), city 4 the taverns example
    (13), city 2 the parks example (3 + 1: 14), city 3 the offices example (7: 22), city 1 two
    offices (3); factories 5, 5, 3, 2, 1, 0 in cities 0-5 (4, 4, 3, 2, 2 each: 20, 20, 9, 4, 2,
    0).  Seats 1, 2 and 3 have 23 in their lower city; seat 1's higher city (47) decides."""
    g = make_game(6)
    s = blank_state(g)
    put(g, s, 0, ["shop shop shop shop shop", ". . . . .", "shop . . . shop", ". . . . shop"])
    put(g, s, 1, ["office office"])
    put(g, s, 2, ["park park park . park"])
    put(g, s, 3, ["office office office office office office office"], left=1)
    put(g, s, 4, ["music drink drink food food"])
    for c, n in enumerate([5, 5, 3, 2, 1]):
        put(g, s, c, [" ".join(["factory"] * n)], top=7)

    def city(c: int, who: str, shops=0, factories=0, taverns=0, offices=0, parks=0) -> str:
        return (f"  city {c} ({who}): shops {shops}, factories {factories}, taverns {taverns}, "
                f"offices {offices}, parks {parks}, houses 0, civic 0 = "
                f"{shops + factories + taverns + offices + parks}")

    assert final_lines(g, s, 0) == [
        "final scoring:",
        city(0, "your left city", shops=27, factories=20),
        city(1, "seat 1 and seat 2", factories=20, offices=3),
        city(2, "seat 2 and seat 3", factories=9, parks=14),
        city(3, "seat 3 and seat 4", factories=4, offices=22),
        city(4, "seat 4 and seat 5", factories=2, taverns=13),
        city(5, "your right city"),
        "  you: lower city 5 = 0, higher city 0 = 47",
        "  seat 1: lower city 1 = 23, higher city 0 = 47",
        "  seat 2: lower city 1 = 23, higher city 2 = 23",
        "  seat 3: lower city 2 = 23, higher city 3 = 26",
        "  seat 4: lower city 4 = 15, higher city 3 = 26",
        "  seat 5: lower city 5 = 0, higher city 4 = 15",
        "winner: seat 1 (lower city tied at 23, higher city 47 to 26)",
    ]
    assert s.winners() == [1]


def test_a_tie_on_every_key_is_shared():
    """Two players standard, mirrored cities: same sums and tiles, both win."""
    g = make_game(2, ("two-player",))
    s = blank_state(g)
    for c in range(4):
        put(g, s, c, ["shop park"])
    assert final_lines(g, s, 1)[-3:] == ["  seat 0: city 0 4 + city 1 4 = 8", "  you: city 2 4 + city 3 4 = 8",
                                         "winners: seat 0 and you (tied on every tie-break)"]
    assert s.winners() == [0, 1]


def test_guildhall_play_tells_the_final_scoring_before_the_final_scores():
    """Through ``guildhall play``'s game loop (the person always plays the first legal move)."""
    from guildhall.human import HumanGame
    from search.api import Limits

    told: list[str] = []
    h = HumanGame(make_game(3), 0, "random", Limits(iterations=1), seed=2, echo=told.append)
    h.ask = lambda: h.state.legal_moves(0)[0]
    h.run()
    start = told.index("final scoring:")
    assert told[start + 1].startswith("  city 0 (your left city): shops ")
    assert told[start + 4].startswith("  you: lower city ") and told[start + 7].startswith("winner")
    assert any(t.startswith("final scores: ") for t in told[start + 8:])
