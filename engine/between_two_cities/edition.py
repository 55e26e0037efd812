"""Edition files of Between Two Cities: schema check and kernel tables.

The schema is documented in docs/games/between_two_cities.md.  Kinds are
numbered in file order: building kinds 0.. (at most 32), duplex types 0..
(at most 32).  Mats are drawn on the 9x9 board, centred.
"""
from __future__ import annotations

import numpy as np

from cython_ext.between_two_cities_encoding import BW, KM, NCELL
from engine.errors import EditionError

CATEGORIES = ("factory", "shop", "park", "tavern", "office", "house", "civic")
MAT_CHARS = "Lo=|."


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise EditionError(msg)


def validate(data: dict) -> None:
    """Raise :class:`EditionError` with a clear message when ``data`` is broken."""
    for key in ("buildings", "duplex", "mats", "districts"):
        _need(key in data, f"missing key {key!r}")
    b = data["buildings"]
    _need(isinstance(b, list) and 0 < len(b) <= KM, f"buildings: a list of 1-{KM} kinds")
    names = []
    taverns = 0
    for i, kind in enumerate(b):
        _need(isinstance(kind, dict), f"buildings[{i}] must be an object")
        name = kind.get("name")
        _need(isinstance(name, str) and name != "" and all(ch.isalnum() or ch == "_" for ch in name),
              f"buildings[{i}]: name must be letters, digits or '_', not {name!r}")
        _need(name not in names, f"buildings: duplicate name {name!r}")
        names.append(name)
        _need(kind.get("category") in CATEGORIES,
              f"buildings[{i}] ({name}): category must be one of {', '.join(CATEGORIES)}")
        _need(isinstance(kind.get("count"), int) and kind["count"] >= 0,
              f"buildings[{i}] ({name}): count must be a non-negative integer")
        if kind["category"] == "tavern":
            taverns += 1
        if kind["category"] == "civic":
            likes = kind.get("likes")
            _need(isinstance(likes, list) and len(likes) == 2 and all(x in CATEGORIES for x in likes),
                  f"buildings[{i}] ({name}): likes must be two categories")
            _need(kind.get("dislikes") in CATEGORIES, f"buildings[{i}] ({name}): dislikes must be a category")
    _need(taverns <= 4, "at most four tavern kinds")
    d = data["duplex"]
    _need(isinstance(d, list) and 0 < len(d) <= KM, f"duplex: a list of 1-{KM} types")
    for i, t in enumerate(d):
        _need(isinstance(t, dict) and t.get("left") in names and t.get("right") in names,
              f"duplex[{i}]: left and right must name building kinds")
        _need(isinstance(t.get("count"), int) and t["count"] >= 0, f"duplex[{i}]: bad count")
    mats = data["mats"]
    _need(isinstance(mats, list) and 1 <= len(mats) <= 16, "mats: a list of 1-16 mats")
    for i, m in enumerate(mats):
        rows = m.get("rows") if isinstance(m, dict) else None
        _need(isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows),
              f"mats[{i}]: rows must be a list of strings")
        _need(len(rows) <= 5 and all(len(r) == len(rows[0]) for r in rows) and len(rows[0]) <= 5,
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
    ds = data["districts"]
    _need(isinstance(ds, dict), "districts must be an object")
    cards = ds.get("cards")
    _need(isinstance(cards, list) and len(cards) == 7 and all(c in CATEGORIES for c in cards),
          "districts.cards: seven category names")
    pts = ds.get("points")
    _need(isinstance(pts, list) and len(pts) == 3 and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and v >= 0 for v in p) for p in pts),
        "districts.points: three [first, second] pairs")


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
            mbox[g] = (r0, r0 + h - 1, c0, c0 + w - 1)
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
