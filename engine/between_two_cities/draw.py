"""A readable text drawing of a seat's two cities (masked for that seat).

Each cell is four characters: a building (``shop``; duplex halves in capitals,
``SHOP``), ``~~~~`` landscape, ``~==~``/``~||~`` a bridge, `` ,, `` an open mat
cell, `` .. `` an empty cell that can still be built.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.between_two_cities.game import BetweenTwoCities
    from engine.core import State

COLS = "abcdefghi"
PHASES = ("mats", "district cards", "deal", "Jamey's draw", "assign Jamey's tiles", "choose",
          "place", "over")


def city_lines(game: "BetweenTwoCities", state: "State", c: int) -> list[str]:
    cells = game.field(state, "city")[c]
    mat = int(game.field(state, "mat")[c])
    rows = game.edition["mats"][mat]["rows"] if mat >= 0 else None
    bridges = {}
    openm = set()
    if rows:
        r0, c0 = (9 - len(rows)) // 2, (9 - len(rows[0])) // 2
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                x = (r0 + i) * 9 + c0 + j
                if ch in "=|":
                    bridges[x] = ch
                if ch == "o":
                    openm.add(x)
    used = [x for x in range(81) if cells[x] >= 2 or cells[x] == 1]
    W = game.W
    if used:
        rs, cs = [x // 9 for x in used], [x % 9 for x in used]
        rlo, rhi = max(0, max(rs) - W + 1), min(8, min(rs) + W - 1)
        clo, chi = max(0, max(cs) - W + 1), min(8, min(cs) + W - 1)
    else:
        rlo, rhi, clo, chi = 4 - W + 1, 4 + W - 1, 4 - W + 1, 4 + W - 1
    out = ["   " + "".join(f"  {COLS[j]}  " for j in range(clo, chi + 1))]
    for r in range(rlo, rhi + 1):
        line = f"{r + 1:>2} "
        for j in range(clo, chi + 1):
            x = r * 9 + j
            v = int(cells[x])
            if v == 1:
                line += f"~{bridges[x] * 2}~ " if x in bridges else "~~~~ "
            elif v >= 34:
                line += game.kind_names[v - 34][:4].upper().ljust(5)
            elif v >= 2:
                line += game.kind_names[v - 2][:4].ljust(5)
            else:
                line += " ,,  " if x in openm else " ..  "
        out.append(line)
    return out


def draw_state(game: "BetweenTwoCities", state: "State", seat: int | None) -> str:
    view = state.observe(seat) if seat is not None and state.observer is None else state
    lay = game.layout
    rnd = int(view.buf[lay["round"]])
    phase = int(view.buf[lay["phase"]])
    cs = game.city_scores(view)
    seats = [seat] if seat is not None else list(range(game.players))
    lines = [f"Between Two Cities -- round {min(rnd, game.NR - 1) + 1} of {game.NR}, {PHASES[phase]}"]
    for s in seats:
        left, right = game.seat_cities(s)
        lines.append(f"seat {s}: left city {left} ({cs[left]} points), right city {right} ({cs[right]} points)")
        a, b = city_lines(game, view, left), city_lines(game, view, right)
        width = max(len(t) for t in a) + 4
        for i in range(max(len(a), len(b))):
            lines.append((a[i] if i < len(a) else "").ljust(width) + (b[i] if i < len(b) else ""))
        names = game.duplex_names if game.round_is_duplex(view) else game.kind_names
        hand = game.field(view, "hand")[s] if s < game.NPOS else None
        if hand is not None and rnd < game.NR:
            if int(hand[0]) < 0:
                lines.append("  hand: hidden")
            else:
                lines.append("  hand: " + (" ".join(f"{names[k]}x{int(n)}" if n > 1 else names[k]
                                                    for k, n in enumerate(hand) if n > 0) or "-"))
        pend = [int(v) for v in game.field(view, "pend")[s] if v >= 0]
        if pend:
            lines.append("  to place: " + " ".join(names[k] for k in pend))
    if game.jamey:
        lines.append(f"Jamey: city 1 ({cs[1]} points) and city 2 ({cs[2]} points), score {min(cs[1], cs[2])}")
    lines.append("scores: " + " ".join(str(v) for v in view.scores()))
    return "\n".join(lines)
