"""The paranoid option: the asking seat against a coalition, checked by brute force."""
import math

import pytest

from engine.core import CHANCE
from search.solver import solve
from tests.search.solver_positions import endgame

EPS = 1e-9


def paranoid_brute(state, me, reward="win", memo=None):
    """``me`` maximises, every other seat minimises ``me``'s reward; at a simultaneous step
    ``me`` chooses first; chance averages.  Public State API only."""
    memo = {} if memo is None else memo
    key = state.buf.tobytes()
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
            v += p * paranoid_brute(c, me, reward, memo)
    else:
        seat = me if me in movers else min(movers)
        vals = []
        for m in state.legal_moves(seat):
            c = state.clone()
            c.apply(seat, m)
            vals.append(paranoid_brute(c, me, reward, memo))
        v = max(vals) if seat == me else min(vals)
    memo[key] = v
    return v


CASES = [("guildes-3p", 6), ("guildes-4p", 5), ("btc-3p", 7), ("cag-3p", 3)]


def solved(config, left):
    """The endgame, its first seat to move, and that seat's paranoid solution."""
    s = endgame(config, left, 1)
    seat = s.to_move()[0]
    return s, seat, solve(s, paranoid=True, seat=seat)


@pytest.mark.parametrize("config,left", CASES)
def test_paranoid_matches_brute_force_and_bounds_the_exact_value_from_below(config, left):
    s, seat, par = solved(config, left)
    assert par.paranoid and par.seat == seat
    assert par.value[seat] == pytest.approx(paranoid_brute(s, seat), abs=EPS)
    assert all(math.isnan(x) for i, x in enumerate(par.value) if i != seat)
    for m, v in par.values.items():
        c = s.clone()
        c.apply(seat, m)
        assert v[seat] == pytest.approx(paranoid_brute(c, seat), abs=EPS)
    assert par.value[seat] <= solve(s).value[seat] + EPS


def test_two_seats_ignore_the_option_and_stay_exact():
    s = endgame("wc-2p", 5, 1)
    assert solve(s, paranoid=True).value == solve(s).value


def test_the_solve_command_offers_paranoid_and_says_what_it_is():
    from click.testing import CliRunner

    from guildhall.cli import main

    s = endgame("guildes-3p", 6, 1)
    seat = s.to_move()[0]
    r = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--paranoid", "--memory", "4"])
    assert r.exit_code == 0, r.output
    assert "a lower bound, not the exact value" in r.output
    assert f"{solve(s, paranoid=True).value[seat]:.4f}" in r.output.splitlines()[0]


def pv_end(state, pv):
    """Replay ``pv`` with the public API; the state it leads to."""
    c = state.clone()
    for seat, m in pv:
        assert m in c.legal_moves(seat)
        c.apply(seat, m)
    return c


@pytest.mark.parametrize("config,left", CASES)
def test_the_paranoid_pv_runs_to_chance_or_the_end_keeping_the_value(config, left):
    # each seat plays as the model has it (the asking seat its best, the others its worst),
    # so every position along the line is worth the root's value
    s, seat, par = solved(config, left)
    assert par.pv[0] == (seat, par.best) and len(par.pv) > 1
    memo: dict = {}
    for i in range(1, len(par.pv) + 1):
        c = pv_end(s, par.pv[:i])
        assert paranoid_brute(c, seat, memo=memo) == pytest.approx(par.value[seat], abs=EPS)
    movers = pv_end(s, par.pv).to_move()
    assert not movers or movers == (CHANCE,)
