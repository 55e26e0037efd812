"""Audit of `guildhall tune` (guildhall/tune.py) against NTBEA as published.

NTBEA (Lucas, Liu & Perez-Liebana 2018; the NTupleSystem / NTupleBanditEA of
Lucas's evodef code that TAG started from): bandit statistics (count, sum) per
cell of every 1-tuple, every 2-tuple and the full tuple of option indices; a
point's mean estimate is the mean over the tuples of its cells' means (cells
never seen skipped); its exploration term the mean over all tuples of
sqrt(ln(1 + N) / (n + eps)) with eps = 0.5 (n = 0 for a cell never seen), N the
samples so far; the next point is the neighbour of best mean + k * exploration;
the answer is the sampled point of best mean estimate.

No game is played here: the game-playing function is faked, and every expected
value is computed in this file from the definitions above, not with guildhall's
model.
"""
import inspect
import itertools
import json
import math
import random
import re
import shutil

import pytest
from click.testing import CliRunner

import guildhall.tune as tune
from engine.errors import BadConfig
from guildhall.cli import main

EPS = 0.5


# -- an independent n-tuple model ------------------------------------------------------------
def ref_tuples(dims):
    ts = [(i,) for i in range(dims)] + [(i, j) for i in range(dims) for j in range(i + 1, dims)]
    full = tuple(range(dims))
    return ts + ([full] if full not in ts else [])


def ref_cells(history, dims):
    """{tuple: {cell: [count, sum]}} of the (point, value) pairs in ``history``."""
    cells = {t: {} for t in ref_tuples(dims)}
    for x, v in history:
        for t in cells:
            c = cells[t].setdefault(tuple(x[i] for i in t), [0, 0.0])
            c[0] += 1
            c[1] += v
    return cells


def ref_mean(history, x):
    """The mean over the tuples of x's cells' means, cells never seen skipped (0 if none seen)."""
    cells = ref_cells(history, len(x))
    means = [cells[t][c][1] / cells[t][c][0] for t in cells
             for c in [tuple(x[i] for i in t)] if c in cells[t]]
    return sum(means) / len(means) if means else 0.0


def ref_bonus(history, x):
    """Lucas's exploration term: the mean over all tuples of sqrt(ln(1 + N) / (n + eps))."""
    cells = ref_cells(history, len(x))
    n = [cells[t].get(tuple(x[i] for i in t), [0])[0] for t in cells]
    return sum(math.sqrt(math.log(1 + len(history)) / (c + EPS)) for c in n) / len(n)


def lucas_ucb(history, x, k):
    """Lucas's upper bound: the mean estimate (over the tuples seen) + k * exploration."""
    return ref_mean(history, x) + k * ref_bonus(history, x)


def index_of(space, point):
    return tuple(space[n].index(point[n]) for n in space)


# -- 1. the model ----------------------------------------------------------------------------
def test_the_model_keeps_every_1_tuple_every_pair_and_the_full_tuple_once():
    for dims in range(1, 7):
        got = tune.NTupleModel(dims).tuples
        assert len(got) == len(set(got))
        expected = {(i,) for i in range(dims)} | set(itertools.combinations(range(dims), 2)) \
            | {tuple(range(dims))}
        assert set(got) == expected
        assert len(got) == dims + dims * (dims - 1) // 2 + (dims > 2)


def test_the_model_counts_and_sums_every_cell():
    rng = random.Random(1)
    sizes = (3, 2, 4, 2)
    history = [(tuple(rng.randrange(s) for s in sizes), rng.choice([0.0, 0.5, 1.0, 1 / 3])) for _ in range(40)]
    m = tune.NTupleModel(len(sizes))
    for x, v in history:
        m.add(x, v)
    assert m.total == len(history)
    expected = ref_cells(history, len(sizes))
    for t, table in zip(m.tuples, m.stats):
        assert set(table) == set(expected[t])
        for cell, (n, s) in table.items():
            assert n == expected[t][cell][0] and s == pytest.approx(expected[t][cell][1])


def test_the_plain_estimate_is_the_mean_of_cell_means_skipping_cells_never_seen():
    history = [((0, 0, 0), 1.0), ((0, 1, 1), 0.0), ((1, 1, 0), 0.5), ((0, 0, 0), 0.0), ((2, 1, 1), 1.0)]
    m = tune.NTupleModel(3)
    for x, v in history:
        m.add(x, v)
    for x in itertools.product(range(3), range(2), range(2)):
        assert m.estimate(x) == pytest.approx(ref_mean(history, x)), x
    # by hand, a point never sampled: a=1 -> 0.5, b=0 -> 0.5, c=1 -> 0.5, (a, c) = (1, 1) never,
    # (a, b) = (1, 0) never, (b, c) = (0, 1) never, full never
    assert m.estimate((1, 0, 1)) == pytest.approx(0.5)
    assert tune.NTupleModel(2).estimate((0, 0)) == 0.0


def test_the_upper_bound_of_a_sampled_point_is_lucas_mean_plus_k_times_exploration():
    history = [((0, 1, 2), 1.0), ((0, 1, 0), 0.0), ((1, 1, 2), 1.0), ((0, 1, 2), 0.5)]
    m = tune.NTupleModel(3)
    for x, v in history:
        m.add(x, v)
    for x in {h[0] for h in history}:  # every cell of a sampled point has been seen
        for k in (0.5, 1.0, 2.0):
            assert m.estimate(x, k) == pytest.approx(ref_mean(history, x) + k * ref_bonus(history, x))
    # by hand, N = 4: the cells of (0, 1, 2) in tuples (a), (b), (c), (a, b), (a, c), (b, c),
    # (a, b, c) were seen 3, 4, 3, 3, 2, 3, 2 times
    bonus = sum(math.sqrt(math.log(5) / (n + 0.5)) for n in (3, 4, 3, 3, 2, 3, 2)) / 7
    assert m.estimate((0, 1, 2), 1.0) - m.estimate((0, 1, 2)) == pytest.approx(bonus)


def test_the_upper_bound_of_a_point_with_unseen_cells_is_lucas_one():
    # a cell never seen adds its exploration term and no mean: the means are averaged over
    # the tuples seen only (guildhall counted a never-seen cell's mean as 0 until session 48)
    history = [((0, 0, 0), 1.0), ((1, 1, 1), 0.0), ((0, 1, 0), 1.0)]
    m = tune.NTupleModel(3)
    for x, v in history:
        m.add(x, v)
    for x in itertools.product(range(3), repeat=3):
        assert m.estimate(x, 1.0) == pytest.approx(lucas_ucb(history, x, 1.0)), x
    # (0, 0, 1): a = 0 seen twice (mean 1), b = 0 once (1), c = 1 once (0), (a, b) = (0, 0)
    # once (1), (a, c) = (0, 1) and (b, c) = (0, 1) and the full tuple never: mean 3/4
    bonus = (sum(math.sqrt(math.log(4) / (n + 0.5)) for n in (2, 1, 1, 1)) + 3 * math.sqrt(math.log(4) / 0.5)) / 7
    assert m.estimate((0, 0, 1), 1.0) == pytest.approx(0.75 + bonus)
    # a point of cells never seen at all: the bonus sqrt(ln(1 + N) / eps) alone
    assert m.estimate((2, 2, 2), 1.0) == pytest.approx(math.sqrt(math.log(4) / 0.5))


# -- 2. the evolutionary step ----------------------------------------------------------------
class Recorder(tune.NTupleModel):
    """The model ntbea uses, recording which points it asks the upper bound of, per sample count."""
    asked: dict = {}

    def estimate(self, x, k=0.0):
        if k > 0:
            Recorder.asked.setdefault(self.total, []).append(tuple(x))
        return super().estimate(x, k)


def noisy_play(space, seed):
    rng = random.Random(seed)
    calls = []

    def play(point, i):
        p = sum(space[n].index(point[n]) for n in space) / sum(len(v) - 1 for v in space.values())
        v = float(rng.random() < 0.2 + 0.6 * p)
        calls.append((dict(point), i, v))
        return v
    return play, calls


def test_each_step_evaluates_the_mutated_neighbour_of_best_upper_bound(monkeypatch):
    monkeypatch.setattr(tune, "NTupleModel", Recorder)
    Recorder.asked = {}
    space = {"a": [0.35, 0.7, 1.4], "b": ["so", "mo"], "c": [True, False], "d": [0, 1, 2, 3], "e": ["x"]}
    play, calls = noisy_play(space, 7)
    tune.ntbea(space, play, 30, seed=11)
    assert [i for _, i, _ in calls] == list(range(30))
    points = [index_of(space, p) for p, _, _ in calls]
    history = []
    for step, (x, (_, _, v)) in enumerate(zip(points, calls)):
        history.append((x, v))
        if step + 1 == len(points):
            break
        cands = Recorder.asked[len(history)]
        assert cands and len(set(cands)) == len(cands)
        for c in cands:
            assert c != x  # at least one option changed: never the current point again
            assert all(0 <= c[d] < len(space[n]) for d, n in enumerate(space))
            assert c[4] == 0  # a one-value option stays
        ucb = {c: lucas_ucb(history, c, 1.0) for c in cands}
        nxt = points[step + 1]
        assert nxt in cands and ucb[nxt] >= max(ucb.values()) - 1e-9, step


def test_the_answer_is_the_evaluated_point_of_best_mean_estimate_and_its_estimate():
    space = {"a": [0, 1, 2, 3], "b": ["p", "q", "r"], "c": [0.5, 1.5]}
    play, calls = noisy_play(space, 3)
    best, est = tune.ntbea(space, play, 60, seed=5)
    history = [(index_of(space, p), v) for p, _, v in calls]
    means = {x: ref_mean(history, x) for x, _ in history}
    top = max(means.values())
    assert means[index_of(space, best)] == pytest.approx(top)
    assert est == pytest.approx(top)
    # not merely the best of the exploration bound: the point answered was evaluated
    assert index_of(space, best) in means


def test_the_first_games_of_a_longer_tune_are_the_shorter_tune_and_a_seed_repeats_it():
    # docs/strength.md (session 15): "the first M games of a longer run are exactly the run
    # with --games M"; a run is fixed by its seed
    space = {"a": [0, 1, 2], "b": ["x", "y", "z"], "c": [False, True]}
    runs = {}
    for n, seed in ((40, 2), (15, 2), (40, 2), (40, 3)):
        play, calls = noisy_play(space, 9)
        result = tune.ntbea(space, play, n, seed=seed)
        runs.setdefault((n, seed), []).append((calls, result))
    (long1, r1), (long2, r2) = runs[40, 2]
    assert long1 == long2 and r1 == r2
    assert runs[15, 2][0][0] == long1[:15]
    assert [c[0] for c in runs[40, 3][0][0]] != [c[0] for c in long1]


# -- 3. the evaluation -----------------------------------------------------------------------
class FakeGame:
    name = "walled_city"

    def __init__(self, players):
        self.players = players


def test_a_game_puts_the_candidate_in_a_rotating_seat_with_fixed_seeds_and_splits_ties(monkeypatch):
    import guildhall.arena as arena
    import search.api as api

    made, played = [], []
    winners = {0: [0], 1: [0, 1], 2: [2], 3: [3, 1, 0], 4: [], 5: [1, 2]}

    def make_player(name, seed=None, **options):
        made.append((name, seed, options))
        return (name, options)

    class Rec:
        pass

    def play_owned(game, seats, limits, seed):
        played.append((seats, limits, seed))
        r = Rec()
        r.winners = winners[seed - 100]
        return r

    monkeypatch.setattr(api, "make_player", make_player)
    monkeypatch.setattr(arena, "play_owned", play_owned)
    play = tune.game_evaluator(FakeGame(4), "LIM", 100, None, "textbook")
    setting = {"exploration": 0.7, "tree": "mo"}
    got = [play(setting, i) for i in range(6)]
    # candidate seat i % 4: game 0 seat 0 alone, 1 seat 1 of two, 2 seat 2 alone, 3 seat 3 of
    # three, 4 nobody won, 5 seat 1 of two winners
    assert got == pytest.approx([1.0, 0.5, 1.0, 1 / 3, 0.0, 0.5])
    for i, (seats, limits, seed) in enumerate(played):
        assert seed == 100 + i and limits == "LIM"
        me = i % 4
        assert seats == [("ismcts", setting) if s == me else ("textbook", {}) for s in range(4)]
    assert [m[1] for m in made] == [(100 + i) * 1000 + s for i in range(6) for s in range(4)]


# -- 4. the preset written -------------------------------------------------------------------
def test_the_preset_written_is_the_answer_with_its_types_and_keeps_the_file(tmp_path, monkeypatch):
    import engine
    import search.presets as presets
    from search.api import Limits

    shipped = presets.path_for("walled_city")
    shutil.copy(shipped, tmp_path / "walled_city.json")
    before = json.loads((tmp_path / "walled_city.json").read_text())
    space = {"exploration": [0.35, 2.0], "reuse": [True, False], "tree": ["so", "mo"],
             "expand_after": [1, 8], "fpu": ["off", 1.0]}
    play, calls = noisy_play(space, 4)
    monkeypatch.setattr(tune, "game_evaluator", lambda *a, **kw: play)
    game = engine.make_game("walled_city", 2)
    lines = []
    best, est, path = tune.run(game, space, 25, Limits(iterations=5), 77, "audit-preset", False,
                               str(tmp_path), lines.append)
    assert len(calls) == 25
    history = [(index_of(space, p), v) for p, _, v in calls]
    means = {x: ref_mean(history, x) for x, _ in history}
    assert means[index_of(space, best)] == pytest.approx(max(means.values())) == pytest.approx(est)

    after = json.loads(open(path).read())
    saved = after.pop("presets")
    entry = saved.pop("audit-preset")
    assert after == {k: v for k, v in before.items() if k != "presets"}  # default, per-count, skill kept
    assert saved == before["presets"]  # every other preset as it was
    opts = entry["options"]
    for name, value in best.items():
        assert opts[name] == value and type(opts[name]) is type(value), name
    # the rest of the setting is the base the candidate searched from
    ref = presets.options_for("walled_city", players=2, budget=5)
    assert {k: v for k, v in opts.items() if k not in space} == {k: v for k, v in ref.items() if k not in space}
    assert entry["space"] == space and all(type(a) is type(b) for n in space
                                          for a, b in zip(entry["space"][n], space[n]))
    how = entry["how"]
    sig = inspect.signature(tune.ntbea).parameters
    assert f"k={sig['k'].default:g}, {sig['neighbours'].default} neighbours" in how
    assert "1-, 2- and full tuples" in how and "25 games" in how and "5 iterations per decision" in how
    assert f"win share {max(means.values()):.3f} (fair 0.500)" in how and "seeds from 77" in how


def test_the_preset_searches_as_its_candidate_did_at_an_iteration_budget(tmp_path, monkeypatch):
    """A default preset with a by_budget entry the tune's budget reaches: the candidate
    searched with it (for the options not tuned), so the preset saved must too."""
    import engine
    import search.presets as presets
    from search.api import Limits, make_player

    (tmp_path / "walled_city.json").write_text(json.dumps({
        "game": "walled_city", "default": "base",
        "presets": {"base": {"options": {"exploration": 0.7, "expand_after": 64, "final": "visits"},
                             "by_budget": {"1": {"expand_after": 1}, "400": {"final": "value"}}}}}))
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    game = engine.make_game("walled_city", 2)
    searched = []

    def evaluator(game, limits, seed, reference=None, against="ismcts"):
        def play(setting, i):
            cand = make_player("ismcts", seed=i, **setting)
            searched.append((dict(setting), cand.options_for(game.name, limits.iterations, game.players)))
            return float(setting["exploration"] == 1.4)
        return play

    monkeypatch.setattr(tune, "game_evaluator", evaluator)
    for budget in (5, 500):
        searched.clear()
        space = {"exploration": [0.35, 1.4]}
        best, _, _ = tune.run(game, space, 6, Limits(iterations=budget), 0, f"t{budget}", False,
                              echo=lambda s: None)
        assert best == {"exploration": 1.4}
        played = [o for s, o in searched if s == best][0]
        assert played["expand_after"] == 1 and played["final"] == ("value" if budget >= 400 else "visits")
        again = make_player("ismcts", preset=f"t{budget}").options_for("walled_city", budget, 2)
        assert {k: v for k, v in again.items() if k != "preset"} == \
            {k: v for k, v in played.items() if k != "preset"}
    # a tune at a time limit keeps the plain options, as its candidates searched
    searched.clear()
    tune.run(game, {"exploration": [0.35, 1.4]}, 4, Limits(movetime=0.01), 0, "tms", False, echo=lambda s: None)
    assert presets.load("walled_city")["presets"]["tms"]["options"]["expand_after"] == 64
    assert all(o["expand_after"] == 64 for _, o in searched)


# -- bad input -------------------------------------------------------------------------------
def test_a_value_listed_twice_is_refused_before_any_game(tmp_path, monkeypatch):
    import search.presets as presets

    for bad in ("exploration=1,1.0", "exploration=0.5,0.7,0.50", "reuse=true,yes", "fpu=off,2,OFF",
                "tree=so,mo,so"):
        with pytest.raises(BadConfig, match=re.escape(bad.partition("=")[0]) + ".*twice"):
            tune.parse_space((bad,))
    assert tune.parse_space(("fpu=off,1",))["fpu"] == ["off", 1.0]

    def no_game(*a, **kw):
        raise AssertionError("a game was played")

    monkeypatch.setattr(tune, "game_evaluator", no_game)
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    for param in ("exploration=1,1.0", "exploration=0.5,,1", "speed=1,2", "workers=1,2"):
        r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "2", "--games", "2",
                                      "--param", param])
        assert r.exit_code == 1 and r.output.startswith("error: ") and r.output.count("\n") == 1, r.output
    every = [f"--param={n}=" for n in tune.DEFAULT_SPACE]
    r = CliRunner().invoke(main, ["tune", "walled_city", "--players", "2", *every])
    assert r.exit_code == 1 and "nothing left to tune" in r.output, r.output
    assert not (tmp_path / "walled_city.json").exists()
