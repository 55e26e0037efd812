"""The Walled City kernel, layer 4: the guild powers (layers: :mod:`cython_ext.walled_city_board`).

"You may activate your Guild's power at any time during your turn ... pivot
the card ... a pivoted Guild may not be activated again."  Activation is the
move ``ACT`` offered to the seat whose build turn it is before construct
(``P_LOC``), before settle (``P_SPLIT``), at promote (``P_PROMOTE``), before
adjust (``P_ADJUST``) and after adjust (``P_TEND``: ``DONE`` ends the turn),
whenever its unpivoted guild's power can change something now.  The power's
choices are further moves of the same seat in phase ``P_POWER`` (what a move
names in each step: :meth:`power_arg_`), Haberdashers' rerolls are chance
outcomes (``P_PCHANCE``); then the turn resumes where it was (``pw_ret``).
A guild flagged ``constant`` in the edition is never pivoted: its power may
be activated once per turn (docs/rulings.md).  A seat configured passive
(variant ``no-powers-N``, for strength matches) never activates.

Owners: every power that says "each player", "each other player" or "each
opponent" includes the neutral colour of a two-player game ("Guild powers do
affect neutral player Citizens as if they belonged to an actual player"),
which has a real supply (20 nobles and 25 peasants less the setup pieces).

Fields: ``piv`` (per seat, 1 once its guild is pivoted), ``pw_kind`` (power
code + 1 while a power is in progress), ``pw_step``, ``pw_ret`` (phase to
resume), ``pw_o``/``pw_a``/``pw_b``/``pw_n`` (the power's owner, area, choice
and counter), ``pw_m`` (3 Saddlers moves: area * MAXO + owner + 1),
``drape`` (Drapers active this turn), ``tused`` (a constant power used this
turn).  Roads and walls: 0 empty, 1 built, 2 broken (Goldsmiths: an obstacle
that counts as absent), 3 two pieces stacked (Drapers).

Carpenters: a fence splits printed area ``a`` along one of the edition's
splits (``fences``); the far half is area ``na0 + a``, the buffer's path
sides (``pside``) and gap areas (``garea``) follow it, so neighbourhoods,
settling, T-paths (a path the fence ends on borders both halves) and
adjusting follow it too.  One fence per printed area (the splits describe
printed areas; docs/rulings.md).  Field ``fence`` per printed area: split + 1.

Butchers: for each other seat in turn from the Butcher's left (the neutral
colour of a two-player game has no hand: docs/rulings.md), the Butcher gives
one own-colour construction card or skips that seat (``DONE``); the receiver
(a decision of a seat that is not ``cur``: :meth:`decider_`) returns a card of
higher total value, or, when it has none, the Butcher looks at its hand and
takes any card, the given one included.  Each trade is logged in ``bt``
(giver, receiver, cards, whether a look happened, both parties' public pools
and face-down zones then, the looked-at hand): ``walled_city.py`` masks the
cards for third seats and deals worlds consistent with the log.  The public
``pool`` does not follow hidden trades (a card received and played face up
takes it below zero); a seat's true unseen cards are ``pool`` plus the net of
its trades.

The powers are four layers of ``cdef class``, one module each:
:mod:`cython_ext.walled_city_power_board` (the powers' constants, fields
and tables, and the board and hand readers they share),
:mod:`cython_ext.walled_city_power_legal` (when a power may be activated,
what a step's move names, its choices),
:mod:`cython_ext.walled_city_power_apply` (a power's start, the play of its
choices, the turn's resumption) and this one, :class:`WalledCityPowers`,
the class the kernel builds on: the overrides of the rounds (the turn hooks,
``to_move``, ``legal_``, ``apply_``, ``chance_``).

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .walled_city_power_apply import WalledCityPowerApply
from .walled_city_rounds import WalledCityRounds

if not cython.compiled:
    from .kernel import CHANCE, ptr
    from .walled_city_board import NDICE, P_ADJUST, P_LOC, P_PCHANCE, P_POWER, P_PROMOTE, P_SPLIT, P_TEND
    from .walled_city_power_board import ACT, DONE


@cython.cclass
class WalledCityPowers(WalledCityPowerApply):
    """The guild powers in the turn: activation, the power steps, the turn-end step."""

    # -- overrides of the rounds ------------------------------------------------------------------
    def power_hook_(self, b, seat):
        """A new turn starts (construct step): Drapers and constant powers reset."""
        if b[self.o_phase] == P_LOC:
            b[self.o_drape] = 0
            b[self.o_tused] = 0

    def promote_open_(self, b):
        """Round 2, promotions left: the promote step is entered (and stays open once the
        nobles run out) while a noble stands in the neighbourhood or the mover may still
        activate its guild -- "at any time during your turn": a power used before Promote may
        make the nobles it promotes (Vintners, or Grocers copying it; docs/rulings.md 21)."""
        if self.can_promote_(b):
            return 1
        return 1 if b[self.o_sel_left] > 0 and self.can_act_(b, b[self.o_cur]) else 0

    def end_defense_(self, b):
        """Round 2 brings new guilds, unpivoted."""
        p: cython.int
        WalledCityRounds.end_defense_(self, b)
        for p in range(self.players):
            b[self.o_piv + p] = 0

    def next_turn_(self, b):
        """After adjust: the mover may still activate its guild before the turn passes."""
        if b[self.o_phase] == P_ADJUST and self.can_act_(b, b[self.o_cur]):
            b[self.o_phase] = P_TEND
            return
        WalledCityRounds.next_turn_(self, b)

    def to_move(self, buf: cython.int[::1], out: cython.int[::1]) -> cython.int:
        if buf[self.o_phase] == P_PCHANCE:
            out[0] = CHANCE
            return 1
        if buf[self.o_phase] == P_POWER:
            out[0] = self.decider_(ptr(buf))
            return 1
        return WalledCityRounds.to_move(self, buf, out)

    def legal_(self, b, seat, out):
        ph: cython.int = b[self.o_phase]
        n: cython.int = 0
        i: cython.int
        if ph == P_PCHANCE or seat != self.decider_(b):
            return 0
        if ph == P_POWER:
            return self.power_legal_(b, seat, out)
        if ph == P_TEND:
            out[0] = DONE
            out[1] = ACT
            return 2
        if ph == P_LOC and b[self.o_drape]:  # Drapers: a filled path / gap as if it were empty
            if b[self.o_round] == 1:
                for i in range(self.np_):
                    if b[self.o_road + i] <= 1:
                        out[n] = i
                        n += 1
            else:
                for i in range(self.ng):
                    if b[self.o_wall + i] <= 1:
                        out[n] = i
                        n += 1
        else:
            n = WalledCityRounds.legal_(self, b, seat, out)
        if ph == P_LOC and n == 0:
            out[0] = DONE  # nowhere left to build (broken or stacked pieces): the piece goes to the box
            n = 1
        if (ph == P_LOC or ph == P_SPLIT or ph == P_PROMOTE or ph == P_ADJUST) and self.can_act_(b, seat):
            out[n] = ACT
            n += 1
        return n

    def apply_(self, b, seat, move):
        ph: cython.int = b[self.o_phase]
        g: cython.int
        w: cython.int
        x: cython.int
        if ph == P_PCHANCE:  # Haberdashers: the new face of the die, or side of the chit
            x = b[self.o_pw_a]
            if x < NDICE:
                b[self.o_die_v + x] = move + 1
            else:
                b[self.o_chit + x - NDICE] = 1 if move == 1 else -1
            b[self.o_pw_n] += 1
            b[self.o_phase] = P_POWER
            if b[self.o_pw_n] >= 4:
                self.finish_power_(b, b[self.o_cur])
            return
        if move == ACT and ph != P_POWER:
            g = b[self.o_guild + seat] - 1
            w = self.gpower[g]
            if self.gconst[g]:
                b[self.o_tused] = 1
            else:
                b[self.o_piv + seat] = 1
            b[self.o_pw_ret] = ph
            self.start_power_(b, seat, w)
            return
        if ph == P_POWER:
            self.power_apply_(b, seat, move)
            return
        if ph == P_TEND:
            WalledCityRounds.next_turn_(self, b)
            return
        if ph == P_LOC and move == DONE:
            if b[self.o_round] == 1:
                b[self.o_roads + seat] -= 1
            else:
                b[self.o_walls + seat] -= 1
            WalledCityRounds.next_turn_(self, b)
            return
        if ph == P_LOC:
            x = self.o_road + move if b[self.o_round] == 1 else self.o_wall + move
            if b[x] == 1:  # Drapers: on top of the piece already there
                WalledCityRounds.apply_(self, b, seat, move)
                b[x] = 3
                return
        WalledCityRounds.apply_(self, b, seat, move)

    def chance_(self, b, outcomes, probs):
        """Inside a power: a rerolled die's face 1..3 (1/3 each), a re-flipped chit -1 / +1."""
        i: cython.int
        if b[self.o_phase] != P_PCHANCE:
            return WalledCityRounds.chance_(self, b, outcomes, probs)
        if b[self.o_pw_a] < NDICE:
            for i in range(3):
                outcomes[i] = i
                probs[i] = 1.0 / 3.0
            return 3
        outcomes[0] = 0
        probs[0] = 0.5
        outcomes[1] = 1
        probs[1] = 0.5
        return 2
