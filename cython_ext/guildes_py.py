"""Pure-Python twin of ``guildes_c.pyx``: the Guildes rules on one int32 buffer.

The readable reference.  The compiled twin follows it line by line and must
consume the random generator identically, so that both give the same states.

Buffer fields (offsets come from the engine's Layout, see engine/guildes/game.py):

    round, phase, step       round 0..2; phase below; step = deal index, pick
                             index t or play index u within the phase
    event, dir, used         this round's event card, passing direction
                             (+1: to seat i+1, -1: to seat i-1), used events
    score[n]                 votes so far
    deck[G]                  undealt cards per guild (hidden)
    discarded[n,G]           unplayed cards each seat discarded (own: known)
    table[n,G]               cards in front of each seat (public)
    played[n,G]              cards played this round (public; part of table)
    kept[n,G]                cards picked this round and not played (own: known)
    pending[n]               a seat's hidden choice at a simultaneous step, -1 none
    picks[n,h]               guild picked by each seat at pick t (own: known)
    hist[h,n,G]              content of packet p before pick t (a seat sees
                             the rows of the packets it held: its memory)

Packet p is held at pick t by seat (p + dir * t) mod n.
"""
from __future__ import annotations

import numpy as np

from cython_ext.kernel_py import Kernel, Rng  # noqa: F401  (Rng re-exported)

EVENT, DEAL, DRAFT, PLAY, OVER = 0, 1, 2, 3, 4
MAXP = 4  # most places paid for one guild (Alchemists in round 3)
RESTARTS = 10000


def count_votes(table, n: int, G: int, rnd: int, militia: int, mvotes: int, places, values, out) -> None:
    """Add the votes of one count to ``out[n]``.

    ``table[n*G]`` card counts; ``places[3*G]`` how many places each guild
    pays in each round; ``values[(3*G)*MAXP]`` the votes of each place.
    Tied players share the values of the places they occupy, rounded down;
    places beyond the guild's last pay nothing; one card is needed to score.
    """
    for g in range(G):
        if g == militia:
            for i in range(n):
                out[i] += mvotes * table[i * G + g]
            continue
        npl = places[rnd * G + g]
        vbase = (rnd * G + g) * MAXP
        pos = 0
        level = 1 << 30
        while pos < npl:
            # next lower card count held by anyone
            best = 0
            for i in range(n):
                c = table[i * G + g]
                if best < c < level:
                    best = c
            if best == 0:
                break
            m = 0
            for i in range(n):
                if table[i * G + g] == best:
                    m += 1
            total = 0
            for q in range(pos, min(pos + m, npl)):
                total += values[vbase + q]
            share = total // m
            for i in range(n):
                if table[i * G + g] == best:
                    out[i] += share
            pos += m
            level = best


class GuildesKernel(Kernel):
    """Guildes base game.  ``cfg`` holds the layout offsets and edition arrays."""

    def __init__(self, cfg: dict) -> None:
        n, G, h = cfg["players"], cfg["guilds"], cfg["dealt"]
        super().__init__(n, cfg["size"], G)
        self.n, self.G, self.h, self.k = n, G, h, cfg["played"]
        self.militia = cfg["militia"]
        self.mvotes = cfg["militia_votes"]
        self.nevents = cfg["nevents"]
        self.total = np.ascontiguousarray(cfg["total"], dtype=np.intc)
        self.places = np.ascontiguousarray(cfg["places"], dtype=np.intc)
        self.values = np.ascontiguousarray(cfg["values"], dtype=np.intc)
        self.event_dir = np.ascontiguousarray(cfg["event_dir"], dtype=np.intc)
        o = cfg["offsets"]
        self.o_round, self.o_phase, self.o_step = o["round"], o["phase"], o["step"]
        self.o_event, self.o_dir, self.o_used = o["event"], o["dir"], o["used"]
        self.o_score, self.o_deck, self.o_disc = o["score"], o["deck"], o["discarded"]
        self.o_table, self.o_played, self.o_kept = o["table"], o["played"], o["kept"]
        self.o_pending, self.o_picks, self.o_hist = o["pending"], o["picks"], o["hist"]

    # -- helpers ------------------------------------------------------------
    def holder(self, buf, p: int, t: int) -> int:
        return (p + buf[self.o_dir] * t) % self.n

    def packet_of(self, buf, seat: int, t: int) -> int:
        return (seat - buf[self.o_dir] * t) % self.n

    # -- turn ---------------------------------------------------------------
    def to_move(self, buf, out) -> int:
        phase = buf[self.o_phase]
        if phase == EVENT or phase == DEAL:
            out[0] = -1
            return 1
        if phase == OVER:
            return 0
        c = 0
        for i in range(self.n):
            if buf[self.o_pending + i] < 0:
                out[c] = i
                c += 1
        return c

    def legal(self, buf, seat: int, out) -> int:
        phase = buf[self.o_phase]
        G = self.G
        if phase == DRAFT:
            t = buf[self.o_step]
            base = self.o_hist + (t * self.n + self.packet_of(buf, seat, t)) * G
        elif phase == PLAY:
            base = self.o_kept + seat * G
        else:
            return 0
        c = 0
        for g in range(G):
            if buf[base + g] > 0:
                out[c] = g
                c += 1
        return c

    def chance(self, buf, outcomes, probs) -> int:
        phase = buf[self.o_phase]
        c = 0
        if phase == EVENT:
            free = 0
            for e in range(self.nevents):
                if not (buf[self.o_used] >> e) & 1:
                    free += 1
            for e in range(self.nevents):
                if not (buf[self.o_used] >> e) & 1:
                    outcomes[c] = e
                    probs[c] = 1.0 / free
                    c += 1
        elif phase == DEAL:
            left = 0
            for g in range(self.G):
                left += buf[self.o_deck + g]
            for g in range(self.G):
                if buf[self.o_deck + g] > 0:
                    outcomes[c] = g
                    probs[c] = buf[self.o_deck + g] / left
                    c += 1
        return c

    def sample_chance(self, buf, rng) -> int:
        phase = buf[self.o_phase]
        if phase == EVENT:
            free = 0
            for e in range(self.nevents):
                if not (buf[self.o_used] >> e) & 1:
                    free += 1
            r = rng.below(free)
            for e in range(self.nevents):
                if not (buf[self.o_used] >> e) & 1:
                    if r == 0:
                        return e
                    r -= 1
            return -1
        left = 0
        for g in range(self.G):
            left += buf[self.o_deck + g]
        r = rng.below(left)
        for g in range(self.G):
            r -= buf[self.o_deck + g]
            if r < 0:
                return g
        return -1

    def apply(self, buf, seat: int, move: int) -> None:
        phase = buf[self.o_phase]
        if phase == EVENT:
            buf[self.o_event] = move
            buf[self.o_dir] = self.event_dir[move]
            buf[self.o_used] |= 1 << move
            buf[self.o_phase] = DEAL
            buf[self.o_step] = 0
            return
        if phase == DEAL:
            j = buf[self.o_step]
            p = j // self.h
            buf[self.o_deck + move] -= 1
            buf[self.o_hist + p * self.G + move] += 1
            j += 1
            buf[self.o_step] = j
            if j == self.n * self.h:
                buf[self.o_phase] = DRAFT
                buf[self.o_step] = 0
            return
        buf[self.o_pending + seat] = move
        for i in range(self.n):
            if buf[self.o_pending + i] < 0:
                return
        if phase == DRAFT:
            self._resolve_picks(buf)
        else:
            self._resolve_plays(buf)

    def _resolve_picks(self, buf) -> None:
        n, G, h = self.n, self.G, self.h
        t = buf[self.o_step]
        for i in range(n):
            g = buf[self.o_pending + i]
            p = self.packet_of(buf, i, t)
            src = self.o_hist + (t * n + p) * G
            if t + 1 < h:
                dst = self.o_hist + ((t + 1) * n + p) * G
                for x in range(G):
                    buf[dst + x] = buf[src + x]
                buf[dst + g] -= 1
            buf[self.o_picks + i * h + t] = g
            buf[self.o_kept + i * G + g] += 1
            buf[self.o_pending + i] = -1
        t += 1
        if t == h:
            buf[self.o_phase] = PLAY
            buf[self.o_step] = 0
        else:
            buf[self.o_step] = t

    def _resolve_plays(self, buf) -> None:
        n, G = self.n, self.G
        for i in range(n):
            g = buf[self.o_pending + i]
            buf[self.o_kept + i * G + g] -= 1
            buf[self.o_table + i * G + g] += 1
            buf[self.o_played + i * G + g] += 1
            buf[self.o_pending + i] = -1
        u = buf[self.o_step] + 1
        buf[self.o_step] = u
        if u == self.k:
            self._end_round(buf)

    def _end_round(self, buf) -> None:
        n, G, h = self.n, self.G, self.h
        for i in range(n * G):
            buf[self.o_disc + i] += buf[self.o_kept + i]
            buf[self.o_kept + i] = 0
            buf[self.o_played + i] = 0
        votes = np.zeros(n, dtype=np.intc)
        count_votes(buf[self.o_table:self.o_table + n * G], n, G, buf[self.o_round],
                    self.militia, self.mvotes, self.places, self.values, votes)
        for i in range(n):
            buf[self.o_score + i] += votes[i]
        for i in range(n * h):
            buf[self.o_picks + i] = -1
        for i in range(h * n * G):
            buf[self.o_hist + i] = 0
        buf[self.o_step] = 0
        r = buf[self.o_round] + 1
        buf[self.o_round] = r
        buf[self.o_phase] = OVER if r == 3 else EVENT

    def scores(self, buf, out) -> None:
        for i in range(self.n):
            out[i] = buf[self.o_score + i]

    def observed_move(self, buf, actor: int, move: int, observer: int) -> int:
        if actor < 0 or actor == observer:
            return move
        return self.max_moves  # picks and face-down plays are hidden until revealed

    # -- hidden information -------------------------------------------------
    def observe(self, buf, seat: int) -> None:
        n, G, h = self.n, self.G, self.h
        for g in range(G):
            buf[self.o_deck + g] = -1
        for i in range(n):
            if i == seat:
                continue
            buf[self.o_pending + i] = -1
            for g in range(G):
                buf[self.o_disc + i * G + g] = -1
                buf[self.o_kept + i * G + g] = -1
            for t in range(h):
                buf[self.o_picks + i * h + t] = -1
        for t in range(h):
            for p in range(n):
                if self.holder(buf, p, t) != seat:
                    for g in range(G):
                        buf[self.o_hist + (t * n + p) * G + g] = -1

    def _rows_seen(self, buf) -> int:
        """How many hist rows exist now (picks made so far, plus the current hand)."""
        phase = buf[self.o_phase]
        if phase == DRAFT:
            return buf[self.o_step] + 1
        if phase == PLAY:
            return self.h
        if phase == DEAL:
            return 1
        return 0

    def determinize(self, buf, seat: int, rng) -> None:
        """Fill a view of ``seat``.  See docs/games/guildes.md, "Determinization".

        Each unknown pick of another seat is a *slot* whose card can only come
        from one source: the cards that vanished from a packet between two of
        ``seat``'s sightings of it, what was left after its last sighting,
        or -- before its first sighting and for packets it never held -- the
        pool of cards ``seat`` has not seen.  During the play phase the cards
        a seat has played are placed first, each into a slot of that seat
        whose source can supply it; then every open slot draws uniformly from
        its source in the order the picks were made (a dead end restarts).
        """
        work = np.array(buf, dtype=np.intc)
        for _ in range(RESTARTS):
            buf[:] = work
            if self._fill(buf, seat, rng):
                return
        raise RuntimeError("guildes determinize: no consistent deal found")

    def _fill(self, buf, seat: int, rng) -> int:
        n, G, h = self.n, self.G, self.h
        phase = buf[self.o_phase]
        rnd = buf[self.o_round]
        rows = self._rows_seen(buf)
        t_cur = buf[self.o_step] if phase == DRAFT else (h if phase == PLAY else 0)
        dirn = buf[self.o_dir]
        # the pool of cards seat has not seen: all minus public tables of past
        # rounds, its own discards, and the first sighting of every packet
        pool = np.zeros(G, dtype=np.intc)
        for g in range(G):
            c = self.total[g] - buf[self.o_disc + seat * G + g]
            for i in range(n):
                c -= buf[self.o_table + i * G + g] - buf[self.o_played + i * G + g]
            pool[g] = c
        first = np.full(n, -1, dtype=np.intc)
        for p in range(n):
            for t in range(rows):
                if (p + dirn * t) % n == seat:
                    first[p] = t
                    break
            if first[p] >= 0:
                base = self.o_hist + (first[p] * n + p) * G
                for g in range(G):
                    pool[g] -= buf[base + g]
        # slots: (t, p) picks of other seats; source -1 = pool, else a segment
        # id = t * n + p of the sighting that opened it
        nslots = 0
        slot_t = np.zeros(h * n, dtype=np.intc)
        slot_p = np.zeros(h * n, dtype=np.intc)
        slot_src = np.zeros(h * n, dtype=np.intc)
        slot_card = np.zeros(h * n, dtype=np.intc)
        seg = np.zeros(h * n * G, dtype=np.intc)
        last = np.full(n, -1, dtype=np.intc)
        for t in range(t_cur):
            for p in range(n):
                o = (p + dirn * t) % n
                if o == seat:
                    last[p] = t
                    # the segment after this sighting: seen minus own pick minus next sighting
                    sid = t * n + p
                    base = self.o_hist + sid * G
                    for g in range(G):
                        seg[sid * G + g] = buf[base + g]
                    seg[sid * G + buf[self.o_picks + seat * h + t]] -= 1
                    if t + n < rows:
                        nb = self.o_hist + ((t + n) * n + p) * G
                        for g in range(G):
                            seg[sid * G + g] -= buf[nb + g]
                    continue
                slot_t[nslots] = t
                slot_p[nslots] = p
                slot_src[nslots] = -1 if last[p] < 0 else last[p] * n + p
                slot_card[nslots] = -1
                nslots += 1
        # played cards first, into slots of their player that can supply them
        for o in range(n):
            if o == seat:
                continue
            for g in range(G):
                for _ in range(buf[self.o_played + o * G + g]):
                    cnt = 0
                    for j in range(nslots):
                        if slot_card[j] < 0 and (slot_p[j] + dirn * slot_t[j]) % n == o:
                            src = slot_src[j]
                            if (pool[g] if src < 0 else seg[src * G + g]) > 0:
                                cnt += 1
                    if cnt == 0:
                        return 0
                    r = rng.below(cnt)
                    for j in range(nslots):
                        if slot_card[j] < 0 and (slot_p[j] + dirn * slot_t[j]) % n == o:
                            src = slot_src[j]
                            if (pool[g] if src < 0 else seg[src * G + g]) > 0:
                                if r == 0:
                                    slot_card[j] = g
                                    if src < 0:
                                        pool[g] -= 1
                                    else:
                                        seg[src * G + g] -= 1
                                    break
                                r -= 1
        # every other slot, in the order the picks were made
        for j in range(nslots):
            if slot_card[j] >= 0:
                continue
            src = slot_src[j]
            if src < 0:
                g = self._draw_plain(pool, 0, rng)
                pool[g] -= 1
            else:
                g = self._draw_plain(seg, src * G, rng)
                seg[src * G + g] -= 1
            slot_card[j] = g
        # initial packets: first sighting plus the pool picks before it; packets
        # never sighted are all pool (their unpicked rest too, while drafting)
        initial = np.zeros(n * G, dtype=np.intc)
        for p in range(n):
            if first[p] >= 0:
                base = self.o_hist + (first[p] * n + p) * G
                for g in range(G):
                    initial[p * G + g] = buf[base + g]
        for j in range(nslots):
            if slot_src[j] < 0:
                initial[slot_p[j] * G + slot_card[j]] += 1
            o = (slot_p[j] + dirn * slot_t[j]) % n
            buf[self.o_picks + o * h + slot_t[j]] = slot_card[j]
        if phase == DRAFT:
            for p in range(n):
                if first[p] < 0:
                    for _ in range(h - t_cur):
                        g = self._draw_plain(pool, 0, rng)
                        pool[g] -= 1
                        initial[p * G + g] += 1
        for i in range(n):
            if i != seat:
                buf[self.o_pending + i] = -1
        if phase == EVENT or phase == OVER:
            for i in range(n):
                if i != seat:
                    for g in range(G):
                        buf[self.o_kept + i * G + g] = 0
            for x in range(h * n * G):
                buf[self.o_hist + x] = 0
        elif phase == DEAL:
            # the seat's own packet so far is visible; others' dealt cards unknown
            dealt = buf[self.o_step]
            full, part = dealt // h, dealt % h
            for p in range(n):
                if p == seat:
                    continue
                cnt = h if p < full else (part if p == full else 0)
                base = self.o_hist + p * G
                for g in range(G):
                    buf[base + g] = 0
                for _ in range(cnt):
                    g = self._draw_plain(pool, 0, rng)
                    pool[g] -= 1
                    buf[base + g] += 1
                for g in range(G):
                    buf[self.o_kept + p * G + g] = 0
            for x in range(n * G, h * n * G):
                buf[self.o_hist + x] = 0
        else:
            self._rebuild_rounds(buf, seat, initial, t_cur, phase)
        # the rest of the pool: other seats' discards of past rounds, then the deck
        per = (h - self.k) * rnd
        for i in range(n):
            if i == seat:
                continue
            for g in range(G):
                buf[self.o_disc + i * G + g] = 0
            for _ in range(per):
                g = self._draw_plain(pool, 0, rng)
                pool[g] -= 1
                buf[self.o_disc + i * G + g] += 1
        for g in range(G):
            buf[self.o_deck + g] = pool[g]
        return 1

    def _rebuild_rounds(self, buf, seat: int, initial, t_cur: int, phase: int) -> None:
        """Recompute hist rows, kept hands and packets from initial contents and picks."""
        n, G, h = self.n, self.G, self.h
        for i in range(n):
            if i == seat:
                continue
            buf[self.o_pending + i] = -1
            for g in range(G):
                buf[self.o_kept + i * G + g] = -buf[self.o_played + i * G + g]
            for t in range(h):
                if t >= t_cur:
                    buf[self.o_picks + i * h + t] = -1
        rows = t_cur + 1 if phase == DRAFT else h
        for p in range(n):
            for g in range(G):
                buf[self.o_hist + p * G + g] = initial[p * G + g]
            for t in range(rows):
                o = self.holder(buf, p, t)
                base = self.o_hist + (t * n + p) * G
                if t > 0:
                    prev = self.o_hist + ((t - 1) * n + p) * G
                    po = self.holder(buf, p, t - 1)
                    for g in range(G):
                        buf[base + g] = buf[prev + g]
                    buf[base + buf[self.o_picks + po * h + t - 1]] -= 1
                if t < t_cur and o != seat:
                    buf[self.o_kept + o * G + buf[self.o_picks + o * h + t]] += 1
            for t in range(rows, h):
                for g in range(G):
                    buf[self.o_hist + (t * n + p) * G + g] = 0

    def _draw_plain(self, cand, off: int, rng) -> int:
        """A card drawn uniformly from the counts ``cand[off:off+G]``."""
        tot = 0
        for g in range(self.G):
            tot += cand[off + g]
        r = rng.below(tot)
        for g in range(self.G):
            r -= cand[off + g]
            if r < 0:
                return g
        return -1

    # -- playout ------------------------------------------------------------
    def rollout(self, buf, rng) -> None:
        """Uniformly random play to the end (chance drawn with ``rng``)."""
        moves = np.zeros(self.G, dtype=np.intc)
        seats = np.zeros(self.n, dtype=np.intc)
        while True:
            phase = buf[self.o_phase]
            if phase == OVER:
                return
            if phase == EVENT or phase == DEAL:
                self.apply(buf, -1, self.sample_chance(buf, rng))
                continue
            m = self.to_move(buf, seats)
            for j in range(m):
                c = self.legal(buf, seats[j], moves)
                self.apply(buf, seats[j], moves[rng.below(c)])
