"""An SVG drawing of The Walled City: areas, paths, the wall ring, the players.

Areas named like ``A1`` sit on a letter-by-digit grid; other boards' areas on a
square grid in edition order (the editions hold no coordinates).  The ring of
towers and gaps runs around the grid in the edition's ``ring`` order.  Paths
join the centres of their areas (a T-path starts from the middle of its
two-area side); a built road is solid.  Areas are shaded by neighbourhood
(areas joined through unbuilt paths), which is what the count scores.
Clickable: areas (``A2``), paths (``P4``), gaps (``G10``), towers (``T3``),
zones (``Z0``), the viewer's cards (``3/2``) and the display's guilds.

Guild powers: the held guilds (used or not) are drawn; a Carpenters fence is
a black line across its area, the far half (``A1'``) a clickable box in the
area's lower right corner with its citizens, die and chit.

>>> import engine
>>> s = engine.make("walled_city", players=2, seed=1)
>>> draw_svg(s.game, s).count('data-piece="area"') == len(s.game.board["areas"])
True
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.layout import UNKNOWN
from engine.svgkit import document, group, seat_colour, tag, text, title
from engine.walled_city.draw import PHASE_NAMES
from engine.walled_city.notation import card_token, owner_token

if TYPE_CHECKING:
    from engine.core import State

AW, AH, MARGIN = 120, 96, 70
FACTION = {"blue": "#3a6fd8", "orange": "#f28c28", "purple": "#8e44ad", "yellow": "#e8c000",
           "green": "#2e9d4a"}
SHADE = ("#f6e8c8", "#dcebd8", "#dde4f3", "#f3dde4", "#e8def3", "#def3f1", "#f3efd0", "#e4e4e4")


def _grid(names: list[str]) -> list[tuple[int, int]]:
    if all(len(n) == 2 and n[0].isalpha() and n[1].isdigit() for n in names):
        letters = sorted({n[0] for n in names})
        return [(letters.index(n[0]), int(n[1]) - 1) for n in names]
    cols = math.ceil(math.sqrt(len(names)))
    return [(i // cols, i % cols) for i in range(len(names))]


def _ring_points(n: int, x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    w, h = x1 - x0, y1 - y0
    per = 2 * (w + h)
    out = []
    for i in range(n):
        d = per * (i + 0.5) / n
        if d < w:
            out.append((x0 + d, y0))
        elif d < w + h:
            out.append((x1, y0 + d - w))
        elif d < 2 * w + h:
            out.append((x1 - (d - w - h), y1))
        else:
            out.append((x0, y1 - (d - 2 * w - h)))
    return out


def _fences(game, state: "State", cells: list[tuple[float, float]], spots: dict) -> list[str]:
    """Carpenters' fences over the area cells (top-left corners); broken and stacked pieces are
    drawn with the roads and walls, the held guilds (used or not) below the display."""
    f = lambda name: game.field(state, name)  # noqa: E731
    na0, fac = game.sizes["areas0"], game.edition["factions"]
    out = []
    for a in range(na0):
        if not f("fence")[a]:
            continue
        x, y = cells[a]
        half = na0 + a
        name = game.area_names[half]
        body = [title(f"area {name}: fence {int(f('fence')[a]) - 1} of {game.area_names[a]}"),
                tag("line", x1=x + AW * 0.45, y1=y + AH - 6, x2=x + AW - 6, y2=y + AH * 0.45,
                    stroke="#000000", stroke_width=4),
                tag("rect", x=x + AW * 0.55, y=y + AH * 0.62, width=AW * 0.42, height=AH * 0.35, rx=4,
                    fill="#ffffff", stroke="#000000", fill_opacity=0.8),
                text(x + AW * 0.57, y + AH * 0.62 + 12, name, 10)]
        cits = [f"{owner_token(game, o)}:{int(f('an')[half][o])}+{int(f('ap')[half][o])}"
                for o in range(game.owners) if f("an")[half][o] or f("ap")[half][o]]
        body.append(text(x + AW * 0.57, y + AH * 0.62 + 24, " ".join(cits), 8))
        for k, d in enumerate(spots.get(("area", half), [])):
            body.append(_die(x + AW - 24 - 18 * k, y + AH * 0.62 + 2, fac[int(f("die_f")[d])],
                             int(f("die_v")[d]), d))
        marks = [f"chit {int(f('chit')[k]):+d}" for k in range(len(game.board["chit_spots"]))
                 if f("cloc")[k] == half and f("chit")[k] != 0]
        if marks:
            body.append(text(x + AW * 0.57, y + AH * 0.62 + 34, " ".join(marks), 8))
        out.append(group(body, data_piece="area", data_id=name, data_click=name, class_="click"))
    return out


def _die(x: float, y: float, faction: str, value: int, d: int) -> str:
    return group([title(f"die {d}: {faction} {value}"),
                  tag("rect", x=x, y=y, width=16, height=16, rx=3, fill=FACTION.get(faction, "#999999"),
                      stroke="#000000"),
                  text(x + 8, y + 12, value, 10, text_anchor="middle", fill="#ffffff")],
                 data_piece="die", data_id=d, data_count=value, data_click=f"die {d}", class_="click")


def draw_svg(game, state: "State", seat: int | None = None) -> str:
    """The state as SVG text, masked for ``seat`` when given."""
    if seat is not None and state.observer is None:
        state = state.observe(seat)
    if seat is None:
        seat = state.observer
    f = lambda name: game.field(state, name)  # noqa: E731
    b, P, NO = game.board, game.players, game.owners
    fac = game.edition["factions"]
    ph, rnd = int(f("phase")[0]), int(f("round")[0])
    names = b["areas"]
    grid = _grid(names)
    rows, cols = max(r for r, _ in grid) + 1, max(c for _, c in grid) + 1
    gx, gy = MARGIN + 20, MARGIN + 50
    centre = [(gx + c * AW + AW / 2, gy + r * AH + AH / 2) for r, c in grid]
    head = (f"The Walled City ({game.board_name}, {P} players) round {rnd}: {PHASE_NAMES[ph]}"
            + (f", seat {int(f('cur')[0])} to move" if 0 < ph < 12 else ""))
    parts = [text(10, 24, head, 16, data_piece="phase", data_id=ph)]
    comp = [0] * len(names)
    game.kernel.comps(state.buf, comp)
    hoods = sorted(set(comp))
    an, ap, tw = f("an"), f("ap"), f("tw")
    die_f, die_v = f("die_f"), f("die_v")
    spots = {}
    for d in range(len(b["die_spots"])):
        loc = int(f("dloc")[d])
        if die_v[d] > 0:
            key = ("area", loc) if loc < game.sizes["areas"] else ("tower", loc - game.sizes["areas"])
            spots.setdefault(key, []).append(d)
    for a, name in enumerate(names):
        r, c = grid[a]
        x, y = gx + c * AW, gy + r * AH
        body = [title(f"area {name}, neighbourhood {hoods.index(comp[a]) + 1}"),
                tag("rect", x=x + 6, y=y + 6, width=AW - 12, height=AH - 12, rx=8,
                    fill=SHADE[hoods.index(comp[a]) % len(SHADE)], stroke="#8a7a5a"),
                text(x + 12, y + 22, name, 12)]
        for k, d in enumerate(spots.get(("area", a), [])):
            body.append(_die(x + AW - 28 - 18 * k, y + 10, fac[int(die_f[d])], int(die_v[d]), d))
        for k in range(len(b["chit_spots"])):
            if f("cloc")[k] == a and f("chit")[k] != 0:
                v = int(f("chit")[k])
                body.append(group([tag("circle", cx=x + AW - 20, cy=y + AH - 20, r=9, fill="#ffffff",
                                       stroke="#000000"),
                                   text(x + AW - 20, y + AH - 16, "?" if v == UNKNOWN and state.observer is not None else f"{v:+d}",
                                        9, text_anchor="middle")],
                                  data_piece="chit", data_id=k, data_count=v,
                                  data_click=f"chit {k}", class_="click"))
        line = 0
        for o in range(NO):
            n, p = int(an[a][o]), int(ap[a][o])
            if n or p:
                body.append(group([tag("circle", cx=x + 18, cy=y + 38 + 14 * line, r=5, fill=seat_colour(
                    o if o < P else -1)), text(x + 28, y + 42 + 14 * line, f"{owner_token(game, o)}: "
                                               f"{n} nob + {p} pea", 10)],
                                  data_piece="citizens", data_id=name, data_seat=o, data_count=n + p))
                line += 1
        parts.append(group(body, data_piece="area", data_id=name, data_click=name, class_="click"))
    for i, p in enumerate(b["paths"]):
        pa = [centre[x] for x in p["a"]]
        pb = [centre[x] for x in p["b"]]
        (x1, y1) = (sum(q[0] for q in pa) / len(pa), sum(q[1] for q in pa) / len(pa))
        (x2, y2) = (sum(q[0] for q in pb) / len(pb), sum(q[1] for q in pb) / len(pb))
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        built = bool(f("road")[i])
        kind = "T-path" if len(p["a"]) > 1 or len(p["b"]) > 1 else "path"
        ends = f"{'/'.join(names[x] for x in p['a'])} - {'/'.join(names[x] for x in p['b'])}"
        parts.append(group([title(f"P{i}: {kind} {ends}" + (", road built" if built else "")),
                            tag("line", x1=x1 + (x2 - x1) * 0.3, y1=y1 + (y2 - y1) * 0.3,
                                x2=x1 + (x2 - x1) * 0.7, y2=y1 + (y2 - y1) * 0.7,
                                stroke="#7a4a1a" if built else "#b8b0a0", stroke_width=7 if built else 3,
                                stroke_dasharray=None if built else "4 4"),
                            tag("circle", cx=mx, cy=my, r=10, fill="#7a4a1a" if built else "#ffffff",
                                stroke="#7a4a1a"),
                            text(mx, my + 3, f"P{i}", 8, text_anchor="middle",
                                 fill="#ffffff" if built else "#000000")],
                           data_piece="road" if built else "path", data_id=f"P{i}", data_click=f"P{i}",
                           class_="click"))
    x0, y0 = gx - 34, gy - 34
    x1, y1 = gx + cols * AW + 34, gy + rows * AH + 34
    ring_at = dict(zip(b["ring"], _ring_points(len(b["ring"]), x0, y0, x1, y1)))
    for g, gap in enumerate(b["gaps"]):
        gxp, gyp = ring_at[f"G{g}"]
        walled = bool(f("wall")[g])
        parts.append(group([title(f"G{g}: gap by {names[gap['area']]}" + (", walled" if walled else ", open")),
                            tag("rect", x=gxp - 14, y=gyp - 6, width=28, height=12,
                                fill="#5a5a5a" if walled else "#ffffff", stroke="#5a5a5a",
                                stroke_dasharray=None if walled else "3 2"),
                            text(gxp, gyp + 4, f"G{g}", 8, text_anchor="middle",
                                 fill="#ffffff" if walled else "#000000")],
                           data_piece="wall" if walled else "gap", data_id=f"G{g}", data_click=f"G{g}",
                           class_="click"))
    for t in range(b["towers"]):
        tx, ty = ring_at[f"T{t}"]
        body = [title(f"tower T{t}"), tag("rect", x=tx - 16, y=ty - 16, width=32, height=32, fill="#c9c1b0",
                                          stroke="#3a3a3a", stroke_width=2),
                text(tx, ty - 4, f"T{t}", 9, text_anchor="middle")]
        k = 0
        for o in range(NO):
            if tw[t][o]:
                body.append(group([tag("circle", cx=tx - 10 + 10 * k, cy=ty + 8, r=4,
                                       fill=seat_colour(o if o < P else -1)),
                                   text(tx - 10 + 10 * k, ty + 20, int(tw[t][o]), 8, text_anchor="middle")],
                                  data_piece="watchmen", data_id=f"T{t}", data_seat=o, data_count=int(tw[t][o])))
                k += 1
        for k, d in enumerate(spots.get(("tower", t), [])):
            body.append(_die(tx + 18, ty - 16 + 18 * k, fac[int(die_f[d])], int(die_v[d]), d))
        parts.append(group(body, data_piece="tower", data_id=f"T{t}", data_click=f"T{t}", class_="click"))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for z, zd in enumerate(b["zones"]):
        (ax, ay), (bx, by) = (ring_at[f"T{t}"] for t in zd["towers"])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(mx - cx, my - cy) or 1
        zx, zy = mx + (mx - cx) / norm * 40, my + (my - cy) / norm * 40
        own, card = int(f("zown")[z]), int(f("zcard")[z])
        if not own:
            what = "empty"
        elif card < 0:
            what = f"p{own - 1} face down"
        else:
            a_, b_ = game.cards[card - 1]
            near = (a_, b_) if f("zori")[z] == 0 else (b_, a_)
            what = f"p{own - 1} T{zd['towers'][0]}:{near[0]} T{zd['towers'][1]}:{near[1]}"
        parts.append(group([title(f"defense zone Z{z}: {what}"),
                            tag("rect", x=zx - 22, y=zy - 9, width=44, height=18, rx=4,
                                fill=seat_colour(own - 1) if own else "#ffffff", fill_opacity=0.5,
                                stroke="#555555"),
                            text(zx, zy + 4, f"Z{z}" + ("" if not own else " ▮" if card < 0 else
                                                        f" {near[0]}|{near[1]}"), 9, text_anchor="middle")],
                           data_piece="zone", data_id=f"Z{z}", data_seat=own - 1 if own else None,
                           data_click=f"Z{z}", class_="click"))
    parts += _fences(game, state, [(gx + c * AW, gy + r * AH) for r, c in grid], spots)
    y = y1 + 70
    score, guild = f("score"), f("guild")
    for p in range(P):
        g = int(guild[p]) - 1
        you = p == seat
        parts.append(text(10, y + 14, f"p{p}{' (you)' if you else ''}: {int(score[p])} votes, guild "
                          f"{game.guild_token(g) if g >= 0 else '-'}, roads {int(f('roads')[p])}, "
                          f"walls {int(f('walls')[p])}, nobles {int(f('nob')[p])}, peasants {int(f('pea')[p])}",
                          12, fill=seat_colour(p), data_piece="player", data_seat=p, data_count=int(score[p])))
        hand = f("hand")[p]
        hx = 30
        y += 20
        if hand[0] < 0:
            parts.append(text(hx, y + 14, "hand hidden", 11, data_piece="hidden-hand", data_seat=p))
        else:
            for c in range(len(hand)):
                for _ in range(int(hand[c])):
                    tok = card_token(game, c)
                    parts.append(group([tag("rect", x=hx, y=y, width=40, height=22, rx=3, fill="#fffdf6",
                                            stroke="#6b4f2a"), text(hx + 20, y + 15, tok, 10, text_anchor="middle")],
                                       data_piece="card", data_seat=p, data_id=tok,
                                       data_click=tok if you else None, class_="click" if you else None))
                    hx += 44
        y += 30
    parts.append(text(10, y + 14, "guild display:", 12))
    hx = 110
    for g in range(len(game.guilds)):
        if f("gstate")[g] == 2:
            tok = game.guild_token(g)
            parts.append(group([tag("rect", x=hx, y=y, width=96, height=22, rx=3, fill="#efe6ff",
                                    stroke="#5a3a8a"), text(hx + 4, y + 15, tok, 10)],
                               data_piece="guild", data_id=tok, data_click=tok, class_="click"))
            hx += 100
    y += 30
    parts.append(text(10, y + 14, "guilds held:", 12))
    hx = 110
    cur = int(f("cur")[0])
    for p in range(P):
        g = int(f("guild")[p]) - 1
        if g < 0:
            continue
        tok = game.guild_token(g)
        piv = bool(f("piv")[p])
        act = p == cur and p == seat and ph in (3, 5, 8, 9, 13) and not piv
        copy = ph == 14 and int(f("pw_kind")[0]) == 2 and seat == cur and p != cur  # Grocers (code 1): a guild to copy
        label = f"p{p} {tok}" + (" (used)" if piv else "")
        parts.append(group([tag("rect", x=hx, y=y, width=136, height=22, rx=3, fill="#dddddd" if piv else "#efe6ff",
                                stroke=seat_colour(p)), text(hx + 4, y + 15, label, 10)],
                           data_piece="held-guild", data_id=tok, data_seat=p, data_count=int(piv),
                           data_click=f"activate {tok}" if act else f"copy {tok}" if copy else None,
                           class_="click" if act or copy else None))
        hx += 140
    width = max(x1 + MARGIN + 20, hx + 10, 700)
    return document(width, y + 34, parts, f"The Walled City, round {rnd}")
