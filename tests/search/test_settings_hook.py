"""``Player.on_settings`` (the protocol's ``debug on``): every player says, once per decision
and before it searches, the settings that decision uses -- also when it has one move and
answers without searching -- and the solver's ISMCTS fallback says its own in a second call."""
from __future__ import annotations

import threading

import pytest

import engine
from engine.perft import play_to_decision
from search.api import Limits, Player, SearchSettings, make_player
from search.ismcts import IsmctsPlayer, iteration_budget
from search.skill import skill_settings, with_skill
from tests.search.one_move import KINDS, one_move_position


def player(kind: str) -> Player:
    if kind == "skill":
        return with_skill(make_player("ismcts", seed=4), 3)
    # the solver with a node cap that no opening fits in: it falls back at once (an opening
    # takes minutes to fail at its default cap with interpreted kernels)
    return make_player(kind, seed=4, **({"max_nodes": 50} if kind == "solver" else {}))


def heard(p: Player) -> list[SearchSettings]:
    got: list[SearchSettings] = []
    p.on_settings = got.append
    return got


@pytest.mark.parametrize("kind", KINDS)
def test_a_decision_with_one_move_says_its_settings_once(kind):
    s = one_move_position()
    seat = s.to_move()[0]
    p = player(kind)
    got = heard(p)
    limits = Limits(iterations=30)
    assert p.choose(s, seat, limits) == s.legal_moves(seat)[0]
    assert got == [p.settings("walled_city", limits, s.players)]
    assert got[0].player == ("ismcts" if kind == "skill" else kind) and got[0].fallback_for is None
    if kind in ("ismcts", "textbook", "skill"):
        assert got[0].origin is not None and set(got[0].options) == set(IsmctsPlayer.options)
    else:
        assert got[0].origin is None and got[0].options == dict(getattr(p, "opts", {}))
    if kind == "skill":
        cap, temperature = skill_settings(3)
        assert (got[0].skill, got[0].cap, got[0].temperature, got[0].budget) == (3, cap, temperature, min(cap, 30))
    else:
        assert (got[0].skill, got[0].cap, got[0].temperature) == (20, None, 0.0)


@pytest.mark.parametrize("kind", KINDS)
def test_a_searched_decision_says_its_settings_once_and_searches_with_them(kind):
    s = play_to_decision(engine.make("walled_city", players=2, seed=1), 1)
    seat = s.to_move()[0]
    assert len(s.legal_moves(seat)) > 1
    p = player(kind)
    got = heard(p)
    p.choose(s, seat, Limits(iterations=24, nodes=400))  # nodes bound the solver's fallback
    # one of its own, first (the solver, which cannot solve an opening, adds its fallback's)
    assert got[0].fallback_for is None and all(g.fallback_for == "solver" for g in got[1:])
    assert len(got) == (2 if kind == "solver" else 1)
    searcher = getattr(p, "inner", p)
    if isinstance(searcher, IsmctsPlayer):
        assert got[0].options is searcher.opts  # the very dict the search ran with
        assert got[0].origin == searcher.origin("walled_city", got[0].budget, s.players)


def test_no_hook_no_settings_computed():
    """With the hook unset (debug off) a decision computes no settings at all."""

    class Loud(IsmctsPlayer):
        def settings(self, game, limits, players=None):
            raise AssertionError("settings computed with the hook unset")

    s = one_move_position()
    seat = s.to_move()[0]
    assert Loud(seed=1).choose(s, seat, Limits(iterations=10)) == s.legal_moves(seat)[0]
    wrapped = with_skill(Loud(seed=1), 3)
    wrapped.on_settings = None
    assert wrapped.choose(s, seat, Limits(iterations=10)) == s.legal_moves(seat)[0]


@pytest.mark.parametrize("limits,budget", [(Limits(), 1000), (Limits(iterations=7), 7), (Limits(nodes=50), None),
                                           (Limits(movetime=0.1), None), (Limits(iterations=9, infinite=True), None)])
def test_the_budget_of_the_settings_is_the_one_the_search_plans_with(limits, budget):
    from search.ismcts import plan

    assert iteration_budget(limits) == budget == plan(limits, 0, 2, 0.0)[0]


def fallback_stopped(p: Player) -> tuple[list[SearchSettings], threading.Event]:
    """``p``'s settings heard, and a stop set when the fallback's are: the fallback's
    budget is seen without searching it (1000 iterations take seconds interpreted)."""
    got: list[SearchSettings] = []
    stop = threading.Event()

    def hook(x: SearchSettings) -> None:
        got.append(x)
        if x.fallback_for is not None:
            stop.set()
    p.on_settings = hook
    return got, stop


def test_the_solvers_fallback_says_the_fallbacks_settings_second():
    """``max_nodes=50`` cannot solve a Guildes opening: the solver falls back to ISMCTS,
    whose settings (the solver's reward, the game's preset for the budget) come second.
    ``iterations`` counted the solver's worlds: the fallback, bound by no time and no
    nodes, searches as a ``go`` without limits (it searched 3 iterations)."""
    from search.ismcts import DEFAULT_ITERATIONS, ISMCTS_SPEC

    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    p = make_player("solver", seed=1, max_nodes=50, reward="rank")
    got, stop = fallback_stopped(p)
    limits = Limits(iterations=3)
    assert p.choose(s, 0, limits, stop=stop) in s.legal_moves(0)
    assert [g.player for g in got] == ["solver", "ismcts"]
    assert got[0] == p.settings("guildes", limits, 4) and got[0].options["max_nodes"] == 50
    fb = got[1]
    assert fb.fallback_for == "solver" and fb.budget == DEFAULT_ITERATIONS
    want = IsmctsPlayer(seed=0, reward="rank")
    assert fb.options == want.options_for("guildes", DEFAULT_ITERATIONS, 4)
    assert fb.origin == want.origin("guildes", DEFAULT_ITERATIONS, 4)
    assert fb.options["reward"] == "rank" != ISMCTS_SPEC["reward"][0]


def test_the_solvers_fallback_searches_the_nodes_left_not_the_world_count():
    """``nodes`` is a limit of both searches: the fallback gets what the solver left of it
    (it had answered at once whenever the solver's own ``max_nodes`` was spent, however
    many of the go's nodes were left), and no iteration limit from the world count."""
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    p = make_player("solver", seed=1, max_nodes=50)
    got = heard(p)
    p.choose(s, 0, Limits(iterations=3, nodes=400))
    assert [(g.player, g.budget) for g in got] == [("solver", None), ("ismcts", None)]
    info = p.last_info
    # the node visits left: 400 less the solver's 51 (the last iteration may go a little past)
    assert info.iterations > 3 and 300 < info.nodes < 400


def test_a_skill_wrapped_solver_says_both_lines_at_its_level():
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    p = with_skill(make_player("solver", seed=1, max_nodes=50), 2)
    got = heard(p)
    p.choose(s, 0, Limits(iterations=1000))
    cap = skill_settings(2)[0]
    assert [(g.player, g.fallback_for, g.skill, g.cap) for g in got] == [("solver", None, 2, cap),
                                                                         ("ismcts", "solver", 2, cap)]
    assert got[1].budget == cap
    p.on_settings = None  # debug off again: the inner player is quiet too
    assert p.inner.on_settings is None


def test_the_solvers_fallback_keeps_the_report_interval_and_multipv():
    """The fallback searches under what is left of the limits, the rest as given: it had
    been handed fresh Limits, so it reported every 0.25 s whatever ``InfoInterval`` said
    and drew no MultiPV lines."""
    s = play_to_decision(engine.make("guildes", players=4, seed=1), 1)
    p = make_player("solver", seed=1, max_nodes=50)
    reports = []
    # the nodes left bound the fallback (the world count would not): a few ms, several reports
    p.choose(s, 0, Limits(nodes=1500, info_interval=1e-9, multipv=3), on_info=reports.append)
    assert len(p.last_info.lines) == 3 and p.last_info.iterations > 0
    assert len(reports) > 1  # periodic reports at the interval asked, then the final one


def test_settings_that_cannot_be_resolved_refuse_the_decision_in_debug_mode_only():
    """An unknown preset is found when the options are resolved: by the search, or in debug
    mode by the settings, also for a decision with one move (docs/protocol.md, ``debug``)."""
    from engine.errors import BadConfig

    s = one_move_position()
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=1, preset="bogus")
    assert p.choose(s, seat, Limits(iterations=10)) == s.legal_moves(seat)[0]
    heard(p)
    with pytest.raises(BadConfig, match="no preset 'bogus'"):
        p.choose(s, seat, Limits(iterations=10))
