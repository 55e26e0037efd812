"""Guildes: every world of a seat's view in the play phase of the last round (docs/games/guildes.md).

Where: the base game (no variant), last round, play phase -- the last
``players x played`` decisions of the game.  Earlier the deck still feeds
later rounds and the hidden draft has far too many worlds; the variants add
hidden cards this module does not list.  Those views are refused.

What a world is: each rival's hand (its picks this round less the cards it
has played, all public) and its hidden choice at this step.  The fields no
later rule reads -- the deck, the rivals' past discards, the order of their
picks, the packets the seat did not see, the rivals' ``known`` rows -- are
masked (:func:`masked`): one representative filling is written, and the
worlds that differ only there are one world.

The weights are the ones argued in docs/games/guildes.md ("Bias of the
play-phase placement") and computed by ``bench/guildes_determinize_bias.py``,
the *consistent* target the kernel's ``determinize`` aims at: every unknown
pick of a rival is a *slot* fed by one source (the pool of cards the seat
has not seen, before the seat first saw the packet; the cards that vanished
between two sightings; the rest after the last one); a fair shuffle and
rivals picking a uniformly random card give each slot ``count / size`` of
its source, drawn in pick order, so a world's prior is the product of the
sources' falling factorials; the cards each rival has played this round
must be among its picks (a constraint, not a likelihood: the rivals are not
assumed to play uniformly).  A rival's choice already made at this step is
one card of its hand, each card alike (chance standing for a choice, as in
``State.determinize``).  Unseen cards of past rounds are exchangeable with
the deck (the pool), as in the kernel, though the rivals chose what they
discarded.
"""
from __future__ import annotations

from typing import Iterator, Optional

import numpy as np

from cython_ext import select
from engine.core import State
from search.solver.worlds import out_of_time

_rules = select.load("guildes_rules")
PLAY, CHOSEN = _rules.PLAY, _rules.CHOSEN
LAST_ROUND = 2
_POOL = "pool"


class NotListed(Exception):
    """This view is outside what the module lists (the message says why)."""


def masked(view: State) -> tuple[str, ...]:
    """The fields no later rule of the last round's play phase reads (``c_remember_round``
    reads picks and packets at the round's end, only to update ``known``, which nothing
    scores)."""
    return ("deck", "discarded", "picks", "hist", "known")


def covered(view: State) -> str:
    """Why the view is not listed ("" when it is)."""
    g = view.game
    if g.variants:
        return "Guildes worlds are listed for the base game only (the variants hide more cards)"
    if int(g.layout.view(view.buf, "round")[0]) != LAST_ROUND or int(g.layout.view(view.buf, "phase")[0]) != PLAY:
        return ("Guildes worlds are listed in the play phase of the last round only (before it the deck "
                "feeds later rounds and the hidden draft has too many worlds)")
    return ""


WORK = 40  # partial deals searched per world of the limit before giving up


def deals(view: State, seat: int, limit: Optional[int] = None,
          deadline: Optional[float] = None) -> Iterator[tuple[np.ndarray, float]]:
    """(buffer, probability) of every deal consistent with ``seat``'s view.  ``limit``: give up
    (:class:`WorldsUnavailable`) once the walk holds more than ``WORK * limit`` partial deals;
    ``deadline``: give up (``SolverLimit``) once it has passed."""
    from search.solver.worlds import WorldsUnavailable

    why = covered(view)
    if why:
        raise WorldsUnavailable(why)
    slots, sources, play, reserved = slots_and_sources(view, seat)
    cap = None if limit is None else WORK * limit
    for hands, prob, cards in hand_worlds(view, seat, slots, sources, play, cap, deadline):
        base = _write(view, seat, slots, sources, cards, play, reserved)
        yield from _pending(view, seat, base, prob)


def slots_and_sources(view: State, seat: int):
    """The rivals' unknown picks as (t, packet, picker, source) in pick order, each source's
    card counts (``"pool"``: unseen cards; ``(t, p)``: what left packet ``p`` after the seat saw
    it at pick ``t`` and before its next sighting), each rival's played cards this round, and
    the cards the seat knows the rivals discarded in past rounds (kept out of the pool).
    In the play phase every pick of the round is made; while drafting, those before the
    current step (``bench/guildes_determinize_bias.py`` measures both in round 1)."""
    g = view.game
    L, buf = g.layout, view.buf
    n, G, h = g.players, g.G, g.dealt
    dirn = int(L.view(buf, "dir")[0])
    drafting = int(L.view(buf, "phase")[0]) != PLAY
    rows = int(L.view(buf, "step")[0]) + 1 if drafting else h  # hist rows the seat has seen
    t_cur = rows - 1 if drafting else h  # picks made so far
    hist, picks, played = L.view(buf, "hist"), L.view(buf, "picks"), L.view(buf, "played")
    table, disc, known = L.view(buf, "table"), L.view(buf, "discarded"), L.view(buf, "known")
    pool = [int(g.total[x]) - int(disc[seat][x]) - sum(int(table[i][x]) - int(played[i][x]) for i in range(n))
            for x in range(G)]
    first: dict[int, int] = {}
    for p in range(n):
        for t in range(rows):
            if (p + dirn * t) % n == seat:
                first[p] = t
                break
        if p in first:
            pool = [a - int(b) for a, b in zip(pool, hist[first[p]][p])]
    reserved = [max(0, min(int(known[seat][x]), pool[x])) for x in range(G)]
    pool = [a - b for a, b in zip(pool, reserved)]
    sources: dict = {_POOL: pool}
    slots = []
    last: dict[int, int] = {}
    for t in range(t_cur):
        for p in range(n):
            o = (p + dirn * t) % n
            if o == seat:
                last[p] = t
                seg = [int(x) for x in hist[t][p]]
                seg[int(picks[seat][t])] -= 1
                if t + n < rows:
                    seg = [a - int(b) for a, b in zip(seg, hist[t + n][p])]
                sources[(t, p)] = seg
            else:
                slots.append((t, p, o, _POOL if p not in last else (last[p], p)))
    play = {o: [int(x) for x in played[o]] for o in range(n) if o != seat}
    return slots, sources, play, reserved


def hand_worlds(view: State, seat: int, slots, sources, play, cap: Optional[int] = None,
                deadline: Optional[float] = None) -> list[tuple[tuple, float, list[int]]]:
    """Each distinct set of rival picks (as multisets) consistent with the plays: (picks per
    rival, prior probability normalised over the consistent ones, one slot filling giving it).

    Source by source, slot by slot, each slot drawing ``count / left`` from its source (the
    product over the sources is the prior whatever the order); states with the same picks so
    far and the same cards left in the current source are merged, and a state is dropped as
    soon as a rival cannot cover its plays with the slots it has left."""
    G = view.game.G
    rivals = sorted(play)
    index = {o: i for i, o in enumerate(rivals)}
    order = sorted(range(len(slots)), key=lambda j: (str(slots[j][3]), j))  # one source after another
    left_of = [0] * len(rivals)
    for _, _, o, _ in slots:
        left_of[index[o]] += 1
    states: dict = {(tuple((0,) * G for _ in rivals), None): (1.0, [-1] * len(slots), tuple(left_of))}
    prev_src = None
    for j in order:
        _t, _p, o, src = slots[j]
        i = index[o]
        nxt: dict = {}
        out_of_time(deadline)
        for k, ((hands, rest), (w, cards, slots_left)) in enumerate(states.items()):
            if k % 256 == 255:
                out_of_time(deadline)
            if src != prev_src:
                rest = tuple(sources[src])
            total = sum(rest)
            for x in range(G):
                if rest[x] <= 0:
                    continue
                hand = list(hands[i])
                hand[x] += 1
                sl = list(slots_left)
                sl[i] -= 1
                if sum(max(0, a - b) for a, b in zip(play[o], hand)) > sl[i]:
                    continue  # the rival's plays can no longer be covered
                nh = hands[:i] + (tuple(hand),) + hands[i + 1:]
                nr = rest[:x] + (rest[x] - 1,) + rest[x + 1:]
                key = (nh, nr)
                pw = w * rest[x] / total
                if key in nxt:
                    old = nxt[key]
                    nxt[key] = (old[0] + pw, old[1], old[2])
                else:
                    c = list(cards)
                    c[j] = x
                    nxt[key] = (pw, c, tuple(sl))
        states, prev_src = nxt, src
        if cap is not None and len(states) > cap:
            from search.solver.worlds import WorldsUnavailable

            raise WorldsUnavailable(f"the view has too many worlds to list (over {cap} partial deals; "
                                    f"limit {cap // WORK} worlds)")
    merged: dict = {}
    for (hands, _), (w, cards, _) in states.items():
        if any(hands[index[o]][x] < play[o][x] for o in rivals for x in range(G)):
            continue
        if hands in merged:
            merged[hands][0] += w
        else:
            merged[hands] = [w, cards]
    z = sum(w for w, _ in merged.values())
    return [(hands, w / z, cards) for hands, (w, cards) in merged.items()]


def _write(view: State, seat: int, slots, sources, cards: list[int], play, reserved: list[int]) -> np.ndarray:
    """The full state of one slot filling: rivals' picks, the packets rebuilt, hands, and a
    representative filling of the masked fields (past discards: the reserved cards first)."""
    g = view.game
    L = g.layout
    n, G, h, k = g.players, g.G, g.dealt, g.played
    w = view.buf.copy()
    dirn = int(L.view(w, "dir")[0])
    hist, picks = L.view(w, "hist"), L.view(w, "picks")
    pool = list(sources[_POOL])
    initial = [[0] * G for _ in range(n)]
    first: dict[int, int] = {}
    for p in range(n):
        for t in range(h):
            if (p + dirn * t) % n == seat:
                first[p] = t
                initial[p] = [int(x) for x in view.game.layout.view(view.buf, "hist")[t][p]]
                break
    for (t, p, o, src), x in zip(slots, cards):
        picks[o][t] = x
        if src == _POOL:
            initial[p][x] += 1
            pool[x] -= 1
    for p in range(n):
        hist[0][p] = initial[p]
        for t in range(1, h):
            hist[t][p] = hist[t - 1][p]
            hist[t][p][int(picks[(p + dirn * (t - 1)) % n][t - 1])] -= 1
    kept, disc, known = L.view(w, "kept"), L.view(w, "discarded"), L.view(w, "known")
    rnd = int(L.view(w, "round")[0])
    for o in play:
        kept[o] = [sum(1 for t in range(h) if picks[o][t] == x) - play[o][x] for x in range(G)]
        disc[o] = 0
        known[o] = -1
        L.view(w, "pending")[o] = -1
    room = {o: (h - k) * rnd for o in play}
    for x in range(G):  # the cards the seat knows were discarded, then the rest of the pool
        for _ in range(reserved[x]):
            o = next(o for o in sorted(room) if room[o] > 0)
            disc[o][x] += 1
            room[o] -= 1
    for o in sorted(room):
        for x in range(G):
            take = min(pool[x], room[o])
            disc[o][x] += take
            pool[x] -= take
            room[o] -= take
    L.view(w, "deck")[:] = pool
    return w


def _pending(view: State, seat: int, base: np.ndarray, prob: float) -> Iterator[tuple[np.ndarray, float]]:
    """A rival's choice already made: one card of its hand, each card alike."""
    L = view.game.layout
    chose = [o for o in range(view.players) if o != seat and L.view(view.buf, "pending")[o] == CHOSEN]

    def rec(i: int, w: np.ndarray, q: float):
        if i == len(chose):
            yield w, q
            return
        o = chose[i]
        hand = L.view(w, "kept")[o]
        size = int(hand.sum())
        for x in range(view.game.G):
            if hand[x] > 0:
                c = w.copy()
                L.view(c, "pending")[o] = x
                yield from rec(i + 1, c, q * int(hand[x]) / size)

    yield from rec(0, base, prob)
