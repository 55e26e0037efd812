"""A real engine process per test (``python -m guildhall engine``), environment passed through."""
import os
import sys

import pytest

from guildhall.client import Engine

# Guildes' preset with random rollouts below 1600 iterations (its by_budget entry switches to
# heuristic rollouts from 1600, ~7-10 times the cost of an iteration): named, so that tests of the
# protocol's plumbing keep their cost if the default changes (at 1600 iterations or more they pay
# the heuristic rollouts: test_multipv, test_promises, about 1 s more each, compiled)
CHEAP = "vs-textbook-160g-100it"


def start(*args: str, timeout: float = 30.0) -> Engine:
    # the environment goes through, so GUILDHALL_PUREPYTHON reaches the engine process
    return Engine([sys.executable, "-m", "guildhall", "engine", *args], timeout, dict(os.environ))


@pytest.fixture(scope="module")
def shared_engine():
    e = start()
    yield e
    e.quit()


@pytest.fixture
def eng(shared_engine):
    """One engine process per test module (starting one costs ~1 s on a busy machine),
    with the session options put back to their defaults before each test."""
    if shared_engine.proc.poll() is not None:
        pytest.fail("the engine process died in an earlier test")
    for line in ("setoption name Omniscient value false", "setoption name Seed value 0",
                 "setoption name Engine value " + shared_engine.options["Engine"].split()[6],
                 "setoption name preset value default", "seat auto"):
        assert expect(shared_engine, line) == []
    return shared_engine


def cheap(e: Engine) -> None:
    """Search with :data:`CHEAP` (named per game: Guildes here); ``eng`` puts the default back."""
    assert expect(e, f"setoption name preset value {CHEAP}") == []


def ready(e: Engine) -> bool:
    """True when ``isready`` is answered by exactly ``readyok`` (nothing else pending)."""
    e.send("isready")
    return e.readline() == "readyok"


def expect(e: Engine, line: str) -> list[str]:
    """Send one line and collect the replies up to the engine's ``readyok``."""
    e.send(line)
    e.send("isready")
    out = []
    while True:
        got = e.readline()
        if got == "readyok":
            return out
        out.append(got)


def go(e: Engine, line: str) -> list[str]:
    """Send a ``go`` line; the lines up to its ``bestmove`` (after an error: ``bestmove none``)."""
    e.send(line)
    out = []
    while True:
        got = e.readline()
        out.append(got)
        if got.startswith("bestmove"):
            return out
