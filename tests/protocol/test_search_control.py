"""stop and isready during a long search, and a whole game through the protocol alone."""
import statistics
import time

import pytest

from tests.protocol.conftest import cheap, expect, go, start
from tests.protocol.test_transcripts import deal

# Latency is measured from writing the line to reading the answer.  The
# median over several searches must be under 50 ms; single samples may be
# slower only because this test shares 2 cores with other engineers' builds
# and suites (the scheduler can park the engine process for a while).
TRIALS = 5


# the default, and the heuristic-rollout preset, whose interpreted rollouts (tens of
# milliseconds) look at the stop themselves (cython_ext/rollout_policy.py)
@pytest.mark.parametrize("preset", ["default", "heuristic-200g-100it"])
def test_stop_ends_a_long_search_within_50ms(eng, preset):
    deal(eng)
    assert expect(eng, f"setoption name preset value {preset}") == []
    waits = []
    for _ in range(TRIALS):
        eng.send("go infinite")
        time.sleep(0.3)
        t0 = time.perf_counter()
        eng.send("stop")
        lines = eng.read_until("bestmove", timeout=10)
        waits.append(time.perf_counter() - t0)
        assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none"
    assert statistics.median(waits) < 0.050, waits
    assert max(waits) < 1.0, waits


def test_isready_is_answered_during_a_search(eng):
    deal(eng)
    eng.send("go movetime 60000")
    time.sleep(0.2)
    waits = []
    for _ in range(TRIALS):
        t0 = time.perf_counter()
        eng.send("isready")
        while eng.readline(timeout=10) != "readyok":
            pass  # info lines may come first
        waits.append(time.perf_counter() - t0)
    assert statistics.median(waits) < 0.050, waits
    eng.send("stop")
    assert eng.read_until("bestmove", timeout=10)[-1].startswith("bestmove ")


def test_go_infinite_answers_only_after_stop(eng):
    deal(eng)
    expect(eng, "setoption name Engine value random")  # done at once, yet must wait for stop
    eng.send("go infinite")
    time.sleep(0.3)
    got = expect(eng, "status")
    assert got[-1].startswith("status") and not any(l.startswith("bestmove") for l in got)
    eng.send("stop")
    assert eng.read_until("bestmove", timeout=10)[-1].startswith("bestmove ")


def test_a_whole_guildes_game_through_the_protocol_alone():
    e = start()
    try:
        expect(e, "newgame guildes players 3 seed 11")
        cheap(e)
        plies = 0
        while True:
            [status] = expect(e, "status")
            tomove = status.split()[2]
            if tomove == "none":
                break
            if tomove == "chance":
                assert expect(e, "play random") == []
            else:
                seat = int(tomove.split(",")[0])
                expect(e, f"seat {seat}")
                best = go(e, "go iterations 4")[-1]
                assert best.startswith("bestmove ") and best != "bestmove none", best
                assert expect(e, f"play seat {seat} {best[len('bestmove '):]}") == []
            plies += 1
        words = status.split()
        assert words[words.index("over") + 1] == "yes"
        scores = [int(x) for x in words[words.index("scores") + 1].split(",")]
        winners = [int(x) for x in words[words.index("winner") + 1].split(",")]
        assert len(scores) == 3 and all(scores[w] == max(scores) for w in winners)
        assert plies > 50
        assert expect(e, "play random")[0].startswith("error illegal-move the game is over")
    finally:
        e.quit()
