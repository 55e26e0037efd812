"""Heuristic rollouts for the ISMCTS loop: epsilon-greedy over ``kernel.move_values``.

At each decision of a rollout, every acting seat plays, with probability
``1 - epsilon``, a legal move of highest ``move_values`` (ties drawn
uniformly), else a uniformly random legal move (the kernel's
``egreedy_move`` draws it); chance is drawn as the kernel draws it.  With ``own`` >= 0
only that seat (the searching seat: the search's ``greedy_seats=own``) plays so; every other
seat plays uniformly at random (epsilon 1), for a fraction of the heuristic's cost at a large
table.  With ``cutoff > 0`` the rollout stops after that many decisions
(chance steps not counted) and the search scores the unfinished state with the
kernel's ``rank_keys``/``scores`` (points so far): an early cut-off with the
game's own evaluation.  With ``horizon`` > 0 the rollout stops at the first chance step
past the kernel's horizon (``kernel.horizon_mark`` changed: Guildes' end of the round it
started in) and ``kernel.horizon_close`` scores the rest of the game with the kernel's
estimate, weighted ``horizon`` percent; a kernel without a horizon (mark -1) is played to
the end.  ``stop`` (None, or an object with ``is_set()``: the
search's stop event, set by ``search.core.run_chunked``) cuts the rollout the
same way once set, looked at every ``stop_every`` decisions: 4 interpreted,
where a heuristic rollout lasts tens of milliseconds, longer than the
protocol's stop promise; 32 compiled, where a whole rollout takes well under
a millisecond and each look (a Python call) cost about 3% of the search's
CPU at every 4th decision.  A cut rollout still completes its iteration (backed up as after any
iteration) and sets ``cut``, on which the ISMCTS loop returns at once rather
than run the rest of its chunk on cut rollouts.  A kernel without a heuristic (``move_values`` returns
0) is played at random.

The ISMCTS loop takes a policy as its ``rollout_fn`` (``policy(buf, rng)``).
With ``mast`` the policy plays epsilon-greedy over its own statistics instead of the
heuristic (the Move-Average Sampling Technique of Finnsson and Bjornsson, as in
Powley, Whitehouse and Cowling's ISMCTS enhancements): with probability ``1 - epsilon`` a
legal move of highest average reward for the seat playing it, over every iteration so far
(a move never played yet counts as best: the untried are tried first), ties drawn uniformly;
else a uniformly random legal move.  A move id names one action in every state of a game
(``kernel.max_moves`` bounds them: a card, a space, a pair), and the averages pool it over
every state where it was played (measured in docs/strength.md, "Session 46": level with the
games' defaults, whose moves are worth too different things from one state to the next).  The search feeds them: each iteration's tree moves (``add``) and the rollout's own
moves, then ``learn`` with the iteration's rewards, each pair once for each time it was
played.  The statistics live as long as the policy (one search: a decision's).

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; the random generator is called identically in both modes, so they play
the same rollouts.

>>> RolloutPolicy.__name__
'RolloutPolicy'
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    from .kernel import dptr, pointer_steps_of, ptr, rng_below, rng_random

    def as_int(x):
        """A numpy scalar read from a buffer as a Python int (the ``.pxd``'s C int)."""
        return int(x)


@cython.cclass
class RolloutPolicy:
    """Epsilon-greedy rollouts over ``kernel``'s heuristic (or, with ``mast``, over the
    moves' average rewards), optionally cut off."""

    def __init__(self, kernel, epsilon: cython.double = 0.1, cutoff: cython.int = 0,
                 horizon: cython.int = 0, own: cython.int = -1, mast: cython.bint = False) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1], not {epsilon}")
        if cutoff < 0:
            raise ValueError(f"cutoff must be >= 0, not {cutoff}")
        if not 0 <= horizon <= 100:
            raise ValueError(f"horizon must be in [0, 100], not {horizon}")
        if not -1 <= own < kernel.players:
            raise ValueError(f"own must be -1 (every seat) or a seat of {kernel.players}, not {own}")
        self.k = kernel
        self.fast = pointer_steps_of(kernel)
        self.epsilon = epsilon
        self.cutoff = cutoff
        self.horizon = horizon
        self.own = own
        self.steps = 0
        self.stop = None
        self.cut = False
        self.stop_every = 32 if cython.compiled else 4
        self.seats_np = np.zeros(kernel.players + 1, dtype=np.intc)
        self.picks_np = np.zeros(kernel.players + 1, dtype=np.intc)
        self.moves_np = np.zeros(max(kernel.max_moves, 1), dtype=np.intc)
        self.vals_np = np.zeros(max(kernel.max_moves, 1), dtype=np.float64)
        self.seats = self.seats_np
        self.picks = self.picks_np
        self.moves = self.moves_np
        self.vals = self.vals_np
        self.mast = mast
        self.ntrace = 0
        cells = kernel.players * max(kernel.max_moves, 1) if mast else 1
        self.msum_np = np.zeros(cells, dtype=np.float64)
        self.mcnt_np = np.zeros(cells, dtype=np.float64)
        self.trace_np = np.zeros(512 if mast else 2, dtype=np.intc)
        self.msum = self.msum_np
        self.mcnt = self.mcnt_np
        self.trace = self.trace_np

    def __call__(self, buf, rng) -> None:
        """Play the rollout on ``buf`` in place (the ISMCTS loop's ``rollout_fn``)."""
        b: cython.int[::1] = buf
        self.play(b, rng)

    def play(self, buf, rng):
        na: cython.int
        j: cython.int
        eps: cython.double
        done: cython.int = 0
        mark: cython.int
        # the kernel's pointer steps where it has them (kernel.pxd: no memoryview built a call)
        fast: cython.bint = self.fast
        b: cython.p_int = ptr(buf)
        seats: cython.p_int = ptr(self.seats)
        self.cut = False
        mark = self.k.horizon_mark(buf) if self.horizon > 0 else -1
        while True:
            na = self.k.c_to_move(b, seats) if fast else self.k.to_move(buf, self.seats)
            if na == 0:
                return 0
            if self.seats[0] < 0:
                # a horizon is crossed only by chance (Guildes: a new round's event and deal),
                # so the mark is read there alone, not at every decision
                if mark >= 0 and self.k.horizon_mark(buf) != mark:
                    self.k.horizon_close(buf, self.horizon)
                    return 0
                if fast:
                    self.k.c_apply(b, -1, self.k.c_sample_chance(b, rng))
                else:
                    self.k.apply(buf, -1, self.k.sample_chance(buf, rng))
                continue
            if 0 < self.cutoff <= done:
                return 0
            if self.stop is not None and done % self.stop_every == 0 and self.stop.is_set():  # calls Python: the stop event, every stop_every decisions
                self.cut = True  # the search was stopped: score this state as a cut-off rollout
                return 0
            # a simultaneous step: every acting seat picks on the same state, then all apply
            for j in range(na):
                eps = self.epsilon if self.own < 0 or seats[j] == self.own else 1.0
                if self.mast:
                    self.picks[j] = self.mast_pick(buf, as_int(seats[j]), rng, eps)
                    self.add(as_int(seats[j]), as_int(self.picks[j]))
                elif fast:
                    self.picks[j] = self.k.c_egreedy(b, as_int(seats[j]), rng, eps, ptr(self.moves),
                                                     dptr(self.vals))
                else:
                    self.picks[j] = self.pick(buf, as_int(self.seats[j]), rng, eps)
            for j in range(na):
                if fast:
                    self.k.c_apply(b, as_int(seats[j]), as_int(self.picks[j]))
                else:
                    self.k.apply(buf, as_int(self.seats[j]), as_int(self.picks[j]))
            done += 1
            self.steps += 1

    def pick(self, buf, seat, rng, epsilon):
        """``seat``'s rollout move: best by ``move_values`` with probability 1 - ``epsilon``
        (the kernel's ``egreedy_move``: a game may find it without listing every move)."""
        return self.k.egreedy_move(buf, seat, rng, epsilon, self.moves, self.vals)

    def mast_pick(self, buf, seat, rng, epsilon):
        """``seat``'s rollout move by its averages: with probability ``1 - epsilon`` a legal
        move of highest average (unplayed ones first), ties drawn uniformly; else a uniformly
        random legal move; a lone legal move with no draw."""
        n: cython.int
        i: cython.int
        m: cython.int
        ties: cython.int = 0
        best: cython.int = -1
        base: cython.int = seat * self.k.max_moves
        q: cython.double
        top: cython.double = 0.0
        c: cython.double
        if self.fast:
            n = self.k.c_legal(ptr(buf), seat, ptr(self.moves))
        else:
            n = self.k.legal(buf, seat, self.moves)
        if n <= 1:
            if n == 0:
                raise ValueError(f"seat {seat} has no legal move in a rollout")  # calls Python: the error, never asked in play
            return self.moves[0]  # a lone move at once, no draw (as the kernels' egreedy)
        if epsilon >= 1.0 or (epsilon > 0.0 and rng_random(rng) < epsilon):
            return self.moves[rng_below(rng, n)]
        for i in range(n):
            m = self.moves[i]
            c = self.mcnt[base + m]
            q = self.msum[base + m] / c if c > 0.0 else 1e300  # never played: tried first
            if ties == 0 or q > top:
                top = q
                best = m
                ties = 1
            elif q == top:
                ties += 1
                if rng_below(rng, ties) == 0:  # reservoir: each of the tied moves with probability 1/ties
                    best = m
        return best

    def add(self, seat, move):
        """Record that ``seat`` played ``move`` in this iteration (``learn`` credits it)."""
        cap: cython.int = self.trace.shape[0]
        if not self.mast:
            return 0
        if self.ntrace + 2 > cap:
            grown = np.zeros(2 * cap, dtype=np.intc)
            grown[:cap] = self.trace_np
            self.trace_np = grown
            self.trace = self.trace_np
        self.trace[self.ntrace] = seat
        self.trace[self.ntrace + 1] = move
        self.ntrace += 2
        return 0

    def learn(self, r):
        """Credit every pair recorded since the last call with its seat's reward ``r[seat]``
        (a C array of the seats' rewards: the search's), then forget them."""
        i: cython.int
        idx: cython.int
        s: cython.int
        mm: cython.int = self.k.max_moves
        for i in range(0, self.ntrace, 2):
            s = self.trace[i]
            idx = s * mm + self.trace[i + 1]
            self.msum[idx] += r[s]
            self.mcnt[idx] += 1.0
        self.ntrace = 0
        return 0

    def recorded(self) -> list:
        """The ``(seat, move)`` pairs recorded since the last ``learn``, in play order."""
        return [(int(self.trace[i]), int(self.trace[i + 1])) for i in range(0, self.ntrace, 2)]

    def learn_rewards(self, rewards) -> None:
        """``learn`` from Python: ``rewards`` one number a seat."""
        r = np.ascontiguousarray(rewards, dtype=np.float64)
        if r.shape[0] < self.k.players:
            raise ValueError(f"one reward a seat: {self.k.players} needed, {r.shape[0]} given")
        rv: cython.double[::1] = r
        self.learn(dptr(rv))

    def average(self, seat: cython.int, move: cython.int):
        """``seat``'s average reward for ``move`` so far, or None if never played."""
        if not (0 <= seat < self.k.players and 0 <= move < self.k.max_moves) or not self.mast:
            raise ValueError(f"no average for seat {seat}, move {move}")
        idx: cython.int = seat * self.k.max_moves + move
        if self.mcnt[idx] == 0.0:
            return None
        return self.msum[idx] / self.mcnt[idx]
