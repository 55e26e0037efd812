"""Root-parallel search (``workers``) from the command line, and no helper process left behind."""
import os

from click.testing import CliRunner

from cython_ext import select
from guildhall.cli import main
from search.api import Limits, make_player
from tests.search.helpers import guildes_start


def children() -> set[str]:
    kids: set[str] = set()
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/children") as fh:
                kids |= set(fh.read().split())
        except FileNotFoundError:
            pass
    return kids


CHEAP = "vs-textbook-160g-100it"  # random rollouts below 1600 iterations: plumbing, not strength


def test_selfplay_and_match_take_workers():
    before = children()
    iters = "4" if select.pure_python_forced() else "30"  # plumbing, not search: 150 s interpreted at 30
    r = CliRunner().invoke(main, ["selfplay", "guildes", "--players", "3", "--iterations", iters,
                                  "--set", "ismcts.workers=2", "--set", f"ismcts.preset={CHEAP}"])
    assert r.exit_code == 0, r.output
    assert "final scores:" in r.output
    r = CliRunner().invoke(main, ["match", "guildes", "--players", "3", "--games", "1", "--iterations", iters,
                                  "--engine", "ismcts", "--engine", "random", "--set", "ismcts.workers=2",
                                  "--set", f"ismcts.preset={CHEAP}"])
    assert r.exit_code == 0, r.output
    assert children() <= before


def test_selfplay_refuses_a_bad_worker_count_or_an_absent_engine():
    r = CliRunner().invoke(main, ["selfplay", "guildes", "--set", "ismcts.workers=0"])
    assert r.exit_code == 1 and "workers" in r.output
    r = CliRunner().invoke(main, ["selfplay", "guildes", "--engine", "random", "--set", "ismcts.workers=2"])
    assert r.exit_code == 1 and "ismcts" in r.output


def test_two_workers_search_twice_the_iterations_of_the_budget_split():
    """An iteration budget is split between the processes and their root statistics summed."""
    p = make_player("ismcts", seed=3, workers=2)
    before = children()
    p.choose(guildes_start(), 0, Limits(iterations=300))
    assert p.last_info.iterations == 300 == sum(m.visits for m in p.last_info.moves)
    p.close()
    assert children() <= before
