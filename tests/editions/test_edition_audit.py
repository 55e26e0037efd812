"""Editions an audit of the edition files (session 52) found accepted and then broken: each is
refused up front now, with a message that names the problem.

* Guildes: votes large enough for a seat's score to pass the state's score check (the game's
  own states then failed to read back); more than one draw-discard trick (a round keeps one
  draw on record); more cards dealt a round than the worlds of a view can be searched for
  (``players x dealt`` above 60: no deal found within the search's budget at 90 and 120).
* The Walled City: area names alike but for case (a move names either), two guild cards that
  print alike (name, priority and 'b').
"""
from __future__ import annotations

import copy
import json

import pytest

import engine
from engine.errors import EditionError
from tests.editions.mutate import standin


def _load(tmp_path, game: str, data: dict, players: int, variants=()):
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    return engine.make_game(game, players, list(variants), edition=str(path))


def test_guildes_votes_a_state_could_not_hold(tmp_path):
    d = standin("guildes")
    for g in d["guilds"]:
        if "militia" in g:
            g["militia"], g["copies"] = 10_000, 200
    with pytest.raises(EditionError, match="could gather .* votes over three rounds"):
        _load(tmp_path, "guildes", d, 3)


def test_guildes_two_draw_discard_tricks(tmp_path):
    d = standin("guildes")
    extra = copy.deepcopy(next(t for t in d["tricks"] if t.get("kind", t["name"]) == "draw-discard"))
    extra["name"], extra["letter"] = "redraw", "Z"
    extra["kind"] = "draw-discard"
    d["tricks"].append(extra)
    with pytest.raises(EditionError, match="at most one 'draw-discard' trick"):
        _load(tmp_path, "guildes", d, 3, ["tricks"])


@pytest.mark.parametrize("players,dealt,ok", [(3, 20, True), (3, 21, False), (6, 10, True), (6, 11, False)])
def test_guildes_cards_dealt_a_round(tmp_path, players, dealt, ok):
    d = standin("guildes")
    for g in d["guilds"]:
        g["copies"] = 200
    d["players"] = {str(players): {"dealt": dealt, "played": 3}}
    if ok:
        _load(tmp_path, "guildes", d, players)
    else:
        with pytest.raises(EditionError, match="at most 60 cards dealt a round"):
            _load(tmp_path, "guildes", d, players)


def test_the_walled_city_area_names_alike_but_for_case(tmp_path):
    d = standin("walled_city")
    areas = d["boards"]["londonderry"]["areas"]
    old = areas[1]
    areas[1] = areas[0].lower()
    text = json.dumps(d).replace(f'"{old}"', f'"{areas[1]}"')
    with pytest.raises(EditionError, match="area names must differ"):
        _load(tmp_path, "walled_city", json.loads(text), 2)


def test_the_walled_city_two_guild_cards_printed_alike(tmp_path):
    d = standin("walled_city")
    for g in d["guilds"]:
        g["b"] = True  # the audit's file: the two cards of a name and priority both 'b'
    with pytest.raises(EditionError, match="print alike"):
        _load(tmp_path, "walled_city", d, 2)
