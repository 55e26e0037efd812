"""Guildes: the game object -- edition, buffer layout, kernel, notation.

>>> import engine
>>> s = engine.make("guildes", players=4, seed=3)
>>> s.move_to_string(-1, s.chance_outcomes()[0][0])
'event one-fewer'
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from cython_ext.guildes_rules import (CHOSEN, DEAL, DPICK, DRAFT, DRAW, EVENT, NOTIES, OVER, PLAY, RDEAL, REDIS,
                                      SACRIF, START, SWAPH, SWAPT, TDEAL, TRICK, VIRT)
from engine.core import CHANCE, HEADER, OBSERVER, Game, State, Variant
from engine.errors import BadMove, BadState, EditionError
from engine.guildes import edition as ed
from engine.guildes import notation
from engine.guildes.draw import draw_state
from engine.layout import Layout
from engine.registry import register

PHASES = ("event", "deal", "draft", "play", "over", "trick-deal", "redistribution", "redeal",
          "start", "tricks", "trick-draw", "trick-play")
MAX_SCORE = 100_000  # far above any game (random games end near 150)


@register
class Guildes(Game):
    name = "guildes"
    title = "Guildes"
    min_players = 3
    max_players = 6
    score_scale = 15.0
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
        ] + self.variant_fields(), start=HEADER)
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
                    ("drawn", G), ("dcard", 2), ("tdisc", (n, G))]
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
        for name in ("start", "pend2", "fdown", "rdisc", "rrecv", "trick", "prevtrick", "dcard"):
            if name in lay.offsets:
                lay.view(buf, name)[:] = -1

    def field(self, state: State, name: str) -> np.ndarray:
        return self.layout.view(state.buf, name)

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
        lay = self.layout
        rnd, phase, step = (int(buf[lay[k]]) for k in ("round", "phase", "step"))
        allowed = {EVENT, DEAL, DRAFT, PLAY, OVER}
        if self.events:
            allowed |= {REDIS, RDEAL, START}
        if self.tricks:
            allowed |= {TDEAL, TRICK, DRAW, DPICK}
        if phase not in allowed:
            raise BadState(f"phase {phase} out of range")
        if not 0 <= rnd <= 3 or (rnd == 3) != (phase == OVER):
            raise BadState(f"round {rnd} does not fit phase {PHASES[phase]}")
        limit = {EVENT: 0, DEAL: self.players * self.dealt - 1, DRAFT: self.dealt - 1,
                 PLAY: self.played - 1, OVER: 0, TDEAL: self.players - 1}.get(phase, self.played)
        if not 0 <= step <= limit:
            raise BadState(f"step {step} out of range for phase {PHASES[phase]}")
        if phase >= DEAL and phase != OVER:
            ev = int(buf[lay["event"]])
            if not 0 <= ev < len(self.event_names):
                raise BadState(f"event {ev} out of range")
            if int(buf[lay["dir"]]) != int(self.kernel.event_dir[ev]):
                raise BadState("passing direction does not match the event card")
        for name, lo, hi in (("start", -1, self.players), ("sub", 0, self.players),
                             ("fdown", -1, self.G), ("rdisc", -1, self.G), ("rrecv", -1, self.G),
                             ("trick", -1, len(self.trick_names)), ("prevtrick", -1, len(self.trick_names)),
                             ("tstep", 0, max(1, len(self.trick_names))), ("dcard", -1, self.G),
                             ("ndisc", 0, 1000), ("pubdisc", 0, 1000), ("drawn", 0, 1000)):
            if name in lay.offsets:
                v = lay.view(buf, name)
                if ((v < lo) | (v >= hi)).any():
                    raise BadState(f"{name} out of range")
        if phase in (TRICK, DPICK) and self.kernel.trick_holder(buf, int(buf[lay["tstep"]])) < 0:
            raise BadState("nobody holds the trick card to play")
        if "virt" in lay.offsets and (np.abs(lay.view(buf, "virt")) > 1).any():
            raise BadState("virt out of range")
        if "tdisc" in lay.offsets and (lay.view(buf, "tdisc") < -1).any():
            raise BadState("bad values in tdisc")
        if self.tricks:
            self.check_tricks(buf, rnd, phase, step)
        for name in ("table", "played", "score"):
            if (lay.view(buf, name) < 0).any():
                raise BadState(f"negative values in {name}")
        if (lay.view(buf, "score") > MAX_SCORE).any():  # the counts add to it: 32-bit words
            raise BadState(f"a score above {MAX_SCORE}")
        # a view shows another seat's choice made at this step as CHOSEN (-2)
        low = CHOSEN if int(buf[OBSERVER]) else -1
        for name in ("pending", "pend2"):
            if name in lay.offsets:
                pend = lay.view(buf, name)
                if ((pend < low) | (pend >= self.G)).any():
                    raise BadState(f"{name} choice out of range")
        for name in ("deck", "discarded", "kept", "hist", "known"):
            if (lay.view(buf, name) < -1).any():
                raise BadState(f"bad values in {name}")
        if (lay.view(buf, "table") > self.total[None, :]).any():
            raise BadState("more cards on the tables than the guild has")
        # counts the kernels size their loops and pools by (a fuzzed count corrupted memory)
        for name in ("played", "deck", "discarded", "kept", "hist", "known", "pubdisc", "drawn", "tdisc"):
            if name not in lay.offsets:
                continue
            v = lay.view(buf, name).reshape(-1, self.G)
            if (v > self.total[None, :]).any():
                raise BadState(f"more cards in {name} than the guild has")
        for name, most in (("kept", self.dealt), ("hist", self.dealt)):
            v = lay.view(buf, name).reshape(-1, self.G)
            if (np.where(v < 0, 0, v).sum(axis=1) > most).any():
                raise BadState(f"more than {most} cards in a row of {name}")
        # known: what a seat saw of the others' discards of past rounds (none in the first); a
        # world must put them among those discards, so more than there are leaves no world
        known = np.where(lay.view(buf, "known") < 0, 0, lay.view(buf, "known")).reshape(-1, self.G).sum(axis=1)
        if self.variants:
            made = lay.view(buf, "ndisc").sum() - lay.view(buf, "ndisc")
        else:
            made = np.full(self.players, rnd * (self.players - 1) * (self.dealt - self.kernel.k))
        if (known > made).any():
            raise BadState("known counts more discards than the other seats made")
        if phase not in (TRICK, DRAW, DPICK) and (lay.view(buf, "played") > lay.view(buf, "table")).any():
            raise BadState("a card played this round is not on the table")
        picks = lay.view(buf, "picks")
        if ((picks < -1) | (picks >= self.G)).any():
            raise BadState("picks out of range")
        if not int(buf[OBSERVER]):
            self.check_full(buf, rnd, phase, step)
        else:
            self.check_sightings(buf, int(buf[OBSERVER]) - 1, phase, step)

    def check_sightings(self, buf: np.ndarray, seat: int, phase: int, step: int) -> None:
        """A view's packets as its seat saw them: whole rows where it held the packet, none
        elsewhere, and between two sightings only the cards the others picked gone.  A world
        draws those picks from that difference (the fuzz: an unknown value inside a row, or a
        card more at the later sighting, drew from an empty source and wrote out of bounds)."""
        lay, n, h = self.layout, self.players, self.dealt
        hist, picks = lay.view(buf, "hist").reshape(h, n, self.G), lay.view(buf, "picks").reshape(n, h)
        dirn = int(buf[lay["dir"]])
        rows = step + 1 if phase == DRAFT else h if phase == PLAY or phase >= REDIS else 1 if phase == DEAL else 0
        picked = step if phase == DRAFT else h if phase == PLAY or phase >= REDIS else 0
        mine = np.array([[(p + dirn * t) % n == seat for p in range(n)] for t in range(h)])
        if (hist[mine] < 0).any() or (hist[~mine] != -1).any():
            raise BadState(f"a packet seat {seat} held is not known whole, or one it did not hold is known")
        for t, p in zip(*np.nonzero(mine[:picked])):
            g = int(picks[seat, t])
            if g < 0 or hist[t, p, g] <= 0:
                raise BadState(f"seat {seat}'s pick {t} is not a card of the packet it held")
            if t + n < rows:
                gone = hist[t, p] - hist[t + n, p]
                gone[g] -= 1
                if (gone < 0).any() or gone.sum() != n - 1:
                    raise BadState(f"packet {p} at pick {t + n} is not what seat {seat} left of it less {n - 1} picks")

    def check_tricks(self, buf: np.ndarray, rnd: int, phase: int, step: int) -> None:
        """The trick fields as the phases leave them: a world has to explain each trick card
        and each card drawn from the pile, and cannot (the fuzz: a minute of failed deals)."""
        lay = self.layout
        tricks, dcard = lay.view(buf, "trick"), lay.view(buf, "dcard")
        acting = phase in (TRICK, DRAW, DPICK)
        dealt = 0 if phase in (EVENT, OVER) else step if phase == TDEAL else self.players
        if (tricks[:dealt] < 0).any() or (tricks[dealt:] >= 0).any():
            raise BadState(f"trick cards dealt do not fit phase {PHASES[phase]}")
        held = tricks[tricks >= 0]
        if len(set(held.tolist())) < len(held) or ((tricks >= 0) & (tricks == lay.view(buf, "prevtrick"))).any():
            raise BadState("a trick card held twice, or by the seat that held it last round")
        if not acting and ((lay.view(buf, "tdisc") > 0).any() or (lay.view(buf, "virt") != 0).any()):
            raise BadState("trick discards or virtual cards outside the trick phase")
        if (phase == DRAW and dcard[1] >= 0) or (phase == DPICK and (dcard < 0).any()) or (
                phase not in (DRAW, DPICK) and (dcard >= 0).any()):
            raise BadState(f"cards drawn by trick D do not fit phase {PHASES[phase]}")
        rounds = rnd + acting  # trick phases so far: trick D draws two cards in each at most
        if lay.view(buf, "drawn").sum() > 2 * rounds or lay.view(buf, "pubdisc").sum() > 2 * self.players * rounds:
            raise BadState("more cards drawn from or put on the discard pile than tricks can have")

    def check_full(self, buf: np.ndarray, rnd: int, phase: int, step: int) -> None:
        """What holds of every full state (not of a view, whose unknowns are -1): each card
        somewhere, the packets passed on pick by pick, the discards their public counts say.
        Every seat's view of such a state has a deal (this one), which a search looks for."""
        lay, n, G, h = self.layout, self.players, self.G, self.dealt
        v = {name: lay.view(buf, name).reshape(-1, G) for name in ("deck", "discarded", "table", "kept")}
        v["tdisc"] = lay.view(buf, "tdisc").reshape(n, G) if self.tricks else np.zeros((n, G), dtype=buf.dtype)
        hist = lay.view(buf, "hist").reshape(h, n, G)
        if any((a < 0).any() for a in v.values()) or (hist < 0).any():
            raise BadState("unknown (-1) counts in a full state")
        known = lay.view(buf, "known").reshape(n, G)  # a world drawn from a view keeps the others' unknown
        cards = v["deck"].sum(axis=0) + sum(v[k].sum(axis=0) for k in ("discarded", "table", "kept", "tdisc"))
        if phase in (DEAL, DRAFT):
            cards = cards + hist[0 if phase == DEAL else step].sum(axis=0)  # the packets
        if self.tricks:
            cards = cards + lay.view(buf, "pubdisc") - lay.view(buf, "drawn")
        held = []
        if self.events:
            held = [lay.view(buf, "fdown")] + ([lay.view(buf, "rdisc")] if phase == RDEAL else [])
        for g in (int(x) for row in held for x in row if x >= 0):
            cards[g] += 1  # a face-down card, a discard being dealt around
        if (cards != self.total).any():
            g = int(np.flatnonzero(cards != self.total)[0])
            raise BadState(f"{int(cards[g])} cards of {self.guild_names[g]} in the state, not {int(self.total[g])}")
        disc = v["discarded"].sum(axis=1) + v["tdisc"].sum(axis=1)
        if (disc != (lay.view(buf, "ndisc") if self.variants else (h - self.kernel.k) * rnd)).any():
            raise BadState("a seat's discards do not match its count of discards")
        gone = v["discarded"] + v["tdisc"]
        if (known > gone.sum(axis=0)[None, :] - gone).any() or ((known < 0) & (known.max(axis=1) >= 0)[:, None]).any():
            raise BadState("known counts discards the other seats did not make")
        rows = step + 1 if phase == DRAFT else h if phase in (PLAY, REDIS, RDEAL, START, TRICK, DRAW, DPICK) else 0
        picks, dirn = lay.view(buf, "picks").reshape(n, h), int(buf[lay["dir"]])
        for t in range(rows - 1):
            for p in range(n):
                g = int(picks[(p + dirn * t) % n, t])
                after = hist[t, p].copy()
                if g < 0 or after[g] <= 0:
                    raise BadState(f"pick {t} from packet {p} is not a card of the packet")
                after[g] -= 1
                if (hist[t + 1, p] != after).any():
                    raise BadState(f"packet {p} after pick {t} is not the packet before it less the pick")

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
