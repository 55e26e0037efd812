"""What ``guildhall play`` tells a seat of a Walled City game: the votes of every count.

Votes are public; a count (neighbourhoods, factions, towers) shows as the
change of each seat's votes across the move that ended the round.
"""
from __future__ import annotations


def count_lines(game, before, after, seat: int) -> list[str]:
    s0, s1 = game.field(before, "score"), game.field(after, "score")
    gained = [int(b) - int(a) for a, b in zip(s0, s1)]
    if not any(gained):
        return []
    rnd = int(game.field(before, "round")[0])
    names = ["you" if s == seat else f"seat {s}" for s in range(game.players)]
    return [f"vote count of round {rnd}: " + ", ".join(f"{n} {g:+d}" for n, g in zip(names, gained))
            + "; votes now " + ", ".join(f"{n} {int(v)}" for n, v in zip(names, s1))]
