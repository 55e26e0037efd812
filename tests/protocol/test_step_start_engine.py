"""``setoption name step_start`` in a real engine process (docs/protocol.md): at the last seat to
choose in Between Two Cities' first draft step, after the others' hidden choices, the option
reaches the search (another search: other statistics, same seeds), and what the engine reports
stays playable in the position -- the principal variation opens with that seat's own choice
(the tree's root step holds the others' choices too, which are not theirs to play there:
tests/search/test_step_start.py)."""
import engine
from cython_ext import pure_python_forced
from engine.core import CHANCE, make_rng
from tests.protocol.conftest import expect, go

PLAYERS = 4
ITERATIONS = 60 if pure_python_forced() else 300


def mid_step_line():
    """The moves up to the last seat of the first draft step (the others chose their first
    pairs; chance from fixed seeds), and that seat."""
    s, items = engine.make("between_two_cities", players=PLAYERS, seed=3), []
    while len(s.to_move()) != PLAYERS or s.to_move()[0] == CHANCE:
        seat = s.to_move()[0]
        m = s.sample_chance(make_rng(len(items))) if seat == CHANCE else s.legal_moves(seat)[0]
        items.append(("chance " if seat == CHANCE else f"seat {seat} ") + s.move_to_string(seat, m))
        s.apply(seat, m)
    for seat in s.to_move()[:-1]:
        m = s.legal_moves(seat)[0]
        items.append(f"seat {seat} " + s.move_to_string(seat, m))
    return items, s.to_move()[-1]


def search(e, on: bool, items, seat) -> tuple[str, str]:
    """``(the last info line's pv, its info moves line)`` of a search of ``seat``."""
    assert expect(e, f"setoption name step_start value {str(on).lower()}") == []
    assert expect(e, f"newgame between_two_cities players {PLAYERS} seed 3") == []
    assert expect(e, "position startpos seed 3 moves " + "; ".join(items)) == []
    assert expect(e, f"seat {seat}") == []
    lines = go(e, f"go iterations {ITERATIONS}")
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none"
    info = [x for x in lines if x.startswith("info seat ")][-1]
    assert " pv " in info, info
    return info.split(" pv ", 1)[1], [x for x in lines if x.startswith("info moves ")][-1]


def test_step_start_reaches_the_search_and_reports_the_seats_own_line(eng):
    items, seat = mid_step_line()
    try:
        pv_off, moves_off = search(eng, False, items, seat)
        pv_on, moves_on = search(eng, True, items, seat)
        for pv in (pv_off, pv_on):
            assert pv.startswith(f"seat {seat} pick "), pv
        assert moves_on != moves_off
        assert search(eng, True, items, seat)[1] == moves_on  # the same seeds, the same search
    finally:
        expect(eng, "setoption name step_start value false")
        expect(eng, "seat auto")
