"""Issue 14 promises not covered by the other protocol tests, each against a real
engine process (or the CLI as a user runs it)."""
import os
import subprocess
import sys

import pytest

from cython_ext import pure_python_forced
from tests.protocol.conftest import cheap, expect, go, start
from tests.protocol.test_frontend import broken_guildes_editions, deal


@pytest.fixture(scope="module")
def eng():
    e = start()
    yield e
    e.quit()


def engine_run(data: bytes) -> str:
    out = subprocess.run([sys.executable, "-m", "guildhall", "engine"], input=data, capture_output=True,
                         timeout=120, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    return out.stdout.decode()


def test_a_last_line_without_a_newline_is_read():
    assert engine_run(b"newgame guildes players 3\nstatus").splitlines() == [
        "status tomove chance ply 0 over no scores 0,0,0"]


def test_perft_at_game_over_is_refused(eng):
    assert expect(eng, "newgame walled_city players 2 seed 1") == []
    while "over no" in expect(eng, "status")[0]:
        assert expect(eng, "play random") == []
    assert expect(eng, "perft 1") == ["error illegal-move the game is over (no moves to count)"]


def test_a_search_of_no_iteration_reports_once_then_answers(eng):
    deal(eng)
    eng.send("go infinite")
    eng.send("stop")
    lines = eng.read_until("bestmove")
    summaries = [x for x in lines if x.startswith("info seat")]
    assert len(summaries) == len(set(summaries)) and lines[-1].startswith("bestmove ")
    assert lines[-1] != "bestmove none"


def test_cleartree_makes_the_next_search_a_fresh_engines(eng):
    # like UCI's ucinewgame: the tree and the generator start again from Seed
    deal(eng, seed=3)
    assert expect(eng, "setoption name Engine value ismcts") == []
    assert expect(eng, "setoption name InfoMoves value 1000") == []
    cheap(eng)

    def moves_line():
        return [x for x in go(eng, "go iterations 300") if x.startswith("info moves")][-1]

    try:
        assert expect(eng, "setoption name ClearTree") == []
        first = moves_line()
        again = moves_line()  # the same player goes on: its generator has moved
        assert expect(eng, "setoption name ClearTree") == []
        cleared = moves_line()
    finally:
        expect(eng, "setoption name InfoMoves value 8")
    assert again != first and cleared == first


def test_the_cli_names_the_broken_field_of_an_edition(tmp_path):
    for path, field in broken_guildes_editions(tmp_path):
        for cmd in (["perft", "guildes", "1", "--players", "3"], ["selfplay", "guildes", "--players", "3"]):
            out = subprocess.run([sys.executable, "-m", "guildhall", *cmd, "--variant", "tricks",
                                  "--edition", str(path)], capture_output=True, timeout=120,
                                 env=dict(os.environ))
            text = out.stdout.decode() + out.stderr.decode()
            assert out.returncode == 1 and "Traceback" not in text, text
            assert text.startswith("error: edition ") and field in text, text


@pytest.mark.parametrize("cmd", [["perft", "between_two_cities", "1"],
                                 ["selfplay", "between_two_cities", "--iterations", "2"],
                                 ["play", "between_two_cities", "--iterations", "2"]])
def test_between_two_cities_plays_without_a_count_in_the_cli(cmd):
    out = subprocess.run([sys.executable, "-m", "guildhall", *cmd], input=b"quit\n", capture_output=True,
                         timeout=300, env=dict(os.environ))
    assert out.returncode == 0 and "error" not in out.stderr.decode(), out.stderr.decode()
    if cmd[0] == "play":
        assert "your move>" in out.stdout.decode()


ENGINES = ["ismcts", "textbook", "flatmc", "pimc", "solver", "greedy", "random"]
SLACK = 0.4  # seconds: the pipe round trip and one kernel step on a loaded 2-core machine


@pytest.mark.parametrize("name", ENGINES)
def test_every_engine_honours_movetime_and_stop(eng, name):
    import time

    deal(eng, seed=2)
    assert expect(eng, f"setoption name Engine value {name}") == []
    t = time.perf_counter()
    lines = go(eng, "go movetime 300")
    assert time.perf_counter() - t < 0.3 + SLACK and lines[-1] != "bestmove none", lines[-3:]
    eng.send("go infinite")
    time.sleep(0.2)
    t = time.perf_counter()
    eng.send("stop")
    lines = eng.read_until("bestmove")
    assert time.perf_counter() - t < SLACK and lines[-1] != "bestmove none", lines[-3:]


def test_progress_fields_currmove_and_treefull(eng):
    # UCI's currmove and hashfull: the most visited root move, and the tree's fill per mille
    deal(eng, seed=2)
    for line in ("setoption name Engine value ismcts", "setoption name max_nodes value 1000",
                 "setoption name InfoMoves value 3"):
        assert expect(eng, line) == []
    cheap(eng)
    try:
        lines = go(eng, f"go iterations {400 if pure_python_forced() else 2000}")
    finally:
        expect(eng, "setoption name max_nodes value 1000000")
    words = [x for x in lines if x.startswith("info seat")][-1].split()
    nodes, full = int(words[words.index("treenodes") + 1]), int(words[words.index("treefull") + 1])
    assert 0 < nodes <= 1000 and full == nodes * 1000 // 1000 and full > 500
    top = [x for x in lines if x.startswith("info moves ")][-1][len("info moves "):].split("; ")[0]
    currmove = " ".join(words[words.index("currmove") + 1:words.index("currmovevisits")])
    assert top.split(" ", 2)[2] == currmove
    assert top.split(" ", 1)[0] == words[words.index("currmovevisits") + 1]
