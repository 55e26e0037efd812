"""Tree reuse in trees keyed by moves (search/reuse.py): a player told every move between its
searches (``Player.observe_move``) keeps the subtree of the line played.

The oracle is the search loop itself: for the steps actually played (the true moves, recorded
by the test's own game loop), each tree's key is computed by the interpreted ``Search``'s own
``_code`` and ``_reveal_keys`` on the true states, exactly as ``iterate`` computes it for a world
that plays those moves.  The reused roots must be those nodes -- for the searching seat's tree
always, for another seat's tree (MO) wherever the searching seat saw every move of the line,
else a fresh root -- and what the player keeps must not depend on what it did not see.
"""
import threading

import numpy as np
import pytest

import engine
import search.ismcts as ismcts_module
from cython_ext import select
from engine.core import CHANCE, make_rng
from guildhall.arena import play_game
from guildhall.session import Session
from search.api import Limits, make_player
from tests.search.helpers import COMPILED

INTERP = select.twins("ismcts")[1]
FOLD = INTERP.fold
MAXSEATS = select.twins("tree_nodes")[1].MAXSEATS
TABLES = [("city_and_guilds", 4, {}), ("walled_city", 2, {}), ("walled_city", 3, {}), ("guildes", 4, {}),
          ("between_two_cities", 3, {}),
          # no default sets reveal: the choices turned up at the step's end re-key the trees
          ("between_two_cities", 3, {"reveal": True, "tree": "mo"})]
ITERS = 60 if COMPILED else 25


def loop_roots(s, steps):
    """Each tree's node after ``steps`` (``(seats, [(seat, move, before)], after)``, true states)
    as the interpreted loop keys them, from the roots of ``s`` (-1: no such node)."""
    T = s.ntrees
    cur = list(s.get_roots())
    for seats, acts, after in steps:
        evk = [0] * T
        hidden = False
        for j, (seat, move, before) in enumerate(acts):
            s.acting[j], s.chosen[j] = seat, move
            s.world[:] = before.buf
            for t in range(T):
                code = s._code(t, seat, move)
                s.codes[t * MAXSEATS + j] = code
                hidden = hidden or code != move
                evk[t] = FOLD(evk[t], seat, code)
        if hidden and s.reveal:
            s.world[:] = after.buf
            s._reveal_keys(T, len(acts))
            evk = [s.evk[t] for t in range(T)]
        cur = [s.child_of(c, evk[t]) if c >= 0 else -1 for t, c in enumerate(cur)]
    return cur


class Table:
    """A game played as the arena plays it (each seat's move asked in ``to_move`` order, every
    player told every move), recording the true steps for the oracle."""

    def __init__(self, game, players, seed, impl, options):
        self.state = engine.make(game, players=players, seed=seed)
        self.players = [make_player("ismcts", seed=seed * 10 + i, impl=impl, **options) for i in range(players)]
        self.steps = []  # (seats, acts, after)
        self.open = None
        self.searched_at = {}  # seat -> index in steps of its last search's step start
        self.rng = make_rng(seed)

    def play(self, limits):
        st = self.state
        tm = st.to_move()
        seat = tm[0]
        if seat == CHANCE:
            move = st.sample_chance(self.rng)
        else:
            if self.open is None:
                self.open = (list(tm), [])
            move = self.players[seat].choose(st, seat, limits)
        before = st.clone()
        for p in self.players:
            p.observe_move(before, seat, move)
        st.apply(seat, move)
        if seat != CHANCE:
            self.open[1].append((seat, move, before))
            if len(self.open[1]) == len(self.open[0]):
                order = {s: i for i, s in enumerate(self.open[0])}
                acts = sorted(self.open[1], key=lambda a: order[a[0]])
                self.steps.append((self.open[0], acts, st.clone()))
                self.open = None


def saw_every_move(steps, seat, kernel, reveal):
    for _seats, acts, after in steps:
        for actor, move, before in acts:
            code = move if actor == seat else int(kernel.observed_move(before.buf, actor, move, seat))
            if code != move and reveal:
                shown = int(kernel.revealed_move(after.buf, actor, move, seat))
                code = shown if shown >= 0 else code
            if code != move:
                return False
    return True


@pytest.mark.parametrize("game,players,options", TABLES)
def test_the_reused_roots_are_the_nodes_the_loop_reaches_on_the_line_played(game, players, options, monkeypatch):
    checked = {"root": 0, "others": 0, "fresh_others": 0, "no_line": 0, "revealed": 0}
    table = Table(game, players, seed=7, impl="python", options=options)
    real = ismcts_module.new_roots
    starts = {}  # id(search) -> where its root is in the steps played

    def spy(s, seat, log, view):
        got = real(s, seat, log, view)
        start = starts.get(id(s))
        mid_step = table.open is not None and table.open[1]
        if start is None or mid_step:
            assert got is None
            checked["no_line"] += 1
            return got
        steps = table.steps[start[0]:]
        if start[1] and steps:  # the old root was inside a step: its tree folds the rest of it
            seats, acts, after = steps[0]
            steps = [([x for x in seats if x not in start[1]], [a for a in acts if a[0] not in start[1]], after),
                     *steps[1:]]
        want = loop_roots(s, steps)
        t0 = seat if s.ntrees > 1 else 0
        if want[t0] < 0:
            assert got is None
            return got
        assert got is not None and got[t0] == want[t0], (game, seat, len(steps))
        checked["root"] += 1
        saw = saw_every_move(steps, seat, view.game.kernel, s.reveal)
        checked["revealed"] += saw and not saw_every_move(steps, seat, view.game.kernel, False)
        for t in range(s.ntrees):
            if t != t0:
                assert got[t] == (want[t] if saw else -1), (game, seat, t, saw)
                checked["others" if saw else "fresh_others"] += 1
        return got

    monkeypatch.setattr(ismcts_module, "new_roots", spy)
    real_tree_for = ismcts_module.IsmctsPlayer._tree_for

    def tree_for(self, view, seat, reusable=True):
        s = real_tree_for(self, view, seat, reusable)
        # the step the root starts, and the seats that already moved in it
        starts[id(s)] = (len(table.steps), {a[0] for a in table.open[1]} if table.open else set())
        return s

    monkeypatch.setattr(ismcts_module.IsmctsPlayer, "_tree_for", tree_for)
    for _ in range(400):
        if table.state.is_terminal() or checked["root"] >= (30 if options.get("reveal") else 12):
            break
        table.play(Limits(iterations=ITERS))
    assert checked["root"] >= 6, checked
    if game == "city_and_guilds":  # every move public after the setup: every tree followed
        assert checked["others"] >= 3 * 6, checked
    if options.get("reveal"):  # lines through choices hidden when made, seen at the step's end
        assert checked["revealed"] >= 1, checked


def play_to_seat0(t, told, seed):
    """First legal moves (chance from a fixed seed) until seat 0 decides or the game ends."""
    while not t.is_terminal() and t.to_move()[0] != 0:
        seat = t.to_move()[0]
        mv = t.sample_chance(make_rng(seed)) if seat == CHANCE else t.legal_moves(seat)[0]
        told.append((t.clone(), seat, mv))
        t.apply(seat, mv)


def hidden_branches(game, players, seed, k):
    """Seat 0's decisions along a game of first legal moves where, before its next decision,
    another seat makes a choice seat 0 does not see between two moves that leave seat 0's next
    view the same: ``(root, seat 0's move... )`` as ``(root, first move index, branch seat,
    the two lines told)`` -- seat 0's first move is filled in by the caller's search."""
    st = engine.make(game, players=players, seed=seed)
    while not st.is_terminal():
        seat = st.to_move()[0]
        if seat == 0 and len(st.legal_moves(0)) > 1:
            yield st.clone()
        mv = st.sample_chance(make_rng(seed)) if seat == CHANCE else st.legal_moves(seat)[0]
        st.apply(seat, mv)


def two_lines(root, mine, k, seed):
    """From ``root`` after seat 0 plays ``mine``: the first hidden choice of another seat with
    two alternatives before seat 0's next decision, and the two lines told (None if there is
    none, or seat 0 would see them apart)."""
    s = root.clone()
    prefix = [(root.clone(), 0, mine)]
    s.apply(0, mine)
    while not s.is_terminal() and s.to_move()[0] != 0:
        seat = s.to_move()[0]
        if seat != CHANCE:
            hidden = [m for m in s.legal_moves(seat) if int(k.observed_move(s.buf, seat, m, 0)) != m]
            if len(hidden) >= 2:
                lines = []
                for m in hidden[:2]:
                    t = s.clone()
                    told = prefix + [(s.clone(), seat, m)]
                    t.apply(seat, m)
                    play_to_seat0(t, told, seed + 1)
                    lines.append((t, told))
                (t1, _), (t2, _) = lines
                if t1.is_terminal() or t2.is_terminal() or len(t1.legal_moves(0)) < 2 \
                        or not np.array_equal(t1.observe(0).buf, t2.observe(0).buf):
                    return None
                return seat, lines
        mv = s.sample_chance(make_rng(seed)) if seat == CHANCE else s.legal_moves(seat)[0]
        prefix.append((s.clone(), seat, mv))
        s.apply(seat, mv)
    return None


@pytest.mark.parametrize("game,players", [("city_and_guilds", 4), ("walled_city", 2)])
def test_what_the_player_keeps_does_not_depend_on_a_move_it_did_not_see(game, players):
    """Two lines that differ in one hidden choice of another seat, seen alike by seat 0 up to its
    next decision: told either, the player searches the same tree (same move, same statistics,
    same roots reused) -- it keeps nothing of what its seat did not see, and the chooser's own
    tree (MO) starts afresh."""
    k = engine.make(game, players=players, seed=1).game.kernel
    found = 0
    for seed in range(6):
        for root in hidden_branches(game, players, seed, k):
            mine = root.legal_moves(0)[0]  # told as seat 0's move, whatever the search chose
            got = two_lines(root, mine, k, seed)
            if got is None:
                continue
            chooser, lines = got
            results = []
            for t, told in lines:
                p = make_player("ismcts", seed=5)
                p.choose(root, 0, Limits(iterations=4 * ITERS))
                for before, seat, m in told:
                    p.observe_move(before, seat, m)
                roots = ismcts_module.new_roots(p._search, 0, p._log, t.observe(0))
                best = p.choose(t, 0, Limits(iterations=4 * ITERS))
                results.append((roots, best, [(m.move, m.visits, m.value) for m in p.last_info.moves]))
            assert results[0] == results[1]
            roots = results[0][0]
            if roots is None:  # the line left the old tree: nothing kept either way
                continue
            assert roots[0] >= 0
            if len(roots) > 1:
                assert roots[chooser] == -1
            found += 1
            break
        if found >= 2:
            break
    assert found >= 1


@pytest.mark.parametrize("game,players", [("city_and_guilds", 4), ("walled_city", 2)])
def test_a_told_player_reuses_and_plays_as_in_the_other_mode(game, players):
    """The arena tells every player every move: the defaults keep their trees (the reused root
    carries visits from before its search), and the compiled and interpreted loops play the
    same game, tree reuse included."""
    if not COMPILED:
        pytest.skip("the compiled loop is not built or not in use")
    g = engine.make(game, players=players, seed=1).game
    games = []
    for impl in ("compiled", "python"):
        ps = [make_player("ismcts", seed=40 + i, impl=impl) for i in range(players)]
        kept = []
        real = ps[0].search

        def search(view, seat, limits, on_info, stop, real=real, p=ps[0]):
            old = p._search
            info = real(view, seat, limits, on_info, stop)
            kept.append(p._search is old and old is not None)
            return info

        ps[0].search = search
        rec = play_game(g, ps, Limits(iterations=30), seed=3)
        games.append(([(x.seat, x.move) for x in rec.plies], rec.scores))
        assert sum(kept) >= 3, kept
    assert games[0] == games[1]


def test_untold_or_misled_players_start_afresh():
    """A player told nothing, told a move of another game, or told a line that does not lead
    to its position searches a fresh tree (as before reuse by moves)."""
    st = engine.make("city_and_guilds", players=4, seed=2)
    while st.to_move() != (0,) or len(st.legal_moves(0)) < 2:  # past the setup's joint discard
        st.apply(st.to_move()[0], st.sample_chance(make_rng(1)) if st.to_move()[0] == CHANCE
                 else st.legal_moves(st.to_move()[0])[0])
    p = make_player("ismcts", seed=1)
    first = p.choose(st, 0, Limits(iterations=8 * ITERS))
    tree = p._search
    line = []
    t = st.clone()
    t.apply(0, first)
    line.append((st.clone(), 0, first))
    while t.to_move()[0] != 0:  # (in City and Guilds seat 0 makes several decisions a turn)
        seat = t.to_move()[0]
        m = t.sample_chance(make_rng(2)) if seat == CHANCE else t.legal_moves(seat)[0]
        line.append((t.clone(), seat, m))
        t.apply(seat, m)
    # untold: fresh
    q = make_player("ismcts", seed=1)
    q.choose(st, 0, Limits(iterations=8 * ITERS))
    assert ismcts_module.new_roots(q._search, 0, q._log, t.observe(0)) is None
    # a gap (the move from the root missing): fresh
    for before, seat, m in line[1:]:
        p.observe_move(before, seat, m)
    assert ismcts_module.new_roots(tree, 0, p._log, t.observe(0)) is None
    # the whole line sent again from the root (as a frontend resending its game): kept
    for before, seat, m in line:
        p.observe_move(before, seat, m)
    roots = ismcts_module.new_roots(tree, 0, p._log, t.observe(0))
    assert roots is not None and roots[0] >= 0
    p.choose(t, 0, Limits(iterations=ITERS))
    assert p._search is tree
    # the same line told, but the position searched is another: fresh
    p2 = make_player("ismcts", seed=1)
    p2.choose(st, 0, Limits(iterations=8 * ITERS))
    for before, seat, m in line:
        p2.observe_move(before, seat, m)
    other = engine.make("city_and_guilds", players=4, seed=3)
    assert ismcts_module.new_roots(p2._search, 0, p2._log, other.observe(0)) is None


def test_the_protocol_engine_keeps_its_tree_across_a_resent_game():
    """A frontend sending the whole game again before each ``go`` (``position startpos moves
    ...``, as UCI frontends do) lets the engine keep its tree: the second search's root carries
    the first's visits."""
    out = []
    sess = Session(out.append)

    def run(line):
        out.clear()
        sess.handle(line)
        if sess.job is not None:
            sess.job.thread.join(60)
        assert not [x for x in out if x.startswith("error")], (line, out)
        return list(out)

    st = engine.make("city_and_guilds", players=4, seed=3)
    items = []

    def play_to_seat0():
        while st.to_move() != (0,) or len(st.legal_moves(0)) < 2:
            seat = st.to_move()[0]
            m = st.sample_chance(make_rng(len(items))) if seat == CHANCE else st.legal_moves(seat)[0]
            items.append(("chance " if seat == CHANCE else f"seat {seat} ") + st.move_to_string(seat, m))
            st.apply(seat, m)

    play_to_seat0()
    run("newgame city_and_guilds players 4 seed 3")
    run("position startpos seed 3 moves " + "; ".join(items))
    best = [x for x in run(f"go iterations {ITERS}") if x.startswith("bestmove")][0][len("bestmove "):]
    player = sess._player
    tree = player._search
    assert tree.node_info(tree.get_roots()[0])[0] == ITERS
    items.append(f"seat 0 {best}")
    st.apply(0, st.parse_move(0, best))
    play_to_seat0()
    run("position startpos seed 3 moves " + "; ".join(items))
    run(f"go iterations {ITERS}")
    assert sess._player is player and player._search is tree
    assert tree.node_info(tree.get_roots()[0])[0] > ITERS  # the first search's visits kept


def test_a_simultaneous_step_told_in_any_order_leads_to_the_same_roots():
    """At a simultaneous step a frontend may send the seats' choices in any order (``play seat
    N``): the line is replayed from the step's start in the order its seats were to move, as
    the loop folds them, so the kept roots are the same."""
    st = engine.make("guildes", players=4, seed=4)
    rng = make_rng(4)
    while not (st.to_move() == (0, 1, 2, 3) and len(st.legal_moves(0)) > 1):
        seat = st.to_move()[0]
        st.apply(seat, st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0])
    found = []
    for order in ((0, 1, 2, 3), (0, 3, 1, 2)):
        p = make_player("ismcts", seed=3)
        mine = p.choose(st, 0, Limits(iterations=8 * ITERS))
        t = st.clone()
        picks = {0: mine, **{x: t.legal_moves(x)[-1] for x in (1, 2, 3)}}
        for x in order:
            p.observe_move(t, x, picks[x])
            t.apply(x, picks[x])
        while not t.is_terminal() and t.to_move()[0] != 0:
            x = t.to_move()[0]
            m = t.sample_chance(make_rng(9)) if x == CHANCE else t.legal_moves(x)[0]
            p.observe_move(t, x, m)
            t.apply(x, m)
        found.append((ismcts_module.new_roots(p._search, 0, p._log, t.observe(0)), t.observe(0).buf.tolist()))
    assert found[0][1] == found[1][1]  # the same position either way
    assert found[0][0] is not None and found[0][0] == found[1][0]
