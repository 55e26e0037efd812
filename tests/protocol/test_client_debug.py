"""The Python client's face of ``debug on``: ``Engine.debug``, ``Engine.settings``,
``Info.settings`` (sync and asyncio), against a real engine process."""
import asyncio
import os

from guildhall.client import Engine, Info, Limit, parse_info


def popen() -> Engine:
    return Engine.popen(env=dict(os.environ))


def dealt(eng: Engine, game: str, players: int) -> None:
    eng.new_game(game, players=players, seed=2)
    while eng.status().chance:
        eng.push("random")


def test_debug_settings_reach_the_result_and_the_engine():
    with popen() as eng:
        dealt(eng, "walled_city", 2)
        assert eng.play(Limit(iterations=20)).info.settings is None and eng.settings is None
        eng.debug(True)
        result = eng.play(Limit(iterations=20))
        s = result.info.settings
        assert s is eng.settings and (s.player, s.budget, s.by_budget, s.cap) == ("ismcts", 20, [], None)
        assert s.options["tree"] in ("so", "mo") and s.line.startswith("info string settings ")
        eng.debug(False)
        assert eng.play(Limit(iterations=20)).info.settings is None
        assert eng.settings is s  # the last one read stays


def test_an_analysis_stopped_after_its_first_report_has_the_1600_entry():
    """Guildes at 1600 (heuristic rollouts, ~70 s interpreted): the settings come before
    the first report, so the search can be stopped there."""
    with popen() as eng:
        eng.configure({"InfoInterval": 1})
        eng.debug()
        dealt(eng, "guildes", 4)
        with eng.analysis(Limit(iterations=1600)) as search:
            for _info in search:
                search.stop()
            result = search.wait()
        s = eng.settings
        assert result.move is not None and result.info.settings is s
        assert (s.by_budget, s.budget, s.options["rollout"]) == ([1600], 1600, "egreedy")


def test_parse_info_reads_settings_and_skips_other_info_strings():
    info = Info(iterations=5, pv=["seat 0 a"])
    parse_info("info string anything at all pv seat 1 b currmove x", info)
    assert (info.iterations, info.pv, info.currmove, info.settings) == (5, ["seat 0 a"], None, None)
    parse_info("info string settings player=flatmc preset=- by_budget=- budget=- skill=20 cap=none "
               "temperature=0.0 options reward=rank", info)
    s = info.settings
    assert (s.player, s.preset, s.by_budget, s.budget, s.skill, s.options) == (
        "flatmc", None, [], None, 20, {"reward": "rank"})
    assert (info.iterations, info.pv) == (5, ["seat 0 a"])


def test_asyncio_engine_debug():
    from guildhall.client_async import popen_engine

    async def main():
        async with await popen_engine(env=dict(os.environ)) as eng:
            await eng.new_game("walled_city", players=2, seed=2)
            while (await eng.status()).chance:
                await eng.push("random")
            await eng.debug(True)
            await eng.configure({"Skill": 3})
            result = await eng.play(Limit(iterations=500))
            return result, eng.settings

    result, s = asyncio.run(main())
    assert result.info.settings is s and (s.skill, s.cap, s.budget) == (3, 23, 23)
