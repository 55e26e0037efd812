"""What ``guildhall play`` tells a seat of a City and Guilds game: every count and what it paid.

Money is public, so the payments of a count are the changes of every
seat's money across the move that triggered it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.city_and_guilds.game import CityAndGuilds
    from engine.core import State


def count_lines(game: "CityAndGuilds", before: "State", after: "State", seat: int) -> list[str]:
    """One line per count between the two views: the blocks counted, their value, the payments."""
    f0 = lambda n: game.layout.view(before.buf, n)  # noqa: E731
    f1 = lambda n: game.layout.view(after.buf, n)  # noqa: E731
    m = game.map
    paid = [int(a) - int(b) for a, b in zip(f1("money"), f0("money"))]
    if not any(paid):
        return []
    counted = [b for b in range(m.blocks) if f1("done")[b] and not f0("done")[b]]
    what = ("count of block " + ", ".join(f"{m.letters[b]} (worth £{game.kernel.block_value(after.buf, b)})"
                                          for b in counted)) if counted else \
        "count"
    if game.phase(after) == 6:
        what += " and the final guild count (less £1 per unused man)" if counted else "final guild count"
    names = ["you" if s == seat else f"seat {s}" for s in range(game.players)]
    pays = ", ".join(f"{n} {'+' if p >= 0 else '-'}£{abs(p)}" for n, p in zip(names, paid) if p)
    return [f"{what}: {pays}; money now " + ", ".join(f"{n} £{int(v)}" for n, v in zip(names, f1("money")))]
