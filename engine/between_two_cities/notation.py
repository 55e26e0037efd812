"""Move notation of Between Two Cities (documented in docs/games/between_two_cities.md).

* ``pick shop+park`` -- the two tiles a seat chooses (duplex: ``pick shop-inn+park-house``);
* ``place shop L e5`` -- a chosen tile into the seat's left (``L``) or right (``R``)
  city, or Jamey's tile (``J``) into the city the seat shares with Jamey; the cell
  is column ``a``-``i`` and row ``1``-``9`` of the 9x9 board (a duplex names the
  cell of its left half);
* ``assign drink park`` -- 2-player advanced: Jamey's first-named tile goes to the
  city Jamey shares with the assigning seat, the other to Jamey's other city;
* chance: ``mat lake``, ``card factory``, ``deal shop``, ``jamey shop``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cython_ext.between_two_cities_encoding import (
    ASSIGN_BASE, KM, NCELL, PH_ASSIGN, PH_DIST, PH_JDEAL, PH_MAT, PLACE_BASE)
from engine.core import CHANCE
from engine.errors import BadMove

if TYPE_CHECKING:
    from engine.between_two_cities.game import BetweenTwoCities
    from engine.core import State

COLS = "abcdefghi"


def cell_name(x: int) -> str:
    return f"{COLS[x % 9]}{x // 9 + 1}"


def parse_cell(text: str) -> int:
    if len(text) != 2 or text[0] not in COLS or text[1] not in "123456789":
        raise BadMove(f"bad cell {text!r} (columns a-i, rows 1-9)")
    return (int(text[1]) - 1) * 9 + COLS.index(text[0])


def tile_names(game: "BetweenTwoCities", state: "State") -> list[str]:
    return game.duplex_names if game.round_is_duplex(state) else game.kind_names


def tile_name(names: list[str], k: int) -> str:
    return names[k] if 0 <= k < len(names) else f"#{k}"


def move_to_string(game: "BetweenTwoCities", state: "State", seat: int, move: int) -> str:
    ph = game.phase(state)
    names = tile_names(game, state)
    if seat == CHANCE:
        if ph == PH_MAT:
            return f"mat {tile_name(game.mat_names, move)}"
        if ph == PH_DIST:
            return f"card {tile_name(game.card_names, move)}"
        if ph == PH_JDEAL:
            return f"jamey {tile_name(game.kind_names, move)}"
        return f"deal {tile_name(names, move)}"
    if ph == PH_ASSIGN or ASSIGN_BASE <= move < ASSIGN_BASE + 2:
        picks = game.field(state, "jpick")
        a, b = int(picks[0]), int(picks[1])
        if move == ASSIGN_BASE + 1:
            a, b = b, a
        return f"assign {tile_name(game.kind_names, a)} {tile_name(game.kind_names, b)}"
    if 0 <= move < PLACE_BASE:
        return f"pick {tile_name(names, move // KM)}+{tile_name(names, move % KM)}"
    if PLACE_BASE <= move < ASSIGN_BASE:
        m = move - PLACE_BASE
        slot, side, x = m // NCELL // 2, m // NCELL % 2, m % NCELL
        k = int(game.field(state, "pend")[seat, slot]) if 0 <= seat < game.players else -1
        where = "J" if slot >= 2 else "LR"[side]
        return f"place {tile_name(names, k)} {where} {cell_name(x)}"
    return f"#{move}"


def _kind(names: list[str], word: str, text: str) -> int:
    if word.startswith("#") and word[1:].isdigit():
        return int(word[1:])
    if word not in names:
        raise BadMove(f"unknown tile {word!r} in {text!r}")
    return names.index(word)


def parse_move(game: "BetweenTwoCities", state: "State", seat: int, text: str) -> int:
    words = text.lower().split()
    if not words:
        raise BadMove("empty move")
    if len(words) == 1 and words[0].startswith("#") and words[0][1:].isdigit():
        return int(words[0][1:])
    verb, args = words[0], words[1:]
    names = tile_names(game, state)
    if seat == CHANCE:
        table = {"mat": game.mat_names, "card": game.card_names, "jamey": game.kind_names,
                 "deal": names}
        if verb not in table or len(args) != 1:
            raise BadMove(f"cannot read chance move {text!r}")
        return _kind(table[verb], args[0], text)
    if verb == "pick" and len(args) == 1 and args[0].count("+") == 1:
        a, b = (_kind(names, w, text) for w in args[0].split("+"))
        a, b = min(a, b), max(a, b)
        return a * KM + b
    if verb == "assign" and len(args) == 2:
        a, b = (_kind(game.kind_names, w, text) for w in args)
        picks = game.field(state, "jpick")
        if (a, b) == (int(picks[0]), int(picks[1])):
            return ASSIGN_BASE
        if (b, a) == (int(picks[0]), int(picks[1])):
            return ASSIGN_BASE + 1
        raise BadMove(f"{text!r} does not name Jamey's two tiles")
    if verb == "place" and len(args) == 3:
        k = _kind(names, args[0], text)
        where = args[1].upper()
        if where not in ("L", "R", "J"):
            raise BadMove(f"city must be L, R or J in {text!r}")
        x = parse_cell(args[2])
        if not 0 <= seat < game.players:
            raise BadMove(f"no seat {seat}")
        pend = [int(v) for v in game.field(state, "pend")[seat]]
        slots = (2, 3) if where == "J" else (0, 1)
        side = (1 if seat == 0 else 0) if where == "J" else "LR".index(where)
        hits = [s for s in slots if pend[s] == k]
        if not hits:
            raise BadMove(f"seat {seat} has no {args[0]} to place")
        return PLACE_BASE + (hits[0] * 2 + side) * NCELL + x
    raise BadMove(f"cannot read move {text!r} (pick A+B, place TILE L|R|J CELL, assign A B)")
