"""City and Guilds: the Game class (edition, layout, kernel, notation hooks).

>>> import engine
>>> s = engine.make("city_and_guilds", players=3, seed=1)
>>> s.to_move()
(-1,)
>>> s.move_to_string(-1, s.chance_outcomes()[0][0])
'building-candlemakers'
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from cython_ext.city_and_guilds_layout import (CHOSEN, DISCARD, DRAW, EMPTY, END, MINSTREL, NK, PLACE,
                                               SETUP, TAVERN, TAVERN_PH, field_shapes)
from engine.city_and_guilds import draw as drawing
from engine.city_and_guilds import notation
from engine.city_and_guilds.edition import parse_map, validate
from engine.core import HEADER, OBSERVER, Game, State
from engine.errors import BadState
from engine.layout import Layout
from engine.registry import register

_kernel = select.load("city_and_guilds")


@register
class CityAndGuilds(Game):
    name = "city_and_guilds"
    title = "City and Guilds"
    min_players = 3
    max_players = 5
    variant_list = ()
    score_scale = 15.0
    # Most money wins and the rulebook gives no tie-break (ties share): the default
    # Game.rank_keys (score only), which the search scores inside its loop and the
    # base kernel's rank_keys matches, so neither is overridden here.

    def validate_edition(self, data: dict) -> None:
        validate(data, self.max_players)

    def build(self) -> None:
        ed = self.edition
        self.map = parse_map(ed["map"])
        self.guilds = list(ed["guilds"])
        m = self.map
        t = ed["tiles"]
        self.totals = [t["building"], t["market"]] * 4 + [t["minstrel"]]
        self.men0 = ed["men"][str(self.players)]
        # the final count takes £1 per unused man: money may end below zero
        self.layout = Layout(field_shapes(self.players, m.spaces, m.blocks), start=HEADER, signed_fields=("money",))
        self.kernel = _kernel.CityAndGuildsKernel(*self.kernel_args())

    def make_interpreted_kernel(self):
        return select.twins("city_and_guilds")[1].CityAndGuildsKernel(*self.kernel_args())

    def kernel_args(self) -> tuple:
        """The arguments of ``CityAndGuildsKernel`` for this edition and player count
        (tests build the compiled and the interpreted kernel from them)."""
        m = self.map
        t = self.edition["tiles"]
        v = self.edition["values"]
        offsets = np.array([self.layout[name] for name, _ in
                            field_shapes(self.players, m.spaces, m.blocks)], dtype=np.intc)
        order = sorted(range(m.spaces), key=lambda s: (m.block_of[s], s))
        first = [0] * (m.blocks + 1)
        for s in range(m.spaces):
            first[m.block_of[s] + 1] += 1
        for b in range(m.blocks):
            first[b + 1] += first[b]
        return (self.players, self.layout.size, m.spaces, m.blocks,
                np.array(m.adj, dtype=np.intc).reshape(-1), np.array(m.block_of, dtype=np.intc),
                np.array(first, dtype=np.intc), np.array(order, dtype=np.intc),
                np.array(self.totals, dtype=np.intc), self.men0, t["tavern"],
                self.edition["track_max"],
                np.array([v["block"], v["market"], v["minstrel"], v["tavern"]], dtype=np.intc),
                offsets)

    def max_game_length(self) -> int:
        """Each placement fills a space and is followed by at most one tavern
        choice and one draw; each seat makes one setup discard.  Every chance
        draw takes a tile from the supply, and the discards return n tiles.

        >>> from engine.registry import make_game
        >>> g = make_game("city_and_guilds", 3)
        >>> g.max_game_length() == 3 * g.map.spaces + 3 + sum(g.totals) + 3
        True
        """
        n = self.players
        return 3 * self.map.spaces + n + sum(self.totals) + n

    def initial_buffer(self, buf: np.ndarray) -> None:
        self.kernel.init(buf)

    # -- views of fields --------------------------------------------------------
    def field(self, state: State, name: str) -> np.ndarray:
        return self.layout.view(state.buf, name)

    def check_buffer(self, buf: np.ndarray) -> None:
        """Range checks of every field (UNKNOWN allowed only where views mask)."""
        P, S, B = self.players, self.map.spaces, self.map.blocks
        lay = self.layout

        def rng(name: str, lo: int, hi: int, unknown: bool = False) -> None:
            vals = lay.view(buf, name).reshape(-1)
            for x in vals:
                if not (lo <= x <= hi or (unknown and x == -1)):
                    raise BadState(f"field {name}: value {int(x)} out of range {lo}..{hi}")

        rng("phase", 0, END)
        rng("cur", 0, P - 1)
        rng("stamp", 0, 10 ** 6)
        rng("tavleft", 0, self.edition["tiles"]["tavern"])
        rng("dealt", 0, 4 * P)
        rng("setupleft", 0, P)
        rng("money", -1000, 10 ** 5)
        rng("men", 0, self.men0)
        rng("hsize", 0, 4)
        rng("hand", 0, 4, unknown=True)
        rng("known", 0, 4)
        rng("pend", CHOSEN, NK)
        if (lay.view(buf, "pend") == -1).any():
            raise BadState("field pend: value -1 out of range -2..9")
        rng("putback", 0, NK, unknown=True)
        rng("face", 0, EMPTY)
        rng("supply", 0, max(self.totals), unknown=True)
        rng("tile", 0, EMPTY)
        rng("mowner", 0, P)
        rng("nmen", 0, 2)
        rng("white", 0, P)
        rng("black", 0, P)
        rng("done", 0, 1)
        rng("inv", 0, self.edition["track_max"])
        rng("istamp", 0, 10 ** 6)
        if any(k == TAVERN for k in lay.view(buf, "face")):
            raise BadState("a tavern cannot be face up")
        hand = lay.view(buf, "hand").reshape(P, NK)
        hsize = lay.view(buf, "hsize")
        known = lay.view(buf, "known").reshape(P, NK)
        for p in range(P):
            if hand[p, 0] != -1 and int(hand[p].sum()) != int(hsize[p]):
                raise BadState(f"hand of seat {p} does not hold hsize={int(hsize[p])} tiles")
            if hand[p, 0] != -1 and (known[p] > hand[p]).any():
                raise BadState(f"seat {p} holds fewer tiles than known")
        # the piles are hidden whole from every seat (observe) and known whole in a full
        # state: a mix gave chance a total of 0 over outcomes it still listed (the fuzz)
        supply = lay.view(buf, "supply")
        if int(buf[OBSERVER]) and not (supply == -1).all():
            raise BadState("field supply: a view hides it whole")
        if not int(buf[OBSERVER]) and (supply == -1).any():
            raise BadState("field supply: unknown in a full state")
        tile = lay.view(buf, "tile")
        for s in range(S):
            if tile[s] == EMPTY and (lay.view(buf, "mowner")[s] or lay.view(buf, "nmen")[s]):
                raise BadState(f"men on empty space {self.map.names[s]}")
        if B and any(w and w == k for w, k in zip(lay.view(buf, "white"), lay.view(buf, "black"))):
            raise BadState("one player holds both the white and the black cube of a block")

    # -- notation -----------------------------------------------------------------
    def move_to_string(self, state: State, seat: int, move: int) -> str:
        return notation.move_to_string(self, state, seat, move)

    def parse_move(self, state: State, seat: int, text: str) -> int:
        return notation.parse_move(self, state, seat, text)

    def draw(self, state: State, seat: int | None = None) -> str:
        return drawing.draw(self, state, seat)

    def heuristic(self, state: State, seat: int, move: int) -> float:
        """Immediate gain: investment steps, men placed, and a completed block's bonus."""
        S = self.map.spaces
        if move >= 18 * S:
            return 0.5 if move < 19 * S else 0.0
        kind, sp, opt = move // (2 * S), (move // 2) % S, move % 2
        gain = 0.0
        if kind == MINSTREL:
            gain = 0.6 * opt
        elif kind % 2 == 1:
            gain = 2.0
        else:
            gain = 1.2 if opt else 1.0
        b = self.map.block_of[sp]
        tile = self.layout.view(state.buf, "tile")
        empties = sum(1 for s in range(S) if self.map.block_of[s] == b and tile[s] == EMPTY)
        if empties == 1:
            gain += 1.5
        return gain

    # -- helpers for notation, drawing and tests ---------------------------------
    def kind_name(self, kind: int) -> str:
        return notation.kind_name(self, kind)

    def phase(self, state: State) -> int:
        return int(state.buf[self.layout["phase"]])


__all__ = ["CityAndGuilds", "DISCARD", "DRAW", "PLACE", "SETUP", "TAVERN_PH"]
