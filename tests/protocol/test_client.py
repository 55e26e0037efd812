"""The Python client (guildhall.client) against a real engine process."""
import os
import sys

import pytest

from guildhall.client import Engine, EngineError, EngineTerminated, EngineTimeout, Limit


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
