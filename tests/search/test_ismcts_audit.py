"""An audit of the ISMCTS loop against Cowling, Powley & Whitehouse (2012, "Information Set
Monte Carlo Tree Search") and against this project's own documentation (search/ismcts.py,
cython_ext/ismcts.py, cython_ext/tree_selection.py, docs/strength.md "The tools" and
"First-play urgency").

What is pinned, each one iteration at a time on the compiled loop where it is built (the
interpreted one under ``GUILDHALL_PUREPYTHON=1``), from nothing but what the search exposes
(``edges_of``, ``availability_of``, ``node_info``, ``children_of``, ``child_of``,
``root_vector``) and the kernel's own rules:

* selection: at every node an iteration passes, every seat that acts there counts one
  availability for exactly the moves legal to it in the iteration's world and one visit for
  the edge it takes, which is an untried legal move while there is one (with ``bias``: one
  of the best heuristic value), else the legal edge of the largest
  ``mean + c * sqrt(ln(availability) / visits) [+ bias * value / (visits + 1)]``; with a
  first-play urgency the best tried edge instead when its value beats ``fpu`` (+ the bias's
  term of the best untried move); a child is grown only under a node of ``expand_after``
  visits; the worlds are known exactly by fixing them (``Search.fix_worlds``), and the
  same rule is checked under fresh determinizations from the availabilities alone;
* simultaneous steps: every acting seat selects at the same node, on its own edges, with
  the legal moves of the world before any of the step's moves; the child is keyed by the
  whole step as the tree's owner observes it;
* backpropagation: each seat's edges along the path get that seat's own reward, exactly
  the documented win share (1/k in a k-way tie), score, rank and field rewards of the
  finished game;
* MO trees: each seat's tree holds only its own edges and branches on its own moves and
  on what it observes of the others' (hidden picks merged, a zone seen without its
  orientation); the SO tree branches as the searching seat observes;
* the final move (``final``) and ``searchmoves``; the textbook baseline's settings.
"""
import math

import numpy as np
import pytest

import engine
import search.ismcts as ismcts_module
from cython_ext import select
from engine.core import CHANCE, make_rng
from search import core
from search.api import Limits, make_player
from search.baselines import TextbookPlayer
from tests.search.helpers import COMPILED, random_decision

ITERS = 300 if COMPILED else 100
FOLD = select.twins("ismcts")[1].fold  # the keys' arithmetic, as search/ismcts.py's child_after uses it
MIX64 = select.twins("tree_hash")[1].mix64
VIEW_HASH = select.twins("tree_hash")[1].view_hash


# -- reading a tree --------------------------------------------------------------------------
def snap(s, node):
    """``(seat, move) -> (visits, value sum, availability)`` of every edge of ``node``."""
    av = {(st, m): a for st, m, a in s.availability_of(node)}
    return {(st, m): (v, w, av[(st, m)]) for st, m, v, w in s.edges_of(node)}


def ucb(v, w, a, c, bias=0.0, h=0.0):
    """UCB1 with availability counts (the subset-armed bandit) and progressive bias."""
    x = w / v + c * math.sqrt(math.log(a) / v)
    if bias:
        x += bias * h / (v + 1)
    return x


def tree_of(s):
    """Node -> index of the tree it belongs to (MO: the owner seat)."""
    out = {}
    for t, root in enumerate(s.get_roots()):
        todo = [root]
        while todo:
            n = todo.pop()
            out[n] = t
            todo.extend(c for c, _v in s.children_of(n))
    return out


class Stepper:
    """Runs a search one iteration at a time and says what each iteration did: the nodes it
    passed (node visits +1), and at each of them each acting seat's made-available moves and
    its chosen edge, with the statistics they had before (``old``)."""

    def __init__(self, s, view, seed=7):
        self.s, self.view = s, view
        self.rng = core.rng_for(view.game.kernel, seed)
        self.cache = {}
        self.root_sums = {}  # root seat's root move -> (iterations through it, reward vector sum)
        self.mo = s.mode == core.TREE_MODES["mo"]

    def step(self):
        s = self.s
        nn0 = s.node_count()
        v0 = [s.node_info(n)[0] for n in range(nn0)]
        s.run(self.rng, 1, 0.0, 0)
        path = {}
        for n in range(s.node_count()):
            d = s.node_info(n)[0] - (v0[n] if n < nn0 else 0)
            assert d in (0, 1), (n, d)
            if d:
                old, new = self.cache.get(n, {}), snap(s, n)
                self.cache[n] = new
                seats = {}
                for key, (v, w, a) in new.items():
                    ov, ow, oa = old.get(key, (0, 0.0, 0))
                    assert v - ov in (0, 1) and a - oa in (0, 1), (n, key, old.get(key), new[key])
                    assert a > oa or v == ov, (n, key)  # a move taken was available
                    if a > oa:
                        seats.setdefault(key[0], [[], []])[0].append(key[1])
                    if v > ov:
                        seats.setdefault(key[0], [[], []])[1].append(key[1])
                for st, (avail, taken) in seats.items():
                    assert len(taken) == 1, (n, st, taken)  # one selection, one visit
                path[n] = {st: (sorted(avail), taken[0]) for st, (avail, taken) in seats.items()}
        self.path, self.nn0, self.v0 = path, nn0, v0
        return path

    def rewards(self, old_of):
        """The iteration's reward vector from the root report, and every taken edge checked to
        have gained exactly its seat's component (the sums are 32-bit floats)."""
        s = self.s
        root = s.get_roots()[s.root_seat if self.mo else 0]
        _avail, m = self.path[root][s.root_seat]
        c0, sum0 = self.root_sums.get(m, (0, [0.0] * s.n))
        c1, mean1 = s.root_vector(m)
        assert c1 == c0 + 1
        sum1 = [x * c1 for x in mean1]
        self.root_sums[m] = (c1, sum1)
        r = [b - a for a, b in zip(sum0, sum1)]
        for n, acts in self.path.items():
            for st, (_avail, mv) in acts.items():
                ow = old_of(n).get((st, mv), (0, 0.0, 0))[1]
                nw = self.cache[n][(st, mv)][1]
                assert abs(nw - (ow + r[st])) <= 2 * float(np.spacing(np.float32(max(abs(nw), 1.0)))), \
                    (n, st, mv, ow, nw, r)
        return r


def check_choice(node, st, taken, legal, pre, c, fpu=math.inf, bias=0.0, h=None):
    """``taken`` is the move the documented rule picks among ``legal`` given the edges'
    statistics ``pre`` (move -> (visits, value sum, availability)) before this selection."""
    h = h or {m: 0.0 for m in legal}
    untried = [m for m in legal if pre.get(m, (0,))[0] == 0]
    tried = {m: ucb(v, w, a + 1, c, bias, h[m]) for m, (v, w, a) in pre.items() if m in legal and v > 0}
    best = max(tried.values(), default=-math.inf)
    hmax = max((h[m] for m in untried), default=0.0)
    urgency = fpu + bias * hmax
    if untried and abs(best - urgency) < 1e-9:
        return "close"  # too close to call in floating point
    if untried and not best > urgency:
        assert taken in untried, (node, st, taken, untried, tried)
        if bias and len(legal) > 1:
            assert h[taken] == hmax, (node, st, taken, h)  # untried moves in heuristic order
        return "untried"
    assert taken in tried and tried[taken] >= best - 1e-12, (node, st, taken, tried)
    return "ucb"


def replay(stepper, c, fpu=math.inf, bias=0.0, expand_after=1, mask=None):
    """Run one iteration of a search over fixed worlds and replay its descent on the world it
    searched: each acting seat's available moves are its legal moves there (computed before
    any move of the step), its choice is the rule's, the step's moves lead to the child keyed
    by what each tree's owner observed, and a child is grown exactly where ``expand_after``
    allows.  Returns ``(steps replayed, most seats acting at one step)``."""
    s, view = stepper.s, stepper.view
    k = view.game.kernel
    mo = stepper.mo
    world = s.pool_np[s.iterations % s.pool_k].copy()
    old = {n: dict(stepper.cache.get(n, {})) for n in range(s.node_count())}
    path = stepper.step()
    stepper.rewards(lambda n: old.get(n, {}))
    nn0, v0 = stepper.nn0, stepper.v0
    roots = s.get_roots()
    cur = {t: roots[t] for t in range(len(roots))}
    seats = np.zeros(view.players + 1, np.intc)
    moves = np.zeros(max(k.max_moves, 1), np.intc)
    hv = np.zeros(max(k.max_moves, 1))
    steps = widest = 0
    while True:
        na = k.to_move(world, seats)
        if na == 0 or seats[0] < 0:
            break
        acting = [int(x) for x in seats[:na]]
        widest = max(widest, na)
        chosen = []
        for st in acting:
            node = cur[st if mo else 0]
            nl = k.legal(world, st, moves)
            legal = [int(x) for x in moves[:nl]]
            if mask is not None and st == s.root_seat and node == roots[st if mo else 0]:
                legal = [m for m in legal if m in mask]
                moves[:len(legal)] = legal
            h = None
            if bias:
                k.move_values(world, st, moves, len(legal), hv)
                h = {legal[i]: float(hv[i]) for i in range(len(legal))}
            avail, taken = path[node][st]
            assert avail == sorted(legal), (node, st, avail, legal)  # availability: this world's legal moves
            check_choice(node, st, taken, legal, {m: x for (x0, m), x in old.get(node, {}).items() if x0 == st},
                         c, fpu, bias, h)
            chosen.append(taken)
        for t in cur:  # in MO each tree holds its owner's edges only
            assert all(st == t for st in path[cur[t]]) if mo else set(path[cur[t]]) == set(acting)
        keys = {t: 0 for t in cur}
        for st, m in zip(acting, chosen):
            for t in cur:
                owner = t if mo else s.root_seat
                code = m if st == owner else int(k.observed_move(world, st, m, owner))
                keys[t] = FOLD(keys[t], st, code)
            k.apply(world, st, m)
        steps += 1
        if k.to_move(world, seats) > 0 and seats[0] < 0:
            break  # chance inside the tree: its outcome is the search's own draw
        grown = False
        for t in cur:
            if s.view_keys:  # keys=view: the owner's whole view is part of the key
                seen = world.copy()
                k.observe(seen, t if mo else s.root_seat)
                keys[t] = MIX64(keys[t] ^ VIEW_HASH(seen, s.size))
            child = s.child_of(cur[t], keys[t])
            if child < 0 or child >= nn0:
                grown = True
                # grown exactly under a node of expand_after visits (1: at once)
                assert (child >= 0) == (expand_after <= 1 or v0[cur[t]] >= expand_after), \
                    (t, cur[t], child, v0[cur[t]])
            if child >= 0:
                assert child in path, (t, cur[t], child)
            cur[t] = child
        if grown:
            break
    return steps, widest


def position(game, players, plies, seed=None):
    seed = plies + 1 if seed is None else seed
    st = random_decision(engine.make(game, players=players, seed=seed), seed, plies)
    seat = st.to_move()[0]
    return st, seat, st.observe(seat)


# -- 1, 4: selection on the world of each iteration, simultaneous steps decoupled -------------
# (game, players, plies, options); Guildes' first decision is a 4-seat simultaneous draft of
# hidden picks, City and Guilds' position a 320-placement root (a listed segment)
REPLAY_CASES = [
    ("guildes", 4, 0, {}),
    ("guildes", 4, 12, {"exploration": 0.7, "reward": "score", "expand_after": 3}),
    ("guildes", 5, 3, {"bias": 0.5, "fpu": 0.9}),
    ("walled_city", 3, 8, {"bias": 1.0}),
    ("city_and_guilds", 4, 20, {"reward": "score", "fpu": 0.8}),
    ("between_two_cities", 4, 3, {"bias": 1.0}),
]


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("game,players,plies,opts", REPLAY_CASES)
def test_each_seat_selects_by_ucb_with_availability_over_the_moves_legal_in_the_world(game, players, plies,
                                                                                       opts, tree):
    _st, seat, view = position(game, players, plies)
    s = core.make_search(view, seat, tree=tree, **opts)
    s.fix_worlds(3, core.rng_for(view.game.kernel, 11))
    stepper = Stepper(s, view)
    steps = widest = 0
    for _ in range(ITERS):
        n, w = replay(stepper, opts.get("exploration", 1.4), opts.get("fpu", math.inf), opts.get("bias", 0.0),
                      opts.get("expand_after", 1))
        steps, widest = steps + n, max(widest, w)
    assert steps >= ITERS
    if game == "guildes":
        assert widest == players  # simultaneous steps were replayed
    # the edges of the nodes off each iteration's path never changed
    assert all(stepper.cache.get(n, {}) == snap(s, n) for n in range(s.node_count()))


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("game,players,plies,opts", [
    ("guildes", 4, 0, {}), ("guildes", 6, 3, {"fpu": 1.0, "exploration": 0.7}),
    ("city_and_guilds", 4, 8, {"reward": "score"}), ("walled_city", 3, 20, {}),
])
def test_under_fresh_determinizations_every_node_selects_by_the_same_rule(game, players, plies, opts, tree):
    """A world drawn anew each iteration (the default): the moves made available at a node
    differ between iterations, and the choice is still the rule's over exactly those."""
    _st, seat, view = position(game, players, plies)
    s = core.make_search(view, seat, tree=tree, **opts)
    stepper = Stepper(s, view)
    kinds = {}
    partial = 0
    for _ in range(ITERS):
        old = {n: dict(stepper.cache.get(n, {})) for n in range(s.node_count())}
        path = stepper.step()
        stepper.rewards(lambda n: old.get(n, {}))
        for node, acts in path.items():
            visits = s.node_info(node)[0]
            for st, (avail, taken) in acts.items():
                pre = {m: x for (x0, m), x in old.get(node, {}).items() if x0 == st}
                kind = check_choice(node, st, taken, avail, pre, opts.get("exploration", 1.4),
                                    opts.get("fpu", math.inf))
                kinds[kind] = kinds.get(kind, 0) + 1
                partial += any(stepper.cache[node][(st, m)][2] < visits for m in avail)
    assert kinds.get("ucb", 0) > 0 and kinds.get("untried", 0) > 0
    assert partial > 0  # availability below the node's visits: moves not always legal


def test_searchmoves_restricts_the_root_seat_at_the_root_only():
    """UCI's searchmoves (``Search.set_root_mask``): the root seat's root moves are only those,
    in every iteration; the other seats there, and the root seat below, search every move."""
    for tree in ("so", "mo"):
        _st, seat, view = position("guildes", 4, 0)
        mask = view.legal_moves(seat)[:3]
        s = core.make_search(view, seat, tree=tree)
        s.fix_worlds(2, core.rng_for(view.game.kernel, 5))
        s.set_root_mask(mask)
        stepper = Stepper(s, view)
        for _ in range(ITERS // 2):
            replay(stepper, 1.4, mask=mask)
        root = s.get_roots()[seat if tree == "mo" else 0]
        own = {m: (v, a) for (st, m), (v, _w, a) in snap(s, root).items() if st == seat}
        assert sorted(own) == sorted(mask) and sum(v for v, _a in own.values()) == ITERS // 2
        below = {m for n in range(s.node_count()) if n != root
                 for (st, m) in snap(s, n) if st == seat}
        assert below - set(mask)  # not filtered below the root
        if tree == "so":
            assert any(st != seat and m not in mask for (st, m) in snap(s, root))
    p = make_player("ismcts", seed=3, preset="none")
    state = random_decision(engine.make("guildes", players=4, seed=1), 1, 0)
    allowed = state.legal_moves(0)[-2:]
    assert p.choose(state, 0, Limits(iterations=ITERS, searchmoves=allowed)) in allowed
    assert {m.move for m in p.last_info.moves} <= set(allowed)
    assert sum(m.visits for m in p.last_info.moves) == ITERS


# -- 2: backpropagation, exactly, at the game's last step ------------------------------------
def last_step(game, players, seed):
    """The state one step before the end of a random game (no chance between)."""
    s = engine.make(game, players=players, seed=seed)
    rng = make_rng(seed)
    while True:
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        probe = s.clone()
        for x in tm:
            mv = probe.legal_moves(x)
            probe.apply(x, mv[rng.below(len(mv))])
        ahead = probe.clone()
        while ahead.to_move() == (CHANCE,):
            ahead.apply(CHANCE, ahead.sample_chance(rng))
        if ahead.is_terminal():
            return s
        s = probe


def documented_reward(scores, mode, scale):
    """docs: win share (ties split), rank, score (0.5 + 0.5 tanh(margin over the best other /
    scale)), field (margin over the others' mean); Guildes ranks by score alone."""
    n, top = len(scores), max(scores)
    if mode == "win":
        return [1.0 / scores.count(top) if x == top else 0.0 for x in scores]
    if mode == "rank":
        return [(sum(y < x for y in scores) + (scores.count(x) - 1) / 2) / (n - 1) for x in scores]
    if mode == "score":
        return [0.5 + 0.5 * math.tanh((scores[i] - max(scores[j] for j in range(n) if j != i)) / scale)
                for i in range(n)]
    return [0.5 + 0.5 * math.tanh((scores[i] - sum(scores[j] for j in range(n) if j != i) / (n - 1)) / scale)
            for i in range(n)]


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("mode", ["win", "score", "rank", "field"])
def test_each_seat_is_credited_its_own_reward_of_the_finished_game(mode, tree):
    """Guildes 3p at its last (simultaneous, hidden) play step, searched on the full state: every
    iteration ends the game with the joint move it selected, so each seat's edge gains exactly
    that seat's documented reward; the 12 joint moves include a 3-way and a 2-way tie for
    first, worth 1/3 and 1/2 to each tied seat under ``win``."""
    st = last_step("guildes", 3, 1)
    s = core.make_search(st, 0, tree=tree, reward=mode, determinize=False)
    rng = core.rng_for(st.game.kernel, 3)
    roots = s.get_roots()
    seen = set()
    for _ in range(max(ITERS // 2, 36)):
        before = [snap(s, r) for r in roots]
        s.run(rng, 1, 0.0, 0)
        joint = {}
        for b, r in zip(before, roots):
            for (x, m), (v, w, _a) in snap(s, r).items():
                if v != b.get((x, m), (0,))[0]:
                    assert x not in joint and (not tree == "mo" or r == roots[x])
                    joint[x] = (m, b.get((x, m), (0, 0.0, 0))[1], w)
        assert sorted(joint) == [0, 1, 2]
        end = st.clone()
        for x in st.to_move():
            end.apply(x, joint[x][0])
        assert end.is_terminal()
        want = documented_reward(end.scores(), mode, st.game.score_scale)
        seen.add(tuple(round(x, 6) for x in want))
        for x, (_m, ow, nw) in joint.items():
            assert np.float32(np.float64(ow) + want[x]) == np.float32(nw), (x, ow, nw, want)
    # every root move's reported mean vector is the mean of its iterations' rewards
    for m, v, w in s.seat_edges(roots[0], 0):
        c, mean = s.root_vector(m)
        assert c == v and mean[0] == pytest.approx(w / v)
    if mode == "win":
        assert (round(1 / 3, 6),) * 3 in seen and any(sorted(x) == [0.0, 0.5, 0.5] for x in seen)


# -- 3: the trees branch on what their owner observes ----------------------------------------
def partly_hidden_walled_city():
    """The Walled City 3p at a decision whose moves the other seats see only in part (a
    defense zone without its orientation: 16 moves, 8 codes)."""
    s = engine.make("walled_city", players=3, seed=1)
    rng = make_rng(1)
    k = s.game.kernel
    while True:
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        a = tm[0]
        mv = s.legal_moves(a)
        codes = {int(k.observed_move(s.buf, a, m, (a + 1) % 3)) for m in mv}
        if len(mv) > 2 and 1 < len(codes) < len(mv):
            return s, a
        s.apply(a, mv[rng.below(len(mv))])


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_a_tree_branches_on_its_owners_moves_and_merges_what_it_cannot_see(tree):
    """Guildes' draft: every seat picks at once, face down.  The searching seat's tree (SO), and
    each seat's own tree (MO), has one child per own move tried, visited as often as that
    move's edge: the others' hidden picks do not split it.  In MO a tree holds only its
    owner's edges, and its root is visited every iteration (all trees descend together)."""
    _st, seat, view = position("guildes", 4, 0)
    s = core.make_search(view, seat, tree=tree)
    s.run(core.rng_for(view.game.kernel, 5), ITERS, 0.0, 0)
    owner = tree_of(s)
    for t, root in enumerate(s.get_roots()):
        me = t if tree == "mo" else seat
        assert s.node_info(root)[0] == ITERS
        edges = {m: v for (st, m), (v, _w, _a) in snap(s, root).items() if st == me}
        kids = {s.key_of(c): v for c, v in s.children_of(root)}
        hidden = view.game.kernel.max_moves  # Guildes' code for a pick it does not see
        want = {}
        for m, v in edges.items():
            key = 0
            for st in view.to_move():  # the step: every seat's pick, only its own seen
                key = FOLD(key, st, m if st == me else hidden)
            if v:
                want[key] = v
        assert view.to_move() == (0, 1, 2, 3) and len(want) > 1
        assert kids == want
        if tree == "mo":
            assert all(st == t for n, tt in owner.items() if tt == t for (st, _m) in snap(s, n))


def test_mo_trees_of_the_other_seats_see_a_zone_without_its_orientation():
    """The Walled City: a defense zone is seen by the others as its zone only.  The actor's
    tree has a child per move; each other seat's tree a child per zone code, visited as
    often as the actor's edges of that zone together."""
    st, actor = partly_hidden_walled_city()
    view = st.observe(actor)
    k = st.game.kernel
    s = core.make_search(view, actor, tree="mo")
    s.run(core.rng_for(k, 2), ITERS, 0.0, 0)
    roots = s.get_roots()
    edges = {m: v for (x, m), (v, _w, _a) in snap(s, roots[actor]).items() if x == actor}
    assert {s.key_of(c): v for c, v in s.children_of(roots[actor])} == \
        {FOLD(0, actor, m): v for m, v in edges.items() if v}
    for t in range(3):
        if t == actor:
            continue
        assert snap(s, roots[t]) == {}  # the actor selects in its own tree only
        want = {}
        for m, v in edges.items():
            key = FOLD(0, actor, int(k.observed_move(view.buf, actor, m, t)))
            want[key] = want.get(key, 0) + v
        got = {s.key_of(c): v for c, v in s.children_of(roots[t])}
        assert got == {key: v for key, v in want.items() if v}
        assert 1 < len(got) < len([m for m, v in edges.items() if v])


# -- 5: the final move ------------------------------------------------------------------------
@pytest.mark.parametrize("final,share", [("visits", 0.5), ("value", 0.0), ("value", 0.5), ("secure", 0.5)])
def test_the_move_played_is_the_final_rule_over_the_root_edges(final, share, monkeypatch):
    """The move is chosen from the searching seat's root edges of the tree searched: most
    visits (ties by mean), best mean among moves with ``final_share`` of the top visits, or
    best mean minus 1/sqrt(visits); the report's visits are those edges'."""
    built = []
    real = ismcts_module.build_search
    monkeypatch.setattr(ismcts_module, "build_search", lambda *a: built.append(real(*a)) or built[-1])
    differs = 0
    for seed in (1, 2, 3, 4):
        state = random_decision(engine.make("guildes", players=4, seed=seed), seed, 0)
        p = make_player("ismcts", seed=seed, preset="none", final=final, final_share=share, exploration=0.3,
                        reward="score", reuse=False)
        move = p.choose(state, 0, Limits(iterations=60))
        s = built[-1]
        stats = {m: (v, w / v) for m, v, w in s.seat_edges(s.get_roots()[0], 0) if v}
        assert {m.move: m.visits for m in p.last_info.moves if m.visits} == {m: v for m, (v, _) in stats.items()}
        if final == "visits":
            rule = {m: (v, mean) for m, (v, mean) in stats.items()}
        elif final == "value":
            top = max(v for v, _ in stats.values())
            rule = {m: (mean, v) for m, (v, mean) in stats.items() if v >= max(1, share * top)}
        else:
            rule = {m: (mean - 1 / math.sqrt(v), v) for m, (v, mean) in stats.items()}
        assert rule[move] == max(rule.values())
        differs += move != max(stats, key=lambda m: stats[m])
    if final != "visits":
        assert differs > 0  # the rule reached the pick


# -- 6: the textbook baseline -----------------------------------------------------------------
def test_the_textbook_baseline_is_single_observer_uct_c2_random_rollouts_most_visited(monkeypatch):
    """docs/strength.md, "The tools": one tree for the searching seat whose nodes are its
    information sets (keys=view), UCB with availability counts and c = 2, uniformly random
    rollouts in the kernel, the most visited move, a fresh tree every move, the win share."""
    p = make_player("textbook", seed=4)
    opts = p.options_for("guildes", ITERS, 4)
    defaults = {k: v[0] for k, v in ismcts_module.ISMCTS_SPEC.items()}
    assert {k: v for k, v in opts.items() if v != defaults[k]} == {
        "exploration": 2.0, "keys": "view", "reuse": False, "preset": "none"}
    assert (opts["tree"], opts["rollout"], opts["reward"], opts["final"], opts["bias"], opts["fpu"],
            opts["expand_after"], opts["fixed_worlds"], opts["cutoff"], opts["horizon"], opts["endgame"],
            opts["infer"], opts["workers"]) == ("so", "random", "win", "visits", 0.0, "off", 1, 0, 0, 0, 0, 0.0, 1)
    built = []
    real = ismcts_module.build_search
    monkeypatch.setattr(ismcts_module, "build_search", lambda *a: built.append(real(*a)) or built[-1])
    state = random_decision(engine.make("guildes", players=4, seed=6), 6, 0)
    best = p.choose(state, 1, Limits(iterations=ITERS))
    visits = {m.move: m.visits for m in p.last_info.moves}
    assert visits[best] == max(visits.values())  # the most visited move
    s = built[0]
    assert visits == {m: v for m, v, _w in s.seat_edges(s.get_roots()[0], 1) if v}
    assert (s.mode, s.c, s.view_keys, s.bias, s.fpu, s.expand_after, s.rollout_fn, s.pool_k, s.determinize) == \
        (core.TREE_MODES["so"], 2.0, True, 0.0, math.inf, 1, None, 0, True)
    assert s.reward_mode in (core.REWARD_MODES["win"], core.CALLBACK)
    p.choose(state, 1, Limits(iterations=ITERS))
    assert len(built) == 2 and built[0] is not built[1]  # a fresh tree every move
    # its nodes are the searching seat's information sets: each child keyed by the step as the
    # seat observed it and by the seat's whole view after it
    _st, seat, view = position("guildes", 4, 0)
    s = real(view, seat, TextbookPlayer(seed=1).options_for("guildes", ITERS, 4))
    s.fix_worlds(3, core.rng_for(view.game.kernel, 11))
    stepper = Stepper(s, view)
    for _ in range(ITERS // 2):
        replay(stepper, 2.0)


# -- the audit's one bug: availabilities of untried moves wrapped at 2**16 with an urgency --------
@pytest.mark.skipif(not COMPILED, reason="the 16-bit counts are the compiled layout's (interpreted: Python ints)")
def test_an_untried_moves_availability_keeps_counting_past_65535_selections():
    """City and Guilds: a rival's placements differ between worlds (a counted segment).  With
    ``fpu=0`` every selection there takes a tried edge, so untried moves legal in every world
    are counted once a selection, indefinitely; their availability must not fall back (it
    wrapped at 65,536 in the compiled loop's 16-bit list words until session 48, whose
    ``_unlist`` makes such a segment exact at 65,000 node visits)."""
    st, seat, view = position("city_and_guilds", 4, 60, seed=2)
    s = core.make_search(view, seat, tree="so", fpu=0.0, reward="score")
    s.set_root_mask([view.legal_moves(seat)[0]])  # every iteration through one child
    rng = core.rng_for(view.game.kernel, 1)
    s.run(rng, 65000, 0.0, 0)
    high = {(n, x, m): a for n in range(1, min(s.node_count(), 8)) for (x, m), (v, _w, a) in snap(s, n).items()
            if v == 0 and a >= 64000}
    assert high  # the precondition: untried moves counted in nearly every selection
    s.run(rng, 1000, 0.0, 0)
    now = {key: snap(s, key[0])[key[1:]][2] for key in high}
    assert all(now[key] >= a for key, a in high.items()), sorted(now.values())[:5]
