"""match on Ray: the same results as a local run, whatever happens to workers."""
import os

import pytest

ray = pytest.importorskip("ray")

import engine  # noqa: E402
from guildhall.arena import tournament  # noqa: E402
from cython_ext import select  # noqa: E402
from search.api import Limits  # noqa: E402

LIMITS = Limits(iterations=8)
COMPILED = not select.pure_python_forced()


@pytest.fixture(scope="module")
def backend():
    from guildhall.distributed import RayBackend

    b = RayBackend(num_cpus=2)
    yield b
    b.shutdown()


def summary(table):
    return {n: (st.games, st.shares, st.score_total) for n, st in table.items()}


def test_ray_tournament_equals_the_local_one(backend):
    game = engine.make_game("city_and_guilds", 3)
    engines = ["greedy", "flatmc"] if COMPILED else ["random", "greedy"]
    local = tournament(game, engines, 5, LIMITS, seed=11)
    seen = []
    remote = tournament(game, engines, 5, LIMITS, seed=11, backend=backend,
                        on_game=lambda i, rec, names: seen.append(i))
    assert summary(remote) == summary(local)
    assert sorted(seen) == list(range(5))


def test_a_dead_worker_costs_a_retry_not_a_game(backend, tmp_path):
    from guildhall.distributed import RayBackend, _play

    marker = str(tmp_path / "crashed")

    def crash_once(spec, engines, index, limits, seed, options):
        if index == 1 and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(1)  # the worker process dies mid-game
        return _play(spec, engines, index, limits, seed, options)

    flaky = RayBackend(play=crash_once)
    game = engine.make_game("guildes", 3)
    engines = ["random", "greedy"]
    remote = tournament(game, engines, 3, LIMITS, seed=2, backend=flaky)
    assert os.path.exists(marker)  # it did die once
    assert summary(remote) == summary(tournament(game, engines, 3, LIMITS, seed=2))
    assert sum(st.games for st in remote.values()) == 3 * game.players


def test_match_cli_with_ray_prints_the_local_table(backend):
    from click.testing import CliRunner

    from guildhall.cli import main

    args = ["match", "walled_city", "--players", "2", "--engine", "random", "--engine", "greedy",
            "--games", "3", "--iterations", "5"]
    local = CliRunner().invoke(main, args)
    remote = CliRunner().invoke(main, args + ["--ray"])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    table = [line for line in local.output.splitlines() if line.startswith("|")]
    assert table and table == [line for line in remote.output.splitlines() if line.startswith("|")]


def test_an_unreachable_cluster_is_a_clear_error_not_a_hang():
    from click.testing import CliRunner

    from guildhall.cli import main

    run = CliRunner().invoke(main, ["match", "guildes", "--engine", "random", "--engine", "greedy",
                                    "--games", "1", "--iterations", "5", "--ray", "127.0.0.1:1"])
    assert run.exit_code != 0 and "no Ray head node answers at 127.0.0.1:1" in run.output


@pytest.mark.skipif(not COMPILED, reason="plays ISMCTS games in Ray workers: about a minute interpreted")
def test_tune_with_ray_gives_the_local_preset(backend, tmp_path):
    """The tuner on the same backend: a batch of a candidate's games per NTBEA
    step, played as Ray tasks, gives the same games and preset as locally.
    (Workers read the installed presets: the runs write theirs elsewhere.)"""
    from click.testing import CliRunner

    from guildhall.cli import main

    args = ["tune", "walled_city", "--players", "2", "--games", "4", "--iterations", "3", "--batch", "2",
            "--param", "exploration=0.7,1.4", "--param", "reward=", "--param", "keys=", "--param", "tree=",
            "--against", "random"]
    runs = []
    for extra in ([], ["--ray"]):
        r = CliRunner().invoke(main, args + extra + ["--dir", str(tmp_path / ("ray" if extra else "local"))])
        assert r.exit_code == 0, r.output
        runs.append([line for line in r.output.splitlines() if line.startswith(("game ", "best:"))])
    assert len(runs[0]) == 5 and runs[0] == runs[1]


def test_ntbea_batches_keep_the_search_of_single_games():
    from guildhall.tune import ntbea

    space = {"a": [0, 1, 2], "b": ["x", "y"]}
    play = lambda p, i: float((p["a"] * 7 + i) % 3 == 0)  # noqa: E731
    assert ntbea(space, play, 12, seed=4) == ntbea(space, play, 12, seed=4, batch=1,
                                                   play_many=lambda p, idx: [play(p, i) for i in idx])
    calls = []
    ntbea(space, play, 7, seed=4, batch=3, play_many=lambda p, idx: calls.append(list(idx)) or [0.0] * len(idx))
    assert calls == [[0, 1, 2], [3, 4, 5], [6]]
