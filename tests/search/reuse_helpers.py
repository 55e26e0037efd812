"""Shared by the tree reuse tests (tests/search/test_tree_reuse_*.py): the loop's own keys on
a line played (the oracle), a table that plays as the arena does and records the true steps,
and the fixture that checks the keying with the reuse policy off."""
import engine
import search.reuse as reuse_module
from cython_ext import select
from engine.core import CHANCE, make_rng
from search.api import make_player
from tests.search.helpers import COMPILED

INTERP = select.twins("ismcts")[1]
FOLD = INTERP.fold
MIX64 = select.twins("tree_hash")[1].mix64
MAXSEATS = select.twins("tree_nodes")[1].MAXSEATS
TABLES = [("city_and_guilds", 4, {}), ("walled_city", 2, {}), ("walled_city", 3, {}), ("guildes", 4, {}),
          ("between_two_cities", 3, {}),
          # no default sets reveal: the choices turned up at the step's end re-key the trees
          ("between_two_cities", 3, {"reveal": True, "tree": "mo"}), ("guildes", 4, {"tree": "so"}),
          ("guildes", 4, {"reveal": True, "tree": "mo"}),  # face-down plays turned up
          # MO keyed by views: the seat's own tree by its own views too, the others' afresh
          ("walled_city", 3, {"tree": "mo", "keys": "view"}), ("guildes", 4, {"tree": "mo", "keys": "view"})]
ITERS = 60 if COMPILED else 25
REAL_LEARNED = reuse_module.learned_more
SLOW = ("guildes", "between_two_cities")  # interpreted, their games take 10-30 s a test


def no_policy(monkeypatch):
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
            if p._search is not None and p.last_info.iterations:  # a lone legal move: no search
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
