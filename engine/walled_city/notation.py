"""Move notation of The Walled City.  A move's meaning depends on the phase:

========== ====================== ==========================================
phase      move id                text
========== ====================== ==========================================
chance     off-colour type 11-13  ``deal 4/0``
chance     faction*3 + value-1    ``die blue 3``
chance     0 / 1                  ``chit -1`` / ``chit +1``
chance     guild id               ``display mercers1``
start/loc  path id (round 1)      ``road P7``
loc        gap id (round 2)       ``wall G3``
align      guild id               ``guild carpenters1b``
card       card type 0-13         ``card 3/2`` (off-colour: ``card 4/0x``)
split r1   flip*4 + i*2 + j       ``3>B2 2>C2`` (first number to first area)
split r2   0 / 1                  ``settle 3 promote 2``
nobles     k                      ``nobles 2`` (the rest are peasants)
promote    0 / 1+owner*2+side     ``stop`` / ``promote p1 T3``
adjust     0 / 1+2d / 2+2d / 41+c ``pass`` / ``die 5+`` / ``die 5-`` / ``chit 0``
zone       zone*2 + orientation   ``zone Z3 T4`` (the card's first number faces T4)
build step 63                     ``activate mercers1`` (the mover's guild)
construct  62 (nowhere to build)  ``pass`` (the road / wall goes to the box)
turn-end   62                     ``end`` (after adjust, while the guild is unused)
power      what the step names    ``<power> <arg>``: ``mercers C3``, ``taylors T2``...
power      62                     ``<power> done``
power-ch.  face-1 / side          ``roll 2`` (die), ``flip +1`` (chit)
========== ====================== ==========================================

A power step's argument (``kernel.power_arg``): a place (area name, or
``T<t>`` for a tower), an owner (``p1``, ``n`` neutral), an item (``die 5``,
``chit 0``), a built piece (``P7`` path, ``G3`` gap), a kind (``peasants``,
``nobles``) or a guild to copy (``copy vintners11``); Carpenters: a fence
split of an area (``fence B2 1``: split 1 of the edition's ``fences`` of B2),
then per owner and kind the citizens that go to the far half ``B2'``
(``p0 nobles 1>B2'``), then on a tie the half the die or chit goes to
(``carpenters B2'``); Butchers: per other seat a card given or none
(``butchers give 3/2 to p1``, ``butchers skip p1``), the card the receiver
returns (``butchers return 4/1``) or the Butcher takes after looking
(``butchers take 4/1``).
"""
from __future__ import annotations

from engine.errors import BadMove
from engine.walled_city.edition import POWERS

CHIT_BASE = 41
ACT, DONE = 63, 62
(ARG_LOC, ARG_AREA, ARG_TOWER, ARG_OWNER, ARG_ITEM, ARG_PIECE, ARG_KIND, ARG_GUILD, ARG_SPLIT,
 ARG_COUNT, ARG_CARD) = range(1, 12)


def _phase(game, state) -> int:
    return int(game.field(state, "phase")[0])


def owner_token(game, o: int) -> str:
    return "n" if o == game.players else f"p{o}"


def card_token(game, c: int) -> str:
    a, b = game.cards[c]
    return f"{a}/{b}" + ("x" if c >= 11 else "")


def move_to_string(game, state, seat: int, move: int) -> str:
    """Text of ``move`` in the current phase (``#n`` when the id means nothing here)."""
    try:
        text = _describe(game, state, move)
    except (IndexError, ValueError):
        text = None
    return text if text is not None else f"#{move}"


def _describe(game, state, m: int) -> str | None:
    f = lambda name: game.field(state, name)  # noqa: E731
    ph = _phase(game, state)
    b = game.board
    if m < 0:
        return None
    if m == ACT and ph in (3, 5, 8, 9, 13):
        g = int(f("guild")[int(f("cur")[0])]) - 1
        return f"activate {game.guild_token(g)}" if g >= 0 else None
    if ph == 13:
        return "end" if m == DONE else None
    if ph == 3 and m == DONE:
        return "pass"
    if ph == 14:
        return _power_step(game, state, m)
    if ph == 15:
        if int(f("pw_a")[0]) < 20:
            return f"roll {m + 1}" if m < 3 else None
        return ("flip -1", "flip +1")[m] if m < 2 else None
    if ph == 0:
        i = int(f("setup")[0])
        noff = game.players if game.setup_row["offcolour"] else 0
        nc = len(b["chit_spots"])
        if i < noff:
            return f"deal {card_token(game, m)}" if 11 <= m < 14 else None
        if i < noff + 20:
            return f"die {game.edition['factions'][m // 3]} {m % 3 + 1}" if m < 15 else None
        if i < noff + 20 + nc:
            return ("chit -1", "chit +1")[m] if m < 2 else None
        return f"display {game.guild_token(m)}" if m < 20 else None
    rnd = int(f("round")[0])
    if ph == 1 or (ph == 3 and rnd == 1):
        return f"road P{m}" if m < len(b["paths"]) else None
    if ph == 3:
        return f"wall G{m}" if m < len(b["gaps"]) else None
    if ph == 2:
        return f"guild {game.guild_token(m)}" if m < 20 else None
    if ph in (4, 10):
        return f"card {card_token(game, m)}" if m < (11 if ph == 4 else 14) else None
    if ph == 5:
        card = int(f("sel_card")[0])
        if card < 0:
            return None
        a, bb = game.cards[card]
        if rnd == 2:
            return (f"settle {a} promote {bb}", f"settle {bb} promote {a}")[m] if m < 2 else None
        if m >= 8:
            return None
        side = f("pside")[int(f("sel_loc")[0])]          # as fences left it
        flip, i, j = m // 4, (m // 2) % 2, m % 2
        x, y = int(side[i]), int(side[2 + j])
        if x < 0 or y < 0:
            return None
        if flip:
            x, y = y, x
        return f"{a}>{game.area_names[x]} {bb}>{game.area_names[y]}"
    if ph in (6, 7):
        return f"nobles {m}" if m <= 9 else None
    if ph == 8:
        if m == 0:
            return "stop"
        o, side = (m - 1) // 2, (m - 1) % 2
        if o >= game.owners:
            return None
        t = b["gaps"][int(f("sel_loc")[0])]["towers"][side]
        return f"promote {owner_token(game, o)} T{t}"
    if ph == 9:
        if m == 0:
            return "pass"
        if m < CHIT_BASE:
            return f"die {(m - 1) // 2}{'+' if m % 2 == 1 else '-'}"
        return f"chit {m - CHIT_BASE}" if m - CHIT_BASE < len(b["chit_spots"]) else None
    if ph == 11:
        z = m // 2
        if z >= len(b["zones"]):
            return None
        return f"zone Z{z} T{b['zones'][z]['towers'][m % 2]}"
    return None


def power_name(game, w: int) -> str:
    """The short name of power code ``w`` in notation (``painter_stainers``, ``ironmongers``)."""
    return POWERS[w].removesuffix("-b")


def _power_step(game, state, m: int) -> str | None:
    f = lambda name: game.field(state, name)  # noqa: E731
    b = game.board
    names = game.area_names
    na, nt = len(names), b["towers"]
    w = int(f("pw_kind")[0]) - 1
    name = power_name(game, w)
    if game.kernel.power_arg(state.buf) == ARG_CARD:
        return _butchers_step(game, state, m)
    if m == DONE:
        return f"{name} done"
    arg = game.kernel.power_arg(state.buf)
    if arg == ARG_LOC:
        t = names[m] if m < na else f"T{m - na}" if m < na + nt else None
    elif arg == ARG_AREA:
        t = names[m] if m < na else None
    elif arg == ARG_TOWER:
        t = f"T{m}" if m < nt else None
    elif arg == ARG_OWNER:
        t = owner_token(game, m) if m < game.owners else None
    elif arg == ARG_ITEM:
        nc = len(b["chit_spots"])
        t = f"die {m}" if m < 20 else f"chit {m - 20}" if m < 20 + nc else None
    elif arg == ARG_PIECE:
        npth = len(b["paths"])
        t = f"P{m}" if m < npth else f"G{m - npth}" if m < npth + len(b["gaps"]) else None
    elif arg == ARG_KIND:
        t = ("peasants", "nobles")[m] if m < 2 else None
    elif arg == ARG_GUILD:
        t = f"copy {game.guild_token(m)}" if m < 20 else None
    elif arg == ARG_SPLIT:
        a = int(f("pw_a")[0])
        t = f"fence {names[a]} {m}" if a < len(b["fences"]) and m < len(b["fences"][a]) else None
    elif arg == ARG_COUNT:
        o, kind = divmod(int(f("pw_o")[0]), 2)
        t = f"{owner_token(game, o)} {('nobles', 'peasants')[kind]} {m}>{names[na // 2 + int(f('pw_a')[0])]}"
    else:
        t = None
    return None if t is None else f"{name} {t}"


def _butchers_step(game, state, m: int) -> str | None:
    step, to = int(game.field(state, "pw_step")[0]), owner_token(game, int(game.field(state, "pw_o")[0]))
    if step == 0:
        return f"butchers skip {to}" if m == DONE else f"butchers give {card_token(game, m)} to {to}" \
            if m < 11 else None
    return f"butchers {('return', 'take')[step - 1]} {card_token(game, m)}" if m < 11 else None


def parse_move(game, state, seat: int, text: str) -> int:
    """Inverse of :func:`move_to_string` (also accepts ``#n``); BadMove on anything else."""
    norm = " ".join(text.split()).lower()
    if norm.startswith("#") and norm[1:].isdigit():
        return int(norm[1:])
    for m in range(game.kernel.max_moves):
        try:
            t = _describe(game, state, m)
        except (IndexError, ValueError):
            continue
        if t is not None and t.lower() == norm:
            return m
    raise BadMove(f"cannot read move {text!r} in this phase")
