"""An SVG drawing of City and Guilds: the map, the guild tracks, the players.

Spaces are drawn on the edition's map grid, shaded by block (a counted block
is hatched darker, its white and black markers drawn at its corner); a placed
tile shows its guild colour (a market is a ring, a building a filled square),
its owner's men as dots.  Neighbouring tiles of one guild are joined by a bar,
so chains read at a glance.  Track cubes sit on one bar per guild.  Empty
spaces are clickable (``data-click`` is the cell, ``k5``), and so are the
viewer's hand tiles and the face-up tiles (``draw N``).

>>> import engine
>>> s = engine.make("city_and_guilds", players=3, seed=1)
>>> draw_svg(s.game, s).count('data-piece="space"') == len(s.game.map.cell)
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.city_and_guilds.draw import EMPTY, MINSTREL, NK, PHASES, TAVERN
from engine.city_and_guilds.edition import cell_name
from engine.svgkit import document, group, seat_colour, tag, text, title

if TYPE_CHECKING:
    from engine.city_and_guilds.game import CityAndGuilds
    from engine.core import State

CELL = 40
GUILD = ("#e9c46a", "#2a9d8f", "#e76f51", "#6d6875")
BLOCK = ("#f1ede2", "#e6efe6", "#ece6f1", "#f1e6e6", "#e6eef1", "#f1f0e0", "#e9e9e9", "#efe3d3")


def _tile_parts(game: "CityAndGuilds", kind: int, x: float, y: float) -> list[str]:
    if kind == MINSTREL:
        return [tag("rect", x=x + 4, y=y + 4, width=CELL - 8, height=CELL - 8, rx=8, fill="#ffffff",
                    stroke="#000000"), text(x + CELL / 2, y + 24, "♪", 14, text_anchor="middle")]
    if kind == TAVERN:
        return [tag("rect", x=x + 4, y=y + 4, width=CELL - 8, height=CELL - 8, fill="#8b5a2b",
                    stroke="#000000"), text(x + CELL / 2, y + 24, "T", 12, text_anchor="middle", fill="#ffffff")]
    col = GUILD[(kind // 2) % len(GUILD)]
    if kind % 2:  # market
        return [tag("circle", cx=x + CELL / 2, cy=y + CELL / 2, r=CELL / 2 - 5, fill="#ffffff",
                    stroke=col, stroke_width=6)]
    return [tag("rect", x=x + 4, y=y + 4, width=CELL - 8, height=CELL - 8, fill=col, stroke="#000000")]


def draw_svg(game: "CityAndGuilds", state: "State", seat: int | None = None) -> str:
    """The state as SVG text, masked for ``seat`` when given."""
    if seat is not None and state.observer is None:
        state = state.observe(seat)
    if seat is None:
        seat = state.observer
    f = lambda name: game.layout.view(state.buf, name)  # noqa: E731
    m, P = game.map, game.players
    tile, owner, nmen = f("tile"), f("mowner"), f("nmen")
    white, black, done = f("white"), f("black"), f("done")
    ox, oy = 30, 50
    phase = game.phase(state)
    parts = [text(10, 22, f"City and Guilds, {P} players: {PHASES[phase]}", 16,
                  data_piece="phase", data_id=phase)]
    for j in range(len(m.rows[0])):
        parts.append(text(ox + j * CELL + CELL / 2, oy - 6, chr(97 + j), 10, text_anchor="middle"))
    for i in range(len(m.rows)):
        parts.append(text(8, oy + i * CELL + CELL / 2 + 4, i + 1, 10))
    centre = lambda s: (ox + m.cell[s][1] * CELL + CELL / 2, oy + m.cell[s][0] * CELL + CELL / 2)  # noqa: E731
    for s, (r, c) in enumerate(m.cell):
        b = m.block_of[s]
        x, y = ox + c * CELL, oy + r * CELL
        where = cell_name(r, c)
        k = int(tile[s])
        body = [tag("rect", x=x, y=y, width=CELL, height=CELL,
                    fill="#d8cfb8" if done[b] else BLOCK[b % len(BLOCK)], stroke="#b0a68e")]
        if k == EMPTY:
            body.insert(0, title(f"{where}: empty space of block {m.letters[b]}"))
            parts.append(group(body, data_piece="space", data_cell=where, data_click=where, class_="click"))
            continue
        body.insert(0, title(f"{where}: {game.kind_name(k)}"
                             + (f", {int(nmen[s])} men of seat {int(owner[s]) - 1}" if nmen[s] else "")))
        body += _tile_parts(game, k, x, y)
        body = [group(body[:1] + body[1:], data_piece="tile", data_id=game.kind_name(k), data_cell=where)]
        for n in range(int(nmen[s])):
            body.append(tag("circle", cx=x + 9 + n * 11, cy=y + CELL - 8, r=5,
                            fill=seat_colour(int(owner[s]) - 1), stroke="#000000",
                            data_piece="man", data_seat=int(owner[s]) - 1, data_cell=where))
        parts.append(group(body, data_piece="space", data_cell=where))
    for s in range(m.spaces):  # chains: same guild on neighbouring spaces
        k = int(tile[s])
        for t in m.adj[s]:
            if t > s and k < MINSTREL and 0 <= int(tile[t]) < MINSTREL and int(tile[t]) // 2 == k // 2:
                (x1, y1), (x2, y2) = centre(s), centre(t)
                parts.append(tag("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=GUILD[k // 2 % len(GUILD)],
                                 stroke_width=4, stroke_opacity=0.6, data_piece="chain"))
    for b in range(m.blocks):
        first = min(s for s in range(m.spaces) if m.block_of[s] == b)
        x, y = ox + m.cell[first][1] * CELL, oy + m.cell[first][0] * CELL
        mark = [text(x + 2, y + 11, m.letters[b] + f" {game.kernel.block_value(state.buf, b)}", 9,
                     data_piece="block", data_id=m.letters[b])]
        for n, (who, fill) in enumerate(((white[b], "#ffffff"), (black[b], "#000000"))):
            if who:
                mark.append(tag("rect", x=x + CELL - 12, y=y + 2 + n * 10, width=9, height=9, fill=fill,
                                stroke=seat_colour(int(who) - 1), stroke_width=2,
                                data_piece="white" if n == 0 else "black", data_seat=int(who) - 1,
                                data_id=m.letters[b]))
        parts.append(group(mark))
    y = oy + len(m.rows) * CELL + 20
    width = max(ox + len(m.rows[0]) * CELL + 20, 620)
    inv = f("inv").reshape(4, P)
    tmax = max(int(game.edition.get("track_max", 40)), 1)
    for g, name in enumerate(game.guilds):
        parts.append(text(10, y + 12, name, 11))
        parts.append(tag("rect", x=110, y=y + 2, width=400, height=12, fill="#eeeeee", stroke=GUILD[g % 4]))
        for p in range(P):
            if inv[g, p] > 0:
                cx = 110 + 400 * min(int(inv[g, p]), tmax) / tmax
                parts.append(group([title(f"seat {p} at {int(inv[g, p])} on the {name} track"),
                                    tag("rect", x=cx - 5, y=y + 2 + p * 2, width=9, height=9,
                                        fill=seat_colour(p), stroke="#000000")],
                                   data_piece="cube", data_seat=p, data_id=name, data_count=int(inv[g, p])))
        y += 20
    money, men, hsize = f("money"), f("men"), f("hsize")
    hand, known = f("hand").reshape(P, NK), f("known").reshape(P, NK)
    for p in range(P):
        you = p == seat
        parts.append(text(10, y + 16, f"seat {p}{' (you)' if you else ''}: £{int(money[p])}, "
                          f"{int(men[p])} men", 12, fill=seat_colour(p), data_piece="player", data_seat=p))
        hx = 200
        kinds = (hand[p] if hand[p, 0] != -1 else known[p])
        for k in range(NK):
            for _ in range(int(kinds[k])):
                name = game.kind_name(k)
                parts.append(group([title(name)] + _tile_parts(game, k, hx, y - 4),
                                   data_piece="hand", data_seat=p, data_id=name,
                                   data_click=name if you else None, class_="click" if you else None))
                hx += CELL + 2
        if hand[p, 0] == -1:
            hidden = int(hsize[p]) - int(sum(known[p]))
            parts.append(text(hx + 4, y + 16, f"+{hidden} hidden" if hidden > 0 else "", 11,
                              data_piece="hidden", data_seat=p, data_count=max(hidden, 0)))
        y += CELL + 6
    parts.append(text(10, y + 16, "face up:", 12))
    for i, k in enumerate(f("face")):
        x = 80 + i * (CELL + 8)
        if k != EMPTY:
            name = game.kind_name(int(k))
            parts.append(group([title(f"face-up {i + 1}: {name}")] + _tile_parts(game, int(k), x, y),
                               data_piece="face", data_id=name, data_click=f"draw {i + 1}", class_="click"))
    parts.append(text(80 + 3 * (CELL + 8) + 10, y + 24, f"taverns left {int(f('tavleft')[0])}", 12))
    return document(width, y + CELL + 12, parts, f"City and Guilds, {PHASES[phase]}")
