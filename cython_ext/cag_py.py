"""Pure-Python twin of ``cag_c.pyx``: the City and Guilds rules on one buffer.

This is the readable reference; the compiled twin mirrors it line for line
and must consume the random generator identically.

Tile kinds (hand, face-up, supply, board): ``2*g`` building of guild ``g``,
``2*g+1`` market of guild ``g`` (g = 0..3), ``8`` minstrel's house,
``9`` tavern (board only), ``10`` empty.

Move integers (S = number of spaces):

* ``kind*2*S + space*2 + opt`` -- place a tile from hand (kind 0..8).
  Building: opt 0 = one man (none if out of men) and +1 investment,
  opt 1 = two men, no investment.  Market: opt 0 only (+2).
  Minstrel's house: opt 0 = no man, opt 1 = one man.
* ``18*S + space`` -- place a bonus tavern; ``19*S`` -- decline the tavern.
* ``19*S + 1 + slot`` -- draw face-up tile ``slot`` (0..2).
* ``19*S + 4 + kind`` -- setup discard of one of the four dealt tiles.
* chance outcomes are tile kinds (0..8).
"""
from __future__ import annotations

import numpy as np

from cython_ext.kernel import Kernel

NK = 9          # kinds a hand can hold
MINSTREL = 8
TAVERN = 9
EMPTY = 10
NG = 4          # guilds
NFACE = 3
DEAL_N = 4      # tiles dealt to each player at setup

DEAL, DISCARD, SETUP, PLACE, TAVERN_PH, DRAW, END = range(7)

# field order of the buffer; the Game builds its Layout from this list
FIELDS = ("phase", "cur", "stamp", "tavleft", "dealt", "setupleft", "money", "men", "hsize",
          "hand", "known", "pend", "face", "supply", "tile", "mowner", "nmen", "white", "black",
          "done", "inv", "istamp")


def field_shapes(players: int, spaces: int, blocks: int) -> list[tuple[str, int]]:
    """(name, length) of every kernel field, in buffer order."""
    p, s, b = players, spaces, blocks
    lengths = dict(phase=1, cur=1, stamp=1, tavleft=1, dealt=1, setupleft=1, money=p, men=p,
                   hsize=p, hand=p * NK, known=p * NK, pend=p, face=NFACE, supply=NK, tile=s,
                   mowner=s, nmen=s, white=b, black=b, done=b, inv=NG * p, istamp=NG * p)
    return [(name, lengths[name]) for name in FIELDS]


def max_moves_for(spaces: int) -> int:
    return 19 * spaces + 4 + NK


def tri(n: int) -> int:
    return n * (n + 1) // 2


def half_up(v: int) -> int:
    return (v + 1) // 2


class CagKernel(Kernel):
    """City and Guilds kernel.  Edition data arrives as plain ints and arrays.

    ``adj``: S x 4 neighbour spaces (-1 pad); ``block_of``: block per space;
    ``block_first``/``block_spaces``: spaces of block b are
    ``block_spaces[block_first[b]:block_first[b+1]]``; ``totals``: tiles per
    kind 0..8; ``values``: block, market, minstrel, tavern values;
    ``offsets``: start of each field of :data:`FIELDS`.
    """

    def __init__(self, players, size, spaces, blocks, adj, block_of, block_first, block_spaces,
                 totals, men0, taverns, track_max, values, offsets):
        super().__init__(players, size, max_moves_for(spaces))
        self.S = spaces
        self.B = blocks
        self.adj = [int(x) for x in np.asarray(adj).reshape(-1)]
        self.block_of = [int(x) for x in block_of]
        self.block_first = [int(x) for x in block_first]
        self.block_spaces = [int(x) for x in block_spaces]
        self.totals = [int(x) for x in totals]
        self.men0 = int(men0)
        self.taverns = int(taverns)
        self.track_max = int(track_max)
        self.values = [int(x) for x in values]
        o = [int(x) for x in offsets]
        (self.o_phase, self.o_cur, self.o_stamp, self.o_tavleft, self.o_dealt, self.o_setupleft,
         self.o_money, self.o_men, self.o_hsize, self.o_hand, self.o_known, self.o_pend,
         self.o_face, self.o_supply, self.o_tile, self.o_mowner, self.o_nmen, self.o_white,
         self.o_black, self.o_done, self.o_inv, self.o_istamp) = o
        self.T_BASE = 18 * spaces
        self.PASS = 19 * spaces
        self.D_BASE = 19 * spaces + 1
        self.X_BASE = 19 * spaces + 4

    # ------------------------------------------------------------------ setup
    def init(self, buf) -> None:
        """Fill a zeroed buffer with the state before the deal."""
        P = self.players
        buf[self.o_phase] = DEAL
        buf[self.o_tavleft] = self.taverns
        buf[self.o_setupleft] = P
        for p in range(P):
            buf[self.o_men + p] = self.men0
        for i in range(NFACE):
            buf[self.o_face + i] = EMPTY
        for k in range(NK):
            buf[self.o_supply + k] = self.totals[k]
        for s in range(self.S):
            buf[self.o_tile + s] = EMPTY

    # ------------------------------------------------------------------ turn
    def _need_refill(self, buf) -> bool:
        for i in range(NFACE):
            if buf[self.o_face + i] == EMPTY:
                for k in range(NK):
                    if buf[self.o_supply + k] > 0:
                        return True
                return False
        return False

    def to_move(self, buf, out) -> int:
        ph = buf[self.o_phase]
        if ph == END:
            return 0
        if ph == DEAL:
            out[0] = -1
            return 1
        if ph == DISCARD:
            n = 0
            for p in range(self.players):
                if buf[self.o_pend + p] == 0:
                    out[n] = p
                    n += 1
            return n
        if (ph == SETUP or ph == PLACE) and self._need_refill(buf):
            out[0] = -1
            return 1
        out[0] = buf[self.o_cur]
        return 1

    def _is_chance(self, buf) -> bool:
        ph = buf[self.o_phase]
        return ph == DEAL or ((ph == SETUP or ph == PLACE) and self._need_refill(buf))

    def chance(self, buf, outcomes, probs) -> int:
        if not self._is_chance(buf):
            return 0
        kinds = MINSTREL if buf[self.o_phase] == DEAL else NK  # no minstrel in the deal
        total = 0
        for k in range(kinds):
            total += buf[self.o_supply + k]
        n = 0
        for k in range(kinds):
            c = buf[self.o_supply + k]
            if c > 0:
                outcomes[n] = k
                probs[n] = c / total
                n += 1
        return n

    def _sample_kind(self, buf, rng) -> int:
        """The chance outcome used by rollouts: one tile with probability count/total."""
        kinds = MINSTREL if buf[self.o_phase] == DEAL else NK
        total = 0
        for k in range(kinds):
            total += buf[self.o_supply + k]
        r = rng.below(total)
        for k in range(kinds):
            r -= buf[self.o_supply + k]
            if r < 0:
                return k
        return kinds - 1

    # ------------------------------------------------------------ placement
    def _has_neighbour_tile(self, buf, sp) -> bool:
        for d in range(4):
            q = self.adj[sp * 4 + d]
            if q >= 0 and buf[self.o_tile + q] != EMPTY:
                return True
        return False

    def _block_empty(self, buf, b) -> bool:
        for i in range(self.block_first[b], self.block_first[b + 1]):
            if buf[self.o_tile + self.block_spaces[i]] != EMPTY:
                return False
        return True

    def targets(self, buf, setup, out) -> int:
        """Spaces where a tile may go now, ascending."""
        n = 0
        if setup:
            # a new block, not adjacent to any placed tile (the only tiles are in other blocks)
            for sp in range(self.S):
                if buf[self.o_tile + sp] == EMPTY and self._block_empty(buf, self.block_of[sp]) \
                        and not self._has_neighbour_tile(buf, sp):
                    out[n] = sp
                    n += 1
            if n == 0:  # fallback (never on the stand-in map): any space of a new block
                for sp in range(self.S):
                    if buf[self.o_tile + sp] == EMPTY and self._block_empty(buf, self.block_of[sp]):
                        out[n] = sp
                        n += 1
            if n > 0:
                return n
        for sp in range(self.S):
            if buf[self.o_tile + sp] == EMPTY and self._has_neighbour_tile(buf, sp):
                out[n] = sp
                n += 1
        if n == 0:  # empty board: anywhere
            for sp in range(self.S):
                if buf[self.o_tile + sp] == EMPTY:
                    out[n] = sp
                    n += 1
        return n

    def legal(self, buf, seat, out) -> int:
        ph = buf[self.o_phase]
        if ph == END or ph == DEAL or seat < 0 or seat >= self.players:
            return 0
        if ph == DISCARD:
            if buf[self.o_pend + seat] != 0:
                return 0
            n = 0
            for k in range(NK):
                if buf[self.o_hand + seat * NK + k] > 0:
                    out[n] = self.X_BASE + k
                    n += 1
            return n
        if seat != buf[self.o_cur] or self._is_chance(buf):
            return 0
        if ph == DRAW:
            n = 0
            for i in range(NFACE):
                k = buf[self.o_face + i]
                if k == EMPTY:
                    continue
                dup = False
                for j in range(i):
                    if buf[self.o_face + j] == k:
                        dup = True
                if not dup:
                    out[n] = self.D_BASE + i
                    n += 1
            return n
        spaces = [0] * self.S
        ns = self.targets(buf, ph == SETUP, spaces)
        if ph == TAVERN_PH:
            for i in range(ns):
                out[i] = self.T_BASE + spaces[i]
            out[ns] = self.PASS
            return ns + 1
        men = buf[self.o_men + seat]
        n = 0
        for k in range(NK):
            if buf[self.o_hand + seat * NK + k] <= 0:
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

    # ---------------------------------------------------------------- apply
    def apply(self, buf, seat, move) -> None:
        ph = buf[self.o_phase]
        if seat < 0:
            self._apply_chance(buf, move)
        elif ph == DISCARD:
            self._discard(buf, seat, move - self.X_BASE)
        elif ph == DRAW:
            self._draw(buf, seat, move - self.D_BASE)
        elif ph == TAVERN_PH:
            if move == self.PASS:
                self._after_place(buf)
            else:
                self._tavern(buf, move - self.T_BASE)
        else:
            self._place(buf, seat, move)

    def _apply_chance(self, buf, k) -> None:
        buf[self.o_supply + k] -= 1
        if buf[self.o_phase] == DEAL:
            d = buf[self.o_dealt]
            p = d // DEAL_N
            buf[self.o_hand + p * NK + k] += 1
            buf[self.o_hsize + p] += 1
            buf[self.o_dealt] = d + 1
            if d + 1 == DEAL_N * self.players:
                buf[self.o_phase] = DISCARD
            return
        for i in range(NFACE):
            if buf[self.o_face + i] == EMPTY:
                buf[self.o_face + i] = k
                return

    def _discard(self, buf, seat, k) -> None:
        buf[self.o_pend + seat] = k + 1
        for p in range(self.players):
            if buf[self.o_pend + p] == 0:
                return
        for p in range(self.players):  # all chosen: the discards go back among the others
            k = buf[self.o_pend + p] - 1
            buf[self.o_hand + p * NK + k] -= 1
            buf[self.o_hsize + p] -= 1
            buf[self.o_supply + k] += 1
            buf[self.o_pend + p] = 0
        buf[self.o_phase] = SETUP
        buf[self.o_cur] = 0

    def _draw(self, buf, seat, slot) -> None:
        k = buf[self.o_face + slot]
        buf[self.o_face + slot] = EMPTY
        buf[self.o_hand + seat * NK + k] += 1
        buf[self.o_known + seat * NK + k] += 1  # everybody saw which tile was taken
        buf[self.o_hsize + seat] += 1
        self._next_turn(buf)

    def _next_turn(self, buf) -> None:
        buf[self.o_cur] = (buf[self.o_cur] + 1) % self.players
        buf[self.o_phase] = SETUP if buf[self.o_setupleft] > 0 else PLACE

    def _invest(self, buf, g, p, steps) -> None:
        """Move p's cube on guild g; a full space (3 cubes) or the track's end means no gain."""
        base = self.o_inv + g * self.players
        target = buf[base + p] + steps
        if target > self.track_max:
            return
        c = 0
        for q in range(self.players):
            if buf[base + q] == target:
                c += 1
        if c >= 3:
            return
        buf[base + p] = target
        buf[self.o_stamp] += 1
        buf[self.o_istamp + g * self.players + p] = buf[self.o_stamp]

    def _place(self, buf, seat, move) -> None:
        S = self.S
        k = move // (2 * S)
        sp = (move // 2) % S
        opt = move % 2
        buf[self.o_hand + seat * NK + k] -= 1
        buf[self.o_hsize + seat] -= 1
        if buf[self.o_known + seat * NK + k] > 0:
            buf[self.o_known + seat * NK + k] -= 1
        buf[self.o_tile + sp] = k
        men = 0
        if k == MINSTREL:
            men = opt
        elif k % 2 == 0:
            if opt == 1:
                men = 2
            else:
                if buf[self.o_men + seat] > 0:
                    men = 1
                self._invest(buf, k // 2, seat, 1)
        else:
            self._invest(buf, k // 2, seat, 2)
        if men > 0:
            buf[self.o_men + seat] -= men
            buf[self.o_nmen + sp] = men
            buf[self.o_mowner + sp] = seat + 1
            self._update_owner(buf, self.block_of[sp], seat)
        if buf[self.o_phase] == SETUP:
            buf[self.o_setupleft] -= 1
        self._check_complete(buf, self.block_of[sp])

    def _tavern(self, buf, sp) -> None:
        buf[self.o_tile + sp] = TAVERN
        buf[self.o_tavleft] -= 1
        self._check_complete(buf, self.block_of[sp])

    def _check_complete(self, buf, b) -> None:
        if buf[self.o_done + b] == 0:
            full = True
            for i in range(self.block_first[b], self.block_first[b + 1]):
                if buf[self.o_tile + self.block_spaces[i]] == EMPTY:
                    full = False
                    break
            if full:
                buf[self.o_done + b] = 1
                self.score_block(buf, b)
                if buf[self.o_tavleft] > 0 and not self._all_done(buf):
                    buf[self.o_phase] = TAVERN_PH
                    return
        self._after_place(buf)

    def _all_done(self, buf) -> bool:
        for b in range(self.B):
            if buf[self.o_done + b] == 0:
                return False
        return True

    def _after_place(self, buf) -> None:
        if self._all_done(buf):
            self.final_count(buf)
            buf[self.o_phase] = END
            return
        for i in range(NFACE):
            if buf[self.o_face + i] != EMPTY:
                buf[self.o_phase] = DRAW
                return
        self._next_turn(buf)

    # ------------------------------------------------------------ ownership
    def block_counts(self, buf, b, bld, menc) -> int:
        """Buildings with a man and men per player in block b; return players present."""
        for p in range(self.players):
            bld[p] = 0
            menc[p] = 0
        for i in range(self.block_first[b], self.block_first[b + 1]):
            sp = self.block_spaces[i]
            o = buf[self.o_mowner + sp]
            if o > 0:
                bld[o - 1] += 1
                menc[o - 1] += buf[self.o_nmen + sp]
        n = 0
        for p in range(self.players):
            if bld[p] > 0:
                n += 1
        return n

    def _update_owner(self, buf, b, p) -> None:
        """White/black cubes after p put a man in block b: p must surpass to move up."""
        bld = [0] * self.players
        menc = [0] * self.players
        self.block_counts(buf, b, bld, menc)
        w = buf[self.o_white + b] - 1
        k = buf[self.o_black + b] - 1
        if w < 0:
            buf[self.o_white + b] = p + 1
            return
        if p == w:
            return
        if bld[p] > bld[w] or (bld[p] == bld[w] and menc[p] > menc[w]):
            buf[self.o_white + b] = p + 1
            buf[self.o_black + b] = w + 1
            return
        if p == k:
            return
        if k < 0 or bld[p] > bld[k] or (bld[p] == bld[k] and menc[p] > menc[k]):
            buf[self.o_black + b] = p + 1

    # ------------------------------------------------------------- chains
    def chains(self, buf, comp, csize, cmask, cguild) -> int:
        """Label guild chains (connected tiles of one guild across blocks and streets):
        comp[s] = chain id or -1; per chain its size, block bitmask, guild; return count."""
        S = self.S
        for s in range(S):
            comp[s] = -1
        stack = [0] * S
        nc = 0
        for s in range(S):
            k = buf[self.o_tile + s]
            if k >= 8 or comp[s] >= 0:
                continue
            g = k // 2
            comp[s] = nc
            size = 0
            mask = 0
            top = 1
            stack[0] = s
            while top > 0:
                top -= 1
                x = stack[top]
                size += 1
                mask |= 1 << self.block_of[x]
                for d in range(4):
                    q = self.adj[x * 4 + d]
                    if q >= 0 and comp[q] < 0:
                        kq = buf[self.o_tile + q]
                        if kq < 8 and kq // 2 == g:
                            comp[q] = nc
                            stack[top] = q
                            top += 1
            csize[nc] = size
            cmask[nc] = mask
            cguild[nc] = g
            nc += 1
        return nc

    def _rank_track(self, buf, g, order) -> int:
        """Players above 0 on guild g, best first (space, then earlier arrival)."""
        P = self.players
        base = self.o_inv + g * P
        n = 0
        for p in range(P):
            if buf[base + p] > 0:
                order[n] = p
                n += 1
        for i in range(1, n):  # insertion sort, n <= 5
            p = order[i]
            j = i - 1
            while j >= 0 and self._track_before(buf, g, p, order[j]):
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = p
        return n

    def _track_before(self, buf, g, p, q) -> bool:
        P = self.players
        a, b = buf[self.o_inv + g * P + p], buf[self.o_inv + g * P + q]
        if a != b:
            return a > b
        return buf[self.o_istamp + g * P + p] < buf[self.o_istamp + g * P + q]

    def _pay_block_rules(self, buf, value, first, second, third, present) -> None:
        """Block payment: halves rounded up; lone player all; two players +1 each."""
        if present <= 0 or first < 0:
            return
        if present == 1:
            buf[self.o_money + first] += value
            return
        p1 = half_up(value)
        p2 = half_up(p1)
        p3 = half_up(p2)
        if present == 2:
            buf[self.o_money + first] += p1 + 1
            buf[self.o_money + second] += p2 + 1
            return
        buf[self.o_money + first] += p1
        buf[self.o_money + second] += p2
        if third >= 0:
            buf[self.o_money + third] += p3

    def block_value(self, buf, b) -> int:
        v = self.values[0]
        for i in range(self.block_first[b], self.block_first[b + 1]):
            k = buf[self.o_tile + self.block_spaces[i]]
            if k == TAVERN:
                v += self.values[3]
            elif k == MINSTREL:
                v += self.values[2]
            elif k < 8 and k % 2 == 1:
                v += self.values[1]
        return v

    def block_third(self, buf, b, bld, menc) -> int:
        """Third place in block b (-1 when nobody or a tie)."""
        w = buf[self.o_white + b] - 1
        k = buf[self.o_black + b] - 1
        best = -1
        tie = False
        for p in range(self.players):
            if p == w or p == k or bld[p] == 0:
                continue
            if best < 0 or bld[p] > bld[best] or (bld[p] == bld[best] and menc[p] > menc[best]):
                best = p
                tie = False
            elif bld[p] == bld[best] and menc[p] == menc[best]:
                tie = True
        return -1 if tie else best

    def guild_control(self, buf, b) -> int:
        """Guild controlling block b: tiles, then longest chain in/through it, then its blocks;
        -1 when still tied or no guild tile."""
        S = self.S
        comp = [0] * S
        csize = [0] * S
        cmask = [0] * S
        cguild = [0] * S
        self.chains(buf, comp, csize, cmask, cguild)
        cnt = [0] * NG
        clen = [0] * NG
        cblk = [0] * NG
        for i in range(self.block_first[b], self.block_first[b + 1]):
            sp = self.block_spaces[i]
            k = buf[self.o_tile + sp]
            if k < 8:
                g = k // 2
                cnt[g] += 1
                c = comp[sp]
                nb = popcount(cmask[c])
                if csize[c] > clen[g] or (csize[c] == clen[g] and nb > cblk[g]):
                    clen[g] = csize[c]
                    cblk[g] = nb
        best = -1
        tie = False
        for g in range(NG):
            if cnt[g] == 0:
                continue
            if best < 0:
                best = g
                continue
            c = _cmp3(cnt[g], clen[g], cblk[g], cnt[best], clen[best], cblk[best])
            if c > 0:
                best = g
                tie = False
            elif c == 0:
                tie = True
        return -1 if tie else best

    def score_block(self, buf, b) -> None:
        """The two counts of a completed block."""
        P = self.players
        bld = [0] * P
        menc = [0] * P
        present = self.block_counts(buf, b, bld, menc)
        value = self.block_value(buf, b)
        third = self.block_third(buf, b, bld, menc) if present >= 3 else -1
        self._pay_block_rules(buf, value, buf[self.o_white + b] - 1, buf[self.o_black + b] - 1,
                              third, present)
        g = self.guild_control(buf, b)
        if g < 0:
            return
        order = [0] * P
        n = self._rank_track(buf, g, order)
        if n == 1:
            buf[self.o_money + order[0]] += 7
        elif n >= 2:
            buf[self.o_money + order[0]] += 4
            buf[self.o_money + order[1]] += 2
            if n >= 3:
                buf[self.o_money + order[2]] += 1

    def guild_chain_value(self, buf, g) -> int:
        """Final value of guild g: its largest chain's tiles + triangular block bonus."""
        S = self.S
        comp = [0] * S
        csize = [0] * S
        cmask = [0] * S
        cguild = [0] * S
        nc = self.chains(buf, comp, csize, cmask, cguild)
        bestsize = 0
        bestval = 0
        for c in range(nc):
            if cguild[c] != g:
                continue
            v = csize[c] + tri(popcount(cmask[c]))
            if csize[c] > bestsize or (csize[c] == bestsize and v > bestval):
                bestsize = csize[c]
                bestval = v
        return bestval

    def final_count(self, buf) -> None:
        P = self.players
        order = [0] * P
        for g in range(NG):
            v = self.guild_chain_value(buf, g)
            n = self._rank_track(buf, g, order)
            if v > 0 and n > 0:
                self._pay_block_rules(buf, v, order[0], order[1] if n > 1 else -1,
                                      order[2] if n > 2 else -1, n)
        for p in range(P):
            buf[self.o_money + p] -= buf[self.o_men + p]

    # ------------------------------------------------------------ hidden info
    def observe(self, buf, seat) -> None:
        for p in range(self.players):
            if p == seat:
                continue
            for k in range(NK):
                buf[self.o_hand + p * NK + k] = -1
            if buf[self.o_phase] == DISCARD:
                buf[self.o_pend + p] = -1
        for k in range(NK):
            buf[self.o_supply + k] = -1

    def determinize(self, buf, seat, rng) -> None:
        """Deal the unseen tiles: each hand's unknown part is from the setup deal
        (no minstrel); every later tile in a hand was drawn face-up and is known."""
        P = self.players
        pool = [0] * NK
        for k in range(NK):
            pool[k] = self.totals[k] - buf[self.o_hand + seat * NK + k]
        for s in range(self.S):
            k = buf[self.o_tile + s]
            if k < NK:
                pool[k] -= 1
        for i in range(NFACE):
            k = buf[self.o_face + i]
            if k < NK:
                pool[k] -= 1
        for p in range(P):
            if p != seat:
                for k in range(NK):
                    pool[k] -= buf[self.o_known + p * NK + k]
        for p in range(P):
            if p == seat:
                continue
            if buf[self.o_pend + p] < 0:
                buf[self.o_pend + p] = 0
            need = buf[self.o_hsize + p]
            for k in range(NK):
                buf[self.o_hand + p * NK + k] = buf[self.o_known + p * NK + k]
                need -= buf[self.o_known + p * NK + k]
            for _ in range(need):
                total = 0
                for k in range(MINSTREL):
                    total += pool[k]
                r = rng.below(total)
                for k in range(MINSTREL):
                    r -= pool[k]
                    if r < 0:
                        pool[k] -= 1
                        buf[self.o_hand + p * NK + k] += 1
                        break
        for k in range(NK):
            buf[self.o_supply + k] = pool[k]

    def observed_move(self, buf, actor, move, observer) -> int:
        ph = buf[self.o_phase]
        if actor < 0 and ph == DEAL and buf[self.o_dealt] // DEAL_N != observer:
            return self.max_moves
        if actor >= 0 and ph == DISCARD and actor != observer:
            return self.max_moves + 1
        return move

    def scores(self, buf, out) -> None:
        for p in range(self.players):
            out[p] = buf[self.o_money + p]

    # ------------------------------------------------------------ playout
    def rollout(self, buf, rng) -> None:
        moves = [0] * self.max_moves
        while buf[self.o_phase] != END:
            if self._is_chance(buf):
                self._apply_chance(buf, self._sample_kind(buf, rng))
                continue
            if buf[self.o_phase] == DISCARD:
                p = 0
                while buf[self.o_pend + p] != 0:
                    p += 1
                n = self.legal(buf, p, moves)
                self.apply(buf, p, moves[rng.below(n)])
                continue
            seat = buf[self.o_cur]
            n = self.legal(buf, seat, moves)
            self.apply(buf, seat, moves[rng.below(n)])


def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _cmp3(a0, a1, a2, b0, b1, b2) -> int:
    if a0 != b0:
        return 1 if a0 > b0 else -1
    if a1 != b1:
        return 1 if a1 > b1 else -1
    if a2 != b2:
        return 1 if a2 > b2 else -1
    return 0
