"""The placement search of a Guildes determinization: hidden-information
layer 3 of 4 (below: :mod:`cython_ext.guildes_draws`; above:
:mod:`cython_ext.guildes_hidden`).

After a redistribution (``c_redistribute``: who gave whom) and in the play
and trick phases, the cards other seats have played, or that trick D drew
from discarded hands, must each take an open pick slot that can supply it:
``c_place_played`` searches such a placement, ``c_candidate`` says whether
a slot can take a card.

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_draws import GuildesDraws

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))
    from .kernel import rng_below


@cython.cclass
class GuildesPlacement(GuildesDraws):
    """The draws plus the search that places played cards into pick slots."""

    def c_redistribute(self, b, seat, rng, nslots):
        """After the redistribution: who gave to whom.

        ``sigma[i]`` is the seat that received seat i's discard: a uniform
        permutation, redrawn while it would give ``seat`` back its own card
        when that is not what it received (``s_sinv`` is its inverse).
        Which pick each other seat gave (``given``) is left open, for
        ``c_place_played`` to choose along with the played cards; ``seat``'s
        own discard, a card it knows, becomes a fixed extra slot of its
        receiver.  Returns the new slot count.
        """
        n: cython.int = self.n
        h: cython.int = self.h
        mine: cython.int = b[self.o_rdisc + seat]
        got: cython.int = b[self.o_rrecv + seat]
        i: cython.int
        j: cython.int
        tmp: cython.int
        sigma: cython.p_int = self.s_sigma
        while True:
            for i in range(n):
                sigma[i] = i
            for i in range(n - 1, 0, -1):
                j = rng_below(rng, i + 1)
                tmp = sigma[i]
                sigma[i] = sigma[j]
                sigma[j] = tmp
            if sigma[seat] != seat or mine == got:
                break
        for i in range(n):
            self.s_sinv[sigma[i]] = i
            self.s_given[i] = -1
        if sigma[seat] != seat:
            self.s_slot_t[nslots] = h
            self.s_slot_src[nslots] = FIXED
            self.s_slot_card[nslots] = -1
            self.s_slot_own[nslots] = sigma[seat]
            nslots += 1
        return nslots

    def c_can_supply(self, src, g, fixed):
        """Whether a slot with source ``src`` can still take card ``g``."""
        if src == FIXED:
            return g == fixed
        if src < 0:
            return self.s_pool[g] > 0
        return self.s_seg[src * self.G + g] > 0

    @cython.final
    def c_candidate(self, j, item, g, fixed, redealt):
        """Can slot ``j`` take card ``g`` for ``item``?  0 no; 1 as a pick
        the seat still holds; 2 as the pick its giver gave away (which then
        becomes the giver's ``given`` slot).  ``item`` < n is a seat that
        played ``g``; n + q is "seat q gave the card the determinizing seat
        received"; 2n is "some seat that had discarded its hand when D drew
        held ``g``" (a card trick D drew)."""
        n: cython.int = self.n
        h: cython.int = self.h
        o: cython.int
        q: cython.int
        if self.s_slot_card[j] >= 0 or not self.c_can_supply(self.s_slot_src[j], g, fixed):
            return 0
        if item == 2 * n:
            # a card trick D drew: a pick of any seat that had discarded its hand before D
            o = self.s_slot_own[j]
            if not self.s_done[o]:
                return 0
            if not redealt or self.s_slot_t[j] == h or j != self.s_given[o] or self.s_sigma[o] == o:
                return 1
            return 0
        if item >= n:
            q = item - n
            if self.s_slot_own[j] == q and self.s_slot_t[j] < h and self.s_given[q] < 0:
                return 2
            return 0
        o = item
        if self.s_slot_own[j] == o:
            if not redealt or self.s_slot_t[j] == h or j != self.s_given[o] or self.s_sigma[o] == o:
                return 1
            return 0
        if redealt:
            q = self.s_sinv[o]
            if q != o and self.s_slot_own[j] == q and self.s_slot_t[j] < h and self.s_sigma[q] != q:
                if self.s_given[q] == j or self.s_given[q] < 0:
                    return 2
        return 0

    def c_place_played(self, b, seat, rng, nslots, redealt):
        """Give each card another seat played this round a slot of that seat.

        After a redistribution a seat's hand is its picks but the one it gave
        away, plus the one it received: a played card may take the pick its
        giver gave (fixing that giver's ``given``), and the giver of the card
        the determinizing seat received must have given a pick that can hold
        it.  A depth-first search, most constrained card first, trying slots
        from a random starting point, so that a consistent placement is found
        whenever one exists within the budget (0 otherwise: the caller
        restarts).  Then each giver still open gives a uniformly chosen pick
        that no played card took.
        """
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        items: cython.int = 0
        fixed: cython.int = b[self.o_rdisc + seat] if self.ev_on else -1
        o: cython.int
        g: cython.int
        q: cython.int
        cnt: cython.int
        j: cython.int
        a: cython.int
        kk: cython.int
        tmp: cython.int
        d: cython.int
        budget: cython.int
        found: cython.int
        kind: cython.int
        best: cython.int
        bestc: cython.int
        ties: cython.int
        slot_src: cython.p_int = self.s_slot_src
        slot_card: cython.p_int = self.s_slot_card
        slot_own: cython.p_int = self.s_slot_own
        slot_t: cython.p_int = self.s_slot_t
        given: cython.p_int = self.s_given
        pool: cython.p_int = self.s_pool
        seg: cython.p_int = self.s_seg
        item_o: cython.p_int = self.s_item_o
        item_g: cython.p_int = self.s_item_g
        item_c: cython.p_int = self.s_item_c
        chosen: cython.p_int = self.s_chosen
        setg: cython.p_int = self.s_setg
        start: cython.p_int = self.s_start
        tried: cython.p_int = self.s_tried
        for o in range(n):
            self.s_done[o] = o != seat and self.tr_on and self.c_before_draw(b, o)
        for g in range(G):
            for q in range(self.s_extra[seat * G + g]):
                item_o[items] = 2 * n
                item_g[items] = g
                items += 1
        if not redealt:
            for o in range(n):
                given[o] = -1
        else:
            q = self.s_sinv[seat]
            if q != seat:
                item_o[items] = n + q
                item_g[items] = b[self.o_rrecv + seat]
                items += 1
        for o in range(n):
            if o == seat:
                continue
            for g in range(G):
                for q in range(b[self.o_played + o * G + g] + self.s_extra[o * G + g]):
                    item_o[items] = o
                    item_g[items] = g
                    items += 1
        for a in range(items):
            cnt = 0
            for j in range(nslots):
                if self.c_candidate(j, item_o[a], item_g[a], fixed, redealt):
                    cnt += 1
            if cnt == 0:
                return 0
            item_c[a] = cnt
        # most constrained first (a stable insertion sort)
        for a in range(1, items):
            kk = a
            while kk > 0 and item_c[kk - 1] > item_c[kk]:
                tmp = item_o[kk - 1]
                item_o[kk - 1] = item_o[kk]
                item_o[kk] = tmp
                tmp = item_g[kk - 1]
                item_g[kk - 1] = item_g[kk]
                item_g[kk] = tmp
                tmp = item_c[kk - 1]
                item_c[kk - 1] = item_c[kk]
                item_c[kk] = tmp
                kk -= 1
        for a in range(items):
            chosen[a] = -1
            setg[a] = -1
            start[a] = 0
            tried[a] = 0
        d = 0
        if items > 0:
            start[0] = rng_below(rng, nslots)
        budget = DFS_BUDGET
        while 0 <= d < items:
            budget -= 1
            if budget == 0:
                return 0
            g = item_g[d]
            if chosen[d] >= 0:  # undo the previous choice at this level
                j = chosen[d]
                slot_card[j] = -1
                if slot_src[j] == -1:
                    pool[g] += 1
                elif slot_src[j] >= 0:
                    seg[slot_src[j] * G + g] += 1
                if setg[d] >= 0:
                    given[setg[d]] = -1
                    setg[d] = -1
                chosen[d] = -1
            if chosen[d] < 0 and tried[d] == 0:
                # entering this level afresh: the open item with the fewest
                # candidate slots now goes here; none left for one: back up
                # (ties broken at random, so that restarts explore different orders)
                best = -1
                bestc = nslots + 1
                ties = 0
                for a in range(d, items):
                    cnt = 0
                    for j in range(nslots):
                        if self.c_candidate(j, item_o[a], item_g[a], fixed, redealt):
                            cnt += 1
                    if cnt < bestc:
                        bestc = cnt
                        best = a
                        ties = 1
                        if cnt == 0:
                            break
                    elif cnt == bestc:
                        ties += 1
                        if rng_below(rng, ties) == 0:
                            best = a
                if bestc == 0:
                    d -= 1
                    continue
                tmp = item_o[d]
                item_o[d] = item_o[best]
                item_o[best] = tmp
                tmp = item_g[d]
                item_g[d] = item_g[best]
                item_g[best] = tmp
                g = item_g[d]
            found = -1
            kind = 0
            while tried[d] < nslots:
                j = (start[d] + tried[d]) % nslots
                tried[d] += 1
                kind = self.c_candidate(j, item_o[d], g, fixed, redealt)
                if kind:
                    found = j
                    break
            if found < 0:
                tried[d] = 0
                d -= 1
                continue
            chosen[d] = found
            slot_card[found] = g
            if slot_src[found] == -1:
                pool[g] -= 1
            elif slot_src[found] >= 0:
                seg[slot_src[found] * G + g] -= 1
            if kind == 2:
                q = slot_own[found]
                given[q] = found
                setg[d] = q
            d += 1
            if d < items:
                start[d] = rng_below(rng, nslots)
                tried[d] = 0
        if d != items:
            return 0
        if redealt:
            # each giver still open gives a pick no played card took (any pick
            # when its discard came back to it), uniformly
            for o in range(n):
                if o == seat or given[o] >= 0:
                    continue
                cnt = 0
                for j in range(nslots):
                    if slot_own[j] == o and slot_t[j] < h and (slot_card[j] < 0 or self.s_sigma[o] == o):
                        cnt += 1
                if cnt == 0:
                    return 0
                a = rng_below(rng, cnt)
                for j in range(nslots):
                    if slot_own[j] == o and slot_t[j] < h and (slot_card[j] < 0 or self.s_sigma[o] == o):
                        if a == 0:
                            given[o] = j
                            break
                        a -= 1
            for o in range(n):
                if o != seat:
                    slot_own[given[o]] = self.s_sigma[o]
        return 1
