"""What ``guildhall play`` tells a seat of a Between Two Cities game, in that seat's terms.

A move's notation speaks from the mover's seat (``place shop L e5``: the
mover's *left* city); told to another seat it names the city by number and
whose it is from the listener's side (``city 1, your right city``).

At the end of the game (:func:`count_lines` of the last move) every city's
points are told by the rulebook's categories, then each seat's lower and
higher city and the winner by the rulebook's tie-breaks.  The points are the
kernel's own: its city score (``score_city_at``: every category but
factories) run on copies of a city holding only some categories.  Shops,
taverns and parks score alone; offices add their tavern bonus (offices with
taverns, less the taverns); no category but civic buildings looks at civic
buildings, and none but houses looks at houses, so the two are what the city
loses without them (civic first).  Factories and districts are the rest of
the kernel's city total (``city_scores``, with and without the district
cards).  Cities, mats and district cards are public.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from cython_ext.between_two_cities_encoding import (
    CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, NOTHING, PH_END, TILE)
from cython_ext.between_two_cities_scoring import score_city_at
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


# the scorepad's rows, in the rulebook's order (civic buildings and districts where played)
ROWS = ("shops", "factories", "taverns", "offices", "parks", "houses", "civic", "districts")
# the rank key's fields after the score(s): tiles of both cities by category
TIE_COUNTS = ("factories", "shops", "parks", "taverns", "offices", "houses", "civic buildings")


def _city_totals(game: "BetweenTwoCities", buf: np.ndarray) -> list[int]:
    out = np.zeros(game.NC, dtype=np.intc)
    game.kernel.city_scores(buf, out)
    return [int(v) for v in out]


def _only(game: "BetweenTwoCities", buf: np.ndarray, c: int, cats: set[int]) -> int:
    """City ``c``'s score without factories and districts, keeping the categories ``cats``."""
    b = buf.copy()
    cells = game.layout.view(b, "city")[c]
    kcat = game.tables["kcat"]
    for x in np.flatnonzero(cells >= TILE):
        if int(kcat[(int(cells[x]) - TILE) & 31]) not in cats:
            cells[x] = 0
    return int(score_city_at(game.kernel, b, c))


def city_points(game: "BetweenTwoCities", state: "State") -> list[dict[str, int]]:
    """Every city's points by scorepad row (their sum is the kernel's city score)."""
    buf = state.buf
    full = _city_totals(game, buf)
    plain = full
    if game.districts:
        b = buf.copy()
        game.layout.view(b, "dcard")[:] = NOTHING  # the kernel scores districts once all are dealt
        plain = _city_totals(game, b)
    rows = []
    every = {CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC}
    for c in range(game.NC):
        base = _only(game, buf, c, every)
        no_civic = _only(game, buf, c, every - {CAT_CIVIC})
        taverns = _only(game, buf, c, {CAT_TAVERN})
        rows.append({
            "shops": _only(game, buf, c, {CAT_SHOP}),
            "factories": plain[c] - base,
            "taverns": taverns,
            "offices": _only(game, buf, c, {CAT_OFFICE, CAT_TAVERN}) - taverns,
            "parks": _only(game, buf, c, {CAT_PARK}),
            "houses": no_civic - _only(game, buf, c, every - {CAT_CIVIC, CAT_HOUSE}),
            "civic": base - no_civic,
            "districts": full[c] - plain[c],
        })
    return rows


def _competitors(game: "BetweenTwoCities") -> list[int]:
    """The seats, and Jamey (seat 2 of the seating) in the advanced 2-player game."""
    return list(range(game.players)) + ([2] if game.jamey else [])


def winner_line(game: "BetweenTwoCities", state: "State", viewer: int) -> str:
    """The winner and the tie-break that decided it (the kernel's rank keys)."""
    keys = game.rank_keys(state) + game.rival_keys(state)
    who_ = [who(game, s, viewer) for s in _competitors(game)]
    best = max(keys)
    top = [i for i, k in enumerate(keys) if k == best]
    if len(top) > 1:
        return "winners: " + " and ".join(who_[i] for i in top) + " (tied on every tie-break)"
    runner = max(k for i, k in enumerate(keys) if i != top[0]) if len(keys) > 1 else None
    text = f"winner: {who_[top[0]]}"
    if runner is None:
        return text
    heads = ("final score",) if game.two_std else ("lower city", "higher city")
    fields = heads + TIE_COUNTS
    i = next(j for j in range(len(best)) if best[j] != runner[j])
    tied = "".join(f"{fields[j]} tied at {best[j]}, " for j in range(i))
    return text + f" ({tied}{fields[i]} {best[i]} to {runner[i]})"


def final_lines(game: "BetweenTwoCities", state: "State", viewer: int) -> list[str]:
    """Every city's points by category, each competitor's two cities, the winner."""
    rows = city_points(game, state)
    totals = [sum(r.values()) for r in rows]
    shown = [r for r in ROWS if (r != "civic" or not game.beginner) and (r != "districts" or game.districts)]
    lines = ["final scoring:"]
    for c, row in enumerate(rows):
        lines.append(f"  {city_text(game, c, viewer)}: "
                     + ", ".join(f"{r} {row[r]}" for r in shown) + f" = {totals[c]}")
    for s in _competitors(game):
        a, b = game.seat_cities(s)
        if game.two_std:
            lines.append(f"  {who(game, s, viewer)}: city {a} {totals[a]} + city {b} {totals[b]}"
                         f" = {totals[a] + totals[b]}")
            continue
        lo, hi = (a, b) if (totals[a], a) <= (totals[b], b) else (b, a)
        lines.append(f"  {who(game, s, viewer)}: lower city {lo} = {totals[lo]}, higher city {hi} = {totals[hi]}")
    lines.append(winner_line(game, state, viewer))
    return lines


def count_lines(game: "BetweenTwoCities", before: "State", after: "State", seat: int,
                last: tuple[int, int] | None = None) -> list[str]:
    """The final scoring, told on the move that ends the game (nothing scores before)."""
    if game.phase(after) == PH_END and game.phase(before) != PH_END:
        return final_lines(game, after, seat)
    return []
