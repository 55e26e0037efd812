"""A stop reaches a heuristic rollout (cython_ext/rollout_policy.py ``stop``, attached by
search.core.run_chunked): an interpreted Guildes rollout lasts tens of milliseconds, more
than the protocol's stop promise, so the rollout itself is cut, and the iteration still
completes (every visit counted once)."""
import threading

import numpy as np

from engine.core import CHANCE
from search import core
from search.presets import options_for
from tests.search.helpers import guildes_start

HEURISTIC = "heuristic-200g-100it"


class StopAfter:
    """A stop event that reads as set from its ``n``-th look on (deterministic, unlike a timer)."""

    def __init__(self, n: int) -> None:
        self.n, self.looks = n, 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks > self.n


def heuristic_search(seed: int = 1):
    opts = {k: v for k, v in options_for("guildes", HEURISTIC).items() if k != "reuse"}
    view = guildes_start(4, seed)
    s = core.make_search(view, view.to_move()[0], **opts)
    assert hasattr(s.rollout_fn, "stop"), "the preset's rollouts are the heuristic policy"
    return view, s


def to_move(k, buf) -> int:
    seats = np.zeros(16, np.intc)
    n = k.to_move(buf, seats)
    return 0 if n == 0 else n if seats[0] != CHANCE else -1


def test_a_set_stop_cuts_a_rollout_and_an_unset_one_does_not():
    view, s = heuristic_search()
    pol, k = s.rollout_fn, view.game.kernel
    pol.stop = threading.Event()
    b = view.buf.copy()
    pol(b, core.rng_for(k, 3))
    assert to_move(k, b) == 0 and pol.steps > 4  # unset: played to the end
    pol.stop.set()
    steps, b = pol.steps, view.buf.copy()
    pol(b, core.rng_for(k, 3))
    assert pol.steps == steps and to_move(k, b) > 0  # set: cut before its first decision


def backed_up(s, seat: int, iterations: int) -> bool:
    """Every root counts ``iterations`` visits, and so do the root seat's edges."""
    roots = s.get_roots()
    edges = sum(r[2] for r in s.edges_of(roots[seat if len(roots) > 1 else 0]) if r[0] == seat)
    return s.iterations == iterations == edges and all(s.node_info(r)[0] == iterations for r in roots)


def test_a_stop_inside_the_first_rollout_ends_the_search_after_that_iteration():
    view, s = heuristic_search()
    seat = view.to_move()[0]
    # look 1: run_chunked; 2-3: the first rollout at its decisions 0 and stop_every (set: cut
    # there); the loop returns at once, and run_chunked's look 4 ends the search
    stop, every = StopAfter(2), s.rollout_fn.stop_every
    done = core.run_chunked(s, core.rng_for(view.game.kernel, 5), None, None, None, stop)
    assert (done, stop.looks, s.rollout_fn.steps, s.rollout_fn.cut) == (1, 4, every, True)
    assert s.rollout_fn.stop is None  # attached only while the search runs
    assert backed_up(s, seat, 1)
    more = core.run_chunked(s, core.rng_for(view.game.kernel, 6), 3, None, None, threading.Event())
    assert more == 3 and backed_up(s, seat, 4)  # the tree goes on as after any iteration


def test_run_chunked_lends_the_policy_its_stop_with_no_cut_left_and_takes_it_back():
    view, s = heuristic_search()
    pol = s.rollout_fn
    pol.cut = True  # as an earlier search's cut rollout leaves it
    seen = []

    class Spy:
        def is_set(self) -> bool:
            seen.append((pol.stop is self, pol.cut))
            return True

    assert core.run_chunked(s, core.rng_for(view.game.kernel, 5), None, None, None, Spy()) == 0
    assert seen == [(True, False)] and pol.stop is None


def test_the_loop_returns_after_an_iteration_whose_rollout_was_cut():
    view, s = heuristic_search()
    s.rollout_fn.stop = StopAfter(0)  # every rollout cut at once
    assert s.run(core.rng_for(view.game.kernel, 5), 50, 0, 0) == 1
    s.rollout_fn.stop = None
    assert s.run(core.rng_for(view.game.kernel, 6), 3, 0, 0) == 3


def test_a_stop_later_in_a_search_leaves_every_iteration_backed_up():
    view, s = heuristic_search(2)
    done = core.run_chunked(s, core.rng_for(view.game.kernel, 7), None, None, None, StopAfter(60))
    assert done > 1 and backed_up(s, view.to_move()[0], done)
