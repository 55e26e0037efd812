"""What a Guildes state from outside must hold before the kernels touch it (``check_buffer``).

Fields in range, counts that agree, and what a world drawn from the state needs: the
compiled kernels size their loops and pools by these counts and index raw memory with
them, so a state that breaks one could corrupt memory once a search runs on it (the
protocol fuzz of sessions 23-25, ``bench/fuzz_protocol.py``; ``engine/playable.py`` then
tries the state in the interpreted kernel).  Each function takes the game and the buffer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from cython_ext.guildes_rules import (CHOSEN, DEAL, DPICK, DRAFT, DRAW, EVENT, OVER, PLAY, RDEAL, REDIS, START,
                                      TDEAL, TRICK)
from engine.core import OBSERVER
from engine.errors import BadState

if TYPE_CHECKING:
    from engine.guildes.game import Guildes

PHASES = ("event", "deal", "draft", "play", "over", "trick-deal", "redistribution", "redeal",
          "start", "tricks", "trick-draw", "trick-play")
MAX_SCORE = 100_000  # far above any game (random games end near 150)


def check_buffer(game: "Guildes", buf: np.ndarray) -> None:
    """Raise :class:`BadState` unless ``buf`` reads as a state of ``game`` (see the module)."""
    lay = game.layout
    rnd, phase, step = (int(buf[lay[k]]) for k in ("round", "phase", "step"))
    allowed = {EVENT, DEAL, DRAFT, PLAY, OVER}
    if game.events:
        allowed |= {REDIS, RDEAL, START}
    if game.tricks:
        allowed |= {TDEAL, TRICK, DRAW, DPICK}
    if phase not in allowed:
        raise BadState(f"phase {phase} out of range")
    if not 0 <= rnd <= 3 or (rnd == 3) != (phase == OVER):
        raise BadState(f"round {rnd} does not fit phase {PHASES[phase]}")
    limit = {EVENT: 0, DEAL: game.players * game.dealt - 1, DRAFT: game.dealt - 1,
             PLAY: game.played - 1, OVER: 0, TDEAL: game.players - 1}.get(phase, game.played)
    if not 0 <= step <= limit:
        raise BadState(f"step {step} out of range for phase {PHASES[phase]}")
    if phase >= DEAL and phase != OVER:
        ev = int(buf[lay["event"]])
        if not 0 <= ev < len(game.event_names):
            raise BadState(f"event {ev} out of range")
        if int(buf[lay["dir"]]) != int(game.kernel.event_dir[ev]):
            raise BadState("passing direction does not match the event card")
    for name, lo, hi in (("start", -1, game.players), ("sub", 0, game.players),
                         ("fdown", -1, game.G), ("rdisc", -1, game.G), ("rrecv", -1, game.G),
                         ("trick", -1, len(game.trick_names)), ("prevtrick", -1, len(game.trick_names)),
                         ("tstep", 0, max(1, len(game.trick_names))), ("dcard", -1, game.G), ("dpair", -1, game.G),
                         ("ndisc", 0, 1000), ("pubdisc", 0, 1000), ("drawn", 0, 1000)):
        if name in lay.offsets:
            v = lay.view(buf, name)
            if ((v < lo) | (v >= hi)).any():
                raise BadState(f"{name} out of range")
    if phase in (TRICK, DPICK) and game.kernel.trick_holder(buf, int(buf[lay["tstep"]])) < 0:
        raise BadState("nobody holds the trick card to play")
    if "virt" in lay.offsets and (np.abs(lay.view(buf, "virt")) > 1).any():
        raise BadState("virt out of range")
    if "tdisc" in lay.offsets and (lay.view(buf, "tdisc") < -1).any():
        raise BadState("bad values in tdisc")
    if game.tricks:
        check_tricks(game, buf, rnd, phase, step)
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
            if ((pend < low) | (pend >= game.G)).any():
                raise BadState(f"{name} choice out of range")
    for name in ("deck", "discarded", "kept", "hist", "known"):
        if (lay.view(buf, name) < -1).any():
            raise BadState(f"bad values in {name}")
    if (lay.view(buf, "table") > game.total[None, :]).any():
        raise BadState("more cards on the tables than the guild has")
    # counts the kernels size their loops and pools by (a fuzzed count corrupted memory)
    for name in ("played", "deck", "discarded", "kept", "hist", "known", "pubdisc", "drawn", "tdisc"):
        if name not in lay.offsets:
            continue
        v = lay.view(buf, name).reshape(-1, game.G)
        if (v > game.total[None, :]).any():
            raise BadState(f"more cards in {name} than the guild has")
    for name, most in (("kept", game.dealt), ("hist", game.dealt)):
        v = lay.view(buf, name).reshape(-1, game.G)
        if (np.where(v < 0, 0, v).sum(axis=1) > most).any():
            raise BadState(f"more than {most} cards in a row of {name}")
    # known: what a seat saw of the others' discards of past rounds (none in the first); a
    # world must put them among those discards, so more than there are leaves no world
    known = np.where(lay.view(buf, "known") < 0, 0, lay.view(buf, "known")).reshape(-1, game.G).sum(axis=1)
    if game.variants:
        made = lay.view(buf, "ndisc").sum() - lay.view(buf, "ndisc")
    else:
        made = np.full(game.players, rnd * (game.players - 1) * (game.dealt - game.kernel.k))
    if (known > made).any():
        raise BadState("known counts more discards than the other seats made")
    if phase not in (TRICK, DRAW, DPICK) and (lay.view(buf, "played") > lay.view(buf, "table")).any():
        raise BadState("a card played this round is not on the table")
    picks = lay.view(buf, "picks")
    if ((picks < -1) | (picks >= game.G)).any():
        raise BadState("picks out of range")
    if not int(buf[OBSERVER]):
        check_full(game, buf, rnd, phase, step)
    else:
        check_sightings(game, buf, int(buf[OBSERVER]) - 1, phase, step)


def check_sightings(game: "Guildes", buf: np.ndarray, seat: int, phase: int, step: int) -> None:
    """A view's packets as its seat saw them: whole rows where it held the packet, none
    elsewhere, and between two sightings only the cards the others picked gone.  A world
    draws those picks from that difference (the fuzz: an unknown value inside a row, or a
    card more at the later sighting, drew from an empty source and wrote out of bounds)."""
    lay, n, h = game.layout, game.players, game.dealt
    hist, picks = lay.view(buf, "hist").reshape(h, n, game.G), lay.view(buf, "picks").reshape(n, h)
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


def check_tricks(game: "Guildes", buf: np.ndarray, rnd: int, phase: int, step: int) -> None:
    """The trick fields as the phases leave them: a world has to explain each trick card
    and each card drawn from the pile, and cannot (the fuzz: a minute of failed deals)."""
    lay = game.layout
    tricks, dcard = lay.view(buf, "trick"), lay.view(buf, "dcard")
    acting = phase in (TRICK, DRAW, DPICK)
    dealt = 0 if phase in (EVENT, OVER) else step if phase == TDEAL else game.players
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
    # trick D's draw on record (the worlds keep it possible): once D has acted, until the count
    dpair, dpub, t_draw = lay.view(buf, "dpair"), lay.view(buf, "dpub"), game.kernel.t_draw
    drew = phase == TRICK and 0 <= t_draw < int(buf[lay["tstep"]]) and game.kernel.trick_holder(buf, t_draw) >= 0
    if (dpair >= 0).any() and not ((dpair >= 0).all() and drew):
        raise BadState("a draw of trick D on record does not fit the phase")
    if ((dpair < 0).all() and (dpub != 0).any()) or (np.abs(dpub) > game.total).any():
        raise BadState("the pile when trick D drew (dpub) does not fit its draw")
    rounds = rnd + acting  # trick phases so far: trick D draws two cards in each at most
    if lay.view(buf, "drawn").sum() > 2 * rounds or lay.view(buf, "pubdisc").sum() > 2 * game.players * rounds:
        raise BadState("more cards drawn from or put on the discard pile than tricks can have")


def check_full(game: "Guildes", buf: np.ndarray, rnd: int, phase: int, step: int) -> None:
    """What holds of every full state (not of a view, whose unknowns are -1): each card
    somewhere, the packets passed on pick by pick, the discards their public counts say.
    Every seat's view of such a state has a deal (this one), which a search looks for."""
    lay, n, G, h = game.layout, game.players, game.G, game.dealt
    v = {name: lay.view(buf, name).reshape(-1, G) for name in ("deck", "discarded", "table", "kept")}
    v["tdisc"] = lay.view(buf, "tdisc").reshape(n, G) if game.tricks else np.zeros((n, G), dtype=buf.dtype)
    hist = lay.view(buf, "hist").reshape(h, n, G)
    if any((a < 0).any() for a in v.values()) or (hist < 0).any():
        raise BadState("unknown (-1) counts in a full state")
    known = lay.view(buf, "known").reshape(n, G)  # a world drawn from a view keeps the others' unknown
    cards = v["deck"].sum(axis=0) + sum(v[k].sum(axis=0) for k in ("discarded", "table", "kept", "tdisc"))
    if phase in (DEAL, DRAFT):
        cards = cards + hist[0 if phase == DEAL else step].sum(axis=0)  # the packets
    if game.tricks:
        cards = cards + lay.view(buf, "pubdisc") - lay.view(buf, "drawn")
    held = []
    if game.events:
        held = [lay.view(buf, "fdown")] + ([lay.view(buf, "rdisc")] if phase == RDEAL else [])
    for g in (int(x) for row in held for x in row if x >= 0):
        cards[g] += 1  # a face-down card, a discard being dealt around
    if (cards != game.total).any():
        g = int(np.flatnonzero(cards != game.total)[0])
        raise BadState(f"{int(cards[g])} cards of {game.guild_names[g]} in the state, not {int(game.total[g])}")
    disc = v["discarded"].sum(axis=1) + v["tdisc"].sum(axis=1)
    if (disc != (lay.view(buf, "ndisc") if game.variants else (h - game.kernel.k) * rnd)).any():
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
