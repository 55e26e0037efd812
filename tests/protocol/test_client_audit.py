"""The Python clients at the edges an audit of session 35 found: a search asked for while an
infinite analysis runs, an async call cancelled, a finite analysis out of time, a handshake
out of time, whole reports in an analysis stream, and a multi-word ``currmove``."""
import asyncio
import os
import subprocess

import pytest

from cython_ext import pure_python_forced
from guildhall import client as client_module
from guildhall.client import Engine, EngineError, EngineTimeout, Info, Limit, parse_info
from guildhall.client_async import popen_engine
from tests.protocol.conftest import CHEAP


def popen(**kw):
    return Engine.popen(env=dict(os.environ), **kw)


def dealt(eng, game="guildes", players=3, seed=2):
    eng.new_game(game, players=players, seed=seed)
    while eng.status().chance:
        eng.push("random")


def test_a_search_asked_for_during_an_infinite_analysis_is_refused_at_once():
    with popen(timeout=5) as eng:
        dealt(eng)
        with eng.analysis() as search:
            next(search)
            with pytest.raises(EngineError) as err:
                eng.play(Limit(iterations=10))
            assert err.value.kind == "busy"
            search.stop()
            assert search.wait().move is not None
        assert eng.play(Limit(iterations=10)).move in eng.validmoves()


async def async_dealt():
    """An async engine at the first decision of a seeded Guildes game (as ``dealt``)."""
    eng = await popen_engine(timeout=10, env=dict(os.environ))
    await eng.new_game("guildes", players=3, seed=2)
    while (await eng.status()).chance:
        await eng.push("random")
    return eng


def test_a_cancelled_async_call_leaves_the_replies_in_step():
    async def run():
        eng = await async_dealt()
        try:
            legal = await eng.validmoves()
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(eng.play(Limit(movetime=2000)), 0.05)
            st = await eng.status()
            assert st.tomove and not st.chance
            assert await eng.validmoves() == legal
            assert (await eng.play(Limit(iterations=10))).move in legal
        finally:
            await eng.quit()

    asyncio.run(run())


def test_a_finite_analysis_out_of_time_is_stopped():
    with popen(timeout=5) as eng:
        dealt(eng)
        eng.configure({"preset": CHEAP, "InfoInterval": 10000})
        eng.timeout = 0.01
        with pytest.raises(EngineTimeout):
            for _ in eng.analysis(Limit(iterations=3_000_000)):
                pass
        eng.timeout = 5
        result = eng.play(Limit(iterations=3))
        assert result.info.iterations == 3  # not the abandoned search's report


def test_a_handshake_out_of_time_leaves_no_process(monkeypatch):
    made = []
    real = subprocess.Popen

    def spy(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(client_module.subprocess, "Popen", spy)
    with pytest.raises(EngineTimeout):
        popen(timeout=0.001)
    assert made and made[0].wait(5) is not None


STREAM = 500 if pure_python_forced() else 20000  # iterations: several reports at 20 ms apart


def test_each_snapshot_of_a_stream_is_one_whole_report():
    with popen(timeout=10) as eng:
        dealt(eng)
        eng.configure({"preset": CHEAP, "InfoInterval": 20, "MultiPV": 3, "InfoMoves": 100})
        snaps = []
        with eng.analysis(Limit(iterations=STREAM)) as search:
            snaps = list(search)
        assert len(snaps) >= 2
        for info in snaps:
            # every root move listed: their visits are this report's iterations, not an earlier one's
            assert info.moves and sum(m.visits for m in info.moves) == info.iterations, info
            assert [m.visits for m in info.multipv] == [m.visits for m in info.moves[:3]]
        assert snaps[-1].iterations == STREAM


def test_a_currmove_of_several_words_leaves_the_other_fields_read():
    info = Info()
    parse_info("info seat 0 iterations 50 nodes 900 time 3 ips 16666 currmove trick swap 0:knights "
               "2:priests currmovevisits 7 treenodes 16 treefull 1000 pv seat 0 road P3", info)
    assert (info.currmove, info.treefull, info.iterations, info.nodes) == (
        "trick swap 0:knights 2:priests", 1000, 50, 900)
    parse_info("info seat 1 iterations 5 nodes 9 time 1 ips 5 currmove road P3 currmovevisits 2 "
               "treenodes 3 treefull 12", info)
    assert (info.currmove, info.treefull, info.seat) == ("road P3", 12, 1)


def test_an_engine_that_ends_at_once_says_why():
    from guildhall.client import EngineTerminated

    with pytest.raises(EngineTerminated, match="unknown game 'nosuchgame'"):
        popen(args=["nosuchgame"], timeout=30)


def test_the_async_stream_takes_the_sync_analysis_arguments():
    async def run():
        eng = await async_dealt()
        try:
            two = (await eng.validmoves())[:2]
            await eng.configure({"InfoInterval": 20})
            seen = 0
            async for info in eng.analyse_stream(searchmoves=two):  # infinite: left by break
                assert {m.move for m in info.moves} <= set(two)
                seen += 1
                if seen == 2:
                    break
            assert (await eng.play(Limit(iterations=5))).move is not None  # the engine is free again
        finally:
            await eng.quit()

    asyncio.run(run())


def test_an_infinite_analysis_that_has_ended_waits_for_stop_without_timing_out():
    # one search move: the engine answers its last report at once, then waits for stop in silence
    import threading

    with popen(timeout=10) as eng:  # start-up under load can take longer than the short timeout
        dealt(eng)
        one = eng.validmoves()[:1]
        eng.timeout = 0.5
        with eng.analysis(searchmoves=one) as search:
            threading.Timer(1.6, search.stop).start()  # three timeouts of silence first
            result = search.wait()
        assert result.move == one[0]
