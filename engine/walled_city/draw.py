"""A readable text drawing of a Walled City position (masked for a seat if asked).

Boards whose areas are named letter-and-digit (Londonderry's ``A1``..``D4``)
get a map: the areas on their grid with the paths between them, and the
ring of towers and gaps in order; every board gets the lists below it.
"""
from __future__ import annotations

from engine.walled_city.notation import card_token, owner_token

PHASE_NAMES = ("setup (chance)", "starting roads", "align", "construct", "card", "settle split",
               "settle nobles", "settle nobles (2nd area)", "promote", "adjust", "defense card",
               "defense zone", "game over", "turn end", "guild power", "guild power (chance)")
PIECE = {0: "o", 1: "#", 2: "x", 3: "##"}  # open, built, broken (Goldsmiths), two stacked (Drapers)


CELL = 15  # characters of one area on the map


def legend(game) -> str:
    return ("map:    each area: its name, the gap on its edge (G0o open, G0# walled), its die (d3:blue2)\n"
            "        or survey chit, then its citizens as owner:nobles+peasants (p1:2+1; n neutral)\n"
            "paths:  P4 an open path between the areas beside it, #P4# a road built on it (roads\n"
            "        divide: areas joined through open paths form one neighbourhood)\n"
            "ring:   the towers (T) and gaps (G) of the wall in order, each gap with its area\n"
            "cards:  a/b settles a and b citizens; x an off-colour card")


def map_lines(game, state) -> list[str]:
    """The board as a grid of areas, or [] when its area names give no grid."""
    b = game.board
    names = b["areas"]
    if not all(len(n) == 2 and n[0].isalpha() and n[1].isdigit() for n in names):
        return []
    f = lambda name: game.field(state, name)  # noqa: E731
    fac = game.edition["factions"]
    letters = sorted({n[0] for n in names})
    ncol = max(int(n[1]) for n in names)
    at = {(letters.index(n[0]), int(n[1]) - 1): a for a, n in enumerate(names)}
    between = {}
    for i, p in enumerate(b["paths"]):
        if len(p["a"]) == 1 and len(p["b"]) == 1:
            between[frozenset((p["a"][0], p["b"][0]))] = i

    def path(x: int, y: int, w: int) -> str:
        i = between.get(frozenset((x, y)))
        if i is None:
            return " " * w
        r = int(f("road")[i])
        return (f"P{i}" if r == 0 else f"xP{i}x" if r == 2 else f"#P{i}#" if r == 1 else f"##P{i}##").center(w)

    def area_lines(a: int) -> list[str]:
        gaps = " ".join(f"G{g}{PIECE[int(f('wall')[g])]}" for g, gd in enumerate(b["gaps"]) if gd["area"] == a)
        marks = [f"d{d}:{fac[int(f('die_f')[d])][:4]}{int(f('die_v')[d])}"
                 for d in range(20) if f("dloc")[d] == a and f("die_v")[d] > 0]
        marks += [f"chit {int(f('chit')[k]):+d}" for k in range(len(b["chit_spots"]))
                  if f("cloc")[k] == a and f("chit")[k] != 0]
        cits = [f"{owner_token(game, o)}:{int(f('an')[a][o])}+{int(f('ap')[a][o])}"
                for o in range(game.owners) if f("an")[a][o] or f("ap")[a][o]]
        return [f"{names[a]} {gaps}", " ".join(marks), " ".join(cits[:2]), " ".join(cits[2:])]

    out = []
    for r in range(len(letters)):
        rows = [""] * 4
        for c in range(ncol):
            a = at.get((r, c))
            cell = area_lines(a) if a is not None else [""] * 4
            for k in range(4):
                link = path(at.get((r, c - 1), -1), a, 6) if c and k == 0 and a is not None else " " * 6
                rows[k] += (link if c else "") + cell[k].ljust(CELL)
        out += ["  " + x.rstrip() for x in rows if x.strip()]
        if r + 1 < len(letters):
            out.append("  " + "".join(path(at.get((r, c), -1), at.get((r + 1, c), -1), CELL) + " " * 6
                                      for c in range(ncol)).rstrip())
    ring = " ".join(x + (f"({names[b['gaps'][int(x[1:])]['area']]})" if x[0] == "G" else "") for x in b["ring"])
    out.append("ring: " + ring)
    return out


def trade_lines(game, state) -> list[str]:
    """Butchers' trades so far, oldest first: ``p0>p1 3/2 for 4/1`` (``?`` where this view
    does not know the card; ``looked`` when the giver took one after looking at the hand)."""
    bt = game.field(state, "bt")
    card = lambda c: "?" if c < 0 else card_token(game, int(c))  # noqa: E731
    out = []
    for t in bt[:int(game.field(state, "nbt")[0])]:
        back = "..." if not t[5] else card(t[3])
        out.append(f"p{t[0]}>p{t[1]} {card(t[2])} for {back}" + (" looked" if t[4] else ""))
    return ["  butchers trades: " + "; ".join(out)] if out else []


def draw(game, state, seat: int | None) -> str:
    f = lambda name: game.field(state, name)  # noqa: E731
    b = game.board
    P, NO = game.players, game.owners
    fac = game.edition["factions"]
    ph, rnd = int(f("phase")[0]), int(f("round")[0])
    lines = [f"The Walled City ({game.board_name}, {P} players) round {rnd}, {PHASE_NAMES[ph]}"
             + (f", seat {state.to_move()[0]} to move" if 0 < ph < 12 or ph in (13, 14) else "")
             + (f" (view of seat {seat})" if seat is not None else "")]
    score, guild = f("score"), f("guild")
    for p in range(P):
        g = int(guild[p]) - 1
        hand = f("hand")[p]
        cards = "?" if hand[0] < 0 else " ".join(card_token(game, c) for c in range(14) for _ in range(hand[c]))
        gtxt = "-" if g < 0 else game.guild_token(g) + (" (pivoted)" if f("piv")[p] else
                                                         " (constant)" if game.guilds[g].get("constant") else "")
        lines.append(f"  p{p}: {int(score[p])} votes, guild {gtxt}, "
                     f"roads {int(f('roads')[p])} walls {int(f('walls')[p])} nobles {int(f('nob')[p])} "
                     f"peasants {int(f('pea')[p])}, hand [{cards}]")
    if P == 2:
        lines.append(f"  n (neutral): nobles {int(f('nob')[P])} peasants {int(f('pea')[P])} in supply")
    if ph in (14, 15):
        from engine.walled_city.notation import power_name
        lines.append(f"  power in progress: {power_name(game, int(f('pw_kind')[0]) - 1)}"
                     + (" (Drapers: may build on a filled path or gap)" if f("drape")[0] else ""))
    elif f("drape")[0] and ph == 3:
        lines.append("  drapers active: this construct may go onto a filled path or gap")
    lines += trade_lines(game, state)
    grid = map_lines(game, state)
    lines += grid
    display = [game.guild_token(g) for g in range(20) if f("gstate")[g] == 2]
    lines.append("  display: " + (" ".join(display) or "-"))
    an, ap, tw = f("an"), f("ap"), f("tw")
    dice = {}
    na, na0 = game.sizes["areas"], game.sizes["areas0"]
    names = game.area_names
    for d in range(20):
        loc = int(f("dloc")[d])
        if f("die_v")[d] > 0:
            dice.setdefault(("area", loc) if loc < na else ("tower", loc - na), []).append(
                f"d{d}:{fac[int(f('die_f')[d])]}{int(f('die_v')[d])}")
    if not grid:
        lines.append("Areas (citizens as owner:nobles+peasants):")
    fenced = [a for a in range(na0) if f("fence")[a]]
    if grid and fenced:
        lines.append("Fenced halves (Carpenters; the map shows the near half):")
    # the map already shows each printed area; a fence's far half is listed here
    for a in ([] if grid else list(range(na0))) + [na0 + a for a in fenced]:
        name = names[a]
        if a >= na0:
            gaps = [f"G{g}" for g in range(len(b["gaps"])) if f("garea")[g] == a]
            name += f" (fence {int(f('fence')[a - na0]) - 1} of {names[a - na0]}{' ' if gaps else ''}{' '.join(gaps)})"
        cits = " ".join(f"{owner_token(game, o)}:{int(an[a][o])}+{int(ap[a][o])}"
                        for o in range(NO) if an[a][o] or ap[a][o])
        extra = dice.get(("area", a), [])
        for k in range(len(b["chit_spots"])):
            if f("cloc")[k] == a and f("chit")[k] != 0:
                extra.append(f"chit{k}:{int(f('chit')[k]):+d}")
        lines.append(f"  {name:7} {cits or '-':30} {' '.join(extra)}")
    side = f("pside")
    built = [f"P{i}{PIECE[int(f('road')[i])] if f('road')[i] != 1 else ''}"
             f"({'/'.join(names[x] for x in side[i][:2] if x >= 0)}|"
             f"{'/'.join(names[x] for x in side[i][2:] if x >= 0)})"
             for i in range(len(b["paths"])) if f("road")[i]]
    if not grid:
        lines.append("Roads: " + (" ".join(built) or "-"))
    gaps = " ".join(f"G{i}{PIECE[int(f('wall')[i])]}" for i in range(len(b["gaps"])))
    lines.append("Gaps (# walled, o open, x broken, ## two walls): " + gaps)
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
