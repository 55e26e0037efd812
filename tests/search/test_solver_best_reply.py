"""The best_reply option: one replying opponent between two of the asking seat's moves, the
others greedy (search/solver/best_reply.py), checked by brute force."""
import math

import pytest

from engine.core import CHANCE
from search.solver import solve
from search.solver.best_reply import BestReply
from search.solver.exact import root_buffer
from search.solver.table import TranspositionTable
from tests.search.solver_positions import endgame
from tests.search.test_solver_paranoid import paranoid_brute

EPS = 1e-9
POSITIONS = [("guildes-3p", 6, 1), ("guildes-4p", 5, 1), ("btc-3p", 7, 3), ("cag-3p", 3, 1), ("btc-3p", 5, 15),
             ("guildes-4p", 5, 8)]


def greedy(state, seat):
    moves = sorted(state.legal_moves(seat))
    return max(moves, key=lambda m: (state.game.heuristic(state, seat, m), -m))


def br_brute(state, me, replier=None, reward="win", memo=None):
    """``me`` maximises; in each run of opponent decisions between two of ``me``'s, one
    opponent (chosen by the opponents' side, at its first decision of the run or later)
    minimises ``me``'s reward, the others play greedily; chance averages.  A simultaneous
    step: ``me`` first, then the others in seat order.  Public State API only."""
    memo = {} if memo is None else memo
    key = (state.buf[2:].tobytes(), replier)
    if key in memo:
        return memo[key]
    movers = state.to_move()
    if not movers:
        v = state.returns(reward)[me]
    elif movers == (CHANCE,):
        v = 0.0
        for o, p in state.chance_outcomes():
            c = state.clone()
            c.game.kernel.apply(c.buf, CHANCE, o)
            v += p * br_brute(c, me, replier, reward, memo)
    else:
        seat = me if me in movers else min(movers)

        def after(m, r):
            c = state.clone()
            c.apply(seat, m)
            return br_brute(c, me, r, reward, memo)

        if seat == me:
            v = max(after(m, None) for m in state.legal_moves(seat))
        elif replier == seat or state.players == 2:
            v = min(after(m, seat) for m in state.legal_moves(seat))
        elif replier is not None:
            v = after(greedy(state, seat), replier)
        else:
            v = min(min(after(m, seat) for m in state.legal_moves(seat)), after(greedy(state, seat), None))
    memo[key] = v
    return v


def optimistic(state, me, memo=None):
    """``me``'s reward if every seat played for it: an upper bound of any coalition's result."""
    memo = {} if memo is None else memo
    key = state.buf[2:].tobytes()
    if key in memo:
        return memo[key]
    movers = state.to_move()
    if not movers:
        v = state.returns("win")[me]
    elif movers == (CHANCE,):
        v = 0.0
        for o, p in state.chance_outcomes():
            c = state.clone()
            c.game.kernel.apply(c.buf, CHANCE, o)
            v += p * optimistic(c, me, memo)
    else:
        seat = me if me in movers else min(movers)
        vals = []
        for m in state.legal_moves(seat):
            c = state.clone()
            c.apply(seat, m)
            vals.append(optimistic(c, me, memo))
        v = max(vals)
    memo[key] = v
    return v


@pytest.mark.parametrize("config,left,seed", POSITIONS)
def test_best_reply_matches_brute_force_and_lies_between_paranoid_and_optimistic(config, left, seed):
    s = endgame(config, left, seed)
    seat = s.to_move()[0]
    br = solve(s, best_reply=True, seat=seat, max_nodes=2_000_000)
    assert br.best_reply and not br.paranoid and br.seat == seat
    assert all(math.isnan(x) for i, x in enumerate(br.value) if i != seat)
    memo = {}
    assert br.value[seat] == pytest.approx(br_brute(s, seat, memo=memo), abs=EPS)
    for m, v in br.values.items():
        c = s.clone()
        c.apply(seat, m)
        assert v[seat] == pytest.approx(br_brute(c, seat, memo=memo), abs=EPS)
    par = solve(s, paranoid=True, seat=seat, max_nodes=2_000_000)
    assert par.value[seat] <= br.value[seat] + EPS <= optimistic(s, seat) + 2 * EPS
    assert par.value[seat] == pytest.approx(paranoid_brute(s, seat), abs=EPS)
    if (config, left, seed) == ("btc-3p", 5, 15):  # one opponent at a time is weaker than all of them
        assert par.value[seat] < br.value[seat] - 0.5
    if (config, left, seed) == ("guildes-4p", 5, 8):  # and not the max^n value: an approximation
        assert br.value[seat] < solve(s).value[seat] - 0.5


@pytest.mark.parametrize("config,left,seed", [("wc-2p", 5, 1), ("wc-2p", 5, 2), ("btc-2p", 5, 1), ("btc-2p", 8, 3)])
def test_best_reply_is_exact_with_two_seats(config, left, seed):
    # the one opponent always replies: alpha-beta on the exact value
    s = endgame(config, left, seed)
    exact = solve(s, max_nodes=2_000_000)
    for me in (0, 1):
        search = BestReply(s.game, "win", TranspositionTable(2, 4, len(s.buf)), 2_000_000, me=me)
        assert search.value(root_buffer(s))[me] == pytest.approx(exact.value[me], abs=EPS)
    assert solve(s, best_reply=True).value == exact.value  # two seats: the option is ignored


def test_the_engine_takes_best_reply_as_an_option():
    from engine.errors import BadConfig
    from search.api import Limits, make_player

    player = make_player("solver", seed=0, best_reply="true", memory=4)
    assert player.solver.best_reply and player.opts["best_reply"] is True
    s = endgame("guildes-3p", 6, 1)
    seat = s.to_move()[0]
    view = s.observe(seat)
    assert player.choose(view, seat, Limits(movetime=30)) in view.legal_moves(seat)
    with pytest.raises(BadConfig, match="choose one"):
        make_player("solver", seed=0, best_reply=True, paranoid=True)


def test_an_engine_process_plays_best_reply_and_refuses_it_with_paranoid():
    from tests.protocol.conftest import expect, go, start
    from tests.protocol.test_frontend import deal

    e = start()
    try:
        deal(e)
        for line in ("setoption name Engine value solver", "setoption name paranoid value true"):
            assert expect(e, line) == []
        # refused where it is set (docs/protocol.md: a value the player would refuse beside
        # the options already set), so go never meets the combination
        assert expect(e, "setoption name best_reply value true") == [
            "error bad-argument solver: paranoid and best_reply are two different searches; choose one"]
        assert expect(e, "setoption name paranoid value false") == []
        assert expect(e, "setoption name best_reply value true") == []
        lines = go(e, "go movetime 200")
        assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none"
    finally:
        e.quit()


def test_the_solve_command_offers_best_reply_and_says_what_it_is():
    from click.testing import CliRunner

    from guildhall.cli import main

    s = endgame("guildes-3p", 6, 1)
    seat = s.to_move()[0]
    r = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--best-reply", "--memory", "4"])
    assert r.exit_code == 0, r.output
    assert "neither a lower nor an upper bound" in r.output
    assert f"{solve(s, best_reply=True).value[seat]:.4f}" in r.output.splitlines()[0]
    both = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--best-reply", "--paranoid"])
    assert both.exit_code != 0 and "choose one" in both.output


@pytest.mark.parametrize("flag", ["--best-reply", "--paranoid"])
def test_the_solve_command_claims_no_equilibrium_fallback_where_it_sought_none(flag):
    # a simultaneous root: these searches take it in order (the asking seat first), so the
    # equilibrium lines of the exact search (and its "no pure equilibrium" fallback) are not theirs
    from click.testing import CliRunner

    from guildhall.cli import main

    s = endgame("guildes-3p", 2, 1)
    assert len(s.to_move()) > 1
    r = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), flag, "--memory", "4"])
    assert r.exit_code == 0, r.output
    assert "equilibrium" not in r.output and "fallback" not in r.output, r.output
    exact = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--memory", "4"])
    assert "equilibrium" in exact.output, exact.output


@pytest.mark.parametrize("config,left,seed", POSITIONS)
def test_the_best_reply_pv_follows_the_model_to_chance_or_the_end(config, left, seed):
    # after the root: the asking seat keeps the value, the replier keeps it, a waiting
    # opponent plays greedily (or starts replying), each step checked by the brute force
    from tests.search.test_solver_paranoid import pv_end

    s = endgame(config, left, seed)
    me = s.to_move()[0]
    br = solve(s, best_reply=True, seat=me, max_nodes=2_000_000)
    value, memo, replier = br.value[me], {}, None
    assert br.pv[0] == (me, br.best) and len(br.pv) > 1
    c = s.clone()
    for seat, m in br.pv:
        before = c.clone()
        c.apply(seat, m)
        if seat == me:
            replier = None
        elif replier is None and s.players > 2 and br_brute(c, me, seat, memo=memo) != pytest.approx(value, abs=EPS):
            assert m == greedy(before, seat)  # not a reply that keeps the value: the greedy wait
        elif replier is not None and replier != seat:
            assert m == greedy(before, seat)
        else:
            replier = seat
        assert br_brute(c, me, replier, memo=memo) == pytest.approx(value, abs=EPS)
    movers = pv_end(s, br.pv).to_move()
    assert not movers or movers == (CHANCE,)
