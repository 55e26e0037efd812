"""Exact information sets of the drafting games: Guildes (last round's play phase) and Between
Two Cities (search/solver/worlds/guildes.py, between_two_cities.py)."""
import collections
import math
import random

import pytest

from cython_ext import pure_python_forced
from engine.core import CHANCE, make_rng
from search.solver import solve_view
from search.solver.worlds import WorldsUnavailable, world_key, worlds
from tests.search.test_solver_worlds import view_of

GUILDES = [("guildes-3p", left, seed) for left, seed in ((1, 1), (2, 1), (3, 1), (4, 1), (6, 2), (9, 1))]
BTC = [("btc-2p", 5, 1), ("btc-2p", 11, 6), ("btc-3p", 7, 2), ("btc-3p", 16, 1), ("btc-3p", 40, 1)]


@pytest.mark.parametrize("config,left,seed", GUILDES + BTC)
def test_worlds_sum_to_one_hold_the_truth_and_every_sample(config, left, seed):
    s, seat, view = view_of(config, left, seed)
    ws = worlds(view, seat, limit=5000)
    assert math.isclose(sum(p for _, p in ws), 1.0, abs_tol=1e-12)
    keys = {world_key(w, view) for w, _ in ws}
    assert len(keys) == len(ws)  # distinct once the unread fields are masked
    assert world_key(s, view) in keys  # the real deal is one of them
    rng = make_rng(seed)
    for _ in range(60):
        assert world_key(view.determinize(seat, rng), view) in keys
    for w, _ in ws:
        assert (w.observe(seat).buf == view.buf).all()
        assert w.to_move() == s.to_move()


@pytest.mark.parametrize("config,left,seed", [("btc-2p", 11, 6), ("btc-3p", 16, 1), ("btc-3p", 40, 1)])
def test_btc_probabilities_are_the_frequencies_of_determinize(config, left, seed):
    # determinize deals the unseen tiles uniformly and the rivals' pairs uniformly (the model)
    s, seat, view = view_of(config, left, seed)
    ws = worlds(view, seat)
    assert len(ws) > 1
    index = {world_key(w, view): i for i, (w, _) in enumerate(ws)}
    n, rng = 2000, make_rng(7)
    counts = collections.Counter(index[world_key(view.determinize(seat, rng), view)] for _ in range(n))
    for i, (_, p) in enumerate(ws):
        assert abs(counts[i] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-3


def small_game():
    from bench.guildes_determinize_bias import make_game, small_edition

    return make_game(small_edition())


def last_round_view(game, seed, step):
    """Seat 0's view in the last round's play phase at ``step``, every seat to move."""
    rnd, s, L = random.Random(seed), game.new_initial_state(seed), game.layout
    while s.to_move():
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
            continue
        if (int(s.buf[L["round"]]), int(s.buf[L["phase"]]), int(s.buf[L["step"]]), len(m)) == (2, 3, step, 3):
            return s, s.observe(0)
        seat = m[rnd.randrange(len(m))]
        moves = s.legal_moves(seat)
        s.apply(seat, moves[rnd.randrange(len(moves))])
    raise AssertionError("no such position")


@pytest.mark.parametrize("seed,step", [(1, 0), (3, 1), (4, 2)])
def test_guildes_probabilities_are_the_frequencies_of_determinize_where_it_is_exact(seed, step):
    # a small edition (4 guilds x 12, hands of 5, 3 played): determinize's sweeps reach the
    # exact weights there (docs/games/guildes.md); late in a real round they do not
    game = small_game()
    s, view = last_round_view(game, seed, step)
    ws = worlds(view, 0, limit=5000)
    assert len(ws) > 10 and world_key(s, view) in {world_key(w, view) for w, _ in ws}
    index = {world_key(w, view): i for i, (w, _) in enumerate(ws)}
    n, rng = (1000 if pure_python_forced() else 2000), make_rng(7)
    counts = collections.Counter(index[world_key(view.determinize(0, rng), view)] for _ in range(n))
    for i, (_, p) in enumerate(ws):
        assert abs(counts[i] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-3


def walked(view, seat):
    """The rivals' hands by a plain walk over every slot filling in pick order (no merging),
    weights ``count / left`` of each slot's source, plays as a constraint: independent of the
    enumerator's merged walk."""
    from search.solver.worlds.guildes import slots_and_sources

    slots, sources, play, _ = slots_and_sources(view, seat)
    G = view.game.G
    out = collections.defaultdict(float)
    src = {k: list(v) for k, v in sources.items()}
    cards = []

    def walk(j, w):
        if j == len(slots):
            hands = {o: [sum(1 for (_, _, o2, _), c in zip(slots, cards) if o2 == o and c == x) for x in range(G)]
                     for o in play}
            if all(hands[o][x] >= play[o][x] for o in play for x in range(G)):
                out[tuple(tuple(h - p for h, p in zip(hands[o], play[o])) for o in sorted(play))] += w
            return
        s = src[slots[j][3]]
        total = sum(s)
        for x in range(G):
            if s[x] > 0:
                cards.append(x)
                s[x] -= 1
                walk(j + 1, w * (s[x] + 1) / total)
                s[x] += 1
                cards.pop()

    walk(0, 1.0)
    z = sum(out.values())
    return {k: v / z for k, v in out.items()}


@pytest.mark.parametrize("seed,step", [(1, 1), (3, 2), (5, 2)])
def test_guildes_weights_are_a_plain_walk_over_the_slots(seed, step):
    game = small_game()
    _, view = last_round_view(game, seed, step)
    expected = walked(view, 0)
    got = collections.defaultdict(float)
    for w, p in worlds(view, 0, limit=5000):
        kept = game.layout.view(w.buf, "kept")
        got[tuple(tuple(int(x) for x in kept[o]) for o in (1, 2))] += p
    assert set(got) == set(expected)
    for k in expected:
        assert got[k] == pytest.approx(expected[k], abs=1e-12)


def test_worlds_differing_only_in_masked_fields_have_one_value():
    # the masking is a claim that no later rule reads those fields: two determinizations
    # with the same key but different decks, discards and pick orders solve alike
    from search.solver import solve

    s, seat, view = view_of("guildes-3p", 3, 1)
    rng = make_rng(3)
    by_key = collections.defaultdict(list)
    for _ in range(200):
        w = view.determinize(seat, rng)
        by_key[world_key(w, view)].append(w)
    pairs = [ws for ws in by_key.values() if len({w.buf[2:].tobytes() for w in ws}) > 1]
    assert pairs
    for ws in pairs[:3]:
        a, b = ws[0], next(w for w in ws if w.buf[2:].tobytes() != ws[0].buf[2:].tobytes())
        assert solve(a, seat=seat).values == solve(b, seat=seat).values


def test_too_many_worlds_are_refused_before_they_are_listed():
    _, seat, view = view_of("guildes-3p", 4, 1)  # 402 worlds
    with pytest.raises(WorldsUnavailable, match="more than 100 worlds"):
        worlds(view, seat, limit=100)
    _, seat, view = view_of("guildes-4p", 1, 1)  # given up early: the walk outgrows the limit
    with pytest.raises(WorldsUnavailable, match="too many worlds to list"):
        worlds(view, seat, limit=256)
    _, seat, view = view_of("btc-3p", 30, 1)  # the last round's deal: hands not yet seen
    with pytest.raises(WorldsUnavailable, match="more than 256 worlds"):
        solve_view(view, seat, exact=True, limit=256)


@pytest.mark.parametrize("config,left,why", [("guildes-3p", 40, "last round"), ("guildes-4p", 60, "last round")])
def test_guildes_views_outside_the_last_play_phase_are_refused_with_the_reason(config, left, why):
    _, seat, view = view_of(config, left, 1)
    with pytest.raises(WorldsUnavailable, match=why):
        worlds(view, seat)


def test_guildes_variants_are_refused_with_the_reason():
    import engine

    s = engine.make("guildes", 3, ["events"], seed=1)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance())
    seat = s.to_move()[0]
    with pytest.raises(WorldsUnavailable, match="base game only"):
        worlds(s.observe(seat), seat)


@pytest.mark.parametrize("config,left,seed", [("guildes-3p", 4, 1), ("btc-3p", 16, 1)])
def test_the_worlds_depend_on_the_view_only(config, left, seed):
    # never peek: two full states the seat cannot tell apart give the same information set
    s, seat, view = view_of(config, left, seed)
    other = next(w for w in (view.determinize(seat, make_rng(k)) for k in range(50))
                 if world_key(w, view) != world_key(s, view))
    a = {world_key(w, view): p for w, p in worlds(s, seat)}
    b = {world_key(w, view): p for w, p in worlds(other, seat)}
    assert a == b


def test_the_solver_engine_plays_a_guildes_information_set():
    from search.api import Limits, make_player

    _, seat, view = view_of("guildes-3p", 3, 1)
    player = make_player("solver", seed=0, exact=True, memory=4)
    move = player.choose(view, seat, Limits(movetime=30))
    assert move == solve_view(view, seat, exact=True).best
    assert player.last_info.iterations == len(worlds(view, seat))  # one iteration per world
