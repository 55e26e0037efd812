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
import search.reuse as reuse_module
from cython_ext import select
from engine.core import CHANCE, make_rng
from guildhall.arena import play_game
from guildhall.session import Session
from search.api import Limits, make_player
from tests.search.helpers import COMPILED

INTERP = select.twins("ismcts")[1]
FOLD = INTERP.fold
MIX64 = select.twins("tree_hash")[1].mix64
MAXSEATS = select.twins("tree_nodes")[1].MAXSEATS
TABLES = [("city_and_guilds", 4, {}), ("walled_city", 2, {}), ("walled_city", 3, {}), ("guildes", 4, {}),
          ("between_two_cities", 3, {}),
          # no default sets reveal: the choices turned up at the step's end re-key the trees
          ("between_two_cities", 3, {"reveal": True, "tree": "mo"}), ("guildes", 4, {"tree": "so"}),
          # MO keyed by views: the seat's own tree by its own views too, the others' afresh
          ("walled_city", 3, {"tree": "mo", "keys": "view"}), ("guildes", 4, {"tree": "mo", "keys": "view"})]
ITERS = 60 if COMPILED else 25
REAL_LEARNED = reuse_module.learned_more
SLOW = ("guildes", "between_two_cities")  # interpreted, their games take 10-30 s a test


@pytest.fixture
def keys_only(monkeypatch):
    """Reuse wherever the keys can be followed: the policy that ends it on a line that may have
    told the seat more than its keys (``learned_more``, tested apart) switched off, so that the
    keying itself is checked on every line."""
    monkeypatch.setattr(reuse_module, "learned_more", lambda *a: False)


def loop_roots(s, steps):
    """Each tree's node after ``steps`` (``[seats, [(seat, move, before)], after, the state at
    the decision point it led to]``, true states) as the interpreted loop keys them, from the
    roots of ``s`` (-1: no such node)."""
    T = s.ntrees
    cur = list(s.get_roots())
    for seats, acts, after, decision in steps:
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
        if s.view_keys:  # then the hash of what each owner sees at the decision point
            s.world[:] = decision.buf
            evk = [MIX64(evk[t] ^ s._owner_view_hash(t)) for t in range(T)]
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
        # id(search) -> (index in steps of the step its root is in, that step's seats outside it)
        self.searched_at = {}
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
                if self.steps and self.steps[-1][3] is None:
                    self.steps[-1][3] = st.clone()  # the decision point the last step led to
            p = self.players[seat]
            move = p.choose(st, seat, limits)
            if p._search is not None:
                # the seats that chose at the tree's root (the loop's own root step): the open
                # step's seats that moved before and are not among them are outside the tree
                s = p._search
                roots = s.get_roots()
                at_root = {x for x in self.open[0] if s.seat_edges(roots[x] if s.ntrees > 1 else roots[0], x)}
                # blind: the player's log knew nothing of the choices its root step cleared
                self.searched_at[id(s)] = (len(self.steps), {a[0] for a in self.open[1]} - at_root, p._log.blind)
        before = st.clone()
        for p in self.players:
            p.observe_move(before, seat, move)
        st.apply(seat, move)
        if seat != CHANCE:
            self.open[1].append((seat, move, before))
            if len(self.open[1]) == len(self.open[0]):
                order = {s: i for i, s in enumerate(self.open[0])}
                acts = sorted(self.open[1], key=lambda a: order[a[0]])
                self.steps.append([self.open[0], acts, st.clone(), None])
                self.open = None


def saw_every_move(steps, seat, kernel, reveal):
    for _seats, acts, after, _decision in steps:
        for actor, move, before in acts:
            code = move if actor == seat else int(kernel.observed_move(before.buf, actor, move, seat))
            if code != move and reveal:
                shown = int(kernel.revealed_move(after.buf, actor, move, seat))
                code = shown if shown >= 0 else code
            if code != move:
                return False
    return True


@pytest.mark.parametrize("game,players,options", TABLES)
def test_the_reused_roots_are_the_nodes_the_loop_reaches_on_the_line_played(game, players, options, monkeypatch,
                                                                            keys_only):
    """Every reuse in a game whose players are told every move: the roots kept are the nodes the
    loop's own keys lead to along the steps played, from where the last search's tree was
    rooted (a seat inside a simultaneous step: Guildes' worlds clear the choices made before
    it, so its tree is rooted at the step's start, as the loop's root step shows)."""
    if not COMPILED and game in SLOW:
        pytest.skip("this test searches with the interpreted loop in both runs: the slow tables once")
    checked = {"root": 0, "others": 0, "fresh_others": 0, "no_line": 0, "revealed": 0, "mid_step": 0}
    table = Table(game, players, seed=7, impl="python", options=options)
    real = ismcts_module.new_roots
    k = table.state.game.kernel
    clears = hasattr(k, "determinize_keep")

    def spy(s, seat, log, view):
        got = real(s, seat, log, view)
        start = table.searched_at.get(id(s))
        made = table.open[1] if table.open is not None else []
        # inside a step: the tree is rooted at the step's start if the worlds clear the choices
        # made before the seat's and it saw none of them; else nothing is kept
        unseen = all(int(k.observed_move(b.buf, x, m, seat)) != m for x, m, b in made)
        if start is None or start[2] or (made and not (clears and unseen)):
            assert got is None
            checked["no_line"] += 1
            return got
        checked["mid_step"] += bool(made)
        if table.steps and table.steps[-1][3] is None:
            table.steps[-1][3] = table.state.clone()  # this search's decision point
        steps = table.steps[start[0]:]
        if start[1] and steps:  # the old root was inside a step: its tree folds the rest of it
            seats, acts, after, decision = steps[0]
            steps = [[[x for x in seats if x not in start[1]], [a for a in acts if a[0] not in start[1]], after,
                      decision], *steps[1:]]
        want = loop_roots(s, steps)
        t0 = seat if s.ntrees > 1 else 0
        if want[t0] < 0:
            assert got is None
            return got
        assert got is not None and got[t0] == want[t0], (game, seat, len(steps))
        checked["root"] += 1
        saw = saw_every_move(steps, seat, k, s.reveal)
        checked["revealed"] += saw and not saw_every_move(steps, seat, k, False)
        for t in range(s.ntrees):
            if t != t0:
                assert got[t] == (want[t] if saw and not s.view_keys else -1), (game, seat, t, saw)
                checked["others" if saw and not s.view_keys else "fresh_others"] += 1
        return got

    monkeypatch.setattr(ismcts_module, "new_roots", spy)
    for _ in range(600):
        if table.state.is_terminal() or checked["root"] >= (30 if options.get("reveal") else 12):
            break
        table.play(Limits(iterations=ITERS))
    assert checked["root"] >= 6, checked
    if game == "city_and_guilds":  # every move public after the setup: every tree followed
        assert checked["others"] >= 3 * 6, checked
    if options.get("reveal"):  # lines through choices hidden when made, seen at the step's end
        assert checked["revealed"] >= 1, checked
    if game == "guildes":  # seats deciding after others' face-down choices kept their trees
        assert checked["mid_step"] >= 3, checked


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
def test_what_the_player_keeps_does_not_depend_on_a_move_it_did_not_see(game, players, keys_only):
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
                steps = reuse_module.steps_of(p._log, t.observe(0))
                told = steps is not None and REAL_LEARNED(p._log, steps, None, t.observe(0), False)
                best = p.choose(t, 0, Limits(iterations=4 * ITERS))
                results.append((roots, told, best, [(m.move, m.visits, m.value) for m in p.last_info.moves]))
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


def test_a_simultaneous_step_told_in_any_order_leads_to_the_same_roots(keys_only):
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


def guildes_mid_step(seed, seat0_pick=0):
    """A Guildes 4p game of first legal moves, seat 2 played by an ISMCTS player told every
    move, up to a decision of seat 2 after seats 0 and 1 chose face down at a simultaneous step
    (seat 0 its ``seat0_pick``-th legal move there) while the player's last tree can be
    followed (its log not blind): ``(player, the state, the state at the step's start)``."""
    st = engine.make("guildes", players=4, seed=seed)
    rng = make_rng(seed)
    p = make_player("ismcts", seed=2)
    while True:
        tm = st.to_move()
        if tm == (0, 1, 2, 3) and p._search is not None and not p._log.blind \
                and len(st.legal_moves(2)) > 1 and len(st.legal_moves(0)) > 1:
            start = st.clone()
            for x in (0, 1):
                m = st.legal_moves(x)[seat0_pick if x == 0 else 0]
                p.observe_move(st, x, m)
                st.apply(x, m)
            return p, st, start
        seat = tm[0]
        if seat == 2 and len(st.legal_moves(2)) > 1:
            m = p.choose(st, 2, Limits(iterations=ITERS))
        else:
            m = st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0]
        p.observe_move(st, seat, m)
        st.apply(seat, m)


def test_a_seat_inside_a_guildes_step_keeps_the_node_of_the_steps_start(keys_only):
    """Guildes' worlds clear the choices seats 0 and 1 made before seat 2's (they choose again
    in the tree: the root step is the whole step), so seat 2's tree, rooted at the step's start,
    is the old tree's node there; its move is legal where it stands.  Between Two Cities' worlds
    keep such choices: a seat deciding inside a step there starts afresh."""
    p, st, start = guildes_mid_step(5)
    old = p._search
    best = p.choose(st, 2, Limits(iterations=4 * ITERS))
    assert best in st.legal_moves(2)
    assert p._search is old  # kept
    assert np.array_equal(p._log.root.buf, start.observe(2).buf)  # rooted at the step's start
    roots = old.get_roots()
    assert old.seat_edges(roots[0], 0)  # seat 0 chose at the root (its own tree if MO)
    # Between Two Cities: to a seat deciding after another's hidden choice, no node
    st = engine.make("between_two_cities", players=4, seed=3)
    rng = make_rng(3)
    q = make_player("ismcts", seed=2)
    inside = kept = 0
    while not st.is_terminal() and inside < 3:
        tm = st.to_move()
        seat = tm[0]
        if seat == 1 and len(st.legal_moves(1)) > 1:
            before = q._search
            m = q.choose(st, 1, Limits(iterations=ITERS))
            if 0 in st.observe(1).to_move() or len(tm) == 1:
                pass
            elif before is not None:
                inside += 1
                kept += q._search is before
        else:
            m = st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0]
        q.observe_move(st, seat, m)
        st.apply(seat, m)
    assert inside >= 1 and kept == 0


def test_a_step_start_needs_every_choice_of_the_step_unseen(monkeypatch, keys_only):
    """A step's choice the seat saw would be forgotten at the step's start: no step start then
    (a kernel made to show every move to every seat), and so no tree kept inside the step."""
    import search.reuse as reuse_module

    p, st, start = guildes_mid_step(5)
    assert reuse_module.open_step(p._log, st.observe(2)) is not None
    assert reuse_module.new_roots(p._search, 2, p._log, st.observe(2)) is not None

    class Open:
        def __init__(self, k):
            self.k = k
            self.determinize_keep = k.determinize_keep

        def observed_move(self, buf, actor, move, observer):
            return move

    monkeypatch.setattr(reuse_module, "kernel_of", lambda state: Open(state.game.kernel))
    assert reuse_module.open_step(p._log, st.observe(2)) is None
    assert reuse_module.new_roots(p._search, 2, p._log, st.observe(2)) is None


def test_a_seat_inside_a_step_keeps_nothing_of_the_choices_it_did_not_see(keys_only):
    """Two games that differ only in seat 0's face-down choice before seat 2's: seat 2 keeps the
    same nodes, searches the same tree and plays the same move with the same statistics."""
    got = []
    for pick in (0, 1):
        p, st, start = guildes_mid_step(5, seat0_pick=pick)
        roots = ismcts_module.new_roots(p._search, 2, p._log, st.observe(2))
        best = p.choose(st, 2, Limits(iterations=4 * ITERS))
        got.append((roots, st.observe(2).buf.tolist(), best,
                    [(m.move, m.visits, m.value) for m in p.last_info.moves]))
    assert got[0][0] is not None and got[0][0][2] >= 0  # seat 2's own tree (MO) kept
    assert got[0] == got[1]


def test_a_first_search_inside_a_step_leaves_no_line_to_follow(keys_only):
    """A seat first searched inside a Guildes step (nothing told before): its tree folded the
    codes of the choices cleared at its root, which no log holds -- the log is blind and the
    next decision starts afresh; the one after follows again."""
    st = engine.make("guildes", players=4, seed=6)
    rng = make_rng(6)
    while not (st.to_move() == (0, 1, 2, 3) and len(st.legal_moves(2)) > 1):
        seat = st.to_move()[0]
        st.apply(seat, st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0])
    for x in (0, 1):
        st.apply(x, st.legal_moves(x)[0])
    p = make_player("ismcts", seed=1)
    m = p.choose(st, 2, Limits(iterations=ITERS))
    assert p._log.blind
    p.observe_move(st, 2, m)
    st.apply(2, m)
    kept = []
    while not st.is_terminal() and len(kept) < 3:
        seat = st.to_move()[0]
        if seat == 2 and len(st.legal_moves(2)) > 1 and p._search is not None:
            old = p._search
            m = p.choose(st, 2, Limits(iterations=ITERS))
            kept.append((p._search is old, p._log.blind))
        else:
            m = st.sample_chance(rng) if seat == CHANCE else st.legal_moves(seat)[0]
        p.observe_move(st, seat, m)
        st.apply(seat, m)
    assert kept[0] == (False, False)  # afresh, then the log knows the step's start
    assert any(k for k, _ in kept[1:])


@pytest.mark.parametrize("level,kept", [(20, True), (10, False)])
def test_a_skill_level_below_full_strength_keeps_no_tree(level, kept):
    """A Skill level below 20 plays as its Elo was measured, a fresh tree at each decision (it
    is not told the moves); level 20 is the player itself, which keeps its tree."""
    from search.skill import with_skill

    g = engine.make("walled_city", players=2, seed=1).game
    inner = make_player("ismcts", seed=4)
    seen = []
    real = inner.search

    def search(view, seat, limits, on_info, stop):
        old = inner._search
        info = real(view, seat, limits, on_info, stop)
        seen.append(old is not None and inner._search is old)
        return info

    inner.search = search
    play_game(g, [with_skill(inner, level), make_player("random", seed=1)], Limits(iterations=ITERS), seed=2)
    assert len(seen) > 10 and any(seen) == kept


@pytest.mark.parametrize("game,players", [("city_and_guilds", 4), ("walled_city", 2), ("guildes", 4),
                                          ("between_two_cities", 3)])
def test_a_line_that_may_have_told_the_seat_more_than_its_keys_starts_afresh(game, players, monkeypatch):
    """The keys hold no chance outcome and no choice the seat did not see (it may see it later):
    a line with a chance outcome the seat saw, or another seat's hidden choice, starts a fresh
    tree; any other line keeps the node the keys lead to."""
    if not COMPILED and game in SLOW:
        pytest.skip("the reuse policy is the same Python in both runs: the slow tables once")
    table = Table(game, players, seed=11, impl="auto", options={})
    k = table.state.game.kernel
    real = ismcts_module.new_roots
    events = []  # (state before, actor, move) of every move and outcome played
    at = {}  # id(search) -> index in events where its root is
    counts = {"told": 0, "kept": 0}

    def spy(s, seat, log, view):
        got = real(s, seat, log, view)
        if id(s) not in at or (table.open is not None and table.open[1]):
            return got
        line = events[at[id(s)]:]
        told = any((a == CHANCE and int(k.observed_move(b.buf, a, m, seat)) == m)
                   or (a not in (CHANCE, seat) and int(k.observed_move(b.buf, a, m, seat)) != m)
                   for b, a, m in line)
        if told:
            assert got is None, (game, seat)
            counts["told"] += 1
        else:
            monkeypatch.setattr(reuse_module, "learned_more", lambda *a: False)
            assert got == real(s, seat, log, view)
            monkeypatch.setattr(reuse_module, "learned_more", REAL_LEARNED)
            counts["kept"] += got is not None
        return got

    monkeypatch.setattr(ismcts_module, "new_roots", spy)
    real_observe = [p.observe_move for p in table.players]
    for i, p in enumerate(table.players):
        def observe(state, seat, move, i=i):
            if i == 0:
                events.append((state.clone(), seat, move))
            real_observe[i](state, seat, move)
        p.observe_move = observe
    real_choose = [p.choose for p in table.players]
    for i, p in enumerate(table.players):
        def choose(state, seat, limits, i=i, p=p):
            move = real_choose[i](state, seat, limits)
            if p._search is not None:
                at[id(p._search)] = len(events)
            return move
        p.choose = choose
    for _ in range(300):
        if table.state.is_terminal() or (counts["told"] + counts["kept"] >= 8 and counts["kept"] >= 6 * (
                game == "walled_city") and counts["told"] >= 6 * (game == "guildes")):
            break
        table.play(Limits(iterations=ITERS))
    assert counts["told"] + counts["kept"] >= 6, counts
    if game == "guildes":  # face-down plays every step: every line may have told more
        assert counts["told"] >= 6 and counts["kept"] == 0, counts
    if game == "walled_city":
        assert counts["kept"] >= 6, counts
