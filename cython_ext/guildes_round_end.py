"""The end of a Guildes round: the rules' layer 2 of 4 (below:
:mod:`cython_ext.guildes_layout`; above: :mod:`cython_ext.guildes_tricks`).

``c_end_round`` discards the unplayed cards, counts the votes
(:mod:`cython_ext.guildes_count`) and opens the next round or ends the game;
``c_remember_round`` adds the round's lesson (and trick D's draw) to each seat's ``known``;
``scores`` reads the votes; ``horizon_mark`` / ``horizon_close`` end a rollout at the end
of its round, the rounds left estimated from the tables as they stand.

This file is compiled by Cython (declarations in ``guildes_round_end.pxd``)
and runs unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_layout import GuildesLayout

if not cython.compiled:
    from .guildes_count import c_count_votes, c_exclude_ties
    from .guildes_layout import EVENT, NOTIES, OVER, imod
    from .kernel import ptr

    def ctz(x):  # gcc's __builtin_ctz, compiled
        x = int(x)
        return (x & -x).bit_length() - 1


@cython.cclass
class GuildesRoundEnd(GuildesLayout):
    """The layout plus the end of a round (``cfg`` as for :class:`GuildesLayout`)."""

    @cython.final
    def c_remember_round(self, b):
        """Add this round's lesson to each seat's ``known``: the cards it saw
        in the hands it held (each packet at its first sighting) that it did
        not pick were picked by others; what they did not play (``played``,
        which includes trick E's card) they discarded -- counting, of each
        rival's plays of a guild, only as many as the segments it took from
        could supply (``c_unseen_plays``).  In a redistribution the
        card a seat received came from the others' hands (not counted) and the
        card it gave went into them (counted).
        A lower bound, never above the truth; a row of -1 (another seat's,
        in a determinized world) stays unknown.

        A packet at its first sighting is rebuilt from its dealt content
        (hist row 0) minus the picks made from it before, so that the fast
        playout (which keeps no later hist rows) gives the same result."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        i: cython.int
        p: cython.int
        t: cython.int
        tf: cython.int
        g: cython.int
        o: cython.int
        c: cython.int
        row: cython.int
        ct: cython.p_int = self.s_ct
        tot: cython.p_int = self.s_ct + G  # the cards all seats played (s_ct holds n*G >= 2*G)
        known: cython.int = self.o_known
        picks: cython.int = self.o_picks
        played: cython.int = self.o_played
        hist: cython.int = self.o_hist
        for g in range(G):
            tot[g] = 0
        for o in range(n):
            for g in range(G):
                tot[g] += b[played + o * G + g]
        for i in range(n):
            if b[known + i * G] < 0:
                continue
            # seen - own picks - what the others played: start from -others' plays
            for g in range(G):
                ct[g] = b[played + i * G + g] - tot[g]
            for p in range(n):
                tf = imod((i - p) * dirn, n)  # seat i first holds packet p at pick tf
                if tf >= h:
                    continue
                if tf > 0 and b[picks + p * h] < 0:
                    # a view hides the others' picks (seat p made the first), not the packet
                    # as its seat saw it: hist row tf (a view's round end, as a pv replays one)
                    row = hist + (tf * n + p) * G
                    for g in range(G):
                        c = b[row + g]
                        ct[g] += c if c > 0 else 0
                else:
                    row = hist + p * G
                    for g in range(G):
                        ct[g] += b[row + g]
                    for t in range(tf):
                        c = b[picks + imod(p + dirn * t, n) * h + t]
                        if c >= 0:  # never -1 but in a state from outside: no write before ct
                            ct[c] -= 1
            for t in range(h):
                c = b[picks + i * h + t]
                if c >= 0:
                    ct[c] -= 1
            if self.ev_on and b[self.o_rrecv + i] >= 0:
                # the redistribution: the card received came from another seat's hand, the card
                # given went into one (the same guild both ways: nothing changes hands that counts)
                ct[b[self.o_rrecv + i]] -= 1
                if b[self.o_rdisc + i] >= 0:
                    ct[b[self.o_rdisc + i]] += 1
            else:
                self.c_unseen_plays(b, i, ct, tot)
            for g in range(G):
                c = ct[g]
                b[known + i * G + g] += c if c > 0 else 0
            if self.tr_on and b[self.o_dpair] >= 0:
                self.c_remember_draw(b, i)

    @cython.final
    def c_unseen_plays(self, b, i, ct, tot):
        """Give back to ``ct`` (seat ``i``'s lesson, which took off every play of the
        others) the plays that came from cards ``i`` never saw.  Between two of ``i``'s
        sightings of a packet (or after the last) the packet loses one card to each seat
        that holds it meanwhile: a segment.  Seat ``o``'s plays of guild ``g`` from cards
        ``i`` saw are at most the segments ``o`` took from that held a ``g``; the rest of
        them came from elsewhere.  Only a guild ``i`` saw and left, that others played,
        can change; none when a view hides the others' picks (every play then counts).
        Not called after a redistribution (a card given may be played from another
        seat's segment)."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        picks: cython.int = self.o_picks
        played: cython.int = self.o_played
        mask: cython.p_int = self.s_segs  # per pick t, the guilds of the segment after it (bits)
        cnt: cython.p_int = self.s_segs + h  # per guild, the segments so far that held it
        ex: cython.p_int = self.s_segs + h + G  # per guild, the others' plays from cards i never saw
        g: cython.int
        o: cython.int
        t: cython.int
        d: cython.int
        c: cython.int
        q: cython.int
        row: cython.int
        x: cython.int
        for g in range(G):
            q = tot[g] - b[played + i * G + g]  # the others' plays of g
            if q > 0 and ct[g] + q > 0:
                break
        else:
            return
        # the segment after i's sighting at pick t: the picks of the seats d = 1 .. n - 1
        # after i until i holds that packet again (t + n) or the round ends.  Seats walked
        # without a modulo, the counts kept as prefixes over t (this runs at every round's
        # end of a rollout)
        for t in range(h):
            mask[t] = 0
        for g in range(G):
            cnt[g] = 0
            ex[g] = 0
        o = i + dirn
        o = 0 if o == n else (n - 1 if o < 0 else o)
        if h > 1 and b[picks + o * h + 1] < 0:
            self.c_segments_seen(b, i)  # a view hides the others' picks, not the packets
        else:
            o = i
            for d in range(1, n):
                o += dirn
                o = 0 if o == n else (n - 1 if o < 0 else o)
                for t in range(h - d):
                    c = b[picks + o * h + t + d]
                    if c < 0:  # never in a full state, but one from outside: no write out of bounds
                        return
                    mask[t] |= 1 << c
        # the seat d picks after i took from the segments t < h - d: farthest seat first
        t = 0
        for d in range(n - 1, 0, -1):
            while t < h - d:
                x = mask[t]
                while x != 0:
                    cnt[ctz(x)] += 1
                    x &= x - 1
                t += 1
            o = i + dirn * d
            o = o - n if o >= n else (o + n if o < 0 else o)
            row = played + o * G
            for g in range(G):
                q = b[row + g] - cnt[g]
                ex[g] += q if q > 0 else 0
        for g in range(G):
            if ct[g] + tot[g] - b[played + i * G + g] > 0:  # i saw a g it left
                ct[g] += ex[g]

    @cython.final
    def c_segments_seen(self, b, i):
        """``c_unseen_plays``' segment masks in a view, from the packets as seat ``i`` saw
        them: the one it held at pick t less its pick less the same packet when it came
        back (``t + n``), or all of the rest after its last sighting."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        mask: cython.p_int = self.s_segs
        t: cython.int
        g: cython.int
        c: cython.int
        row: cython.int
        nxt: cython.int
        own: cython.int
        for t in range(h - 1):
            row = self.o_hist + (t * n + imod(i - dirn * t, n)) * G
            nxt = row + n * n * G  # the same packet at pick t + n
            own = b[self.o_picks + i * h + t]
            for g in range(G):
                c = b[row + g]
                if g == own:
                    c -= 1
                if t + n < h:
                    c -= b[nxt + g]
                if c > 0:
                    mask[t] |= 1 << g

    @cython.final
    def c_before_draw(self, b, o):
        """Had seat ``o`` discarded its hand into the pile when trick D drew (a letter before D's)?"""
        t: cython.int = b[self.o_trick + o]
        return 0 <= t < self.t_draw

    @cython.final
    def c_recorded_need(self, b, i, g):
        """Cards of guild ``g`` the draw on record (``dpair``) needed from the seats other than
        ``i`` as their discards stood then: the cards drawn less the pile's public part then
        (``dpub``) and ``i``'s own discards then (its past rounds', and its hand if it acted
        before D)."""
        need: cython.int = -b[self.o_dpub + g] - b[self.o_disc + i * self.G + g]
        j: cython.int
        for j in range(2):
            if b[self.o_dpair + j] == g:  # not a sum of comparisons: numpy's bools add as "or"
                need += 1
        if self.c_before_draw(b, i):
            need -= b[self.o_tdisc + i * self.G + g]
        return need

    @cython.final
    def c_remember_draw(self, b, i):
        """Trick D's draw this round, in seat ``i``'s ``known``: what it needed of the others'
        discards then (``c_recorded_need``) they had discarded by the round's end.  Both this
        and the rounds' lessons bound the same discards from below: the larger stands."""
        g: cython.int
        need: cython.int
        for g in range(self.G):
            need = self.c_recorded_need(b, i, g)
            if need > b[self.o_known + i * self.G + g]:
                b[self.o_known + i * self.G + g] = need

    def c_end_round(self, b):
        """Unplayed cards are discarded, the votes counted; next round or the end."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        i: cython.int
        r: cython.int
        g: cython.int
        var_: cython.bint = self.ev_on or self.tr_on
        c: cython.int
        # offsets in locals: the buffer might alias self's fields as far as gcc
        # knows, so loops over b[self.o_x + i] reload them and do not vectorise
        kept: cython.int = self.o_kept
        disc: cython.int = self.o_disc
        played: cython.int = self.o_played
        picks: cython.int = self.o_picks
        hist: cython.int = self.o_hist
        if b[self.o_round] < 2:  # after the last round no view asks what a seat remembers
            self.c_remember_round(b)
        if var_:
            for i in range(n * G):
                b[self.o_ndisc + i // G] += b[kept + i]
        for i in range(n * G):
            b[disc + i] += b[kept + i]
            b[kept + i] = 0
            b[played + i] = 0
        for i in range(n):
            self.s_votes[i] = 0
        if var_:
            # counts with the virtual cards, never below 0
            for i in range(n * G):
                c = b[self.o_table + i]
                if self.tr_on:
                    c += b[self.o_virt + i]
                self.s_ct[i] = c if c > 0 else 0
            if self.c_effect(b) == NOTIES:
                c_exclude_ties(self.s_ct, n, G, self.militia, self.s_mark)
            c_count_votes(self.s_ct, n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        elif cython.compiled:
            c_count_votes(cython.address(b[self.o_table]), n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        else:
            c_count_votes(b[self.o_table:], n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        for i in range(n):
            b[self.o_score + i] += self.s_votes[i]
        for i in range(n * h):
            b[picks + i] = -1
        if cython.compiled:  # a loop of single stores (8% of a built-in search's instructions)
            memset(cython.address(b[hist]), 0, h * n * G * cython.sizeof(cython.int))
        else:
            for i in range(h * n * G):
                b[hist + i] = 0
        if self.ev_on:
            b[self.o_start] = -1
            b[self.o_sub] = 0
            for i in range(n):
                b[self.o_pend2 + i] = -1
                b[self.o_fdown + i] = -1
                b[self.o_rdisc + i] = -1
                b[self.o_rrecv + i] = -1
        if self.tr_on:
            for i in range(n):
                b[self.o_prevtrick + i] = b[self.o_trick + i]
                b[self.o_trick + i] = -1
            for i in range(n * G):
                b[self.o_virt + i] = 0
                b[self.o_disc + i] += b[self.o_tdisc + i]
                b[self.o_tdisc + i] = 0
            b[self.o_tstep] = 0
            b[self.o_dpair] = -1
            b[self.o_dpair + 1] = -1
            for g in range(G):
                b[self.o_dpub + g] = 0
        b[self.o_step] = 0
        r = b[self.o_round] + 1
        b[self.o_round] = r
        b[self.o_phase] = OVER if r == 3 else EVENT

    def scores(self, buf, out):
        i: cython.int
        for i in range(self.n):
            out[i] = buf[self.o_score + i]

    def horizon_mark(self, buf):
        """The round (a ``horizon`` rollout stops at the end of the round it started in)."""
        return buf[self.o_round]

    def horizon_close(self, buf, weight):
        """The rounds left counted on the tables as they stand, as though no card were
        played any more (no event, no virtual card), their votes times ``weight`` percent
        (rounded to the nearest point) added to the scores, and the game over: a cheap
        estimate that keeps each seat's majorities and the later rounds' larger places, so
        a rollout need not play them out; the weight says how far the majorities of today
        are trusted to last, the cards still to come being most of the game's."""
        n: cython.int = self.n
        G: cython.int = self.G
        i: cython.int
        r: cython.int
        b: cython.p_int = ptr(buf)
        for i in range(n):
            self.s_votes[i] = 0
        for r in range(b[self.o_round], 3):
            if cython.compiled:
                c_count_votes(cython.address(b[self.o_table]), n, G, r, self.militia, self.mvotes,
                              self.c_places, self.c_values, self.s_votes)
            else:
                c_count_votes(b[self.o_table:], n, G, r, self.militia, self.mvotes,
                              self.c_places, self.c_values, self.s_votes)
        for i in range(n):
            b[self.o_score + i] += (self.s_votes[i] * weight + 50) // 100
        b[self.o_round] = 3
        b[self.o_phase] = OVER
