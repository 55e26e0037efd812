"""The web server through its websocket: a game, bad messages, a killed engine, the caps."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from starlette.testclient import TestClient  # noqa: E402

from guildhall.web.app import Settings, create_app  # noqa: E402

GAME = {"type": "new", "game": "guildes", "players": 3, "humans": [0], "engine": "ismcts", "nodes": 20,
        "seed": 3}


def until(ws, kind: str, limit: int = 400) -> dict:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def settled(ws) -> dict:
    """The state once the AI and chance are done (the message after the last ``idle``)."""
    last = None
    for _ in range(2000):
        msg = ws.receive_json()
        if msg["type"] == "state":
            last = msg
        elif msg["type"] == "idle":
            return last
        elif msg["type"] == "error":
            raise AssertionError(msg["message"])
    raise AssertionError("never idle")


@pytest.fixture
def client():
    with TestClient(create_app(Settings(max_games=1, max_nodes=500))) as c:
        yield c


def test_catalogue_lists_every_game(client):
    data = client.get("/api/games").json()
    assert {g["name"] for g in data["games"]} >= {"guildes", "walled_city", "city_and_guilds",
                                                  "between_two_cities"}
    assert client.get("/").status_code == 200 and "app.js" in client.get("/").text


def test_a_move_then_undo(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        assert s["moves"] and "0" in s["tomove"] and s["svg"].startswith("<svg")
        ws.send_json({"type": "move", "move": s["moves"][0], "seat": 0})
        after = settled(ws)
        assert after["ply"] > s["ply"]
        ws.send_json({"type": "undo"})
        back = until(ws, "state")
        assert back["ply"] == s["ply"] and back["moves"] == s["moves"]


def test_bad_messages_get_an_error_and_the_game_goes_on(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        for bad in ("not json", json.dumps([1, 2]), json.dumps({"type": "fly"}),
                    json.dumps({"type": "move", "move": "alchemists", "seat": 0}),
                    json.dumps({"type": "move", "move": s["moves"][0], "seat": 1}),
                    json.dumps({"type": "move"}),
                    json.dumps({**GAME, "players": 99}), json.dumps({**GAME, "edition": "/etc/passwd"}),
                    json.dumps({**GAME, "nodes": 10 ** 9}), json.dumps({**GAME, "game": "chess"}),
                    json.dumps({"type": "load", "record": {"game": "guildes", "players": 3,
                                                           "moves": ["seat 0 nonsense"]}})):
            ws.send_text(bad)
            assert until(ws, "error")["message"]
        ws.send_json({"type": "state"})
        now = until(ws, "state")
        assert now["ply"] == s["ply"] and now["moves"] == s["moves"]


def test_a_killed_engine_is_restarted_from_the_record(client):
    with client.websocket_connect("/ws") as ws:
        ws.send_json(GAME)
        s = settled(ws)
        session_match = next(iter(client.app.state.sessions)).match
        session_match.eng.proc.kill()
        session_match.eng.proc.wait()
        ws.send_json({"type": "move", "move": s["moves"][0], "seat": 0})
        after = settled(ws)
        assert after["restarts"] >= 1 and after["ply"] > s["ply"]


def test_the_cap_on_games(client):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        a.send_json(GAME)
        settled(a)
        b.send_json(GAME)
        assert "maximum" in until(b, "error")["message"]


def test_load_a_record_part_way(client):
    from tests.web.test_server_audit import finished_record

    moves = finished_record("guildes", 3, 8)[:60]
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "load", "record": {"game": "guildes", "players": 3, "seed": 8, "moves": moves},
                      "humans": [0, 1, 2], "nodes": 20})
        s = settled(ws)
        assert s["ply"] == 60 and not s["over"] and s["moves"]
        # the record holds every hidden card: not before the game is over
        ws.send_json({"type": "export"})
        assert "when the game is over" in until(ws, "error")["message"]


def test_the_analysis_of_an_ai_seat_names_none_of_its_moves(client):
    # the AI's candidate moves are the cards of its hidden hand; only a hint for a
    # human seat may list moves
    with client.websocket_connect("/ws") as ws:
        ws.send_json(dict(GAME, nodes=200))
        s = settled(ws)
        ws.send_json({"type": "move", "move": s["moves"][0], "seat": 0})
        infos = []
        for _ in range(2000):
            msg = ws.receive_json()
            if msg["type"] == "info":
                infos.append(msg)
            elif msg["type"] == "idle":
                break
        ai = [m for m in infos if m["seat"] != 0]
        assert ai, "the AI seats reported no search"
        assert all(m["hidden"] and m["moves"] == [] and m["pv"] == [] and "expected" not in m for m in ai)
