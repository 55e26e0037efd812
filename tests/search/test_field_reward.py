"""``reward=field``: the margin over the mean of the other seats, in the loop (both modes)
and in ``engine.core.returns_from`` (the Python reference)."""
import math

import pytest

import engine
from engine.core import make_rng, returns_from
from engine.errors import BadConfig
from search import core
from search.api import make_player

IMPLS = ("python", "auto")  # auto: the compiled loop when it and the kernel are built


def _squash(margin: float, scale: float) -> float:
    return 0.5 + 0.5 * math.tanh(margin / scale)


# (game, scores, each seat's margin over the mean of the others, worked by hand)
KNOWN = [
    ("walled_city", [12, 7], [5, -5]),
    ("walled_city", [9, 5, 1], [6, 0, -6]),
    ("walled_city", [4, 4, 4], [0, 0, 0]),
    ("walled_city", [10, 10, 2, 0], [6, 6, -14 / 3, -22 / 3]),
    ("walled_city", [-3, 0, 6, 1], [-16 / 3, -4 / 3, 20 / 3, 0]),
    ("guildes", [20, 0, 0, 0, 0], [20, -5, -5, -5, -5]),
    ("guildes", [3, 8, 8, 1, 0], [-1.25, 5, 5, -3.75, -5]),
]


def _with_scores(name: str, scores: list[int]):
    s = engine.make(name, players=len(scores), seed=1)
    s.game.field(s, "score")[:] = scores
    assert s.scores() == scores
    return s


@pytest.mark.parametrize("name,scores,margins", KNOWN)
@pytest.mark.parametrize("impl", IMPLS)
def test_known_score_vectors(name, scores, margins, impl):
    s = _with_scores(name, scores)
    want = [_squash(m, s.game.score_scale) for m in margins]
    assert returns_from([(0,)] * len(scores), scores, "field", s.game.score_scale) == pytest.approx(want, abs=1e-12)
    search = core.make_search(s, 0, reward="field", impl=impl, determinize=False)
    assert search.reward_of(s.buf) == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_point_taken_from_a_trailing_rival_counts_unlike_score(impl):
    """The reason for the mode: ``score`` sees only the best rival, ``field`` every one."""
    before, after = _with_scores("walled_city", [10, 12, 5]), _with_scores("walled_city", [10, 12, 3])
    rewards = {}
    for mode in ("score", "field"):
        for tag, s in (("before", before), ("after", after)):
            rewards[mode, tag] = core.make_search(s, 0, reward=mode, impl=impl, determinize=False).reward_of(s.buf)
    assert rewards["score", "after"][0] == rewards["score", "before"][0]
    assert rewards["field", "after"][0] > rewards["field", "before"][0]


@pytest.mark.parametrize("impl", IMPLS)
def test_equal_scores_are_even_whatever_the_tie_break(impl):
    """Ties in score are margin 0 (0.5) even where the rank keys break them (the round-2 guild)."""
    for seed in range(40):
        s = engine.make("walled_city", players=3, seed=seed)
        s.game.kernel.rollout(s.buf, make_rng(seed))
        s.game.field(s, "score")[:] = 7
        if len(set(s.game.rank_keys(s))) > 1:
            break
    else:
        pytest.skip("no finished game with a tie-break in 40 seeds")
    assert s.returns("win") != [1 / 3] * 3
    search = core.make_search(s, 0, reward="field", impl=impl, determinize=False)
    assert search.reward_of(s.buf) == [0.5, 0.5, 0.5]


@pytest.mark.parametrize("impl", IMPLS)
def test_a_rival_that_is_not_a_seat_plays_no_part(impl):
    """Between Two Cities' Jamey (advanced 2-player game): the margin is over the other seat only,
    as in ``score``."""
    told_apart = 0
    for seed in range(6):
        s = engine.make("between_two_cities", players=2, variants=("two-player-advanced",), seed=seed)
        s.game.kernel.rollout(s.buf, make_rng(seed))
        assert s.is_terminal() and len(s.game.rival_keys(s)) == 1
        a, b = s.scores()
        want = [_squash(a - b, s.game.score_scale), _squash(b - a, s.game.score_scale)]
        search = core.make_search(s, 0, reward="field", impl=impl, determinize=False)
        assert search.reward_of(s.buf) == pytest.approx(want, abs=1e-12)
        told_apart += s.game.jamey_score(s) != b  # counting Jamey would move seat 0's reward
    assert told_apart > 0


def test_the_option_is_accepted_and_a_wrong_one_refused():
    p = make_player("ismcts", seed=1, reward="field")
    assert p.opts["reward"] == "field"
    assert make_player("flatmc", seed=1, reward="field").opts["reward"] == "field"
    for bad in ("fields", "mean", "Field"):
        with pytest.raises(BadConfig):
            make_player("ismcts", seed=1, reward=bad)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_search_with_it_plays_a_legal_move(impl):
    from search.api import Limits

    s = engine.make("walled_city", players=3, seed=4)
    while s.to_move() == (-1,):
        s.apply(-1, s.sample_chance(make_rng(4)))
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=2, reward="field", impl=impl)
    assert p.choose(s, seat, Limits(iterations=60)) in s.legal_moves(seat)


def test_a_seat_searching_with_it_does_not_peek():
    """Two states the seat cannot tell apart (the other one of its determinizations) get the same search."""
    import numpy as np

    from search.api import Limits
    from tests.search.helpers import COMPILED, random_decision

    s = random_decision(engine.make("walled_city", players=3, seed=6), 6, 60)
    seat = s.to_move()[0]
    other = s.determinize(seat, make_rng(1006))
    assert s.observe(seat) == other.observe(seat)
    assert not np.array_equal(s.buf, other.buf)  # the hidden part really differs
    res = []
    for st in (s, other):
        p = make_player("ismcts", seed=5, reward="field")  # the rest from the default preset, bias-1.0
        m = p.choose(st, seat, Limits(iterations=400 if COMPILED else 12))
        res.append((m, [(x.move, x.visits, x.value) for x in p.last_info.moves]))
    assert res[0] == res[1]
