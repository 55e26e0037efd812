"""The Walled City rules kernel: :class:`WalledCityKernel`, the one ``engine/walled_city`` loads.

Built in layers (see :mod:`cython_ext.walled_city_board`): board and
neighbourhoods, vote counting, the rounds as moves, and here hidden
information, chance sampling and random playouts.

Hidden information: each seat's hand (off-colour card included), and the
cards placed face down in defense zones (``zcard``, ``zori``) until the game
ends; the card being placed in the defense-zone step is hidden from the
others.  Public: ``pool`` (per seat, own-colour cards not yet seen face up =
hand + face-down cards) and ``offun`` (1 while a seat's off-colour card is
unrevealed), so ``determinize`` deals each rival's unseen cards without
reading anything ``observe`` hides.

Compiled by Cython (pure-Python mode, declarations in ``walled_city.pxd``)
and run unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .kernel import Rng
from .walled_city_powers import WalledCityPowers

if not cython.compiled:
    from .kernel import CHANCE, ptr
    from .walled_city_board import K, MAXM, OWN, P_CHANCE, P_DCARD, P_DZONE, P_END, P_PCHANCE


@cython.cclass
class WalledCityKernel(WalledCityPowers):
    """Rules of one configured game (board, player count, guild deck).

    ``WalledCityKernel(players, size, max_moves, offs, topo)``: ``offs`` the
    buffer field offsets, ``topo`` the board (see ``engine/walled_city/game.py``).
    """

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int, offs: dict,
                 topo: dict) -> None:
        super().__init__(players, size, max_moves, offs, topo)
        if not cython.compiled:  # the fixed C arrays of the .pxd
            self.s_outcomes = [0] * MAXM
            self.s_probs = [0.0] * MAXM
            self.s_moves = [0] * MAXM
            self.s_off = [0] * 3
            self.s_cards = [0] * 48

    # -- chance --------------------------------------------------------------------------
    def sample_chance_(self, b, rng: Rng):
        """Draw one setup outcome with its probability (same RNG use in both modes)."""
        outcomes: cython.p_int = self.s_outcomes
        probs: cython.p_double = self.s_probs
        n: cython.int = self.chance_(b, outcomes, probs)
        i: cython.int
        r: cython.double = rng.random()
        acc: cython.double = 0.0
        for i in range(n):
            acc += probs[i]
            if r < acc:
                return outcomes[i]
        return outcomes[n - 1]

    def sample_chance(self, buf: cython.int[::1], rng: Rng) -> cython.int:
        return self.sample_chance_(ptr(buf), rng)

    # -- hidden information ----------------------------------------------------------------
    def observe(self, buf: cython.int[::1], seat: cython.int) -> None:
        """Mask in place what ``seat`` cannot see: rivals' hands, rivals' face-down defense
        cards until the end, the card a rival is placing."""
        b: cython.p_int = ptr(buf)
        p: cython.int
        k: cython.int
        z: cython.int
        for p in range(self.players):
            if p != seat:
                for k in range(K):
                    b[self.o_hand + p * K + k] = -1
        if b[self.o_phase] != P_END:
            for z in range(self.nz):
                if b[self.o_zown + z] != 0 and b[self.o_zown + z] != seat + 1:
                    b[self.o_zcard + z] = -1
                    b[self.o_zori + z] = -1
        if b[self.o_phase] == P_DZONE and b[self.o_cur] != seat:
            b[self.o_sel_card] = -1

    def determinize(self, buf: cython.int[::1], seat: cython.int, rng: Rng) -> None:
        """Deal each rival's unseen cards (public pool + an off-colour card among those
        ``seat`` has not seen) at random between their face-down zones, the card being
        placed, and their hand; orientations uniform."""
        b: cython.p_int = ptr(buf)
        off: cython.p_int = self.s_off
        cards: cython.p_int = self.s_cards
        noff: cython.int = 0
        used: cython.int = 0
        k: cython.int
        z: cython.int
        i: cython.int
        r: cython.int
        tmp: cython.int
        p: cython.int
        n: cython.int
        x: cython.int
        pos: cython.int
        c: cython.int
        seen: cython.bint
        if self.offcolour:
            for k in range(OWN, K):
                seen = b[self.o_hand + seat * K + k] > 0
                for z in range(self.nz):
                    if b[self.o_zcard + z] == k + 1:
                        seen = True
                if b[self.o_phase] == P_DZONE and b[self.o_cur] == seat and b[self.o_sel_card] == k:
                    seen = True
                if not seen:
                    off[noff] = k
                    noff += 1
            for i in range(noff - 1, 0, -1):
                r = rng.below(i + 1)
                tmp = off[i]
                off[i] = off[r]
                off[r] = tmp
        for p in range(self.players):
            if p == seat:
                continue
            n = 0
            for k in range(OWN):
                for x in range(b[self.o_pool + p * OWN + k]):
                    cards[n] = k
                    n += 1
            if b[self.o_offun + p] == 1 and used < noff:
                cards[n] = off[used]
                used += 1
                n += 1
            for i in range(n - 1, 0, -1):
                r = rng.below(i + 1)
                tmp = cards[i]
                cards[i] = cards[r]
                cards[r] = tmp
            pos = 0
            for z in range(self.nz):
                if b[self.o_zown + z] == p + 1 and b[self.o_zcard + z] == -1:
                    c = cards[pos]
                    pos += 1
                    b[self.o_zcard + z] = c + 1
                    b[self.o_zori + z] = rng.below(2) if self.card_a[c] != self.card_b[c] else 0
            if b[self.o_sel_card] == -1 and b[self.o_cur] == p:
                b[self.o_sel_card] = cards[pos]
                pos += 1
            for k in range(K):
                b[self.o_hand + p * K + k] = 0
            while pos < n:
                b[self.o_hand + p * K + cards[pos]] += 1
                pos += 1

    def observed_move(self, buf: cython.int[::1], actor: cython.int, move: cython.int,
                      observer: cython.int) -> cython.int:
        """Hidden for others: the off-colour deal to another seat, the defense card (one code),
        and the defense zone (one code per zone, the orientation hidden)."""
        ph: cython.int = buf[self.o_phase]
        if actor == observer:
            return move
        if ph == P_CHANCE and self.offcolour and buf[self.o_setup] < self.players \
                and buf[self.o_setup] != observer:
            return self.max_moves
        if ph == P_DCARD:
            return self.max_moves
        if ph == P_DZONE:
            return self.max_moves + 1 + move // 2
        return move

    def scores(self, buf: cython.int[::1], out: cython.int[::1]) -> None:
        p: cython.int
        for p in range(self.players):
            out[p] = buf[self.o_score + p]

    def rank_keys(self, buf: cython.int[::1], out: cython.int[::1]) -> cython.int:
        """Ranking (the kernel contract's rank keys, RANK_KEYS = 4 words per seat): votes,
        then the lowest-numbered round-2 guild ('b' after the same number; -99 without one).
        No rival competes: the neutral colour of a two-player game scores nothing."""
        p: cython.int
        j: cython.int
        g: cython.int
        for p in range(self.players):
            g = buf[self.o_guild + p] - 1
            out[p * 4] = buf[self.o_score + p]  # 4: RANK_KEYS of kernel.pxd
            out[p * 4 + 1] = -self.gkey[g] if g >= 0 else -99
            for j in range(2, 4):
                out[p * 4 + j] = 0
        return self.players

    # -- playouts ------------------------------------------------------------------------------
    def rollout(self, buf: cython.int[::1], rng: Rng) -> None:
        """Uniformly random moves (and chance) to the end of the game, in place.

        A decision with no legal move is a broken state: ValueError, nothing read
        from the unfilled move array."""
        b: cython.p_int = ptr(buf)
        out: cython.p_int = self.s_moves
        seat: cython.int
        n: cython.int
        i: cython.int
        for i in range(MAXM):
            out[i] = 0
        while b[self.o_phase] != P_END:
            if b[self.o_phase] == P_CHANCE or b[self.o_phase] == P_PCHANCE:
                self.apply_(b, CHANCE, self.sample_chance_(b, rng))
            else:
                seat = b[self.o_cur]
                n = self.legal_(b, seat, out)
                if n <= 0:
                    raise ValueError("walled_city: a state that is not over has no legal move")
                self.apply_(b, seat, out[rng.below(n)])
