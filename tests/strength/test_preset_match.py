"""bench/preset_match.py names each row's presets as written and as resolved at the table."""
import json

import pytest

import search.presets as presets
from bench.preset_match import report, resolved

GAME = "between_two_cities"
FILE = {"default": "small", "default_by_players": {"7": "full"},
        "presets": {"small": {"options": {"exploration": 0.5}}, "full": {"options": {"exploration": 3.0}}}}


def row(players, lone="default", field="small"):
    return {"id": "r", "game": GAME, "players": players, "movetime": 100, "games": 2, "seed": 1,
            "lone": lone, "field": field}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    (tmp_path / f"{GAME}.json").write_text(json.dumps(FILE))
    return tmp_path


def cells(line):
    return [c.strip() for c in line.split("|")[1:-1]]


def test_default_is_reported_with_the_preset_it_stands_for_at_the_tables_count(folder):
    assert cells(report([row(7)], {})[2])[3:5] == ["default -> full", "small"]
    assert cells(report([row(3)], {})[2])[3:5] == ["default -> small", "small"]
    assert cells(report([row(3, "small", "full")], {})[2])[3:5] == ["small", "full"]


def test_a_logged_game_keeps_what_default_stood_for_when_it_was_played(folder):
    recs = [{"game": i, "share": 0.5, "s": 1.0, "load": 1.0, **resolved(row(7))} for i in range(2)]
    assert recs[0]["lone_preset"] == "full" and recs[0]["field_preset"] == "small"
    FILE2 = dict(FILE, default_by_players={})  # the file changed after the games
    (folder / f"{GAME}.json").write_text(json.dumps(FILE2))
    presets._CACHE.clear()
    assert cells(report([row(7)], {"r": recs})[2])[3] == "default -> full"
    assert cells(report([row(7)], {})[2])[3] == "default -> small"
