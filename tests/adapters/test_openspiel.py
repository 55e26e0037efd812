"""The OpenSpiel adapter passes OpenSpiel's own checks and hides what it must."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import engine  # noqa: E402
from cython_ext import select  # noqa: E402
from engine.core import CHANCE, make_rng  # noqa: E402
from guildhall.adapters import openspiel as gos  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from search.api import make_player  # noqa: E402

# every game, and every variant at a player count that allows it
CONFIGS = [
    ("guildes", 3, ""), ("guildes", 4, "events"), ("guildes", 4, "tricks"), ("guildes", 5, "events+tricks"),
    ("between_two_cities", 3, ""), ("between_two_cities", 2, "two-player"),
    ("between_two_cities", 2, "two-player-advanced"), ("between_two_cities", 4, "beginner"),
    ("between_two_cities", 5, "districts"),
    ("city_and_guilds", 3, ""), ("city_and_guilds", 5, ""),
    ("walled_city", 2, ""), ("walled_city", 3, "borderlands"), ("walled_city", 4, "mixed-guilds"),
]
BASE = [("guildes", 4, ""), ("between_two_cities", 3, ""), ("city_and_guilds", 3, ""), ("walled_city", 2, "")]
# The interpreted kernels are some 50x slower: there every game runs the checks
# in its base form, and the variants (the same adapter code over the same
# kernels, twins checked identical elsewhere) run with the compiled kernels.
PURE = select.pure_python_forced()
SIM_CONFIGS = BASE if PURE else CONFIGS


def load(name, players, variants="", simultaneous=False, **extra):
    return pyspiel.load_game(gos.game_name(name, simultaneous),
                             {"players": players, "variants": variants, **extra})


def test_every_game_is_registered_in_both_forms():
    for name in engine.games():
        for sim in (False, True):
            assert gos.game_name(name, sim) in pyspiel.registered_names()
    g = load("guildes", 4, simultaneous=True)
    assert g.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert load("guildes", 4).get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


@pytest.mark.parametrize("name,players,variants", SIM_CONFIGS)
def test_openspiel_random_sim_test_sequentialised(name, players, variants):
    game = load(name, players, variants)
    assert game.max_game_length() == game.engine_game.max_game_length()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name,players,variants", BASE)
def test_openspiel_random_sim_test_simultaneous(name, players, variants):
    pyspiel.random_sim_test(load(name, players, variants, simultaneous=True), num_sims=1,
                            serialize=True, verbose=False)


def test_bad_parameters_are_refused_clearly():
    with pytest.raises(Exception, match="takes 3-6 players"):
        load("guildes", 9)
    with pytest.raises(Exception, match="no variant"):
        load("guildes", 4, "nonsense")
    with pytest.raises(Exception, match="join variants with"):
        gos._engine_game({"variants": "events,tricks", "players": 4}, "guildes")


def to_decision(state, rng):
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    return state


def test_illegal_action_raises_and_changes_nothing():
    state = to_decision(load("guildes", 4).new_initial_state(), np.random.RandomState(0))
    before, history = state.table.state.clone(), state.history()
    bad = next(m for m in range(state.get_game().num_distinct_actions()) if m not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(bad)
    assert state.table.state == before and state.history() == history
    state.apply_action(state.legal_actions()[0])  # and it plays on
    assert len(state.history()) == len(history) + 1


def test_sequentialised_step_hides_what_but_shows_whether():
    rng = np.random.RandomState(1)
    root = to_decision(load("guildes", 4).new_initial_state(), rng)
    assert root.current_player() == 0
    a, b = root.clone(), root.clone()
    moves = root.legal_actions()
    a.apply_action(moves[0])
    b.apply_action(moves[-1])
    assert moves[0] != moves[-1]
    for seat in (1, 2, 3):  # seat 0's choice is hidden from the others ...
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
    assert a.information_state_string(0) != b.information_state_string(0)
    # ... but that it has chosen is public
    assert a.information_state_string(1) != root.information_state_string(1)
    assert a.observation_tensor(1)[4:8] == [1.0, 0.0, 0.0, 0.0]


def test_resample_keeps_the_information_state_and_redraws_hidden_choices():
    rng = np.random.RandomState(2)
    state = to_decision(load("guildes", 4).new_initial_state(), rng)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])  # seats 0 and 1 have chosen; seat 2 to move
    key = state.information_state_string(2)
    seen_choices = set()
    for k in range(12):
        world = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0., 1.))
        assert world.current_player() == 2
        assert world.information_state_string(2) == key
        assert world.observation_tensor(2) == state.observation_tensor(2)
        assert [s for s, _ in world.table.submitted] == [0, 1]
        made = world.table.state.game.layout.view(world.table.state.buf, "pending")[:2]
        assert (made >= 0).all()  # still chosen in the world, as a card of its own
        seen_choices.add(tuple(int(x) for x in made))
        to_end = world.clone()
        while k < 2 and not to_end.is_terminal():  # a resampled world is a real game that plays on
            if to_end.is_chance_node():
                to_end.apply_action(to_end.chance_outcomes()[0][0])
            else:
                to_end.apply_action(to_end.legal_actions()[0])
    assert len(seen_choices) > 1  # other seats' choices are redrawn, not copied


def test_resample_through_a_python_generator_is_reproducible():
    rng = np.random.RandomState(3)
    state = to_decision(load("city_and_guilds", 3).new_initial_state(), rng)
    w1 = state.resample_from_infostate(0, np.random.default_rng(5))
    w2 = state.resample_from_infostate(0, np.random.default_rng(5))
    assert w1.table.state == w2.table.state


def record(name, players, seed):
    g = engine.make_game(name, players)
    return g, play_game(g, [make_player("random", seed=seed * 10 + s) for s in range(players)], seed=seed)


@pytest.mark.parametrize("name,players,variants", BASE)
def test_a_game_record_replays_identically_in_both_forms(name, players, variants):
    g, rec = record(name, players, 7)
    engine_end = g.new_initial_state(7)
    for ply in rec.plies:
        engine_end.apply(ply.seat, ply.move)
    seq = load(name, players).new_initial_state()
    for ply in rec.plies:  # guildhall's arena plays a step's seats in seat order too
        seq.apply_action(ply.move)
    assert seq.is_terminal() and np.array_equal(seq.table.state.buf[2:], engine_end.buf[2:])
    assert seq.returns() == engine_end.returns()

    sim = load(name, players, simultaneous=True).new_initial_state()
    plies = list(rec.plies)
    while plies:
        if sim.is_simultaneous_node():
            joint = [0] * players
            for _ in sim.table.movers():
                joint[plies[0].seat] = plies[0].move
                plies.pop(0)
            sim.apply_actions(joint)
        else:
            sim.apply_action(plies.pop(0).move)
    assert sim.is_terminal() and np.array_equal(sim.table.state.buf[2:], engine_end.buf[2:])


def test_an_openspiel_history_replays_in_the_engine():
    game = load("between_two_cities", 3)
    state, rng = game.new_initial_state(), np.random.RandomState(4)
    seats = []
    while not state.is_terminal():
        seat = CHANCE if state.is_chance_node() else state.current_player()
        actions = [a for a, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_actions()
        seats.append(seat)
        state.apply_action(int(rng.choice(actions)))
    replay = engine.make_game("between_two_cities", 3).new_initial_state(0)
    for seat, action in zip(seats, state.history()):
        replay.apply(seat, action)
    assert np.array_equal(replay.buf[2:], state.table.state.buf[2:])


@pytest.mark.parametrize("name,players,variants", BASE)
def test_openspiel_ismcts_bot_plays_whole_games(name, players, variants):
    from open_spiel.python.algorithms import ismcts

    game = load(name, players)
    evaluator = gos.KernelRolloutEvaluator(seed=1)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 2 if PURE else 8, random_state=np.random.RandomState(s))
            for s in range(players)]
    state, rng = game.new_initial_state(), np.random.RandomState(0)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            to_decision(state, rng)
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 20 and 0.0 <= sum(state.returns()) <= 1.0 + 1e-9  # a non-seat rival may win


def test_kernel_rollout_evaluator_agrees_with_python_playouts():
    from open_spiel.python.algorithms import mcts

    game = load("guildes", 3)
    state = to_decision(game.new_initial_state(), np.random.RandomState(5))
    fast = gos.KernelRolloutEvaluator(n_rollouts=60 if PURE else 300, seed=2).evaluate(state)
    slow = mcts.RandomRolloutEvaluator(n_rollouts=10 if PURE else 30, random_state=np.random.RandomState(2)).evaluate(state)
    assert fast.shape == (3,) and abs(fast.sum() - 1.0) < 1e-9
    # the same distribution: each seat's win rate within a generous band
    assert np.all(np.abs(fast - np.asarray(slow)) < 0.5)
    before = state.table.state.clone()
    one = gos.KernelRolloutEvaluator(seed=9).evaluate(state)
    assert list(one) == before.rollout(make_rng(9)) and state.table.state == before
    prior = gos.KernelRolloutEvaluator().prior(state)
    assert sorted(a for a, _ in prior) == state.legal_actions()


@pytest.mark.parametrize("name,players,variants", SIM_CONFIGS)
def test_every_hidden_choice_stays_hidden_from_the_other_seats(name, players, variants):
    """Wherever a choice is hidden from a seat (the kernel's observed_move says
    so: simultaneous steps, face-down cards), two different choices leave that
    seat's information state and tensor unchanged."""
    state = load(name, players, variants).new_initial_state()
    kernel = state.table.state.game.kernel
    rng = np.random.RandomState(6)
    checked = 0
    while not state.is_terminal() and checked < 3:
        if state.is_chance_node():
            to_decision(state, rng)
            continue
        actor, legal = state.current_player(), state.legal_actions()
        buf = state.table.state.buf
        blind = [s for s in range(players) if s != actor and len(legal) > 1
                 and kernel.observed_move(buf, actor, legal[0], s) >= kernel.max_moves
                 and kernel.observed_move(buf, actor, legal[-1], s) >= kernel.max_moves]
        step_goes_on = len(state.table.movers()) > 1
        if blind:
            a, b = state.clone(), state.clone()
            a.apply_action(legal[0])
            b.apply_action(legal[-1])
            # the choice that resolves a step reveals what the step reveals;
            # before that, nothing of it may show
            if not (step_goes_on or a.current_player() == b.current_player() == actor):
                blind = []
            for seat in blind:
                assert a.information_state_string(seat) == b.information_state_string(seat)
                assert a.observation_tensor(seat) == b.observation_tensor(seat)
            checked += bool(blind)
        state.apply_action(int(rng.choice(legal)))
    assert checked > 0


def test_openspiel_mcts_bot_plays_a_whole_game():
    """MCTS plays the true state (it sees everything: the user's choice to make)."""
    from open_spiel.python.algorithms import mcts

    game = load("city_and_guilds", 3)
    bot = mcts.MCTSBot(game, 2.0, 2 if PURE else 10, gos.KernelRolloutEvaluator(seed=1),
                       random_state=np.random.RandomState(0))
    state, rng = game.new_initial_state(), np.random.RandomState(1)
    while not state.is_terminal():
        if state.is_chance_node():
            to_decision(state, rng)
        else:
            state.apply_action(bot.step(state))
    assert len(state.history()) <= game.max_game_length()


def test_an_illegal_joint_action_changes_nothing():
    state = to_decision(load("guildes", 3, simultaneous=True).new_initial_state(), np.random.RandomState(0))
    assert state.is_simultaneous_node()
    before, history = state.table.state.clone(), state.history()
    good = [state.legal_actions(s)[0] for s in range(3)]
    bad = list(good)
    bad[2] = next(m for m in range(state.get_game().num_distinct_actions()) if m not in state.legal_actions(2))
    with pytest.raises(Exception, match="not legal"):
        state.apply_actions(bad)
    assert state.table.state == before and state.history() == history
    state.apply_actions(good)
    assert state.history() == history + good


@pytest.mark.parametrize("name,players,variants", SIM_CONFIGS)
def test_a_resampled_world_has_the_same_seats_still_to_choose(name, players, variants):
    """At every decision of a random game (mid-step ones included), the
    engine's determinize and OpenSpiel's resample_from_infostate keep the
    choices already made: the world owes the same seats as the true state."""
    rnd = np.random.RandomState(7)
    game = load(name, players, variants)
    state, mid = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rnd.choice(actions, p=probs)))
            continue
        true = state.table.state
        for seat in range(players):
            assert true.observe(seat).to_move() == true.to_move()  # who has chosen is in every view
            assert true.determinize(seat, make_rng(int(rnd.randint(1 << 30)))).to_move() == true.to_move()
        seat = state.current_player()
        world = state.resample_from_infostate(seat, np.random.default_rng(int(rnd.randint(1 << 30))))
        assert world.table.state.to_move() == true.to_move() and world.table.chosen() == state.table.chosen()
        assert world.information_state_string(seat) == state.information_state_string(seat)
        mid += any(state.table.chosen())
        state.apply_action(int(rnd.choice(state.legal_actions())))
    assert mid > 0 or name == "walled_city"  # the Walled City has no simultaneous step


def _truth(state, seat):
    """What ``seat`` has seen, from the engine alone: per move the actor, what it
    saw of the move, and its whole view after it (the definition of perfect recall)."""
    return state.seen[seat]


class _Recorder:
    """An OpenSpiel state plus, per seat, the full record of what it saw."""

    def __init__(self, state):
        self.s, eng = state, state.table.state
        self.seen = [[eng.observe(p).to_string()] for p in range(eng.players)]

    def clone(self):
        c = _Recorder.__new__(_Recorder)
        c.s, c.seen = self.s.clone(), [list(x) for x in self.seen]
        return c

    def apply(self, action):
        eng = self.s.table.state
        actor = eng.to_move()[0] if eng.is_chance() else self.s.current_player()
        k = eng.game.kernel
        codes = [action if p == actor else (-2 if actor == CHANCE else k.observed_move(eng.buf, actor, action, p))
                 for p in range(eng.players)]
        self.s.apply_action(action)
        for p in range(eng.players):
            self.seen[p].append((actor, codes[p], self.s.table.state.observe(p).to_string()))

    def options(self):
        if self.s.is_chance_node():
            return [a for a, _ in self.s.chance_outcomes()]
        return self.s.legal_actions()


def _hidden_here(state):
    """Whether some seat would not see which move is made here."""
    eng = state.table.state
    actor = CHANCE if state.is_chance_node() else state.current_player()
    moves = [a for a, _ in state.chance_outcomes()] if actor == CHANCE else state.legal_actions()
    k = eng.game.kernel
    return len(moves) > 1 and any(k.observed_move(eng.buf, actor, moves[0], p) >= k.max_moves
                                  for p in range(eng.players) if p != actor)


def _check_pair(a, b, players, kinds):
    for seat in range(players):
        same = a.seen[seat] == b.seen[seat]
        ta, tb = a.s.information_state_tensor(seat), b.s.information_state_tensor(seat)
        assert (ta == tb) == same, seat
        assert (a.s.information_state_string(seat) == b.s.information_state_string(seat)) == same
        kinds["same" if same else "differ"] += 1
        # the current views agree but the seat saw them differ earlier: only recall tells
        kinds["forgotten"] += (not same) and a.seen[seat][-1][2] == b.seen[seat][-1][2]


def _go_on_alike(a, b, rnd, steps, players, kinds, swap=None):
    """Apply the same moves to both; ``swap = (seat, x, y)``: at ``seat``'s next
    decision ``a`` plays ``y`` and ``b`` plays ``x`` (the two orders meet again)."""
    for _ in range(steps):
        _check_pair(a, b, players, kinds)
        if a.s.is_terminal() or b.s.is_terminal() or a.s.current_player() != b.s.current_player():
            return
        if swap and a.s.current_player() == swap[0] and swap[2] in a.options() and swap[1] in b.options():
            a.apply(swap[2])
            b.apply(swap[1])
            swap = None
            continue
        common = [m for m in a.options() if m in set(b.options())]
        if not common:
            return
        move = int(rnd.choice(common))
        a.apply(move)
        b.apply(move)


def _pairs(name, players, variants, trials, seed, enough=None, steps=30):
    """Random pairs of histories checked with :func:`_check_pair`: parted at one
    move (a hidden one every third trial), or parted and met again (a seat
    plays two moves in either order, every third trial)."""
    rnd = np.random.RandomState(seed)
    game = load(name, players, variants)
    kinds = {"same": 0, "differ": 0, "forgotten": 0}
    for trial in range(trials):
        a = _Recorder(game.new_initial_state())
        for _ in range(rnd.randint(0, 80)):
            if a.s.is_terminal():
                break
            a.apply(int(rnd.choice(a.options())))
        while trial % 3 == 1 and not a.s.is_terminal() and not _hidden_here(a.s):
            a.apply(int(rnd.choice(a.options())))
        while trial % 3 == 2 and not a.s.is_terminal() and (a.s.is_chance_node() or len(a.options()) < 2):
            a.apply(int(rnd.choice(a.options())))
        opts = a.options()
        if a.s.is_terminal() or len(opts) < 2:
            continue
        b = a.clone()
        x, y = (int(opts[i]) for i in rnd.choice(len(opts), 2, replace=False))
        seat = a.s.current_player()
        a.apply(x)
        b.apply(y)
        _go_on_alike(a, b, rnd, steps, players, kinds, (seat, x, y) if trial % 3 == 2 else None)
        if enough and enough(kinds):
            break
    return kinds


@pytest.mark.parametrize("name,players,variants", SIM_CONFIGS)
def test_information_state_tensor_is_exact_perfect_recall(name, players, variants):
    """For every seat, equal tensors (and equal strings) exactly when the seat
    saw the same things all along."""
    kinds = _pairs(name, players, variants, 6 if PURE else 12, 11, steps=12 if PURE else 30)
    assert kinds["same"] > 0 and kinds["differ"] > 0


@pytest.mark.parametrize("name,players,variants", BASE)
def test_recall_tells_apart_what_the_current_view_forgot(name, players, variants):
    """Histories whose current views agree though the seat saw them differ (moves
    revealed in another order, earlier rounds) get different tensors: a
    tensor of the current view alone would fail this."""
    # such pairs are rare in some games: a seed and a length that find one quickly
    seed, steps = {"guildes": (1, 12), "between_two_cities": (5, 24), "city_and_guilds": (4, 24)}.get(name, (4, 16))
    kinds = _pairs(name, players, variants, 60, seed, enough=lambda k: k["forgotten"] >= 1, steps=steps)
    assert kinds["forgotten"] >= 1
