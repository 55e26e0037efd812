"""Every city's score, and every seat's place, against a second reading of the rulebook.

The reference below is written from shared/rules/between-two-cities.md alone,
by other means than the kernel: its own neighbours from the mat rows (bridges
"adjacent for all placement and scoring purposes"), shops by a memoised cover
of the shop cells with straight segments, taverns by trying every set of
different kinds, factories by sorting the distinct counts, districts by the
printed tie rules.  It scores each category separately (the scorepad's rows)
and must match the kernel's city totals, seat scores and winners on finished
random games of every player count and variant, compiled and interpreted.
"""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.between_two_cities.helpers import blank_state, make_game, put

GAME = "between_two_cities"
SHOP = {1: 2, 2: 5, 3: 10, 4: 15, 5: 20}
TAVERN = {1: 1, 2: 4, 3: 9, 4: 17}
OFFICE = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21}
CONFIGS = [(2, ("two-player",)), (2, ("two-player-advanced",)), (3, ()), (4, ("districts",)),
           (5, ("beginner",)), (6, ()), (7, ("districts",)), (3, ("beginner", "districts")),
           (2, ("two-player-advanced", "districts"))]


def neighbours(game, mat: int | None) -> dict[int, dict[str, int]]:
    """Orthogonal neighbours on the 9x9 board by direction; a bridge joins the two cells across it."""
    bridge = {}
    if mat is not None:
        rows = game.edition["mats"][mat]["rows"]
        r0, c0 = (9 - len(rows)) // 2, (9 - len(rows[0])) // 2
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch in "=|":
                    bridge[(r0 + i, c0 + j)] = ch
    out = {}
    for r in range(9):
        for c in range(9):
            near = {}
            for way, dr, dc in (("n", -1, 0), ("s", 1, 0), ("w", 0, -1), ("e", 0, 1)):
                rr, cc = r + dr, c + dc
                if bridge.get((rr, cc)) == ("|" if dr else "="):
                    rr, cc = rr + dr, cc + dc
                if 0 <= rr < 9 and 0 <= cc < 9:
                    near[way] = rr * 9 + cc
            out[r * 9 + c] = near
    return out


def shop_points(cells: frozenset, east: dict, south: dict) -> int:
    """The best cover of the shop cells by straight lines of 1-5 (each shop in one line)."""
    @lru_cache(maxsize=None)
    def best(left: frozenset) -> int:
        if not left:
            return 0
        x = min(left)  # the first shop in reading order starts its line
        top = 0
        for step in (east, south):
            line = [x]
            while len(line) < 5 and step.get(line[-1]) in left:
                line.append(step[line[-1]])
            for n in range(1, len(line) + 1):
                top = max(top, SHOP[n] + best(left - frozenset(line[:n])))
        return top
    return best(cells)


def tavern_points(kinds: tuple) -> int:
    """Every way to take a set of different kinds first, the rest scored the same way."""
    @lru_cache(maxsize=None)
    def best(counts: tuple) -> int:
        top = 0
        have = [i for i, n in enumerate(counts) if n]
        for mask in range(1, 1 << len(have)):
            pick = [have[i] for i in range(len(have)) if mask >> i & 1]
            rest = tuple(n - (i in pick) for i, n in enumerate(counts))
            top = max(top, TAVERN[len(pick)] + best(rest))
        return top
    return best(kinds)


def groups(cells: set, nb: dict) -> list[set]:
    out, seen = [], set()
    for x in sorted(cells):
        if x in seen:
            continue
        todo, group = [x], {x}
        while todo:
            y = todo.pop()
            for z in nb[y].values():
                if z in cells and z not in group:
                    group.add(z)
                    todo.append(z)
        seen |= group
        out.append(group)
    return out


def city_parts(game, state, c: int) -> tuple[dict, dict, dict]:
    """Points by category (factories left out), the tiles of each category, the neighbours."""
    cats = ("factory", "shop", "park", "tavern", "office", "house", "civic")
    lay = game.layout
    board = lay.view(state.buf, "city")[c]
    mat = int(lay.view(state.buf, "mat")[c])
    nb = neighbours(game, mat if mat >= 0 else None)
    kinds = game.edition["buildings"]
    what = {}
    for x in range(81):
        v = int(board[x])
        if v >= 2:
            what[x] = kinds[(v - 2) % 32]
    of = {cat: {x for x, k in what.items() if k["category"] == cat} for cat in cats}
    near = {x: {what[y]["category"] for y in nb[x].values() if y in what} for x in what}
    pts = {}
    east = {x: nb[x]["e"] for x in range(81) if "e" in nb[x]}
    south = {x: nb[x]["s"] for x in range(81) if "s" in nb[x]}
    pts["shop"] = shop_points(frozenset(of["shop"]), east, south)
    tav_names = [k["name"] for k in kinds if k["category"] == "tavern"]
    pts["tavern"] = tavern_points(tuple(sum(1 for x in of["tavern"] if what[x]["name"] == t) for t in tav_names))
    pts["park"] = sum({1: 2, 2: 8}.get(len(gr), 9 + len(gr)) for gr in groups(of["park"], nb))
    n = len(of["office"])
    pts["office"] = 21 * (n // 6) + OFFICE[n % 6] + sum(1 for x in of["office"] if "tavern" in near[x])
    types = sum(1 for cat in cats[:5] if of[cat])
    pts["house"] = sum(1 if "factory" in near[x] else types for x in of["house"])
    civic = 0
    for x in of["civic"]:
        k = what[x]
        liked = sum(1 for cat in k["likes"] if cat in near[x])
        civic += 1 if k["dislikes"] in near[x] else {0: 1, 1: 3, 2: 6}[liked]
    pts["civic"] = civic
    return pts, of, nb


def reference(game, state) -> tuple[list[int], list[dict]]:
    """Each city's total and its points by category (factories, districts included)."""
    parts = [city_parts(game, state, c) for c in range(game.NC)]
    nf = [len(of["factory"]) for _, of, _ in parts]
    ranks = sorted({n for n in nf if n}, reverse=True)
    rows = []
    for (pts, of, nb), n in zip(parts, nf):
        rows.append(dict(pts, factory=n * ({0: 4, 1: 3}.get(ranks.index(n), 2) if n else 0)))
    if game.districts:
        cards = [game.card_names[int(k)] for k in game.layout.view(state.buf, "dcard")]
        points = game.edition["districts"]["points"]
        for d in range(3):
            pair = set(cards[2 * d:2 * d + 2])
            size = [max((len(gr) for gr in groups(set().union(*(of[cat] for cat in pair)), nb)), default=0)
                    for _, of, nb in parts]
            first, second = points[d]
            for row in rows:
                row[f"district{d + 1}"] = 0
            top = max(size)
            if top == 0:
                continue
            tied = [c for c in range(game.NC) if size[c] == top]
            if len(tied) > 1:
                for c in tied:
                    rows[c][f"district{d + 1}"] = (first + second) // len(tied)
                continue
            rows[tied[0]][f"district{d + 1}"] = first
            rest = [v for v in size if 0 < v < top]
            if rest:
                tied2 = [c for c in range(game.NC) if size[c] == max(rest)]
                for c in tied2:
                    rows[c][f"district{d + 1}"] = second // len(tied2)
    return [sum(row.values()) for row in rows], rows


def reference_winners(game, state, totals: list[int]) -> list[int]:
    """Lower city (the sum with two players standard), then the higher city, then tile counts."""
    order = ("factory", "shop", "park", "tavern", "office", "house", "civic")
    parts = [city_parts(game, state, c)[1] for c in range(game.NC)]

    def key(seat):
        a, b = game.seat_cities(seat)
        counts = tuple(len(parts[a][cat]) + len(parts[b][cat]) for cat in order)
        if game.two_std:
            return (totals[a] + totals[b],) + counts  # the second tie-breaker only
        return (min(totals[a], totals[b]), max(totals[a], totals[b])) + counts

    keys = [key(s) for s in range(game.players)]
    best = max(keys + ([key(2)] if game.jamey else []))  # Jamey sits at position 2 and can win
    return [s for s in range(game.players) if keys[s] == best]


def finished(players: int, variants: tuple, seed: int):
    s = engine.make(GAME, players, list(variants), seed=seed)
    rnd, rng = random.Random(seed), make_rng(seed)
    while s.to_move():
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            seat = movers[0]
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
    return s


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_finished_cities_score_as_the_reference_reads_the_rulebook(players, variants):
    for seed in range(4):
        s = finished(players, variants, seed)
        g = s.game
        totals, _ = reference(g, s)
        assert g.city_scores(s) == totals, f"seed {seed}"
        if g.two_std:
            assert s.scores() == [totals[a] + totals[b] for a, b in map(g.seat_cities, range(players))]
        else:
            assert s.scores() == [min(totals[a], totals[b]) for a, b in map(g.seat_cities, range(players))]
        assert s.winners() == reference_winners(g, s, totals)
        if g.jamey:
            assert g.jamey_score(s) == min(totals[1], totals[2])


def test_the_reference_scorepad_rows_are_the_rulebook_categories():
    s = finished(4, ("districts",), 1)
    _, rows = reference(s.game, s)
    assert set(rows[0]) == {"factory", "shop", "tavern", "park", "office", "house", "civic",
                            "district1", "district2", "district3"}


def test_the_reference_gives_the_rulebook_examples():
    g = make_game(6)
    s = blank_state(g)
    # factories: A and B five each, C three, D two, E one, F none
    for c, n in enumerate([5, 5, 3, 2, 1, 0]):
        put(g, s, c, [" ".join(["factory"] * n)] if n else [])
    assert reference(g, s)[0] == [20, 20, 9, 4, 2, 0]
    s = blank_state(g)
    put(g, s, 0, ["shop shop shop shop shop", ". . . . .", "shop . . . shop", ". . . . shop"])
    put(g, s, 1, ["music drink drink food food"])
    put(g, s, 2, ["park park park . park"])
    put(g, s, 3, ["office office office office office office office"])
    assert reference(g, s)[0][:4] == [27, 13, 14, 22]


@pytest.mark.parametrize("mat", range(8))
def test_random_crowded_cities_score_as_the_reference(mat):
    # shops and parks crowded on every mat (and the plain board): long lines, crossings, bridges
    g = make_game(3)
    nm = len(g.mat_names)
    rnd = random.Random(mat)
    weights = {"shop": 8, "park": 5, "factory": 2, "house": 2, "office": 2}
    kinds = [k for k in g.kind_names for _ in range(weights.get(k, 1))]
    for trial in range(12):
        s = blank_state(g, mats=[mat % nm, (mat + 1) % nm, (mat + 2) % nm] if mat < nm else None)
        for c in range(3):
            board = g.layout.view(s.buf, "city")[c]
            for x in range(81):
                if board[x] == 0 and 1 <= x // 9 <= 7 and 1 <= x % 9 <= 7 and rnd.random() < 0.8:
                    board[x] = 2 + g.kind_names.index(rnd.choice(kinds))
        assert g.city_scores(s) == reference(g, s)[0], f"trial {trial}"
