"""A memory budget the machine cannot allocate is a one-line error in the command and an
``error bad-config`` reply in the engine, with ``bestmove none`` -- never a traceback or a dead
engine (an audit of the solver, session 52: ``--memory 65536`` printed numpy's traceback).

Real processes, their address space capped at 3 GB, asked for an 8 GB table."""
import resource
import subprocess
import sys

import pytest

from tests.search.solver_positions import endgame

ERROR = "cannot allocate the solver's 8192 MB table: not enough memory on this machine"


def _capped():
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


@pytest.fixture(scope="module")
def state() -> str:
    return endgame("wc-2p", 3).to_string()


def test_the_command_says_it_in_one_line(state):
    r = subprocess.run([sys.executable, "-m", "guildhall", "solve", "walled_city", "--players", "2",
                        "--state", state, "--memory", "8192"], capture_output=True, text=True,
                       preexec_fn=_capped, timeout=300)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.splitlines() == [f"error: {ERROR} (a smaller memory budget)"]


def test_the_engine_answers_and_goes_on(state):
    eng = subprocess.Popen([sys.executable, "-m", "guildhall", "engine", "walled_city"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_capped)

    def until_bestmove(lines: str) -> list[str]:
        eng.stdin.write(lines)
        eng.stdin.flush()
        out = []
        while not out or not out[-1].startswith("bestmove"):
            out.append(eng.stdout.readline().rstrip("\n"))
        return out

    try:
        refused = until_bestmove("setoption name Engine value solver\nsetoption name memory value 8192\n"
                                 f"position {state}\ngo\n")
        assert refused == [f"error bad-config {ERROR} (a smaller memory budget)", "bestmove none"]
        solved = until_bestmove("setoption name memory value 8\ngo\n")  # a budget it can hold
        assert solved[-1] != "bestmove none"
        eng.stdin.write("quit\n")
        eng.stdin.flush()
        assert eng.wait(timeout=60) == 0 and eng.stderr.read() == ""
    finally:
        if eng.poll() is None:
            eng.kill()
            eng.wait()
