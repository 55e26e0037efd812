"""What ``guildhall play`` tells a seat as a Guildes game goes on: each vote count, guild by guild.

Guilds count independently (the Militia too), so the count of each guild
alone, on the table as counted, with this round's event and dirty-trick
virtual cards, adds up to the votes every seat received.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from cython_ext.guildes_rules import TRICK, VIRT

if TYPE_CHECKING:
    from engine.core import State
    from engine.guildes.game import Guildes


def breakdown(game: "Guildes", table: np.ndarray, rnd: int, ties: bool = False,
              virt: np.ndarray | None = None) -> list[tuple[str, list[int], list[int]]]:
    """Per guild: (name, cards per seat, votes per seat) of one count of ``table[n, G]``.

    >>> import engine, numpy as np
    >>> g = engine.make_game("guildes", 3)
    >>> t = np.zeros((3, g.G), dtype=np.intc); k = g.guild_names.index("knights")
    >>> t[0, k], t[1, k] = 2, 1
    >>> [row for row in breakdown(g, t, 0) if row[0] == "knights"]
    [('knights', [2, 1, 0], [11, 0, 0])]
    """
    out = []
    for gi, name in enumerate(game.guild_names):
        only = np.zeros_like(table)
        only[:, gi] = table[:, gi]
        v = None
        if virt is not None:
            v = np.zeros_like(virt)
            v[:, gi] = virt[:, gi]
        votes = game.votes(only, rnd, ties, v)
        cards = [int(c) for c in table[:, gi]]
        if any(cards) or any(votes):
            out.append((name, cards, votes))
    return out


def reveal_lines(game: "Guildes", before: "State", after: "State", seat: int) -> list[str]:
    """The cards each seat turned face up when a simultaneous play step resolved (table changes)."""
    lay = game.layout
    t0, t1 = lay.view(before.buf, "table"), lay.view(after.buf, "table")
    parts = []
    for s in range(game.players):
        new = [game.guild_names[g] for g in range(game.G) for _ in range(max(0, int(t1[s, g] - t0[s, g])))]
        if new:
            parts.append(f"{'you' if s == seat else f'seat {s}'}: {', '.join(new)}")
    return ["revealed together -- " + "; ".join(parts)] if parts else []


def count_virt(game: "Guildes", before: "State", last: tuple[int, int] | None) -> np.ndarray | None:
    """The dirty tricks' virtual cards ``[n, G]`` as the count saw them: ``before``'s, plus the
    one the move ``last`` (actor, move) played if it was a +1/-1 trick (the last trick of a
    round is counted at once, and the count clears the virtual cards)."""
    lay = game.layout
    if "virt" not in lay.offsets:
        return None
    virt = lay.view(before.buf, "virt").copy()
    if last is not None and last[0] >= 0 and last[1] > 0 and int(before.buf[lay["phase"]]) == TRICK:
        k = game.kernel
        t = int(game.field(before, "trick")[last[0]])
        if 0 <= t < len(k.trick_kind) and int(k.trick_kind[t]) == VIRT:
            m = last[1] - 1
            virt[m // 2, int(k.trick_guild[t])] += -1 if m % 2 else 1
    return virt


def count_lines(game: "Guildes", before: "State", after: "State", seat: int,
                last: tuple[int, int] | None = None) -> list[str]:
    """The table of the vote count that happened between the two views of ``seat`` (none: []);
    ``last``: the move between them, if the seat saw it (see :func:`count_virt`)."""
    if before.scores() == after.scores():
        return []
    lay = game.layout
    rnd = int(before.buf[lay["round"]])
    ev = int(before.buf[lay["event"]])
    ties = bool(game.events) and 0 <= ev < len(game.event_names) and int(game.cfg["event_effect"][ev]) == 1
    virt = count_virt(game, before, last)
    rows = breakdown(game, lay.view(after.buf, "table").copy(), rnd, ties, virt)
    n = game.players
    names = ["you" if s == seat else f"seat {s}" for s in range(n)]
    lines = [f"vote count, round {rnd + 1} (cards on the table, then votes):",
             "  " + "guild".ljust(12) + "".join(x.rjust(10) for x in names)]
    for name, cards, votes in rows:
        lines.append("  " + name.ljust(12) + "".join(
            (f"{c} +{v}" if c or v else "-").rjust(10) for c, v in zip(cards, votes)))
    gained = [a - b for a, b in zip(after.scores(), before.scores())]
    lines.append("  " + "this count".ljust(12) + "".join(f"+{g}".rjust(10) for g in gained))
    lines.append("  " + "total votes".ljust(12) + "".join(str(t).rjust(10) for t in after.scores()))
    if [sum(r[2][s] for r in rows) for s in range(n)] != gained:
        lines.append("  (dirty tricks changed this count beyond the guilds' own votes)")
    return lines
