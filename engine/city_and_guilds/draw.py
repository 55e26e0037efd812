"""A readable text drawing of the city, the tracks and the players.

Each space is four characters: the tile (``Ca`` building of the
Candlemakers, ``ca`` its market, ``Mi`` minstrel, ``Ta`` tavern, ``a:`` an
empty space of block A), the seat of the man's owner and the number of men.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cython_ext.city_and_guilds_layout import EMPTY, MINSTREL, NK, TAVERN

if TYPE_CHECKING:
    from engine.city_and_guilds.game import CityAndGuilds
    from engine.core import State

PHASES = ("deal", "setup discard", "setup placement", "place a tile", "place a tavern",
          "draw a face-up tile", "game over")


def tile_code(game: "CityAndGuilds", kind: int) -> str:
    if kind == MINSTREL:
        return "Mi"
    if kind == TAVERN:
        return "Ta"
    name = game.guilds[kind // 2][:2]
    return name.lower() if kind % 2 else name.capitalize()


def legend(game: "CityAndGuilds") -> str:
    """What the codes of :func:`draw` mean."""
    guilds = "  ".join(f"{tile_code(game, 2 * g)}/{tile_code(game, 2 * g + 1)} {name}"
                       for g, name in enumerate(game.guilds))
    return ("spaces: a tile code, then the seat owning its men and how many men (Ba12: a bakers'\n"
            "        building with 2 men of seat 1); a: an empty space of block A\n"
            f"tiles:  capital a building, small a market: {guilds}\n"
            "        Mi minstrel's house, Ta tavern\n"
            "blocks: tiles placed/spaces, the £ a count pays, white and black cube holders")


def draw(game: "CityAndGuilds", state: "State", seat: int | None = None) -> str:
    if seat is not None and state.observer is None:
        state = state.observe(seat)
    f = lambda name: game.layout.view(state.buf, name)  # noqa: E731
    m = game.map
    P = game.players
    tile, owner, nmen = f("tile"), f("mowner"), f("nmen")
    width = len(m.rows[0])
    lines = ["    " + "".join(f"{chr(97 + j):<5}" for j in range(width)).rstrip()]
    where = {cell: s for s, cell in enumerate(m.cell)}
    for i, row in enumerate(m.rows):
        parts = []
        for j in range(width):
            s = where.get((i, j))
            if s is None:
                parts.append("    ")
            elif tile[s] == EMPTY:
                parts.append(f"{m.letters[m.block_of[s]].lower()}:  ")
            else:
                who = str(owner[s] - 1) if owner[s] > 0 else " "
                men = str(nmen[s]) if nmen[s] > 0 else " "
                parts.append(tile_code(game, int(tile[s])) + who + men)
        lines.append(f"{i + 1:>2}  " + " ".join(parts).rstrip())
    lines.append("")
    white, black, done = f("white"), f("black"), f("done")
    for b in range(m.blocks):
        size = sum(1 for s in range(m.spaces) if m.block_of[s] == b)
        full = sum(1 for s in range(m.spaces) if m.block_of[s] == b and tile[s] != EMPTY)
        w = f"seat {white[b] - 1}" if white[b] else "-"
        k = f"seat {black[b] - 1}" if black[b] else "-"
        lines.append(f"block {m.letters[b]}: {full}/{size} value {game.kernel.block_value(state.buf, b)}"
                     f"  white {w}  black {k}" + ("  (counted)" if done[b] else ""))
    inv, istamp = f("inv").reshape(4, P), f("istamp").reshape(4, P)
    for g, name in enumerate(game.guilds):
        order = sorted((p for p in range(P) if inv[g, p] > 0), key=lambda p: (-inv[g, p], istamp[g, p]))
        track = ", ".join(f"seat {p} at {inv[g, p]}" for p in order) or "nobody"
        lines.append(f"{name:<13} {track}")
    money, men, hand, hsize = f("money"), f("men"), f("hand").reshape(P, NK), f("hsize")
    for p in range(P):
        if hand[p, 0] == -1:
            tiles = f"{hsize[p]} hidden tiles"
            known = f("known").reshape(P, NK)[p]
            seen = [game.kind_name(k) for k in range(NK) for _ in range(known[k])]
            if seen:
                tiles += " incl. " + ", ".join(seen)
        else:
            tiles = ", ".join(game.kind_name(k) for k in range(NK) for _ in range(hand[p, k])) or "-"
        lines.append(f"seat {p}: £{money[p]}  men {men[p]}  hand: {tiles}")
    face = [game.kind_name(int(k)) if k != EMPTY else "-" for k in f("face")]
    lines.append("face up: " + "  ".join(f"{i + 1}) {x}" for i, x in enumerate(face)))
    lines.append(f"taverns left {f('tavleft')[0]}; {PHASES[game.phase(state)]}, "
                 f"to move: {', '.join(map(str, state.to_move())) or 'nobody'}")
    return "\n".join(lines)
