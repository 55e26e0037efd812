"""What ``guildhall play`` tells a seat of a Walled City game: every count broken down.

A count is told by the rulebook's categories: the neighbourhoods (each one's
places, changed by its survey chits), the factions (each one's value to the
most citizens around its dice) and, at the end of the game, the towers (each
one's defense-card halves to the most watchmen).  Everything a count reads is
public: the board, the dice, the chits and, once the game is over, the
defense cards.

The votes are the kernel's own: its count pieces (``score_neighbourhoods``,
``score_factions``, ``score_towers``) run on copies of the seat's view of the
board as the move left it.  The count changes no piece but the nobles that
flee in round 2, and those are already gone from that board, so the pieces
score again exactly as they did.  One neighbourhood (faction, tower) is told
apart by running the same piece on a copy holding only its citizens (its
dice's values, its watchmen): the others then score nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np

from cython_ext.walled_city_board import P_DCARD, P_DZONE, P_END

if TYPE_CHECKING:
    from engine.core import State
    from engine.walled_city.game import WalledCity

Part = tuple[str, list[int]]  # what scored, and the votes of each owner


def _stage(game: "WalledCity", s: "State") -> tuple[int, int]:
    """(round, 1 once the round's count is made): a count lies between two stages."""
    phase = int(game.field(s, "phase")[0])
    return int(game.field(s, "round")[0]), int(phase in (P_DCARD, P_DZONE, P_END))


def _scored(game: "WalledCity", buf: np.ndarray, piece: Callable[[np.ndarray, list[int]], None]) -> list[int]:
    add = [0] * game.owners
    piece(buf.copy(), add)
    return add


def count_parts(game: "WalledCity", s: "State", rnd: int) -> tuple[list[Part], list[Part]]:
    """The count of round ``rnd`` on the board of ``s`` (made, or about to be made before
    any noble flees): the neighbourhoods, then the factions, one part each with votes."""
    k, buf, na = game.kernel, s.buf, game.sizes["areas"]
    towers = 1 if rnd == 2 else 0
    comp = [0] * na
    k.comps(buf, comp)
    if rnd == 2:  # idempotent on a board the count has already made them flee from
        buf = buf.copy()
        k.flee(buf, comp)
    view = game.layout.view
    hoods = []
    for lab in sorted(set(comp)):
        areas = [a for a in range(na) if comp[a] == lab]
        b = buf.copy()
        for name in ("an", "ap"):
            cit = view(b, name)
            keep = cit[areas].copy()
            cit[:] = 0
            cit[areas] = keep
        if not view(b, "an")[areas].any() and not view(b, "ap")[areas].any():
            continue
        chits = sum(int(v) for x, v in zip(view(buf, "cloc"), view(buf, "chit")) if comp[int(x)] == lab)
        name = "+".join(game.area_names[a] for a in areas) + (f" (chits {chits:+d})" if chits else "")
        hoods.append((name, _scored(game, b, lambda c, add: k.score_neighbourhoods(c, comp, add))))
    facs = []
    die_f = view(buf, "die_f")
    for f, fname in enumerate(game.edition["factions"]):
        b = buf.copy()
        view(b, "die_v")[die_f != f] = 0
        value = k.faction_value(buf, f, towers)
        facs.append((f"{fname} {value}", _scored(game, b, lambda c, add: k.score_factions(c, comp, towers, add))))
    return hoods, facs


def tower_parts(game: "WalledCity", s: "State") -> list[Part]:
    """The towers' scoring at the end of the game, one part per tower."""
    k, view = game.kernel, game.layout.view
    parts = []
    for t in range(game.sizes["towers"]):
        b = s.buf.copy()
        tw = view(b, "tw").reshape(game.sizes["towers"], game.owners)
        keep = tw[t].copy()
        tw[:] = 0
        tw[t] = keep
        parts.append((f"T{t}", _scored(game, b, k.score_towers)))
    return parts


def _names(game: "WalledCity", seat: int) -> list[str]:
    return ["you" if o == seat else f"seat {o}" if o < game.players else "neutral" for o in range(game.owners)]


def _votes(names: list[str], votes: list[int], every: bool = False) -> str:
    return ", ".join(f"{n} {v:+d}" for n, v in zip(names, votes) if every or v) or "nobody"


def _category(names: list[str], players: int, title: str, parts: list[Part]) -> tuple[list[int], list[str]]:
    """The category's votes per owner and its two lines (the seats' sum, then each part)."""
    total = [sum(p[1][o] for p in parts) for o in range(len(names))]
    head = f"  {title}: " + _votes(names[:players], total[:players], every=True)
    if len(names) > players and total[players]:
        head += f" (neutral {total[players]:+d})"
    each = "; ".join(f"{what}: {_votes(names, v)}" for what, v in parts if any(v))
    return total, [head] + ([f"    {each}"] if each else [])


def count_lines(game: "WalledCity", before: "State", after: "State", seat: int,
                last: tuple[int, int] | None = None) -> list[str]:
    """Each count the move made, category by category, then the votes each seat holds.

    Votes a guild power gives (Grocers' copied player +3, Bakers +13) are told apart."""
    names = _names(game, seat)
    P = game.players
    s0, s1 = game.field(before, "score"), game.field(after, "score")
    gained = [int(b) - int(a) for a, b in zip(s0, s1)]
    lines: list[str] = []
    counted = [0] * P
    st0, st1 = _stage(game, before), _stage(game, after)
    for rnd in (1, 2):
        if st0 < (rnd, 1) <= st1:
            lines.append(f"vote count of round {rnd}:")
            hoods, facs = count_parts(game, after, rnd)
            for title, parts in (("neighbourhoods", hoods), ("factions", facs)):
                total, text = _category(names, P, title, parts)
                counted = [c + v for c, v in zip(counted, total)]
                lines += text
    if int(game.field(after, "phase")[0]) == P_END and int(game.field(before, "phase")[0]) != P_END:
        lines.append("tower scoring at the end of the game:")
        total, text = _category(names, P, "towers", tower_parts(game, after))
        counted = [c + v for c, v in zip(counted, total)]
        lines += text
    other = [g - c for g, c in zip(gained, counted)]
    if any(other):
        lines.append("votes from a guild power: " + _votes(names[:P], other))
    if not lines:
        return []
    if any(counted):
        lines.append("  total: " + _votes(names[:P], counted, every=True))
    lines.append("votes now " + ", ".join(f"{n} {int(v)}" for n, v in zip(names, s1)))
    return lines
