"""A text drawing of a Guildes state, as one seat sees it (or all of it)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core import State
    from engine.guildes.game import Guildes

PHASES = ("choosing the event card", "dealing", "selecting", "playing", "game over",
          "dealing dirty tricks", "redistribution: discarding one card", "redistribution: dealing back",
          "choosing the first player", "dirty tricks", "dirty trick: drawing from the discard pile",
          "dirty trick: playing a drawn card")


def _cards(names: list[str], counts) -> str:
    parts = [f"{names[g]} x{int(c)}" if c > 1 else names[g] for g, c in enumerate(counts) if c > 0]
    return ", ".join(parts) or "-"


def _effect(game: "Guildes", ev: int) -> str:
    """This round's event effect name under the events variant, else ''."""
    if not game.events or not 0 <= ev < len(game.event_names):
        return ""
    e = game.edition["events"][ev]
    return e.get("effect", e["name"])


def draw_state(game: "Guildes", state: "State", seat: int | None) -> str:
    if seat is not None and state.observer is None:
        state = state.observe(seat)
    lay, buf, names = game.layout, state.buf, game.guild_names
    rnd, phase, step = (int(buf[lay[k]]) for k in ("round", "phase", "step"))
    lines = [f"Guildes, {game.players} players, round {min(rnd + 1, 3)} of 3: {PHASES[phase]}"]
    ev = int(buf[lay["event"]])
    if 0 <= ev < len(game.event_names) and phase not in (0, 4):
        way = "left (to the next seat)" if int(buf[lay["dir"]]) == 1 else "right (to the previous seat)"
        lines.append(f"event card: {game.event_names[ev]}; hands pass {way}")
    if phase == 2:
        lines.append(f"pick {step + 1} of {game.dealt}")
    elif phase == 3:
        eff = _effect(game, ev)
        lines.append(f"play {step + 1} of {game.played - (1 if eff == 'one-fewer' else 0)}")
    score = lay.view(buf, "score")
    table = lay.view(buf, "table")
    pending = lay.view(buf, "pending")
    tricks = lay.view(buf, "trick") if "trick" in lay.offsets else None
    virt = lay.view(buf, "virt") if "virt" in lay.offsets else None
    fdown = lay.view(buf, "fdown") if "fdown" in lay.offsets else None
    for i in range(game.players):
        mark = " (you)" if i == seat else ""
        ready = " [has chosen]" if pending[i] != -1 else ""  # a view: CHOSEN
        lines.append(f"seat {i}{mark}: {int(score[i])} votes{ready}")
        lines.append(f"  table: {_cards(names, table[i])}")
        if fdown is not None and phase == 3 and step > 0 and _effect(game, ev) == "face-down":
            card = names[int(fdown[i])] if fdown[i] >= 0 and (seat == i or seat is None) else "?"
            lines.append(f"  face-down card: {card}")
        if virt is not None and virt[i].any():
            mods = ", ".join(f"{'+' if v > 0 else ''}{int(v)} {names[g]}" for g, v in enumerate(virt[i]) if v)
            lines.append(f"  dirty-trick virtual cards: {mods}")
        if tricks is not None and 0 <= tricks[i] < len(game.trick_names):
            lines.append(f"  dirty trick: {game.trick_names[int(tricks[i])]}")
    viewer = seat if seat is not None else None
    if viewer is not None:
        kept = lay.view(buf, "kept")[viewer]
        lines.append(f"your kept cards: {_cards(names, kept)}")
        if phase == 2:
            hist = lay.view(buf, "hist")
            p = (viewer - int(buf[lay["dir"]]) * step) % game.players
            lines.append(f"your hand to pick from: {_cards(names, hist[step, p])}")
        if pending[viewer] >= 0:
            lines.append(f"your choice (hidden): {names[int(pending[viewer])]}")
    return "\n".join(lines)
