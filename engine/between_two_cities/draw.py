"""A readable text drawing of a seat's two cities (masked for that seat).

Each city is the fixed 9x9 board (columns ``a``-``i``, rows ``1``-``9``), so
a column never moves as tiles arrive.  A cell is three characters: a
building's code (``sho``; duplex halves in capitals, ``SHO``), ``~~~``
landscape, ``~=~``/``~|~`` a bridge, `` , `` an open mat cell, `` . `` an
empty cell the city can still use; cells no 5x5 city can reach any more
are blank.  :func:`legend` names every code.

>>> import engine
>>> g = engine.make_game("between_two_cities", 3)
>>> codes(g)[:4]
['fac', 'sho', 'par', 'dri']
>>> len(set(codes(g))) == len(g.kind_names)
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.between_two_cities.game import BetweenTwoCities
    from engine.core import State

COLS = "abcdefghi"
PHASES = ("mats", "district cards", "deal", "Jamey's draw", "assign Jamey's tiles", "choose",
          "place", "over")


def codes(game: "BetweenTwoCities") -> list[str]:
    """A distinct three-letter code per building kind: its first three letters when free."""
    out: list[str] = []
    for name in game.kind_names:
        n = name.lower()
        options = [n[:3]] + [n[0] + n[i] + n[j] for i in range(1, len(n)) for j in range(i + 1, len(n))]
        options += [n[:2] + str(d) for d in range(10)]
        out.append(next(c for c in options if c not in out))
    return out


def legend(game: "BetweenTwoCities") -> str:
    cs = codes(game)
    items = [f"{c} {n}" for c, n in zip(cs, game.kind_names)]
    lines = ["cells: lower case a building, CAPITALS a duplex half (the left half is named first),",
             "       ~~~ landscape, ~=~ ~|~ a bridge, ' , ' an open mat cell, ' . ' free,",
             "       blank: no 5x5 city can reach it any more"]
    for i in range(0, len(items), 5):
        lines.append("  " + "".join(t.ljust(16) for t in items[i:i + 5]).rstrip())
    return "\n".join(lines)


def city_owners(game: "BetweenTwoCities", c: int) -> list[int]:
    """The seats that build city ``c`` (seat 2 is Jamey in the advanced two-player game)."""
    seats = range(3) if game.jamey else range(game.players)
    return [s for s in seats if c in game.seat_cities(s)]


def who(game: "BetweenTwoCities", s: int, viewer: int | None) -> str:
    if game.jamey and s == 2:
        return "Jamey"
    return "you" if s == viewer else f"seat {s}"


def mat_cells(game: "BetweenTwoCities", mat: int) -> tuple[dict[int, str], set[int]]:
    """The bridges (cell -> ``=`` or ``|``) and open cells of mat ``mat`` on the 9x9 board."""
    bridges: dict[int, str] = {}
    openm: set[int] = set()
    rows = game.edition["mats"][mat]["rows"] if mat >= 0 else None
    if rows:
        r0, c0 = (9 - len(rows)) // 2, (9 - len(rows[0])) // 2
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                x = (r0 + i) * 9 + c0 + j
                if ch in "=|":
                    bridges[x] = ch
                elif ch == "o":
                    openm.add(x)
    return bridges, openm


def city_window(game: "BetweenTwoCities", cells) -> tuple[int, int, int, int]:
    """Rows and columns (first, last) some ``W`` x ``W`` city holding every used cell can reach."""
    used = [x for x in range(81) if cells[x] >= 1]
    W = game.W
    if not used:
        return 4 - W + 1, 4 + W - 1, 4 - W + 1, 4 + W - 1
    rs, cs = [x // 9 for x in used], [x % 9 for x in used]
    return (max(0, max(rs) - W + 1), min(8, min(rs) + W - 1),
            max(0, max(cs) - W + 1), min(8, min(cs) + W - 1))


def city_cells(game: "BetweenTwoCities", state: "State", c: int):
    """Every cell of city ``c``'s board as ``(row, col, x, value, what)``; ``what`` is
    ``tile``, ``land`` (``bridge=`` / ``bridge|`` under a bridge), ``open`` (an open
    mat cell), ``free`` (empty, still reachable) or ``off`` (no city can reach it).

    >>> import engine
    >>> from collections import Counter
    >>> s = engine.make("between_two_cities", players=3, seed=1)
    >>> {w for *_, w in city_cells(s.game, s, 0)}    # no mat yet: all of the board is free
    {'free'}
    >>> s.apply(-1, 1)                                 # city 0 gets mat 1 (a bridge)
    >>> sorted(Counter(w for *_, w in city_cells(s.game, s, 0)).items())
    [('bridge=', 1), ('free', 40), ('land', 4), ('off', 32), ('open', 4)]
    """
    cells = game.field(state, "city")[c]
    bridges, openm = mat_cells(game, int(game.field(state, "mat")[c]))
    rlo, rhi, clo, chi = city_window(game, cells)
    for r in range(9):
        for j in range(9):
            x = r * 9 + j
            v = int(cells[x])
            if v >= 2:
                what = "tile"
            elif v == 1:
                what = "bridge" + bridges[x] if x in bridges else "land"
            elif not (rlo <= r <= rhi and clo <= j <= chi):
                what = "off"
            else:
                what = "open" if x in openm else "free"
            yield r, j, x, v, what


def city_lines(game: "BetweenTwoCities", state: "State", c: int) -> list[str]:
    code = codes(game)
    out = ["  " + "".join(f" {COLS[j]}  " for j in range(9)).rstrip()]
    line = ""
    for r, j, _x, v, what in city_cells(game, state, c):
        if j == 0:
            line = f"{r + 1} "
        if what == "tile":
            cell = code[v - 34].upper() if v >= 34 else code[v - 2]
        else:
            cell = {"land": "~~~", "bridge=": "~=~", "bridge|": "~|~", "off": "   ", "open": " , ",
                    "free": " . "}[what]
        line += cell + " "
        if j == 8:
            out.append(line.rstrip())
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
        heads = []
        for side, c in (("left", left), ("right", right)):
            other = [who(game, o, seat) for o in city_owners(game, c) if o != s]
            shared = f", with {' and '.join(other)}" if other else ""
            heads.append(f"{side} city {c}{shared}: {cs[c]} points")
        lines.append(f"{who(game, s, seat)} (seat {s}):" if s == seat else f"seat {s}:")
        a, b = city_lines(game, view, left), city_lines(game, view, right)
        width = max(len(t) for t in a) + 3
        lines.append(heads[0].ljust(width) + heads[1])
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
    owners = ["|".join(str(o) if not (game.jamey and o == 2) else "J" for o in city_owners(game, c))
              for c in range(game.NC)]
    lines.append("cities (seats): " + "  ".join(f"{c} ({o}) {cs[c]}" for c, o in enumerate(owners)))
    if game.jamey:
        lines.append(f"Jamey: city 1 ({cs[1]} points) and city 2 ({cs[2]} points), score {min(cs[1], cs[2])}")
    lines.append("scores: " + " ".join(str(v) for v in view.scores()))
    return "\n".join(lines)
