"""The Guildes kernel the engine runs: the rules, chance, hidden information, playouts.

:class:`GuildesKernel` (``select.load("guildes").GuildesKernel``) is the
last of three layers, each its own module:

- :mod:`cython_ext.guildes_rules` -- the buffer layout (documented there)
  and the rules: who moves, legal moves, apply, the end of a round;
- :mod:`cython_ext.guildes_hidden` -- what each seat sees and
  ``determinize`` (with the layers under it: ``guildes_observe``,
  ``guildes_draws``, ``guildes_placement``, the placement search);
- this module -- chance (the event card, the deal, the trick cards, the
  redistribution deal, the first seat of a sequential play, the draws of
  trick D) and ``rollout``, the uniformly random playout of the search.

The vote count lives in :mod:`cython_ext.guildes_count`; its Python entry
points ``count_votes`` and ``exclude_ties`` are here, and ``perm_decode``
and ``move_bound`` are re-exported from :mod:`cython_ext.guildes_rules`.

This file is compiled by Cython (declarations in ``guildes.pxd``) and runs
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from cython_ext.errors import BrokenState
from .guildes_hidden import GuildesHidden
from .guildes_policy import GuildesPolicy
from .guildes_rules import move_bound, perm_decode  # noqa: F401

if not cython.compiled:
    from .guildes_bounds import SCRATCH, bounds_fit, bounds_scratch, gu_bounds, monotone
    from .guildes_count import c_count_votes, c_exclude_ties
    from .guildes_rules import DEAL, DRAFT, DRAW, EVENT, OVER, PLAY, RDEAL, START, TDEAL, imod
    from .kernel import dptr, greedy_pick, ptr, rng_below, rng_random

    def ctz(x):  # gcc's __builtin_ctz, compiled
        x = int(x)
        return (x & -x).bit_length() - 1


def count_votes(table: cython.int[::1], n: cython.int, G: cython.int, rnd: cython.int, militia: cython.int,
                mvotes: cython.int, places: cython.int[::1], values: cython.int[::1],
                out: cython.int[::1]) -> None:
    """Add the votes of one count of ``table[n*G]`` in round ``rnd`` (0-2) to ``out[n]``.

    >>> import numpy as np
    >>> out = np.zeros(2, dtype=np.intc)
    >>> places = np.ones(3, dtype=np.intc)                  # one guild, one place a round
    >>> values = np.full(3 * 4, 5, dtype=np.intc)          # 3 rounds x MAXP places, 5 votes each
    >>> count_votes(np.array([2, 1], dtype=np.intc), 2, 1, 0, -1, 0, places, values, out)
    >>> [int(x) for x in out]
    [5, 0]
    """
    c_count_votes(ptr(table), n, G, rnd, militia, mvotes, ptr(places), ptr(values), ptr(out))


def exclude_ties(table: cython.int[::1], n: cython.int, G: cython.int, militia: cython.int,
                 mark: cython.int[::1]) -> None:
    """Zero, in place, the tied counts of ``table[n*G]`` (see ``c_exclude_ties``); ``mark[n]`` is scratch."""
    c_exclude_ties(ptr(table), n, G, militia, ptr(mark))


@cython.cclass
class GuildesKernel(GuildesHidden):
    """Guildes, base game and variants.  ``cfg`` holds the layout offsets, the
    edition arrays and the variant flags (``events``, ``tricks``)."""

    def __init__(self, cfg: dict) -> None:
        GuildesHidden.__init__(self, cfg)
        self.reveals = True  # face-down plays are turned up together (revealed_move)
        self.s_moves = self.scratch(self.max_moves + 1)
        self.s_seats = self.scratch(self.n)
        self.s_pk = self.scratch(self.n * self.G)
        self.s_mask = self.scratch(self.n)
        self.s_nbits = self.scratch(self.n)
        # its masks need a bit per guild; the variants keep the general loop
        self.fast_rollout = self.G <= 30 and not self.ev_on and not self.tr_on
        self.policy = GuildesPolicy(self.n, self.G)
        # the solver's bounds (guildes_bounds): the base game, an edition whose places pay less
        # or the same from one to the next
        self.bounds_ok = (not self.ev_on and not self.tr_on and bounds_fit(self.n, self.G, self.h)
                          and monotone(self.values, self.places, self.G, self.militia, self.mvotes))
        self.s_bnd = self.scratch(SCRATCH)
        bounds_scratch(self.s_bnd)
        self.pointer_steps = True  # c_to_move, c_legal, c_apply (guildes_rules), c_sample_chance, c_move_values

    # -- chance -------------------------------------------------------------
    @cython.final
    def c_trick_free(self, b, seat, t):
        """May trick ``t`` be dealt to ``seat`` now?"""
        i: cython.int
        if not self.c_trick_ok[t] or b[self.o_prevtrick + seat] == t:
            return 0
        for i in range(seat):
            if b[self.o_trick + i] == t:
                return 0
        return 1

    @cython.final
    def c_pile(self, b, g):
        """Cards of guild ``g`` in the discard pile (needs the full state)."""
        c: cython.int = b[self.o_pubdisc + g] - b[self.o_drawn + g]
        i: cython.int
        j: cython.int
        for i in range(self.n):
            c += b[self.o_disc + i * self.G + g] + b[self.o_tdisc + i * self.G + g]
        for j in range(2):
            if b[self.o_dcard + j] == g:
                c -= 1
        return c

    def chance(self, buf, outcomes, probs):
        b: cython.p_int = ptr(buf)
        phase: cython.int = b[self.o_phase]
        c: cython.int = 0
        e: cython.int
        free_: cython.int = 0
        left: cython.int = 0
        g: cython.int
        seat: cython.int
        t: cython.int
        i: cython.int
        p: cython.int
        if phase == EVENT:
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    free_ += 1
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    outcomes[c] = e
                    probs[c] = 1.0 / free_
                    c += 1
        elif phase == DEAL:
            for g in range(self.G):
                left += b[self.o_deck + g]
            for g in range(self.G):
                if b[self.o_deck + g] > 0:
                    outcomes[c] = g
                    probs[c] = 1.0 * b[self.o_deck + g] / left
                    c += 1
        elif phase == TDEAL:
            seat = b[self.o_step]
            for t in range(self.ntricks):
                free_ += self.c_trick_free(b, seat, t)
            for t in range(self.ntricks):
                if self.c_trick_free(b, seat, t):
                    outcomes[c] = t
                    probs[c] = 1.0 / free_
                    c += 1
        elif phase == START:
            for i in range(self.n):
                outcomes[c] = i
                probs[c] = 1.0 / self.n
                c += 1
        elif phase == RDEAL:
            for i in range(self.fact):
                outcomes[c] = i
                probs[c] = 1.0 / self.fact
                c += 1
        elif phase == DRAW:
            for g in range(self.G):
                left += self.c_pile(b, g)
            for g in range(self.G):
                p = self.c_pile(b, g)
                if p > 0:
                    outcomes[c] = g
                    probs[c] = 1.0 * p / left
                    c += 1
        return c

    def c_sample_chance(self, b, rng):
        """One chance outcome drawn with ``rng`` (the same draw as ``chance`` + sampling, faster)."""
        phase: cython.int = b[self.o_phase]
        free_: cython.int = 0
        e: cython.int
        r: cython.int
        left: cython.int = 0
        g: cython.int
        seat: cython.int
        t: cython.int
        if phase == EVENT:
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    free_ += 1
            r = rng_below(rng, free_)
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    if r == 0:
                        return e
                    r -= 1
            return -1
        if phase == TDEAL:
            seat = b[self.o_step]
            for t in range(self.ntricks):
                free_ += self.c_trick_free(b, seat, t)
            r = rng_below(rng, free_)
            for t in range(self.ntricks):
                if self.c_trick_free(b, seat, t):
                    if r == 0:
                        return t
                    r -= 1
            return -1
        if phase == START:
            return rng_below(rng, self.n)
        if phase == RDEAL:
            return rng_below(rng, self.fact)
        if phase == DRAW:
            for g in range(self.G):
                left += self.c_pile(b, g)
            r = rng_below(rng, left)
            for g in range(self.G):
                r -= self.c_pile(b, g)
                if r < 0:
                    return g
            return -1
        for g in range(self.G):
            left += b[self.o_deck + g]
        r = rng_below(rng, left)
        for g in range(self.G):
            r -= b[self.o_deck + g]
            if r < 0:
                return g
        return -1

    def sample_chance(self, buf, rng):
        return self.c_sample_chance(ptr(buf), rng)

    # -- playout ------------------------------------------------------------
    @cython.final
    def c_rollout(self, b, rng):
        phase: cython.int
        m: cython.int
        j: cython.int
        c: cython.int
        seat: cython.int
        seats: cython.p_int = self.s_seats
        moves: cython.p_int = self.s_moves
        while True:
            phase = b[self.o_phase]
            if phase == OVER:
                return
            if self.fast_rollout and self.c_clean(b):
                self.c_fast_rounds(b, rng)
                return
            m = self.c_to_move(b, seats)
            if seats[0] < 0:
                self.c_apply(b, -1, self.c_sample_chance(b, rng))
                continue
            for j in range(m):
                seat = seats[j]
                c = self.c_legal(b, seat, moves)
                if c <= 0:
                    raise BrokenState(f"guildes rollout: seat {seat} has no legal move in phase {phase}")  # calls Python: the error, never in a sound state
                self.c_apply(b, seat, moves[rng_below(rng, c)])

    @cython.final
    def c_clean(self, b):
        """Whether the fast playout can take over: between steps, no choice pending."""
        phase: cython.int = b[self.o_phase]
        i: cython.int
        if phase == EVENT or phase == DEAL:
            return True
        if phase != DRAFT and phase != PLAY:
            return False
        for i in range(self.n):
            if b[self.o_pending + i] >= 0:
                return False
        return True

    @cython.final
    def c_fast_rounds(self, b, rng):
        """The base game's random playout from a clean point to the end.

        The same moves and the same draws as the general loop of
        ``c_rollout`` (each seat in turn draws ``rng.below`` over the guilds
        in its hand, in guild order; each dealt card ``rng.below`` over the
        deck), so the same final state; but the packets pass as bitmasks of
        the guilds present, and the hist rows after the deal are not kept
        (a round's end clears them; ``c_remember_round`` needs row 0 and the
        picks only).  Returns 0; raises on a hand with no card.
        """
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        phase: cython.int
        dirn: cython.int
        j: cython.int
        t: cython.int
        u: cython.int
        i: cython.int
        p: cython.int
        g: cython.int
        r: cython.int
        c: cython.int
        left: cython.int
        mk: cython.uint
        x: cython.int
        pk: cython.p_int = self.s_pk
        mask: cython.p_int = self.s_mask
        nbits: cython.p_int = self.s_nbits
        # offsets in locals (as far as gcc knows, writes to b could change self's fields)
        deck: cython.int = self.o_deck
        kept: cython.int = self.o_kept
        hist: cython.int = self.o_hist
        picks: cython.int = self.o_picks
        table: cython.int = self.o_table
        played: cython.int = self.o_played
        while True:
            phase = b[self.o_phase]
            if phase == OVER:
                return 0
            if phase == EVENT:
                self.c_apply(b, -1, self.c_sample_chance(b, rng))
                continue
            if phase == DEAL:
                left = 0
                for g in range(G):
                    left += b[deck + g]
                for j in range(b[self.o_step], n * h):
                    r = rng_below(rng, left)
                    g = 0
                    while True:
                        r -= b[deck + g]
                        if r < 0:
                            break
                        g += 1
                    b[deck + g] -= 1
                    left -= 1
                    b[hist + (j // h) * G + g] += 1
                b[self.o_step] = 0
                b[self.o_phase] = DRAFT
                continue
            if phase == DRAFT:
                dirn = b[self.o_dir]
                t = b[self.o_step]
                for p in range(n):
                    mask[p] = 0
                    nbits[p] = 0
                    for g in range(G):
                        x = b[hist + (t * n + p) * G + g]
                        pk[p * G + g] = x
                        mask[p] |= (x > 0) << g
                        nbits[p] += x > 0
                for t in range(t, h):
                    for i in range(n):
                        p = imod(i - dirn * t, n)
                        mk = mask[p]
                        c = nbits[p]
                        if c == 0:
                            raise BrokenState("guildes rollout: an empty hand in the draft")  # calls Python: the error
                        r = rng_below(rng, c)
                        while r > 0:
                            mk &= mk - 1
                            r -= 1
                        g = ctz(mk)
                        pk[p * G + g] -= 1
                        if pk[p * G + g] == 0:
                            mask[p] ^= 1 << g
                            nbits[p] -= 1
                        b[picks + i * h + t] = g
                        b[kept + i * G + g] += 1
                b[self.o_step] = 0
                b[self.o_phase] = PLAY
                continue
            # PLAY
            for i in range(n):
                mask[i] = 0
                nbits[i] = 0
                for g in range(G):
                    x = b[kept + i * G + g]
                    mask[i] |= (x > 0) << g
                    nbits[i] += x > 0
            for u in range(b[self.o_step], self.k):
                for i in range(n):
                    mk = mask[i]
                    c = nbits[i]
                    if c == 0:
                        raise BrokenState("guildes rollout: an empty hand in the play")  # calls Python: the error
                    r = rng_below(rng, c)
                    while r > 0:
                        mk &= mk - 1
                        r -= 1
                    g = ctz(mk)
                    x = i * G + g
                    b[kept + x] -= 1
                    if b[kept + x] == 0:
                        mask[i] ^= 1 << g
                        nbits[i] -= 1
                    b[table + x] += 1
                    b[played + x] += 1
            b[self.o_step] = self.k
            self.c_end_round(b)

    def rollout(self, buf, rng):
        """Uniformly random play to the end (chance drawn with ``rng``)."""
        self.c_rollout(ptr(buf), rng)

    def score_bounds(self, buf, lo, hi):
        if not self.bounds_ok:
            return 0
        return gu_bounds(self, ptr(buf), ptr(lo), ptr(hi), self.s_bnd)  # the solver's bounds: guildes_bounds

    def move_values(self, buf, seat, moves, n, out):
        return self.policy.values(self, buf, seat, moves, n, out)  # the heuristic: guildes_policy

    def egreedy_move(self, buf, seat, rng, epsilon, moves, vals):
        if self.c_legal(ptr(buf), seat, ptr(moves)) == 0:
            return -1  # no legal move, the base's answer (c_egreedy is asked only for a seat with one)
        return self.c_egreedy(ptr(buf), seat, rng, epsilon, ptr(moves), dptr(vals))

    def c_move_values(self, b, seat, moves, n, out):
        return self.policy.c_values(self, b, seat, moves, n, out)  # the heuristic: guildes_policy
