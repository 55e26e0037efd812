"""What ``guildhall play`` tells a seat of a City and Guilds game: every count and what it paid,
by the rulebook's categories (block control, guild control, each guild's chain at the final
count, unused men -- the columns of the rulebook's Scoring Example).

Money is public, so the payments of a count are the changes of every seat's money across
the move that triggered it; the split is made by running the kernel's own counts on copies
of the public board with the money zeroed: a block's count with every track cube on 0 pays
the block control alone (the guild count pays only cubes off 0), and the final count with
one guild's track kept and no men left pays that guild's chain alone.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np

from cython_ext.city_and_guilds_layout import END, NG

if TYPE_CHECKING:
    from engine.city_and_guilds.game import CityAndGuilds
    from engine.core import State


def _paid(game: "CityAndGuilds", buf: np.ndarray, count: Callable[[np.ndarray], None],
          keep_guild: int | None = None, no_men: bool = False) -> list[int]:
    """Money each seat gets from ``count`` run on a copy of ``buf`` with the money zeroed
    (``keep_guild``: every other guild's cubes put back on 0; -1: all of them)."""
    b = buf.copy()
    view = game.layout.view
    view(b, "money")[:] = 0
    if keep_guild is not None:
        inv = view(b, "inv").reshape(NG, game.players)
        for g in range(NG):
            if g != keep_guild:
                inv[g] = 0
    if no_men:
        view(b, "men")[:] = 0
    count(b)
    return [int(x) for x in view(b, "money")]


def count_parts(game: "CityAndGuilds", before: "State", after: "State") -> list[tuple[str, list[int]]]:
    """The counts made by the move from ``before`` to ``after`` (views or full states), each
    as (category, money per seat); their sum is every seat's change of money."""
    k, f0 = game.kernel, lambda n: game.layout.view(before.buf, n)  # noqa: E731
    f1 = lambda n: game.layout.view(after.buf, n)  # noqa: E731
    parts = []
    for blk in range(game.map.blocks):
        if not f1("done")[blk] or f0("done")[blk]:
            continue
        letter = game.map.letters[blk]
        # the counts read the board as the move left it (one move fills one block at most)
        whole = _paid(game, after.buf, lambda b: k.score_block(b, blk))
        block = _paid(game, after.buf, lambda b: k.score_block(b, blk), keep_guild=-1)
        g = k.guild_control(after.buf, blk)
        guild = f"guild control of block {letter} (" + (game.guilds[g] if g >= 0 else "guilds tied") + ")"
        parts.append((f"block control of block {letter} (worth £{k.block_value(after.buf, blk)})", block))
        parts.append((guild, [a - b for a, b in zip(whole, block)]))
    if game.phase(after) == END and game.phase(before) != END:
        for g in range(NG):
            value = k.guild_chain_value(after.buf, g)
            paid = _paid(game, after.buf, k.final_count, keep_guild=g, no_men=True)
            parts.append((f"{game.guilds[g]} chain (worth £{value})", paid))
        parts.append(("unused men", [-int(x) for x in f1("men")]))
    return parts


def count_lines(game: "CityAndGuilds", before: "State", after: "State", seat: int,
                last: tuple[int, int] | None = None) -> list[str]:
    """One line per move that paid: each count with its payments, then everyone's money."""
    f0 = lambda n: game.layout.view(before.buf, n)  # noqa: E731
    f1 = lambda n: game.layout.view(after.buf, n)  # noqa: E731
    paid = [int(a) - int(b) for a, b in zip(f1("money"), f0("money"))]
    if not any(paid):
        return []
    names = ["you" if s == seat else f"seat {s}" for s in range(game.players)]
    texts = []
    for what, pays in count_parts(game, before, after):
        if any(pays):
            texts.append(what + ": " + ", ".join(f"{n} {'+' if p >= 0 else '-'}£{abs(p)}"
                                                for n, p in zip(names, pays) if p))
    now = ", ".join(f"{n} £{int(v)}" for n, v in zip(names, f1("money")))
    return ["; ".join(texts) + "; money now " + now]
