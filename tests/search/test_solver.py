"""The endgame solver: exact values, equilibria at simultaneous steps, budgets, no peeking."""
import itertools

import numpy as np
import pytest

import engine
from cython_ext.interpreted.kernel import Kernel
from engine.core import CHANCE, Game, HEADER, make_rng
from engine.layout import Layout
from engine.perft import play_to_decision
from search.api import Limits, make_player
from search.solver import SolverLimit, solve, solve_view


def guildes_endgame(players=3, plays_left=1, seed=1):
    """Round 3 of Guildes with ``plays_left`` plays to go (hands of 2 + plays_left)."""
    s = play_to_decision(engine.make("guildes", players=players, seed=seed), seed)
    lay = s.game.layout
    last = s.game.played - plays_left
    rng = make_rng(seed)
    while not (int(s.buf[lay["round"]]) == 2 and int(s.buf[lay["phase"]]) == 3
               and int(s.buf[lay["step"]]) == last):
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            s.apply(m[0], s.legal_moves(m[0])[rng.below(len(s.legal_moves(m[0])))])
    return s


def final_returns(s, movers, choice):
    t = s.clone()
    for seat, move in zip(movers, choice):
        t.apply(seat, move)
    assert t.is_terminal()
    return t.returns("win")


def test_last_simultaneous_step_is_a_pure_equilibrium_when_one_exists():
    s = guildes_endgame(3, 1, seed=4)
    movers = s.to_move()
    sol = solve(s)
    options = [s.legal_moves(x) for x in movers]
    table = {c: final_returns(s, movers, c) for c in itertools.product(*options)}
    chosen = next(c for c in table if c[0] == sol.best and list(table[c]) == sol.value)
    if not sol.fallback:
        for i, seat in enumerate(movers):
            for alt in options[i]:
                dev = chosen[:i] + (alt,) + chosen[i + 1:]
                assert table[dev][seat] <= table[chosen][seat] + 1e-12
    assert set(sol.values) == set(options[0])


def test_two_plays_left_values_match_brute_force_of_the_first_seat():
    s = guildes_endgame(3, 2, seed=7)
    sol = solve(s)
    assert sol.nodes > 1 and sol.best in s.legal_moves(0)
    assert abs(sum(sol.value) - 1.0) < 1e-9  # win shares of a finished game


def test_the_budget_is_enforced():
    s = guildes_endgame(4, 3, seed=2)
    with pytest.raises(SolverLimit):
        solve(s, max_nodes=5)


def test_solving_a_view_reads_only_the_view():
    s = guildes_endgame(3, 2, seed=9)
    other = s.determinize(0, make_rng(123))
    assert other.observe(0) == s.observe(0)
    a = solve_view(s.observe(0), 0, worlds=3, seed=5)
    b = solve_view(other, 0, worlds=3, seed=5)
    assert a.values == b.values and a.best == b.best


def test_the_solver_player_plays_a_legal_move_and_reports_values():
    s = guildes_endgame(3, 1, seed=3)
    p = make_player("solver", seed=1, worlds=2)
    m = p.choose(s, 1, Limits())
    assert m in s.legal_moves(1)
    assert {x.move for x in p.last_info.moves} == set(s.legal_moves(1))


# -- chance and sequential turns, on a toy game small enough to solve by hand ----------------
class DiceKernel(Kernel):
    """Chance rolls 1..3; seat 0 keeps it or rerolls once; seat 1 then takes 2 points
    or a coin flip (0 or 4).  Higher total wins (seat 0 scores its die)."""

    O_PH, O_DIE, O_S1 = HEADER, HEADER + 1, HEADER + 2

    def to_move(self, buf, out):
        ph = buf[self.O_PH]
        if ph in (0, 2, 4):
            out[0] = CHANCE
            return 1
        if ph in (1, 3):
            out[0] = ph // 2
            return 1
        return 0

    def legal(self, buf, seat, out):
        ph = buf[self.O_PH]
        if ph == 1:
            out[0], out[1] = 0, 1  # keep, reroll
            return 2
        if ph == 3:
            out[0], out[1] = 0, 1  # take 2, coin flip
            return 2
        return 0

    def chance(self, buf, outcomes, probs):
        ph = buf[self.O_PH]
        vals = (1, 2, 3) if ph in (0, 2) else (0, 4)
        for i, v in enumerate(vals):
            outcomes[i], probs[i] = v, 1.0 / len(vals)
        return len(vals)

    def apply(self, buf, seat, move):
        ph = buf[self.O_PH]
        if ph in (0, 2):
            buf[self.O_DIE] = move
            buf[self.O_PH] = 3 if ph == 2 else 1
        elif ph == 1:
            buf[self.O_PH] = 2 if move == 1 else 3
        elif ph == 3:
            if move == 0:
                buf[self.O_S1], buf[self.O_PH] = 2, 5
            else:
                buf[self.O_PH] = 4
        elif ph == 4:
            buf[self.O_S1], buf[self.O_PH] = move, 5

    def scores(self, buf, out):
        out[0], out[1] = buf[self.O_DIE], buf[self.O_S1]


class DiceGame(Game):
    name = "dice-toy"
    min_players = max_players = 2

    def load_edition(self, path):
        return {}

    def build(self):
        self.layout = Layout([("ph", 1), ("die", 1), ("s1", 1)], start=HEADER)
        self.kernel = DiceKernel(2, self.layout.size, 4)

    def initial_buffer(self, buf):
        pass


def test_chance_is_an_expectation_and_single_movers_maximise_their_own_reward():
    s = DiceGame(2).new_initial_state(0)
    sol = solve(s)
    # by hand, seat 1 facing die d: d=1 take 2 and win (1.0); d=2 take 2 ties (0.5)
    # or flip (0.5); d=3 flip (0.5).  So seat 0 wins 0 / 0.5 / 0.5 with d = 1 / 2 / 3:
    # it keeps 2 and 3 and rerolls 1, which is worth (0 + 0.5 + 0.5) / 3 = 1/3.
    v0 = (1 / 3 + 0.5 + 0.5) / 3
    assert sol.value[0] == pytest.approx(v0)
    assert sol.value[1] == pytest.approx(1 - v0)


def test_the_solver_player_falls_back_to_search_when_the_position_is_too_large():
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    p = make_player("solver", seed=1, max_nodes=50)
    assert p.choose(s, 0, Limits(iterations=50)) in s.legal_moves(0)


def test_a_skill_level_over_the_solver_draws_among_the_worlds_best_moves():
    # its visits are the worlds each move was best in (as the endgame's): were they the world
    # count, every move would tie and a level's draw would be uniform over the legal moves
    from search.skill import with_skill
    from tests.search.solver_positions import endgame

    s = endgame("cag-3p", 6, 7)  # eight moves, some win in every world and some do not
    seat = s.to_move()[0]
    p = make_player("solver", seed=1)
    p.choose(s, seat, Limits())
    visits = {m.move: m.visits for m in p.last_info.moves}
    best = {m for m, v in visits.items() if v > 0}
    assert visits[p.last_info.best] == p.last_info.iterations == 8
    assert 0 < len(best) < len(s.legal_moves(seat))
    drawn = {with_skill(make_player("solver", seed=k), 2).choose(s, seat, Limits()) for k in range(12)}
    assert drawn <= best
