"""The Walled City: Londonderry & Borderlands (rules: docs/games/walled_city.md).

>>> import engine
>>> s = engine.make("walled_city", players=3, seed=1)
>>> s.to_move()
(-1,)
>>> from engine.perft import play_to_decision
>>> play_to_decision(s, 1).to_move()
(0,)
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from engine.core import HEADER, Game, State, Variant
from engine.errors import BadState
from engine.layout import Layout
from engine.registry import register
from engine.walled_city import draw as _draw
from engine.walled_city import notation
from engine.walled_city.edition import BOX, POWERS, validate

NDICE, NGUILD, K, OWN = 20, 20, 14, 11
RANK_KEYS = 4                                 # words per competitor (kernel contract)
MAX_MOVES = 64
PHASES = ("chance", "start-roads", "align", "construct", "card", "split", "nobles", "nobles-2",
          "promote", "adjust", "defense-card", "defense-zone", "end", "turn-end", "power", "power-chance")


MAXS, MAXP, MAXG = 6, 32, 16                  # fence splits per area, paths, gaps (walled_city .pxd)
MAXTR, TR_W = 12, 42                          # Butchers' trade log: records, words each (walled_city_powers.pxd)


def fence_table(board: dict, key: str) -> list[int]:
    """Carpenters' splits as flat rows of the kernel (area, split, piece): 1 the piece borders the
    far half, 2 (paths) the fence ends on it: it borders both halves (a T-path side)."""
    width = MAXP if key == "paths" else MAXG
    out = [0] * (len(board["areas"]) * MAXS * width)
    for a, splits in enumerate(board["fences"]):
        for s, sp in enumerate(splits):
            base = (a * MAXS + s) * width
            for x in sp[key]:
                out[base + x] = 1
            for x in sp.get("tpaths", []) if key == "paths" else []:
                out[base + x] = 2
    return out


@register
class WalledCity(Game):
    name = "walled_city"
    title = "The Walled City: Londonderry & Borderlands"
    min_players = 2
    max_players = 4
    variant_list = (
        Variant("borderlands", "play on the Borderlands board (default: Londonderry)"),
        Variant("mixed-guilds", "shuffle all 20 guild cards into one deck ('b' acts after the same number)"),
    ) + tuple(Variant(f"no-powers-{i}", f"seat {i} never activates its guild's power (strength matches)",
                      None if i < 2 else tuple(range(i + 1, 5))) for i in range(4))
    score_scale = 10.0
    first_round = 1   # the ``round`` field counts from 1 (guildhall's records count from 0)

    # -- edition and configuration -------------------------------------------------
    def validate_edition(self, data: dict) -> None:
        validate(data)

    def build(self) -> None:
        ed = self.edition
        self.board_name = "borderlands" if self.has("borderlands") else "londonderry"
        b = ed["boards"][self.board_name]
        self.board = b
        P = self.players
        self.owners = P + 1 if P == 2 else P   # two players: a neutral colour competes
        self.setup_row = b["setup"][str(P)]
        self.cards = [tuple(c) for c in ed["cards"]] + [tuple(c) for c in ed["offcolour_cards"]]
        self.guilds = ed["guilds"]
        self.deck = [g for g in range(NGUILD)
                     if self.has("mixed-guilds") or self.board_name in self.guilds[g]["decks"]]
        na0, npth, ng = len(b["areas"]), len(b["paths"]), len(b["gaps"])
        na = 2 * na0   # printed areas, then the far half of each (Carpenters' fence)
        self.area_names = list(b["areas"]) + [n + "'" for n in b["areas"]]
        nt, nz, nc = b["towers"], len(b["zones"]), len(b["chit_spots"])
        NO = self.owners
        self.sizes = dict(areas=na, areas0=na0, paths=npth, gaps=ng, towers=nt, zones=nz, chits=nc)
        fields = [(n, 1) for n in ("phase", "round", "cur", "turn", "setup", "sel_loc", "sel_card",
                                   "sel_x", "sel_y", "sel_nx", "sel_ny", "sel_left")]
        fields += [("order", P), ("score", P), ("roads", P), ("walls", P), ("nob", NO), ("pea", NO),
                   ("hand", (P, K)), ("pool", (P, OWN)), ("offun", P), ("guild", P), ("guild1", P),
                   ("gstate", NGUILD), ("die_f", NDICE), ("die_v", NDICE), ("chit", nc),
                   ("road", npth), ("wall", ng), ("an", (na, NO)), ("ap", (na, NO)), ("tw", (nt, NO)),
                   ("zcard", nz), ("zori", nz), ("zown", nz), ("dloc", NDICE), ("cloc", nc), ("piv", P)]
        fields += [(n, 1) for n in ("pw_kind", "pw_step", "pw_ret", "pw_o", "pw_a", "pw_b", "pw_n")]
        fields += [("pw_m", 3), ("drape", 1), ("tused", 1), ("pside", (npth, 4)), ("garea", ng), ("fence", na0)]
        fields += [("nbt", 1), ("bt", (MAXTR, TR_W))]   # Butchers' trade log (walled_city_powers)
        self.layout = Layout(fields, start=HEADER, signed_fields=("score", "chit"))  # -1 chits, votes below zero
        path_ar = []
        for p in b["paths"]:
            sa, sb = p["a"] + [-1] * (2 - len(p["a"])), p["b"] + [-1] * (2 - len(p["b"]))
            path_ar += sa + sb
        arr = lambda xs: np.array(xs, dtype=np.intc)  # noqa: E731
        self.topo = dict(
            owners=NO, areas=na, areas0=na0, paths=npth, gaps=ng, towers=nt, zones=nz, chits=nc,
            roads=self.setup_row["roads"], walls=self.setup_row["walls"],
            start_roads=self.setup_row["starting_roads"], offcolour=int(self.setup_row["offcolour"]),
            display=ed["display"][str(P)],
            path_ar=arr(path_ar), gap_area=arr([g["area"] for g in b["gaps"]]),
            gap_tw=arr([t for g in b["gaps"] for t in g["towers"]]),
            zone_tw=arr([t for z in b["zones"] for t in z["towers"]]),
            die_area=arr([s.get("area", -1) for s in b["die_spots"]]),
            die_tower=arr([s.get("tower", -1) for s in b["die_spots"]]),
            chit_area=arr(b["chit_spots"]),
            card_a=arr([c[0] for c in self.cards]), card_b=arr([c[1] for c in self.cards]),
            gkey=arr([g["priority"] * 2 + int(g["b"]) for g in self.guilds]),
            place_votes=arr(ed["place_votes"]),
            gpower=arr([POWERS.index(g["power"]) for g in self.guilds]),
            gconst=arr([int(g.get("constant", False)) for g in self.guilds]),
            nsplit=arr([len(s) for s in b["fences"]]), fpath=arr(fence_table(b, "paths")),
            fgap=arr(fence_table(b, "gaps")),
            passive=arr([int(self.has(f"no-powers-{i}")) for i in range(P)]),
        )
        self.kernel = self.make_kernel(select.load("walled_city"))

    def make_kernel(self, module):
        """``module``'s ``WalledCityKernel`` for this game (the compiled or the interpreted one)."""
        return module.WalledCityKernel(self.players, self.layout.size, MAX_MOVES, dict(self.layout.offsets),
                                       self.topo)

    def make_interpreted_kernel(self):
        return self.make_kernel(select.twins("walled_city")[1])

    def max_game_length(self) -> int:
        """Chance only sets up.  Decisions: the starting roads; an alignment
        per seat and round; a build turn per road (round 1) and wall (round 2),
        each a location, card, split, two settlings, promotions (at most the
        card's larger number, then a stop), an adjustment and the turn-end
        step; per seat and round a defense card and its zone.  Guild powers:
        one activation per seat and round (per turn for a constant guild),
        each at most a Grocers copy and 13 more steps (Carpenters with five
        owners: area, split, two counts per owner, the chit's side) plus
        Haberdashers' four chance outcomes.

        >>> from engine.registry import make_game
        >>> make_game("walled_city", 2).max_game_length() > 0
        True
        """
        P, row = self.players, self.setup_row
        k = self.kernel
        chance = (P if row["offcolour"] else 0) + 20 + k.nc + k.display_n
        top = max(max(c) for c in self.cards)
        turns = P * (row["roads"] + row["walls"])
        acts = turns if any(self.topo["gconst"]) else 2 * P
        power = acts * (1 + 1 + 13 + 4)
        return chance + row["starting_roads"] + 2 * P + turns * (5 + top + 1 + 1 + 1) + 2 * 2 * P + power

    def initial_buffer(self, buf: np.ndarray) -> None:
        L, row, P = self.layout, self.setup_row, self.players
        L.view(buf, "round")[0] = 1
        L.view(buf, "roads")[:] = row["roads"]
        L.view(buf, "walls")[:] = row["walls"]
        L.view(buf, "nob")[:P] = row["nobles"]
        L.view(buf, "pea")[:P] = row["peasants"]
        deck = [row["decks"]] * OWN
        for c in row["discard"]:
            deck[self.cards.index(tuple(c))] = 0
        L.view(buf, "hand")[:, :OWN] = deck
        L.view(buf, "pool")[:, :] = deck
        L.view(buf, "order")[:] = range(P)
        for g in self.deck:
            L.view(buf, "gstate")[g] = 1
        na = 2 * len(self.board["areas"])
        L.view(buf, "pside")[:] = self.topo["path_ar"].reshape(-1, 4)
        L.view(buf, "garea")[:] = self.topo["gap_area"]
        L.view(buf, "dloc")[:] = [s["area"] if "area" in s else na + s["tower"] for s in self.board["die_spots"]]
        L.view(buf, "cloc")[:] = self.board["chit_spots"]
        if P == 2:  # neutral colour: 1 noble + 2 peasants by every gap, 1 noble per tower
            an, ap, tw = L.view(buf, "an"), L.view(buf, "ap"), L.view(buf, "tw")
            for a in sorted({g["area"] for g in self.board["gaps"]}):
                an[a, P] += 1
                ap[a, P] += 2
            tw[:, P] = 1
            # the rest of the colour is its supply (guild powers use it: docs/rulings.md)
            L.view(buf, "nob")[P] = BOX[0] - int(an[:, P].sum()) - int(tw[:, P].sum())
            L.view(buf, "pea")[P] = BOX[1] - int(ap[:, P].sum())

    def check_buffer(self, buf: np.ndarray) -> None:
        L = self.layout
        masked = int(buf[1]) != 0
        hidden = {"hand", "zcard", "zori", "sel_card", "pw_a"}
        na, nt = self.sizes["areas"], self.board["towers"]
        limits = {"phase": (0, len(PHASES) - 1), "dloc": (0, na + nt - 1), "cloc": (0, na - 1),
                  "pw_kind": (0, 20), "pw_ret": (0, len(PHASES) - 1), "piv": (0, 1), "drape": (0, 1),
                  "tused": (0, 1), "pside": (-1, na - 1), "garea": (0, na - 1), "fence": (0, MAXS),
                  "pw_m": (0, 64 * 5), "round": (1, 2), "cur": (0, self.players - 1),
                  "turn": (-1, 64), "setup": (0, 64), "sel_card": (0, K - 1), "order": (0, self.players - 1),
                  "score": (-999, 9999), "gstate": (0, 3), "die_f": (0, 4), "die_v": (0, 3), "chit": (-1, 1),
                  "road": (0, 3), "wall": (0, 3), "zcard": (0, K), "zori": (0, 1), "zown": (0, self.players),
                  "guild": (0, NGUILD), "guild1": (0, NGUILD), "offun": (0, 1), "hand": (0, 8),
                  "pool": (-MAXTR, 2), "nbt": (0, MAXTR), "bt": (-1, 64)}
        for name in L.offsets:
            if name == "head":
                continue
            lo, hi = limits.get(name, (0, 64))
            v = L.view(buf, name).ravel()
            if masked and name in hidden:
                v = v[v != -1]
            if v.size and (v.min() < lo or v.max() > hi):
                raise BadState(f"field {name} out of range {lo}..{hi}")
        g = L.view(buf, "guild")
        if any(x > 0 and buf[L["gstate"] + x - 1] != 3 for x in g):
            raise BadState("a held guild is still in the display")
        self._check_pieces(buf)
        self._check_trades(buf)

    def _check_pieces(self, buf: np.ndarray) -> None:
        """Pieces only leave a supply, and each build turn needs a free spot: a seat with more
        roads or walls than free spots runs out of moves in the middle of a round (the fuzz)."""
        L, row = self.layout, self.setup_row
        for name, spot, most in (("roads", "road", row["roads"]), ("walls", "wall", row["walls"])):
            left = L.view(buf, name)
            if (left > most).any():
                raise BadState(f"field {name}: more than the {most} a seat starts with")
            if left.sum() > (L.view(buf, spot) == 0).sum():
                raise BadState(f"field {name}: more {name} to build than free spots for them")
        nob = L.view(buf, "nob") + L.view(buf, "an").sum(axis=0) + L.view(buf, "tw").sum(axis=0)
        pea = L.view(buf, "pea") + L.view(buf, "ap").sum(axis=0)
        if (nob > BOX[0]).any() or (pea > BOX[1]).any():
            raise BadState(f"more citizens of a colour than its box holds ({BOX[0]} nobles, {BOX[1]} peasants)")
        # an area's far half (the Carpenters' fence) exists only once fenced: the powers that
        # move citizens found no move with citizens there before (the fuzz)
        na0, unfenced = self.sizes["areas0"], L.view(buf, "fence") == 0
        far = L.view(buf, "an")[na0:].sum(axis=1) + L.view(buf, "ap")[na0:].sum(axis=1)
        locs = np.concatenate([L.view(buf, "dloc"), L.view(buf, "cloc")])
        locs = locs[(locs >= na0) & (locs < 2 * na0)] - na0
        if (unfenced & (far > 0)).any() or unfenced[locs].any():
            raise BadState("citizens, a die or a chit in the far half of an area with no fence")
        off = L.view(buf, "hand")[:, OWN:]
        if (np.where(off > 0, off, 0).sum(axis=1) > 1).any():  # a world redraws the others' hands by it
            raise BadState("more than one off-colour card in a hand")

    def _check_trades(self, buf: np.ndarray) -> None:
        """Butchers' log: every word the kernel indexes with in range (TR_* of walled_city_powers.pxd)."""
        P, nz = self.players, len(self.board["zones"])
        for i, t in enumerate(self.layout.view(buf, "bt")[:int(self.layout.view(buf, "nbt")[0])]):
            spans = [(t[0:1], 0, P - 1), (t[1:2], 0, P - 1), (t[2:4], -1, OWN - 1), (t[4:6], 0, 1),
                     (t[6:8], -1, nz - 1), (t[8:30], -MAXTR, 2), (t[30:41], -1, 2 * MAXTR), (t[41:42], -1, K - 1)]
            if any(v.min() < lo or v.max() > hi for v, lo, hi in spans) or t[0] == t[1] or \
                    (t[5] and t[3] < 0 and t[2] >= 0):
                raise BadState(f"field bt: Butchers trade {i} out of range")
        L = self.layout
        if int(L.view(buf, "pw_kind")[0]) - 1 == POWERS.index("butchers-b") and int(L.view(buf, "phase")[0]) == 14:
            if not (0 <= int(L.view(buf, "pw_o")[0]) < P and -1 <= int(L.view(buf, "pw_a")[0]) < OWN
                    and int(L.view(buf, "pw_step")[0]) in (0, 1, 2)):
                raise BadState("field pw_o/pw_a/pw_step: Butchers step out of range")

    # -- notation, drawing, ranking -----------------------------------------------------
    def move_to_string(self, state: State, seat: int, move: int) -> str:
        return notation.move_to_string(self, state, seat, move)

    def parse_move(self, state: State, seat: int, text: str) -> int:
        return notation.parse_move(self, state, seat, text)

    def draw(self, state: State, seat: int | None) -> str:
        return _draw.draw(self, state if seat is None else state.observe(seat) if state.observer is None
                          else state, seat)

    def field(self, state: State, name: str) -> np.ndarray:
        return self.layout.view(state.buf, name)

    def rank_keys(self, state: State) -> list[tuple]:
        """Votes, then the lowest-numbered round-2 guild ('b' after the same number): the
        kernel's ``rank_keys`` (the rule is written there once), one tuple per seat."""
        out = np.zeros(RANK_KEYS * (self.players + 1), dtype=np.intc)
        n = self.kernel.rank_keys(state.buf, out)
        return [tuple(int(x) for x in out[c * RANK_KEYS:(c + 1) * RANK_KEYS]) for c in range(n)]

    def heuristic(self, state: State, seat: int, move: int) -> float:
        """Citizens a card brings (build), else 0: cheap and enough for a greedy baseline."""
        phase = int(self.field(state, "phase")[0])
        if phase == 4 and 0 <= move < len(self.cards):
            a, b = self.cards[move]
            return float(a + b)
        return 0.0

    def guild_token(self, g: int) -> str:
        gd = self.guilds[g]
        return f"{gd['name'].lower()}{gd['priority']}{'b' if gd['b'] else ''}"
