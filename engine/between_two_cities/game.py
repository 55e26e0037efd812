"""Between Two Cities: the game object -- variants, buffer layout, kernel, ranking.

>>> import engine
>>> s = engine.make("between_two_cities", players=3, seed=1)
>>> s.move_to_string(-1, s.chance_outcomes()[0][0])
'mat lake'
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from cython_ext.between_two_cities_encoding import (
    KM, NCELL, NOTHING, PH_DEAL, PH_DIST, PH_END, PH_MAT, PH_PLACE, PLACE_BASE, UNSEEN)
from cython_ext.kernel import RANK_KEYS
from engine.between_two_cities import edition as ed
from engine.between_two_cities import notation
from engine.between_two_cities.draw import draw_state
from engine.core import CHANCE, HEADER, OBSERVER, Game, State, Variant
from engine.errors import BadConfig, BadState, EditionError
from engine.layout import Layout
from engine.registry import register

TWO, TWO_ADV, BEGINNER, DISTRICTS = "two-player", "two-player-advanced", "beginner", "districts"
# fields that hold one tile, card or mat, or NOTHING (written ``-``) when there is none
NONE_FIELDS = ("mat", "dcard", "ddisc", "chosen", "pend", "jpick", "disc", "jdisc")


@register
class BetweenTwoCities(Game):
    name = "between_two_cities"
    title = "Between Two Cities"
    min_players = 2
    max_players = 7
    default_players = 3  # 2 players need a variant; 3 is the smallest count that plays as is
    score_scale = 8.0
    variant_list = (
        Variant(TWO, "2 players each build two cities alone; rounds played twice; score is the sum",
                (2,)),
        Variant(TWO_ADV, "2 players and the dummy Jamey: three cities, lowest city counts", (2,)),
        Variant(BEGINNER, "4x4 cities, hands of 7, no civic buildings, no landscape mats"),
        Variant(DISTRICTS, "three districts of two building types score 1st/2nd place"),
    )
    incompatible = (frozenset({TWO, TWO_ADV}),)

    def validate_edition(self, data: dict) -> None:
        ed.validate(data)

    def build(self) -> None:
        P = self.players
        if P == 2 and not (self.has(TWO) or self.has(TWO_ADV)):
            raise BadConfig("2 players need variant two-player or two-player-advanced")
        self.two_std, self.jamey = self.has(TWO), self.has(TWO_ADV)
        self.beginner, self.districts = self.has(BEGINNER), self.has(DISTRICTS)
        data = self.edition
        self.kind_names = [k["name"] for k in data["buildings"]]
        self.duplex_names = [f"{d['left']}-{d['right']}" for d in data["duplex"]]
        self.mat_names = [m.get("name", f"mat{i}") for i, m in enumerate(data["mats"])]
        self.card_names = list(data["districts"]["cards"])
        # the hand sizes and window are read from the edition (which accepts only the rulebook's)
        sizes = dict(ed.SUPPORTED, **data)
        beg = dict(ed.SUPPORTED_BEGINNER, **data.get("beginner", {}))
        hand = beg["hand"] if self.beginner else sizes["hand"]
        dhand = sizes["duplex_hand"]
        if self.two_std:
            self.NC, self.NPOS = 4, 2
            rk, rd = [0, 0, 1, 1, 0, 0], [1, 1, 0, 0, 1, 1]
        else:
            self.NC = self.NPOS = 3 if self.jamey else P
            rk, rd = [0, 1, 0], [1, 0, -1]
        self.NR = len(rk)
        self.round_kind = rk
        rh = [dhand if k else hand for k in rk]
        self.W = beg["window"] if self.beginner else sizes["window"]
        self.NMAT = len(data["mats"])
        if not self.beginner and self.NMAT < self.NC:
            raise EditionError(f"mats: {self.NMAT} landscape mats for {self.NC} cities")
        tables = ed.kernel_tables(data, self.beginner)
        need_b = sum(rh[r] * self.NPOS for r in range(self.NR) if not rk[r])
        need_d = sum(3 * P for r in range(self.NR) if rk[r]) + (4 if self.jamey else 0)
        self.tiles_needed = need_b + need_d
        if need_b > int(tables["totb"].sum()):
            what = "non-civic building" if self.beginner else "building"
            raise EditionError(f"buildings: {int(tables['totb'].sum())} {what} tiles, "
                               f"{self.describe()} deals {need_b}")
        if need_d > int(tables["totd"].sum()):
            raise EditionError(f"duplex: {int(tables['totd'].sum())} duplex tiles, "
                               f"{self.describe()} deals {need_d}")
        self.layout = Layout([
            ("phase", 1), ("round", 1), ("turn", 1), ("ptr", 1), ("sub", 1), ("sides", 1),
            ("mat", self.NC), ("dcard", 6), ("ddisc", 1), ("city", (self.NC, NCELL)),
            ("dcnt", self.NC), ("dpl", (self.NC, 2)), ("boxb", KM), ("boxd", KM),
            ("hand", (self.NPOS, KM)), ("handn", self.NPOS), ("done", P), ("chosen", (P, 2)),
            ("pend", (P, 4)), ("jpick", 2), ("disc", (self.NR, self.NPOS)), ("jdisc", 2),
        ], start=HEADER, none_fields=NONE_FIELDS)
        cfg = dict(tables, players=P, size=self.layout.size, offsets=self.layout.offsets,
                   NC=self.NC, NPOS=self.NPOS, NR=self.NR, W=self.W, JAMEY=int(self.jamey),
                   TWOSTD=int(self.two_std), DIST=int(self.districts), NMAT=self.NMAT,
                   HASMAT=int(not self.beginner), NKB=len(self.kind_names),
                   NKD=len(self.duplex_names),
                   rkind=np.array(rk, dtype=np.intc), rdir=np.array(rd, dtype=np.intc),
                   rhand=np.array(rh, dtype=np.intc))
        self.tables = tables
        self.kernel_cfg = cfg  # kept so that tests can build the kernel in both modes
        self.kernel_module = select.load("between_two_cities")
        self.kernel = self.kernel_module.BetweenTwoCitiesKernel(cfg)

    def max_game_length(self) -> int:
        """Every decision serves a dealt tile (choosing it, placing it,
        assigning Jamey's): at most three per tile.  Chance deals each tile
        (Jamey's draws at most once more), a mat per city, the district cards.

        >>> from engine.registry import make_game
        >>> make_game("between_two_cities", 3).max_game_length()
        325
        """
        return 3 * self.tiles_needed + 2 * self.tiles_needed + self.NC + 7

    def initial_buffer(self, buf: np.ndarray) -> None:
        lay = self.layout
        first = PH_DEAL
        if self.districts:
            first = PH_DIST
        if not self.beginner:
            first = PH_MAT
        buf[lay["phase"]] = first
        for name in NONE_FIELDS:
            lay.view(buf, name)[...] = NOTHING
        lay.view(buf, "boxb")[:] = self.tables["totb"]
        lay.view(buf, "boxd")[:] = self.tables["totd"]

    # -- accessors -------------------------------------------------------------
    def field(self, state: State, name: str) -> np.ndarray:
        return self.layout.view(state.buf, name)

    def phase(self, state: State) -> int:
        return int(state.buf[self.layout["phase"]])

    def round_is_duplex(self, state: State) -> bool:
        r = int(state.buf[self.layout["round"]])
        return r < self.NR and bool(self.round_kind[r])

    def city_of(self, seat: int, side: int) -> int:
        if self.two_std:
            return 2 * seat + side
        return seat if side == 0 else (seat - 1) % self.NPOS

    def seat_cities(self, seat: int) -> tuple[int, int]:
        """(left city, right city) of a seat (Jamey is seat 2 in the advanced 2-player game)."""
        return self.city_of(seat, 0), self.city_of(seat, 1)

    def city_scores(self, state: State) -> list[int]:
        out = np.zeros(self.NC, dtype=np.intc)
        self.kernel.city_scores(state.buf, out)
        return [int(v) for v in out]

    def category_counts(self, state: State, city: int) -> list[int]:
        """Tiles of each category (factory, shop, park, tavern, office, house, civic) in a city."""
        cells = self.field(state, "city")[city]
        counts = [0] * 7
        for v in cells[cells >= 2]:
            counts[int(self.tables["kcat"][(int(v) - 2) & 31])] += 1
        return counts

    def _keys(self, state: State) -> list[tuple]:
        """Every competitor's rank key, read from the kernel (seats, then Jamey) and unpacked."""
        out = np.zeros((self.players + 1) * RANK_KEYS, dtype=np.intc)
        n = self.kernel.rank_keys(state.buf, out)
        keys = []
        for c in range(n):
            k = [int(v) for v in out[c * RANK_KEYS:(c + 1) * RANK_KEYS]]
            head = k[:1] if self.two_std else k[:2]
            packed = k[len(head):len(head) + 2]
            counts = [(packed[0] >> s) & 63 for s in (12, 6, 0)] + [(packed[1] >> s) & 63 for s in (18, 12, 6, 0)]
            keys.append((*head, *counts))
        return keys

    def rank_keys(self, state: State) -> list[tuple]:
        """Final score, higher city, then factories, shops, parks, taverns, offices, houses, civic."""
        return self._keys(state)[:self.players]

    def fair_share(self) -> float | None:
        """None in the advanced two-player game (Jamey wins some games), else 1/players."""
        return None if self.jamey else super().fair_share()

    def rival_keys(self, state: State) -> list[tuple]:
        """Two-player advanced: Jamey (seat 2 of the seating) competes and can win."""
        return self._keys(state)[self.players:]

    def jamey_score(self, state: State) -> int:
        """Jamey's final score (the lower of cities 1 and 2) in the advanced 2-player game."""
        cs = self.city_scores(state)
        return min(cs[1], cs[2])

    def heuristic(self, state: State, seat: int, move: int) -> float:
        """Points a placement adds to its city now (0 for other moves)."""
        if seat == CHANCE or self.phase(state) != PH_PLACE or not PLACE_BASE <= move < PLACE_BASE + 8 * NCELL:
            return 0.0
        side = (move - PLACE_BASE) // NCELL % 2
        c = self.city_of(seat, side)
        before = self.city_scores(state)[c]
        t = state.clone()
        self.kernel.apply(t.buf, seat, move)
        return float(self.city_scores(t)[c] - before)

    # -- notation and drawing --------------------------------------------------------
    def move_to_string(self, state: State, seat: int, move: int) -> str:
        return notation.move_to_string(self, state, seat, move)

    def parse_move(self, state: State, seat: int, text: str) -> int:
        return notation.parse_move(self, state, seat, text)

    def draw(self, state: State, seat: int | None) -> str:
        return draw_state(self, state, seat)

    # -- checks ---------------------------------------------------------------------
    def make_interpreted_kernel(self):
        return select.twins("between_two_cities")[1].BetweenTwoCitiesKernel(self.kernel_cfg)

    def check_buffer(self, buf: np.ndarray) -> None:
        lay = self.layout
        g = {k: int(buf[lay[k]]) for k in ("phase", "round", "turn", "ptr", "sub", "sides")}
        if not PH_MAT <= g["phase"] <= PH_END:
            raise BadState(f"phase {g['phase']} out of range")
        if not 0 <= g["round"] <= self.NR or (g["round"] == self.NR) != (g["phase"] == PH_END):
            raise BadState(f"round {g['round']} does not fit the phase")
        if not 0 <= g["turn"] <= 4 or not 0 <= g["sub"] <= 1 or not 0 <= g["sides"] <= 3:
            raise BadState("turn, sub or sides out of range")
        if not 0 <= g["ptr"] < 200 or (g["phase"] in (PH_PLACE,) and g["ptr"] >= self.players):
            raise BadState(f"pointer {g['ptr']} out of range")
        mats = lay.view(buf, "mat")
        if (((mats < UNSEEN) & (mats != NOTHING)) | (mats >= self.NMAT)).any():
            raise BadState("mat out of range")
        cells = lay.view(buf, "city")
        nk = len(self.kind_names)
        ok = (cells == 0) | (cells == 1) | ((cells >= 2) & (cells < 2 + nk)) | ((cells >= 34) & (cells < 34 + nk))
        if not ok.all():
            raise BadState("city cell out of range")
        # landscape is the mat's own (placed with it): an extra one can close every cell a
        # pending tile may take, and the rollouts' placement found none to play, for ever
        land = self.kernel_cfg["land"].reshape(-1, NCELL)
        for c, m in enumerate(mats.tolist()):
            want = land[m] if 0 <= m < len(land) else np.zeros(NCELL, dtype=land.dtype)
            if ((cells.reshape(-1, NCELL)[c] == 1) != (want != 0)).any():
                raise BadState(f"city {c}: landscape cells that are not its mat's")
        for name, top in (("dcard", 7), ("ddisc", 7), ("jpick", nk), ("chosen", KM), ("pend", KM),
                          ("disc", KM), ("jdisc", KM)):
            v = lay.view(buf, name)
            if ((v < UNSEEN) & (v != NOTHING)).any() or (v >= top).any():
                raise BadState(f"{name} out of range")
        v = lay.view(buf, "dpl")
        if ((v < 0) | (v >= len(self.duplex_names))).any():
            raise BadState("dpl out of range")
        for name in ("boxb", "boxd", "hand"):
            if (lay.view(buf, name) < UNSEEN).any():
                raise BadState(f"negative count in {name}")
        self.check_unseen(buf)
        for name in ("dcnt", "handn", "done"):
            v = lay.view(buf, name)
            if (v < 0).any() or (v > 9).any():
                raise BadState(f"{name} out of range")
        if (lay.view(buf, "done") > 1).any() or (lay.view(buf, "dcnt") > 2).any():
            raise BadState("done or duplex count out of range")
        # a hand holds handn tiles, and (but while dealing, and with Jamey's hand of his own)
        # every hand is as large as the others: the kernels size their loops by these counts
        hand, handn = lay.view(buf, "hand"), lay.view(buf, "handn")
        for q in range(self.NPOS):
            if not (hand[q] == UNSEEN).any() and int(hand[q].sum()) != int(handn[q]):
                raise BadState(f"hand {q} holds {int(hand[q].sum())} tiles, handn says {int(handn[q])}")
        if not self.jamey and g["phase"] != PH_DEAL and len(set(handn.tolist())) > 1:
            raise BadState("hands of different sizes")
        if g["round"] < self.NR:
            duplex = bool(self.round_kind[g["round"]])
            if (handn > self.kernel_cfg["rhand"][g["round"]]).any():
                raise BadState("a hand larger than this round deals")
            kinds = len(self.duplex_names) if duplex else len(self.kind_names)
            if (hand[:, kinds:] > 0).any():
                raise BadState("a hand holds tiles of another round's kind")
            # the kernels' tile tables are KM long, so a code past this round's kinds is read
            # unnoticed (and names no tile to draw)
            if any((lay.view(buf, name) >= kinds).any() for name in ("chosen", "pend")):
                raise BadState("a chosen or pending tile of another round's kind")
        elif any((lay.view(buf, name) != NOTHING).any() for name in ("chosen", "pend")):
            raise BadState("a chosen or pending tile after the last round")
        # the placing seat has as many tiles still to place as sides still open
        mine = lay.view(buf, "pend")[g["ptr"]][:2] if g["phase"] == PH_PLACE else None
        if not self.jamey and mine is not None and not (mine == UNSEEN).any() \
                and int((mine >= 0).sum()) + bin(g["sides"]).count("1") != 2:
            raise BadState("the placing seat's tiles do not match the sides it has placed")

    # -- hidden and none ------------------------------------------------------------
    def may_hide(self, buf: np.ndarray) -> np.ndarray:
        """Where a view may hold ``?``: the box, hands, the choices of seats that
        have chosen (not the observer's) and the discards of past rounds."""
        lay, mask = self.layout, np.zeros(len(buf), dtype=bool)
        for name in ("boxb", "boxd", "hand"):
            lay.view(mask, name)[...] = True
        me = int(buf[OBSERVER]) - 1
        done, chosen = lay.view(buf, "done"), lay.view(mask, "chosen")
        for s in range(self.players):
            chosen[s] = bool(done[s]) and s != me
        r, disc = int(buf[lay["round"]]), lay.view(mask, "disc")
        for rr in range(min(r, self.NR)):
            disc[rr, :self.players if self.round_kind[rr] else self.NPOS] = True
        return mask

    def check_unseen(self, buf: np.ndarray) -> None:
        """``?`` only where a view can hide something, and never in a full state."""
        unseen = np.flatnonzero((buf == UNSEEN) & ~self.may_hide(buf) if buf[OBSERVER] else buf == UNSEEN)
        unseen = unseen[unseen >= HEADER]
        if len(unseen):
            name = next(n for n, o in self.layout.offsets.items() if o <= unseen[0] < o + self.layout.length(n))
            where = "a full state hides nothing" if not buf[OBSERVER] else "nothing there can be hidden"
            raise BadState(f"field {name!r}: '?' (unknown) but {where}")

    def state_body(self, text: str) -> str:
        """Read strings written before ``-`` (none) existed, when ``?`` meant both.

        A ``?`` in a tile field where nothing can be hidden (see :meth:`may_hide`)
        is read as ``-``; one where a tile can be hidden stays unknown, so in a
        full state it is refused (:meth:`check_unseen`).
        """
        buf = self.layout.loads(text)
        legacy = (buf == UNSEEN) & ~self.may_hide(buf) & self._none_mask()
        if not legacy.any():
            return text
        buf[legacy] = NOTHING
        return self.layout.dumps(buf)

    def _none_mask(self) -> np.ndarray:
        mask = np.zeros(self.layout.size, dtype=bool)
        for name in NONE_FIELDS:
            self.layout.view(mask, name)[...] = True
        return mask
