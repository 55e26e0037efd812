"""An SVG drawing of a Guildes state, as one seat sees it (or all of it).

The guild columns show every seat's table (cards on the table, over all rounds)
with this round's played cards and dirty-trick virtual cards, so each count's
breakdown per guild is read down a column; the leader of a column is outlined.
The viewer's hand (drafting) and kept cards (playing) are drawn as clickable
cards (``data-click`` is the guild's name, as in the move notation); a table
cell's click names its seat and guild (``0 militia``), as dirty tricks do.

>>> import engine
>>> s = engine.make("guildes", players=3, seed=1)
>>> svg = draw_svg(s.game, s)
>>> svg.startswith("<svg") and 'data-piece="seat"' in svg
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.guildes.draw import PHASES
from engine.svgkit import document, group, seat_colour, tag, text, title

if TYPE_CHECKING:
    from engine.core import State
    from engine.guildes.game import Guildes

CW, RH, LEFT, TOP = 64, 34, 150, 70


def _card(x: float, y: float, name: str, count: int, piece: str, click: bool) -> str:
    parts = [title(f"{name} x{count}"),
             tag("rect", x=x, y=y, width=CW - 6, height=44, rx=5, fill="#fffdf6", stroke="#6b4f2a"),
             text(x + 4, y + 16, name[:9], 10),
             text(x + 4, y + 36, f"x{count}" if count > 1 else "", 11)]
    return group(parts, data_piece=piece, data_id=name, data_count=count,
                 data_click=name if click else None, class_="click" if click else None)


def _row(game: "Guildes", y: float, label: str, counts, piece: str, click: bool) -> str:
    parts = [text(10, y + 26, label, 12)]
    x = LEFT
    for g, c in enumerate(counts):
        if c > 0:
            parts.append(_card(x, y, game.guild_names[g], int(c), piece, click))
            x += CW
    if x == LEFT:
        parts.append(text(LEFT, y + 26, "-", 12))
    return "".join(parts)


def draw_svg(game: "Guildes", state: "State", seat: int | None = None) -> str:
    """The state as SVG text, masked for ``seat`` when given."""
    if seat is not None and state.observer is None:
        state = state.observe(seat)
    if seat is None:
        seat = state.observer
    lay, buf, names, P = game.layout, state.buf, game.guild_names, game.players
    rnd, phase, step = (int(buf[lay[k]]) for k in ("round", "phase", "step"))
    score, table, played = lay.view(buf, "score"), lay.view(buf, "table"), lay.view(buf, "played")
    pending = lay.view(buf, "pending")
    virt = lay.view(buf, "virt") if "virt" in lay.offsets else None
    tricks = lay.view(buf, "trick") if "trick" in lay.offsets else None
    G = len(names)
    width = LEFT + G * CW + 20
    parts = [text(10, 24, f"Guildes, {P} players, round {min(rnd + 1, 3)} of 3: {PHASES[phase]}", 16,
                  data_piece="phase", data_id=phase)]
    ev = int(buf[lay["event"]])
    if 0 <= ev < len(game.event_names) and phase not in (0, 4):
        parts.append(text(10, 44, f"event card: {game.event_names[ev]}", 12, data_piece="event",
                          data_id=game.event_names[ev]))
    for g, name in enumerate(names):
        parts.append(text(LEFT + g * CW + 2, TOP - 6, name[:10], 10, data_piece="guild", data_id=name,
                          transform=f"rotate(-20 {LEFT + g * CW + 2} {TOP - 6})"))
    for i in range(P):
        y = TOP + i * RH
        col = seat_colour(i)
        you = " (you)" if i == seat else ""
        cells = [tag("rect", x=4, y=y + 2, width=LEFT - 10, height=RH - 4, rx=4, fill="none",
                     stroke=col, stroke_width=3 if i == seat else 1),
                 text(10, y + 16, f"seat {i}{you}", 12, fill=col),
                 text(10, y + 29, f"{int(score[i])} votes" + (" · chosen" if pending[i] != -1 else ""), 11,
                      data_piece="score", data_seat=i, data_count=int(score[i]))]
        if tricks is not None and 0 <= tricks[i] < len(game.trick_names):
            cells.append(title(f"dirty trick: {game.trick_names[int(tricks[i])]}"))
        for g in range(G):
            x = LEFT + g * CW
            col_counts = [int(table[p][g]) + (int(virt[p][g]) if virt is not None else 0) for p in range(P)]
            lead = max(col_counts) > 0 and col_counts[i] == max(col_counts)
            t, p_now = int(table[i][g]), int(played[i][g])
            v = int(virt[i][g]) if virt is not None else 0
            label = str(t) + (f"+{p_now}" if p_now else "") + (f"{v:+d}v" if v else "")
            cells.append(group([
                title(f"seat {i} {names[g]}: table {t}, played this round {p_now}" + (f", virtual {v:+d}" if v else "")),
                tag("rect", x=x, y=y + 2, width=CW - 4, height=RH - 4, rx=3,
                    fill="#f3e6c8" if t or p_now else "#ffffff", stroke=col if lead else "#cccccc",
                    stroke_width=3 if lead else 1),
                text(x + 6, y + 22, label, 12)],
                data_piece="table", data_seat=i, data_id=names[g], data_count=t,
                data_click=f"{i} {names[g]}", class_="click"))
        parts.append(group(cells, data_piece="seat", data_seat=i))
    y = TOP + P * RH + 16
    if seat is not None and seat >= 0:
        kept = lay.view(buf, "kept")[seat]
        if phase == 2:
            hist = lay.view(buf, "hist")
            p = (seat - int(buf[lay["dir"]]) * step) % P
            parts.append(_row(game, y, "your hand", hist[step, p], "hand", True))
            y += 54
        parts.append(_row(game, y, "your kept cards", kept, "kept", phase != 2))
        y += 54
        if "dcard" in lay.offsets and phase == 11:  # cards drawn from the discard pile by a trick
            drawn = [0] * G
            for c in lay.view(buf, "dcard"):
                if 0 <= c < G:
                    drawn[int(c)] += 1
            parts.append(_row(game, y, "drawn cards", drawn, "drawn", True))
            y += 54
        if pending[seat] >= 0:
            parts.append(text(10, y + 14, f"your choice (hidden): {names[int(pending[seat])]}", 12,
                              data_piece="pending", data_id=names[int(pending[seat])]))
            y += 24
    return document(width, y + 10, parts, f"Guildes board, round {min(rnd + 1, 3)}")
