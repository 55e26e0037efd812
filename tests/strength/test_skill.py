"""Skill levels: capped iterations and a move drawn from the root visits."""
import math

import pytest

from engine.errors import BadConfig
from search.api import Limits, MoveStat, SearchInfo, make_player
from search.skill import SKILL_MAX, SkillPlayer, level_of, skill_settings, with_skill
from tests.search.helpers import guildes_start


def test_levels_grow_monotonically_to_full_strength():
    caps = [skill_settings(lv)[0] for lv in range(SKILL_MAX)]
    temps = [skill_settings(lv)[1] for lv in range(SKILL_MAX + 1)]
    assert caps == sorted(caps) and len(set(caps)) == SKILL_MAX
    assert temps == sorted(temps, reverse=True) and temps[0] == 1.0 and temps[-1] == 0.0
    assert skill_settings(SKILL_MAX) == (None, 0.0)
    for bad in (-1, 21, 2.5, True, "3"):
        with pytest.raises(BadConfig):
            skill_settings(bad)


def test_names_and_numbers():
    assert level_of("full", "guildes") == 20 and level_of(" 12 ", "guildes") == 12
    for game in ("guildes", "city_and_guilds", "walled_city", "between_two_cities"):
        # nearest levels on a non-decreasing calibration never cross (whatever today's figures)
        easy, medium, hard = (level_of(n, game) for n in ("easy", "medium", "hard"))
        assert 0 <= easy <= medium <= hard < 20
    with pytest.raises(BadConfig):
        level_of("expert", "guildes")


def test_full_strength_is_the_player_itself_and_lower_levels_cap_the_budget():
    p = make_player("ismcts", seed=2)
    assert with_skill(p, 20) is p
    s = guildes_start(4, seed=2)
    w = with_skill(make_player("ismcts", seed=2), 6)
    w.choose(s, 0, Limits(iterations=5000))
    assert w.last_info.iterations == skill_settings(6)[0]
    w.choose(s, 0, Limits(iterations=10))
    assert w.last_info.iterations == 10  # a smaller limit stays


def test_draws_follow_visits_to_the_power_one_over_t():
    p = SkillPlayer(make_player("random", seed=1), 4, seed=9)  # T = 0.5
    info = SearchInfo(moves=[MoveStat(1, 10, []), MoveStat(2, 20, []), MoveStat(3, 0, [])], best=2)
    n = 6000
    got = sum(p.draw(info, 2) == 1 for _ in range(n)) / n
    want = 10 ** 2 / (10 ** 2 + 20 ** 2)  # 0.2; a never-visited move is never drawn
    assert abs(got - want) < 4 * math.sqrt(want * (1 - want) / n)
    assert all(p.draw(info, 2) != 3 for _ in range(200))


def test_the_protocol_has_a_skill_option():
    from guildhall.session import Session

    out = []
    sess = Session(out.append)
    for line in ("guildhall", "setoption name Skill value 3", "newgame guildes players 3 seed 1",
                 "setoption name Seed value 4"):
        sess.handle(line)
    while sess.state.to_move() == (-1,):
        sess.handle("play random")
    sess.handle("go iterations 500")
    sess.job.thread.join(120)  # the search runs in its own thread; wait for its bestmove
    assert any(line.startswith("option name Skill type spin default 20 min 0 max 20") for line in out)
    assert isinstance(sess._player, SkillPlayer) and sess._player.level == 3
    assert sess._player.last_info.iterations == skill_settings(3)[0]
    sess2 = Session(out.append)
    sess2.handle("setoption name Skill value 21")
    assert out[-1].startswith("error")


def test_the_web_server_takes_a_skill_per_game_and_a_default():
    pytest.importorskip("starlette")  # the [web] extra
    from guildhall.web.app import Settings, parse_config
    from guildhall.web.match import MatchError

    cfg, _ = parse_config({"game": "guildes", "players": 3}, Settings(skill="7"))
    assert cfg.skill == 7
    cfg, _ = parse_config({"game": "guildes", "players": 3, "skill": "hard"}, Settings())
    assert cfg.skill == level_of("hard", "guildes")
    cfg, _ = parse_config({"game": "guildes", "players": 3, "skill": ""}, Settings(skill="easy"))
    assert cfg.skill == level_of("easy", "guildes")  # the page's "server default"
    for bad in ("zz", 99, True, [1]):
        with pytest.raises(MatchError):
            parse_config({"game": "guildes", "skill": bad}, Settings())


def test_named_levels_follow_the_game_calibration(tmp_path, monkeypatch):
    import json

    import search.presets as presets
    from search.skill import NAMED_ELO

    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    elo = {"0": -50, "4": NAMED_ELO["easy"] + 10, "8": NAMED_ELO["medium"] - 5, "12": NAMED_ELO["hard"] - 150,
           "14": NAMED_ELO["hard"] + 20}
    (tmp_path / "guildes.json").write_text(json.dumps({"default": "none", "presets": {}, "skill": {"elo": elo}}))
    assert [level_of(n, "guildes") for n in ("easy", "medium", "hard")] == [4, 8, 14]


def test_play_and_serve_refuse_a_bad_skill_in_one_line():
    from click.testing import CliRunner

    from guildhall.cli import main

    for args in (["play", "guildes", "--skill", "expert"], ["serve", "--skill", "30"]):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 1 and r.output.startswith("error: skill") and r.output.count("\n") == 1, r.output


def test_a_game_whose_ladder_never_reaches_hard_keeps_three_distinct_names(tmp_path, monkeypatch):
    import json

    import search.presets as presets
    from search.skill import NAMED_ELO

    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    top = NAMED_ELO["hard"] / 3  # the strongest level measured is a third of "hard"
    elo = {"2": -100, "6": 0, "8": NAMED_ELO["easy"] / 3, "10": NAMED_ELO["medium"] / 3, "12": top}
    (tmp_path / "guildes.json").write_text(json.dumps({"default": "none", "presets": {}, "skill": {"elo": elo}}))
    assert [level_of(n, "guildes") for n in ("easy", "medium", "hard")] == [8, 10, 12]
    elo["12"] = NAMED_ELO["hard"] + 50  # a level beyond "hard": the targets are the absolute Elo again
    (tmp_path / "walled_city.json").write_text(json.dumps({"default": "none", "presets": {}, "skill": {"elo": elo}}))
    assert [level_of(n, "walled_city") for n in ("easy", "medium", "hard")] == [10, 10, 12]


@pytest.mark.parametrize("game", ["guildes", "city_and_guilds", "walled_city", "between_two_cities"])
def test_levels_below_full_search_with_the_preset_they_were_calibrated_with(game):
    from search.presets import load, options_for

    def searched(player):
        return {k: v for k, v in player.options_for(game).items() if k != "preset"}

    named = load(game)["skill"]["preset"]
    assert options_for(game, "skill") == options_for(game, named)
    assert searched(with_skill(make_player("ismcts", seed=1), 8).inner) == searched(make_player("ismcts", preset=named))
    full = with_skill(make_player("ismcts", seed=1), 20)
    assert searched(full) == searched(make_player("ismcts"))  # full strength: the game's default
    chosen = with_skill(make_player("ismcts", seed=1, preset="none"), 8)
    assert searched(chosen.inner) == searched(make_player("ismcts", preset="none"))


def test_named_levels_never_cross_on_any_calibration_of_every_level():
    import random

    from search.skill import monotone, named_levels

    rng = random.Random(4)
    for _ in range(300):  # noisy ladders of levels 0-19, as bench/ladder.py writes them
        raw = [rng.gauss(45 * lv, 120) for lv in range(20)]
        elo = dict(zip(range(20), monotone(raw)))
        picks = named_levels(elo)
        assert picks["easy"] <= picks["medium"] <= picks["hard"]
