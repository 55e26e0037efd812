"""A long list of legal moves made readable: grouped by what varies, filtered by typed words.

A placement game offers hundreds of moves that differ only in where
(``place building-bakers e5`` ... ``l10``): listing each with a number
pushes the board off the screen.  Moves are grouped on their text with the
place-like word (a cell, a path, a gap, a zone) taken out, and the places
of a group are listed on one line.

>>> moves = ["place shop L e5", "place shop L f5", "place park R e5", "pass"]
>>> for line in grouped(moves):
...     print(line)
place shop L _
  _ = any of (2): e5 f5
place park R _
  _ = any of (1): e5
pass
>>> narrow(moves, "place sh")
['place shop L e5', 'place shop L f5']
>>> narrow(moves, "park e5")
['place park R e5']
"""
from __future__ import annotations

import re

PLACE = re.compile(r"^([a-z]{1,2}\d{1,2}|[pgtzd]\d{1,2}[+-]?)$", re.IGNORECASE)


def words(move: str) -> list[str]:
    return move.split()


def group_key(move: str) -> tuple[str, str]:
    """(the move with its place word as ``_``, the place word) -- ('', '') parts when none."""
    ws = words(move)
    for i in range(len(ws) - 1, 0, -1):  # the first word is a verb, never a place
        if PLACE.match(ws[i]):
            return " ".join(ws[:i] + ["_"] + ws[i + 1:]), ws[i]
    return move, ""


def grouped(moves: list[str], width: int = 100) -> list[str]:
    """Lines that list ``moves`` with each run of places written once.

    Moves that differ only in their place word form a group (``place shop _``);
    groups that allow the very same places are listed together above one line
    of those places.
    """
    order: list[str] = []
    places: dict[str, list[str]] = {}
    for m in moves:
        key, place = group_key(m)
        if key not in places:
            order.append(key)
            places[key] = []
        if place:
            places[key].append(place)
    out = []
    done: set[str] = set()
    for key in order:
        if key in done:
            continue
        ps = places[key]
        same = [k for k in order if k not in done and places[k] == ps] if ps else [key]
        done.update(same)
        out.extend(same)
        if ps:
            out.extend(wrap(f"  _ = any of ({len(ps)}): ", ps, width))
    return out


def wrap(head: str, items: list[str], width: int) -> list[str]:
    out, line = [], head
    for p in items:
        if len(line) + len(p) + 1 > width:
            out.append(line.rstrip())
            line = " " * len(head)
        line += p + " "
    out.append(line.rstrip())
    return out


def narrow(moves: list[str], text: str) -> list[str]:
    """The moves in which every typed word begins some word (``kni`` matches ``knights``).

    Words of a move are split on spaces and on ``> : , / + -`` too, so ``c1``
    finds ``2>C1 1>C2``.  Case does not matter.
    """
    typed = text.lower().split()
    out = []
    for m in moves:
        ws = [w for w in re.split(r"[\s>:,/+-]+", m.lower()) if w] + m.lower().split()
        if all(any(w.startswith(t) for w in ws) for t in typed):
            out.append(m)
    return out
