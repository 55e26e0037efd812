"""The Python client (guildhall.client) against a real engine process."""
import os
import sys

import pytest

from guildhall.client import Engine, EngineError, EngineTerminated, EngineTimeout, Limit
from tests.protocol.conftest import CHEAP


def popen(**kw):
    return Engine.popen(env=dict(os.environ), **kw)


def test_client_plays_and_analyses_a_guildes_position():
    with popen() as eng:
        assert eng.id["name"] == "guildhall" and "Omniscient" in eng.options
        eng.configure({"Seed": 3, "Omniscient": False})
        eng.new_game("guildes", players=4, seed=1)
        assert eng.status().tomove == ["chance"]
        assert len(eng.validmoves()) == 6
        while eng.status().tomove == ["chance"]:
            eng.push("random")
        st = eng.status()
        assert st.tomove == ["0", "1", "2", "3"] and not st.over and st.scores == [0, 0, 0, 0]
        legal = eng.validmoves(0)
        result = eng.play(Limit(iterations=30))
        assert result.move in legal
        info = eng.analyse(Limit(iterations=30))
        assert info.moves and {m.move for m in info.moves} <= set(legal)
        assert info.iterations >= 1 or info.moves[0].visits == 0
        eng.push(result.move, seat=0)
        assert eng.status().tomove == ["1", "2", "3"]
        eng.undo()
        assert "?" in eng.view(2) and "your hand" in eng.draw(2)
        assert eng.perft(1) == len(legal)


def test_client_raises_on_error_replies_and_keeps_in_step():
    with popen() as eng:
        with pytest.raises(EngineError) as err:
            eng.new_game("chess")
        assert err.value.kind == "unknown-game"
        eng.new_game("guildes", players=3)
        with pytest.raises(EngineError) as err:
            eng.push("deal nothing")
        assert err.value.kind == "bad-move"
        with pytest.raises(EngineError):
            eng.play(Limit(iterations=5))  # chance is to move
        assert eng.status().ply == 0


def test_client_reports_a_dead_engine_and_times_out():
    eng = popen(timeout=5)
    eng.proc.kill()
    eng.proc.wait()
    with pytest.raises(EngineTerminated):
        eng.status()
    eng.quit()
    silent = Engine([sys.executable, "-c", "import time; print('guildhallok', flush=True); time.sleep(30)"],
                    timeout=0.5)
    with pytest.raises(EngineTimeout):
        silent.status()
    silent.proc.kill()
    silent.quit()


def test_limit_arguments():
    assert Limit(iterations=5, movetime=100).args() == "iterations 5 movetime 100"
    assert Limit(time=[1000, 2000], inc=[5, 5]).args() == "time 1000 2000 inc 5 5"
    assert Limit(infinite=True).args() == "infinite"


def test_limit_validates_its_fields():
    assert Limit(time=0.5).args() == "movetime 500"
    for bad in (dict(movetime=0.5), dict(iterations=0), dict(nodes=-1), dict(time="soon"),
                dict(time=[100, "x"]), dict(inc=[5]), dict(time=0.5, movetime=100)):
        with pytest.raises(ValueError):
            Limit(**bad)


def dealt(eng, players=3, seed=2):
    eng.new_game("guildes", players=players, seed=seed)
    while eng.status().chance:
        eng.push("random")


def test_typed_options_status_and_ping():
    with popen() as eng:
        opt = eng.options["workers"]
        assert (opt.type, opt.default, opt.min, opt.max) == ("spin", 1, 1, 64)
        assert eng.options["tree"].vars == ["so", "mo", "det"] and eng.options["Omniscient"].default is False
        # names in any case, as the engine reads setoption; listed as the engine wrote them
        assert eng.options["WORKERS"] is opt and "omniscient" in eng.options and "Omniscient" in list(eng.options)
        eng.ping()
        eng.configure({"preset": CHEAP})
        eng.new_game("guildes", players=3, seed=2)
        assert eng.status().seats == [-1] and len(eng.chance_moves()) == 6
        dealt(eng)
        assert eng.status().seats == [0, 1, 2]
        info = eng.analyse(Limit(iterations=200))
        assert info.pv_items[0][0] == 0 and info.currmove == info.moves[0].move


def test_a_timeout_stops_the_search_and_the_engine_stays_usable():
    with popen() as eng:
        dealt(eng)
        eng.timeout = 0.3
        with pytest.raises(EngineTimeout):
            eng.play(Limit(iterations=10**9))
        eng.timeout = 30
        assert eng.play(Limit(iterations=20)).move is not None
        with pytest.raises(ValueError):
            eng.play(Limit(infinite=True))


def test_analysis_stream_stop_and_wait():
    with popen() as eng:
        eng.configure({"InfoInterval": 20, "preset": CHEAP})
        dealt(eng)
        legal = eng.validmoves(0)
        with eng.analysis() as an:
            seen = []
            for info in an:
                seen.append(info.iterations)
                if len(seen) == 3:
                    an.stop()
            result = an.wait()
        assert len(seen) >= 3 and seen == sorted(seen) and result.move in legal
        an = eng.analysis(Limit(iterations=300), searchmoves=legal[:2])
        assert an.wait().move in legal[:2]


def test_quoted_edition_path_reaches_the_engine(tmp_path):
    import shutil

    import engine

    path = tmp_path / "it's \"my\" edition.json"
    shutil.copy(engine.make_game("guildes", 3).edition_path, path)
    with popen() as eng:
        eng.new_game("guildes", players=3, edition=str(path))
        assert eng.status().chance


def test_asyncio_engine():
    import asyncio

    from guildhall.client_async import popen_engine

    async def main():
        async with await popen_engine(env=dict(os.environ)) as eng:
            await eng.new_game("guildes", players=3, seed=1)
            while (await eng.status()).chance:
                await eng.push("random")
            result = await eng.play(Limit(iterations=50))
            infos = []
            async for info in eng.analyse_stream(Limit(time=0.5)):
                infos.append(info)
            return result.move, await eng.validmoves(0)

    move, legal = asyncio.run(main())
    assert move in legal
