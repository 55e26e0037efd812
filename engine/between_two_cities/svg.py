"""An SVG drawing of Between Two Cities: every city, its mat, the hands.

Each city is drawn over the part of its 9x9 board that can still hold tiles
(as ``draw.city_lines``); tiles carry their type's colour and glyph, duplex
halves are joined by a bar, mat landscape is blue and bridges are marked.
For the viewing seat, the cells of its left and right cities are clickable
(``data-click="L e5"``) and its hand tiles too (the tile's name).

>>> import engine
>>> s = engine.make("between_two_cities", players=3, seed=1)
>>> draw_svg(s.game, s).count('data-piece="city"')
3
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.between_two_cities.draw import PHASES, city_cells, city_window
from engine.between_two_cities.notation import cell_name
from engine.svgkit import document, group, seat_colour, tag, text, title

if TYPE_CHECKING:
    from engine.between_two_cities.game import BetweenTwoCities
    from engine.core import State

CELL = 34
ART = {"factory": ("#8c8c8c", "F"), "shop": ("#f2c14e", "S"), "park": ("#5fad56", "P"),
       "tavern": ("#d1495b", "T"), "office": ("#4d9de0", "O"), "house": ("#e28413", "H"),
       "civic": ("#9b5de5", "C")}


def _tile(game: "BetweenTwoCities", x: float, y: float, v: int, where: str) -> str:
    kind = game.kind_names[v - 34 if v >= 34 else v - 2]
    cat = game.edition["buildings"][game.kind_names.index(kind)]["category"]
    fill, glyph = ART.get(cat, ("#cccccc", "?"))
    parts = [title(f"{kind} ({cat}) at {where}" + (" (duplex half)" if v >= 34 else "")),
             tag("rect", x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, rx=4, fill=fill,
                 stroke="#333333", stroke_width=2.5 if v >= 34 else 1),
             text(x + CELL / 2, y + 15, glyph, 12, text_anchor="middle", fill="#ffffff"),
             text(x + CELL / 2, y + 28, kind[:5], 8, text_anchor="middle")]
    return group(parts, data_piece="tile", data_id=kind, data_cell=where)


def _city(game: "BetweenTwoCities", state: "State", c: int, ox: float, oy: float,
          seat: int | None, score: int) -> tuple[str, float, float]:
    mat = int(game.field(state, "mat")[c])
    rlo, rhi, clo, chi = city_window(game, game.field(state, "city")[c])
    owners = [s for s in range(game.NPOS) if c in game.seat_cities(s)]
    side = None
    if seat is not None and 0 <= seat < game.NPOS:
        left, right = game.seat_cities(seat)
        side = "L" if c == left else "R" if c == right else None
    label = f"city {c}: seats {'+'.join(map(str, owners))}, {score} points"
    if mat >= 0:
        label += f", mat {game.mat_names[mat]}"
    parts = [text(ox, oy + 12, label, 11, fill=seat_colour(owners[0]) if len(owners) == 1 else "#333333")]
    y0 = oy + 18
    for r, j, x, v, what in city_cells(game, state, c):
        if not (rlo <= r <= rhi and clo <= j <= chi):
            continue
        px, py = ox + 14 + (j - clo) * CELL, y0 + 12 + (r - rlo) * CELL
        where = cell_name(x)
        if what == "tile":
            parts.append(_tile(game, px, py, v, where))
        elif what.startswith(("land", "bridge")):
            bridge = what[6:]
            mark = {"=": "bridge (east-west)", "|": "bridge (north-south)"}.get(bridge)
            parts.append(group([title(f"landscape at {where}" + (f", {mark}" if mark else "")),
                                tag("rect", x=px + 1, y=py + 1, width=CELL - 2, height=CELL - 2,
                                    fill="#7fb8e6", stroke="#4a7fa8")]
                               + ([tag("rect", x=px + 4, y=py + CELL / 2 - 3, width=CELL - 8, height=6,
                                       fill="#8b5a2b")] if bridge == "=" else [])
                               + ([tag("rect", x=px + CELL / 2 - 3, y=py + 4, width=6, height=CELL - 8,
                                       fill="#8b5a2b")] if bridge == "|" else []),
                               data_piece="landscape", data_cell=where))
        else:
            click = f"{side} {where}" if side else None
            parts.append(tag("rect", x=px + 1, y=py + 1, width=CELL - 2, height=CELL - 2,
                             fill="#eef6ff" if what == "open" else "#ffffff", stroke="#dddddd",
                             data_cell=where, data_click=click, class_="click" if click else None))
    for j in range(clo, chi + 1):
        parts.append(text(ox + 14 + (j - clo) * CELL + CELL / 2, y0 + 8, "abcdefghi"[j], 9,
                          text_anchor="middle"))
    for r in range(rlo, rhi + 1):
        parts.append(text(ox + 2, y0 + 12 + (r - rlo) * CELL + CELL / 2 + 3, r + 1, 9))
    w, h = 14 + (chi - clo + 1) * CELL + 16, 18 + 12 + (rhi - rlo + 1) * CELL + 10
    return group(parts, data_piece="city", data_id=c), w, h


def draw_svg(game: "BetweenTwoCities", state: "State", seat: int | None = None) -> str:
    """The state as SVG text, masked for ``seat`` when given."""
    if seat is not None and state.observer is None:
        state = state.observe(seat)
    if seat is None:
        seat = state.observer
    lay = game.layout
    rnd, phase = int(state.buf[lay["round"]]), int(state.buf[lay["phase"]])
    scores = game.city_scores(state)
    parts = [text(10, 22, f"Between Two Cities, round {min(rnd, game.NR - 1) + 1} of {game.NR}: "
                  f"{PHASES[phase]}" + (f" · seat {seat} (you)" if seat is not None else ""), 16,
                  data_piece="phase", data_id=phase)]
    x, y, row_h, width = 10.0, 34.0, 0.0, 600.0
    order = list(range(game.NC))
    if seat is not None and 0 <= seat < game.NPOS:
        left, right = game.seat_cities(seat)
        order = [left, right] + [c for c in order if c not in (left, right)]
    for c in order:
        body, w, h = _city(game, state, c, x, y, seat, scores[c])
        if x > 10 and x + w > 900:
            x, y, row_h = 10.0, y + row_h + 8, 0.0
            body, w, h = _city(game, state, c, x, y, seat, scores[c])
        parts.append(body)
        x += w + 12
        row_h = max(row_h, h)
        width = max(width, x)
    y += row_h + 16
    names = game.duplex_names if game.round_is_duplex(state) else game.kind_names
    for s in range(game.NPOS):
        hand = game.field(state, "hand")[s]
        if rnd >= game.NR or (seat is not None and s != seat):
            continue
        you = s == seat
        parts.append(text(10, y + 14, f"seat {s} hand" + (" (you)" if you else ""), 12, fill=seat_colour(s)))
        if int(hand[0]) < 0:
            parts.append(text(120, y + 14, "hidden", 12))
        hx = 120
        for k, n in enumerate(hand):
            if n <= 0:
                continue
            parts.append(group([tag("rect", x=hx, y=y, width=88, height=22, rx=4, fill="#fffdf6",
                                    stroke="#6b4f2a"),
                                text(hx + 4, y + 15, f"{names[k]}" + (f" x{int(n)}" if n > 1 else ""), 10)],
                               data_piece="hand", data_seat=s, data_id=names[k], data_count=int(n),
                               data_click=names[k] if you else None, class_="click" if you else None))
            hx += 92
        y += 30
    for s in range(game.players):
        pend = [int(v) for v in game.field(state, "pend")[s] if v >= 0]
        if pend and (seat is None or s == seat):
            parts.append(text(10, y + 14, f"seat {s} to place: " + ", ".join(names[k] for k in pend), 12,
                              data_piece="pend", data_seat=s))
            y += 22
    sc = state.scores()
    parts.append(text(10, y + 14, "scores: " + "  ".join(f"seat {i}: {v}" for i, v in enumerate(sc)), 12,
                      data_piece="scores"))
    return document(width, y + 26, parts, f"Between Two Cities, round {min(rnd, game.NR - 1) + 1}")
