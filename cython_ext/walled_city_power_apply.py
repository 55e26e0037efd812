"""The Walled City kernel, layer 4c: playing a guild power (layers: :mod:`cython_ext.walled_city_board`;
the powers: :mod:`cython_ext.walled_city_powers`).

``start_power_`` enters a power's first step (or plays it at once when it
has no choice), ``power_apply_`` plays a choice of the current step, and
``finish_power_`` resumes the turn at the step the power was activated
before; Carpenters' fences end in ``fence_done_``, Butchers' trades are
logged by ``butcher_give_`` and move on to the next seat in
``butcher_next_``.

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .walled_city_power_legal import WalledCityPowerLegal
from .walled_city_rounds import WalledCityRounds

if not cython.compiled:
    from .walled_city_board import MAXO, NDICE, OWN, K, P_ADJUST, P_PCHANCE, P_POWER, P_PROMOTE, P_TEND
    from .walled_city_power_board import (DONE, TR_B, TR_DONE, TR_FZG, TR_FZR, TR_G, TR_LK, TR_LKO, TR_LOOK, TR_R,
                                          TR_SG, TR_SR, TR_W, TR_X, W_BAKERS, W_BARBERS, W_BUTCHERS, W_CARPENTERS,
                                          W_CLOTHWORKERS, W_CURRIERS, W_DRAPERS, W_FISHMONGERS, W_GOLDSMITHS,
                                          W_GROCERS, W_HABERDASHERS, W_IRONMONGERS, W_IRONMONGERS_B, W_MERCERS,
                                          W_PAINTERS, W_SADDLERS, W_SALTERS, W_SKINNERS, W_TAYLORS, W_VINTNERS)


@cython.cclass
class WalledCityPowerApply(WalledCityPowerLegal):
    """A power's start, the play of its choices, and the turn's resumption."""

    # -- a power in progress ----------------------------------------------------------------------
    @cython.final
    def start_power_(self, b, seat, w):
        """Enter power ``w``'s first step (or play it at once when it has no choice)."""
        b[self.o_pw_kind] = w + 1
        b[self.o_pw_step] = 0
        b[self.o_pw_o] = 0
        b[self.o_pw_a] = 0
        b[self.o_pw_b] = 0
        b[self.o_pw_n] = 0
        b[self.o_phase] = P_POWER
        if w == W_DRAPERS:
            b[self.o_drape] = 1
            self.finish_power_(b, seat)
        elif w == W_MERCERS or w == W_PAINTERS or w == W_TAYLORS or w == W_IRONMONGERS:
            b[self.o_pw_o] = self.next_owner_(b, seat, 0)
        elif w == W_SALTERS and b[self.o_nob + seat] == 0:
            b[self.o_pw_step] = 1
        elif w == W_BUTCHERS:  # the other seats in turn, from the Butcher's left
            b[self.o_pw_o] = (seat + 1) % self.players
        elif w == W_BAKERS:  # skip the turn: its road (round 1) or wall (round 2) goes to the box
            if b[self.o_round] == 1:
                b[self.o_roads + seat] -= 1
            else:
                b[self.o_walls + seat] -= 1

    @cython.final
    def finish_power_(self, b, seat):
        """The power is over: the turn resumes at the step it was activated before."""
        w: cython.int = b[self.o_pw_kind] - 1
        ret: cython.int = b[self.o_pw_ret]
        b[self.o_pw_kind] = 0
        b[self.o_pw_step] = 0
        if w == W_BAKERS:
            b[self.o_score + seat] += 13
            WalledCityRounds.next_turn_(self, b)
            return
        if ret == P_TEND:
            WalledCityRounds.next_turn_(self, b)
            return
        if ret == P_PROMOTE and not self.promote_open_(b):
            ret = P_ADJUST
        b[self.o_phase] = ret

    # -- Carpenters' fences and Butchers' trades, played -------------------------------------------
    @cython.final
    def fence_done_(self, b, seat):
        """Citizens divided: place the items, or ask which half on a tie."""
        if self.fence_items_(b, b[self.o_pw_a]):
            b[self.o_pw_step] = 3
        else:
            self.finish_power_(b, seat)

    @cython.final
    def butcher_give_(self, b, a, x):
        """Seat ``a`` gives card ``x`` to ``pw_o``: log the trade, then the receiver returns a
        higher card (step 1) or, having none, ``a`` looks at its hand and takes one (step 2)."""
        r: cython.int = b[self.o_pw_o]
        t: cython.int = self.o_bt + b[self.o_nbt] * TR_W
        k: cython.int
        b[self.o_nbt] += 1
        b[self.o_hand + a * K + x] -= 1
        b[self.o_hand + r * K + x] += 1
        b[self.o_pw_a] = x
        b[t + TR_G] = a
        b[t + TR_R] = r
        b[t + TR_X] = x
        b[t + TR_B] = -1
        b[t + TR_DONE] = 0
        b[t + TR_FZG] = self.fdown_zone_(b, a)
        b[t + TR_FZR] = self.fdown_zone_(b, r)
        for k in range(OWN):
            b[t + TR_SG + k] = b[self.o_pool + a * OWN + k]
            b[t + TR_SR + k] = b[self.o_pool + r * OWN + k]
        b[t + TR_LKO] = -1
        if self.higher_(b, r, x):
            b[t + TR_LOOK] = 0
            for k in range(OWN):
                b[t + TR_LK + k] = -1
            b[self.o_pw_step] = 1
        else:
            b[t + TR_LOOK] = 1
            for k in range(OWN):
                b[t + TR_LK + k] = b[self.o_hand + r * K + k]
            for k in range(OWN, K):  # the whole hand is seen: its off-colour card too
                if b[self.o_hand + r * K + k] > 0:
                    b[t + TR_LKO] = k
            b[self.o_pw_step] = 2

    @cython.final
    def butcher_next_(self, b):
        """On to the next seat, or the power is over (every other seat offered, or no card left)."""
        a: cython.int = b[self.o_cur]
        b[self.o_pw_n] += 1
        b[self.o_pw_o] = (b[self.o_pw_o] + 1) % self.players
        b[self.o_pw_step] = 0
        b[self.o_pw_a] = 0  # the gift is the trade log's now: left here, the next seats would read it
        if b[self.o_pw_n] >= self.players - 1 or self.own_cards_(b, a) == 0:
            self.finish_power_(b, a)

    # -- a choice of the current step ----------------------------------------------------------
    def power_apply_(self, b, seat, m):
        """Play choice ``m`` of the current power step."""
        w: cython.int = b[self.o_pw_kind] - 1
        s: cython.int = b[self.o_pw_step]
        o: cython.int = b[self.o_pw_o]
        pa: cython.int = b[self.o_pw_a]
        x: cython.int
        y: cython.int
        if w == W_BUTCHERS:
            x = b[self.o_cur]
            if s == 0:
                if m == DONE:
                    self.butcher_next_(b)
                else:
                    self.butcher_give_(b, x, m)
                return
            b[self.o_hand + o * K + m] -= 1
            b[self.o_hand + x * K + m] += 1
            y = self.o_bt + (b[self.o_nbt] - 1) * TR_W
            b[y + TR_B] = m
            b[y + TR_DONE] = 1
            self.butcher_next_(b)
            return
        if w == W_MERCERS or w == W_PAINTERS or w == W_TAYLORS:
            if m != DONE:
                if w == W_MERCERS:
                    self.add_nob_(b, m, o, -1)
                    b[self.o_nob + o] += 1
                    self.add_nob_(b, m, seat, 1)
                    b[self.o_nob + seat] -= 1
                else:
                    b[self.o_ap + m * self.no + o] -= 1
                    b[self.o_pea + o] += 1
                    if w == W_PAINTERS:
                        b[self.o_ap + m * self.no + seat] += 1
                        b[self.o_pea + seat] -= 1
            o = self.next_owner_(b, seat, o + 1)
            b[self.o_pw_o] = o
            if o >= self.no or (w == W_MERCERS and b[self.o_nob + seat] == 0) \
                    or (w == W_PAINTERS and b[self.o_pea + seat] == 0):
                self.finish_power_(b, seat)
        elif w == W_GROCERS:
            # "the copied player will immediately receive 3 Votes"
            for x in range(self.players):
                if b[self.o_guild + x] == m + 1:
                    b[self.o_score + x] += 3
            self.start_power_(b, seat, self.gpower[m])
        elif w == W_FISHMONGERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
            else:
                b[self.o_an + pa * self.no + m] -= 1
                b[self.o_nob + m] += 1
                b[self.o_ap + pa * self.no + m] += 4
                b[self.o_pea + m] -= 4
                self.finish_power_(b, seat)
        elif w == W_GOLDSMITHS or w == W_SKINNERS:
            # two stacked pieces (Drapers): the top one goes, the one below still stands
            x = self.o_road + m if m < self.np_ else self.o_wall + m - self.np_
            if b[x] == 3:
                b[x] = 1
            else:
                b[x] = 2 if w == W_GOLDSMITHS else 0
            self.finish_power_(b, seat)
        elif w == W_HABERDASHERS:
            if m == DONE:
                self.finish_power_(b, seat)
            else:
                b[self.o_pw_a] = m
                b[self.o_phase] = P_PCHANCE
        elif w == W_CLOTHWORKERS or w == W_CURRIERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            if w == W_CLOTHWORKERS:
                for x in range(2):
                    y = pa if x == 0 else m
                    if y < NDICE:
                        b[self.o_die_v + y] = 1
                    else:
                        b[self.o_chit + y - NDICE] = -1
            else:
                x = self.item_loc_(b, pa)
                y = self.item_loc_(b, m)
                if pa < NDICE:
                    b[self.o_dloc + pa] = y
                else:
                    b[self.o_cloc + pa - NDICE] = y
                if m < NDICE:
                    b[self.o_dloc + m] = x
                else:
                    b[self.o_cloc + m - NDICE] = x
            self.finish_power_(b, seat)
        elif w == W_SALTERS:
            if m != DONE:
                if s == 0:
                    b[self.o_an + m * self.no + seat] += 1
                    b[self.o_nob + seat] -= 1
                else:
                    b[self.o_ap + m * self.no + seat] += 1
                    b[self.o_pea + seat] -= 1
                b[self.o_pw_b] = 1
            if s == 0 and b[self.o_pea + seat] > 0:
                b[self.o_pw_step] = 1
            else:
                self.finish_power_(b, seat)
        elif w == W_IRONMONGERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            b[self.o_an + pa * self.no + o] -= 1
            b[self.o_tw + m * self.no + o] += 1
            b[self.o_pw_step] = 0
            b[self.o_pw_o] = o + 1
            if o + 1 >= self.no:
                self.finish_power_(b, seat)
        elif w == W_VINTNERS:
            if s == 0:
                b[self.o_pw_o] = m
                b[self.o_pw_step] = 1
                return
            b[self.o_ap + m * self.no + o] -= 1
            b[self.o_pea + o] += 1
            b[self.o_an + m * self.no + o] += 1
            b[self.o_nob + o] -= 1
            b[self.o_pw_a] = m
            b[self.o_pw_n] += 1
            if b[self.o_pw_n] == 3:
                self.finish_power_(b, seat)
        elif w == W_BAKERS:  # removed nobles go to the box
            self.add_nob_(b, m, seat, -1)
            b[self.o_pw_a] = m
            b[self.o_pw_n] += 1
            if b[self.o_pw_n] == 3:
                self.finish_power_(b, seat)
        elif w == W_BARBERS:
            if s == 0:
                b[self.o_pw_b] = m
                b[self.o_pw_step] = 1
                return
            x = b[self.o_pw_b]
            self.add_nob_(b, x, m, -1)
            b[self.o_pw_a] = x
            b[self.o_pw_o] = m
            b[self.o_pw_step] = 0
            b[self.o_pw_n] += 1
            if b[self.o_pw_n] == 2:
                self.finish_power_(b, seat)
        elif w == W_IRONMONGERS_B:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            b[self.o_tw + pa * self.no + seat] += 1
            b[self.o_tw + m * self.no + seat] += 1
            b[self.o_nob + seat] -= 2
            self.finish_power_(b, seat)
        elif w == W_CARPENTERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            if s == 1:
                self.put_fence_(b, pa, m)
                b[self.o_pw_o] = self.next_part_(b, pa, 0)
            elif s == 2:
                x = (self.o_an if o % 2 == 0 else self.o_ap) + o // 2
                b[x + pa * self.no] -= m
                b[x + (self.na0 + pa) * self.no] += m
                b[self.o_pw_o] = self.next_part_(b, pa, o + 1)
            else:
                if m != pa:
                    self.move_items_(b, pa, m)
                self.finish_power_(b, seat)
                return
            if b[self.o_pw_o] < 2 * self.no:
                b[self.o_pw_step] = 2
            else:
                self.fence_done_(b, seat)
        elif w == W_SADDLERS:
            if s == 0:
                b[self.o_pw_b] = m
                b[self.o_pw_step] = 1
            elif s == 1:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 2
            elif s == 2:
                b[self.o_pw_o] = m
                b[self.o_pw_step] = 3
            else:
                x = self.o_ap if b[self.o_pw_b] == 0 else self.o_an
                b[x + pa * self.no + o] -= 1
                b[x + m * self.no + o] += 1
                b[self.o_pw_m + b[self.o_pw_n]] = m * MAXO + o + 1
                b[self.o_pw_n] += 1
                b[self.o_pw_step] = 1
                if b[self.o_pw_n] == (3 if b[self.o_pw_b] == 0 else 2):
                    self.finish_power_(b, seat)
