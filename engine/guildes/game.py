"""Guildes: the game object -- edition, buffer layout, kernel, notation.

>>> import engine
>>> s = engine.make("guildes", players=4, seed=3)
>>> s.move_to_string(-1, s.chance_outcomes()[0][0])
'event one-fewer'
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from cython_ext.guildes_rules import DRAW, EVENT, NOTIES, RDEAL, REDIS, SACRIF, START, SWAPH, SWAPT, TDEAL, TRICK, VIRT
from engine.core import CHANCE, HEADER, Game, State, Variant
from engine.errors import BadMove, EditionError
from engine.guildes import checks
from engine.guildes import edition as ed
from engine.guildes import inference
from engine.guildes import notation
from engine.guildes.draw import draw_state
from engine.layout import Layout
from engine.registry import register



@register
class Guildes(Game):
    name = "guildes"
    title = "Guildes"
    min_players = 3
    max_players = 6
    score_scale = 15.0
    _pick_model = None  # the pick model's weights, read when a search first weighs worlds
    variant_list = (
        Variant("events", "Event Cards: each round's event card also changes the rules of that round"),
        Variant("tricks", "Dirty Trick Cards: a dirty trick phase after playing, before the count"),
    )

    def validate_edition(self, data: dict) -> None:
        ed.validate(data)
        if str(self.players) not in data["players"]:
            raise EditionError(f"no deal sizes for {self.players} players")

    def build(self) -> None:
        arrays = ed.kernel_arrays(self.edition, self.players)
        self.guild_names = [g["name"] for g in self.edition["guilds"]]
        self.event_names = [e["name"] for e in self.edition["events"]]
        n, G, h = self.players, arrays["guilds"], arrays["dealt"]
        self.G, self.dealt, self.played = G, h, arrays["played"]
        self.total = arrays["total"]
        self.layout = Layout([
            ("round", 1), ("phase", 1), ("step", 1), ("event", 1), ("dir", 1), ("used", 1),
            ("score", n), ("deck", G), ("discarded", (n, G)), ("table", (n, G)),
            ("played", (n, G)), ("kept", (n, G)), ("pending", n), ("picks", (n, h)),
            ("hist", (h, n, G)), ("known", (n, G)),
        ] + self.variant_fields(), start=HEADER,
            signed_fields=("dir", "virt", "dpub") if self.has("tricks") else ("dir",))  # -1: to the right, a -1 card
        self.events, self.tricks = self.has("events"), self.has("tricks")
        self.trick_names = [t["name"] for t in self.edition.get("tricks", [])]
        cfg = dict(arrays, players=n, size=self.layout.size, offsets=self.layout.offsets)
        cfg.update(ed.variant_arrays(self.edition, n, self.events, self.tricks))
        self.cfg = cfg
        self.kernel_module = select.load("guildes")  # cython_ext/guildes.py, compiled unless forced
        self.kernel = self.kernel_module.GuildesKernel(cfg)

    def variant_fields(self) -> list:
        """Buffer fields the variants add (none for the base game)."""
        n, G = self.players, self.G
        out: list = []
        if self.variants:
            out.append(("ndisc", n))  # cards each seat has discarded (a public number)
        if self.has("events"):
            out += [("start", 1), ("sub", 1), ("pend2", n), ("fdown", n), ("rdisc", n), ("rrecv", n)]
        if self.has("tricks"):
            out += [("trick", n), ("prevtrick", n), ("tstep", 1), ("virt", (n, G)), ("pubdisc", G),
                    ("drawn", G), ("dcard", 2), ("tdisc", (n, G)), ("dpair", 2), ("dpub", G)]
        return out

    def max_game_length(self) -> int:
        """Per round (of three): the deal (n*h draws) and the draft (n*h
        picks), at most h plays per seat, an event draw, a redistribution (n
        discards and one deal) or a start-player draw, and per dirty trick its
        deal, its use and a two-card draw and pick.

        >>> from engine.registry import make_game
        >>> make_game("guildes", 4).max_game_length()
        324
        """
        n, h = self.players, self.dealt
        per_round = 2 * n * h + n * h
        if self.has("events"):
            per_round += 1 + (n + 1) + 1
        if self.has("tricks"):
            per_round += n + 4 * n
        return 3 * per_round

    def initial_buffer(self, buf: np.ndarray) -> None:
        lay = self.layout
        lay.view(buf, "deck")[:] = self.total
        lay.view(buf, "pending")[:] = -1
        lay.view(buf, "picks")[:] = -1
        lay.view(buf, "event")[:] = -1
        for name in ("start", "pend2", "fdown", "rdisc", "rrecv", "trick", "prevtrick", "dcard", "dpair"):
            if name in lay.offsets:
                lay.view(buf, name)[:] = -1

    def field(self, state: State, name: str) -> np.ndarray:
        return self.layout.view(state.buf, name)

    def world_log_weights(self, worlds: np.ndarray, seat: int) -> np.ndarray:
        """How likely each world makes the other seats' draft picks of this round, under the
        shipped pick model (see :mod:`engine.guildes.inference`)."""
        if self._pick_model is None:
            self._pick_model = inference.load_model()
        return inference.pick_log_weights(self, worlds, seat, self._pick_model)

    def phase(self, state: State) -> int:
        return int(state.buf[self.layout["phase"]])

    # -- notation -----------------------------------------------------------
    def move_to_string(self, state: State, seat: int, move: int) -> str:
        phase = self.phase(state)
        if seat == CHANCE:
            if phase == EVENT:
                return f"event {self.event_names[move]}" if 0 <= move < len(self.event_names) else f"event #{move}"
            if phase == TDEAL:
                ok = 0 <= move < len(self.trick_names)
                return f"trick {self.trick_names[move]}" if ok else f"trick #{move}"
            if phase == START:
                return f"start {move}"
            if phase == RDEAL:
                if 0 <= move < self.kernel.fact:
                    src = np.zeros(self.players, dtype=np.intc)
                    self.kernel_module.perm_decode(move, self.players, src)
                    return "redeal " + ",".join(str(int(x)) for x in src)
                return f"redeal #{move}"
            verb = "draw" if phase == DRAW else "deal"
            return f"{verb} {self.guild_names[move]}" if 0 <= move < self.G else f"{verb} #{move}"
        if phase == TRICK and seat >= 0:
            return notation.trick_to_string(self, state, seat, move)
        if 0 <= move < self.G:
            if phase == REDIS:
                return "discard " + self.guild_names[move]
            return self.guild_names[move]
        return f"#{move}"

    def parse_move(self, state: State, seat: int, text: str) -> int:
        words = text.lower().split()
        if not words:
            raise BadMove("empty move")
        phase = self.phase(state)
        if words[0].startswith("#") and len(words) == 1 and words[0][1:].isdigit():
            return int(words[0][1:])
        if seat == CHANCE and phase == START:
            return notation.parse_start(self, words, text)
        if seat == CHANCE and phase == RDEAL:
            return notation.parse_redeal(self, words, text)
        if seat == CHANCE and phase == TDEAL:
            return notation.pick_name(self.trick_names, words[-1] if len(words) <= 2 else "", text)
        if phase == TRICK and seat >= 0:
            return notation.parse_trick(self, state, seat, words, text)
        verb = words[0] if len(words) == 2 else None
        word = words[-1]
        if len(words) > 2 or (verb and verb not in ("event", "deal", "pick", "play", "discard", "draw")):
            raise BadMove(f"cannot read move {text!r}")
        names = self.event_names if verb == "event" or (
            seat == CHANCE and phase == EVENT) else self.guild_names
        if word.startswith("#") and word[1:].isdigit():
            return int(word[1:])
        return notation.pick_name(names, word, text)

    def draw(self, state: State, seat: int | None) -> str:
        return draw_state(self, state, seat)

    # -- checks and helpers -------------------------------------------------
    def make_interpreted_kernel(self):
        return select.twins("guildes")[1].GuildesKernel(self.cfg)

    def check_buffer(self, buf: np.ndarray) -> None:
        checks.check_buffer(self, buf)

    def heuristic(self, state: State, seat: int, move: int) -> float:
        """Votes the move would bring (or, for a redistribution discard, cost)
        if the round were counted now.  In the trick phase moves are trick
        codes, not guilds: their effect on the tables is counted."""
        if seat == CHANCE:
            return 0.0
        phase = self.phase(state)
        if phase == TRICK:
            return self._trick_gain(state, seat, move)
        if not 0 <= move < self.G:
            return 0.0
        table = self.field(state, "table").copy()
        rnd = min(int(state.buf[self.layout["round"]]), 2)
        before = self.votes(table, rnd)[seat]
        table[seat, move] += 1
        gain = float(self.votes(table, rnd)[seat] - before)
        return -gain if phase == REDIS else gain

    def _trick_gain(self, state: State, seat: int, move: int) -> float:
        """Votes a trick move changes for ``seat`` in this round's count."""
        n, G, k = self.players, self.G, self.kernel
        if move <= 0:
            return 0.0
        table = self.field(state, "table").copy()
        virt = self.field(state, "virt").copy()
        rnd = min(int(state.buf[self.layout["round"]]), 2)
        ev = int(state.buf[self.layout["event"]])
        ties = bool(self.events) and 0 <= ev and int(self.cfg["event_effect"][ev]) == NOTIES
        before = self.votes(table, rnd, ties, virt)[seat]
        t = int(self.field(state, "trick")[seat])
        kind, m = int(k.trick_kind[t]), move - 1
        if kind == SWAPT:
            gb, ga, pb, pa = m % G, (m // G) % G, (m // (G * G)) % n, m // (G * G * n)
            table[pa, ga] -= 1
            table[pb, ga] += 1
            table[pb, gb] -= 1
            table[pa, gb] += 1
        elif kind == SACRIF:
            gt, pt, gc = m % G, (m // G) % n, m // (G * n)
            table[seat, gc] -= 1
            table[pt, gt] -= 1
        elif kind == SWAPH:
            table[seat, m // G] += 1
            table[seat, m % G] -= 1
        elif kind == VIRT:
            virt[m // 2, int(k.trick_guild[t])] += -1 if m % 2 else 1
        else:
            return 0.0
        return float(self.votes(table, rnd, ties, virt)[seat] - before)

    def votes(self, table: np.ndarray, rnd: int, ties_excluded: bool = False,
              virt: np.ndarray | None = None) -> list[int]:
        """One vote count of ``table[n, G]`` in round ``rnd`` (0-2); optionally
        under the event "tied players are not counted" and with the virtual
        cards of the dirty tricks ``virt[n, G]`` (+1/-1)."""
        k = self.kernel
        out = np.zeros(self.players, dtype=np.intc)
        t = np.ascontiguousarray(table, dtype=np.intc).ravel().copy()
        if virt is not None:
            t = np.maximum(t + np.ascontiguousarray(virt, dtype=np.intc).ravel(), 0).astype(np.intc)
        if ties_excluded:
            self.kernel_module.exclude_ties(t, self.players, self.G, k.militia, out)
            out[:] = 0
        self.kernel_module.count_votes(t, self.players, self.G, rnd, k.militia, k.mvotes, k.places, k.values, out)
        return [int(x) for x in out]
