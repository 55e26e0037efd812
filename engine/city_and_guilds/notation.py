"""Move notation.  Cells are named like ``e4`` (column letter, row number).

====================================  =========================================
``place building-bakers e4``          building, one man, +1 investment
``place building-bakers e4 two-men``  building, two men, no investment
``place market-bakers e4``            market, +2 investment
``place minstrel e4`` / ``... man``   minstrel's house without / with a man
``tavern e4`` / ``tavern pass``       place the bonus tavern / decline it
``draw 2``                            take face-up tile 2 (of 1-3)
``discard market-bakers``             setup: return one of the four dealt tiles
``market-bakers``                     chance: the tile dealt or turned face up
====================================  =========================================
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cython_ext.city_and_guilds_layout import EMPTY, MINSTREL, NFACE, NK, TAVERN
from engine.core import CHANCE
from engine.errors import BadMove

if TYPE_CHECKING:
    from engine.city_and_guilds.game import CityAndGuilds
    from engine.core import State


def kind_name(game: "CityAndGuilds", kind: int) -> str:
    if kind == MINSTREL:
        return "minstrel"
    if kind == TAVERN:
        return "tavern"
    if 0 <= kind < 8:
        return ("market-" if kind % 2 else "building-") + game.guilds[kind // 2]
    return "empty"


def parse_kind(game: "CityAndGuilds", text: str) -> int:
    for k in range(NK):
        if kind_name(game, k) == text:
            return k
    raise BadMove(f"unknown tile {text!r} (e.g. building-{game.guilds[0]}, "
                  f"market-{game.guilds[0]}, minstrel)")


def parse_cell(game: "CityAndGuilds", text: str) -> int:
    try:
        return game.map.names.index(text)
    except ValueError:
        raise BadMove(f"no space {text!r} on the map") from None


def move_to_string(game: "CityAndGuilds", state: "State", seat: int, move: int) -> str:
    S = game.map.spaces
    if seat == CHANCE:
        return kind_name(game, move) if 0 <= move < NK else f"chance-{move}"
    if 0 <= move < 18 * S:
        kind, sp, opt = move // (2 * S), (move // 2) % S, move % 2
        text = f"place {kind_name(game, kind)} {game.map.names[sp]}"
        if opt:
            text += " man" if kind == MINSTREL else " two-men"
        return text
    if 18 * S <= move < 19 * S:
        return f"tavern {game.map.names[move - 18 * S]}"
    if move == 19 * S:
        return "tavern pass"
    if 19 * S + 1 <= move < 19 * S + 1 + NFACE:
        return f"draw {move - 19 * S}"
    if 19 * S + 4 <= move < 19 * S + 4 + NK:
        return f"discard {kind_name(game, move - 19 * S - 4)}"
    return f"move-{move}"


def parse_move(game: "CityAndGuilds", state: "State", seat: int, text: str) -> int:
    S = game.map.spaces
    words = text.strip().lower().split()
    if not words:
        raise BadMove("empty move")
    if seat == CHANCE:
        if len(words) != 1:
            raise BadMove(f"a chance move is one tile name, not {text!r}")
        return parse_kind(game, words[0])
    head = words[0]
    if head == "place":
        if len(words) not in (3, 4):
            raise BadMove("write: place <tile> <space> [two-men|man]")
        kind = parse_kind(game, words[1])
        sp = parse_cell(game, words[2])
        opt = 0
        if len(words) == 4:
            want = "man" if kind == MINSTREL else "two-men"
            if words[3] != want or kind % 2 == 1:
                raise BadMove(f"option {words[3]!r} does not fit {words[1]}")
            opt = 1
        return kind * 2 * S + sp * 2 + opt
    if head == "tavern":
        if len(words) != 2:
            raise BadMove("write: tavern <space> or tavern pass")
        return 19 * S if words[1] == "pass" else 18 * S + parse_cell(game, words[1])
    if head == "draw":
        if len(words) != 2:
            raise BadMove("write: draw <1-3> or draw <tile>")
        face = [int(x) for x in game.layout.view(state.buf, "face")]
        if words[1].isdigit():
            slot = int(words[1]) - 1
            if not 0 <= slot < NFACE:
                raise BadMove("face-up tiles are numbered 1 to 3")
        else:
            kind = parse_kind(game, words[1])
            if kind not in face:
                raise BadMove(f"no {words[1]} face up")
            slot = face.index(kind)
        if face[slot] != EMPTY and face[slot] in face[:slot]:
            slot = face.index(face[slot])  # equal tiles: the first one stands for all
        return 19 * S + 1 + slot
    if head == "discard":
        if len(words) != 2:
            raise BadMove("write: discard <tile>")
        return 19 * S + 4 + parse_kind(game, words[1])
    raise BadMove(f"cannot read move {text!r} (place, tavern, draw, discard)")
