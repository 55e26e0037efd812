"""The kernel contract and the random generator every kernel shares.

A game kernel works on one flat ``int32`` buffer (``numpy.intc``) that holds the
whole game state; cloning a state is copying that buffer.  Moves are small
integers ``0 <= move < max_moves``.  Seat ``CHANCE`` (-1) is chance.

Buffer words 0 and 1 belong to :mod:`engine.core` (the dealer seed and the
observer marker); a kernel lays its own fields out from word ``HEADER`` on.

This file is compiled by Cython (declarations in ``kernel.pxd``) and runs
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from cython_ext.errors import BrokenState

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))

    def ptr(v):
        """Interpreted stand-in for the ``.pxd``'s pointer to ``v[0]``: the array itself."""
        return v

    dptr = ptr

    def rng_below(rng, n):
        """Interpreted stand-in for the ``.pxd``'s inline draw: ``rng.below(n)``."""
        return rng.below(n)

    def rng_random(rng):
        """Interpreted stand-in for the ``.pxd``'s inline draw: ``rng.random()``."""
        return rng.random()

    def pointer_steps_of(k):
        """Interpreted stand-in: the pointer steps of an interpreted kernel only (a compiled
        kernel's ``cdef`` methods cannot be called from Python)."""
        return k.pointer_steps and hasattr(k, "c_to_move")

    from math import tanh

MASK64 = 0xFFFFFFFFFFFFFFFF
GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)


@cython.cclass
class Rng:
    """splitmix64: the same stream compiled and interpreted.

    >>> Rng(1).next64() == Rng(1).next64()
    True
    >>> 0 <= Rng(3).below(6) < 6
    True
    """

    def __init__(self, seed: cython.ulonglong = 0) -> None:
        if not cython.compiled:
            seed &= MASK64
        self.state = seed

    def next64(self):
        z: cython.ulonglong
        if not cython.compiled:  # compiled: the .pxd's C body, inlined in other modules too
            self.state = (self.state + GOLDEN) & MASK64
            z = self.state
            z = ((z ^ (z >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            return z ^ (z >> 31)
        return rng_next64(self)

    def below(self, n):
        """Uniform integer in ``[0, n)`` (multiply-shift, no modulo bias worth noting)."""
        if not cython.compiled:
            return ((self.next64() >> 32) * int(n)) >> 32
        return rng_below(self, n)

    def random(self):
        """Uniform float in ``[0, 1)`` with 53 bits."""
        if not cython.compiled:
            return (self.next64() >> 11) * (1.0 / 9007199254740992.0)
        return rng_random(self)


@cython.cclass
class Kernel:
    """Base of every game kernel.  Subclasses implement the methods below.

    ``players``: number of seats; ``size``: buffer length; ``max_moves``: an
    upper bound on move integers (and on the number of legal moves).
    """

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int) -> None:
        self.players = players
        self.size = size
        self.max_moves = max_moves
        self._chance_moves = None
        self._chance_probs = None
        # typed once here: made from an object in rank_keys, a memoryview was built at
        # every finished rollout (1.7% of a built-in Guildes search's instructions)
        import numpy

        self._rank_scores = numpy.zeros(max(players, 1), dtype=numpy.intc)
        self.reveals = False  # revealed_move can show a move observed_move hid (see there)
        self.pointer_steps = False  # a game with its own c_to_move, c_legal, c_apply, c_sample_chance, c_move_values

    # Pointer twins of to_move, legal, apply, sample_chance and move_values for the search's and
    # the rollout's hot loops: each call of a cpdef method builds and copies its memoryview
    # arguments (about 30 instructions each).  A kernel that sets ``pointer_steps`` overrides
    # all five (c_move_values may keep this base's answer, no values); the loops call none of
    # them otherwise.  c_egreedy, egreedy_move on them, is this base's only.
    def c_to_move(self, b, out):
        return 0

    def c_legal(self, b, seat, out):
        return 0

    def c_apply(self, b, seat, move):
        return

    def c_sample_chance(self, b, rng):
        return 0

    def c_move_values(self, b, seat, moves, n, out):
        return 0

    def c_egreedy(self, b, seat, rng, epsilon, moves, vals):
        """:meth:`egreedy_move` with the same draws on the pointer steps (no memoryview
        built a call), for a seat to move: one with no legal move is a broken state."""
        nl: cython.int = self.c_legal(b, seat, moves)
        if nl <= 1:
            if nl == 0:
                raise BrokenState(f"{type(self).__name__} rollout: seat {seat} has no legal move")  # calls Python: the error, never asked in play
            return moves[0] if cython.compiled else int(moves[0])
        if epsilon >= 1.0 or (epsilon > 0.0 and rng_random(rng) < epsilon):
            return moves[rng_below(rng, nl)] if cython.compiled else int(moves[rng_below(rng, nl)])
        if self.c_move_values(b, seat, moves, nl, vals) == 0:
            return moves[rng_below(rng, nl)] if cython.compiled else int(moves[rng_below(rng, nl)])
        return greedy_pick(moves, vals, nl, rng)

    def to_move(self, buf, out):
        """Write the seats to move into ``out``; return how many.

        Several seats at once for a simultaneous step (each still owing a
        choice); ``out[0] = CHANCE`` (and 1) when chance is to move; 0 at the end.
        """
        raise NotImplementedError

    def legal(self, buf, seat, out):
        """Write the legal moves of ``seat`` (ascending) into ``out``; return how many."""
        raise NotImplementedError

    def apply(self, buf, seat, move):
        """Play ``move`` for ``seat`` (``CHANCE``: a chance outcome).  No legality check."""
        raise NotImplementedError

    def chance(self, buf, outcomes, probs):
        """Write the chance outcomes and their probabilities; return how many."""
        raise NotImplementedError

    def sample_chance(self, buf, rng):
        """Draw one chance outcome with its probability."""
        n: cython.int
        i: cython.int
        r: cython.double
        acc: cython.double = 0.0
        outcomes: cython.int[::1]
        probs: cython.double[::1]
        if self._chance_moves is None:  # allocated once: rollouts draw chance at every deal
            import numpy

            self._chance_moves = numpy.zeros(self.max_moves, dtype=numpy.intc)
            self._chance_probs = numpy.zeros(self.max_moves, dtype=numpy.float64)
        outcomes = self._chance_moves
        probs = self._chance_probs
        n = self.chance(buf, outcomes, probs)
        r = rng.random()
        for i in range(n):
            acc += probs[i]
            if r < acc:
                break
        else:
            i = n - 1
        if not cython.compiled:  # a Python int, not a numpy scalar
            return int(outcomes[i])
        return outcomes[i]

    def observe(self, buf, seat):
        """Mask in place what ``seat`` cannot see (unknown values are -1)."""
        raise NotImplementedError

    def determinize(self, buf, seat, rng):
        """Fill in place every unknown of a buffer already masked for ``seat``.

        Must read nothing that ``observe`` hides, keep the observation of
        ``seat`` unchanged, and sample among consistent states (uniformly
        where the game's docs do not say otherwise).
        """
        raise NotImplementedError

    def observed_move(self, buf, actor, move, observer):
        """What ``observer`` sees of ``actor`` playing ``move`` (before applying).

        The move itself when it is public; a game-defined code (``>= max_moves``)
        for a hidden choice.  MO-ISMCTS branches on this.
        """
        return move

    def revealed_move(self, buf, actor, move, observer):
        """What ``observer`` sees of ``actor``'s ``move`` once the step it was chosen in is
        over (``buf``: after every move of that step, before the chance that follows), where
        ``observed_move`` hid it: the move itself when the step's end revealed it (choices
        made face down and turned up together), else -1 (still hidden: ``observed_move``'s
        code stands).  Asked by the search only of kernels whose ``reveals`` is set: a tree
        keyed by moves then knows, below such a step, what every seat has seen since.
        """
        return -1

    def scores(self, buf, out):
        """Write each seat's score in game points so far into ``out``."""
        raise NotImplementedError

    def rank_keys(self, buf, out):
        """Write every competitor's rank key into ``out``; return how many competitors.

        Competitor ``c``'s ``j``-th key word is ``out[c * RANK_KEYS + j]``; keys
        compare lexicographically, higher is better, equal keys share a place,
        unused trailing words are 0.  Seats ``0..players-1`` come first, then
        any competitor that is not a seat (a dummy player who can win).  ``out``
        has room for at least ``players + 8`` competitors.  The search ranks
        finished games with this, so a game's tie-breaks are written once, here.
        This base: the score alone, no rival.

        >>> import numpy
        >>> class Two(Kernel):
        ...     def scores(self, buf, out):
        ...         out[0], out[1] = 3, 5
        >>> out = numpy.zeros(10 * RANK_KEYS, dtype=numpy.intc)
        >>> Two(2, 4, 1).rank_keys(numpy.zeros(4, dtype=numpy.intc), out), out[:2 * RANK_KEYS].tolist()
        (2, [3, 0, 0, 0, 5, 0, 0, 0])
        """
        i: cython.int
        j: cython.int
        self.scores(buf, self._rank_scores)
        for i in range(self.players):
            out[i * RANK_KEYS] = self._rank_scores[i]
            for j in range(1, RANK_KEYS):
                out[i * RANK_KEYS + j] = 0
        return self.players

    def score_bounds(self, buf, lo, hi):
        """Bounds on every competitor's final first rank-key word (its score), whatever is played.

        Returns ``m`` (as :meth:`rank_keys`: seats first, then rivals) after writing
        ``lo[c] <= final key word 0 of c <= hi[c]`` for every continuation the rules
        allow (every move, every chance outcome), or 0 when it knows none.  The solver
        reads two intervals that do not overlap as a decided order between those two
        competitors, so a bound must never be wrong, only loose.  A kernel returns
        ``-(m + 1)`` instead when, besides writing the bounds, it knows that every move
        or chance outcome of this step leads to the same values (the step changes
        nothing that counts, as City and Guilds' last draws): the solver then searches
        only the first.  This base knows none.

        >>> import numpy
        >>> z = numpy.zeros(12, dtype=numpy.intc)
        >>> Kernel(2, 4, 1).score_bounds(numpy.zeros(4, dtype=numpy.intc), z, z)
        0
        """
        return 0

    def free_words(self, buf, out):
        """The words of ``buf`` its values no longer depend on, for the solver's table key.

        Writes ``n`` word indices into ``out`` (room for ``size``) and returns ``n``:
        two positions that differ only in those words have the same value vector
        under every reward (whatever is played from either, the money, the rank
        keys and the order of the decisions that count come out the same), so the
        solver keys both as one (``Solver(bounds=False)`` ignores this, as the score
        bounds).  A word listed wrongly merges positions of different values: list
        only what is proven unread.  This base knows none.

        >>> import numpy
        >>> z = numpy.zeros(4, dtype=numpy.intc)
        >>> Kernel(2, 4, 1).free_words(z, z)
        0
        """
        return 0

    def horizon_mark(self, buf):
        """The rollout horizon's mark of ``buf`` (a ``horizon`` rollout stops at the first
        chance step whose mark differs from the mark it started with), or -1 where the
        kernel has no horizon (the rollout then plays to the end).  This base has none.

        >>> import numpy
        >>> Kernel(2, 4, 1).horizon_mark(numpy.zeros(4, dtype=numpy.intc))
        -1
        """
        return -1

    def horizon_close(self, buf, weight):
        """Turn ``buf``, a rollout stopped at its horizon, into a finished state whose
        ``scores`` and ``rank_keys`` estimate the rest of the game, the part not yet
        played weighted ``weight`` percent (a kernel with a ``horizon_mark``; never called
        otherwise).  This base changes nothing."""
        return

    def rollout(self, buf, rng):
        """Play uniformly random moves (and chance) until the game ends, in place."""
        raise NotImplementedError

    def move_values(self, buf, seat, moves, n, out):
        """The game heuristic of ``seat``'s first ``n`` legal ``moves`` into ``out[0:n]``
        (higher is better for ``seat``; only the order within one call matters).

        Returns 1 when the values are a heuristic, 0 when the game has none: this
        base writes 0.0 each (the rollout policies then play the kernel's random
        rollout, and the search's progressive bias adds nothing); 3 when each move's
        value is its own (the same in any list of legal moves the seat has there);
        4 when, moreover, it reads only the move and public information that the moves,
        as any seat observes them, fix (no hand, not even the seat's own, and no move
        another seat cannot see: the same in every world at a node of any seat's tree;
        City and Guilds' placements. Not Between Two Cities': a placement names a pending
        tile by its slot, whose kind the hidden choice before it fixed); 2 when they read
        a public chance outcome the moves do not fix (City and Guilds' face-up display at
        a draw).  The search keeps 1's values by node and legal list and 3's by node and
        move (MO trees, and an SO tree's for its root seat), 4's by node and move in SO
        trees for every seat, and 2's not at all (``tree_values.TreeValues._values``).

        >>> import numpy
        >>> out = numpy.ones(3)
        >>> Kernel(2, 4, 3).move_values(numpy.zeros(4, dtype=numpy.intc), 0,
        ...                             numpy.arange(3, dtype=numpy.intc), 3, out), out.tolist()
        (0, [0.0, 0.0, 0.0])
        """
        i: cython.int
        for i in range(n):
            out[i] = 0.0
        return 0

    def egreedy_move(self, buf, seat, rng, epsilon, moves, vals):
        """``seat``'s move in an ε-greedy rollout (``rollout_policy``): with probability
        ``1 - epsilon`` a legal move of highest :meth:`move_values` (ties drawn uniformly),
        else a uniformly random legal move; a lone legal move at once, with no draw; -1, with
        no draw, for a seat with no legal move (one not to move: the rollouts never ask it).

        ``moves`` and ``vals`` are scratch of ``max_moves``.  This base lists the legal
        moves and values each; a game may find the same move for less (Between Two
        Cities values its candidate cells and checks completability only where the best
        ones are), drawing from the same distribution but not with the same draws.

        >>> import numpy
        >>> class Three(Kernel):
        ...     def legal(self, buf, seat, out):
        ...         out[0], out[1], out[2] = 4, 5, 6
        ...         return 3
        ...     def move_values(self, buf, seat, moves, n, out):
        ...         for i in range(n):
        ...             out[i] = 1.0 if moves[i] != 5 else 2.0
        ...         return 1
        >>> k, z = Three(2, 4, 8), numpy.zeros(4, dtype=numpy.intc)
        >>> k.egreedy_move(z, 0, Rng(1), 0.0, numpy.zeros(8, dtype=numpy.intc), numpy.zeros(8))
        5
        """
        nl: cython.int = self.legal(buf, seat, moves)
        i: cython.int
        if nl <= 1:
            if nl == 0:
                return -1
            return moves[0] if cython.compiled else int(moves[0])
        if epsilon >= 1.0 or (epsilon > 0.0 and rng.random() < epsilon):
            i = rng.below(nl)
            return moves[i] if cython.compiled else int(moves[i])
        if self.move_values(buf, seat, moves, nl, vals) == 0:
            i = rng.below(nl)
            return moves[i] if cython.compiled else int(moves[i])
        return greedy_pick(ptr(moves), dptr(vals), nl, rng)


def greedy_pick(moves, vals, nl, rng):
    """A move of highest value among the ``nl`` of ``moves`` (``vals[i]`` is move i's),
    ties drawn uniformly by ``rng`` (one draw, only where several tie): the greedy half
    of ``Kernel.egreedy_move``, shared by the games that find their legal moves and values
    without its calls."""
    i: cython.int
    ties: cython.int = 0
    top: cython.int = 0
    r: cython.int
    best: cython.double = -1.0e300
    for i in range(nl):
        if vals[i] > best:
            best = vals[i]
            ties = 1
            top = i
        elif vals[i] == best:
            ties += 1
    if ties == 1:  # the usual case: no second pass
        return moves[top] if cython.compiled else int(moves[top])
    r = rng.below(ties)
    for i in range(nl):
        if vals[i] == best:
            if r == 0:
                return moves[i] if cython.compiled else int(moves[i])
            r -= 1
    return moves[0] if cython.compiled else int(moves[0])


def key_cmp(kb, a, b):
    """Competitor ``a``'s rank key against ``b``'s in ``kb`` (``RANK_KEYS`` words each):
    -1, 0 or 1, compared lexicographically."""
    j: cython.int
    x: cython.int
    y: cython.int
    for j in range(RANK_KEYS):
        x = kb[a * RANK_KEYS + j]
        y = kb[b * RANK_KEYS + j]
        if x != y:
            return 1 if x > y else -1
    return 0


def terminal_rewards(k, buf, mode, scale, sc, kb, out):
    """Every seat's reward for the finished ``buf`` into ``out[0:players]``, as
    ``engine.core.returns_from``: ``REWARD_WIN`` the win share (1/k in a k-way tie for first
    place, rivals included), ``REWARD_RANK`` the share of the other competitors beaten (a tie
    half), ``REWARD_SCORE`` ``0.5 + 0.5 tanh(margin over the best other seat / scale)``,
    ``REWARD_FIELD`` ``0.5 + 0.5 tanh(margin over the mean of the other seats / scale)``
    (so a point taken from any rival counts, not only from the leader; one seat: margin 0).
    Both score modes read ``kernel.scores``, seats only: a rival that is not a seat
    (Between Two Cities' Jamey) and the tie-breaks play no part; equal scores are margin 0.
    ``sc`` (``players`` words) and ``kb`` (``RANK_KEYS`` words per competitor) are scratch.
    The one rule of the ISMCTS loop's and the solver loop's terminal values (a C method:
    ``tests/search/test_rank_keys.py`` checks the loop's rewards against
    ``State.returns`` in both modes).
    """
    n: cython.int = k.players
    i: cython.int
    j: cython.int
    m: cython.int
    best: cython.int
    cnt: cython.int
    c: cython.int
    below: cython.int
    ties: cython.int
    rival: cython.int
    total: cython.longlong
    if mode == REWARD_FIELD:
        k.scores(buf, sc)
        total = 0
        for i in range(n):
            total += sc[i]
        for i in range(n):
            out[i] = 0.5
            if n > 1:
                # n * s_i - total = (n - 1) * (s_i - mean of the others): exact in integers
                out[i] = 0.5 + 0.5 * tanh((n * sc[i] - total) / ((n - 1) * scale))
        return 0
    if mode == REWARD_SCORE:
        k.scores(buf, sc)
        for i in range(n):
            rival = 0
            if n > 1:
                rival = -(1 << 30)
                for j in range(n):
                    if j != i and sc[j] > rival:
                        rival = sc[j]
            out[i] = 0.5 + 0.5 * tanh((sc[i] - rival) / scale)
        return 0
    m = k.rank_keys(buf, kb)  # seats first, then rivals
    if mode == REWARD_WIN:
        best = 0
        for i in range(1, m):
            if key_cmp(kb, i, best) > 0:
                best = i
        cnt = 0
        for i in range(m):
            if key_cmp(kb, i, best) == 0:
                cnt += 1
        for i in range(n):
            out[i] = 1.0 / cnt if key_cmp(kb, i, best) == 0 else 0.0
        return 0
    for i in range(n):
        below = 0
        ties = 0
        for j in range(m):
            if j != i:
                c = key_cmp(kb, j, i)
                if c < 0:
                    below += 1
                elif c == 0:
                    ties += 1
        out[i] = (below + ties / 2.0) / (m - 1) if m > 1 else 1.0
    return 0
