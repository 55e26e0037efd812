"""``position STATE`` tries a state from outside in the interpreted kernel (engine/playable.py:
up to 0.3 s a position, compiled or not), but not a position the session holds or held -- its own, one
before it, one it was set away from, or a seat's view of one -- which was tried when it came
in or was reached from one by legal moves.  A state that differs in anything is tried."""
import pytest

import guildhall.trials as trials_module
from guildhall.session import Session


@pytest.fixture
def trials(monkeypatch):
    tried = []
    real = trials_module.check_playable

    def counting(state):
        tried.append(state.to_string())
        real(state)

    monkeypatch.setattr(trials_module, "check_playable", counting)
    return tried


def run(sess, out, line):
    out.clear()
    sess.handle(line)
    assert not [x for x in out if x.startswith("error")], (line, out)
    return list(out)


def played(game="city_and_guilds", players=3, moves=6):
    out = []
    sess = Session(out.append)
    run(sess, out, f"newgame {game} players {players} seed 3")
    for _ in range(moves):
        run(sess, out, "play random")
    return sess, out


def test_the_state_and_views_the_engine_printed_are_not_tried_again(trials):
    sess, out = played()
    [full] = run(sess, out, "view")
    views = [run(sess, out, f"view {seat}")[0] for seat in range(3)]
    for text in views + [full] + views[::-1]:
        run(sess, out, "position " + text[len("view "):])
    assert trials == []
    assert sess.state.to_string() == views[0][len("view "):]


def test_earlier_positions_are_held_and_a_new_game_forgets_them(trials):
    sess, out = played()
    [start] = run(sess, out, "view")
    for _ in range(3):
        run(sess, out, "play random")
    run(sess, out, "position " + start[len("view "):])  # one held in the history
    assert trials == []
    run(sess, out, "newgame city_and_guilds players 3 seed 3")
    run(sess, out, "position " + start[len("view "):])
    assert len(trials) == 1


def test_a_state_that_differs_is_tried_and_a_bad_one_refused(trials):
    sess, out = played()
    later = played(moves=7)[0].state.to_string()
    run(sess, out, "position " + later)  # one move further in another session: not held here
    assert trials == [later]
    bad = later.replace("men=18,", "men=19,", 1)  # a seat with a man more than the game has
    assert bad != later
    out.clear()
    sess.handle("position " + bad)
    assert out and out[0].startswith("error bad-state"), out
    assert sess.state.to_string() == later  # nothing changed


def dealt(game, players):
    """A session at a new game, that game dealt (the deal is public to the frontend) and seat
    0's view of it, as a frontend would send it."""
    out = []
    sess = Session(out.append)
    run(sess, out, f"newgame {game} players {players} seed 5")
    full = sess.state.clone()
    while full.to_move() and full.to_move()[0] < 0:  # the deal is public to the frontend
        full.apply(-1, full.sample_chance())
    start = full.observe(0).to_string()
    return sess, full, start


@pytest.mark.parametrize("game,players", [("walled_city", 2), ("walled_city", 3)])
def test_a_game_sent_again_each_turn_tries_each_new_position_once(trials, game, players):
    sess, full, start = dealt(game, players)
    out, played, per_command = [], [], []
    sess.out = out.append
    for _ in range(6):
        seat = full.to_move()[0]
        if seat < 0:
            break
        view = full.observe(0)  # a move the frontend can send: one seat 0's view can follow
        move = next(m for m in full.legal_moves(seat) if view.is_legal(seat, m))
        played.append(f"seat {seat} {full.move_to_string(seat, move)}")
        full.apply(seat, move)
        before = len(trials)
        run(sess, out, f"position {start} moves " + "; ".join(played))
        per_command.append(len(trials) - before)
        assert sess.state == full.observe(0)
    assert per_command[0] == 2  # the first view and the view after the first move
    assert per_command[1:] == [1] * (len(per_command) - 1)  # only the new move's view


def test_a_view_that_passed_is_known_beyond_the_held_positions(trials):
    sess, full, start = dealt("city_and_guilds", 3)
    out = []
    sess.out = out.append
    run(sess, out, "position " + start)
    for seed in range(20):  # more positions than the session holds or keeps
        run(sess, out, f"position startpos seed {seed} moves random; random")
    run(sess, out, "position " + start)
    assert trials == [start]  # passed once, so known though no longer held


def test_an_engine_process_follows_a_game_sent_again_each_turn():
    """The same replay through a real ``guildhall engine``: every command taken, and its view at
    each turn the one the frontend holds."""
    from tests.protocol.conftest import expect, start
    _, full, start_view = dealt("walled_city", 2)
    eng = start()
    try:
        assert expect(eng, "newgame walled_city players 2 seed 5") == []
        played = []
        for _ in range(6):
            seat, view = full.to_move()[0], full.observe(0)
            move = next(m for m in full.legal_moves(seat) if view.is_legal(seat, m))
            played.append(f"seat {seat} {full.move_to_string(seat, move)}")
            full.apply(seat, move)
            assert expect(eng, f"position {start_view} moves " + "; ".join(played)) == []
            assert expect(eng, "view") == ["view " + full.observe(0).to_string()]
    finally:
        eng.quit()
    assert eng.proc.poll() is not None  # no engine process left behind
