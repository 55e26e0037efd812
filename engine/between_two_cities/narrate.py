"""What ``guildhall play`` tells a seat of a Between Two Cities game, in that seat's terms.

A move's notation speaks from the mover's seat (``place shop L e5``: the
mover's *left* city); told to another seat it names the city by number and
whose it is from the listener's side (``city 1, your right city``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.between_two_cities.draw import city_owners, who
from engine.between_two_cities.notation import ASSIGN_BASE, NCELL, PLACE_BASE, cell_name, tile_names

if TYPE_CHECKING:
    from engine.between_two_cities.game import BetweenTwoCities
    from engine.core import State


def city_text(game: "BetweenTwoCities", c: int, viewer: int) -> str:
    """``city 2 (your right city)`` or ``city 1 (seat 1 and seat 2)``."""
    left, right = game.seat_cities(viewer)
    if c in (left, right):
        return f"city {c} (your {'left' if c == left else 'right'} city)"
    return f"city {c} ({' and '.join(who(game, o, viewer) for o in city_owners(game, c))})"


def move_text(game: "BetweenTwoCities", before: "State", actor: int, move: int, viewer: int) -> str:
    """The move as ``viewer`` should read it (``before``: the viewer's view before the move).

    >>> import engine
    >>> g = engine.make_game("between_two_cities", 3)
    >>> s = g.new_initial_state(1)
    >>> g.field(s, "phase")[0] = 6; g.field(s, "pend")[1, 0] = g.kind_names.index("shop")
    >>> move_text(g, s, 1, PLACE_BASE + 0 * NCELL + 40, 0)      # seat 1's left city is city 1
    'places shop in city 1 (seat 1 and seat 2) at e5'
    >>> move_text(g, s, 1, PLACE_BASE + 1 * NCELL + 40, 0)      # its right city is ours
    'places shop in city 0 (your left city) at e5'
    """
    if PLACE_BASE <= move < ASSIGN_BASE:
        m = move - PLACE_BASE
        slot, side, x = m // NCELL // 2, m // NCELL % 2, m % NCELL
        k = int(game.field(before, "pend")[actor, slot])
        names = tile_names(game, before)
        tile = names[k] if 0 <= k < len(names) else "a tile"
        whose = "Jamey's " if slot >= 2 else ""
        return f"places {whose}{tile} in {city_text(game, game.city_of(actor, side), viewer)} at {cell_name(x)}"
    return "plays " + before.move_to_string(actor, move)


def reveal_lines(game: "BetweenTwoCities", before: "State", after: "State", seat: int) -> list[str]:
    """The tiles each seat turned up when the choices were revealed together."""
    p0, p1 = game.field(before, "pend"), game.field(after, "pend")
    names = tile_names(game, after)
    parts = []
    for s in range(game.players):
        new = [int(k) for k in p1[s][:2] if k >= 0]
        if new and list(p0[s][:2]) != list(p1[s][:2]):
            parts.append(f"{who(game, s, seat)}: {' and '.join(names[k] for k in new)}")
    return ["revealed together -- " + "; ".join(parts)] if parts else []
