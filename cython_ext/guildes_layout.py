"""The Guildes buffer: layout, edition, scratch; the rules' layer 1 of 4.

:class:`GuildesLayout` reads the configuration (the layout offsets, the
edition arrays, the variant flags), allocates the rules' scratch and says
this round's event effect (``c_effect``).  The rules build on it:
:mod:`cython_ext.guildes_round_end` (the end of a round, its count) ->
:mod:`cython_ext.guildes_tricks` (the Dirty Tricks) ->
:mod:`cython_ext.guildes_rules` (:class:`GuildesRules`: the turn, the
legal moves, applying a move or a chance outcome).  The constants (phases,
event effects, trick kinds) are declared in ``guildes_layout.pxd``.

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
                             (another seat's in a view: CHOSEN = -2 once made)
    picks[n,h]               guild picked by each seat at pick t (own: known)
    hist[h,n,G]              content of packet p before pick t (a seat sees
                             the rows of the packets it held: its memory)
    known[n,G]               per seat (own only), a lower bound per guild on
                             the cards the other seats have discarded in past
                             rounds: cards it saw in the hands it held that
                             others picked and did not play (its memory of
                             past rounds, which hist forgets at a round's end)

The variants add (absent when off; ``o_<field>`` is then -1):

    ndisc[n]                 cards each seat has discarded (a public number)
    events: start, sub       first seat and seats done in this step (sequential play)
            pend2[n]         second card of a batch of two (one or two cards)
            fdown[n]         the card lying face down (face-down play)
            rdisc[n], rrecv[n]  redistribution: card discarded, card received
    tricks: trick[n]         letter of the trick card each seat holds (-1 none)
            prevtrick[n]     the one it held last round (not dealt again)
            tstep            the trick letter acting now
            virt[n,G]        virtual +1/-1 cards of trick F
            pubdisc[G]       cards discarded in view of all (tricks B, C, E, D)
            drawn[G]         cards trick D drew from the discard pile
            dcard[2]         the two cards drawn, while D's holder chooses
            tdisc[n,G]       hands discarded during this round's trick phase
            dpair[2]         the two cards D drew this round, once its holder chose (-1 none)
            dpub[G]          the public part of the pile when D drew: pubdisc - drawn then
                             (negative where an earlier draw's card came from hidden discards)

Packet p is held at pick t by seat (p + dir * t) mod n.  Moves are guilds
(0..G-1), except a redistribution deal (a permutation number, see
``perm_decode``) and a trick holder's move (0 = decline, else an encoding of
the trick's choice, see ``c_trick_legal``).

This file is compiled by Cython (declarations in ``guildes_layout.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
import numpy as np

try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_moves import move_bound
from .kernel import Kernel

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .kernel import ptr

    globals().update(enum_constants(__file__))

    def imod(a, n):
        """Interpreted stand-in for the ``.pxd``'s ``imod``: Python's % already floors."""
        return a % n


@cython.cclass
class GuildesLayout(Kernel):
    """Guildes' buffer and edition, base game and variants: the layer the rules build on.

    ``cfg`` holds the layout offsets, the edition arrays and the variant
    flags (``events``, ``tricks``).
    """

    def __init__(self, cfg: dict) -> None:
        n, G, h = cfg["players"], cfg["guilds"], cfg["dealt"]
        self.ev_on = int(cfg.get("events", 0))
        self.tr_on = int(cfg.get("tricks", 0))
        Kernel.__init__(self, n, cfg["size"], move_bound(n, G, self.ev_on, self.tr_on, cfg["nevents"]))
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
        self.c_total = ptr(self.total)
        self.c_places = ptr(self.places)
        self.c_values = ptr(self.values)
        self.c_event_dir = ptr(self.event_dir)
        self.c_event_eff = ptr(self.event_eff)
        self.c_trick_kind = ptr(self.trick_kind)
        self.c_trick_guild = ptr(self.trick_guild)
        self.c_trick_ok = ptr(self.trick_ok)
        self.c_worth10 = ptr(self.worth10)
        self.fact = 1
        for i in range(2, n + 1):
            self.fact *= i
        o = cfg["offsets"]
        self.o_round, self.o_phase, self.o_step = o["round"], o["phase"], o["step"]
        self.o_event, self.o_dir, self.o_used = o["event"], o["dir"], o["used"]
        self.o_score, self.o_deck, self.o_disc = o["score"], o["deck"], o["discarded"]
        self.o_table, self.o_played, self.o_kept = o["table"], o["played"], o["kept"]
        self.o_pending, self.o_picks, self.o_hist = o["pending"], o["picks"], o["hist"]
        self.o_known = o["known"]
        g = o.get
        self.o_ndisc = g("ndisc", -1)
        self.o_start, self.o_sub, self.o_pend2 = g("start", -1), g("sub", -1), g("pend2", -1)
        self.o_fdown, self.o_rdisc, self.o_rrecv = g("fdown", -1), g("rdisc", -1), g("rrecv", -1)
        self.o_trick, self.o_prevtrick, self.o_tstep = g("trick", -1), g("prevtrick", -1), g("tstep", -1)
        self.o_virt, self.o_pubdisc, self.o_drawn = g("virt", -1), g("pubdisc", -1), g("drawn", -1)
        self.o_dcard, self.o_tdisc = g("dcard", -1), g("tdisc", -1)
        self.o_dpair, self.o_dpub = g("dpair", -1), g("dpub", -1)
        self.t_draw = -1  # the letter of trick D (the holders before it discarded into its pile)
        for t in range(self.ntricks):
            if self.trick_kind[t] == DRAWD and self.t_draw < 0:
                self.t_draw = t
        self._keep = []
        self.s_votes = self.scratch(n)
        self.s_ct = self.scratch(n * G)
        self.s_mark = self.scratch(n)
        self.s_src = self.scratch(n)
        self.s_avail = self.scratch(n)
        self.s_segs = self.scratch(h + 2 * G)  # masks of guilds (G <= 31, as the fast playout's)

    def scratch(self, size):
        """A zeroed int array of ``size`` that lives as long as the kernel
        (compiled: a pointer to its first element)."""
        a = np.zeros(max(size, 1), dtype=np.intc)  # calls Python: allocation, once per kernel
        self._keep.append(a)  # calls Python: keeps the array alive
        return ptr(a)  # calls Python: the array's buffer

    def c_effect(self, b):
        """This round's event effect, or -1 when the events variant is off."""
        if not self.ev_on or b[self.o_event] < 0:
            return -1
        return self.c_event_eff[b[self.o_event]]
