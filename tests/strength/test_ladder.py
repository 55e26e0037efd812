"""bench/ladder.py: the balanced draw, the per-game log, and --write-skill with any levels."""
import json
import random

from bench.ladder import draw_table, ladder, read_log, report, write_skill
from search.skill import calibration, level_of

ENTRIES = ["random"] + [f"skill:{lv}" for lv in range(20)]


def test_a_balanced_draw_seats_every_entry_equally_and_never_twice_in_a_game():
    rng, sat = random.Random(5), {e: 0 for e in ENTRIES}
    tables = [draw_table(ENTRIES, 4, rng, sat) for _ in range(105)]
    assert all(len(set(t)) == 4 for t in tables)
    assert set(sat.values()) == {20}
    seats = {e: sum(t.count(e) for t in tables) for e in ENTRIES}
    assert seats == sat
    rng, sat = random.Random(6), {e: 0 for e in ENTRIES}
    for _ in range(50):  # 200 seats over 21 entries: 9 or 10 each
        draw_table(ENTRIES, 4, rng, sat)
    assert set(sat.values()) == {9, 10}


def test_the_unbalanced_draw_is_the_one_older_ladders_used():
    # the seed of an older ladder's "how" must still replay its games
    def old(entries, players, rng):
        pool = list(entries)
        rng.shuffle(pool)
        table = (pool * ((players + len(pool) - 1) // len(pool)))[:players]
        rng.shuffle(table)
        return table

    a, b = random.Random(11), random.Random(11)
    for entries in (ENTRIES, ["random", "it:32"]):
        assert [draw_table(entries, 4, a) for _ in range(30)] == [old(entries, 4, b) for _ in range(30)]


def test_the_log_holds_every_game_s_seats_and_keys(tmp_path):
    log = tmp_path / "ladder.jsonl"
    res = ladder("city_and_guilds", 3, ["random", "skill:0", "skill:1"], 2, seed=7, echo=lambda s: None,
                 balanced=True, log=str(log))
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["game"] for r in rows] == [0, 1]
    assert [[(e, tuple(k)) for e, k in zip(r["seats"], r["keys"])] for r in rows] == res
    assert read_log(str(log)) == res


def test_the_report_rates_a_log_against_the_anchor(capsys):
    # a always beats b, b always beats random: the order of the table, random at 0
    res = [[("random", (1,)), ("a", (3,)), ("b", (2,))]] * 8 + [[("random", (2,)), ("a", (1,)), ("b", (3,))]]
    elo = report(res, ["random", "b", "a"], "head", seed=1)
    out = capsys.readouterr().out
    assert elo["random"] == 0 and 0 < elo["b"] < elo["a"]
    assert "| random | 9 | 0 | [0, 0] |" in out and "head; pairwise Elo" in out


def test_write_skill_stores_odd_and_high_levels_and_keeps_the_rest(tmp_path, monkeypatch):
    import search.presets as presets

    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    old = {"default": "p", "presets": {"p": {"c": 1.0}}, "skill": {"preset": "p", "elo": {"0": 5, "20": 9}}}
    (tmp_path / "guildes.json").write_text(json.dumps(old))
    elo = {"random": 0.0, "skill:0": -40.0, "skill:1": 160.0, "skill:2": 120.0, "skill:19": 900.4, "it:32": 300.0}
    write_skill("guildes", elo, list(elo), "how")
    data = json.loads((tmp_path / "guildes.json").read_text())
    assert data["presets"] == old["presets"] and data["default"] == "p"
    assert data["skill"] == {"preset": "p", "elo": {"0": -40, "1": 160, "2": 120, "19": 900}, "how": "how"}
    assert calibration("guildes") == {0: -40.0, 1: 140.0, 2: 140.0, 19: 900.0}  # the dip at 2 is pooled
    assert level_of("easy", "guildes") == 1 and level_of("hard", "guildes") == 19
