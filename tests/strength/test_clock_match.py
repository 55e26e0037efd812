"""bench/clock_match.py: games under clocks, the clock policy against the fixed twentieth."""
import pytest

import engine
from bench.clock_match import clocked_game, fixed_share
from search.api import Limits, make_player


def test_the_field_gets_a_twentieth_of_its_clock_as_a_movetime():
    lim = fixed_share(Limits(clock=[40.0, 10.0], increment=[0.0, 2.0]), 1)
    assert lim.clock is None and lim.movetime == pytest.approx(10.0 / 20 + 1.5)


@pytest.mark.parametrize("lone", [0, 2])
def test_a_clocked_game_charges_each_seat_its_own_decisions(lone):
    game = engine.make_game("city_and_guilds", 3)
    seats = [make_player("greedy", seed=s) for s in range(3)]
    r = clocked_game(game, seats, lone, 100.0, 0.0, 7)
    assert r["flagged"] == [] and all(u > 0 for u in r["used"])
    assert r["share"] in (0.0, 1.0, 0.5, 1 / 3)


def test_a_seat_out_of_time_loses():
    game = engine.make_game("city_and_guilds", 3)
    seats = [make_player("greedy", seed=s) for s in range(3)]
    r = clocked_game(game, seats, 1, 1e-9, 0.0, 7)
    assert r["flagged"] == [0] and r["share"] == 0.5  # seat 0 flags first; the two others share


def test_no_game_starts_after_the_clock(monkeypatch, capsys):
    import time

    import bench.clock_match as cm

    now = time.gmtime()
    past = f"{now.tm_hour:02d}:{now.tm_min:02d}"  # this minute has begun: no game may start
    monkeypatch.setattr("sys.argv", ["clock_match.py", "city_and_guilds", "3", "5", "3", "1", "--engine",
                                     "greedy", "--until", past])
    with pytest.raises(SystemExit, match="no game played before the clock"):
        cm.main()
    assert "game 0" not in capsys.readouterr().out
    monkeypatch.setattr("sys.argv", ["clock_match.py", "city_and_guilds", "3", "5", "2", "1", "--engine", "greedy"])
    cm.main()
    out = capsys.readouterr().out
    assert "game 1:" in out and "in 2 of 2 (fair 0.333)" in out


def test_the_policies_compared_give_their_documented_movetimes():
    from bench.clock_match import POLICIES, policy_limits
    from search.timeman import clock_budget, move_budget

    game = engine.make_game("city_and_guilds", 4)
    state = game.new_initial_state(3)
    while state.to_move()[0] < 0:
        state.apply(state.to_move()[0], state.sample_chance())
    seat = state.to_move()[0]
    view = state.observe(seat)
    lim = Limits(clock=[30.0] * 4, increment=[0.0] * 4)
    got = {p: policy_limits(p, lim, seat, view) for p in POLICIES}
    assert got["engine"] is lim
    assert got["twentieth"].movetime == pytest.approx(1.5)
    spread = clock_budget(30.0, 0.0, view, seat)
    assert got["spread"].movetime == pytest.approx(spread) and 0.6 < spread < 1.2  # ~33 decisions
    assert got["taper"].movetime == pytest.approx(2 * spread)  # twice the even share at the start
    # with m decisions left of n, taper's share falls linearly: about 2 R m / n**2 of the start's R
    left, n, times = 30.0, 33, []
    for m in range(n, 0, -1):
        t = move_budget(left, 0.0, m, weight=2.0)
        times.append(t)
        left -= t
    assert times[0] > times[n // 2] > times[-3] and left > 0 and sum(times) > 25
    with pytest.raises(ValueError, match="no clock policy"):
        policy_limits("even", lim, seat, view)


@pytest.mark.parametrize("lone,field", [("taper", "spread"), ("twentieth", "engine")])
def test_a_clocked_game_under_other_policies(lone, field):
    game = engine.make_game("city_and_guilds", 3)
    seats = [make_player("greedy", seed=s) for s in range(3)]
    r = clocked_game(game, seats, 1, 20.0, 0.0, 7, lone, field)
    assert r["flagged"] == [] and all(u > 0 for u in r["used"])
