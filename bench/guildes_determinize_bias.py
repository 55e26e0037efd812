"""How far Guildes ``determinize`` is from the exact distribution of worlds.

On small 3-player positions of round 1 (a small edition keeps the number of
worlds countable) every world consistent with seat 0's view is enumerated
with its exact probability, ``determinize`` is sampled many times, and the
two are compared: total-variation distance (TV), the TV a sample of the same
size drawn from the exact distribution itself would show (the noise floor),
and a G-test.

A world is the other seats' picks, pick by pick (the deck and their kept
cards follow from it).  Its weight, for a fair shuffle and opponents who
pick and play a uniformly random *card* of their hand (the model the
kernel's drafting draws assume; docs/games/guildes.md, "Bias of the
play-phase placement", gives the argument):

* a pick made before the seat first saw that packet: the card is drawn from
  the cards the seat has not seen, ``pool[g] / |pool|``, one after another;
* a pick between two sightings of a packet, or after the last one: drawn
  from the cards that vanished (or were left), ``seg[g] / |seg|``;
* ``prior`` is the product of those factors; the view's plays keep only
  the worlds where every seat's played cards are among its picks;
* the play likelihood: a seat with picks ``H`` that played ``P`` (revealed
  one card at a time, each a uniformly random card of its hand) did so with
  probability ``prod_g H_g! / (H_g - P_g)!`` over a constant.

Two targets: ``consistent`` (prior, plays as a constraint only: what
determinize's placement aims at) and ``posterior`` (prior times the play
likelihood: the Bayesian truth under that model).  Keys: ``picks`` (who
picked which card when) and ``hands`` (each seat's multiset of picks: what
the search can act on).

What is sampled is the kernel's ``determinize`` as built (compiled unless
``GUILDHALL_PUREPYTHON=1``): in the play phase, the placement followed by
``guildes_refine.SWEEPS`` sweeps.  ``refine`` is the Python prototype of
those sweeps (Metropolis-within-Gibbs, leaving the exact target invariant);
``--sweeps N`` measures N more of them on top of the kernel's worlds, to see
whether more would still help.

    python bench/guildes_determinize_bias.py [--samples 20000] [--positions 6] [--sweeps 0]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import engine  # noqa: E402
from cython_ext.guildes_rules import DRAFT, PLAY  # noqa: E402
from engine.core import CHANCE, make_rng  # noqa: E402


def small_edition(guilds: int = 4, copies: int = 12, dealt: int = 5, played: int = 3) -> dict:
    """A 3-player edition with few guilds and short hands: few enough worlds to count."""
    names = ["knights", "nobles", "priests", "scholars", "artisans", "masons"][:guilds]
    return {"guilds": [{"name": g, "copies": copies, "votes": [[3, 1], [4, 2], [5, 3, 1]]} for g in names],
            "players": {"3": {"dealt": dealt, "played": played}},
            "events": [{"name": f"e{i}", "direction": "left" if i % 2 else "right"} for i in range(3)]}


def make_game(edition: dict):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(edition, f)
    try:
        return engine.make_game("guildes", 3, (), f.name)
    finally:
        os.unlink(f.name)


def positions(game, phase: int, count: int, seed: int):
    """States of round 1 at a step where no seat has submitted (every seat to move), in ``phase``."""
    out, rnd = [], random.Random(seed)
    while len(out) < count:
        s = game.new_initial_state(rnd.randrange(1 << 30))
        found = []
        while s.to_move() and int(game.layout.view(s.buf, "round")[0]) == 0:
            movers = s.to_move()
            if movers == (CHANCE,):
                s.apply(CHANCE, s.sample_chance())
                continue
            if len(movers) == 3 and int(s.buf[game.layout["phase"]]) == phase:
                found.append(s.clone())
            seat = movers[rnd.randrange(len(movers))]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])
        if phase == DRAFT:  # from the third pick every packet has been seen
            found = [f for f in found if int(f.buf[game.layout["step"]]) >= 2]
        if found:
            out.append(found[rnd.randrange(len(found))])
    return out


def slots_and_sources(view, seat: int):
    """The other seats' unknown picks as (t, picker, source) in pick order, the
    sources' counts (``"pool"``: cards the seat has not seen; ``(t, p)``: what
    vanished from packet ``p`` after the seat saw it at pick ``t``), and the
    cards each other seat has played this round.  Round 1, draft or play: the
    exact information sets' own reading (``search.solver.worlds.guildes``)."""
    from search.solver.worlds import guildes as listed

    lay = view.game.layout
    phase, rnd = (int(view.buf[lay[k]]) for k in ("phase", "round"))
    if rnd != 0 or phase not in (DRAFT, PLAY):
        raise ValueError("round 1, draft or play only")
    slots, sources, play, _ = listed.slots_and_sources(view, seat)
    return [(t, o, src) for t, _, o, src in slots], sources, play


def _judge(slots, cards, play, G):
    """(key, play likelihood), or None when a played card is not among its seat's picks."""
    others = sorted(play)
    like = 1.0
    for o in others:
        mine = [0] * G
        for (t, o2, _), c in zip(slots, cards):
            if o2 == o:
                mine[c] += 1
        for g in range(G):
            if mine[g] < play[o][g]:
                return None
            like *= math.perm(mine[g], play[o][g])
    return tuple(tuple(c for (t, o2, _), c in zip(slots, cards) if o2 == o) for o in others), like


def enumerate_worlds(view, seat: int) -> list[tuple[tuple, float, float]]:
    """Every world consistent with ``seat``'s view: (others' picks, prior, play likelihood)."""
    slots, sources, play = slots_and_sources(view, seat)
    G = view.game.G
    out = []
    cards = [0] * len(slots)

    def walk(j: int, w: float) -> None:
        if j == len(slots):
            judged = _judge(slots, cards, play, G)
            if judged:
                out.append((judged[0], w, judged[1]))
            return
        src = sources[slots[j][2]]
        tot = sum(src)
        for g in range(G):
            if src[g] > 0:
                cards[j] = g
                k = src[g]
                src[g] -= 1
                walk(j + 1, w * k / tot)
                src[g] += 1

    walk(0, 1.0)
    return out


def rejection_sample(view, seat: int, tries: int, rng: random.Random) -> tuple[list, int]:
    """The exact sampler of the ``consistent`` target: draw every slot from its
    source in pick order (as while drafting), keep the world if the plays fit.
    Returns the kept keys and the number of tries."""
    slots, sources, play = slots_and_sources(view, seat)
    G = view.game.G
    kept = []
    for _ in range(tries):
        src = {k: list(v) for k, v in sources.items()}
        cards = []
        for _t, _o, s in slots:
            c = rng.choices(range(G), weights=src[s])[0]
            src[s][c] -= 1
            cards.append(c)
        judged = _judge(slots, cards, play, G)
        if judged:
            kept.append(judged[0])
    return kept, tries


def refine(view, seat: int, key: tuple, sweeps: int, rng: random.Random, target: str = "consistent") -> tuple:
    """A candidate fix, measured here: Metropolis-within-Gibbs sweeps that leave the
    exact distribution invariant, started from a determinize world ``key``.

    The prior of a world is, per source, the falling factorials
    ``prod_g S_g! / (S_g - d_g)!`` of the cards ``d`` it gave (the draw order
    within a source does not change it).  A sweep resamples each slot from its
    source's remaining cards among those that keep every seat's plays covered
    (Gibbs), then proposes as many swaps of two slots' cards (Metropolis)."""
    slots, sources, play = slots_and_sources(view, seat)
    G = view.game.G
    others = sorted(play)
    order = {o: [j for j, (_t, o2, _s) in enumerate(slots) if o2 == o] for o in others}
    cards = [0] * len(slots)
    for o, ks in zip(others, key):
        for j, c in zip(order[o], ks):
            cards[j] = c
    drawn = {sname: [0] * G for sname in sources}
    hand = {o: [0] * G for o in others}
    for (_t, o, sname), c in zip(slots, cards):
        drawn[sname][c] += 1
        hand[o][c] += 1

    def weight(o: int, h: list[int]) -> float:
        """The play likelihood of seat ``o`` holding picks ``h`` (0: a play not covered)."""
        w = 1.0
        for g in range(G):
            if h[g] < play[o][g]:
                return 0.0
            if target == "posterior":
                w *= math.perm(h[g], play[o][g])
        return w

    for _ in range(sweeps):
        for j, (_t, o, sname) in enumerate(slots):
            a, src = cards[j], sources[sname]
            drawn[sname][a] -= 1
            hand[o][a] -= 1
            w = []
            for g in range(G):
                hand[o][g] += 1
                w.append((src[g] - drawn[sname][g]) * weight(o, hand[o]))
                hand[o][g] -= 1
            b = rng.choices(range(G), weights=w)[0]
            cards[j] = b
            drawn[sname][b] += 1
            hand[o][b] += 1
        for _ in range(len(slots)):
            j, k = rng.randrange(len(slots)), rng.randrange(len(slots))
            a, b = cards[j], cards[k]
            (_t, oj, sj), (_t2, ok_, sk) = slots[j], slots[k]
            if a == b:
                continue
            ratio = 1.0
            if sj != sk:  # sj gives b instead of a, sk gives a instead of b
                ratio = ((sources[sj][b] - drawn[sj][b]) / (sources[sj][a] - drawn[sj][a] + 1)
                         * (sources[sk][a] - drawn[sk][a]) / (sources[sk][b] - drawn[sk][b] + 1))
            if oj != ok_ and ratio > 0:
                hj, hk = hand[oj][:], hand[ok_][:]
                hj[a] -= 1
                hj[b] += 1
                hk[b] -= 1
                hk[a] += 1
                ratio *= weight(oj, hj) * weight(ok_, hk) / (weight(oj, hand[oj]) * weight(ok_, hand[ok_]))
            if ratio > 0 and rng.random() < ratio:
                cards[j], cards[k] = b, a
                drawn[sj][a] -= 1
                drawn[sj][b] += 1
                drawn[sk][b] -= 1
                drawn[sk][a] += 1
                hand[oj][a] -= 1
                hand[oj][b] += 1
                hand[ok_][b] -= 1
                hand[ok_][a] += 1
    return tuple(tuple(cards[j] for j in order[o]) for o in others)


def world_key(world_buf, game, seat: int, t_cur: int) -> tuple:
    picks = game.layout.view(world_buf, "picks")
    return tuple(tuple(int(x) for x in picks[o, :t_cur]) for o in range(game.players) if o != seat)


def hands_of(key: tuple) -> tuple:
    return tuple(tuple(sorted(Counter(k).items())) for k in key)


def exact(worlds, target: str, coarse: bool) -> dict:
    d: dict = defaultdict(float)
    for key, prior, like in worlds:
        d[hands_of(key) if coarse else key] += prior * (like if target == "posterior" else 1.0)
    z = sum(d.values())
    return {k: v / z for k, v in d.items()}


def sample(view, seat: int, count: int, seed: int) -> list[tuple]:
    game = view.game
    lay = game.layout
    t_cur = int(view.buf[lay["step"]]) if int(view.buf[lay["phase"]]) == DRAFT else game.dealt
    rng = make_rng(seed)
    keys = []
    for _ in range(count):
        b = view.buf.copy()
        game.kernel.determinize(b, seat, rng)
        keys.append(world_key(b, game, seat, t_cur))
    return keys


def chi2_sf(x: float, df: int) -> float:
    """Upper tail of chi-square (Wilson-Hilferty; ample for a test threshold)."""
    if df <= 0:
        return 1.0
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def compare(p: dict, keys: list, coarse: bool, rng: np.random.Generator | None = None) -> dict:
    """TV, the noise floor (same-size sample of ``p``), G statistic, df and p-value.
    Cells expected below 5 are pooled; a sampled key outside ``p`` is counted."""
    obs = Counter(hands_of(k) if coarse else k for k in keys)
    N = len(keys)
    outside = sum(c for k, c in obs.items() if k not in p)
    cells = sorted(p, key=lambda k: -p[k])
    tv = 0.5 * (sum(abs(obs.get(k, 0) / N - p[k]) for k in cells) + outside / N)
    rng = rng or np.random.default_rng(0)
    probs = np.array([p[k] for k in cells])
    floor = 0.5 * float(np.abs(rng.multinomial(N, probs / probs.sum()) / N - probs).sum())
    big = [k for k in cells if p[k] * N >= 5]
    e = [p[k] * N for k in big] + [N * (1 - sum(p[k] for k in big))]
    o = [obs.get(k, 0) for k in big] + [N - outside - sum(obs.get(k, 0) for k in big)]
    if e[-1] < 1e-9:
        e, o = e[:-1], o[:-1]
    x2 = sum((oi - ei) ** 2 / ei for oi, ei in zip(o, e))  # Pearson: steadier than G with cells of 5-10
    gstat = 2 * sum(oi * math.log(oi / ei) for oi, ei in zip(o, e) if oi > 0)
    df = len(e) - 1
    return {"worlds": len(p), "tv": tv, "floor": floor, "X2": x2, "G": gstat, "df": df,
            "p": chi2_sf(x2, df) if not outside else 0.0, "outside": outside}


def report(view, seat: int, samples: int, seed: int) -> dict:
    worlds = enumerate_worlds(view, seat)
    keys = sample(view, seat, samples, seed)
    res = {}
    for target in ("consistent", "posterior"):
        for coarse in (False, True):
            res[(target, "hands" if coarse else "picks")] = compare(exact(worlds, target, coarse), keys, coarse)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=20000)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--sweeps", type=int, default=0, help="extra refine() sweeps measured after determinize")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from cython_ext.guildes_refine import SWEEPS
    print(f"seat 0's view, 3 players, {a.samples} determinizations a position (kernel sweeps: {SWEEPS}; "
          f"refined: the first {min(a.samples, 5000)}, {a.sweeps} more sweeps); TV [noise floor], Pearson p; "
          "cons = consistent, post = posterior target; key picks / hands")
    for label, ed, phase in (("draft, 4 guilds x 12, hands of 5", small_edition(), DRAFT),
                             ("play, 4 guilds x 12, hands of 5", small_edition(), PLAY),
                             ("play, 3 guilds x 20, hands of 6", small_edition(3, 20, 6, 5), PLAY)):
        game = make_game(ed)
        for i, st in enumerate(positions(game, phase, a.positions, a.seed)):
            view = st.observe(0)
            t = time.process_time()
            worlds = enumerate_worlds(view, 0)
            keys = sample(view, 0, a.samples, a.seed * 1000 + i)
            rnd = random.Random(i)
            refined = {tg: [refine(view, 0, k, a.sweeps, rnd, tg) for k in keys[:5000]]
                       for tg in ("consistent", "posterior")} if phase == PLAY and a.sweeps else {}
            cells = []
            for tg in ("consistent", "posterior"):
                for coarse in (False, True):
                    r = compare(exact(worlds, tg, coarse), keys, coarse)
                    cell = (f"{tg[:4]}/{'hands' if coarse else 'picks'} {r['tv']:.3f} [{r['floor']:.3f}] "
                            f"p={r['p']:.2g}" + (f" OUTSIDE {r['outside']}" if r["outside"] else ""))
                    if coarse and refined:
                        q = compare(exact(worlds, tg, True), refined[tg], True)
                        cell += f" refined {q['tv']:.3f} [{q['floor']:.3f}]"
                    cells.append(cell)
            step = int(st.buf[game.layout["step"]])
            played = int(game.layout.view(st.buf, "played")[1:].sum())
            hands = len(exact(worlds, "consistent", True))
            print(f"{label}, {'pick' if phase == DRAFT else 'play'} step {step} ({played} cards played by "
                  f"the others): {len(worlds)} worlds, {hands} hand-worlds [{time.process_time() - t:.1f} s cpu]")
            print("  " + " | ".join(cells[:2]) + "\n  " + " | ".join(cells[2:]))


if __name__ == "__main__":
    main()
