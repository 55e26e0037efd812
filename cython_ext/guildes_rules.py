"""The Guildes rules on one int32 buffer: base game, Event Cards and Dirty Tricks.

:class:`GuildesRules` is the top of the rules' four layers (the buffer's
layout and the constants: :mod:`cython_ext.guildes_layout`; the end of a
round and its count: :mod:`cython_ext.guildes_round_end`; the Dirty
Tricks: :mod:`cython_ext.guildes_tricks`; move numbers:
:mod:`cython_ext.guildes_moves`).  It holds the round itself, with the
events' effects: who moves, the legal moves, applying a move or a chance
outcome, the picks and plays resolved, the end of the play.  Two layers
build on it: :class:`cython_ext.guildes_hidden.GuildesHidden` (what each
seat sees, determinize; four modules, from :mod:`cython_ext.guildes_observe`)
and :class:`cython_ext.guildes.GuildesKernel` (chance, the random playout),
the class the engine runs.

The buffer's fields are drawn in :mod:`cython_ext.guildes_layout`.  Packet p
is held at pick t by seat (p + dir * t) mod n.

This file is compiled by Cython (declarations in ``guildes_rules.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
import os

try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from cython_ext.shim import enum_constants

from . import guildes_layout
from .guildes_moves import move_bound, perm_decode  # noqa: F401  (read from here by guildes.py, the engine)
from .guildes_tricks import GuildesTricks

# the constants are declared in guildes_layout.pxd; the engine, the tests and
# the layers above read them from here
globals().update({name: getattr(guildes_layout, name)
                  for name in enum_constants(os.path.join(os.path.dirname(__file__), "guildes_layout.py"))})

if not cython.compiled:
    from .guildes_layout import imod
    from .guildes_moves import c_perm_decode
    from .kernel import ptr


@cython.cclass
class GuildesRules(GuildesTricks):
    """Guildes, base game and variants: the rules without the hidden information.

    ``cfg`` as for :class:`cython_ext.guildes_layout.GuildesLayout`.
    """

    # -- helpers ------------------------------------------------------------
    def c_packet_of(self, b, seat, t):
        """The packet ``seat`` holds at pick ``t``."""
        return imod(seat - b[self.o_dir] * t, self.n)

    def c_to_play(self, b):
        """Cards each seat plays this round (one fewer under that event)."""
        return self.k - 1 if self.c_effect(b) == FEWER else self.k

    @cython.final
    def c_batch(self, b):
        """Cards per seat in the current play step: 1, or 2 under "one or two".

        The sizes alternate 2, 1, 2, ... and must end on a whole batch, so
        the sequence starts with 1 when the number to play is 1 mod 3
        (4 players: 1, 2, 1, 2, 1) and with 2 otherwise.
        """
        kr: cython.int
        size: cython.int
        pos: cython.int
        u: cython.int
        if self.c_effect(b) != ONETWO:
            return 1
        kr = self.c_to_play(b)
        size = 1 if kr % 3 == 1 else 2
        pos = 0
        u = b[self.o_step]
        while pos + size <= u:
            pos += size
            size = 3 - size
        if pos + size > kr:
            size = kr - pos
        return size

    def c_seq_seat(self, b):
        """Under "no more simultaneous play": the seat to play now."""
        return imod(b[self.o_start] - b[self.o_step] - b[self.o_sub], self.n)

    # -- turn ---------------------------------------------------------------
    def c_to_move(self, b, out):
        phase: cython.int = b[self.o_phase]
        c: cython.int = 0
        i: cython.int
        two: cython.bint
        if phase == OVER:
            return 0
        # -1: still to choose; a view shows a choice made by another seat as CHOSEN
        if phase == DRAFT or phase == REDIS:
            for i in range(self.n):
                if b[self.o_pending + i] == -1:
                    out[c] = i
                    c += 1
            return c
        if phase == PLAY:
            if self.c_effect(b) == SEQ:
                out[0] = self.c_seq_seat(b)
                return 1
            two = self.c_batch(b) == 2
            for i in range(self.n):
                if b[self.o_pending + i] == -1 or (two and b[self.o_pend2 + i] == -1):
                    out[c] = i
                    c += 1
            return c
        if phase == TRICK or phase == DPICK:
            out[0] = self.c_trick_holder(b, b[self.o_tstep])
            return 1
        out[0] = -1
        return 1

    def to_move(self, buf, out):
        return self.c_to_move(ptr(buf), ptr(out))

    def c_legal(self, b, seat, out):
        phase: cython.int = b[self.o_phase]
        base: cython.int
        c: cython.int = 0
        g: cython.int
        t: cython.int
        first: cython.int
        x: cython.int
        y: cython.int
        row: cython.p_int
        if phase == DRAFT:
            t = b[self.o_step]
            base = self.o_hist + (t * self.n + self.c_packet_of(b, seat, t)) * self.G
        elif phase == PLAY or phase == REDIS:
            base = self.o_kept + seat * self.G
            if phase == PLAY and self.ev_on and b[self.o_pending + seat] >= 0:
                # second card of a batch of two
                first = b[self.o_pending + seat]
                for g in range(self.G):
                    if b[base + g] - (1 if g == first else 0) > 0:
                        out[c] = g
                        c += 1
                return c
        elif phase == TRICK:
            return self.c_trick_legal(b, seat, out)
        elif phase == DPICK:
            x = b[self.o_dcard]
            y = b[self.o_dcard + 1]
            if x == y:
                out[0] = x
                return 1
            out[0] = x if x < y else y
            out[1] = y if x < y else x
            return 2
        else:
            return 0
        if cython.compiled:
            row = cython.address(b[base])
            for g in range(self.G):
                out[c] = g  # branch-free: the hot loop of every playout
                c += row[g] > 0
        else:
            for g in range(self.G):  # the same moves, cheaper interpreted
                if b[base + g] > 0:
                    out[c] = g
                    c += 1
        return c

    def legal(self, buf, seat, out):
        return self.c_legal(ptr(buf), seat, ptr(out))

    # -- apply --------------------------------------------------------------
    def c_apply(self, b, seat, move):
        phase: cython.int = b[self.o_phase]
        j: cython.int
        p: cython.int
        i: cython.int
        g: cython.int
        n: cython.int = self.n
        G: cython.int = self.G
        x: cython.int
        y: cython.int
        other: cython.int
        sub: cython.int
        u: cython.int
        two: cython.bint
        if phase == EVENT:
            b[self.o_event] = move
            b[self.o_dir] = self.c_event_dir[move]
            b[self.o_used] |= 1 << move
            b[self.o_phase] = TDEAL if self.tr_on else DEAL
            b[self.o_step] = 0
            return
        if phase == TDEAL:
            j = b[self.o_step]
            b[self.o_trick + j] = move
            b[self.o_step] = j + 1
            if j + 1 == n:
                b[self.o_phase] = DEAL
                b[self.o_step] = 0
            return
        if phase == DEAL:
            j = b[self.o_step]
            p = j // self.h
            b[self.o_deck + move] -= 1
            b[self.o_hist + p * self.G + move] += 1
            j += 1
            b[self.o_step] = j
            if j == self.n * self.h:
                b[self.o_phase] = DRAFT
                b[self.o_step] = 0
            return
        if phase == START:
            b[self.o_start] = move
            b[self.o_sub] = 0
            b[self.o_phase] = PLAY
            return
        if phase == RDEAL:
            c_perm_decode(move, n, self.s_src, self.s_avail)
            for i in range(n):
                g = b[self.o_rdisc + self.s_src[i]]
                b[self.o_rrecv + i] = g
                b[self.o_kept + i * G + g] += 1
            b[self.o_phase] = PLAY
            return
        if phase == TRICK:
            self.c_apply_trick(b, seat, move)
            return
        if phase == DRAW:
            if b[self.o_dcard] < 0:
                b[self.o_dcard] = move
            else:
                b[self.o_dcard + 1] = move
                b[self.o_phase] = DPICK
            return
        if phase == DPICK:
            x = b[self.o_dcard]
            y = b[self.o_dcard + 1]
            other = y if move == x else x
            # the draw on record for the worlds: the pile then held both cards
            b[self.o_dpair] = x
            b[self.o_dpair + 1] = y
            for g in range(G):
                b[self.o_dpub + g] = b[self.o_pubdisc + g] - b[self.o_drawn + g]
            b[self.o_table + seat * G + move] += 1
            b[self.o_pubdisc + other] += 1
            b[self.o_drawn + x] += 1
            b[self.o_drawn + y] += 1
            b[self.o_dcard] = -1
            b[self.o_dcard + 1] = -1
            self.c_end_trick_step(b, seat)
            return
        if phase == PLAY and self.ev_on:
            if self.c_effect(b) == SEQ:
                b[self.o_kept + seat * G + move] -= 1
                b[self.o_table + seat * G + move] += 1
                b[self.o_played + seat * G + move] += 1
                sub = b[self.o_sub] + 1
                if sub == n:
                    b[self.o_sub] = 0
                    u = b[self.o_step] + 1
                    b[self.o_step] = u
                    if u == self.c_to_play(b):
                        self.c_end_play(b)
                else:
                    b[self.o_sub] = sub
                return
            if b[self.o_pending + seat] >= 0:
                b[self.o_pend2 + seat] = move
            else:
                b[self.o_pending + seat] = move
            two = self.c_batch(b) == 2
            for i in range(n):
                if b[self.o_pending + i] < 0 or (two and b[self.o_pend2 + i] < 0):
                    return
            self.c_resolve_plays(b)
            return
        b[self.o_pending + seat] = move
        for i in range(self.n):
            if b[self.o_pending + i] < 0:
                return
        if phase == DRAFT:
            self.c_resolve_picks(b)
        elif phase == REDIS:
            for i in range(n):
                g = b[self.o_pending + i]
                b[self.o_rdisc + i] = g
                b[self.o_kept + i * G + g] -= 1
                b[self.o_pending + i] = -1
            b[self.o_phase] = RDEAL
        else:
            self.c_resolve_plays(b)

    def apply(self, buf, seat, move):
        self.c_apply(ptr(buf), seat, move)

    @cython.final
    def c_resolve_picks(self, b):
        """Every seat has picked: the packets pass on (or the draft ends)."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        t: cython.int = b[self.o_step]
        i: cython.int
        g: cython.int
        p: cython.int
        src: cython.int
        dst: cython.int
        x: cython.int
        eff: cython.int
        for i in range(n):
            g = b[self.o_pending + i]
            p = self.c_packet_of(b, i, t)
            src = self.o_hist + (t * n + p) * G
            if t + 1 < h:
                dst = self.o_hist + ((t + 1) * n + p) * G
                if cython.compiled:
                    memcpy(cython.address(b[dst]), cython.address(b[src]), G * cython.sizeof(cython.int))
                else:
                    for x in range(G):
                        b[dst + x] = b[src + x]
                b[dst + g] -= 1
            b[self.o_picks + i * h + t] = g
            b[self.o_kept + i * G + g] += 1
            b[self.o_pending + i] = -1
        t += 1
        if t == h:
            b[self.o_phase] = PLAY
            b[self.o_step] = 0
            eff = self.c_effect(b)
            if eff == REDIST:
                b[self.o_phase] = REDIS
            elif eff == SEQ:
                b[self.o_phase] = START
        else:
            b[self.o_step] = t

    @cython.final
    def c_resolve_plays(self, b):
        """Every seat has chosen its card(s) of this play step: they are revealed."""
        n: cython.int = self.n
        G: cython.int = self.G
        i: cython.int
        g: cython.int
        u: cython.int
        f: cython.int
        eff: cython.int
        kr: cython.int
        eff = self.c_effect(b)
        kr = self.c_to_play(b)
        u = b[self.o_step] + self.c_batch(b)
        for i in range(n):
            g = b[self.o_pending + i]
            b[self.o_kept + i * G + g] -= 1
            if eff == FACEDOWN:
                # the previous face-down card is revealed; this one stays down
                f = b[self.o_fdown + i]
                if f >= 0:
                    b[self.o_table + i * G + f] += 1
                    b[self.o_played + i * G + f] += 1
                b[self.o_fdown + i] = g
                if u == kr:  # the last is revealed with the previous one
                    b[self.o_table + i * G + g] += 1
                    b[self.o_played + i * G + g] += 1
                    b[self.o_fdown + i] = -1
            else:
                b[self.o_table + i * G + g] += 1
                b[self.o_played + i * G + g] += 1
            b[self.o_pending + i] = -1
            if self.ev_on and b[self.o_pend2 + i] >= 0:
                g = b[self.o_pend2 + i]
                b[self.o_kept + i * G + g] -= 1
                b[self.o_table + i * G + g] += 1
                b[self.o_played + i * G + g] += 1
                b[self.o_pend2 + i] = -1
        b[self.o_step] = u
        if u == kr:
            self.c_end_play(b)

    @cython.final
    def c_end_play(self, b):
        """The last card is played: the trick phase (variant) or the count."""
        t: cython.int = 0
        if not self.tr_on:
            self.c_end_round(b)
            return
        b[self.o_phase] = TRICK
        while self.c_trick_holder(b, t) < 0:
            t += 1
        b[self.o_tstep] = t
