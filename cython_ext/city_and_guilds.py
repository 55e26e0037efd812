"""City and Guilds, the kernel: the rules of a turn on one buffer.

:class:`CityAndGuildsKernel` builds on
:class:`cython_ext.city_and_guilds_scoring.CityAndGuildsScoring` (edition
tables, ownership, chains and counts) and adds the deal and setup, turn
order and chance, placement, taverns, face-up draws, hidden information
and the random playout.  Tile kinds, phases, move integers and buffer
fields are documented in :mod:`cython_ext.city_and_guilds_layout`.

Compiled, the hot paths (placement generation, apply, the playout) run on
the buffer as a raw ``int*`` (``b``); interpreted, ``b`` is the numpy
buffer itself.  Both modes consume the random generator identically.

This file is compiled by Cython (declarations in ``city_and_guilds.pxd``)
and runs unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

from cython_ext.errors import BrokenState
from .city_and_guilds_layout import max_moves_for
from .city_and_guilds_policy import CityAndGuildsPolicy
from .city_and_guilds_scoring import CityAndGuildsScoring

if not cython.compiled:
    from .city_and_guilds_bounds import cag_bounds, cag_free_words
    from .city_and_guilds_layout import (CHOSEN, DEAL, DEAL_N, DISCARD, DRAW, EMPTY, END,  # noqa: F401
                                         MINSTREL, NFACE, NK, PLACE, SETUP, TAVERN, TAVERN_PH)
    from .kernel import CHANCE, dptr, greedy_pick, ptr, rng_below, rng_random


@cython.cclass
class CityAndGuildsKernel(CityAndGuildsScoring):
    """City and Guilds kernel for one edition and player count.

    Arguments: ``players``, buffer ``size``, then the edition as
    :class:`CityAndGuildsScoring` takes it (``spaces``, ``blocks``, ``adj``,
    ``block_of``, ``block_first``, ``block_spaces``, ``totals``, ``men0``,
    ``taverns``, ``track_max``, ``values``, ``offsets``).
    """

    def __init__(self, players: cython.int, size: cython.int, spaces: cython.int,
                 blocks: cython.int, adj, block_of, block_first, block_spaces, totals,
                 men0: cython.int, taverns: cython.int, track_max: cython.int, values,
                 offsets) -> None:
        super().__init__(players, size, max_moves_for(spaces), spaces, blocks, adj, block_of,
                         block_first, block_spaces, totals, men0, taverns, track_max, values,
                         offsets)
        self.T_BASE = 18 * spaces
        self.PASS = 19 * spaces
        self.D_BASE = 19 * spaces + 1
        self.X_BASE = 19 * spaces + 4
        self.spaces = ptr(self.table(np.zeros(spaces)))
        self.pool = ptr(self.table(np.zeros(NK)))
        self.used = ptr(self.table(np.zeros(blocks)))
        self.flist = ptr(self.table(np.zeros(spaces)))
        self.fpos = ptr(self.table(np.zeros(spaces)))
        self.moves = ptr(self.table(np.zeros(self.max_moves)))
        self.policy = CityAndGuildsPolicy(players, blocks)
        self.pointer_steps = True  # c_to_move, c_legal, c_apply, c_sample_chance, c_move_values

    # ------------------------------------------------------------------ setup
    def init(self, buf):
        """Fill a zeroed buffer with the state before the deal."""
        b: cython.p_int = ptr(buf)
        p: cython.int
        i: cython.int
        k: cython.int
        s: cython.int
        b[self.o_phase] = DEAL
        b[self.o_tavleft] = self.taverns
        b[self.o_setupleft] = self.players
        for p in range(self.players):
            b[self.o_men + p] = self.men0
        for i in range(NFACE):
            b[self.o_face + i] = EMPTY
        for k in range(NK):
            b[self.o_supply + k] = self.totals[k]
        for s in range(self.S):
            b[self.o_tile + s] = EMPTY

    # ------------------------------------------------------------------ turn
    @cython.final
    def is_chance(self, b):
        ph: cython.int = b[self.o_phase]
        return ph == DEAL or ((ph == SETUP or ph == PLACE) and self.need_refill(b))

    def to_move(self, buf, out):
        return self.c_to_move(ptr(buf), ptr(out))

    def c_to_move(self, b, out):
        ph: cython.int = b[self.o_phase]
        n: cython.int = 0
        p: cython.int
        if ph == END:
            return 0
        if ph == DEAL:
            out[0] = CHANCE
            return 1
        if ph == DISCARD:
            for p in range(self.players):
                if b[self.o_pend + p] == 0:
                    out[n] = p
                    n += 1
            return n
        if (ph == SETUP or ph == PLACE) and self.need_refill(b):
            out[0] = CHANCE
            return 1
        out[0] = b[self.o_cur]
        return 1

    def chance(self, buf, outcomes, probs):
        b: cython.p_int = ptr(buf)
        kinds: cython.int
        total: cython.int = 0
        n: cython.int = 0
        k: cython.int
        c: cython.int
        if not self.is_chance(b):
            return 0
        kinds = MINSTREL if b[self.o_phase] == DEAL else NK  # no minstrel in the deal
        for k in range(kinds):
            total += b[self.o_supply + k]
        for k in range(kinds):
            c = b[self.o_supply + k]
            if c > 0:
                outcomes[n] = k
                probs[n] = cython.cast(cython.double, c) / total
                n += 1
        return n

    def sample_chance(self, buf, rng):
        return self.c_sample_chance(ptr(buf), rng)

    def c_sample_chance(self, b, rng):
        """The base's draw (one ``rng.random()`` over the running sum of ``chance``'s
        probabilities, so the same outcome for the same generator) on the buffer's
        pointer: the base converts its scratch arrays to memoryviews at every call,
        three times the cost of the draw (8% of a search iteration at 3 players)."""
        kinds: cython.int = MINSTREL if b[self.o_phase] == DEAL else NK  # no minstrel in the deal
        total: cython.int = 0
        k: cython.int
        c: cython.int
        last: cython.int = -1
        r: cython.double
        acc: cython.double = 0.0
        if not self.is_chance(b):
            raise ValueError("sample_chance: not a chance step")  # calls Python: the error (the loops ask only at chance)
        for k in range(kinds):
            total += b[self.o_supply + k]
        r = rng_random(rng)
        for k in range(kinds):
            c = b[self.o_supply + k]
            if c > 0:
                acc += cython.cast(cython.double, c) / total
                last = k
                if r < acc:
                    return k
        return last

    @cython.final
    def sample_kind(self, b, rng):
        """The chance outcome used by rollouts: one tile with probability count/total."""
        kinds: cython.int = MINSTREL if b[self.o_phase] == DEAL else NK
        total: cython.int = 0
        k: cython.int
        r: cython.int
        for k in range(kinds):
            total += b[self.o_supply + k]
        r = rng_below(rng, total)
        for k in range(kinds):
            r -= b[self.o_supply + k]
            if r < 0:
                return k
        return kinds - 1

    # ------------------------------------------------------------ placement
    @cython.final
    def _targets(self, b, setup, out):
        """Spaces where a tile may go now, ascending, into ``out``; return how many."""
        tile: cython.p_int
        adj: cython.p_int = self.adj
        used: cython.p_int = self.used
        n: cython.int = 0
        sp: cython.int
        q: cython.int
        d: cython.int
        blk: cython.int
        near: cython.bint
        if cython.compiled:
            tile = b + self.o_tile
        if not cython.compiled:  # no pointer arithmetic: a view of the field
            tile = b[self.o_tile:self.o_tile + self.S]
        if setup:
            # a new block, not adjacent to any placed tile (the only tiles are in other blocks)
            for blk in range(self.B):
                used[blk] = 0
            for sp in range(self.S):
                if tile[sp] != EMPTY:
                    used[self.block_of[sp]] = 1
            for sp in range(self.S):
                if tile[sp] != EMPTY or used[self.block_of[sp]]:
                    continue
                near = False
                for d in range(4):
                    q = adj[sp * 4 + d]
                    if q >= 0 and tile[q] != EMPTY:
                        near = True
                        break
                if not near:
                    out[n] = sp
                    n += 1
            if n == 0:  # fallback (never on the stand-in map): any space of a new block
                for sp in range(self.S):
                    if tile[sp] == EMPTY and not used[self.block_of[sp]]:
                        out[n] = sp
                        n += 1
            if n > 0:
                return n
        for sp in range(self.S):
            if tile[sp] != EMPTY:
                continue
            for d in range(4):
                q = adj[sp * 4 + d]
                if q >= 0 and tile[q] != EMPTY:
                    out[n] = sp
                    n += 1
                    break
        if n == 0:  # empty board: anywhere
            for sp in range(self.S):
                if tile[sp] == EMPTY:
                    out[n] = sp
                    n += 1
        return n

    def targets(self, buf: cython.int[::1], setup: cython.bint,
                out: cython.int[::1]) -> cython.int:
        return self._targets(ptr(buf), setup, ptr(out))

    @cython.final
    def _legal(self, b, seat, out):
        ph: cython.int = b[self.o_phase]
        spaces: cython.p_int = self.spaces
        n: cython.int = 0
        k: cython.int
        i: cython.int
        j: cython.int
        ns: cython.int
        men: cython.int
        m: cython.int
        dup: cython.bint
        two: cython.bint
        if ph == END or ph == DEAL or seat < 0 or seat >= self.players:
            return 0
        if ph == DISCARD:
            if b[self.o_pend + seat] != 0:
                return 0
            for k in range(NK):
                if b[self.o_hand + seat * NK + k] > 0:
                    out[n] = self.X_BASE + k
                    n += 1
            return n
        if seat != b[self.o_cur] or self.is_chance(b):
            return 0
        if ph == DRAW:  # one move per distinct face-up kind
            for i in range(NFACE):
                k = b[self.o_face + i]
                if k == EMPTY:
                    continue
                dup = False
                for j in range(i):
                    if b[self.o_face + j] == k:
                        dup = True
                if not dup:
                    out[n] = self.D_BASE + i
                    n += 1
            return n
        ns = self._targets(b, ph == SETUP, spaces)
        if ph == TAVERN_PH:
            for i in range(ns):
                out[i] = self.T_BASE + spaces[i]
            out[ns] = self.PASS
            return ns + 1
        men = b[self.o_men + seat]
        for k in range(NK):
            if b[self.o_hand + seat * NK + k] <= 0:
                continue
            two = (k == MINSTREL and men >= 1) or (k < 8 and k % 2 == 0 and men >= 2)
            for i in range(ns):
                m = k * 2 * self.S + spaces[i] * 2
                out[n] = m
                n += 1
                if two:
                    out[n] = m + 1
                    n += 1
        return n

    def legal(self, buf, seat, out):
        return self._legal(ptr(buf), seat, ptr(out))

    def c_legal(self, b, seat, out):
        return self._legal(b, seat, out)

    # ---------------------------------------------------------------- apply
    def apply(self, buf, seat, move):
        self._apply(ptr(buf), seat, move)

    def c_apply(self, b, seat, move):
        self._apply(b, seat, move)

    @cython.final
    def _apply(self, b, seat, move):
        ph: cython.int = b[self.o_phase]
        if seat < 0:
            self.apply_chance(b, move)
        elif ph == DISCARD:
            self.discard(b, seat, move - self.X_BASE)
        elif ph == DRAW:
            self.draw(b, seat, move - self.D_BASE)
        elif ph == TAVERN_PH:
            if move == self.PASS:
                self.after_place(b)
            else:
                self.tavern(b, move - self.T_BASE)
        else:
            self.place(b, seat, move)

    @cython.final
    def apply_chance(self, b, k):
        """Tile ``k`` leaves the piles: dealt to the next seat, or turned face up."""
        d: cython.int
        p: cython.int
        i: cython.int
        b[self.o_supply + k] -= 1
        if b[self.o_phase] == DEAL:
            d = b[self.o_dealt]
            p = d // DEAL_N
            b[self.o_hand + p * NK + k] += 1
            b[self.o_hsize + p] += 1
            b[self.o_dealt] = d + 1
            if d + 1 == DEAL_N * self.players:
                b[self.o_phase] = DISCARD
            return
        for p in range(self.players):  # this tile may be the one p put back
            if b[self.o_putback + p] == k + 1:
                b[self.o_putback + p] = 0
        for i in range(NFACE):
            if b[self.o_face + i] == EMPTY:
                b[self.o_face + i] = k
                return

    @cython.final
    def discard(self, b, seat, k):
        p: cython.int
        kk: cython.int
        b[self.o_pend + seat] = k + 1
        for p in range(self.players):
            if b[self.o_pend + p] == 0:
                return
        for p in range(self.players):  # all chosen: the discards go back among the others
            kk = b[self.o_pend + p] - 1
            b[self.o_putback + p] = kk + 1  # each seat knows its own is in the piles now
            b[self.o_hand + p * NK + kk] -= 1
            b[self.o_hsize + p] -= 1
            b[self.o_supply + kk] += 1
            b[self.o_pend + p] = 0
        b[self.o_phase] = SETUP
        b[self.o_cur] = 0

    @cython.final
    def draw(self, b, seat, slot):
        k: cython.int = b[self.o_face + slot]
        b[self.o_face + slot] = EMPTY
        b[self.o_hand + seat * NK + k] += 1
        b[self.o_known + seat * NK + k] += 1  # everybody saw which tile was taken
        b[self.o_hsize + seat] += 1
        self.next_turn(b)

    @cython.final
    def next_turn(self, b):
        b[self.o_cur] = (b[self.o_cur] + 1) % self.players
        b[self.o_phase] = SETUP if b[self.o_setupleft] > 0 else PLACE

    @cython.final
    def place(self, b, seat, move):
        S: cython.int = self.S
        k: cython.int = move // (2 * S)
        sp: cython.int = (move // 2) % S
        opt: cython.int = move % 2
        men: cython.int = 0
        b[self.o_hand + seat * NK + k] -= 1
        b[self.o_hsize + seat] -= 1
        if b[self.o_known + seat * NK + k] > 0:
            b[self.o_known + seat * NK + k] -= 1
        men = self.men_placed(b, seat, k, opt)
        b[self.o_tile + sp] = k
        if self.invest_steps(k, opt) > 0:
            self.invest(b, k // 2, seat, self.invest_steps(k, opt))
        if men > 0:
            b[self.o_men + seat] -= men
            b[self.o_nmen + sp] = men
            b[self.o_mowner + sp] = seat + 1
            self.update_owner(b, self.block_of[sp], seat)
        if b[self.o_phase] == SETUP:
            b[self.o_setupleft] -= 1
        self.check_complete(b, self.block_of[sp])

    @cython.final
    def tavern(self, b, sp):
        b[self.o_tile + sp] = TAVERN
        b[self.o_tavleft] -= 1
        self.check_complete(b, self.block_of[sp])

    @cython.final
    def check_complete(self, b, blk):
        """Count block ``blk`` if the last placement filled it; offer a tavern if any is left."""
        full: cython.bint
        i: cython.int
        if b[self.o_done + blk] == 0:
            full = True
            for i in range(self.block_first[blk], self.block_first[blk + 1]):
                if b[self.o_tile + self.block_spaces[i]] == EMPTY:
                    full = False
                    break
            if full:
                b[self.o_done + blk] = 1
                self._score_block(b, blk)
                if b[self.o_tavleft] > 0 and not self.all_done(b):
                    b[self.o_phase] = TAVERN_PH
                    return
                self.after_place(b)
                return
        self.to_draw(b)  # no block was completed: the game goes on

    @cython.final
    def all_done(self, b):
        i: cython.int
        for i in range(self.B):
            if b[self.o_done + i] == 0:
                return False
        return True

    @cython.final
    def after_place(self, b):
        """End of the game, else the draw, else (no face-up tile left) the next turn."""
        if self.all_done(b):
            if self.count_final:  # off only inside the solver's endings, which count it themselves
                self._final_count(b)
            b[self.o_phase] = END
            return
        self.to_draw(b)

    @cython.final
    def to_draw(self, b):
        """The draw, else (no face-up tile left) the next turn."""
        i: cython.int
        for i in range(NFACE):
            if b[self.o_face + i] != EMPTY:
                b[self.o_phase] = DRAW
                return
        self.next_turn(b)

    # ------------------------------------------------------------ hidden info
    def observe(self, buf, seat):
        """Other hands (but for tiles taken face up: ``known``), their setup discards
        (pending: only whether they have chosen, ``CHOSEN``) and the piles."""
        b: cython.p_int = ptr(buf)
        p: cython.int
        k: cython.int
        for p in range(self.players):
            if p == seat:
                continue
            for k in range(NK):
                b[self.o_hand + p * NK + k] = -1
            if b[self.o_pend + p] != 0:
                b[self.o_pend + p] = CHOSEN
            b[self.o_putback + p] = -1
        for k in range(NK):
            b[self.o_supply + k] = -1

    def determinize(self, buf, seat, rng):
        """Deal the unseen tiles: each hand's unknown part is from the setup deal
        (no minstrel); every later tile in a hand was drawn face-up and is known.

        The tile ``seat`` put back at setup stays in the piles while no face-up refill
        of its kind since may have taken it (``putback``).  Another seat's hidden
        setup discard stays submitted (the view shows it chosen), redrawn uniformly
        from that seat's sampled hand.  Worlds give the other seats no ``putback``
        memory (0)."""
        b: cython.p_int = ptr(buf)
        pool: cython.p_int = self.pool
        P: cython.int = self.players
        k: cython.int
        s: cython.int
        i: cython.int
        p: cython.int
        need: cython.int
        t: cython.int
        total: cython.int
        r: cython.int
        mine: cython.int
        for k in range(NK):
            pool[k] = self.totals[k] - b[self.o_hand + seat * NK + k]
        for s in range(self.S):
            k = b[self.o_tile + s]
            if k < NK:
                pool[k] -= 1
        for i in range(NFACE):
            k = b[self.o_face + i]
            if k < NK:
                pool[k] -= 1
        for p in range(P):
            if p != seat:
                for k in range(NK):
                    pool[k] -= b[self.o_known + p * NK + k]
        mine = b[self.o_putback + seat] - 1
        if mine >= 0 and pool[mine] > 0:  # not dealt to anyone: it is in the piles
            pool[mine] -= 1
        else:
            mine = -1
        for p in range(P):
            if p == seat:
                continue
            b[self.o_putback + p] = 0
            need = b[self.o_hsize + p]
            for k in range(NK):
                b[self.o_hand + p * NK + k] = b[self.o_known + p * NK + k]
                need -= b[self.o_known + p * NK + k]
            for t in range(need):
                total = 0
                for k in range(MINSTREL):
                    total += pool[k]
                r = rng_below(rng, total)
                for k in range(MINSTREL):
                    r -= pool[k]
                    if r < 0:
                        pool[k] -= 1
                        b[self.o_hand + p * NK + k] += 1
                        break
            if b[self.o_pend + p] == CHOSEN:  # still chosen in the world, as in the view
                b[self.o_pend + p] = self.pick_tile(b, p, rng) + 1
        if mine >= 0:
            pool[mine] += 1
        for k in range(NK):
            b[self.o_supply + k] = pool[k]

    @cython.final
    def pick_tile(self, b, p, rng):
        """A tile of p's hand drawn uniformly (its kind); -1 from an empty hand."""
        k: cython.int
        r: cython.int
        if b[self.o_hsize + p] <= 0:
            return -1
        r = rng_below(rng, b[self.o_hsize + p])
        for k in range(NK):
            r -= b[self.o_hand + p * NK + k]
            if r < 0:
                return k
        return -1

    def clear_choices(self, buf: cython.int[::1], seat: cython.int) -> int:
        """``seat``'s view ``buf`` taken back to the start of the setup discard: the discards
        the other seats already chose there (hidden from it) undone, so that they choose again
        in a search's worlds by their own statistics (the ISMCTS option ``step_start``).
        Returns how many were undone."""
        p: cython.int
        n: cython.int = 0
        if buf[self.o_phase] != DISCARD:
            return 0
        for p in range(self.players):
            if p != seat and buf[self.o_pend + p] != 0:
                buf[self.o_pend + p] = 0
                n += 1
        return n

    def observed_move(self, buf, actor, move, observer):
        """The deal is seen by its receiver only, the setup discard by its player only."""
        ph: cython.int = buf[self.o_phase]
        if actor < 0 and ph == DEAL and buf[self.o_dealt] // DEAL_N != observer:
            return self.max_moves
        if actor >= 0 and ph == DISCARD and actor != observer:
            return self.max_moves + 1
        return move

    def scores(self, buf, out):
        p: cython.int
        for p in range(self.players):
            out[p] = buf[self.o_money + p]

    def score_bounds(self, buf, lo, hi):
        return cag_bounds(self, ptr(buf), ptr(lo), ptr(hi))  # the solver's bounds: city_and_guilds_bounds

    def free_words(self, buf, out):
        return cag_free_words(self, ptr(buf), ptr(out))  # the solver's table key: city_and_guilds_bounds

    def move_values(self, buf, seat, moves, n, out):
        return self.policy.values(self, ptr(buf), seat, ptr(moves), n, dptr(out))  # the heuristic: city_and_guilds_policy

    def c_move_values(self, b, seat, moves, n, out):
        return self.policy.values(self, b, seat, moves, n, out)  # the heuristic: city_and_guilds_policy

    # ------------------------------------------------------------ playout
    def rollout(self, buf, rng):
        self._random_steps(ptr(buf), rng, -1)

    def random_steps(self, buf, rng, steps, front):
        """Play ``steps`` moves of the playout (all: -1) and copy its frontier (the
        empty spaces next to a tile, in its own order) into ``front``; return its size.
        For tests: the frontier kept move by move must be ``targets(buf, False)``."""
        nf: cython.int = self._random_steps(ptr(buf), rng, steps)
        i: cython.int
        for i in range(nf):
            front[i] = self.flist[i]
        return nf

    @cython.final
    def _random_steps(self, b, rng, steps):
        """The random playout: uniform over the legal moves of the seat to move (the first
        seat still to choose in DISCARD), chance by the piles' counts.

        A tile may go on an empty space next to a tile (after the setup round): the
        playout keeps that frontier as a list (``flist``, with each space's index in
        ``fpos``) updated by each placement, instead of scanning the board per move, and
        draws a placement or tavern uniformly from it."""
        p: cython.int
        m: cython.int
        ph: cython.int
        seat: cython.int
        nf: cython.int = self.build_frontier(b)
        while b[self.o_phase] != END and steps != 0:
            steps -= 1
            if self.is_chance(b):
                self.apply_chance(b, self.sample_kind(b, rng))
                continue
            ph = b[self.o_phase]
            if ph == DISCARD:
                p = 0
                while b[self.o_pend + p] != 0:
                    p += 1
                seat = p
            else:
                seat = b[self.o_cur]
            m = self._random_move(b, seat, nf, rng)
            self._apply(b, seat, m)
            if ph == SETUP or ph == PLACE:
                nf = self.fill(b, (m // 2) % self.S, nf)
            elif ph == TAVERN_PH and m != self.PASS:
                nf = self.fill(b, m - self.T_BASE, nf)
        return nf

    def random_move(self, buf, seat, rng):
        """The move the playout would play for ``seat`` here (not applied): uniform
        over ``legal(buf, seat)``.  Raises ValueError when there is none."""
        b: cython.p_int = ptr(buf)
        return self._random_move(b, seat, self.build_frontier(b), rng)

    @cython.final
    def _random_move(self, b, seat, nf, rng):
        """A uniform legal move of ``seat``, ``nf`` the size of the frontier list."""
        ph: cython.int = b[self.o_phase]
        n: cython.int
        m: cython.int
        if ph == PLACE and nf > 0 and seat == b[self.o_cur] and not self.is_chance(b):
            m = self.random_placement(b, seat, nf, rng)
            if m >= 0:
                return m
        elif ph == TAVERN_PH and nf > 0 and seat == b[self.o_cur]:
            m = rng_below(rng, nf + 1)  # a frontier space, or decline
            return self.PASS if m == nf else self.T_BASE + self.flist[m]
        n = self._legal(b, seat, self.moves)
        if n == 0:
            raise BrokenState(f"city_and_guilds: seat {seat} has no legal move")  # calls Python: broken state
        return self.moves[rng_below(rng, n)]

    @cython.final
    def build_frontier(self, b):
        """The empty spaces next to a tile into ``flist`` (``fpos``: index, -1 off it)."""
        adj: cython.p_int = self.adj
        nf: cython.int = 0
        sp: cython.int
        d: cython.int
        q: cython.int
        for sp in range(self.S):
            self.fpos[sp] = -1
            if b[self.o_tile + sp] != EMPTY:
                continue
            for d in range(4):
                q = adj[sp * 4 + d]
                if q >= 0 and b[self.o_tile + q] != EMPTY:
                    self.fpos[sp] = nf
                    self.flist[nf] = sp
                    nf += 1
                    break
        return nf

    @cython.final
    def fill(self, b, sp, nf):
        """Update the frontier of ``nf`` spaces after a tile went on ``sp``; return its size."""
        flist: cython.p_int = self.flist
        fpos: cython.p_int = self.fpos
        j: cython.int = fpos[sp]
        d: cython.int
        q: cython.int
        last: cython.int
        if j >= 0:  # swap-remove
            nf -= 1
            last = flist[nf]
            flist[j] = last
            fpos[last] = j
            fpos[sp] = -1
        for d in range(4):
            q = self.adj[sp * 4 + d]
            if q >= 0 and fpos[q] < 0 and b[self.o_tile + q] == EMPTY:
                fpos[q] = nf
                flist[nf] = q
                nf += 1
        return nf

    @cython.final
    def random_placement(self, b, seat, nf, rng):
        """A PLACE move drawn uniformly from the legal ones (-1 when there is none): a
        tile kind in hand and one of its options, on one of the ``nf`` frontier spaces."""
        flist: cython.p_int = self.flist
        k: cython.int
        n: cython.int = 0
        r: cython.int
        c: cython.int
        men: cython.int = b[self.o_men + seat]
        two: cython.bint
        for k in range(NK):
            if b[self.o_hand + seat * NK + k] > 0:
                two = (k == MINSTREL and men >= 1) or (k < 8 and k % 2 == 0 and men >= 2)
                n += 2 * nf if two else nf
        if n == 0:
            return -1
        r = rng_below(rng, n)
        for k in range(NK):
            if b[self.o_hand + seat * NK + k] > 0:
                two = (k == MINSTREL and men >= 1) or (k < 8 and k % 2 == 0 and men >= 2)
                c = 2 * nf if two else nf
                if r < c:
                    if two:
                        return k * 2 * self.S + flist[r // 2] * 2 + r % 2
                    return k * 2 * self.S + flist[r] * 2
                r -= c
        return -1
