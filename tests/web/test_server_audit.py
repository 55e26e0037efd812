"""The web server against what a browser could send or learn (an audit of session 36): no
record or undo shows a hidden card before the game is over, the dealer is not the browser's
seed, every move is read by the rules before the engine sees it, malformed messages get an
error and keep the connection, and a refused load leaves no engine process behind."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from starlette.testclient import TestClient  # noqa: E402

import engine  # noqa: E402
from engine.core import CHANCE  # noqa: E402
from guildhall.web.app import Settings, create_app  # noqa: E402
from tests.web.test_server import GAME, settled, until  # noqa: E402


class Counting(Settings):
    """Settings whose engines are kept, to see which processes outlive their game."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.spawned = []

    def spawn(self):
        eng = super().spawn()
        self.spawned.append(eng)
        return eng


@pytest.fixture
def app_settings():
    return Counting(max_games=1, max_nodes=500)


@pytest.fixture
def client(app_settings):
    with TestClient(create_app(app_settings)) as c:
        yield c


def finished_record(game: str, players: int, seed: int) -> list[str]:
    """The move items of a whole game played at random by the rules alone."""
    s, rng, items = engine.make(game, players=players, seed=seed), random.Random(seed), []
    while not s.is_terminal():
        for seat in s.to_move():
            m = rng.choice(s.legal_moves(seat))
            text = s.move_to_string(seat, m)
            items.append(f"chance {text}" if seat == CHANCE else f"seat {seat} {text}")
            s.apply(seat, m)
    return items


def alive(ws) -> dict:
    """The state after asking for it (a ``state`` request is answered by a state, then idle; an
    error before it may have sent a state of its own)."""
    ws.send_json({"type": "state"})
    return settled(ws)


def test_the_record_is_refused_until_the_game_is_over_then_given_whole(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        ws.send_json({"type": "export"})
        assert "when the game is over" in until(ws, "error")["message"]
        assert alive(ws)["ply"] == s["ply"]
        moves = finished_record("guildes", 3, 5)
        ws.send_json({"type": "load", "record": {"game": "guildes", "players": 3, "seed": 5, "moves": moves},
                      "humans": [0], "nodes": 20})
        over = settled(ws)
        assert over["over"] and over["ply"] == len(moves)
        ws.send_json({"type": "export"})
        assert until(ws, "record")["record"]["moves"] == moves
        # the cards are all shown now: taking a move back would replay a game whose hands are known
        ws.send_json({"type": "undo"})
        assert "game is over" in until(ws, "error")["message"]
        assert alive(ws)["ply"] == len(moves)


def test_the_deal_is_not_the_browsers_seed(client):
    hands = []
    with client.websocket_connect("/ws") as ws:
        for _ in range(2):
            ws.send_json(GAME)  # the same seed both times
            hands.append(settled(ws)["text"])
    assert hands[0] != hands[1]


def test_a_server_deal_seed_makes_games_repeat():
    with TestClient(create_app(Settings(max_games=1, max_nodes=500, deal_seed=11))) as c:
        hands = []
        with c.websocket_connect("/ws") as ws:
            for _ in range(2):
                ws.send_json(GAME)
                hands.append(settled(ws)["text"])
    assert hands[0] == hands[1]


@pytest.mark.parametrize("word", ["random", "RANDOM", "chance", "seat 1 x"], ids=["random", "upper", "chance", "seat"])
def test_a_move_the_rules_cannot_read_never_reaches_the_engine(client, word):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        ws.send_json({"type": "move", "move": word, "seat": 0})
        assert until(ws, "error")["message"]
        now = alive(ws)
        assert (now["ply"], now["tomove"], now["moves"]) == (s["ply"], s["tomove"], s["moves"])
        ws.send_json({"type": "move", "move": s["moves"][0], "seat": 0})  # the game goes on
        assert settled(ws)["ply"] > s["ply"]


@pytest.mark.parametrize("bad", [
    {**GAME, "players": "--2"}, {**GAME, "players": "\u00b2"}, {**GAME, "seed": "9" * 5000},
    {**GAME, "nodes": "1_0"}, {**GAME, "edition": ["x"]}, {**GAME, "edition": {"a": 1}},
    {**GAME, "humans": [True]}, {"type": "move", "move": "x", "seat": True},
    {**GAME, "skill": "9" * 400}],
    ids=["two-minus", "superscript", "5000-digits", "underscore", "edition-list", "edition-dict",
         "human-true", "seat-true", "long-skill"])
def test_malformed_fields_get_an_error_and_keep_the_connection(client, bad):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        ws.send_text(json.dumps(bad))
        assert len(until(ws, "error")["message"]) < 300
        assert alive(ws)["ply"] == s["ply"]


@pytest.mark.parametrize("raw", ["9" * 5000, "[" * 100_000, '{"type": "state", "x": ' + "9" * 5000 + "}"],
                         ids=["long-number", "deep-nesting", "long-number-field"])
def test_json_python_cannot_read_gets_an_error(client, raw):
    with client.websocket_connect("/ws") as ws:
        ws.send_text(raw)
        assert until(ws, "error")["message"] == "a message is a JSON object"
        ws.send_json(GAME)
        assert settled(ws)["svg"].startswith("<svg")


def test_a_refused_load_leaves_no_engine_running(client, app_settings):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        settled(ws)
        for moves in (["bogus"], ["seat 0 road P0"], ["chance die blue 3\rquit"], ["seat 0 x\nquit"]):
            ws.send_json({"type": "load", "record": {"game": "walled_city", "players": 2, "moves": moves}})
            assert until(ws, "error")["message"]
        playing = client.app.state.sessions and next(iter(client.app.state.sessions)).match
        idle = [e for e in app_settings.spawned if e is not playing.eng]
        for e in idle:
            e.proc.wait(timeout=10)
        assert len(idle) == 4 and all(e.proc.poll() is not None for e in idle)
        assert alive(ws)["game"] == "guildes"


def test_a_seats_view_is_refused_as_a_start(client):
    s = engine.make("guildes", players=3, seed=2)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.legal_moves(CHANCE)[0])
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "load", "record": {"game": "guildes", "players": 3, "start": s.observe(0).to_string(),
                                                 "moves": []}})
        assert "view cannot be played on" in until(ws, "error")["message"]


def test_a_game_without_a_player_count_gets_the_one_it_plays_without_a_variant(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "new", "game": "between_two_cities", "engine": "random"})
        assert settled(ws)["players"] == 3


def test_a_page_from_another_site_cannot_open_a_game(client):
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws:
            ws.send_json(GAME)
            ws.receive_json()
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        ws.send_json(GAME)
        assert settled(ws)["svg"].startswith("<svg")


def test_undo_does_not_reshuffle_the_deck(client):
    """A chance outcome taken back by an undo comes out again when the same draw comes up,
    so a player cannot undo to fish for better cards."""
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "new", "game": "city_and_guilds", "players": 3, "humans": [0, 1, 2],
                      "engine": "random"})
        s = settled(ws)
        match = next(iter(client.app.state.sessions)).match
        for _ in range(300):
            seat = int(next(t for t in s["tomove"] if t.isdigit()))
            ws.send_json({"type": "move", "move": s["moves"][0], "seat": seat})
            s = settled(ws)
            rec = list(match.record)
            if rec[-1].startswith("chance ") and rec[-2].startswith("seat "):
                break
        else:
            raise AssertionError("no draw followed a move")
        mover, move = rec[-2].split(" ", 2)[1:]
        ws.send_json({"type": "undo"})
        until(ws, "state")
        assert match.record == rec[:-2]
        ws.send_json({"type": "move", "move": move, "seat": int(mover)})
        settled(ws)
        assert match.record[:len(rec)] == rec


def test_a_move_is_recorded_as_the_rules_write_it(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        ws.send_json({"type": "move", "move": "  " + s["moves"][0].upper() + " ", "seat": 0})
        settled(ws)
        match = next(iter(client.app.state.sessions)).match
        assert f"seat 0 {s['moves'][0]}" in match.record
