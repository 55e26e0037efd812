"""Guildes heuristic: the kernel's ``move_values`` (rollout policy, progressive bias).

A move is worth the votes it moves, read from the rules' own count
(:func:`cython_ext.guildes_count.c_count_votes`, one guild at a time):

* **worth** of a guild for the seat: for this round's count and each count
  still to come (cards stay in front of their owner: a card played in round
  1 is counted three times), the seat's votes for that guild minus the mean
  of the other seats' votes, the counts to come weighted ``FUTURE`` (0.5: the
  others will add cards before then).  This round's count sees the virtual
  cards of the dirty tricks and the event "tied players are not counted".
* **Pick or play a card** (draft, play, trick D's pick): the worth the card
  adds.  The seat's count is its table plus, while drafting, the cards it has
  kept (they are what it will play), or, while playing, its face-down and
  batch cards not yet on the table.  One card often changes nothing (a second
  place needs two to pass a rival), so where the seat can still add a second
  card of that guild (a later pick; a second copy in hand) the move is worth
  the better of one card's gain and half of two cards' gain.
* **Redistribution discard**: minus the worth the card takes away.
* **Dirty trick**: the worth it changes on the guilds it touches (tables
  for swaps, sacrifice and the exchange, counted now and later; a virtual card
  for this count only); the draw (trick D): one card's gain averaged over the
  discard pile; declining 0.

The other seats are read from the tables (public); their kept cards, picks
and pending choices are never read, so the values depend only on what the
seat sees -- except the draw's pile, which holds hidden discards (in a
determinized world they are the world's).

Three exact memos make a rollout's values cheap (session 18: the heuristic's
iterations/s about doubled, with every value and every search the same): a
worth by (round, guild, seat, counts) where the tables are all a count sees,
each one-guild count by (round, guild, counts), and (session 23) a card
move's value by its worth's inputs and whether a second card can follow.
Rollouts ask for the same few again and again (a draft step changes one
seat's count of one guild, and every seat values every guild), so most
lookups hit.

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; the kernel's ``move_values`` delegates here.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

if not cython.compiled:
    from .guildes_count import MAXP, c_count_votes, c_exclude_ties
    from .guildes_rules import DPICK, DRAFT, DRAWD, NOTIES, PLAY, REDIS, SACRIF, SWAPH, SWAPT, TRICK, VIRT
    from .kernel import dptr, ptr

    def wide(x):
        """A count read from a numpy buffer as a Python int (the ``.pxd``'s 64-bit int)."""
        return int(x)

    def memo_slot(key, bits):
        """The ``.pxd``'s slot of a memo key: Fibonacci hashing, the top ``bits`` bits of the product."""
        return ((int(key) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF) >> (64 - bits)

FUTURE = cython.declare(cython.double, 0.5)


def memo_bits(n: cython.int) -> cython.int:
    """Each memo holds ``1 << memo_bits(n)`` entries at ``n`` seats: 32,768 at 3 seats, 65,536
    at 4, 131,072 from 5 (the distinct keys grow with the seats: a 6-player search of 400
    iterations asks 61,622 worths; session 23: 1.03x at 4, 1.05x at 5, 1.15x at 6 over
    32,768, none at 3)."""
    return 15 + max(0, min(2, n - 3))


# The keys' fields never overlap (so a key is its inputs, and the memos exact): round 2 bits,
# flags, guild 6 (at most 64 guilds), seat 3 (at most 8 seats), each count 5 (0-31, else not
# kept); at most 53 bits.


@cython.cclass
class GuildesPolicy:
    """Scratch and code of the heuristic; one per kernel (see the module docstring)."""

    def __init__(self, n: cython.int, G: cython.int) -> None:
        self.cnt = numpy.zeros(max(n, 1), dtype=numpy.intc)
        self.tmp = numpy.zeros(max(n, 1), dtype=numpy.intc)
        self.mark = numpy.zeros(max(n, 1), dtype=numpy.intc)
        self.keyed = n <= 8 and G <= 64  # an edition beyond the keys' fields is counted
        # the memo of one-guild counts (``count``): ``size`` entries and a spare, each
        # [key low 30 bits, key high bits + 1, votes in all, votes per seat], in one cache
        # line; and the memos of worths and of card moves.  A key's high word is never 0, so
        # zeroed memory is empty and its pages are mapped only where a rollout writes (at most
        # 3 MB at 3 seats, 12 MB at 6)
        self.stride = 8 if n <= 5 else 16 if n <= 13 else n + 3
        self.bits = memo_bits(n)
        self.size = 1 << self.bits
        self.memo = numpy.zeros((self.size + 1) * self.stride, dtype=numpy.intc)
        self.wkey = numpy.zeros(2 * self.size, dtype=numpy.intc)
        self.wval = numpy.zeros(self.size, dtype=numpy.float64)
        self.ckey = numpy.zeros(2 * self.size, dtype=numpy.intc)
        self.cval = numpy.zeros(self.size, dtype=numpy.float64)

    def values(self, k, buf, seat, moves, n, out):
        """``out[i]``: the value of ``moves[i]`` for ``seat`` (see the module docstring); returns 1."""
        return self.c_values(k, ptr(buf), seat, ptr(moves), n, dptr(out))

    def c_values(self, k, b, seat, moves, n, out):
        """``values`` on pointers (``GuildesKernel.egreedy_move`` calls it without building
        three memoryview arguments)."""
        i: cython.int
        ph: cython.int = b[k.o_phase]
        rnd: cython.int = b[k.o_round]
        noties: cython.bint = k.c_effect(b) == NOTIES
        if seat < 0 or rnd > 2 or not (ph == DRAFT or ph == PLAY or ph == REDIS or ph == TRICK or ph == DPICK):
            for i in range(n):
                out[i] = 0.0
            return 1
        for i in range(n):
            if ph == TRICK:
                out[i] = self.trick_value(k, b, seat, moves[i], rnd, noties)
            else:
                out[i] = self.card_value(k, b, seat, moves[i], ph, rnd, noties)
        return 1

    def load_guild(self, k, b, g):
        """``cnt``: guild ``g``'s cards on each table."""
        # locals: a store through an int pointer may alias the kernel's int fields, so the C
        # compiler would reload k.n, k.G and k.o_table at every seat
        cnt: cython.p_int = ptr(self.cnt)
        o: cython.int = k.o_table + g
        G: cython.int = k.G
        n: cython.int = k.n
        i: cython.int
        for i in range(n):
            cnt[i] = b[o + i * G]

    def worth(self, k, b, seat, g, rnd, noties, now_only):
        """Guild ``g`` at the counts ``cnt`` for ``seat``: its votes minus the others' mean,
        this round's count and (unless ``now_only``) the later ones weighted ``FUTURE``.

        Kept in ``wkey``/``wval`` by (round, guild, seat, counts) where the tables are all
        the counts see (no virtual card on the guild, no tie event): an exact memo."""
        n: cython.int = k.n
        i: cython.int
        c: cython.int
        key: cython.longlong = wide(rnd) + (wide(now_only) << 2) + (wide(g) << 3) + (wide(seat) << 9)
        h: cython.int
        lo: cython.int
        hi: cython.int
        if noties or not self.keyed:
            return self.worth_counted(k, b, seat, g, rnd, noties, now_only)
        for i in range(n):
            c = self.cnt[i]
            if c < 0 or c > 31 or (k.tr_on and b[k.o_virt + i * k.G + g] != 0):
                return self.worth_counted(k, b, seat, g, rnd, noties, now_only)
            key += wide(c) << (12 + 5 * i)
        h = memo_slot(key, self.bits)
        lo = cython.cast(cython.int, key & 0x3FFFFFFF)
        hi = cython.cast(cython.int, key >> 30) + 1
        if self.wkey[2 * h] != lo or self.wkey[2 * h + 1] != hi:
            self.wval[h] = self.worth_counted(k, b, seat, g, rnd, noties, now_only)
            self.wkey[2 * h] = lo
            self.wkey[2 * h + 1] = hi
        return self.wval[h]

    def worth_counted(self, k, b, seat, g, rnd, noties, now_only):
        """``worth`` from the counts (each one through the count memo)."""
        n: cython.int = k.n
        i: cython.int
        r: cython.int
        e: cython.int
        v: cython.int
        last: cython.int = rnd if now_only else 2
        mil: cython.int = 0 if g == k.militia else -1
        plain: cython.bint = False
        total: cython.double = 0.0
        w: cython.double = 1.0
        for r in range(rnd, last + 1):
            # this round's count sees the virtual cards and the tie event; later ones the tables
            if not plain:
                for i in range(n):
                    self.tmp[i] = self.cnt[i]
                    if r == rnd and k.tr_on:
                        self.tmp[i] += b[k.o_virt + i * k.G + g]
                        if self.tmp[i] < 0:
                            self.tmp[i] = 0
                if r == rnd and noties:
                    c_exclude_ties(ptr(self.tmp), n, 1, mil, ptr(self.mark))
                plain = r > rnd or not (k.tr_on or noties)
            e = self.count(k, r, g) * self.stride
            v = self.memo[e + 3 + seat]
            total += w * (v - (self.memo[e + 2] - v) / (n - 1.0))
            w = FUTURE
        return total

    def count(self, k, r, g):
        """The entry of ``memo`` that holds guild ``g``'s round-``r`` count of ``tmp``.

        A rollout asks for the same few counts again and again (a draft step changes one
        seat's count of one guild; every seat values every guild), so counts are kept in a
        direct-mapped table keyed by (round, guild, counts): an exact memo, since the votes
        depend on nothing else.  Counts outside 0..31 are counted in the spare entry."""
        n: cython.int = k.n
        i: cython.int
        c: cython.int
        key: cython.longlong = wide(r) + (wide(g) << 2)
        h: cython.int
        e: cython.int
        lo: cython.int
        hi: cython.int
        for i in range(n):
            c = self.tmp[i]
            if c < 0 or c > 31 or not self.keyed:
                self.count_into(k, r, g, self.size)
                return self.size
            key += wide(c) << (8 + 5 * i)
        h = memo_slot(key, self.bits)
        e = h * self.stride
        lo = cython.cast(cython.int, key & 0x3FFFFFFF)
        hi = cython.cast(cython.int, key >> 30) + 1
        if self.memo[e] != lo or self.memo[e + 1] != hi:
            self.count_into(k, r, g, h)
            self.memo[e] = lo
            self.memo[e + 1] = hi
        return h

    def count_into(self, k, r, g, e):
        """Guild ``g``'s round-``r`` count of ``tmp`` into entry ``e``: the rules'
        ``c_count_votes`` on a table of one column (its round-``r`` places as round 0's)."""
        n: cython.int = k.n
        i: cython.int
        pg: cython.int = r * k.G + g
        out: cython.int = e * self.stride + 3
        total: cython.int = 0
        mil: cython.int = 0 if g == k.militia else -1
        for i in range(n):
            self.memo[out + i] = 0
        if cython.compiled:
            c_count_votes(ptr(self.tmp), n, 1, 0, mil, k.mvotes, cython.address(k.c_places[pg]),
                          cython.address(k.c_values[pg * MAXP]), cython.address(self.memo[out]))
        else:
            c_count_votes(self.tmp, n, 1, 0, mil, k.mvotes, k.c_places[pg:], k.c_values[pg * MAXP:],
                          self.memo[out:])
        for i in range(n):
            total += self.memo[out + i]
        self.memo[out - 1] = total
        return 0

    def card_value(self, k, b, seat, g, ph, rnd, noties):
        """A card of guild ``g`` picked, played or (``REDIS``) given away by ``seat``.

        Kept in ``ckey``/``cval`` by (round, give-away or not, a later card or not, guild,
        seat, the counts as the move finds them) where the tables are all the counts see:
        an exact memo, as ``worth``'s, one probe where a miss asks ``worth`` two or three
        times.  A draft's picks change no table, so a rollout's draft asks the same again."""
        key: cython.longlong = -1
        h: cython.int
        lo: cython.int
        hi: cython.int
        if self.keyed and not noties:
            key = self.card_key(k, b, seat, g, ph, rnd)
        if key < 0:
            return self.card_counted(k, b, seat, g, ph, rnd, noties)
        h = memo_slot(key, self.bits)
        lo = cython.cast(cython.int, key & 0x3FFFFFFF)
        hi = cython.cast(cython.int, key >> 30) + 1
        if self.ckey[2 * h] != lo or self.ckey[2 * h + 1] != hi:
            self.cval[h] = self.card_counted(k, b, seat, g, ph, rnd, noties)
            self.ckey[2 * h] = lo
            self.ckey[2 * h + 1] = hi
        return self.cval[h]

    def card_key(self, k, b, seat, g, ph, rnd):
        """The card memo's key of ``card_value``'s move, read from the buffer (the counts
        ``load_card`` would load and its flag of a later card), or -1 where the move is not
        kept: a count outside 0..31, or a virtual card on ``g`` (a trick's, this round).

        Read in one pass, without ``load_card``'s stores, since a hit needs no counts: the
        memo's probes are most of a heuristic rollout's steps (session 30)."""
        G: cython.int = k.G
        n: cython.int = k.n
        o: cython.int = k.o_table + g
        ov: cython.int = k.o_virt + g
        tr: cython.bint = k.tr_on
        own: cython.int = self.own_cards(k, b, seat, g, ph)
        more: cython.int = self.later_card(k, b, seat, g, ph)
        i: cython.int
        c: cython.int
        key: cython.longlong
        if ph == REDIS:
            key = wide(rnd) + (1 << 2) + (wide(g) << 4) + (wide(seat) << 10)
        else:
            key = wide(rnd) + (wide(more) << 3) + (wide(g) << 4) + (wide(seat) << 10)
        for i in range(n):
            c = b[o + i * G]
            if c < 0 or c > 31:
                return -1
            key += wide(c) << (13 + 5 * i)
        # the seat's own cards after the pass (counts are never negative, so the seat's count
        # with them is out of range only above)
        if b[o + seat * G] + own > 31:
            return -1
        key += wide(own) << (13 + 5 * seat)
        if tr:
            for i in range(n):
                if b[ov + i * G] != 0:
                    return -1
        return key

    def card_counted(self, k, b, seat, g, ph, rnd, noties):
        """``card_value`` without its memo (the tests' reference)."""
        more: cython.int = self.load_card(k, b, seat, g, ph)
        return self.card_from(k, b, seat, g, ph, rnd, noties, more)

    def load_card(self, k, b, seat, g, ph):
        """``cnt``: guild ``g``'s counts as ``seat``'s card move finds them (``own_cards``
        added to the seat's table); returns ``later_card``."""
        self.load_guild(k, b, g)
        self.cnt[seat] += self.own_cards(k, b, seat, g, ph)
        return self.later_card(k, b, seat, g, ph)

    def own_cards(self, k, b, seat, g, ph):
        """``seat``'s cards of guild ``g`` not on its table that its card move counts: the
        cards it has kept while drafting or redistributing, or, while playing under the
        events, its cards of this step not yet on the table (face down, first of a batch)."""
        own: cython.int = 0
        if ph == DRAFT or ph == REDIS:
            own = b[k.o_kept + seat * k.G + g]
        elif ph == PLAY and k.ev_on:
            if b[k.o_fdown + seat] == g:
                own += 1
            if b[k.o_pending + seat] == g:
                own += 1
        return own

    def later_card(self, k, b, seat, g, ph):
        """1 where ``seat`` can still add a second card of ``g`` after this move (a later
        pick; a second copy in hand, the first of a batch not counted), else 0 (see
        ``card_from``)."""
        more: cython.int = 0
        if ph == DRAFT or ph == REDIS:
            more = 1 if b[k.o_step] + 1 < k.h else 0
        elif ph == PLAY:
            more = b[k.o_kept + seat * k.G + g]
            if k.ev_on and b[k.o_pending + seat] == g:
                more -= 1
            more = 1 if more >= 2 else 0
        return more

    def card_from(self, k, b, seat, g, ph, rnd, noties, more):
        """``card_value`` from the counts ``load_card`` left in ``cnt`` (changes ``cnt``)."""
        base: cython.double
        one: cython.double
        two: cython.double
        base = self.worth(k, b, seat, g, rnd, noties, False)
        if ph == REDIS:
            self.cnt[seat] -= 1
            return self.worth(k, b, seat, g, rnd, noties, False) - base
        self.cnt[seat] += 1
        one = self.worth(k, b, seat, g, rnd, noties, False) - base
        if not more:
            return one
        self.cnt[seat] += 1
        two = (self.worth(k, b, seat, g, rnd, noties, False) - base) * 0.5
        return two if two > one else one

    def change(self, k, b, seat, g, p1, d1, p2, d2, rnd, noties, now_only):
        """The worth for ``seat`` of guild ``g`` gained when seat ``p1``'s count moves by ``d1``
        and ``p2``'s by ``d2`` (``p2`` < 0: none)."""
        base: cython.double
        self.load_guild(k, b, g)
        base = self.worth(k, b, seat, g, rnd, noties, now_only)
        self.cnt[p1] += d1
        if p2 >= 0:
            self.cnt[p2] += d2
        return self.worth(k, b, seat, g, rnd, noties, now_only) - base

    def trick_value(self, k, b, seat, move, rnd, noties):
        """A trick holder's move (the encodings of ``GuildesRules.c_trick_legal``)."""
        n: cython.int = k.n
        G: cython.int = k.G
        kind: cython.int = k.c_trick_kind[b[k.o_trick + seat]]
        m: cython.int = move - 1
        ga: cython.int
        gb: cython.int
        pa: cython.int
        pb: cython.int
        g: cython.int
        i: cython.int
        c: cython.int
        total: cython.int = 0
        acc: cython.double = 0.0
        if move <= 0:
            return 0.0
        if kind == SWAPT:
            gb = m % G
            ga = (m // G) % G
            pb = (m // (G * G)) % n
            pa = m // (G * G * n)
            return (self.change(k, b, seat, ga, pa, -1, pb, 1, rnd, noties, False)
                    + self.change(k, b, seat, gb, pb, -1, pa, 1, rnd, noties, False))
        if kind == SACRIF:
            g = m % G            # the target's guild
            pb = (m // G) % n    # the target
            ga = m // (G * n)    # the seat's sacrificed guild
            if g == ga:
                return self.change(k, b, seat, g, seat, -1, pb, -1, rnd, noties, False)
            return (self.change(k, b, seat, ga, seat, -1, -1, 0, rnd, noties, False)
                    + self.change(k, b, seat, g, pb, -1, -1, 0, rnd, noties, False))
        if kind == SWAPH:
            ga = m // G          # from the hand to the table
            gb = m % G           # from the table to the pile
            return (self.change(k, b, seat, ga, seat, 1, -1, 0, rnd, noties, False)
                    + self.change(k, b, seat, gb, seat, -1, -1, 0, rnd, noties, False))
        if kind == VIRT:
            return self.change(k, b, seat, k.c_trick_guild[b[k.o_trick + seat]], m // 2, -1 if m % 2 else 1,
                               -1, 0, rnd, noties, True)
        if kind == DRAWD:
            for g in range(G):
                # the pile, counted as GuildesKernel.c_pile counts it
                c = b[k.o_pubdisc + g] - b[k.o_drawn + g]
                for i in range(n):
                    c += b[k.o_disc + i * G + g] + b[k.o_tdisc + i * G + g]
                if c > 0:
                    total += c
                    acc += c * self.change(k, b, seat, g, seat, 1, -1, 0, rnd, noties, False)
            return acc / total if total > 0 else 0.0
        return 0.0
