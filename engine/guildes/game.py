"""Guildes: the game object -- edition, buffer layout, kernel, notation.

>>> import engine
>>> s = engine.make("guildes", players=4, seed=3)
>>> s.move_to_string(-1, s.chance_outcomes()[0][0])
'event one-fewer'
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from engine.core import CHANCE, HEADER, Game, State
from engine.errors import BadMove, BadState, EditionError
from engine.guildes import edition as ed
from engine.guildes.draw import draw_state
from engine.layout import Layout
from engine.registry import register

EVENT, DEAL, DRAFT, PLAY, OVER = 0, 1, 2, 3, 4
PHASES = ("event", "deal", "draft", "play", "over")


@register
class Guildes(Game):
    name = "guildes"
    title = "Guildes"
    min_players = 3
    max_players = 6
    score_scale = 15.0

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
            ("hist", (h, n, G)),
        ], start=HEADER)
        cfg = dict(arrays, players=n, size=self.layout.size, offsets=self.layout.offsets)
        self.kernel_module = select.load("guildes")
        self.kernel = self.kernel_module.GuildesKernel(cfg)

    def initial_buffer(self, buf: np.ndarray) -> None:
        lay = self.layout
        lay.view(buf, "deck")[:] = self.total
        lay.view(buf, "pending")[:] = -1
        lay.view(buf, "picks")[:] = -1
        lay.view(buf, "event")[:] = -1

    def field(self, state: State, name: str) -> np.ndarray:
        return self.layout.view(state.buf, name)

    def phase(self, state: State) -> int:
        return int(state.buf[self.layout["phase"]])

    # -- notation -----------------------------------------------------------
    def move_to_string(self, state: State, seat: int, move: int) -> str:
        if seat == CHANCE:
            if self.phase(state) == EVENT:
                return f"event {self.event_names[move]}" if 0 <= move < len(self.event_names) else f"event #{move}"
            return f"deal {self.guild_names[move]}" if 0 <= move < self.G else f"deal #{move}"
        if 0 <= move < self.G:
            return self.guild_names[move]
        return f"#{move}"

    def parse_move(self, state: State, seat: int, text: str) -> int:
        words = text.lower().split()
        if not words:
            raise BadMove("empty move")
        verb = words[0] if len(words) == 2 else None
        word = words[-1]
        if len(words) > 2 or (verb and verb not in ("event", "deal", "pick", "play")):
            raise BadMove(f"cannot read move {text!r}")
        names = self.event_names if verb == "event" or (
            seat == CHANCE and self.phase(state) == EVENT) else self.guild_names
        if word.startswith("#") and word[1:].isdigit():
            return int(word[1:])
        hits = [i for i, nm in enumerate(names) if nm == word] or [
            i for i, nm in enumerate(names) if nm.startswith(word)]
        if len(hits) != 1:
            what = "no" if not hits else "ambiguous"
            raise BadMove(f"{what} card name {word!r} in {text!r}")
        return hits[0]

    def draw(self, state: State, seat: int | None) -> str:
        return draw_state(self, state, seat)

    # -- checks and helpers -------------------------------------------------
    def check_buffer(self, buf: np.ndarray) -> None:
        lay = self.layout
        rnd, phase, step = (int(buf[lay[k]]) for k in ("round", "phase", "step"))
        if not 0 <= phase <= OVER:
            raise BadState(f"phase {phase} out of range")
        if not 0 <= rnd <= 3 or (rnd == 3) != (phase == OVER):
            raise BadState(f"round {rnd} does not fit phase {PHASES[phase]}")
        limit = {EVENT: 0, DEAL: self.players * self.dealt - 1, DRAFT: self.dealt - 1,
                 PLAY: self.played - 1, OVER: 0}[phase]
        if not 0 <= step <= limit:
            raise BadState(f"step {step} out of range for phase {PHASES[phase]}")
        if phase >= DEAL and phase != OVER:
            ev = int(buf[lay["event"]])
            if not 0 <= ev < len(self.event_names):
                raise BadState(f"event {ev} out of range")
            if int(buf[lay["dir"]]) != int(self.kernel.event_dir[ev]):
                raise BadState("passing direction does not match the event card")
        for name in ("table", "played", "score"):
            if (lay.view(buf, name) < 0).any():
                raise BadState(f"negative values in {name}")
        pend = lay.view(buf, "pending")
        if ((pend < -1) | (pend >= self.G)).any():
            raise BadState("pending choice out of range")
        for name in ("deck", "discarded", "kept", "hist"):
            if (lay.view(buf, name) < -1).any():
                raise BadState(f"bad values in {name}")
        if (lay.view(buf, "table") > self.total[None, :]).any():
            raise BadState("more cards on the tables than the guild has")

    def heuristic(self, state: State, seat: int, move: int) -> float:
        """Votes the card would bring if the round were counted now."""
        if seat == CHANCE or not 0 <= move < self.G:
            return 0.0
        table = self.field(state, "table").copy()
        rnd = min(int(state.buf[self.layout["round"]]), 2)
        before = self.votes(table, rnd)[seat]
        table[seat, move] += 1
        return float(self.votes(table, rnd)[seat] - before)

    def votes(self, table: np.ndarray, rnd: int) -> list[int]:
        """One vote count of ``table[n, G]`` in round ``rnd`` (0-2)."""
        k = self.kernel
        out = np.zeros(self.players, dtype=np.intc)
        self.kernel_module.count_votes(np.ascontiguousarray(table, dtype=np.intc).ravel(), self.players,
                                       self.G, rnd, k.militia, k.mvotes, k.places, k.values, out)
        return [int(x) for x in out]
