"""The Walled City rules kernel: :class:`WalledCityKernel`, the one ``engine/walled_city`` loads.

Built in layers (see :mod:`cython_ext.walled_city_board`): board and
neighbourhoods, vote counting, the rounds as moves, and here hidden
information, chance sampling and random playouts.

Hidden information: each seat's hand (off-colour card included), and the
cards placed face down in defense zones (``zcard``, ``zori``) until the game
ends; the card being placed in the defense-zone step is hidden from the
others; the cards of a Butchers trade from every seat but its two parties
(the log ``bt``: given, returned or taken, the looked-at hand; ``pw_a`` while
the trade is under way).  Public: ``pool`` (per seat, own-colour cards not yet
seen face up = hand + face-down cards, as if no hidden trade had happened),
``offun`` (1 while a seat's off-colour card is unrevealed), and of each trade
who gave to whom, whether the giver looked, both parties' pools and face-down
zones then.  ``determinize`` rebuilds the hidden trades first (a randomized
depth-first search over the log: each given card from the giver's hand then,
each returned card higher, each look only where nothing was higher and matching
the looked-at hand where the observer saw it, every hand never below zero),
then deals each rival's unseen cards, without reading anything ``observe``
hides.

Compiled by Cython (pure-Python mode, declarations in ``walled_city.pxd``)
and run unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from cython_ext.errors import BrokenState
from .kernel import Rng
from .walled_city_bounds import WalledCityBounds
from .walled_city_policy import WalledCityPolicy
from .walled_city_powers import WalledCityPowers

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .kernel import CHANCE, ptr, rng_below, rng_random
    from .walled_city_board import (K, MAXM, MAXO, MAXZ, OWN, P_CHANCE, P_DCARD, P_DZONE, P_END, P_LOC, P_PCHANCE,
                                    P_POWER, P_START)
    from .walled_city_power_board import (DONE, MAXTR, TR_B, TR_DONE, TR_FZG, TR_FZR, TR_G, TR_LK, TR_LKO, TR_LOOK,
                                          TR_R, TR_SG, TR_W, TR_X, W_BUTCHERS)

    globals().update(enum_constants(__file__))


@cython.cclass
class WalledCityKernel(WalledCityPowers):
    """Rules of one configured game (board, player count, guild deck).

    ``WalledCityKernel(players, size, max_moves, offs, topo)``: ``offs`` the
    buffer field offsets, ``topo`` the board (see ``engine/walled_city/game.py``).
    """

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int, offs: dict,
                 topo: dict) -> None:
        super().__init__(players, size, max_moves, offs, topo)
        self.policy = WalledCityPolicy()
        self.bnd = WalledCityBounds()
        if not cython.compiled:  # the fixed C arrays of the .pxd
            self.s_outcomes = [0] * MAXM
            self.s_probs = [0.0] * MAXM
            self.s_moves = [0] * MAXM
            self.s_off = [0] * 3
            self.s_cards = [0] * 48
            self.s_dlt = [0] * (MAXO * OWN)
            self.s_f = [0] * MAXO
            self.s_fz = [0] * MAXO
            self.s_x = [0] * MAXTR
            self.s_r = [0] * MAXTR
            self.s_lk = [0] * (MAXTR * OWN)
            self.s_cand = [0] * (MAXTR * 4 * (OWN + 1))
            self.s_h = [0] * OWN
            self.s_tmp = [0] * OWN

    # -- chance --------------------------------------------------------------------------
    @cython.final
    def sample_chance_(self, b, rng: Rng):
        """Draw one setup outcome with its probability (same RNG use in both modes)."""
        outcomes: cython.p_int = self.s_outcomes
        probs: cython.p_double = self.s_probs
        n: cython.int = self.chance_(b, outcomes, probs)
        i: cython.int
        r: cython.double = rng_random(rng)
        acc: cython.double = 0.0
        for i in range(n):
            acc += probs[i]
            if r < acc:
                return outcomes[i]
        return outcomes[n - 1]

    def sample_chance(self, buf: cython.int[::1], rng: Rng) -> cython.int:
        return self.sample_chance_(ptr(buf), rng)

    # -- hidden information ----------------------------------------------------------------
    def observe(self, buf: cython.int[::1], seat: cython.int) -> None:
        """Mask in place what ``seat`` cannot see: rivals' hands, rivals' face-down defense
        cards until the end, the card a rival is placing."""
        b: cython.p_int = ptr(buf)
        p: cython.int
        k: cython.int
        z: cython.int
        t: cython.int
        for p in range(self.players):
            if p != seat and not self.looking_(b, seat, p):
                for k in range(K):
                    b[self.o_hand + p * K + k] = -1
        if b[self.o_phase] != P_END:
            for z in range(self.nz):
                if b[self.o_zown + z] != 0 and b[self.o_zown + z] != seat + 1:
                    b[self.o_zcard + z] = -1
                    b[self.o_zori + z] = -1
        if b[self.o_phase] == P_DZONE and b[self.o_cur] != seat:
            b[self.o_sel_card] = -1
        for z in range(b[self.o_nbt]):  # Butchers: the cards of trades between two others
            t = self.o_bt + z * TR_W
            if b[t + TR_G] != seat and b[t + TR_R] != seat:
                b[t + TR_X] = -1
                b[t + TR_B] = -1
                b[t + TR_LKO] = -1
                for k in range(OWN):
                    b[t + TR_LK + k] = -1
        if b[self.o_phase] == P_POWER and b[self.o_pw_kind] - 1 == W_BUTCHERS and b[self.o_pw_step] > 0 \
                and seat != b[self.o_cur] and seat != b[self.o_pw_o]:
            b[self.o_pw_a] = -1

    # -- Butchers: the trades a seat did not see ------------------------------------------------
    @cython.final
    def looking_(self, b, seat, p):
        """1 while ``seat`` (a Butcher) looks at seat ``p``'s hand to take a card."""
        return 1 if b[self.o_phase] == P_POWER and b[self.o_pw_kind] - 1 == W_BUTCHERS \
            and b[self.o_pw_step] == 2 and b[self.o_cur] == seat and b[self.o_pw_o] == p else 0

    @cython.final
    def known_off_(self, b, seat, p):
        """The off-colour card ``seat`` saw in rival ``p``'s hand when it looked (never traded, so
        still ``p``'s while unrevealed), -1 if none."""
        i: cython.int
        t: cython.int
        if not self.offcolour or b[self.o_offun + p] != 1:
            return -1
        for i in range(b[self.o_nbt]):
            t = self.o_bt + i * TR_W
            if b[t + TR_G] == seat and b[t + TR_R] == p and b[t + TR_LOOK] and b[t + TR_LKO] >= 0:
                return b[t + TR_LKO]
        return -1

    @cython.final
    def shuffle_(self, a, c, n, rng: Rng):
        """Shuffle ``a[c .. c+n)`` in place."""
        i: cython.int
        r: cython.int
        tmp: cython.int
        for i in range(n - 1, 0, -1):
            r = rng_below(rng, i + 1)
            tmp = a[c + i]
            a[c + i] = a[c + r]
            a[c + r] = tmp

    @cython.final
    def hand_then_(self, b, i, v, out):
        """The own-colour hand of trade ``i``'s giver (``v`` 0) or receiver (1) just before it,
        in the world built so far: its public pool then, the net of the trades before, less its
        face-down card (round 2); 0 if some count would be negative."""
        t: cython.int = self.o_bt + i * TR_W
        p: cython.int = b[t + TR_G + v]
        fz: cython.int = b[t + TR_FZG + v]
        f: cython.int = -1
        k: cython.int
        ok: cython.int = 1
        if fz >= 0:
            f = b[self.o_zcard + fz] - 1 if b[self.o_zcard + fz] > 0 else self.s_f[p]
        for k in range(OWN):
            out[k] = b[t + TR_SG + v * OWN + k] + self.s_dlt[p * OWN + k] - (1 if k == f else 0)
            if out[k] < 0:
                ok = 0
        return ok

    @cython.final
    def bfinal_(self, b, seat):
        """Every rival's unseen cards now (pool + net of the trades, less a chosen face-down card)
        are a multiset."""
        p: cython.int
        k: cython.int
        for p in range(self.players):
            if p != seat:
                for k in range(OWN):
                    if b[self.o_pool + p * OWN + k] + self.s_dlt[p * OWN + k] \
                            - (1 if k == self.s_f[p] else 0) < 0:
                        return 0
        return 1

    @cython.final
    def ahead_(self, b, seat, i, p):
        """After trade ``i``: can seat ``p``'s cards still be non-negative at each of its later
        trades and now?  Later trades change them only by their own cards: a known one exactly,
        an unknown card coming in by at most one of some type (a card going out only lowers
        them, so it is left out: the test never refuses a world that exists).  A dead end then
        shows at once instead of at the bottom of the search."""
        tmp: cython.p_int = self.s_tmp
        j: cython.int
        k: cython.int
        t: cython.int
        v: cython.int
        fz: cython.int
        f: cython.int
        x: cython.int
        slack: cython.int = 0
        short: cython.int
        for k in range(OWN):
            tmp[k] = self.s_dlt[p * OWN + k]
        for j in range(i + 1, b[self.o_nbt] + 1):
            t = self.o_bt + j * TR_W
            if j == b[self.o_nbt]:
                if p == seat:
                    return 1
                f = self.s_f[p]
                v = -1
            elif b[t + TR_G] == p or b[t + TR_R] == p:
                v = 0 if b[t + TR_G] == p else 1
                fz = b[t + TR_FZG + v]
                f = -1
                if fz >= 0:
                    f = b[self.o_zcard + fz] - 1 if b[self.o_zcard + fz] > 0 else self.s_f[p]
            else:
                continue
            if v == 1:                                  # the card coming in first: the receiver
                x = b[t + TR_X]                         # may return the card it was given
                if x >= 0:
                    tmp[x] += 1
                else:
                    slack += 1
            if v >= 0:                                  # the card going out must be there
                x = b[t + (TR_X if v == 0 else TR_B)]
                if x >= 0:
                    tmp[x] -= 1
            short = 0
            for k in range(OWN):
                x = (b[self.o_pool + p * OWN + k] if v < 0 else b[t + TR_SG + v * OWN + k]) + tmp[k] \
                    - (1 if k == f else 0)
                if x < 0:
                    short -= x
            if short > slack:
                return 0
            if v < 0:
                return 1
            if v == 0:                                  # the giver's card coming back
                x = b[t + TR_B]
                if x >= 0:
                    tmp[x] += 1
                elif b[t + TR_DONE]:
                    slack += 1
        return 1

    @cython.final
    def prefer_(self, b, seat, i, p, cand, c, nc):
        """Order the candidates of a card coming to seat ``p`` at trade ``i``: first the types it
        lacks at a later trade or now (its public pool there plus the net so far below zero),
        then the rest, each group keeping its random order.  Only an order: every candidate is
        still tried."""
        need: cython.p_int = self.s_tmp
        j: cython.int
        k: cython.int
        t: cython.int
        v: cython.int
        x: cython.int
        m: cython.int = 0
        for k in range(OWN):
            need[k] = 0
        for j in range(i + 1, b[self.o_nbt] + 1):
            t = self.o_bt + j * TR_W
            if j == b[self.o_nbt]:
                if p == seat:
                    break
                v = -1
            elif b[t + TR_G] == p or b[t + TR_R] == p:
                v = 0 if b[t + TR_G] == p else 1
            else:
                continue
            for k in range(OWN):
                x = (b[self.o_pool + p * OWN + k] if v < 0 else b[t + TR_SG + v * OWN + k]) \
                    + self.s_dlt[p * OWN + k]
                if x < 0:
                    need[k] = 1
        for j in range(nc):
            if need[cand[c + j]]:
                x = cand[c + j]
                cand[c + j] = cand[c + m]
                cand[c + m] = x
                m += 1

    @cython.final
    def bdfs_(self, b, seat, i, v, rng: Rng):
        """Depth-first search in random order for trades agreeing with the view, from trade ``i``'s
        variable ``v``: 0/1 the giver's/receiver's round-1 face-down card (when hidden and not
        yet chosen; ``OWN`` for its off-colour card), 2 the card given, 3 the card that came back.  1 when found (the choices stay
        in ``s_x``, ``s_r``, ``s_lk``, ``s_f`` and the net changes in ``s_dlt``)."""
        cand: cython.p_int = self.s_cand
        h: cython.p_int = self.s_h
        t: cython.int = self.o_bt + i * TR_W
        c: cython.int = (i * 4 + v) * (OWN + 1)
        nc: cython.int = 0
        a: cython.int
        r: cython.int
        p: cython.int
        fz: cython.int
        k: cython.int
        j: cython.int
        x: cython.int
        y: cython.int
        look: cython.int
        hi: cython.int
        if i == b[self.o_nbt]:
            return self.bfinal_(b, seat)
        self.s_nodes += 1
        if self.s_nodes > self.s_budget:  # this attempt went down a dead end: start afresh
            return 0
        a = b[t + TR_G]
        r = b[t + TR_R]
        if v < 2:
            p = a if v == 0 else r
            fz = b[t + TR_FZG + v]
            if fz < 0 or b[self.o_zcard + fz] != -1 or self.s_f[p] >= 0:
                return self.bdfs_(b, seat, i, v + 1, rng)
            for k in range(OWN):
                if b[t + TR_SG + v * OWN + k] + self.s_dlt[p * OWN + k] >= 1:
                    cand[c + nc] = k
                    nc += 1
            if self.offcolour and b[self.o_offun + p] == 1:  # (3 players) its off-colour card there
                cand[c + nc] = OWN
                nc += 1
            self.shuffle_(cand, c, nc, rng)
            self.s_fz[p] = fz
            for j in range(nc):
                self.s_f[p] = cand[c + j]
                if self.ahead_(b, seat, i - 1, p) and self.bdfs_(b, seat, i, v + 1, rng):
                    return 1
            self.s_f[p] = -1
            return 0
        if v == 2:
            if not self.hand_then_(b, i, 1, h) or not self.hand_then_(b, i, 0, h):
                return 0
            x = b[t + TR_X]
            for k in range(OWN):
                if h[k] >= 1 and (x < 0 or k == x):
                    cand[c + nc] = k
                    nc += 1
            self.shuffle_(cand, c, nc, rng)
            if nc > 1 and rng_below(rng, 4) != 0:  # mostly what the receiver will need first
                self.prefer_(b, seat, i, r, cand, c, nc)
            for j in range(nc):
                self.s_x[i] = cand[c + j]
                if self.bdfs_(b, seat, i, 3, rng):
                    return 1
            return 0
        x = self.s_x[i]
        self.hand_then_(b, i, 1, h)
        h[x] += 1
        look = b[t + TR_LOOK]
        hi = 0
        for k in range(OWN):
            if h[k] >= 1 and self.tot_(k) > self.tot_(x):
                hi = 1
        if hi == look:  # a return needs a higher card; a look, none
            return 0
        if look:
            for k in range(OWN):
                if b[t + TR_LK] >= 0 and h[k] != b[t + TR_LK + k]:
                    return 0
                self.s_lk[i * OWN + k] = h[k]
            # a seen hand without its unrevealed off-colour card: that card is in the round-1 zone
            if b[t + TR_LK] >= 0 and r != seat and b[t + TR_FZR] >= 0 and b[self.o_zcard + b[t + TR_FZR]] == -1 \
                    and self.offcolour and b[self.o_offun + r] == 1 \
                    and (self.s_f[r] == OWN) != (b[t + TR_LKO] < 0):
                return 0
        y = b[t + TR_B]
        for k in range(OWN):
            if h[k] >= 1 and (look or self.tot_(k) > self.tot_(x)) and (y < 0 or k == y):
                cand[c + nc] = k
                nc += 1
        self.s_dlt[a * OWN + x] -= 1
        self.s_dlt[r * OWN + x] += 1
        if not b[t + TR_DONE]:  # under way: the card has not come back yet
            self.s_r[i] = -1
            if self.ahead_(b, seat, i, a) and self.ahead_(b, seat, i, r) and self.bdfs_(b, seat, i + 1, 0, rng):
                return 1
        else:
            self.shuffle_(cand, c, nc, rng)
            if nc > 1 and rng_below(rng, 4) != 0:  # mostly what the giver will need first
                self.prefer_(b, seat, i, a, cand, c, nc)
            for j in range(nc):
                y = cand[c + j]
                self.s_r[i] = y
                self.s_dlt[r * OWN + y] -= 1
                self.s_dlt[a * OWN + y] += 1
                if self.ahead_(b, seat, i, a) and self.ahead_(b, seat, i, r) \
                        and self.bdfs_(b, seat, i + 1, 0, rng):
                    return 1
                self.s_dlt[r * OWN + y] += 1
                self.s_dlt[a * OWN + y] -= 1
        self.s_dlt[a * OWN + x] += 1
        self.s_dlt[r * OWN + x] -= 1
        return 0

    @cython.final
    def rebuild_trades_(self, b, seat, rng: Rng):
        """Fill the trade cards ``seat`` did not see (the true trades agree with its view, so
        the search always finds some: 0 only for a view no game can reach)."""
        i: cython.int
        k: cython.int
        t: cython.int
        n: cython.int = b[self.o_nbt]
        for i in range(MAXO):
            self.s_f[i] = -1
            self.s_fz[i] = -1
        for i in range(MAXO * OWN):
            self.s_dlt[i] = 0
        if n == 0:
            return 1
        # random restarts: an early choice can leave a dead end that only a late trade shows
        # (a look, a card played after it was received); a fresh random order is cheaper than
        # searching that subtree out.  The last attempt is unbounded: the true trades exist.
        for i in range(RESTARTS + 1):
            for k in range(MAXO):
                self.s_f[k] = -1
                self.s_fz[k] = -1
            for k in range(MAXO * OWN):
                self.s_dlt[k] = 0
            self.s_nodes = 0
            self.s_budget = BUDGET * n if i < RESTARTS else 1 << 30
            if self.bdfs_(b, seat, 0, 0, rng):
                break
            if i == RESTARTS:
                return 0
        for i in range(n):
            t = self.o_bt + i * TR_W
            b[t + TR_X] = self.s_x[i]
            if b[t + TR_DONE]:
                b[t + TR_B] = self.s_r[i]
            if b[t + TR_LOOK]:
                for k in range(OWN):
                    b[t + TR_LK + k] = self.s_lk[i * OWN + k]

        if b[self.o_phase] == P_POWER and b[self.o_pw_kind] - 1 == W_BUTCHERS and b[self.o_pw_step] > 0:
            b[self.o_pw_a] = self.s_x[n - 1]
        return 1

    def determinize(self, buf: cython.int[::1], seat: cython.int, rng: Rng) -> None:
        """Rebuild the Butchers trades ``seat`` did not see, then deal each rival's unseen cards
        (public pool + net of its trades + an off-colour card among those ``seat`` has not
        seen) at random between their face-down zones (a round-1 card the trades fixed in its
        zone), the card being placed, and their hand; orientations uniform."""
        b: cython.p_int = ptr(buf)
        off: cython.p_int = self.s_off
        cards: cython.p_int = self.s_cards
        noff: cython.int = 0
        used: cython.int = 0
        k: cython.int
        z: cython.int
        i: cython.int
        r: cython.int
        tmp: cython.int
        p: cython.int
        n: cython.int
        x: cython.int
        pos: cython.int
        c: cython.int
        offc: cython.int
        t: cython.int
        seen: cython.bint
        if not self.rebuild_trades_(b, seat, rng):
            raise BrokenState("walled_city: no Butchers trades agree with this view")
        if self.offcolour:
            for k in range(OWN, K):
                seen = b[self.o_hand + seat * K + k] > 0
                for z in range(self.nz):
                    if b[self.o_zcard + z] == k + 1:
                        seen = True
                if b[self.o_phase] == P_DZONE and b[self.o_cur] == seat and b[self.o_sel_card] == k:
                    seen = True
                for p in range(self.players):
                    if p != seat and self.known_off_(b, seat, p) == k:
                        seen = True
                if not seen:
                    off[noff] = k
                    noff += 1
            for i in range(noff - 1, 0, -1):
                r = rng_below(rng, i + 1)
                tmp = off[i]
                off[i] = off[r]
                off[r] = tmp
        for p in range(self.players):
            if p == seat:
                continue
            n = 0
            for k in range(OWN):
                for x in range(b[self.o_pool + p * OWN + k] + self.s_dlt[p * OWN + k]
                               - (1 if k == self.s_f[p] else 0)):
                    cards[n] = k
                    n += 1
            offc = -1
            x = self.known_off_(b, seat, p)
            if b[self.o_offun + p] == 1 and (x >= 0 or used < noff):
                if x >= 0:  # seen when this seat looked at p's hand
                    offc = x
                else:
                    offc = off[used]
                    used += 1
                if self.s_f[p] != OWN:  # else the trades put it in p's round-1 zone
                    cards[n] = offc
                    n += 1
            for i in range(b[self.o_nbt]):  # the off-colour card a look saw, in trades between others
                t = self.o_bt + i * TR_W
                if b[t + TR_R] == p and b[t + TR_LOOK] and b[t + TR_G] != seat:
                    b[t + TR_LKO] = offc if b[t + TR_FZR] < 0 or self.s_f[p] != OWN else -1
            for i in range(n - 1, 0, -1):
                r = rng_below(rng, i + 1)
                tmp = cards[i]
                cards[i] = cards[r]
                cards[r] = tmp
            pos = 0
            for z in range(self.nz):
                if b[self.o_zown + z] == p + 1 and b[self.o_zcard + z] == -1:
                    if z == self.s_fz[p] and self.s_f[p] >= 0:
                        c = self.s_f[p] if self.s_f[p] < OWN else offc
                    else:
                        c = cards[pos]
                        pos += 1
                    b[self.o_zcard + z] = c + 1
                    b[self.o_zori + z] = rng_below(rng, 2) if self.card_a[c] != self.card_b[c] else 0
            if b[self.o_sel_card] == -1 and b[self.o_cur] == p:
                b[self.o_sel_card] = cards[pos]
                pos += 1
            for k in range(K):
                b[self.o_hand + p * K + k] = 0
            while pos < n:
                b[self.o_hand + p * K + cards[pos]] += 1
                pos += 1

    def observed_move(self, buf: cython.int[::1], actor: cython.int, move: cython.int,
                      observer: cython.int) -> cython.int:
        """Hidden for others: the off-colour deal to another seat, the defense card (one code),
        the defense zone (one code per zone, the orientation hidden), and from third seats a
        Butchers trade's cards (one code per step: give, return, take; a skip is public)."""
        ph: cython.int = buf[self.o_phase]
        st: cython.int
        if actor == observer:
            return move
        if ph == P_POWER and buf[self.o_pw_kind] - 1 == W_BUTCHERS and observer != buf[self.o_cur] \
                and observer != buf[self.o_pw_o] and (buf[self.o_pw_step] > 0 or move != DONE):
            st = buf[self.o_pw_step]
            if not cython.compiled:  # a Python int, not a numpy scalar
                st = int(st)
            return self.max_moves + 1 + MAXZ + st  # a card between two others: give, return, take
        if ph == P_CHANCE and self.offcolour and buf[self.o_setup] < self.players \
                and buf[self.o_setup] != observer:
            return self.max_moves
        if ph == P_DCARD:
            return self.max_moves
        if ph == P_DZONE:
            return self.max_moves + 1 + move // 2
        return move

    def scores(self, buf: cython.int[::1], out: cython.int[::1]) -> None:
        p: cython.int
        for p in range(self.players):
            out[p] = buf[self.o_score + p]

    def rank_keys(self, buf: cython.int[::1], out: cython.int[::1]) -> cython.int:
        """Ranking (the kernel contract's rank keys, RANK_KEYS = 4 words per seat): votes,
        then the lowest-numbered round-2 guild ('b' after the same number; -99 without one).
        No rival competes: the neutral colour of a two-player game scores nothing."""
        p: cython.int
        j: cython.int
        g: cython.int
        for p in range(self.players):
            g = buf[self.o_guild + p] - 1
            out[p * 4] = buf[self.o_score + p]  # 4: RANK_KEYS of kernel.pxd
            out[p * 4 + 1] = -self.gkey[g] if g >= 0 else -99
            for j in range(2, 4):
                out[p * 4 + j] = 0
        return self.players

    def score_bounds(self, buf, lo, hi):
        return self.bnd.bounds(self, ptr(buf), ptr(lo), ptr(hi))  # the solver's bounds: walled_city_bounds

    def move_values(self, buf, seat, moves, n, out):
        return self.policy.values(self, buf, seat, moves, n, out)  # the heuristic: walled_city_policy

    # -- playouts ------------------------------------------------------------------------------
    def rollout(self, buf: cython.int[::1], rng: Rng) -> None:
        """Uniformly random moves (and chance) to the end of the game, in place.

        The neighbourhoods of the promote and adjust steps are kept from one move to the next
        (``nbh_``) except after a move that may change a road or a path's sides: setup and
        starting roads, a round-1 construction, anything inside a guild power.

        A decision with no legal move is a broken state: BrokenState (a ValueError), nothing read
        from the unfilled move array."""
        b: cython.p_int = ptr(buf)
        out: cython.p_int = self.s_moves
        seat: cython.int
        n: cython.int
        i: cython.int
        ph: cython.int
        for i in range(MAXM):
            out[i] = 0
        self.s_roll = 1
        self.s_nok = 0
        while b[self.o_phase] != P_END:
            ph = b[self.o_phase]
            if ph == P_CHANCE or ph == P_PCHANCE:
                self.apply_(b, CHANCE, self.sample_chance_(b, rng))
                self.s_nok = 0
            else:
                seat = self.decider_(b)
                n = self.legal_(b, seat, out)
                if n <= 0:
                    self.s_roll = 0
                    raise BrokenState("walled_city: a state that is not over has no legal move")
                # the only moves that write roads or path sides: kept labels go before and after
                if ph == P_START or ph == P_POWER or (ph == P_LOC and b[self.o_round] == 1):
                    self.s_nok = 0
                    self.apply_(b, seat, out[rng_below(rng, n)])
                    self.s_nok = 0
                else:
                    self.apply_(b, seat, out[rng_below(rng, n)])
        self.s_roll = 0
