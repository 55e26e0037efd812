"""What each Guildes seat sees: the hidden-information layer 1 of 4 (the
rules below: :mod:`cython_ext.guildes_rules`; the deal consistent with a
view above: :mod:`cython_ext.guildes_hidden`).

``observed_move`` says what a seat sees of another's move, ``observe``
masks a state for one seat, ``c_rows_seen`` counts the packet rows that
exist now.

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_rules import GuildesRules

if not cython.compiled:
    from .guildes_rules import CHOSEN, DEAL, DPICK, DRAFT, FACEDOWN, PLAY, RDEAL, REDIS, SEQ, START, TRICK, imod
    from .kernel import ptr


@cython.cclass
class GuildesObserve(GuildesRules):
    """The rules plus what each seat sees (``cfg`` as for :class:`GuildesRules`)."""

    def observed_move(self, buf, actor, move, observer):
        b: cython.p_int = ptr(buf)
        phase: cython.int = b[self.o_phase]
        if actor < 0:
            # a dealt card is seen only by the seat whose packet it joins
            if (phase == DEAL and b[self.o_step] // self.h != observer) or phase == RDEAL:
                return self.max_moves
            return move
        if actor == observer:
            return move
        if phase == TRICK or phase == DPICK or (phase == PLAY and self.c_effect(b) == SEQ):
            return move  # public choices
        return self.max_moves  # picks, discards and face-down plays are hidden until revealed

    def revealed_move(self, buf, actor, move, observer):
        """A face-down play is turned up once every seat has played (``buf``: after the step,
        before the chance that follows): the play phase goes on to its next step, to the
        tricks or to the round's end.  Still hidden (-1): a draft pick (the phase is the draft,
        or the play phase at its first step, or what follows the draft under an event), a
        redistribution discard, and a card of the face-down event that stays face down (a
        card of that guild lies face down for the seat: conservatively hidden).  Public
        choices are never asked (``observed_move`` shows them)."""
        b: cython.p_int = ptr(buf)
        phase: cython.int = b[self.o_phase]
        if actor < 0 or phase == DRAFT or phase == REDIS or phase == START or phase == RDEAL:
            return -1
        if phase == PLAY:
            if b[self.o_step] == 0:
                return -1  # the draft has just ended: its last picks
            if self.ev_on and self.c_effect(b) == FACEDOWN and b[self.o_fdown + actor] == move:
                return -1
        return move

    # -- a state as one seat sees it -----------------------------------------
    def observe(self, buf, seat):
        self.c_observe(ptr(buf), seat)

    @cython.final
    def c_observe(self, b, seat):
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        i: cython.int
        g: cython.int
        t: cython.int
        p: cython.int
        for g in range(G):
            b[self.o_deck + g] = -1
        for i in range(n):
            if i == seat:
                continue
            # whether it has chosen is public (the seat waits on it), what it chose is not
            if b[self.o_pending + i] != -1:
                b[self.o_pending + i] = CHOSEN
            for g in range(G):
                b[self.o_disc + i * G + g] = -1
                b[self.o_kept + i * G + g] = -1
            for t in range(h):
                b[self.o_picks + i * h + t] = -1
            for g in range(G):
                b[self.o_known + i * G + g] = -1
            if self.ev_on:
                if b[self.o_pend2 + i] != -1:
                    b[self.o_pend2 + i] = CHOSEN
                b[self.o_fdown + i] = -1
                b[self.o_rdisc + i] = -1
                b[self.o_rrecv + i] = -1
            if self.tr_on:
                for g in range(G):
                    b[self.o_tdisc + i * G + g] = -1
        # a seat remembers the packets it held, as it saw them
        for t in range(h):
            for p in range(n):
                if imod(p + dirn * t, n) != seat:
                    for g in range(G):
                        b[self.o_hist + (t * n + p) * G + g] = -1

    def c_rows_seen(self, b):
        """How many hist rows exist now (picks made so far, plus the current hand)."""
        phase: cython.int = b[self.o_phase]
        if phase == DRAFT:
            return b[self.o_step] + 1
        if phase == PLAY or phase >= REDIS:
            return self.h
        if phase == DEAL:
            return 1
        return 0
