"""The Guildes heuristic (``kernel.move_values``, cython_ext/guildes_policy.py): values that
follow from the rules on hand-built positions, a full-count reference on random games of every
variant set, the twins agree, and a search using it does not peek."""
import numpy as np
import pytest

import engine
from cython_ext import select
from cython_ext.guildes_rules import DPICK, DRAFT, DRAWD, NOTIES, PLAY, REDIS, TRICK
from engine.core import make_rng
from search.api import Limits, make_player
from search.core import rng_for
from tests.guildes.helpers import names, random_states, table, to_decision
from tests.search.helpers import COMPILED, random_decision

C, PY = select.twins("guildes")
FUTURE = 0.5  # the weight of a count still to come


def position(phase, rnd, tables, kept=None, step=0, players=4, variants=()):
    """A 4-player state of round ``rnd`` at ``phase`` with the given tables (and seat 0's kept cards)."""
    game = engine.make_game("guildes", players, variants)
    s = to_decision(game.new_initial_state(1))
    lay = game.layout
    s.buf[lay["round"]], s.buf[lay["phase"]], s.buf[lay["step"]] = rnd, phase, step
    game.field(s, "table")[:] = table(game, tables)
    game.field(s, "played")[:] = 0
    game.field(s, "kept")[:] = 0
    if kept:
        game.field(s, "kept")[0] = table(game, [kept])[0]
    return game, s


def values(game, s, seat, guilds):
    moves = np.array([names(game)[g] if isinstance(g, str) else g for g in guilds], dtype=np.intc)
    out = np.full(len(moves), -99.0)
    assert game.kernel.move_values(s.buf, seat, moves, len(moves), out) == 1
    return out.tolist()


# -- values that follow from the rulebook (stand-in card table) -----------------------------

def test_a_militia_card_is_worth_three_votes_at_every_count_to_come():
    # 3 votes per card at each count: the last round counts once, the first three times
    game, s = position(PLAY, 2, [{}, {}, {}, {}], kept={"militia": 1})
    assert values(game, s, 0, ["militia"]) == [3.0]
    game, s = position(PLAY, 0, [{}, {}, {}, {}], kept={"militia": 1})
    assert values(game, s, 0, ["militia"]) == [3.0 * (1 + 2 * FUTURE)]


def test_tying_for_first_splits_the_first_two_places_and_costs_the_leader():
    # round 3, Knights 11/5/3: seat 1 alone first takes 11; one knight more for seat 0 ties
    # it: both (11 + 5) // 2 = 8; seat 0 gains 8, the others' mean falls by 3/3
    game, s = position(PLAY, 2, [{}, {"knights": 1}, {}, {}], kept={"knights": 1})
    assert values(game, s, 0, ["knights"]) == [8.0 + 1.0]


def test_equal_guilds_tie():
    # round 3, nobody holds Weavers (5/3/1) or Physicians (5/2/1): first place alone, 5 each
    game, s = position(PLAY, 2, [{}, {}, {}, {}], kept={"weavers": 1, "physicians": 1, "minstrels": 1})
    w, p, m = values(game, s, 0, ["weavers", "physicians", "minstrels"])
    assert w == p == m == 5.0


def test_a_second_card_counts_where_one_changes_nothing():
    # round 3, Knights 11/5/3: seats 1-3 tie for first with 2 each (19 // 3 = 6 each); one
    # knight for seat 0 is fourth (nothing), two make a four-way tie: 19 // 4 = 4 each, so
    # +4 for seat 0 and -2 for each other seat: (4 + 2) / 2 a card while a later pick remains
    tables = [{}, {"knights": 2}, {"knights": 2}, {"knights": 2}]
    game, s = position(DRAFT, 2, tables, step=0)
    assert values(game, s, 0, ["knights"]) == [3.0]
    game, s = position(DRAFT, 2, tables, step=game.kernel.h - 1)  # the last pick: one card only
    assert values(game, s, 0, ["knights"]) == [0.0]
    game, s = position(PLAY, 2, tables, kept={"knights": 1})
    assert values(game, s, 0, ["knights"]) == [0.0]
    game, s = position(PLAY, 2, tables, kept={"knights": 2})
    assert values(game, s, 0, ["knights"]) == [3.0]


def test_kept_cards_count_while_drafting():
    # round 3: seat 0 already kept a Scholar (9/5/2) and seat 1 has one on its table: tied
    # first, (9 + 5) // 2 = 7 each; another makes seat 0 first alone (9) and seat 1 second (5):
    # +2 for seat 0, -2 for seat 1 (-2/3 in the others' mean)
    game, s = position(DRAFT, 2, [{}, {"scholars": 1}, {}, {}], kept={"scholars": 1}, step=game_h(4) - 1)
    assert values(game, s, 0, ["scholars"]) == pytest.approx([2 + 2 / 3])


def game_h(players):
    return engine.make_game("guildes", players).kernel.h


def test_a_redistribution_discard_costs_the_worth_it_takes_away():
    # round 3: seat 0 kept two Nobles (12/6/3) and a Minstrel (5/2/1); nobody else has any.
    # Giving a Noble away keeps first place (0); giving the Minstrel away loses 5
    game, s = position(REDIS, 2, [{}, {}, {}, {}], kept={"nobles": 2, "minstrels": 1}, variants=("events",))
    assert values(game, s, 0, ["nobles", "minstrels"]) == [0.0, -5.0]


def test_ties_excluded_event_counts_the_tie_as_nothing():
    # round 3 under "tied players are not counted": seat 1's one Knight takes 11; a knight for
    # seat 0 ties it and both count nothing: seat 0 +0, seat 1 -11 (-11/3 in the others' mean)
    game, s = position(PLAY, 2, [{}, {"knights": 1}, {}, {}], kept={"knights": 1}, variants=("events",))
    ev = [e for e in range(len(game.cfg["event_effect"])) if int(game.cfg["event_effect"][e]) == NOTIES][0]
    s.buf[game.layout["event"]] = ev
    assert values(game, s, 0, ["knights"]) == pytest.approx([11 / 3])


def test_no_heuristic_outside_the_seats_decisions():
    game, s = position(PLAY, 2, [{}, {}, {}, {}], kept={"militia": 1})
    assert values(game, s, -1, [0, 1]) == [0.0, 0.0]
    s.buf[game.layout["round"]] = 3
    assert values(game, s, 0, ["militia"]) == [0.0]


# -- a full-count reference on every decision of random games -------------------------------

def rel(v, seat):
    return v[seat] - (sum(v) - v[seat]) / (len(v) - 1)


def ref_worth(game, tab, virt, rnd, ties, seat):
    """Seat's votes minus the others' mean, this count and (weighted FUTURE) the later ones,
    by the engine's full vote count."""
    total, w = 0.0, 1.0
    for r in range(rnd, 3):
        total += w * rel(game.votes(tab, r, ties and r == rnd, virt if r == rnd else None), seat)
        w = FUTURE
    return total


def ref_card(game, s, seat, g):
    lay, k = game.layout, game.kernel
    buf = s.buf
    ph, rnd = int(buf[lay["phase"]]), int(buf[lay["round"]])
    tab = game.field(s, "table").copy()
    virt = game.field(s, "virt").copy() if game.kernel.tr_on else None
    ev = int(buf[lay["event"]])
    ties = bool(k.ev_on) and ev >= 0 and int(game.cfg["event_effect"][ev]) == NOTIES
    kept = int(game.field(s, "kept")[seat, g])
    more = False
    if ph in (DRAFT, REDIS):
        tab[seat, g] += kept
        more = int(buf[lay["step"]]) + 1 < k.h
    elif ph == PLAY:
        pend = int(game.field(s, "pending")[seat])
        if k.ev_on:
            tab[seat, g] += int(game.field(s, "fdown")[seat] == g) + int(pend == g)
            kept -= int(pend == g)
        more = kept >= 2
    base = ref_worth(game, tab, virt, rnd, ties, seat)
    if ph == REDIS:
        tab[seat, g] -= 1
        return ref_worth(game, tab, virt, rnd, ties, seat) - base
    tab[seat, g] += 1
    one = ref_worth(game, tab, virt, rnd, ties, seat) - base
    if not more:
        return one
    tab[seat, g] += 1
    return max(one, (ref_worth(game, tab, virt, rnd, ties, seat) - base) / 2)


def ref_trick(game, s, seat, move):
    """A table-changing or virtual trick: its effect read from the kernel's own apply."""
    lay, k = game.layout, game.kernel
    after = s.clone()
    after.apply(seat, move)
    if after.buf[lay["round"]] != s.buf[lay["round"]]:
        return None  # the last holder: the count has run and the virtual cards are gone
    ev = int(s.buf[lay["event"]])
    ties = bool(k.ev_on) and ev >= 0 and int(game.cfg["event_effect"][ev]) == NOTIES
    rnd = int(s.buf[lay["round"]])
    return (ref_worth(game, game.field(after, "table"), game.field(after, "virt"), rnd, ties, seat)
            - ref_worth(game, game.field(s, "table"), game.field(s, "virt"), rnd, ties, seat))


@pytest.mark.parametrize("players,variants", [(4, ()), (3, ("events",)), (4, ("tricks",)),
                                              (5, ("events", "tricks"))])
def test_values_match_the_full_count_on_random_games(players, variants):
    seen = set()
    for s in random_states(players, 2 if COMPILED else 1, 40 + players, variants):
        tm = s.to_move()
        if not tm or tm[0] < 0:
            continue
        game, seat = s.game, tm[0]
        ph = int(s.buf[game.layout["phase"]])
        moves = s.legal_moves(seat)
        got = values(game, s, seat, moves)
        for m, v in zip(moves, got):
            if ph == TRICK:
                kind = int(game.kernel.trick_kind[int(game.field(s, "trick")[seat])])
                if m == 0:
                    assert v == 0.0
                    seen.add("decline")
                    continue
                if kind == DRAWD:
                    seen.add("draw")
                    continue  # checked below
                want = ref_trick(game, s, seat, m)
                if want is None:
                    continue
                seen.add(("trick", kind))
            else:
                want = ref_card(game, s, seat, m)
                seen.add(ph)
            assert v == pytest.approx(want), (ph, m)
    assert {DRAFT, PLAY} <= seen
    if "tricks" in variants:
        assert "decline" in seen and any(isinstance(x, tuple) for x in seen)


@pytest.mark.parametrize("players,variants", [(3, ()), (4, ("events", "tricks")), (6, ("tricks",))])
@pytest.mark.parametrize("epsilon", [0.0, 0.3])
def test_the_kernels_egreedy_move_draws_as_the_base(players, variants, epsilon):
    # GuildesKernel.egreedy_move finds the legal moves and values on pointers; the same move
    # and the same draws as Kernel.egreedy_move (legal, move_values, greedy_pick) at every seat
    # to move of random games, ties included (a draft's cards of one guild value the same)
    game = engine.make_game("guildes", players, variants)
    checked = ties = 0
    for k in [mod.GuildesKernel(game.cfg) for mod in (C, PY) if mod is not None]:
        base = next(c for c in type(k).__mro__ if c.__name__ == "Kernel")
        for s in random_states(players, 1, 90 + players, variants):
            for seat in s.to_move():
                if seat < 0:
                    continue
                n = k.max_moves
                got_rng, want_rng = rng_for(k, 7 + checked), rng_for(k, 7 + checked)
                got = k.egreedy_move(s.buf, seat, got_rng, epsilon, np.zeros(n, dtype=np.intc), np.zeros(n))
                vals = np.zeros(n)
                want = base.egreedy_move(k, s.buf, seat, want_rng, epsilon, np.zeros(n, dtype=np.intc), vals)
                assert got == want and got_rng.state == want_rng.state, (seat, got, want)
                nl = len(s.legal_moves(seat))
                ties += nl > 1 and list(vals[:nl]).count(max(vals[:nl])) > 1
                checked += 1
    assert checked > 100 and ties > 0


def test_trick_d_draw_is_one_cards_gain_averaged_over_the_pile():
    for s in random_states(4, 6 if COMPILED else 3, 70, ("tricks",)):
        tm = s.to_move()
        if not tm or tm[0] < 0 or int(s.buf[s.game.layout["phase"]]) != TRICK:
            continue
        game, seat, k = s.game, tm[0], s.game.kernel
        if int(k.trick_kind[int(game.field(s, "trick")[seat])]) != DRAWD or 1 not in s.legal_moves(seat):
            continue
        b = s.buf
        G, rnd = game.G, int(b[game.layout["round"]])
        tab, virt = game.field(s, "table"), game.field(s, "virt")
        base = ref_worth(game, tab, virt, rnd, False, seat)
        pile = [int(game.field(s, "pubdisc")[g] - game.field(s, "drawn")[g]
                    + game.field(s, "discarded")[:, g].sum() + game.field(s, "tdisc")[:, g].sum())
                for g in range(G)]
        want = 0.0
        for g in range(G):
            t = tab.copy()
            t[seat, g] += 1
            want += pile[g] * (ref_worth(game, t, virt, rnd, False, seat) - base)
        want /= sum(pile)
        assert values(game, s, seat, [0, 1]) == pytest.approx([0.0, want])
        return
    pytest.fail("no trick D with a pile of two in the sample")


def test_trick_d_pick_is_the_cards_gain():
    game, s = position(DPICK, 2, [{}, {}, {}, {}], variants=("tricks",))
    s.buf[game.layout["dcard"]] = names(game)["militia"]
    s.buf[game.layout["dcard"] + 1] = names(game)["minstrels"]
    assert values(game, s, 0, ["militia", "minstrels"]) == [3.0, 5.0]


# -- the memos of counts, worths and card values (guildes_policy.count, .worth, .card_value): exact ----------

@pytest.mark.parametrize("players,variants", [(3, ()), (4, ("events", "tricks")), (6, ("tricks",))])
def test_the_memos_change_no_value(players, variants):
    # one kernel values the decisions of random games forwards (its memos warm), a fresh one
    # backwards: a memo that returned a stale or colliding entry would differ somewhere
    decisions = []
    for s in random_states(players, 2 if COMPILED else 1, 60 + players, variants):
        tm = s.to_move()
        if tm and tm[0] >= 0:
            decisions.append((s, tm[0], np.array(s.legal_moves(tm[0]), dtype=np.intc)))
    assert len(decisions) > 20

    def valued(kernel, order):
        got = {}
        for i in order:
            s, seat, moves = decisions[i]
            out = np.zeros(len(moves))
            kernel.move_values(s.buf, seat, moves, len(moves), out)
            got[i] = out.tolist()
        return got

    game = decisions[0][0].game
    forwards = valued(game.kernel, range(len(decisions)))
    fresh = engine.make_game("guildes", players, variants).kernel
    assert valued(fresh, reversed(range(len(decisions)))) == forwards


def test_the_memos_give_what_counting_gives():
    # the interpreted twin with its memos bypassed (every card value, worth and count computed
    # afresh) against the kernel in use, memos on, on every decision of random games
    from cython_ext import guildes_policy as gp
    if not hasattr(gp.GuildesPolicy, "worth_counted"):
        pytest.skip("compiled class: its methods cannot be replaced")

    class Counted(gp.GuildesPolicy):
        card_value = gp.GuildesPolicy.card_counted
        worth = gp.GuildesPolicy.worth_counted

        def count(self, k, r, g):
            self.count_into(k, r, g, self.size)
            return self.size

    checked = 0
    for players, variants in ((4, ()), (5, ("events", "tricks"))):
        for s in random_states(players, 1, 80 + players, variants):
            tm = s.to_move()
            if not tm or tm[0] < 0:
                continue
            k = s.game.kernel
            moves = np.array(s.legal_moves(tm[0]), dtype=np.intc)
            a, b = np.zeros(len(moves)), np.zeros(len(moves))
            k.move_values(s.buf, tm[0], moves, len(moves), a)
            Counted(k.n, k.G).values(k, s.buf, tm[0], moves, len(moves), b)
            assert a.tolist() == b.tolist()
            checked += 1
    assert checked > 20


def test_counts_beyond_the_memos_range_are_counted():
    # 33 and 40 knights (past the memos' five bits a count) are counted, not memoized:
    # the value is the full count's
    game, s = position(PLAY, 2, [{}, {"knights": 40}, {}, {}], kept={"knights": 2})
    assert values(game, s, 0, ["knights"]) == pytest.approx([ref_card(game, s, 0, names(game)["knights"])])
    game, s = position(PLAY, 2, [{"knights": 33}, {"knights": 40}, {}, {}], kept={"knights": 2})
    assert values(game, s, 0, ["knights"]) == pytest.approx([ref_card(game, s, 0, names(game)["knights"])])


# -- the views: the values read only what the seat sees -------------------------------------

@pytest.mark.parametrize("variants", [(), ("events", "tricks")])
def test_the_values_are_the_same_on_the_seats_view(variants):
    checked = 0
    for s in random_states(4, 1, 90, variants):
        tm = s.to_move()
        if not tm or tm[0] < 0:
            continue
        seat = tm[0]
        moves = s.legal_moves(seat)
        if int(s.buf[s.game.layout["phase"]]) == TRICK and 1 in moves and int(
                s.game.kernel.trick_kind[int(s.game.field(s, "trick")[seat])]) == DRAWD:
            continue  # the draw averages over the pile, hidden discards included (a world's own)
        view = s.observe(seat)
        assert values(s.game, view, seat, moves) == values(s.game, s, seat, moves)
        checked += 1
    assert checked > 50


@pytest.mark.skipif(C is None, reason="compiled guildes kernel not built")
@pytest.mark.parametrize("variants", [(), ("events",), ("tricks",)])
def test_the_twins_agree(variants):
    game = engine.make_game("guildes", 4, variants)
    kc, kp = C.GuildesKernel(game.cfg), PY.GuildesKernel(game.cfg)
    for s in random_states(4, 1, 7, variants):
        tm = s.to_move()
        if not tm or tm[0] < 0:
            continue
        moves = np.array(s.legal_moves(tm[0]), dtype=np.intc)
        a, b = np.zeros(len(moves)), np.zeros(len(moves))
        assert kc.move_values(s.buf, tm[0], moves, len(moves), a) == kp.move_values(s.buf, tm[0], moves,
                                                                                      len(moves), b) == 1
        assert a.tolist() == b.tolist()


@pytest.mark.parametrize("options", [{"bias": 0.03}, {"rollout": "egreedy", "epsilon": 0.1, "bias": 0.03}])
@pytest.mark.parametrize("plies", [0, 40, 100])
def test_a_search_with_the_heuristic_does_not_peek(options, plies):
    s = random_decision(engine.make("guildes", players=4, seed=4 + plies), 4 + plies, plies)
    seat = s.to_move()[0]
    other = s.determinize(seat, make_rng(plies + 1000))
    assert s.observe(seat) == other.observe(seat)
    assert not np.array_equal(s.buf[2:], other.buf[2:])
    iters = 200 if COMPILED else 6

    def search(state):
        p = make_player("ismcts", seed=17, **options)
        m = p.choose(state, seat, Limits(iterations=iters))
        return m, [(x.move, x.visits, x.value) for x in p.last_info.moves]

    assert search(s) == search(other)
