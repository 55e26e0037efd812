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
