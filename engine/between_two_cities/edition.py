"""Edition files of Between Two Cities: schema check and kernel tables.

The schema is documented in docs/games/between_two_cities.md.  Kinds are
numbered in file order: building kinds 0.. (at most 32), duplex types 0..
(at most 32).  Mats are drawn on the 9x9 board, centred.
"""
from __future__ import annotations

import numpy as np

from cython_ext.between_two_cities_encoding import BW, KM, NCELL
from engine.errors import EditionError  # noqa: F401 - raised through engine.schema
from engine.schema import fixed, integer, keys, lst, need, obj

CATEGORIES = ("factory", "shop", "park", "tavern", "office", "house", "civic")
MAT_CHARS = "Lo=|."


MAX_COUNT = 10_000  # tiles of one kind; box totals stay far inside int32
MAX_POINTS = 100_000  # district points; city scores stay far inside int32
# what the rules (and the kernel's round tables) fix; an edition may restate them
SUPPORTED = {"window": 5, "hand": 9, "duplex_hand": 3}
SUPPORTED_BEGINNER = {"window": 4, "hand": 7}
APART = ("factory", "house")


def _need(cond: bool, msg: str) -> None:
    need(cond, msg)


def validate(data: dict) -> None:
    """Raise :class:`EditionError` with a clear message naming the field when ``data`` is broken."""
    keys(data, "edition", ("buildings", "duplex", "mats", "districts"),
         ("window", "hand", "duplex_hand", "beginner"))
    b = lst(data["buildings"], "buildings", 1, KM)
    names = []
    taverns = 0
    for i, kind in enumerate(b):
        where = f"buildings[{i}]"
        obj(kind, where)
        name = kind.get("name")
        # moves print the name and parse the lower-cased text back (notation.py)
        _need(isinstance(name, str) and name != "" and all(ch.isalnum() or ch == "_" for ch in name)
              and name == name.lower(), f"{where}: name must be lower-case letters, digits or '_', not {name!r}")
        where = f"buildings[{i}] ({name})"
        _need(name not in names, f"buildings: duplicate name {name!r}")
        names.append(name)
        civic = kind.get("category") == "civic"
        keys(kind, where, ("name", "category", "count"), ("likes", "dislikes") if civic else ())
        _need(kind.get("category") in CATEGORIES,
              f"{where}: category must be one of {', '.join(CATEGORIES)}")
        integer(kind["count"], f"{where}.count", 0, MAX_COUNT)
        if kind["category"] == "tavern":
            taverns += 1
        if civic:
            likes = kind.get("likes")
            _need(isinstance(likes, list) and len(likes) == 2 and all(x in CATEGORIES for x in likes),
                  f"{where}: likes must be two categories")
            # "two positive tile types ... and one negative type": scored 3 for one, 6 for both
            _need(likes[0] != likes[1], f"{where}: likes must be two different categories")
            _need(kind.get("dislikes") in CATEGORIES, f"{where}: dislikes must be a category")
            _need(kind["dislikes"] not in likes, f"{where}: dislikes must be a category it does not like")
    _need(taverns <= 4, "buildings: at most four tavern kinds")
    d = lst(data["duplex"], "duplex", 1, KM)
    for i, t in enumerate(d):
        obj(t, f"duplex[{i}]")
        keys(t, f"duplex[{i}]", ("left", "right", "count"))
        _need(t.get("left") in names and t.get("right") in names,
              f"duplex[{i}]: left and right must name building kinds")
        integer(t["count"], f"duplex[{i}].count", 0, MAX_COUNT)
        # a duplex is named "left-right" in moves: two entries of one pair would parse as the first
        pair = (t["left"], t["right"])
        first = next(j for j, u in enumerate(d) if (u.get("left"), u.get("right")) == pair)
        _need(first == i, f"duplex[{i}]: {t['left']}-{t['right']} is already duplex[{first}] (add to its count)")
    mats = lst(data["mats"], "mats", 1, 16)
    for i, m in enumerate(mats):
        _validate_mat(i, m)
    # chance moves print "mat <name>" (a mat without one is mat<i>) and parse it back lower-cased
    mat_names = [m.get("name", f"mat{i}") for i, m in enumerate(mats)]
    for i, name in enumerate(mat_names):
        _need(isinstance(name, str) and name != "" and name == name.lower() and name.split() == [name]
              and not name.startswith("#") and ";" not in name,
              f"mats[{i}]: name {name!r} must be one lower-case word without ';'")
        _need(mat_names.index(name) == i, f"mats[{i}]: name {name!r} already names mats[{mat_names.index(name)}]")
    ds = obj(data["districts"], "districts")
    keys(ds, "districts", ("cards", "points"), ("apart",))
    cards = ds.get("cards")
    _need(isinstance(cards, list) and sorted(map(str, cards)) == sorted(CATEGORIES),
          "districts.cards: the seven categories, each once (a factory+house redraw needs a card "
          "of every other category)")
    pts = lst(ds.get("points"), "districts.points", 3, 3)
    for i, p in enumerate(pts):
        lst(p, f"districts.points[{i}]", 2, 2)
        for j, v in enumerate(p):
            integer(v, f"districts.points[{i}][{j}]", 0, MAX_POINTS)
    if "apart" in ds:
        _need(isinstance(ds["apart"], list) and sorted(map(str, ds["apart"])) == sorted(APART),
              "districts.apart must be [\"factory\", \"house\"] (the rulebook's pair; the kernel "
              f"hard-codes it), not {ds['apart']!r}")
    why = "the rulebook's value; the round tables are built for it"
    for key, value in SUPPORTED.items():
        if key in data:
            fixed(data[key], key, value, why)
    if "beginner" in data:
        bg = obj(data["beginner"], "beginner")
        keys(bg, "beginner", (), tuple(SUPPORTED_BEGINNER))
        for key, value in SUPPORTED_BEGINNER.items():
            if key in bg:
                fixed(bg[key], f"beginner.{key}", value, why)


def _validate_mat(i: int, m: object) -> None:
    rows = m.get("rows") if isinstance(m, dict) else None
    _need(isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows),
          f"mats[{i}]: rows must be a list of strings")
    keys(m, f"mats[{i}]", ("rows",))
    _need(len(rows) <= 5 and all(len(r) == len(rows[0]) for r in rows) and 0 < len(rows[0]) <= 5,
          f"mats[{i}]: rows must form a rectangle of at most 5x5")
    _need(all(ch in MAT_CHARS for r in rows for ch in r), f"mats[{i}]: use only the characters {MAT_CHARS}")
    land = sum(ch in "L=|" for r in rows for ch in r)
    _need(land == 5, f"mats[{i}]: needs exactly 5 landscape cells, has {land}")
    _need(any("o" in r for r in rows), f"mats[{i}]: needs an open cell for the first tile")
    for y, r in enumerate(rows):
        for x, ch in enumerate(r):
            if ch == "=":
                ok = 0 < x < len(r) - 1 and r[x - 1] == "o" and r[x + 1] == "o"
                _need(ok, f"mats[{i}]: bridge '=' at row {y} needs open cells left and right")
            if ch == "|":
                ok = 0 < y < len(rows) - 1 and rows[y - 1][x] == "o" and rows[y + 1][x] == "o"
                _need(ok, f"mats[{i}]: bridge '|' at row {y} needs open cells above and below")
    _need(completable(rows), f"mats[{i}].rows: no 5x5 city around this mat can be filled by "
          "adjacent placements from an open cell (walled-in open cells, or no room for the duplex tiles)")


def completable(rows: list[str], window: int = 5) -> bool:
    """Can a city on this mat be built out to a full ``window`` square?

    Some window must hold the mat's cells (``.`` is not part of the mat), its
    free cells must all be reachable from one open cell through free cells
    (bridges cross), and it must offer two disjoint horizontal free pairs for
    the duplex tiles.  The kernel's per-move check is finer; this refuses mats
    on which the first tile already leaves the city stuck.

    >>> completable(["LL.", "LoL", ".L."])
    False
    >>> completable(["LLL", "LLo"])
    True
    """
    nb, openm, land, mbox = mat_geometry([{"rows": rows}])
    r0, r1, c0, c1 = (int(v) for v in mbox[0])
    for wr in range(max(r1 - window + 1, 0), min(r0, BW - window) + 1):
        for wc in range(max(c1 - window + 1, 0), min(c0, BW - window) + 1):
            cells = [(wr + a) * BW + wc + b for a in range(window) for b in range(window)]
            inside = set(cells)
            free = {x for x in cells if not land[0, x]}
            for start in (x for x in free if openm[0, x]):
                seen, todo = {start}, [start]
                while todo:
                    y = todo.pop()
                    for z in nb[0, y]:
                        if z >= 0 and z in free and z not in seen and z in inside:
                            seen.add(z)
                            todo.append(z)
                if seen != free:
                    continue
                pairs, x = 0, None
                for a in range(window):
                    b = 0
                    while b < window - 1:
                        x = (wr + a) * BW + wc + b
                        if x in free and x + 1 in free:
                            pairs, b = pairs + 1, b + 2
                        else:
                            b += 1
                if pairs >= 2:
                    return True
    return False


def mat_geometry(mats: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Neighbour table (bridges included), open cells, landscape cells, mat bbox per mat.

    Geometry index ``len(mats)`` is the plain board (no mat, beginner variant).
    """
    G = len(mats) + 1
    nb = np.full((G, NCELL, 4), -1, dtype=np.intc)
    openm = np.zeros((G, NCELL), dtype=np.intc)
    land = np.zeros((G, NCELL), dtype=np.intc)
    mbox = np.full((G, 4), -1, dtype=np.intc)
    for g in range(G):
        bridge = {}
        if g < len(mats):
            rows = mats[g]["rows"]
            h, w = len(rows), len(rows[0])
            r0, c0 = (BW - h) // 2, (BW - w) // 2
            # '.' is not part of the mat: the box the city window must hold spans mat cells only
            cells = [(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch != "."]
            mbox[g] = (r0 + min(i for i, _ in cells), r0 + max(i for i, _ in cells),
                       c0 + min(j for _, j in cells), c0 + max(j for _, j in cells))
            for i, row in enumerate(rows):
                for j, ch in enumerate(row):
                    x = (r0 + i) * BW + c0 + j
                    if ch in "L=|":
                        land[g, x] = 1
                    if ch == "o":
                        openm[g, x] = 1
                    if ch in "=|":
                        bridge[x] = ch
        for x in range(NCELL):
            r, c = divmod(x, BW)
            for d, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < BW and 0 <= cc < BW):
                    continue
                y = rr * BW + cc
                if y in bridge and bridge[y] == ("|" if dr else "="):
                    y = (rr + dr) * BW + cc + dc  # across the bridge
                nb[g, x, d] = y
    return nb, openm, land, mbox


def kernel_tables(data: dict, beginner: bool) -> dict:
    """The edition as flat int arrays for the kernel (see cython_ext/between_two_cities_placement.py)."""
    b = data["buildings"]
    names = [k["name"] for k in b]
    cat = {c: i for i, c in enumerate(CATEGORIES)}
    t = {k: np.full(KM, -1, dtype=np.intc) for k in ("kcat", "ktav", "like1", "like2", "dislike", "dleft", "dright")}
    totb = np.zeros(KM, dtype=np.intc)
    totd = np.zeros(KM, dtype=np.intc)
    ntav = 0
    for i, k in enumerate(b):
        t["kcat"][i] = cat[k["category"]]
        if k["category"] == "tavern":
            t["ktav"][i] = ntav
            ntav += 1
        if k["category"] == "civic":
            t["like1"][i], t["like2"][i] = (cat[x] for x in k["likes"])
            t["dislike"][i] = cat[k["dislikes"]]
            if beginner:
                continue  # the beginner game leaves the civic buildings in the box
        totb[i] = k["count"]
    for i, d in enumerate(data["duplex"]):
        t["dleft"][i] = names.index(d["left"])
        t["dright"][i] = names.index(d["right"])
        totd[i] = d["count"]
    nb, openm, land, mbox = mat_geometry(data["mats"])
    ds = data["districts"]
    t.update(totb=totb, totd=totd, nb=nb.ravel(), openm=openm.ravel(), land=land.ravel(),
             mbox=mbox.ravel(), cardcat=np.array([cat[c] for c in ds["cards"]], dtype=np.intc),
             dpts=np.array([v for p in ds["points"] for v in p], dtype=np.intc))
    return t
