"""The pick model behind the search's ``infer`` option (engine/guildes/inference.py)."""
import json

import numpy as np
import pytest

import engine
from cython_ext.guildes_rules import DRAFT, PLAY
from engine.core import CHANCE, Game
from engine.registry import games
from engine.guildes.inference import FEATURES, load_model, pick_features, pick_log_weights


def _draft(players, seed, choose):
    """A game played until the first play step with ``choose(state, seat, legal)``; returns the
    state and the live features of every draft pick, by (seat, step)."""
    s = engine.make("guildes", players=players, seed=seed)
    live = {}
    while not (s.game.phase(s) == PLAY and not s.is_chance()):
        who = s.to_move()[0]
        if who == CHANCE:
            s.apply(who, s.sample_chance())
            continue
        legal = np.array(s.legal_moves(who), dtype=np.intc)
        if s.game.phase(s) == DRAFT and s.game.field(s, "round")[0] == 0:
            live[who, int(s.game.field(s, "step")[0])] = (pick_features(s.game, s.buf, who, legal), legal)
        s.apply(who, int(choose(s, who, legal)))
    return s, live


def _random(seed):
    rng = np.random.default_rng(seed)
    return lambda s, who, legal: legal[rng.integers(len(legal))]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_each_pick_is_rebuilt_as_the_seat_saw_it(players):
    """The world's log weight rebuilds each past pick from the packets' history: its features
    there are those the seat had when it picked (here read live during the draft)."""
    s, live = _draft(players, 11, _random(1))
    assert s.game.field(s, "round")[0] == 0
    for (q, t), (X, legal) in live.items():
        if len(legal) < 2:
            continue
        w = np.linspace(0.3, -0.2, len(FEATURES))
        z = X @ w
        pick = int(s.game.field(s, "picks").reshape(players, -1)[q, t])
        expected = z[list(legal).index(pick)] - np.log(np.exp(z).sum())
        others = [x for x in range(players) if x != q]
        # the weight of seat `others[0]`'s view counts q's picks (q is not the viewer)
        alone = _log_weight_of_one_pick(s, others[0], q, t, w)
        assert alone == pytest.approx(expected), (q, t)


def _log_weight_of_one_pick(s, viewer, q, t, w):
    """The log-probability ``pick_log_weights`` gives seat ``q``'s pick ``t``: the difference
    between the world's weight with the pick's packet as it is and with that pick forced (a
    packet of one guild says nothing)."""
    g = s.game
    n, h, G = g.players, g.dealt, g.G
    full = pick_log_weights(g, s.buf[None, :], viewer, w)[0]
    b = s.buf.copy()
    hist = b[g.layout["hist"]:g.layout["hist"] + h * n * G].reshape(h, n, G)
    d = int(g.field(s, "dir")[0])
    picks = g.field(s, "picks").reshape(n, h)
    row = hist[t, (q - d * t) % n]
    keep = row.copy()
    row[:] = 0
    row[picks[q, t]] = keep[picks[q, t]]
    return full - pick_log_weights(g, b[None, :], viewer, w)[0]


def test_a_player_who_picks_by_the_model_makes_the_true_world_likelier_than_sampled_ones():
    w = load_model()

    def by_model(s, who, legal):
        return legal[int(np.argmax(pick_features(s.game, s.buf, who, legal) @ w))]

    wins = 0
    for seed in range(4):
        s, _ = _draft(4, 30 + seed, by_model)
        worlds = np.stack([s.determinize(0, 100 + i).buf for i in range(40)])
        sampled = pick_log_weights(s.game, worlds, 0, w)
        true = pick_log_weights(s.game, s.buf[None, :], 0, w)[0]
        wins += (sampled < true).mean() > 0.5
    assert wins == 4


def test_the_viewer_s_own_picks_are_not_weighed_and_the_world_is_not_written():
    """Only the other seats' picks are weighed: a world whose viewer's picks are changed weighs
    the same (its own picks are known to it), and the call leaves the world as it was."""
    s, _ = _draft(4, 5, _random(2))
    g, w = s.game, load_model()
    viewer = 2
    world = s.buf.copy()
    base = pick_log_weights(g, world[None, :], viewer, w)[0]
    assert np.array_equal(world, s.buf)
    changed = world.copy()
    picks = changed[g.layout["picks"]:g.layout["picks"] + 4 * g.dealt].reshape(4, g.dealt)
    picks[viewer] = (picks[viewer] + 1) % g.G
    assert pick_log_weights(g, changed[None, :], viewer, w)[0] == base
    # another seat's pick does count: seat 0's first pick swapped for another guild of its packet
    other = world.copy()
    packet = g.field(s, "hist").reshape(g.dealt, 4, g.G)[0, 0]  # seat 0 holds packet 0 at pick 0
    first = int(g.field(s, "picks").reshape(4, g.dealt)[0, 0])
    other[g.layout["picks"]] = next(c for c in np.flatnonzero(packet > 0) if c != first)
    assert pick_log_weights(g, other[None, :], viewer, w)[0] != base


def test_nothing_is_weighed_before_the_first_pick():
    s = engine.make("guildes", players=4, seed=3)
    while s.is_chance():
        s.apply(CHANCE, s.sample_chance())
    assert s.game.phase(s) == DRAFT
    worlds = np.stack([s.determinize(0, i).buf for i in range(3)])
    assert pick_log_weights(s.game, worlds, 0, load_model()).tolist() == [0.0, 0.0, 0.0]
    assert s.game.world_log_weights(worlds, 0).tolist() == [0.0, 0.0, 0.0]


def test_the_shipped_model_names_its_features_and_a_wrong_file_is_refused(tmp_path):
    assert load_model().shape == (len(FEATURES),)
    bad = tmp_path / "m.json"
    bad.write_text(json.dumps({"features": ["heur"], "weights": [1.0]}))
    with pytest.raises(ValueError, match="features"):
        load_model(str(bad))


def test_only_guildes_has_a_model():
    for name, cls in games().items():
        overrides = cls.world_log_weights is not Game.world_log_weights
        assert overrides == (name == "guildes"), name
    assert engine.make_game("guildes", 4).infers and not engine.make_game("walled_city", 2).infers
