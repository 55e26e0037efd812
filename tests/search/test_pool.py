"""The search worker pool (``search.pool``): kept across moves, resized, never orphaned, never peeking."""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from engine.core import make_rng
from search.api import Limits, make_player
from search.pool import Pool, whoami
from tests.search.helpers import COMPILED, guildes_start
from tests.search.test_no_peeking import _twin_states
from tests.search.test_parallel import children

ITERS = 300 if COMPILED else 40


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def test_workers_are_kept_across_moves_and_end_with_close():
    before = children()
    p = make_player("ismcts", seed=3, workers=3)
    s = guildes_start()
    p.choose(s, 0, Limits(iterations=ITERS))
    pids = p._pool.pids()
    assert len(pids) == 2 and set(map(str, pids)) <= children() - before
    p.choose(s, 0, Limits(iterations=ITERS))
    assert p._pool.pids() == pids and p.last_info.iterations == ITERS
    p.close()
    assert children() <= before and not any(alive(x) for x in pids)
    p.choose(s, 0, Limits(iterations=ITERS))  # a closed player starts its workers again
    assert len(p._pool) == 2 and p._pool.pids() != pids
    p.close()
    assert children() <= before


def test_hand_over_resizes_and_a_new_game_gets_new_workers():
    s = guildes_start()
    old = make_player("ismcts", seed=3, workers=3)
    old.choose(s, 0, Limits(iterations=ITERS))
    kept = old._pool.pids()[0]
    new = make_player("ismcts", seed=3, workers=2)
    old.hand_over(new)
    assert old._pool is None
    new.choose(s, 0, Limits(iterations=ITERS))
    assert new._pool.pids() == [kept] and new.last_info.iterations == ITERS
    other = guildes_start(players=3)  # another game: workers hold the game they were forked with
    new.choose(other, other.to_move()[0], Limits(iterations=ITERS))
    assert len(new._pool) == 1 and new._pool.pids() != [kept] and not alive(kept)
    one = make_player("ismcts", seed=3, workers=1)
    new.hand_over(one)
    one.choose(s, 0, Limits(iterations=ITERS))
    assert one._pool is None  # one process: the handed-over workers end at its first search


def test_pooled_search_is_the_same_search_run_in_one_process():
    """Same seed and budget: the parent's tree plus what the worker sent equals the
    parent's tree plus the worker's job run here (:func:`search.ismcts.helper_work`)."""
    from search import ismcts

    s = guildes_start()
    view = s.observe(0)
    p = make_player("ismcts", seed=11, workers=2)
    p.choose(s, 0, Limits(iterations=ITERS))
    pooled = [(m.move, m.visits, m.value) for m in p.last_info.moves]
    p.close()
    q = make_player("ismcts", seed=11, workers=2)
    o = q.options_for("guildes", ITERS, players=s.game.players)  # what choose() searched with
    seed = q.rng.next64()
    own = ismcts.build_search(view, 0, o)
    ismcts.core.run_chunked(own, ismcts.core.rng_for(view.game.kernel, seed), ismcts.share(ITERS, 2, 0),
                            None, None, threading.Event())
    helper = ismcts.helper_work(view, 0, o, ITERS, None, None, seed)(0, threading.Event())
    extra, _, _ = ismcts.merge_helpers([("ok", helper)])
    info = q._info(own, 0, view, ITERS, 1.0, 0, extra)
    assert pooled == [(m.move, m.visits, m.value) for m in info.moves]
    assert sum(v for _, v, _ in pooled) == ITERS


@pytest.mark.parametrize("game,players,plies", [("guildes", 4, 0), ("guildes", 4, 40), ("walled_city", 2, 30)])
def test_pooled_workers_do_not_peek(game, players, plies):
    """Two states alike in the seat's view, different hidden cards: the same search,
    through the same pooled workers (kept from one state's search to the other's)."""
    s, other, seat = _twin_states(game, players, 4 + plies, plies)
    assert s.observe(seat) == other.observe(seat)
    out = []
    for state in (s, other, s):
        p = make_player("ismcts", seed=17, workers=3)
        p.choose(state, seat, Limits(iterations=ITERS))
        out.append([(m.move, m.visits, m.value) for m in p.last_info.moves])
        p.close()
    shared = make_player("ismcts", seed=17, workers=3)
    pids = None
    for state in (s, other):
        shared.new_game()
        shared.rng = make_rng(17)  # as a fresh player's
        shared.choose(state, seat, Limits(iterations=ITERS))
        out.append([(m.move, m.visits, m.value) for m in shared.last_info.moves])
        assert pids in (None, shared._pool.pids())
        pids = shared._pool.pids()
    shared.close()
    assert all(o == out[0] for o in out)
    assert sum(v for _, v, _ in out[0]) == ITERS


def test_a_stop_left_over_from_one_job_does_not_stop_the_next():
    s = guildes_start()
    p = make_player("ismcts", seed=3, workers=2)
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    p.choose(s, 0, Limits(infinite=True), stop=stop)
    p._pool.stop()  # a late stop for a job that has ended
    p.choose(s, 0, Limits(iterations=ITERS))
    assert p.last_info.iterations == ITERS
    p.close()


def test_a_dead_worker_is_an_error_then_replaced():
    from search.api import SearchError

    s = guildes_start()
    p = make_player("ismcts", seed=3, workers=2)
    p.choose(s, 0, Limits(iterations=ITERS))
    [pid] = p._pool.pids()
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(SearchError, match="worker"):
        p.choose(s, 0, Limits(iterations=ITERS))
    p.choose(s, 0, Limits(iterations=ITERS))
    assert p.last_info.iterations == ITERS and p._pool.pids() != [pid]
    p.close()


def test_pool_refuses_more_jobs_than_workers():
    with Pool() as pool:
        pool.resize(1)
        with pytest.raises(ValueError):
            pool.run(whoami, [(), ()])
        assert pool.run(whoami, [()])[0][0] == "ok"


SCRIPT = textwrap.dedent("""
    import sys, time
    if sys.argv[1] == "eof-only":
        import search.pool
        search.pool._die_with_parent = lambda: None  # the portable fallback alone
    from search.api import Limits, make_player
    from tests.search.helpers import guildes_start
    p = make_player("ismcts", seed=3, workers=3)
    s = guildes_start()
    p.choose(s, 0, Limits(iterations=50))
    print(" ".join(map(str, p._pool.pids())), flush=True)
    if sys.argv[2] == "searching":
        p.choose(s, 0, Limits(infinite=True))
    time.sleep(60)
""")


@pytest.mark.parametrize("guard", ["pdeathsig", "eof-only"])
@pytest.mark.parametrize("when", ["idle", "searching"])
def test_a_killed_parent_takes_its_workers_with_it(guard, when):
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, guard, when], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ), cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                                os.path.abspath(__file__)))))
    try:
        pids = [int(x) for x in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(alive(x) for x in pids)
        time.sleep(0.2)
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 5
    while any(alive(x) for x in pids) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(alive(x) for x in pids)

