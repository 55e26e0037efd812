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
    """City and Guilds 3p at 1600 (the default's by_budget entries at 1 and 1600; a long
    search with interpreted kernels): the settings come before the first report, so the
    search can be stopped there."""
    with popen() as eng:
        eng.configure({"InfoInterval": 1})
        eng.debug()
        dealt(eng, "city_and_guilds", 3)
        with eng.analysis(Limit(iterations=1600)) as search:
            for _info in search:
                search.stop()
            result = search.wait()
        s = eng.settings
        assert result.move is not None and result.info.settings is s
        assert (s.by_budget, s.budget, s.options["final"]) == ([1, 1600], 1600, "value")


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


def test_a_fallback_line_is_kept_on_the_gos_own_settings():
    info = Info()
    parse_info("info string settings player=solver preset=- by_budget=- budget=- skill=20 cap=none "
               "temperature=0.0 options max_nodes=50 reward=win", info)
    parse_info("info string settings player=ismcts fallback_for=solver preset=p by_budget=none budget=40 "
               "skill=20 cap=none temperature=0.0 options reward=win tree=mo", info)
    s = info.settings
    assert (s.player, s.fallback_for, s.options) == ("solver", None, {"max_nodes": 50, "reward": "win"})
    f = s.fallback
    assert (f.player, f.fallback_for, f.preset, f.budget, f.options) == (
        "ismcts", "solver", "p", 40, {"reward": "win", "tree": "mo"})
    # a fallback line with no line of its player before it stands alone
    alone = Info()
    parse_info(f.line, alone)
    assert alone.settings.player == "ismcts" and alone.settings.fallback is None


def test_the_solvers_fallback_settings_reach_the_result():
    with popen() as eng:
        eng.configure({"Engine": "solver", "max_nodes": 50})  # no opening fits: it falls back
        dealt(eng, "walled_city", 2)
        eng.debug(True)
        s = eng.play(Limit(iterations=3, nodes=400)).info.settings  # 3 worlds; the fallback: the nodes left
        assert s is eng.settings and (s.player, s.options["max_nodes"]) == ("solver", 50)
        assert (s.fallback.player, s.fallback.fallback_for, s.fallback.budget) == ("ismcts", "solver", None)
