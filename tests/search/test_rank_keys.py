"""The search ranks finished games exactly as ``State.returns`` does, from the kernel's rank keys."""
import functools

import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import Game, kernel_ranks_itself, make_rng
from engine.registry import games
from search import core
from tests.search.helpers import game_configs

CONFIGS = [(name, p, v) for name, cls in games().items() for p, v in game_configs(cls)]


@functools.lru_cache(maxsize=None)
def finished(name: str, players: int, variants: tuple, seed: int):
    s = engine.make(name, players=players, variants=variants, seed=seed)
    s.game.kernel.rollout(s.buf, make_rng(seed))
    assert s.is_terminal()
    return s


@pytest.mark.parametrize("name,players,variants", CONFIGS)
@pytest.mark.parametrize("mode", ["win", "rank", "score", "field"])
def test_the_loop_rewards_equal_the_python_returns(name, players, variants, mode):
    for seed in range(3):
        s = finished(name, players, variants, seed)
        for impl in ("python", "auto"):
            search = core.make_search(s, 0, reward=mode, impl=impl, determinize=False)
            assert search.reward_of(s.buf) == pytest.approx(s.returns(mode), abs=1e-12)


@pytest.mark.parametrize("name,players,variants", CONFIGS)
def test_games_that_rank_in_their_kernel_pay_no_python_call(name, players, variants):
    s = engine.make(name, players=players, variants=variants, seed=1)
    code, fn = core.reward_setup(s.game, "win")
    python_only = type(s.game).rank_keys is not Game.rank_keys and not core.kernel_ranks(s.game)
    assert (fn is not None) == python_only
    assert (code == core.CALLBACK) == python_only
    if type(s.game).rank_keys is Game.rank_keys:
        assert fn is None


@pytest.mark.parametrize("name,players,variants", CONFIGS)
def test_the_default_python_keys_read_the_kernel(name, players, variants):
    """Where the kernel keeps the base ranking, the defaults give the old Python
    definition: ``(score,)`` per seat and no rival."""
    if kernel_ranks_itself(engine.make(name, players=players, variants=variants, seed=0).game.kernel):
        pytest.skip("this game's kernel has its own rank keys")
    for seed in range(3):
        s = finished(name, players, variants, seed)
        assert Game.rank_keys(s.game, s) == [(x,) for x in s.scores()]
        assert Game.rival_keys(s.game, s) == []


def test_the_kernel_writes_rivals_after_the_seats_and_ranks_them():
    """A kernel with a rival: the loop gives it its share of a win and its place,
    and the Python defaults read it as a rival."""
    k = select.load("kernel")

    class WithRival(type(engine.make("guildes", players=3, seed=1).game.kernel)):
        def rank_keys(self, buf, out):
            for c, key in enumerate([(5, 1), (5, 2), (3, 0), (5, 2)]):
                out[c * k.RANK_KEYS] = key[0]
                out[c * k.RANK_KEYS + 1] = key[1]
            return 4

    s = engine.make("guildes", players=3, seed=1)
    game = s.game
    game.kernel = WithRival(game.cfg)
    assert game.rank_keys(s) == [(5, 1), (5, 2), (3, 0)] and game.rival_keys(s) == [(5, 2)]
    assert kernel_ranks_itself(game.kernel) and core.reward_setup(game, "win") == (0, None)
    search = core.make_search(s, 0, reward="win", impl="python", determinize=False)
    assert search.reward_of(s.buf) == [0.0, 0.5, 0.0]
    search = core.make_search(s, 0, reward="rank", impl="python", determinize=False)
    assert search.reward_of(s.buf) == pytest.approx([1 / 3, 2.5 / 3, 0.0])
    assert np.allclose(search.reward_of(s.buf), s.returns("rank"))


def test_the_loops_callback_code_is_no_kernel_reward_mode():
    # both loops hand the kernel's REWARD_* codes to kernel.terminal_rewards, the one written
    # rule; the ISMCTS loop's own code for a Python reward_fn must not shadow one of them
    from cython_ext import select

    k, ism = select.load("kernel"), select.load("ismcts")
    kernel_codes = {k.REWARD_WIN, k.REWARD_RANK, k.REWARD_SCORE, k.REWARD_FIELD}
    assert ism.CALLBACK == core.CALLBACK and ism.CALLBACK not in kernel_codes
    assert set(core.REWARD_MODES.values()) == kernel_codes
