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

from cython_ext.kernel import Kernel, Rng  # noqa: F401  (Rng re-exported)

EVENT, DEAL, DRAFT, PLAY, OVER = 0, 1, 2, 3, 4
TDEAL, REDIS, RDEAL, START, TRICK, DRAW, DPICK = 5, 6, 7, 8, 9, 10, 11
# event effects (variant "events"), by edition name
FEWER, NOTIES, SEQ, REDIST, ONETWO, FACEDOWN = 0, 1, 2, 3, 4, 5
# dirty trick kinds (variant "tricks")
PROTECT, SWAPT, SACRIF, DRAWD, SWAPH, VIRT = 0, 1, 2, 3, 4, 5
SUPPORTS_VARIANTS = True  # the events and tricks variants (issue 5)
MAXP = 4  # most places paid for one guild (Alchemists in round 3)
RESTARTS = 10000
FIXED = -2  # slot source: a card the determinizing seat knows (its redistribution discard)


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


def exclude_ties(table, n: int, G: int, militia: int, mark) -> None:
    """Event "tied players are not counted": per guild, zero every count (of
    at least one card) that another player also has.  Militia untouched.
    ``mark[n]`` is scratch."""
    for g in range(G):
        if g == militia:
            continue
        for i in range(n):
            c = table[i * G + g]
            mark[i] = 0
            if c > 0:
                for j in range(n):
                    if j != i and table[j * G + g] == c:
                        mark[i] = 1
        for i in range(n):
            if mark[i]:
                table[i * G + g] = 0


def perm_decode(code: int, n: int, out) -> None:
    """Permutation number ``code`` (0 <= code < n!) as out[i] = source seat of seat i."""
    avail = list(range(n))
    f = 1
    for i in range(2, n):
        f *= i
    for i in range(n):
        d = code // f
        code = code % f
        out[i] = avail.pop(d)
        if i < n - 1:
            f //= (n - 1 - i)


def move_bound(n: int, G: int, events: int, tricks: int) -> int:
    """An honest bound on move ids: guilds; n! redistribution deals; trick encodings."""
    m = G
    if events:
        f = 1
        for i in range(2, n + 1):
            f *= i
        m = max(m, f)
    if tricks:
        m = max(m, 1 + n * n * G * G, 16)
    return m


class GuildesKernel(Kernel):
    """Guildes, base game and variants.  ``cfg`` holds the layout offsets, the
    edition arrays and the variant flags (``events``, ``tricks``)."""

    def __init__(self, cfg: dict) -> None:
        n, G, h = cfg["players"], cfg["guilds"], cfg["dealt"]
        self.ev_on = int(cfg.get("events", 0))
        self.tr_on = int(cfg.get("tricks", 0))
        super().__init__(n, cfg["size"], move_bound(n, G, self.ev_on, self.tr_on))
        self.n, self.G, self.h, self.k = n, G, h, cfg["played"]
        self.militia = cfg["militia"]
        self.mvotes = cfg["militia_votes"]
        self.nevents = cfg["nevents"]
        self.total = np.ascontiguousarray(cfg["total"], dtype=np.intc)
        self.places = np.ascontiguousarray(cfg["places"], dtype=np.intc)
        self.values = np.ascontiguousarray(cfg["values"], dtype=np.intc)
        self.event_dir = np.ascontiguousarray(cfg["event_dir"], dtype=np.intc)
        self.event_eff = np.ascontiguousarray(cfg.get("event_effect", np.zeros(self.nevents)), dtype=np.intc)
        self.ntricks = cfg.get("ntricks", 0)
        self.trick_kind = np.ascontiguousarray(cfg.get("trick_kind", np.zeros(1)), dtype=np.intc)
        self.trick_guild = np.ascontiguousarray(cfg.get("trick_guild", np.zeros(1)), dtype=np.intc)
        self.trick_ok = np.ascontiguousarray(cfg.get("trick_ok", np.zeros(1)), dtype=np.intc)
        self.worth10 = np.ascontiguousarray(cfg.get("worth10", np.zeros(G)), dtype=np.intc)
        o = cfg["offsets"]
        self.o_round, self.o_phase, self.o_step = o["round"], o["phase"], o["step"]
        self.o_event, self.o_dir, self.o_used = o["event"], o["dir"], o["used"]
        self.o_score, self.o_deck, self.o_disc = o["score"], o["deck"], o["discarded"]
        self.o_table, self.o_played, self.o_kept = o["table"], o["played"], o["kept"]
        self.o_pending, self.o_picks, self.o_hist = o["pending"], o["picks"], o["hist"]
        g = o.get
        self.o_ndisc = g("ndisc", -1)
        self.o_start, self.o_sub, self.o_pend2 = g("start", -1), g("sub", -1), g("pend2", -1)
        self.o_fdown, self.o_rdisc, self.o_rrecv = g("fdown", -1), g("rdisc", -1), g("rrecv", -1)
        self.o_trick, self.o_prevtrick, self.o_tstep = g("trick", -1), g("prevtrick", -1), g("tstep", -1)
        self.o_virt, self.o_pubdisc, self.o_drawn = g("virt", -1), g("pubdisc", -1), g("drawn", -1)
        self.o_dcard, self.o_tdisc = g("dcard", -1), g("tdisc", -1)
        self.fact = 1
        for i in range(2, n + 1):
            self.fact *= i

    # -- helpers ------------------------------------------------------------
    def holder(self, buf, p: int, t: int) -> int:
        return (p + buf[self.o_dir] * t) % self.n

    def packet_of(self, buf, seat: int, t: int) -> int:
        return (seat - buf[self.o_dir] * t) % self.n

    def effect(self, buf) -> int:
        """This round's event effect, or -1 when the events variant is off."""
        if not self.ev_on or buf[self.o_event] < 0:
            return -1
        return self.event_eff[buf[self.o_event]]

    def to_play(self, buf) -> int:
        """Cards each seat plays this round (one fewer under that event)."""
        return self.k - 1 if self.effect(buf) == FEWER else self.k

    def batch(self, buf) -> int:
        """Cards per seat in the current play step: 1, or 2 under "one or two".

        The sizes alternate 2, 1, 2, ... and must end on a whole batch, so
        the sequence starts with 1 when the number to play is 1 mod 3
        (4 players: 1, 2, 1, 2, 1) and with 2 otherwise.
        """
        if self.effect(buf) != ONETWO:
            return 1
        kr = self.to_play(buf)
        size = 1 if kr % 3 == 1 else 2
        pos = 0
        u = buf[self.o_step]
        while pos + size <= u:
            pos += size
            size = 3 - size
        if pos + size > kr:
            size = kr - pos
        return size

    def seq_seat(self, buf) -> int:
        """Under "no more simultaneous play": the seat to play now."""
        return (buf[self.o_start] - buf[self.o_step] - buf[self.o_sub]) % self.n

    def trick_holder(self, buf, t: int) -> int:
        for i in range(self.n):
            if buf[self.o_trick + i] == t:
                return i
        return -1

    def protected(self, buf) -> int:
        """The seat holding the protection trick (-1 if nobody)."""
        for i in range(self.n):
            t = buf[self.o_trick + i]
            if t >= 0 and self.trick_kind[t] == PROTECT:
                return i
        return -1

    def pile_total(self, buf) -> int:
        """Cards in the guild discard pile (a public number)."""
        c = 0
        for i in range(self.n):
            c += buf[self.o_ndisc + i]
        for g in range(self.G):
            c += buf[self.o_pubdisc + g] - buf[self.o_drawn + g]
        for j in range(2):
            if buf[self.o_dcard + j] >= 0:
                c -= 1
        return c

    def pile(self, buf, g: int) -> int:
        """Cards of guild ``g`` in the discard pile (needs the full state)."""
        c = buf[self.o_pubdisc + g] - buf[self.o_drawn + g]
        for i in range(self.n):
            c += buf[self.o_disc + i * self.G + g] + buf[self.o_tdisc + i * self.G + g]
        for j in range(2):
            if buf[self.o_dcard + j] == g:
                c -= 1
        return c

    # -- turn ---------------------------------------------------------------
    def to_move(self, buf, out) -> int:
        phase = buf[self.o_phase]
        if phase == OVER:
            return 0
        if phase == DRAFT or phase == REDIS:
            c = 0
            for i in range(self.n):
                if buf[self.o_pending + i] < 0:
                    out[c] = i
                    c += 1
            return c
        if phase == PLAY:
            eff = self.effect(buf)
            if eff == SEQ:
                out[0] = self.seq_seat(buf)
                return 1
            two = self.batch(buf) == 2
            c = 0
            for i in range(self.n):
                if buf[self.o_pending + i] < 0 or (two and buf[self.o_pend2 + i] < 0):
                    out[c] = i
                    c += 1
            return c
        if phase == TRICK or phase == DPICK:
            out[0] = self.trick_holder(buf, buf[self.o_tstep])
            return 1
        out[0] = -1
        return 1

    def legal(self, buf, seat: int, out) -> int:
        phase = buf[self.o_phase]
        G = self.G
        if phase == DRAFT:
            t = buf[self.o_step]
            base = self.o_hist + (t * self.n + self.packet_of(buf, seat, t)) * G
        elif phase == PLAY or phase == REDIS:
            base = self.o_kept + seat * G
            if phase == PLAY and self.ev_on and buf[self.o_pending + seat] >= 0:
                # second card of a batch of two
                first = buf[self.o_pending + seat]
                c = 0
                for g in range(G):
                    if buf[base + g] - (1 if g == first else 0) > 0:
                        out[c] = g
                        c += 1
                return c
        elif phase == TRICK:
            return self._trick_legal(buf, seat, out)
        elif phase == DPICK:
            a, b = buf[self.o_dcard], buf[self.o_dcard + 1]
            if a == b:
                out[0] = a
                return 1
            out[0] = min(a, b)
            out[1] = max(a, b)
            return 2
        else:
            return 0
        c = 0
        for g in range(G):
            if buf[base + g] > 0:
                out[c] = g
                c += 1
        return c

    def _trick_legal(self, buf, a: int, out) -> int:
        """Moves of the trick holder ``a``; 0 = decline.  See docs/games/guildes.md."""
        n, G = self.n, self.G
        t = buf[self.o_trick + a]
        kind = self.trick_kind[t]
        pr = self.protected(buf)
        if pr == a:
            pr = -1
        tb = self.o_table
        out[0] = 0
        c = 1
        if kind == SWAPT:
            for pa in range(n):
                if pa == pr:
                    continue
                for pb in range(pa + 1, n):
                    if pb == pr:
                        continue
                    for ga in range(G):
                        if buf[tb + pa * G + ga] <= 0:
                            continue
                        for gb in range(G):
                            if gb != ga and buf[tb + pb * G + gb] > 0:
                                out[c] = 1 + ((pa * n + pb) * G + ga) * G + gb
                                c += 1
        elif kind == SACRIF:
            for gc in range(G):
                if not self.worth10[gc] or buf[tb + a * G + gc] <= 0:
                    continue
                for pt in range(n):
                    if pt == pr:
                        continue
                    for gt in range(G):
                        have = buf[tb + pt * G + gt]
                        if pt == a and gt == gc:
                            have -= 1
                        if have > 0:
                            out[c] = 1 + (gc * n + pt) * G + gt
                            c += 1
        elif kind == DRAWD:
            if self.pile_total(buf) >= 2:
                out[c] = 1
                c += 1
        elif kind == SWAPH:
            for x in range(G):
                if buf[self.o_kept + a * G + x] <= 0:
                    continue
                for y in range(G):
                    if y != x and buf[tb + a * G + y] > 0:
                        out[c] = 1 + x * G + y
                        c += 1
        elif kind == VIRT:
            g = self.trick_guild[t]
            for p in range(n):
                if p == pr:
                    continue
                out[c] = 1 + 2 * p
                c += 1
                if buf[tb + p * G + g] + buf[self.o_virt + p * G + g] > 0:
                    out[c] = 2 + 2 * p
                    c += 1
        return c

    def _trick_free(self, buf, seat: int, t: int) -> int:
        """May trick ``t`` be dealt to ``seat`` now?"""
        if not self.trick_ok[t] or buf[self.o_prevtrick + seat] == t:
            return 0
        for i in range(seat):
            if buf[self.o_trick + i] == t:
                return 0
        return 1

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
        elif phase == TDEAL:
            seat = buf[self.o_step]
            free = 0
            for t in range(self.ntricks):
                free += self._trick_free(buf, seat, t)
            for t in range(self.ntricks):
                if self._trick_free(buf, seat, t):
                    outcomes[c] = t
                    probs[c] = 1.0 / free
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
            left = 0
            for g in range(self.G):
                left += self.pile(buf, g)
            for g in range(self.G):
                p = self.pile(buf, g)
                if p > 0:
                    outcomes[c] = g
                    probs[c] = p / left
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
        if phase == TDEAL:
            seat = buf[self.o_step]
            free = 0
            for t in range(self.ntricks):
                free += self._trick_free(buf, seat, t)
            r = rng.below(free)
            for t in range(self.ntricks):
                if self._trick_free(buf, seat, t):
                    if r == 0:
                        return t
                    r -= 1
            return -1
        if phase == START:
            return rng.below(self.n)
        if phase == RDEAL:
            return rng.below(self.fact)
        if phase == DRAW:
            left = 0
            for g in range(self.G):
                left += self.pile(buf, g)
            r = rng.below(left)
            for g in range(self.G):
                r -= self.pile(buf, g)
                if r < 0:
                    return g
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
        n, G = self.n, self.G
        if phase == EVENT:
            buf[self.o_event] = move
            buf[self.o_dir] = self.event_dir[move]
            buf[self.o_used] |= 1 << move
            buf[self.o_phase] = TDEAL if self.tr_on else DEAL
            buf[self.o_step] = 0
            return
        if phase == TDEAL:
            j = buf[self.o_step]
            buf[self.o_trick + j] = move
            buf[self.o_step] = j + 1
            if j + 1 == n:
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
        if phase == START:
            buf[self.o_start] = move
            buf[self.o_sub] = 0
            buf[self.o_phase] = PLAY
            return
        if phase == RDEAL:
            src = np.zeros(n, dtype=np.intc)
            perm_decode(move, n, src)
            for i in range(n):
                g = buf[self.o_rdisc + src[i]]
                buf[self.o_rrecv + i] = g
                buf[self.o_kept + i * G + g] += 1
            buf[self.o_phase] = PLAY
            return
        if phase == TRICK:
            self._apply_trick(buf, seat, move)
            return
        if phase == DRAW:
            if buf[self.o_dcard] < 0:
                buf[self.o_dcard] = move
            else:
                buf[self.o_dcard + 1] = move
                buf[self.o_phase] = DPICK
            return
        if phase == DPICK:
            a, b = buf[self.o_dcard], buf[self.o_dcard + 1]
            other = b if move == a else a
            buf[self.o_table + seat * G + move] += 1
            buf[self.o_pubdisc + other] += 1
            buf[self.o_drawn + a] += 1
            buf[self.o_drawn + b] += 1
            buf[self.o_dcard] = -1
            buf[self.o_dcard + 1] = -1
            self._end_trick_step(buf, seat)
            return
        if phase == PLAY and self.ev_on:
            if self.effect(buf) == SEQ:
                buf[self.o_kept + seat * G + move] -= 1
                buf[self.o_table + seat * G + move] += 1
                buf[self.o_played + seat * G + move] += 1
                sub = buf[self.o_sub] + 1
                if sub == n:
                    buf[self.o_sub] = 0
                    u = buf[self.o_step] + 1
                    buf[self.o_step] = u
                    if u == self.to_play(buf):
                        self._end_play(buf)
                else:
                    buf[self.o_sub] = sub
                return
            if buf[self.o_pending + seat] >= 0:
                buf[self.o_pend2 + seat] = move
            else:
                buf[self.o_pending + seat] = move
            two = self.batch(buf) == 2
            for i in range(n):
                if buf[self.o_pending + i] < 0 or (two and buf[self.o_pend2 + i] < 0):
                    return
            self._resolve_plays(buf)
            return
        buf[self.o_pending + seat] = move
        for i in range(self.n):
            if buf[self.o_pending + i] < 0:
                return
        if phase == DRAFT:
            self._resolve_picks(buf)
        elif phase == REDIS:
            for i in range(n):
                g = buf[self.o_pending + i]
                buf[self.o_rdisc + i] = g
                buf[self.o_kept + i * G + g] -= 1
                buf[self.o_pending + i] = -1
            buf[self.o_phase] = RDEAL
        else:
            self._resolve_plays(buf)

    def _apply_trick(self, buf, a: int, move: int) -> None:
        n, G = self.n, self.G
        t = buf[self.o_trick + a]
        kind = self.trick_kind[t]
        tb = self.o_table
        if move > 0:
            m = move - 1
            if kind == SWAPT:
                gb = m % G
                ga = (m // G) % G
                pb = (m // (G * G)) % n
                pa = m // (G * G * n)
                buf[tb + pa * G + ga] -= 1
                buf[tb + pb * G + ga] += 1
                buf[tb + pb * G + gb] -= 1
                buf[tb + pa * G + gb] += 1
            elif kind == SACRIF:
                gt = m % G
                pt = (m // G) % n
                gc = m // (G * n)
                buf[tb + a * G + gc] -= 1
                buf[self.o_pubdisc + gc] += 1
                buf[tb + pt * G + gt] -= 1
                buf[self.o_pubdisc + gt] += 1
            elif kind == DRAWD:
                buf[self.o_phase] = DRAW
                return
            elif kind == SWAPH:
                x, y = m // G, m % G
                buf[self.o_kept + a * G + x] -= 1
                buf[tb + a * G + x] += 1
                buf[self.o_played + a * G + x] += 1
                buf[tb + a * G + y] -= 1
                buf[self.o_pubdisc + y] += 1  # back to hand, then discarded in view of all
            elif kind == VIRT:
                p = m // 2
                buf[self.o_virt + p * G + self.trick_guild[t]] += -1 if m % 2 else 1
        self._end_trick_step(buf, a)

    def _end_trick_step(self, buf, a: int) -> None:
        """The holder discards its unplayed cards; the next trick letter acts."""
        G = self.G
        c = 0
        for g in range(G):
            x = buf[self.o_kept + a * G + g]
            buf[self.o_tdisc + a * G + g] += x
            c += x
            buf[self.o_kept + a * G + g] = 0
        buf[self.o_ndisc + a] += c
        buf[self.o_phase] = TRICK
        t = buf[self.o_tstep] + 1
        while t < self.ntricks and self.trick_holder(buf, t) < 0:
            t += 1
        if t >= self.ntricks:
            self._end_round(buf)
        else:
            buf[self.o_tstep] = t

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
            eff = self.effect(buf)
            if eff == REDIST:
                buf[self.o_phase] = REDIS
            elif eff == SEQ:
                buf[self.o_phase] = START
        else:
            buf[self.o_step] = t

    def _resolve_plays(self, buf) -> None:
        n, G = self.n, self.G
        eff = self.effect(buf)
        kr = self.to_play(buf)
        u = buf[self.o_step] + self.batch(buf)
        for i in range(n):
            g = buf[self.o_pending + i]
            buf[self.o_kept + i * G + g] -= 1
            if eff == FACEDOWN:
                # the previous face-down card is revealed; this one stays down
                f = buf[self.o_fdown + i]
                if f >= 0:
                    buf[self.o_table + i * G + f] += 1
                    buf[self.o_played + i * G + f] += 1
                buf[self.o_fdown + i] = g
                if u == kr:  # the last is revealed with the previous one
                    buf[self.o_table + i * G + g] += 1
                    buf[self.o_played + i * G + g] += 1
                    buf[self.o_fdown + i] = -1
            else:
                buf[self.o_table + i * G + g] += 1
                buf[self.o_played + i * G + g] += 1
            buf[self.o_pending + i] = -1
            if self.ev_on and buf[self.o_pend2 + i] >= 0:
                g = buf[self.o_pend2 + i]
                buf[self.o_kept + i * G + g] -= 1
                buf[self.o_table + i * G + g] += 1
                buf[self.o_played + i * G + g] += 1
                buf[self.o_pend2 + i] = -1
        buf[self.o_step] = u
        if u == kr:
            self._end_play(buf)

    def _end_play(self, buf) -> None:
        if not self.tr_on:
            self._end_round(buf)
            return
        buf[self.o_phase] = TRICK
        t = 0
        while self.trick_holder(buf, t) < 0:
            t += 1
        buf[self.o_tstep] = t

    def _end_round(self, buf) -> None:
        n, G, h = self.n, self.G, self.h
        var = self.ev_on or self.tr_on
        for i in range(n * G):
            if var:
                buf[self.o_ndisc + i // G] += buf[self.o_kept + i]
            buf[self.o_disc + i] += buf[self.o_kept + i]
            buf[self.o_kept + i] = 0
            buf[self.o_played + i] = 0
        votes = np.zeros(n, dtype=np.intc)
        if var:
            ct = np.zeros(n * G, dtype=np.intc)
            for i in range(n * G):
                c = buf[self.o_table + i]
                if self.tr_on:
                    c += buf[self.o_virt + i]
                ct[i] = c if c > 0 else 0
            if self.effect(buf) == NOTIES:
                exclude_ties(ct, n, G, self.militia, votes)
                votes[:] = 0
            count_votes(ct, n, G, buf[self.o_round], self.militia, self.mvotes, self.places, self.values, votes)
        else:
            count_votes(buf[self.o_table:self.o_table + n * G], n, G, buf[self.o_round],
                        self.militia, self.mvotes, self.places, self.values, votes)
        for i in range(n):
            buf[self.o_score + i] += votes[i]
        for i in range(n * h):
            buf[self.o_picks + i] = -1
        for i in range(h * n * G):
            buf[self.o_hist + i] = 0
        if self.ev_on:
            buf[self.o_start] = -1
            buf[self.o_sub] = 0
            for i in range(n):
                buf[self.o_pend2 + i] = -1
                buf[self.o_fdown + i] = -1
                buf[self.o_rdisc + i] = -1
                buf[self.o_rrecv + i] = -1
        if self.tr_on:
            for i in range(n):
                buf[self.o_prevtrick + i] = buf[self.o_trick + i]
                buf[self.o_trick + i] = -1
            for i in range(n * G):
                buf[self.o_virt + i] = 0
                buf[self.o_disc + i] += buf[self.o_tdisc + i]
                buf[self.o_tdisc + i] = 0
            buf[self.o_tstep] = 0
        buf[self.o_step] = 0
        r = buf[self.o_round] + 1
        buf[self.o_round] = r
        buf[self.o_phase] = OVER if r == 3 else EVENT

    def scores(self, buf, out) -> None:
        for i in range(self.n):
            out[i] = buf[self.o_score + i]

    def observed_move(self, buf, actor: int, move: int, observer: int) -> int:
        phase = buf[self.o_phase]
        if actor < 0:
            # a dealt card is seen only by the seat whose packet it joins
            if (phase == DEAL and buf[self.o_step] // self.h != observer) or phase == RDEAL:
                return self.max_moves
            return move
        if actor == observer:
            return move
        if phase == TRICK or phase == DPICK or (phase == PLAY and self.effect(buf) == SEQ):
            return move  # public choices
        return self.max_moves  # picks, discards and face-down plays are hidden until revealed

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
            if self.ev_on:
                buf[self.o_pend2 + i] = -1
                buf[self.o_fdown + i] = -1
                buf[self.o_rdisc + i] = -1
                buf[self.o_rrecv + i] = -1
            if self.tr_on:
                for g in range(G):
                    buf[self.o_tdisc + i * G + g] = -1
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
        if phase == PLAY or phase >= REDIS:
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
        t_cur = buf[self.o_step] if phase == DRAFT else (h if (phase == PLAY or phase >= REDIS) else 0)
        dirn = buf[self.o_dir]
        eff = self.effect(buf)
        # redistribution already dealt: the seat's received card is in its hand
        redealt = eff == REDIST and phase != REDIS and phase != RDEAL and buf[self.o_rrecv + seat] >= 0
        # the pool of cards seat has not seen: all minus public tables of past
        # rounds, its own discards, and the first sighting of every packet
        pool = np.zeros(G, dtype=np.intc)
        for g in range(G):
            c = self.total[g] - buf[self.o_disc + seat * G + g]
            for i in range(n):
                c -= buf[self.o_table + i * G + g] - buf[self.o_played + i * G + g]
            if self.tr_on:
                c -= buf[self.o_pubdisc + g] - buf[self.o_drawn + g]
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
        slot_t = np.zeros((h + 1) * n, dtype=np.intc)
        slot_p = np.zeros((h + 1) * n, dtype=np.intc)
        slot_src = np.zeros((h + 1) * n, dtype=np.intc)
        slot_card = np.zeros((h + 1) * n, dtype=np.intc)
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
        # the seat that holds each slot's card now (redistribution moves cards)
        slot_own = np.zeros((h + 1) * n, dtype=np.intc)
        for j in range(nslots):
            slot_own[j] = (slot_p[j] + dirn * slot_t[j]) % n
        given = np.full(n, -1, dtype=np.intc)
        sigma = np.zeros(n, dtype=np.intc)
        if redealt:
            nslots = self._redistribute(buf, seat, rng, nslots, slot_t, slot_src, slot_card, slot_own,
                                        pool, seg, given, sigma)
            if nslots < 0:
                return 0
        extra = np.zeros(n * G, dtype=np.intc)
        if self.tr_on and (phase == TRICK or phase == DRAW or phase == DPICK):
            self._assign_drawn(buf, seat, rng, extra)
        # played cards first, into slots of their player that can supply them
        if not self._place_played(buf, seat, rng, nslots, slot_src, slot_card, slot_own, pool, seg, extra):
            return 0
        # every other slot, in the order the picks were made
        for j in range(nslots):
            if slot_card[j] >= 0:
                continue
            src = slot_src[j]
            if src == FIXED:
                g = buf[self.o_rdisc + seat]
            elif src < 0:
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
            if slot_t[j] == h:
                continue
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
        if self.ev_on:
            for i in range(n):
                if i != seat:
                    buf[self.o_pend2 + i] = -1
        if phase == EVENT or phase == OVER or phase == TDEAL:
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
            if redealt:
                for o in range(n):
                    if o == seat:
                        continue
                    a = slot_card[given[o]]
                    k = 0
                    while sigma[k] != o:
                        k += 1
                    r = buf[self.o_rdisc + seat] if k == seat else slot_card[given[k]]
                    buf[self.o_rdisc + o] = a
                    buf[self.o_rrecv + o] = r
                    buf[self.o_kept + o * G + a] -= 1
                    buf[self.o_kept + o * G + r] += 1
            if self.ev_on or self.tr_on:
                self._fill_variants(buf, seat, rng, eff, phase, redealt, nslots, slot_t, slot_p, slot_card, pool)
        if self.tr_on:
            for i in range(n):
                if i != seat and buf[self.o_tdisc + i * G] < 0:
                    for g in range(G):
                        buf[self.o_tdisc + i * G + g] = 0
        # the rest of the pool: other seats' discards of past rounds, then the deck
        per = (h - self.k) * rnd
        cap = np.zeros(n, dtype=np.intc)
        for i in range(n):
            if i == seat:
                continue
            for g in range(G):
                buf[self.o_disc + i * G + g] = 0
            if self.ev_on or self.tr_on:
                cap[i] = buf[self.o_ndisc + i]
                if self.tr_on:
                    for g in range(G):
                        cap[i] -= buf[self.o_tdisc + i * G + g]
        if self.tr_on and not self._cover_drawn(buf, seat, rng, pool, cap):
            return 0
        for i in range(n):
            if i == seat:
                continue
            if self.ev_on or self.tr_on:
                per = cap[i]
            for _ in range(per):
                g = self._draw_plain(pool, 0, rng)
                pool[g] -= 1
                buf[self.o_disc + i * G + g] += 1
        for g in range(G):
            buf[self.o_deck + g] = pool[g]
        return 1

    def _fill_variants(self, buf, seat, rng, eff, phase, redealt, nslots, slot_t, slot_p, slot_card, pool) -> None:
        """Hidden parts of other seats' hands that the variants add, after the
        picks are rebuilt: redistribution discards and received cards, the
        face-down card, and hands already discarded in the trick phase."""
        n, G, h = self.n, self.G, self.h
        dirn = buf[self.o_dir]
        for o in range(n):
            if o == seat:
                continue
            kb = self.o_kept + o * G
            if eff == REDIST and phase == RDEAL:
                g = self._draw_pos(buf, kb, rng)
                buf[self.o_rdisc + o] = g
                buf[kb + g] -= 1
            if eff == FACEDOWN and phase == PLAY and buf[self.o_step] > 0:
                g = self._draw_pos(buf, kb, rng)
                buf[self.o_fdown + o] = g
                buf[kb + g] -= 1
            if self.tr_on and (phase == TRICK or phase == DRAW or phase == DPICK):
                t = buf[self.o_trick + o]
                done = t < buf[self.o_tstep]
                for g in range(G):
                    buf[self.o_tdisc + o * G + g] = buf[kb + g] if done else 0
                    if done:
                        buf[kb + g] = 0

    def _cover_drawn(self, buf, seat, rng, pool, cap) -> int:
        """Cards drawn from the discard pile by trick D must have been in it:
        those not explained by public and own discards go first into other
        seats' past discards (0 when impossible: the caller restarts)."""
        n, G = self.n, self.G
        for g in range(G):
            need = buf[self.o_drawn + g] - buf[self.o_pubdisc + g] - buf[self.o_disc + seat * G + g]
            for j in range(2):
                if buf[self.o_dcard + j] == g:
                    need += 1
            for i in range(n):
                need -= buf[self.o_tdisc + i * G + g]
            while need > 0:
                room = 0
                for i in range(n):
                    if i != seat and cap[i] > 0:
                        room += 1
                if room == 0 or pool[g] <= 0:
                    return 0
                r = rng.below(room)
                for i in range(n):
                    if i != seat and cap[i] > 0:
                        if r == 0:
                            cap[i] -= 1
                            buf[self.o_disc + i * G + g] += 1
                            pool[g] -= 1
                            break
                        r -= 1
                need -= 1
        return 1

    def _draw_pos(self, buf, off: int, rng) -> int:
        """A card drawn uniformly from the positive counts ``buf[off:off+G]``."""
        tot = 0
        for g in range(self.G):
            if buf[off + g] > 0:
                tot += buf[off + g]
        r = rng.below(tot)
        for g in range(self.G):
            if buf[off + g] > 0:
                r -= buf[off + g]
                if r < 0:
                    return g
        return -1

    def _assign_drawn(self, buf, seat, rng, extra) -> None:
        """Cards drawn by trick D that public and own discards do not explain
        came from other seats' discards: each goes, at random, either to a
        seat that has already discarded its hand this round (then it must be
        among that seat's picks: ``extra``) or to the past discards."""
        n, G = self.n, self.G
        done = 0
        prior = 0
        for o in range(n):
            if o != seat:
                t = buf[self.o_trick + o]
                if t < buf[self.o_tstep]:
                    done += 1
                if buf[self.o_round] > 0:
                    prior = 1
        for g in range(G):
            need = buf[self.o_drawn + g] - buf[self.o_pubdisc + g] - buf[self.o_disc + seat * G + g]
            need -= buf[self.o_tdisc + seat * G + g]
            for j in range(2):
                if buf[self.o_dcard + j] == g:
                    need += 1
            while need > 0 and done > 0:
                r = rng.below(done + prior)
                for o in range(n):
                    if o != seat and buf[self.o_trick + o] < buf[self.o_tstep]:
                        if r == 0:
                            extra[o * G + g] += 1
                            break
                        r -= 1
                need -= 1

    def _redistribute(self, buf, seat, rng, nslots, slot_t, slot_src, slot_card, slot_own,
                      pool, seg, given, sigma) -> int:
        """After the redistribution: who gave which pick to whom.

        ``sigma[i]`` is the seat that received seat i's discard: a uniform
        permutation, redrawn while it would give ``seat`` back its own card
        when that is not what it received.  Each other seat gave one of its
        pick slots, chosen uniformly; that slot's card now sits in the
        receiver's hand (``slot_own``).  The slot given to ``seat`` must hold
        the card ``seat`` received; ``seat``'s own discard, a card it knows,
        becomes a fixed extra slot of its receiver.  Returns the new slot
        count, or -1 for a dead end.
        """
        n, h = self.n, self.h
        mine, got = buf[self.o_rdisc + seat], buf[self.o_rrecv + seat]
        while True:
            for i in range(n):
                sigma[i] = i
            for i in range(n - 1, 0, -1):
                j = rng.below(i + 1)
                sigma[i], sigma[j] = sigma[j], sigma[i]
            if sigma[seat] != seat or mine == got:
                break
        for o in range(n):
            if o == seat:
                continue
            r = rng.below(h)
            j = 0
            while True:
                if slot_t[j] < h and slot_own[j] == o:
                    if r == 0:
                        break
                    r -= 1
                j += 1
            given[o] = j
        for o in range(n):
            if o == seat:
                continue
            j = given[o]
            slot_own[j] = sigma[o]
            if sigma[o] == seat:
                src = slot_src[j]
                if (pool[got] if src < 0 else seg[src * self.G + got]) <= 0:
                    return -1
                slot_card[j] = got
                if src < 0:
                    pool[got] -= 1
                else:
                    seg[src * self.G + got] -= 1
        if sigma[seat] != seat:
            slot_t[nslots] = h
            slot_src[nslots] = FIXED
            slot_card[nslots] = -1
            slot_own[nslots] = sigma[seat]
            nslots += 1
        return nslots

    def _place_played(self, buf, seat, rng, nslots, slot_src, slot_card, slot_own, pool, seg, extra) -> int:
        """Give each card another seat played this round a slot of that seat.

        A depth-first search, most constrained card first, trying slots from a
        random starting point, so that a consistent placement is always found.
        """
        n, G = self.n, self.G
        fixed = buf[self.o_rdisc + seat] if self.ev_on else -1
        items = 0
        item_o = np.zeros(n * (self.h + 1), dtype=np.intc)
        item_g = np.zeros(n * (self.h + 1), dtype=np.intc)
        item_c = np.zeros(n * (self.h + 1), dtype=np.intc)
        for o in range(n):
            if o == seat:
                continue
            for g in range(G):
                for _ in range(buf[self.o_played + o * G + g] + extra[o * G + g]):
                    cnt = 0
                    for j in range(nslots):
                        if slot_own[j] == o and self._can_supply(slot_src[j], g, fixed, pool, seg):
                            cnt += 1
                    item_o[items] = o
                    item_g[items] = g
                    item_c[items] = cnt
                    items += 1
        if items == 0:
            return 1
        # most constrained first (insertion sort keeps it twin-identical)
        for a in range(1, items):
            k = a
            while k > 0 and item_c[k - 1] > item_c[k]:
                for arr in (item_o, item_g, item_c):
                    arr[k - 1], arr[k] = arr[k], arr[k - 1]
                k -= 1
        chosen = np.full(items, -1, dtype=np.intc)
        start = np.zeros(items, dtype=np.intc)
        tried = np.zeros(items, dtype=np.intc)
        d = 0
        start[0] = rng.below(nslots)
        budget = 20000
        while 0 <= d < items:
            budget -= 1
            if budget == 0:
                return 0
            o, g = item_o[d], item_g[d]
            if chosen[d] >= 0:  # undo the previous choice at this level
                j = chosen[d]
                slot_card[j] = -1
                if slot_src[j] == -1:
                    pool[g] += 1
                elif slot_src[j] >= 0:
                    seg[slot_src[j] * G + g] += 1
                chosen[d] = -1
            found = -1
            while tried[d] < nslots:
                j = (start[d] + tried[d]) % nslots
                tried[d] += 1
                if slot_card[j] < 0 and slot_own[j] == o and self._can_supply(slot_src[j], g, fixed, pool, seg):
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
            d += 1
            if d < items:
                start[d] = rng.below(nslots)
                tried[d] = 0
        return 1 if d == items else 0

    def _can_supply(self, src: int, g: int, fixed: int, pool, seg) -> bool:
        """Whether a slot with source ``src`` can still take card ``g``."""
        if src == FIXED:
            return g == fixed
        if src < 0:
            return pool[g] > 0
        return seg[src * self.G + g] > 0

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
        moves = np.zeros(self.max_moves, dtype=np.intc)
        seats = np.zeros(self.n, dtype=np.intc)
        while True:
            phase = buf[self.o_phase]
            if phase == OVER:
                return
            m = self.to_move(buf, seats)
            if seats[0] < 0:
                self.apply(buf, -1, self.sample_chance(buf, rng))
                continue
            for j in range(m):
                c = self.legal(buf, seats[j], moves)
                self.apply(buf, seats[j], moves[rng.below(c)])
