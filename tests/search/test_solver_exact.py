"""The solver against an independent brute force, in every game; seat independence; memory."""
import tracemalloc

import pytest

from cython_ext import pure_python_forced

import engine
from engine.core import CHANCE
from search.solver import Solver, solve
from search.solver.table import TranspositionTable
from tests.search.solver_positions import endgame

EPS = 1e-9


def brute(state, reward="win", memo=None):
    """max^n / chance expectation / first pure equilibrium (seats and moves ascending),
    from the public State API only, with a plain dict cache."""
    memo = {} if memo is None else memo
    key = state.buf.tobytes()
    if key in memo:
        return memo[key]
    movers = tuple(sorted(state.to_move()))
    if not movers:
        v = tuple(state.returns(reward))
    elif movers == (CHANCE,):
        v = [0.0] * state.players
        for o, p in state.chance_outcomes():
            c = state.clone()
            c.game.kernel.apply(c.buf, CHANCE, o)
            v = [a + p * b for a, b in zip(v, brute(c, reward, memo))]
        v = tuple(v)
    elif len(movers) == 1:
        seat, v = movers[0], None
        for m in sorted(state.legal_moves(seat)):
            c = state.clone()
            c.apply(seat, m)
            cv = brute(c, reward, memo)
            if v is None or cv[seat] > v[seat]:
                v = cv
    else:
        v = brute_step(state, movers, reward, memo)[0]
    memo[key] = v
    return v


def brute_step(state, movers, reward, memo):
    options = [sorted(state.legal_moves(s)) for s in movers]
    choices = [()]
    for opt in options:
        choices = [c + (m,) for c in choices for m in opt]
    table = {}
    for c in choices:
        t = state.clone()
        for s, m in zip(movers, c):
            t.apply(s, m)
        table[c] = brute(t, reward, memo)
    for c in choices:
        if all(table[c[:i] + (a,) + c[i + 1:]][s] <= table[c][s] + 1e-12
               for i, s in enumerate(movers) for a in options[i]):
            return table[c], c, True
    pick = []
    for i, s in enumerate(movers):
        def mean(m, i=i, s=s):
            vals = [v[s] for c, v in table.items() if c[i] == m]
            return sum(vals) / len(vals)
        best = options[i][0]
        for m in options[i][1:]:
            if mean(m) > mean(best) + 1e-12:
                best = m
        pick.append(best)
    return table[tuple(pick)], tuple(pick), False


CASES = [("guildes-3p", k) for k in (2, 3, 6, 7)] + [("guildes-4p", k) for k in (4, 5)] + \
    [("btc-2p", k) for k in (6, 8)] + [("btc-3p", k) for k in (5, 7)] + \
    [("cag-3p", k) for k in (2, 3)] + [("wc-2p", k) for k in (3, 5)]


@pytest.mark.parametrize("config,left", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_values_and_move_values_match_brute_force(config, left, seed):
    s = endgame(config, left, seed)
    sol = solve(s, max_nodes=2_000_000)
    assert sol.value == pytest.approx(list(brute(s)), abs=EPS)
    movers = tuple(sorted(s.to_move()))
    if len(movers) == 1:
        for m, v in sol.values.items():
            c = s.clone()
            c.apply(movers[0], m)
            assert v == pytest.approx(list(brute(c)), abs=EPS)
        assert sol.values[sol.best][sol.seat] == pytest.approx(max(v[sol.seat] for v in sol.values.values()))


@pytest.mark.parametrize("config,left", [("btc-2p", 9), ("wc-2p", 7)])
def test_alpha_beta_gives_the_max_n_values_with_no_more_nodes(config, left):
    # with win shares max^n already stops at a reward of 1, which is alpha-beta's cut at the
    # full window; alpha-beta adds narrower windows and Star1
    s = endgame(config, left, 1)
    a = solve(s, max_nodes=2_000_000)
    b = solve(s, max_nodes=2_000_000, alphabeta=False)
    assert a.value == pytest.approx(b.value, abs=EPS)
    for m in b.values:
        assert a.values[m] == pytest.approx(b.values[m], abs=EPS)
    assert a.nodes <= b.nodes


def test_the_score_reward_is_not_zero_sum_and_is_solved_as_max_n():
    s = endgame("wc-2p", 4, 1)
    assert solve(s, reward="score").value == pytest.approx(list(brute(s, "score")), abs=EPS)


def issue_position():
    with open(__file__.rsplit("/", 1)[0] + "/data/guildes_3p_equilibria.txt") as fh:
        return engine.make_game("guildes", 3).parse_state(fh.read().strip())


def test_the_value_does_not_depend_on_who_asks():
    # issue 19: three pure equilibria at the last play step; seats 0/1 used to get [0,1,0]
    # and seat 2 [1,0,0]
    # and seat 2 [1,0,0]; the same with the root's equilibrium found lazily (the default) or
    # every one listed from the whole table
    s = issue_position()
    for how in ("first", "all"):
        solver = Solver(equilibria=how)
        sols = [solver.solve(s)] + [solver.solve(s, seat=k) for k in range(3)]
        assert len(sols[0].equilibria) > 1 if how == "all" else len(sols[0].equilibria) == 1
        for sol in sols:
            assert sol.value == sols[0].value and sol.equilibria == sols[0].equilibria
        for k in range(3):
            assert sols[k + 1].seat == k and sols[k + 1].best == sols[0].equilibria[0][k]
            assert sols[k + 1].values[sols[k + 1].best] == sols[0].value
        # the rule: the first pure equilibrium, seats and moves ascending -- as the brute force
        assert tuple(sols[0].value) == brute_step(s, (0, 1, 2), "win", {})[0]
        assert sols[0].equilibria[0] == brute_step(s, (0, 1, 2), "win", {})[1]


@pytest.mark.parametrize("players", range(2, 8))
def test_an_entry_takes_at_most_64_bytes(players):
    t = TranspositionTable(players, 1)
    assert t.entry_bytes <= 64 and t.nbytes <= 1 << 20
    assert t.nbytes > (1 << 20) // 2  # and the budget is used


@pytest.mark.skipif(pure_python_forced(), reason="the table is the same Python in both modes; this size "
                    "takes minutes on the interpreted kernels")
def test_memory_stays_under_the_budget_and_replacement_keeps_it_exact():
    s = endgame("btc-3p", 14, 1)  # about 2,900 nodes: 2-way buckets already collide in 1 MB
    tracemalloc.start()
    try:  # without score bounds, which settle this position in 179 nodes
        small = Solver(memory=1, max_nodes=2_000_000, bounds=False)
        sol = small.solve(s)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < (1 << 20) + (512 << 10)  # the table, plus buffers on the search path
    assert small._table.replaced > 0  # the table was full: entries were evicted
    assert sol.value == pytest.approx(solve(s, max_nodes=2_000_000).value, abs=EPS)


def test_a_solver_keeps_its_table_between_positions_of_one_game():
    s = endgame("guildes-3p", 7, 1)
    solver = Solver()
    first = solver.solve(s)
    again = solver.solve(s)
    assert again.value == first.value and again.nodes < first.nodes


class _RankKeysKernel:
    """A kernel with the agreed ``rank_keys`` contract, written from the game's Python keys."""

    def __init__(self, game):
        self.game, self.inner = game, game.kernel

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def rank_keys(self, buf, out):
        from engine.core import State

        st = State(self.game, buf)
        everyone = self.game.rank_keys(st) + self.game.rival_keys(st)
        out[:] = 0
        for c, key in enumerate(everyone):
            for j, x in enumerate(key):
                out[c * 4 + j] = x
        return len(everyone)


# games with tie-breaks beyond the score (City and Guilds ranks by score alone: the solver reads scores)
@pytest.mark.parametrize("config", ["btc-2p", "wc-2p"])
@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_terminal_rewards_read_from_kernel_rank_keys_match_the_game(config, reward):
    from search.solver.exact import Search

    s = endgame(config, 1, 1)
    while not s.is_terminal():
        m = s.to_move()
        s.apply(m[0], s.chance_outcomes()[0][0] if m == (CHANCE,) else s.legal_moves(m[0])[0])
    search = Search(s.game, reward, TranspositionTable(s.players, 1, len(s.buf)), 10)
    search.k = _RankKeysKernel(s.game)
    assert search._returns_kind(s.game) == "kernel"
    assert search.returns(s.buf) == pytest.approx(tuple(s.returns(reward)))


def brute_equilibria(state, movers, reward="win"):
    """Every pure equilibrium of the step at ``state`` (lexicographic order), from brute values."""
    options = [sorted(state.legal_moves(s)) for s in movers]
    choices = [()]
    for opt in options:
        choices = [c + (m,) for c in choices for m in opt]
    memo, table = {}, {}
    for c in choices:
        t = state.clone()
        for s, m in zip(movers, c):
            t.apply(s, m)
        table[c] = brute(t, reward, memo)
    return table, [c for c in choices if all(
        table[c[:i] + (a,) + c[i + 1:]][s] <= table[c][s] + 1e-12 for i, s in enumerate(movers) for a in options[i])]


@pytest.mark.parametrize("config,left,seed", [("btc-2p", 6, 1), ("btc-2p", 6, 2), ("btc-2p", 6, 5),
                                              ("btc-2p", 6, 6), ("guildes-3p", 3, 1), ("btc-3p", 9, 1)])
def test_a_simultaneous_root_lists_every_equilibrium_without_the_whole_table(config, left, seed):
    # equilibria="all": two seats, the saddle points found by null windows around the first
    # equilibrium; three, the whole table.  The default: the first equilibrium alone, found
    # lazily, with every move's value (the others keeping their part) or the best move only
    s = endgame(config, left, seed)
    movers = tuple(sorted(s.to_move()))
    assert len(movers) > 1
    table, eqs = brute_equilibria(s, movers)
    assert eqs, "a position with a pure equilibrium"
    for i, seat in enumerate(movers):
        every = Solver(max_nodes=2_000_000, equilibria="all").solve(s, seat=seat)
        full = solve(s, seat=seat, max_nodes=2_000_000)
        short = solve(s, seat=seat, max_nodes=2_000_000, move_values=False)
        assert every.equilibria == eqs and full.equilibria == short.equilibria == eqs[:1]
        assert every.value == pytest.approx(list(table[eqs[0]]), abs=EPS)
        assert full.value == every.value and short.value == every.value
        assert short.best == full.best == every.best == eqs[0][i]
        assert full.values.keys() == every.values.keys() == set(s.legal_moves(seat))
        for m, v in every.values.items():
            assert v == pytest.approx(list(table[eqs[0][:i] + (m,) + eqs[0][i + 1:]]), abs=EPS)
            assert full.values[m] == pytest.approx(v, abs=EPS)
