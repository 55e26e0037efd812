"""Move notation for the Guildes variants: trick choices, redistribution, start.

Trick moves of the holder (see docs/games/guildes.md, "Moves and notation"):

    trick decline                      apply nothing (the only move of protection)
    trick swap 0:knights 2:priests     B: seat 0's knights <-> seat 2's priests
    trick sacrifice nobles 1:artisans  C: discard own nobles and seat 1's artisans
    trick draw                         D: draw two from the discard pile (then "play <guild>")
    trick exchange knights priests     E: play knights from hand, take priests back from table
    trick plus knights 3 / trick minus knights 3   F-I: a virtual card on seat 3
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cython_ext.guildes_rules import DRAWD, SACRIF, SWAPH, SWAPT, VIRT
from engine.errors import BadMove

if TYPE_CHECKING:
    from engine.core import State
    from engine.guildes.game import Guildes

KINDS = ("protection", "swap-tables", "sacrifice", "draw-discard", "swap-hand-table", "virtual")


def pick_name(names: list[str], word: str, text: str) -> int:
    """Index of ``word`` in ``names`` (exact, else a unique prefix)."""
    hits = [i for i, nm in enumerate(names) if nm == word] or [
        i for i, nm in enumerate(names) if word and nm.startswith(word)]
    if len(hits) != 1:
        what = "no" if not hits else "ambiguous"
        raise BadMove(f"{what} card name {word!r} in {text!r}")
    return hits[0]


def _seat(game: "Guildes", word: str, text: str) -> int:
    if not word.isdigit() or not 0 <= int(word) < game.players:
        raise BadMove(f"bad seat {word!r} in {text!r}")
    return int(word)


def _seat_card(game: "Guildes", word: str, text: str) -> tuple[int, int]:
    seat, sep, card = word.partition(":")
    if not sep:
        raise BadMove(f"expected seat:guild, got {word!r} in {text!r}")
    return _seat(game, seat, text), pick_name(game.guild_names, card, text)


def parse_start(game: "Guildes", words: list[str], text: str) -> int:
    if len(words) == 2 and words[0] == "start":
        words = words[1:]
    if len(words) != 1:
        raise BadMove(f"cannot read move {text!r}")
    return _seat(game, words[0], text)


def parse_redeal(game: "Guildes", words: list[str], text: str) -> int:
    """``redeal 2,0,1,3``: seat i receives the discard of the seat listed i-th."""
    if len(words) == 2 and words[0] == "redeal":
        words = words[1:]
    parts = words[0].split(",") if len(words) == 1 else []
    n = game.players
    if len(parts) != n or sorted(parts) != [str(i) for i in range(n)]:
        raise BadMove(f"redeal needs a permutation of the seats 0..{n - 1}: {text!r}")
    src = [int(x) for x in parts]
    code, avail = 0, list(range(n))
    for i in range(n):
        d = avail.index(src[i])
        avail.pop(d)
        f = 1
        for j in range(2, n - i):
            f *= j
        code += d * f
    return code


def trick_kind(game: "Guildes", state: "State", seat: int) -> int:
    t = int(game.layout.view(state.buf, "trick")[seat])
    if not 0 <= t < len(game.trick_names):
        return -1
    return int(game.kernel.trick_kind[t])


def trick_to_string(game: "Guildes", state: "State", seat: int, move: int) -> str:
    kind = trick_kind(game, state, seat)
    n, G, names = game.players, game.G, game.guild_names
    if move == 0:
        return "trick decline"
    m = move - 1
    if kind == SWAPT and 0 <= m < n * n * G * G:
        gb, ga, pb, pa = m % G, (m // G) % G, (m // (G * G)) % n, m // (G * G * n)
        return f"trick swap {pa}:{names[ga]} {pb}:{names[gb]}"
    if kind == SACRIF and 0 <= m < G * n * G:
        gt, pt, gc = m % G, (m // G) % n, m // (G * n)
        return f"trick sacrifice {names[gc]} {pt}:{names[gt]}"
    if kind == DRAWD and m == 0:
        return "trick draw"
    if kind == SWAPH and 0 <= m < G * G:
        return f"trick exchange {names[m // G]} {names[m % G]}"
    if kind == VIRT and 0 <= m < 2 * n:
        t = int(game.layout.view(state.buf, "trick")[seat])
        g = int(game.kernel.trick_guild[t])
        return f"trick {'minus' if m % 2 else 'plus'} {names[g]} {m // 2}"
    return f"#{move}"


def parse_trick(game: "Guildes", state: "State", seat: int, words: list[str], text: str) -> int:
    if words[0] == "trick":
        words = words[1:]
    if not words:
        raise BadMove(f"cannot read move {text!r}")
    kind = trick_kind(game, state, seat)
    n, G = game.players, game.G
    verb, args = words[0], words[1:]
    if verb in ("decline", "pass", "none") and not args:
        return 0
    if verb == "swap" and kind == SWAPT and len(args) == 2:
        (pa, ga), (pb, gb) = _seat_card(game, args[0], text), _seat_card(game, args[1], text)
        if pa > pb:
            (pa, ga), (pb, gb) = (pb, gb), (pa, ga)
        return 1 + ((pa * n + pb) * G + ga) * G + gb
    if verb == "sacrifice" and kind == SACRIF and len(args) == 2:
        gc = pick_name(game.guild_names, args[0], text)
        pt, gt = _seat_card(game, args[1], text)
        return 1 + (gc * n + pt) * G + gt
    if verb == "draw" and kind == DRAWD and not args:
        return 1
    if verb == "exchange" and kind == SWAPH and len(args) == 2:
        return 1 + pick_name(game.guild_names, args[0], text) * G + pick_name(game.guild_names, args[1], text)
    if verb in ("plus", "minus") and kind == VIRT and len(args) in (1, 2):
        t = int(game.layout.view(state.buf, "trick")[seat])
        if len(args) == 2 and pick_name(game.guild_names, args[0], text) != int(game.kernel.trick_guild[t]):
            raise BadMove(f"this trick card is not for {args[0]!r}: {text!r}")
        return 1 + 2 * _seat(game, args[-1], text) + (1 if verb == "minus" else 0)
    raise BadMove(f"cannot read trick move {text!r}")
