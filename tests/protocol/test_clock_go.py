"""`go time ...` through a real engine: a move takes its share of the seat's decisions to come."""
import time

from tests.protocol.conftest import expect, go, start


def test_a_clocked_go_spreads_the_clock_over_the_decisions_to_come():
    # The Walled City 2p: about 90 decisions a seat, so 20 s give a move about 0.21 s; the old
    # twentieth (1 s) or more would fail the bound
    e = start()
    try:
        assert expect(e, "newgame walled_city players 2 seed 3") == []
        while expect(e, "status")[0].split()[2] == "chance":
            assert expect(e, "play random") == []
        seat = expect(e, "status")[0].split()[2].split(",")[0]
        assert expect(e, f"seat {seat}") == []
        t0 = time.perf_counter()
        lines = go(e, "go time 20000 20000")
        took = time.perf_counter() - t0
        assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none", lines[-3:]
        assert 0.1 < took < 0.7, took
    finally:
        e.quit()
