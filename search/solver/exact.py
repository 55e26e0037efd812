"""The exact search of a full state: max^n, equilibria, alpha-beta with Star1.

Works on raw buffers and kernel calls (no :class:`State` per node) and keeps
its values in a fixed-size :class:`~search.solver.table.TranspositionTable`.

* Chance: the expectation over the outcomes.
* One seat to move: the move best for its own reward (max^n), ties to the
  lowest move number; the search stops at a move worth the highest reward
  (1 with ``win`` or ``rank``), and with ``win`` shares moves are tried in
  history-heuristic order (a share of 1 fixes the whole vector).
* Several seats to move (a simultaneous step): a one-shot game.  Every joint
  choice is valued by solving what follows; the value is the *first pure
  Nash equilibrium* with the seats in ascending order and each seat's moves
  in ascending order (lexicographic order of the joint choices).  The rule
  names no seat, so the value does not depend on who asks.  With no pure
  equilibrium each seat plays its best reply to the others choosing
  uniformly at random (``fallback`` is set).  Below the root the
  equilibrium is found lazily (:meth:`Search.simultaneous`).
* Two seats whose rewards always sum to 1 (``win`` or ``rank`` without a
  non-seat rival) are searched by alpha-beta on seat 0's value, with Star1
  cut-offs at chance nodes (values lie in [0, 1]) and bounds in the table.
  Simultaneous steps inside are solved exactly, as above, so both searches
  give the same values.  If a terminal ever sums to something else the
  search restarts as max^n.
"""
from __future__ import annotations

import itertools
import threading
import time
from typing import Callable, Optional

import numpy as np

from engine.core import CHANCE, DEALER, Game, State, returns_from
from engine.layout import DTYPE
from search.api import SearchError
from search.solver.table import EXACT, LOWER, UPPER, TranspositionTable

CHECK_EVERY = 16  # nodes between looks at the clock and the stop flag
EPS = 1e-12


class SolverLimit(SearchError):
    """The position needs more than the node or time budget (or the search was stopped)."""

    kind = "solver-limit"


class _NotZeroSum(Exception):
    pass



def bound(v: float, alpha: float, beta: float) -> int:
    """What a fail-soft value found in the window (alpha, beta) says: an upper bound, a lower bound or exact."""
    return UPPER if v <= alpha else LOWER if v >= beta else EXACT

class Search:
    """One exact search: budgets, counters and the table it fills."""

    def __init__(self, game: Game, reward: str, table: TranspositionTable, max_nodes: int,
                 deadline: Optional[float] = None, stop: Optional[threading.Event] = None,
                 alphabeta: bool = True, bounds: bool = True) -> None:
        self.game = game
        self.k = game.kernel
        self.reward = reward
        self.tt = table
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.stop = stop
        self.nodes = 0
        self._next_check = CHECK_EVERY
        self.fallback = False  # some simultaneous step had no pure equilibrium
        self.step_fallback = False  # the last simultaneous step solved had none
        self.zero_sum = alphabeta and game.players == 2 and reward in ("win", "rank")
        # the highest reward a seat can get (None: not attained, as with tanh scores)
        self.top = 1.0 if reward in ("win", "rank") else None
        # a win share of 1 leaves 0 to everyone else: a move reaching it fixes the whole
        # vector, so moves may be searched in any order (with rank the others' places differ)
        self.forced_top = reward == "win"
        n = max(self.k.max_moves, game.players, 8)
        self._out = np.zeros(n, dtype=DTYPE)
        self._probs = np.zeros(n, dtype=np.float64)
        self._scores = np.zeros(game.players, dtype=DTYPE)
        self._terminal = self._returns_kind(game)
        # history heuristic for alpha-beta: (seat, move) -> cut-offs it caused; orders moves only
        self.history: dict[tuple[int, int], int] = {}
        # the kernel's score bounds settle positions (win or rank rewards, a kernel that has them)
        self.bounds = bounds and reward in ("win", "rank") and kernel_has_bounds(self.k)
        self._lo = np.zeros(game.players + 8, dtype=DTYPE)
        self._hi = np.zeros(game.players + 8, dtype=DTYPE)
        self._inherit = [0]  # the seats whose reward the bounds settled at each node being expanded
        self._free = np.zeros(max(game.kernel.size, 1), dtype=DTYPE)

    def _returns_kind(self, game: Game) -> str:
        """How terminal rewards are read: ``scores`` when the rank keys are the scores (the
        default of :class:`Game`), ``kernel`` when the kernel writes rank keys (its
        ``rank_keys`` method), else ``state`` (the game's Python definition)."""
        cls = type(game)
        if cls.rank_keys is Game.rank_keys and cls.rival_keys is Game.rival_keys:
            return "scores"
        if hasattr(self.k, "rank_keys"):
            from cython_ext import select

            # the agreed kernel contract: RANK_KEYS keys per competitor, seats then rivals
            width = getattr(select.load("kernel"), "RANK_KEYS", 4)
            self._rank_width = width
            self._keys = np.zeros(width * (game.players + 8), dtype=DTYPE)
            return "kernel"
        return "state"

    # -- budget ---------------------------------------------------------------------------
    def _count(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CHECK_EVERY
            if self.stop is not None and self.stop.is_set():
                raise SolverLimit("the solver was stopped")
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise SolverLimit("the solver ran out of time")
        if self.nodes > self.max_nodes:
            raise SolverLimit(f"the position needs more than {self.max_nodes} nodes to solve")

    # -- the rules, on buffers --------------------------------------------------------------
    def movers(self, buf: np.ndarray) -> tuple[int, ...]:
        n = self.k.to_move(buf, self._out)
        return tuple(sorted(self._out[:n].tolist()))

    def legal(self, buf: np.ndarray, seat: int) -> list[int]:
        n = self.k.legal(buf, seat, self._out)
        return sorted(self._out[:n].tolist())

    def chance(self, buf: np.ndarray) -> list[tuple[int, float]]:
        n = self.k.chance(buf, self._out, self._probs)
        return list(zip(self._out[:n].tolist(), self._probs[:n].tolist()))

    def child(self, buf: np.ndarray, seat: int, move: int) -> np.ndarray:
        c = buf.copy()
        self.k.apply(c, seat, move)
        return c

    def returns(self, buf: np.ndarray) -> tuple[float, ...]:
        """Rewards at a terminal, as :meth:`State.returns` gives them."""
        kind = self._terminal
        if kind == "state":
            return tuple(State(self.game, buf).returns(self.reward))
        self.k.scores(buf, self._scores)
        scores = self._scores.tolist()
        if kind == "scores":
            if self.reward == "win":  # the common case, without building key tuples
                best = max(scores)
                share = 1.0 / scores.count(best)
                return tuple(share if x == best else 0.0 for x in scores)
            keys, rivals = [(x,) for x in scores], []
        else:
            n = self.k.rank_keys(buf, self._keys)
            w = self._rank_width
            flat = self._keys[:n * w].tolist()
            everyone = [tuple(flat[i * w:(i + 1) * w]) for i in range(n)]
            keys, rivals = everyone[:self.game.players], everyone[self.game.players:]
        return tuple(returns_from(keys, scores, self.reward, self.game.score_scale, rivals))

    def key(self, buf: np.ndarray):
        """The table key of ``buf``; with the bounds on, without the words the kernel says its
        values no longer read (``Kernel.free_words``, taken as 0), as the loop keys it."""
        if self.bounds:
            n = self.k.free_words(buf, self._free)
            if n:
                buf = buf.copy()
                buf[self._free[:n]] = 0
        return self.tt.key(buf)

    def decided(self, buf: np.ndarray) -> tuple[Optional[tuple[float, ...]], int, bool]:
        """What the kernel's score bounds settle at a non-terminal ``buf``: (the reward vector,
        0, same) when they settle it, else (None, a bit mask of the seats whose own reward they
        settle, same).  Only strict separations count: equal scores go to the tie-breaks.
        ``same``: every move or outcome of the step at ``buf`` leads to the same values (the
        kernel returned ``-(m + 1)``), so the first alone is searched."""
        inherited = self._inherit[-1]  # settled at an ancestor: settled here
        if not self.bounds:
            return None, inherited, False
        m = self.k.score_bounds(buf, self._lo, self._hi)
        same = m < 0
        if same:
            m = -m - 1
        known, mask = self._settled(m, inherited)
        return known, mask, same

    def _settled(self, m: int, inherited: int) -> tuple[Optional[tuple[float, ...]], int]:
        """:meth:`decided` on the ``m`` bounds the kernel wrote."""
        if m <= 0:
            return None, inherited
        lo, hi, n = self._lo[:m].tolist(), self._hi[:m].tolist(), self.game.players
        mask = 0
        if self.reward == "win":
            for i in range(m):
                others = [j for j in range(m) if j != i]
                if all(lo[i] > hi[j] for j in others):  # a rival winning leaves 0 to every seat
                    return tuple(1.0 if j == i else 0.0 for j in range(n)), 0
                if i < n and any(lo[j] > hi[i] for j in others):
                    mask |= 1 << i
            return None, mask | inherited
        v = []
        for i in range(n):
            others = [j for j in range(m) if j != i]
            if any(lo[j] <= hi[i] and hi[j] >= lo[i] for j in others):
                v.append(None)
                continue
            mask |= 1 << i
            v.append(sum(1 for j in others if hi[j] < lo[i]) / (m - 1) if m > 1 else 1.0)
        if mask == (1 << n) - 1:
            return tuple(v), 0
        return None, mask | inherited

    # -- values -----------------------------------------------------------------------------
    def value(self, buf: np.ndarray) -> tuple[float, ...]:
        """The exact value vector of a full-state buffer."""
        if self.zero_sum:
            v = self.ab(buf, 0.0, 1.0)
            return (v, 1.0 - v)
        return self.maxn(buf)

    def window(self, buf: np.ndarray, alpha: float, beta: float) -> float:
        """Seat 0's fail-soft value within (alpha, beta) (two seats, constant sum)."""
        return self.ab(buf, alpha, beta)

    def reaches(self, buf: np.ndarray, seat: int, target: float) -> bool:
        """Whether ``seat``'s value at ``buf`` is at least ``target - EPS``: a null-window test
        in a two-seat constant-sum search, the exact value otherwise."""
        if self.top is not None and target <= EPS:
            return True  # win and rank rewards are never below 0
        if not self.zero_sum:
            return self.value(buf)[seat] >= target - EPS
        if seat == 0:  # value >= target - EPS  <=>  a window just below it fails high
            t = target - EPS
            return self.window(buf, t - EPS, t) >= t
        t = 1.0 - target + EPS  # seat 1: 1 - v >= target - EPS  <=>  v <= t
        return self.window(buf, t, t + EPS) <= t

    def maxn(self, buf: np.ndarray) -> tuple[float, ...]:
        key = self.key(buf)
        hit = self.tt.get(key)
        if hit is not None and hit[1] == EXACT:
            return hit[0]
        self._count()
        start = self.nodes
        movers = self.movers(buf)
        known, fixed, same = self.decided(buf) if movers else (None, 0, False)
        self._inherit.append(fixed)  # a reward settled here stays settled below
        try:
            if not movers:
                v = self.returns(buf)
            elif known is not None:
                v = known
            elif movers[0] == CHANCE:
                acc = [0.0] * self.game.players
                outcomes = self.chance(buf)
                if same:  # every outcome leads to the same values: the first, with probability 1
                    outcomes = [(outcomes[0][0], 1.0)]
                for move, p in outcomes:
                    cv = self.maxn(self.child(buf, CHANCE, move))
                    acc = [a + p * x for a, x in zip(acc, cv)]
                v = tuple(acc)
            elif len(movers) == 1:
                seat, top = movers[0], self.top
                moves = self.legal(buf, seat)
                if fixed >> seat & 1 or same:
                    moves = moves[:1]  # every move is worth the same to the seat (or to all): ties go to the lowest
                if self.forced_top:
                    self.order(seat, moves)
                v, best = None, -1
                for m in moves:
                    cv = self.maxn(self.child(buf, seat, m))
                    # the highest value, ties (within EPS: sums of probabilities round) to the lowest
                    # move, whatever the search order
                    if v is None or cv[seat] > v[seat] + EPS or (cv[seat] >= v[seat] - EPS and m < best):
                        v, best = cv, m
                        if top is not None and v[seat] >= top - EPS:
                            # nothing beats it; searched in move order a later move could only
                            # tie, and with forced_top a tie is the same vector
                            if self.forced_top:
                                self._credit(seat, m)
                            break
            else:
                v = self.simultaneous(buf, movers, fixed)[0]
        finally:
            self._inherit.pop()
        self.tt.put(key, v, self.nodes - start, EXACT)
        return v

    def ab(self, buf: np.ndarray, alpha: float, beta: float) -> float:
        """Seat 0's value in a two-seat zero-sum game, fail-soft within (alpha, beta)."""
        key = self.key(buf)
        v = self.probe(key, 0, alpha, beta)
        if v is not None:
            return v
        self._count()
        start = self.nodes
        a0 = alpha
        movers = self.movers(buf)
        known, fixed, same = self.decided(buf) if movers else (None, 0, False)
        self._inherit.append(fixed)  # a reward settled here stays settled below
        try:
            if not movers or known is not None:
                r = known if movers else self.returns(buf)
                if abs(r[0] + r[1] - 1.0) > 1e-9:
                    raise _NotZeroSum
                v = r[0]
                if movers:
                    a0, beta = -1.0, 2.0  # exact whatever the window
            elif movers[0] == CHANCE:
                if same:  # every outcome leads to the same value: the first stands for all
                    v = self.ab(self.child(buf, CHANCE, self.chance(buf)[0][0]), alpha, beta)
                else:
                    v = self._star1(buf, alpha, beta)
            elif len(movers) == 1:
                seat = movers[0]
                moves = self.legal(buf, seat)
                if same:
                    moves = moves[:1]  # every move leads to the same value: the lowest stands for all
                v = self.side(buf, seat, self.order(seat, moves), seat == 0, alpha, beta)
            else:
                v = self.simultaneous(buf, movers, fixed)[0][0]
                a0, beta = -1.0, 2.0  # solved exactly whatever the window
        finally:
            self._inherit.pop()
        self.tt.put(key, (v, 1.0 - v), self.nodes - start, bound(v, a0, beta))
        return v

    def probe(self, key: int, seat: int, alpha: float, beta: float) -> Optional[float]:
        """``seat``'s value stored under ``key`` if its bound settles the window (alpha, beta), else None."""
        hit = self.tt.get(key)
        if hit is not None:
            v, flag = hit[0][seat], hit[1]
            if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                return v
        return None

    def order(self, seat: int, moves: list[int]) -> list[int]:
        """``moves`` sorted in place by the history heuristic (cut-offs caused), and returned:
        the order changes only the cut-offs, never the value."""
        if len(moves) > 1:
            h = self.history
            moves.sort(key=lambda m: -h.get((seat, m), 0))
        return moves

    def side(self, buf: np.ndarray, seat: int, moves: list[int], maximise: bool, alpha: float, beta: float,
             sure: bool = False) -> float:
        """One side's turn in an alpha-beta search (fail-soft): the highest (``maximise``) or
        lowest child value within (alpha, beta), crediting the move of a cut-off.  ``sure``:
        also stop at a value no child can beat (1 when maximising, 0 when minimising) --
        the paranoid search's windows may lie past them."""
        if maximise:
            v = -1.0
            for m in moves:
                cv = self.ab(self.child(buf, seat, m), max(alpha, v), beta)
                if cv > v:
                    v = cv
                    if v >= beta or (sure and v >= 1.0 - EPS):
                        self._credit(seat, m)
                        break
            return v
        v = 2.0
        for m in moves:
            cv = self.ab(self.child(buf, seat, m), alpha, min(beta, v))
            if cv < v:
                v = cv
                if v <= alpha or (sure and v <= EPS):
                    self._credit(seat, m)
                    break
        return v

    def _credit(self, seat: int, move: int) -> None:
        key = (seat, move)
        self.history[key] = self.history.get(key, 0) + 1

    def _star1(self, buf: np.ndarray, alpha: float, beta: float) -> float:
        """Star1 (Ballard 1983) with values in [0, 1]: stop once the outcomes seen settle the bound."""
        done = 0.0  # sum of p * value over the outcomes searched
        rest = 1.0  # probability not yet searched, this outcome included
        for move, p in self.chance(buf):
            rest -= p
            lo = (alpha - done - rest) / p  # this outcome at or below lo: the node fails low
            hi = (beta - done) / p  # at or above hi: the node fails high
            v = self.ab(self.child(buf, CHANCE, move), max(lo, 0.0), min(hi, 1.0))
            if v <= lo:
                return done + p * v + max(rest, 0.0)
            if v >= hi:
                return done + p * v
            done += p * v
        return done

    # -- simultaneous steps -------------------------------------------------------------------
    def joint_values(self, buf: np.ndarray, movers: tuple[int, ...], only: Optional[tuple[int, list[int]]] = None
                     ) -> tuple[list[list[int]], dict[tuple[int, ...], tuple[float, ...]]]:
        """Every joint choice's value; ``only=(i, moves)``: mover ``i`` chooses among ``moves``."""
        options = [self.legal(buf, s) for s in movers]
        if only is not None:
            options[only[0]] = [m for m in options[only[0]] if m in only[1]] or options[only[0]]
        table: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._joint(buf, movers, options, (), table)  # inserted in itertools.product order
        return options, table

    def _joint(self, buf: np.ndarray, movers: tuple[int, ...], options: list[list[int]],
               prefix: tuple[int, ...], table: dict) -> None:
        # shares the applied prefix: h + h^2 + ... kernel calls instead of n * h^n
        i = len(prefix)
        for m in options[i]:
            c = self.child(buf, movers[i], m)
            if i + 1 == len(movers):
                table[prefix + (m,)] = self.value(c)
            else:
                self._joint(c, movers, options, prefix + (m,), table)

    def simultaneous(self, buf: np.ndarray, movers: tuple[int, ...], fixed: int = 0
                     ) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """Value and joint choice of a simultaneous step (the rule in the module docstring).
        ``fixed``: seats whose reward is the same whatever is played (:meth:`decided`), never
        tested: they cannot gain.

        Lazy: joint choices are taken in lexicographic order and each candidate
        is tested by valuing only its deviations, stopping at the first
        profitable one; a seat already at the highest reward cannot deviate
        profitably and is not tested.  The first candidate that passes is the
        first pure equilibrium, as with the whole table, for a fraction of the
        joint choices.  Only when there is none is the whole table valued.
        """
        options = [self.legal(buf, s) for s in movers]
        cache: dict[tuple[int, ...], tuple[float, ...]] = {}
        top = self.top
        for choice in itertools.product(*options):
            v = self._joint_value(buf, movers, choice, cache)
            if self._refuted(buf, movers, options, choice, v, cache, top, fixed):
                continue
            self.step_fallback = False  # this step's own status (the last step to finish sets it)
            return v, choice
        self.fallback = self.step_fallback = True
        table = {c: self._joint_value(buf, movers, c, cache) for c in itertools.product(*options)}
        return fallback_choice(options, table, movers)

    def _refuted(self, buf: np.ndarray, movers: tuple[int, ...], options: list[list[int]],
                 choice: tuple[int, ...], v: tuple[float, ...], cache: dict, top: Optional[float],
                 fixed: int = 0) -> bool:
        """Whether some seat gains by changing only its part of ``choice``.  Deviations already
        valued are looked at first, so a candidate is dropped without solving anything new
        whenever possible; which deviation refutes it does not change the answer."""
        todo = []
        for i, seat in enumerate(movers):
            if top is not None and v[seat] >= top - EPS:
                continue  # nothing beats the highest reward
            if fixed >> seat & 1:
                continue  # its reward is the same whatever anyone plays
            bar = v[seat] + EPS
            for alt in options[i]:
                if alt != choice[i]:
                    dev = choice[:i] + (alt,) + choice[i + 1:]
                    known = cache.get(dev)
                    if known is None:
                        todo.append((seat, dev))
                    elif known[seat] > bar:
                        return True
        for seat, dev in todo:
            if self.zero_sum and dev not in cache:
                # two seats, constant sum: a null-window test of seat 0's value just past the
                # threshold says whether the deviation gains, without its exact value
                c = buf.copy()
                for s, m in zip(movers, dev):
                    self.k.apply(c, s, m)
                if seat == 0:
                    t = v[0] + EPS
                    if self.ab(c, t, t + EPS) > t:
                        return True
                else:
                    t = v[0] - EPS
                    if self.ab(c, t - EPS, t) < t:
                        return True
                continue
            if self._joint_value(buf, movers, dev, cache)[seat] > v[seat] + EPS:
                return True
        return False

    def _joint_value(self, buf: np.ndarray, movers: tuple[int, ...], choice: tuple[int, ...],
                     cache: dict) -> tuple[float, ...]:
        v = cache.get(choice)
        if v is None:
            c = buf.copy()
            for s, m in zip(movers, choice):
                self.k.apply(c, s, m)
            v = cache[choice] = self.value(c)
        return v


def kernel_has_bounds(kernel) -> bool:
    """Whether ``kernel`` writes score bounds of its own (the base :meth:`Kernel.score_bounds`
    knows none)."""
    from cython_ext import select

    for cls in type(kernel).__mro__:
        if "score_bounds" in vars(cls):
            return cls is not select.load("kernel").Kernel
    return False


def is_equilibrium(options: list[list[int]], table: dict, movers: tuple[int, ...],
                   choice: tuple[int, ...]) -> bool:
    """No seat gains by changing only its own part of ``choice``."""
    v = table[choice]
    for i, seat in enumerate(movers):
        for alt in options[i]:
            if alt != choice[i] and table[choice[:i] + (alt,) + choice[i + 1:]][seat] > v[seat] + EPS:
                return False
    return True


def equilibria(options: list[list[int]], table: dict, movers: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every pure equilibrium, in the order the solver considers them."""
    return [c for c in table if is_equilibrium(options, table, movers, c)]


def fallback_choice(options: list[list[int]], table: dict, movers: tuple[int, ...]
                    ) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Each seat's best reply to the others choosing uniformly at random (ties: lowest move)."""
    choice = []
    for i, seat in enumerate(movers):
        def mean_for(move: int, i: int = i, seat: int = seat) -> float:
            vals = [v[seat] for c, v in table.items() if c[i] == move]
            return sum(vals) / len(vals)
        best = options[i][0]
        for m in options[i][1:]:
            if mean_for(m) > mean_for(best) + EPS:
                best = m
        choice.append(best)
    return table[tuple(choice)], tuple(choice)


def run(make: Callable[[bool], Search], fn: Callable[[Search], object]) -> tuple[Search, object]:
    """Run ``fn`` on a search, again as max^n if a terminal proved the game not zero-sum."""
    s = make(True)
    try:
        return s, fn(s)
    except _NotZeroSum:
        s.tt.clear()  # its entries assumed values summing to 1
        s2 = make(False)
        s2.nodes = s.nodes  # the wasted work still counts against the budget
        return s2, fn(s2)


def root_buffer(state: State) -> np.ndarray:
    """The state's buffer with the dealer seed cleared: kernels never read it, so worlds
    that differ only there share table entries."""
    buf = state.buf.copy()
    buf[DEALER] = 0
    return buf
