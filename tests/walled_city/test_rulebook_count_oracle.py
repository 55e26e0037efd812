"""The Count Votes phase and the tower scoring written again from the rulebook, plainly and
independently of the kernel (no shared code but the state's fields), and compared with the
kernel's count on positions of random games with guild powers (fences, broken and stacked
roads and walls, moved dice), every board and player count.

Rulebook: neighbourhoods are bounded by Roads (a broken road is "no longer there"); round 2
first discards the Nobles of every neighbourhood with an un-filled Gap; places 5/3/2/0 each
changed by the neighbourhood's chits, ties by Nobles then "combine the Vote values ... divide
... ignoring remainders"; each Faction's value (round 1 without the Towers' dice) to the most
Citizens sharing neighbourhoods (round 2: and Towers) with its dice, Nobles break ties, then
split; a Tower's most Watchmen take both nearer halves, second-most the lower one."""
from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from tests.walled_city.helpers import CONFIGS, COMPILED, f, game

PLACES = [5, 3, 2, 0]


def trunc(a: int, n: int) -> int:
    return int(a / n)       # "ignoring remainders": toward zero, negative totals too (ruling 3)


def neighbourhoods(s) -> dict[int, int]:
    """Area -> label, by walking open paths (unbuilt or broken) from each area."""
    na = s.game.sizes["areas"]
    road, pside = f(s, "road"), f(s, "pside")
    links: dict[int, set[int]] = {a: set() for a in range(na)}
    for p in range(len(road)):
        if road[p] in (1, 3):
            continue
        sides = [int(x) for x in pside[p] if x >= 0]
        for x in sides:
            links[x].update(sides)
    label: dict[int, int] = {}
    for a in range(na):
        if a in label:
            continue
        todo = [a]
        while todo:
            x = todo.pop()
            if x not in label:
                label[x] = a
                todo.extend(links[x])
    return label


def oracle_count(s) -> tuple[list[int], list[int], list[list[int]]]:
    """Votes gained per owner in the count of the current round by neighbourhoods and by
    factions, and the nobles left per area."""
    g = s.game
    na, no = g.sizes["areas"], g.owners
    rnd = int(f(s, "round")[0])
    an = [[int(x) for x in row] for row in f(s, "an")]
    ap = [[int(x) for x in row] for row in f(s, "ap")]
    tw = [[int(x) for x in row] for row in f(s, "tw")]
    lab = neighbourhoods(s)
    if rnd == 2:
        open_hoods = {lab[int(f(s, "garea")[gp])] for gp, w in enumerate(f(s, "wall")) if w not in (1, 3)}
        for a in range(na):
            if lab[a] in open_hoods:
                an[a] = [0] * no
    gain = [0] * no
    fgain = [0] * no
    hoods = sorted(set(lab.values()))
    chits = [0] * na
    for k, a in enumerate(f(s, "cloc")):
        chits[lab[int(a)]] += int(f(s, "chit")[k])
    for h in hoods:
        areas = [a for a in range(na) if lab[a] == h]
        cit = [sum(an[a][o] + ap[a][o] for a in areas) for o in range(no)]
        nob = [sum(an[a][o] for a in areas) for o in range(no)]
        ranked = sorted((o for o in range(no) if cit[o] > 0), key=lambda o: (-cit[o], -nob[o]))
        place = 0
        while ranked:
            group = [o for o in ranked if (cit[o], nob[o]) == (cit[ranked[0]], nob[ranked[0]])]
            total = sum(PLACES[q] + chits[h] for q in range(place, place + len(group)))
            for o in group:
                gain[o] += trunc(total, len(group))
            place += len(group)
            ranked = ranked[len(group):]
    for fac in range(5):
        value, hood_set, tower_set = 0, set(), set()
        for d in range(20):
            if int(f(s, "die_f")[d]) != fac:
                continue
            loc = int(f(s, "dloc")[d])
            if loc < na:
                hood_set.add(lab[loc])
            elif rnd == 2:
                tower_set.add(loc - na)
            else:
                continue
            value += int(f(s, "die_v")[d])
        cit = [sum(an[a][o] + ap[a][o] for a in range(na) if lab[a] in hood_set)
               + sum(tw[t][o] for t in tower_set) for o in range(no)]
        nob = [sum(an[a][o] for a in range(na) if lab[a] in hood_set)
               + sum(tw[t][o] for t in tower_set) for o in range(no)]
        best = max((cit[o], nob[o]) for o in range(no))
        if best[0] > 0:
            group = [o for o in range(no) if (cit[o], nob[o]) == best]
            for o in group:
                fgain[o] += trunc(value, len(group))
    return gain, fgain, an


def oracle_towers(s) -> list[int]:
    g = s.game
    no = g.owners
    gain = [0] * no
    for t in range(g.board["towers"]):
        halves = []
        for z, zd in enumerate(g.board["zones"]):
            if t not in zd["towers"]:
                continue
            card = int(f(s, "zcard")[z]) - 1
            if card < 0:
                halves.append(0)
                continue
            a, b = g.cards[card]
            toward_first = (a, b) if int(f(s, "zori")[z]) == 0 else (b, a)
            halves.append(toward_first[0] if zd["towers"][0] == t else toward_first[1])
        w = [int(x) for x in f(s, "tw")[t]]
        most = max(w)
        if most == 0:
            continue
        second = max([x for x in w if 0 < x < most], default=0)
        for o in range(no):
            if w[o] == most:
                gain[o] += sum(halves)
            elif second and w[o] == second:
                gain[o] += min(halves)
    return gain


def kernel_count(s) -> tuple[list[int], list[list[int]]]:
    buf = s.buf.copy()
    s.game.kernel.count_votes(buf)
    lay = s.game.layout
    gained = [int(a) - int(b) for a, b in zip(lay.view(buf, "score"), f(s, "score"))]
    return gained, [[int(x) for x in row] for row in lay.view(buf, "an")]


def kernel_categories(s) -> tuple[list[int], list[int]]:
    """The kernel's two scorings of a count, each on its own (after the flight in round 2)."""
    k, buf = s.game.kernel, s.buf.copy()
    comp = [0] * s.game.sizes["areas"]
    k.comps(buf, comp)
    rnd2 = int(f(s, "round")[0]) == 2
    if rnd2:
        k.flee(buf, comp)
    hoods, facs = [0] * s.game.owners, [0] * s.game.owners
    k.score_neighbourhoods(buf, comp, hoods)
    k.score_factions(buf, comp, 1 if rnd2 else 0, facs)
    return hoods, facs


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_kernel_count_agrees_with_the_rulebook_oracle(players, variants):
    """Category by category (neighbourhoods, factions, towers: the rulebook's scoring steps),
    and the count as played (only the seats' votes are kept)."""
    g = game(players, variants)
    step = 3 if COMPILED else 11
    checked = 0
    for seed in range(3 if COMPILED else 1):
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        n = 0
        while not s.is_terminal():
            movers = s.to_move()
            if int(f(s, "setup")[0]) >= g.kernel.n_chance() and n % step == 0:
                hoods, facs, an = oracle_count(s)
                assert kernel_categories(s) == (hoods, facs), (seed, n)
                assert kernel_count(s) == ([h + x for h, x in zip(hoods, facs)][:players], an), (seed, n)
                towers = [0] * g.owners
                g.kernel.score_towers(s.buf, towers)
                assert towers == oracle_towers(s), (seed, n)
                checked += 1
            if movers == (CHANCE,):
                s.apply(CHANCE, s.sample_chance())
            else:
                s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
            n += 1
    assert checked > 10
