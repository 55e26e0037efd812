"""A readable text drawing of a Walled City position (masked for a seat if asked)."""
from __future__ import annotations

from engine.walled_city.notation import card_token, owner_token

PHASE_NAMES = ("setup (chance)", "starting roads", "align", "construct", "card", "settle split",
               "settle nobles", "settle nobles (2nd area)", "promote", "adjust", "defense card",
               "defense zone", "game over")


def draw(game, state, seat: int | None) -> str:
    f = lambda name: game.field(state, name)  # noqa: E731
    b = game.board
    P, NO = game.players, game.owners
    fac = game.edition["factions"]
    ph, rnd = int(f("phase")[0]), int(f("round")[0])
    lines = [f"The Walled City ({game.board_name}, {P} players) round {rnd}, {PHASE_NAMES[ph]}"
             + (f", seat {int(f('cur')[0])} to move" if 0 < ph < 12 else "")
             + (f" (view of seat {seat})" if seat is not None else "")]
    score, guild = f("score"), f("guild")
    for p in range(P):
        g = int(guild[p]) - 1
        hand = f("hand")[p]
        cards = "?" if hand[0] < 0 else " ".join(card_token(game, c) for c in range(14) for _ in range(hand[c]))
        lines.append(f"  p{p}: {int(score[p])} votes, guild {game.guild_token(g) if g >= 0 else '-'}, "
                     f"roads {int(f('roads')[p])} walls {int(f('walls')[p])} nobles {int(f('nob')[p])} "
                     f"peasants {int(f('pea')[p])}, hand [{cards}]")
    display = [game.guild_token(g) for g in range(20) if f("gstate")[g] == 2]
    lines.append("  display: " + (" ".join(display) or "-"))
    an, ap, tw = f("an"), f("ap"), f("tw")
    dice = {}
    for d, s in enumerate(b["die_spots"]):
        if f("die_v")[d] > 0:
            dice.setdefault(("area", s["area"]) if "area" in s else ("tower", s["tower"]), []).append(
                f"d{d}:{fac[int(f('die_f')[d])]}{int(f('die_v')[d])}")
    lines.append("Areas (citizens as owner:nobles+peasants):")
    for a, name in enumerate(b["areas"]):
        cits = " ".join(f"{owner_token(game, o)}:{int(an[a][o])}+{int(ap[a][o])}"
                        for o in range(NO) if an[a][o] or ap[a][o])
        extra = dice.get(("area", a), [])
        for k, ca in enumerate(b["chit_spots"]):
            if ca == a and f("chit")[k] != 0:
                extra.append(f"chit{k}:{int(f('chit')[k]):+d}")
        lines.append(f"  {name:7} {cits or '-':30} {' '.join(extra)}")
    built = [f"P{i}({'/'.join(b['areas'][x] for x in p['a'])}|{'/'.join(b['areas'][x] for x in p['b'])})"
             for i, p in enumerate(b["paths"]) if f("road")[i]]
    lines.append("Roads: " + (" ".join(built) or "-"))
    gaps = " ".join(f"G{i}{'#' if f('wall')[i] else 'o'}" for i in range(len(b["gaps"])))
    lines.append("Gaps (# walled, o open): " + gaps)
    lines.append("Towers (watchmen):")
    for t in range(b["towers"]):
        w = " ".join(f"{owner_token(game, o)}:{int(tw[t][o])}" for o in range(NO) if tw[t][o])
        lines.append(f"  T{t} {w or '-':24} {' '.join(dice.get(('tower', t), []))}")
    zl = []
    for z, zd in enumerate(b["zones"]):
        own = int(f("zown")[z])
        if not own:
            zl.append(f"Z{z}:empty")
            continue
        c = int(f("zcard")[z])
        if c < 0:
            zl.append(f"Z{z}:p{own - 1} face down")
            continue
        a, bb = game.cards[c - 1]
        near = (a, bb) if f("zori")[z] == 0 else (bb, a)
        zl.append(f"Z{z}:p{own - 1} T{zd['towers'][0]}<{near[0]}|{near[1]}>T{zd['towers'][1]}")
    lines.append("Defense zones: " + " ".join(zl))
    return "\n".join(lines)
