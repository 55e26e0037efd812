"""Loading and checking an edition file of The Walled City (schema: docs/games/walled_city.md)."""
from __future__ import annotations

from engine.errors import EditionError  # noqa: F401 - raised through engine.schema
from engine.schema import fixed, keys, lst, need, obj, text

BOARDS = ("londonderry", "borderlands")
NDICE = 20
# one colour's nobles and peasants in the box (rulebook, Components: "80 Nobles. 20 in each
# player color", "100 Peasants. 25 in each"); a seat's setup and the neutral colour's come out of it
BOX = (20, 25)
POWERS = ("mercers", "grocers", "drapers", "fishmongers", "goldsmiths", "skinners", "taylors", "haberdashers",
          "salters", "ironmongers", "vintners", "clothworkers", "carpenters-b", "painter_stainers-b", "bakers-b",
          "butchers-b", "barbers-b", "ironmongers-b", "saddlers-b", "curriers-b")


def _need(cond: bool, msg: str) -> None:
    need(cond, msg)


def _int(x, lo: int, hi: int, what: str) -> int:
    _need(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi,
          f"{what} must be an integer in {lo}..{hi}, got {x!r}")
    return x


TOP = ("cards", "offcolour_cards", "factions", "display", "place_votes", "guilds", "boards")
BOARD = ("areas", "paths", "towers", "gaps", "zones", "die_spots", "chit_spots", "fences", "setup")
SETUP = ("roads", "walls", "nobles", "peasants", "decks", "discard", "starting_roads", "offcolour")


def validate(data: dict) -> None:
    """Raise EditionError with a one-line reason when ``data`` breaks the schema."""
    keys(data, "edition", TOP, ("dice_per_faction", "die_faces", "chits"))
    # the dice and chits the box holds: the kernel rolls 20 dice of 3 faces, 4 per faction
    if "dice_per_faction" in data:
        fixed(data["dice_per_faction"], "dice_per_faction", NDICE // 5, "20 dice spots, 5 factions")
    if "die_faces" in data:
        fixed(data["die_faces"], "die_faces", 3, "dice show 1..3")
    chits = _int(data.get("chits", 8), 1, 8, "chits")
    cards = data.get("cards")
    _need(isinstance(cards, list) and len(cards) == 11, "'cards' must list the 11 construction cards")
    off = data.get("offcolour_cards")
    named = [(f"cards[{i}]", c) for i, c in enumerate(cards)]
    named += [(f"offcolour_cards[{i}]", c) for i, c in enumerate(off if isinstance(off, list) else [])]
    for where, c in named:
        _need(isinstance(c, list) and len(c) == 2, f"{where}: card {c!r} must be [a, b]")
        _int(c[0], 0, 9, f"{where}: card value a")
        _int(c[1], 0, c[0], f"{where}: card value b (b <= a)")
        _need(c[0] + c[1] >= 1, f"{where}: card {c!r} places nobody")
    _need(isinstance(data.get("offcolour_cards"), list) and len(data["offcolour_cards"]) == 3,
          "'offcolour_cards' must list 3 cards")
    _need(isinstance(data.get("factions"), list) and len(data["factions"]) == 5, "'factions' must name 5 factions")
    for i, f in enumerate(data["factions"]):
        text(f, f"factions[{i}]")
    _need(len(set(data["factions"])) == 5, "factions: five different names")
    _need(len({tuple(c) for c in cards}) == len(cards), "cards: each construction card once (card types)")
    pv = data.get("place_votes")
    _need(isinstance(pv, list) and len(pv) == 4, "'place_votes' must give 4 values")
    for i, v in enumerate(pv):
        _int(v, -99, 99, f"place_votes[{i}]")
    disp = data.get("display")
    _need(isinstance(disp, dict), "'display' must map player counts to display sizes")
    keys(disp, "display", ("2", "3", "4"), meta=())
    guilds = data.get("guilds")
    _need(isinstance(guilds, list) and len(guilds) == 20, "'guilds' must list 20 guild cards")
    for g in guilds:
        _need(isinstance(g, dict) and isinstance(g.get("name"), str), f"guild {g!r} needs a name")
        keys(g, f"guild {g['name']}", ("name", "priority", "b", "decks"), ("power", "constant"))
        if "power" in g:
            text(g["power"], f"guild {g['name']}: power")
        _int(g.get("priority"), 1, 12, f"guild {g['name']} priority")
        _need(isinstance(g.get("b"), bool), f"guild {g['name']}: 'b' must be true or false")
        _need(isinstance(g.get("decks"), list) and all(d in BOARDS for d in g["decks"]),
              f"guild {g['name']}: 'decks' must list boards")
        _need(g.get("power") in POWERS, f"guild {g['name']}: 'power' must be one of {', '.join(POWERS)}")
        _need(isinstance(g.get("constant", False), bool), f"guild {g['name']}: 'constant' must be true or false")
    # a card prints as name, priority and b (guild ironmongers10b): two alike would read back as one
    labels = [f"{g['name'].lower()}{g['priority']}{'b' if g['b'] else ''}" for g in guilds]
    _need(len(set(labels)) == len(labels), f"guild cards {_twice(labels)!r}: two cards print alike "
          "(name, priority and 'b' must tell them apart)")
    boards = data.get("boards")
    _need(isinstance(boards, dict) and all(b in boards for b in BOARDS), "'boards' needs londonderry and borderlands")
    for p in ("2", "3", "4"):
        _int(disp.get(p), 1, 20, f"display for {p} players")
    keys(boards, "boards", BOARDS, meta=())
    for name in BOARDS:
        _validate_board(name, boards[name], cards)
        _need(len(boards[name]["chit_spots"]) <= chits, f"{name}: more chit_spots than 'chits' ({chits})")
        deck = [g for g in guilds if name in g["decks"]]
        for p in ("2", "3", "4"):
            _need(len(deck) >= disp[p], f"{name}: guild deck smaller than the {p}-player display")
            _need(disp[p] >= 2 * int(p), f"display for {p} players must hold a guild per player per round")


def _validate_board(name: str, b: dict, cards: list) -> None:
    _need(isinstance(b, dict), f"board {name} must be an object")
    keys(b, name, BOARD, ("ring",))
    areas = b.get("areas")
    _need(isinstance(areas, list) and 1 <= len(areas) <= 32, f"{name}: 'areas' must list 1..32 area names")
    for i, a in enumerate(areas):
        text(a, f"{name}: areas[{i}]")
    lower = [a.lower() for a in areas]  # moves name areas in any case
    _need(len(set(lower)) == len(lower), f"{name}: area names must differ (in any case: {_twice(lower)!r})")
    _need(not any(a.endswith("'") for a in areas), f"{name}: area names may not end in ' (a fenced area's far half)")
    na = len(areas)
    paths = b.get("paths")
    _need(isinstance(paths, list) and 1 <= len(paths) <= 32, f"{name}: 'paths' must list 1..32 paths")
    for i, p in enumerate(paths):
        _need(isinstance(p, dict) and isinstance(p.get("a"), list) and isinstance(p.get("b"), list)
              and 1 <= len(p["a"]) <= 2 and 1 <= len(p["b"]) <= 2, f"{name}: path {i} needs sides a and b of 1-2 areas")
        keys(p, f"{name}: path {i}", ("a", "b"), meta=())
        for a in p["a"] + p["b"]:
            _int(a, 0, na - 1, f"{name}: path {i} area")
        _need(not set(p["a"]) & set(p["b"]) and len(set(p["a"] + p["b"])) == len(p["a"] + p["b"]),
              f"{name}: path {i} joins different areas")
    nt = _int(b.get("towers"), 2, 16, f"{name}: 'towers'")
    gaps = b.get("gaps")
    _need(isinstance(gaps, list) and 1 <= len(gaps) <= 16, f"{name}: 'gaps' must list 1..16 gaps")
    for i, g in enumerate(gaps):
        _need(isinstance(g, dict) and isinstance(g.get("towers"), list) and len(g["towers"]) == 2,
              f"{name}: gap {i} needs an area and its two closest towers")
        _int(g.get("area"), 0, na - 1, f"{name}: gap {i} area")
        for t in g["towers"]:
            _int(t, 0, nt - 1, f"{name}: gap {i} tower")
        _need(g["towers"][0] != g["towers"][1], f"{name}: gap {i} needs two different towers")
    ring = b.get("ring")
    if ring is not None:
        want = sorted([f"T{t}" for t in range(nt)] + [f"G{g}" for g in range(len(gaps))])
        _need(isinstance(ring, list) and all(isinstance(x, str) for x in ring) and sorted(ring) == want,
              f"{name}: 'ring' must list every tower T0..T{nt - 1} and gap G0..G{len(gaps) - 1} once")
    zones = b.get("zones")
    _need(isinstance(zones, list) and 1 <= len(zones) <= 32, f"{name}: 'zones' must list 1..32 defense zones")
    seen = [0] * nt
    for i, z in enumerate(zones):
        _need(isinstance(z, dict) and isinstance(z.get("towers"), list) and len(z["towers"]) == 2,
              f"{name}: zone {i} needs its two towers")
        for t in z["towers"]:
            seen[_int(t, 0, nt - 1, f"{name}: zone {i} tower")] += 1
    _need(all(s == 2 for s in seen), f"{name}: every tower needs exactly two nearest defense zones")
    _validate_wall(name, b, nt, gaps, zones)
    spots = b.get("die_spots")
    _need(isinstance(spots, list) and len(spots) == NDICE, f"{name}: 'die_spots' must list {NDICE} spots")
    for i, s in enumerate(spots):
        _need(isinstance(s, dict) and len(s) == 1 and ("area" in s or "tower" in s),
              f"{name}: die spot {i} must be {{\"area\": n}} or {{\"tower\": n}}")
        if "area" in s:
            _int(s["area"], 0, na - 1, f"{name}: die spot {i} area")
        else:
            _int(s["tower"], 0, nt - 1, f"{name}: die spot {i} tower")
    chits = b.get("chit_spots")
    _need(isinstance(chits, list) and 1 <= len(chits) <= 8, f"{name}: 'chit_spots' must list 1..8 areas")
    for a in chits:
        _int(a, 0, na - 1, f"{name}: chit spot area")
    # the board prints one chit spot per area ("four areas that have a faint Survey chit spot")
    _need(len(set(chits)) == len(chits), f"{name}: chit_spots: area {_twice(chits)} has two chit spots")
    # moves name an area, its fenced far half or a tower in one id below 62
    _need(2 * na + nt <= 62, f"{name}: {na} areas and {nt} towers: at most 62 - towers areas and halves")
    _validate_fences(name, b, na, paths, gaps)
    setup = b.get("setup")
    _need(isinstance(setup, dict), f"{name}: 'setup' must map player counts to setup rows")
    for p in ("2", "3", "4"):
        row = setup.get(p)
        _need(isinstance(row, dict), f"{name}: setup for {p} players missing")
        keys(row, f"{name}: setup {p}", SETUP, meta=())
        for key, hi in (("roads", 16), ("walls", 16), ("decks", 2), ("starting_roads", 8)):
            _int(row.get(key), 0 if key == "starting_roads" else 1, hi, f"{name}: setup {p} {key}")
        for key, hi in (("nobles", BOX[0]), ("peasants", BOX[1])):  # a seat takes them from its colour's box
            _int(row.get(key), 1, hi, f"{name}: setup {p} {key} (a colour's box holds {hi})")
        _need(isinstance(row.get("offcolour"), bool), f"{name}: setup {p} 'offcolour' must be true/false")
        _need(not row["offcolour"] or p == "3", f"{name}: off-colour cards need 3 players")
        _need(isinstance(row.get("discard"), list) and all(c in cards for c in row["discard"]),
              f"{name}: setup {p} discards must be cards of the deck")
        _need(int(p) * row["roads"] + row["starting_roads"] <= len(paths), f"{name}: not enough paths for the roads")
        _need(int(p) * row["walls"] <= len(gaps), f"{name}: not enough gaps for the walls")
        if p == "2":  # the neutral colour's setup comes out of its box (game.initial_buffer)
            by_gap = len({g["area"] for g in gaps})
            _need(by_gap + nt <= BOX[0] and 2 * by_gap <= BOX[1],
                  f"{name}: setup 2: the neutral colour needs {by_gap + nt} nobles and {2 * by_gap} peasants "
                  f"(a noble and two peasants by each of {by_gap} gap areas, a noble per tower), "
                  f"its box holds {BOX[0]} and {BOX[1]}")
        _need(len({tuple(c) for c in row["discard"]}) == len(row["discard"]),
              f"{name}: setup {p} discards must differ")
        # every road and wall is built with a card, and each defense phase takes one more
        own = row["decks"] * (len(cards) - len(row["discard"]))
        spend = row["roads"] + row["walls"] + 2 - (1 if row["offcolour"] else 0)
        _need(own >= spend, f"{name}: setup {p}: {own} cards per player cannot pay "
              f"{row['roads']} roads, {row['walls']} walls and 2 defense cards")
        _need(len(zones) >= 2 * int(p), f"{name}: zones: {len(zones)} defense zones, "
              f"{p} players place {2 * int(p)} defense cards")
    keys(setup, f"{name}: setup", ("2", "3", "4"), meta=())


def _twice(xs: list):
    """The first entry of ``xs`` seen before (for the error message)."""
    seen = set()
    for x in xs:
        if x in seen:
            return x
        seen.add(x)
    return None


def _validate_wall(name: str, b: dict, nt: int, gaps: list, zones: list) -> None:
    """The fortifications as one loop: towers joined by the defense zones between consecutive
    towers, each gap between its two closest towers (FACTS.md, "Board topology"), and the
    optional ``ring`` the same loop written out.  The rules read only ``gaps`` and ``zones``;
    the drawings read ``ring``, derived here from them when the file has none."""
    pairs = []
    for i, z in enumerate(zones):
        t1, t2 = z["towers"]
        _need(t1 != t2, f"{name}: zone {i} needs two different towers, got {z['towers']}")
        pairs.append(frozenset((t1, t2)))
    if nt > 2:  # two towers: both zones lie between T0 and T1, one on each side
        dup = _twice(pairs)
        _need(dup is None, f"{name}: zones: two zones between towers {sorted(dup or ())} (one per wall segment)")
    nbr: dict[int, list[int]] = {t: [] for t in range(nt)}
    for pr in pairs:
        t1, t2 = sorted(pr)
        nbr[t1].append(t2)
        nbr[t2].append(t1)
    loop, prev = [0], -1
    while len(loop) < nt:
        here = loop[-1]
        nxt = nbr[here][0] if nbr[here][0] != prev else nbr[here][1]
        if nxt == 0:
            break
        loop.append(nxt)
        prev = here
    _need(len(loop) == nt, f"{name}: zones: towers {', '.join(f'T{t}' for t in sorted(set(range(nt)) - set(loop)))} "
          f"are not on the loop through T0 (the zones must join all towers in one ring)")
    for i, g in enumerate(gaps):
        _need(frozenset(g["towers"]) in pairs, f"{name}: gap {i}: towers {g['towers']} are not consecutive on "
              f"the wall (no defense zone between them)")
    ring = b.get("ring")
    if ring is None:
        ring = []
        for k, t in enumerate(loop):
            ring.append(f"T{t}")
            seg = frozenset((t, loop[(k + 1) % nt]))
            ring += [f"G{i}" for i, g in enumerate(gaps)
                     if frozenset(g["towers"]) == seg and (nt > 2 or k == 0)]
        b["ring"] = ring
        return
    at = [int(x[1:]) if x[0] == "T" else None for x in ring]
    towers = [t for t in at if t is not None]
    for k, t in enumerate(towers):
        u = towers[(k + 1) % nt]
        _need(frozenset((t, u)) in pairs, f"{name}: ring: T{t} and T{u} are neighbours on the ring but no "
              f"defense zone lies between them")
    n = len(ring)
    for k, x in enumerate(ring):
        if at[k] is None:
            before = next(at[(k - j) % n] for j in range(1, n) if at[(k - j) % n] is not None)
            after = next(at[(k + j) % n] for j in range(1, n) if at[(k + j) % n] is not None)
            g = gaps[int(x[1:])]
            _need(sorted(g["towers"]) == sorted((before, after)),
                  f"{name}: ring: {x} lies between T{before} and T{after}, but gaps[{x[1:]}] "
                  f"names towers {g['towers']}")


def _validate_fences(name: str, b: dict, na: int, paths: list, gaps: list) -> None:
    """Carpenters' splits: per area, the pieces on the far side of the fence (``paths``,
    ``gaps``) and the paths the fence ends on (``tpaths``, each then borders both halves:
    the area must be alone on its side).  Each half keeps a piece: the rest of the area's."""
    fences = b.get("fences")
    _need(isinstance(fences, list) and len(fences) == na, f"{name}: 'fences' must give each area its splits")
    for a, splits in enumerate(fences):
        _need(isinstance(splits, list) and len(splits) <= 6, f"{name}: fences of area {a} must be a list of 0..6")
        own_p = {i for i, p in enumerate(paths) if a in p["a"] or a in p["b"]}
        own_g = {i for i, g in enumerate(gaps) if g["area"] == a}
        lines: dict = {}
        for k, s in enumerate(splits):
            what = f"{name}: fences[{a}][{k}]"
            _need(isinstance(s, dict) and isinstance(s.get("paths"), list) and isinstance(s.get("gaps"), list)
                  and isinstance(s.get("tpaths", []), list), f"{what} must list paths and gaps on one side")
            keys(s, what, ("paths", "gaps"), ("tpaths",), meta=())
            for x in s["paths"] + s.get("tpaths", []):  # numbers before the sets: a list in them is unhashable
                _int(x, 0, len(paths) - 1, f"{what} path")
            for x in s["gaps"]:
                _int(x, 0, len(gaps) - 1, f"{what} gap")
            far_p, far_g, tp = set(s["paths"]), set(s["gaps"]), set(s.get("tpaths", []))
            _need(far_p | tp <= own_p and far_g <= own_g, f"{what}: a piece that does not border area {a}")
            _need(not far_p & tp, f"{what}: a path both beyond the fence and under its end")
            for x in tp:
                side = paths[x]["a"] if a in paths[x]["a"] else paths[x]["b"]
                _need(len(side) == 1, f"{what}: tpath {x} already has two areas on area {a}'s side")
            _need(far_p | far_g | tp and (own_p - far_p) | (own_g - far_g),
                  f"{what}: each half needs a path or gap of its own")
            # one fence line, written from either half: a second copy would be a second move
            line = frozenset(far_p), frozenset(far_g), frozenset(tp)
            mirror = frozenset(own_p - far_p - tp), frozenset(own_g - far_g), frozenset(tp)
            _need(line not in lines and mirror not in lines,
                  f"{what}: the same fence line as fences[{a}][{lines.get(line, lines.get(mirror))}]")
            lines[line] = k
