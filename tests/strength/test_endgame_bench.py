"""bench/endgame_value.py's positions and endings (the pilot of session 45's endgame option)."""
import engine
from bench.endgame_value import ending, position, self_play
from engine.core import CHANCE
from search.api import Limits, make_player

FAST = Limits(iterations=2)


def test_self_play_keeps_every_decision_and_a_position_is_counted_from_the_end():
    g = engine.make_game("walled_city", 2)
    history = self_play(g, FAST, 5)
    assert all(not s.is_terminal() and s.to_move()[0] != CHANCE for s in history)
    assert history[0].to_move() and len(history) >= 100
    p = position(g, 6, FAST, 5)
    assert p == history[-6]  # the same game: seeded players at an iteration budget


def test_an_ending_is_played_out_from_its_start_and_leaves_it_unchanged():
    g = engine.make_game("walled_city", 2)
    start = position(g, 6, FAST, 5)
    before = start.clone()
    players = [make_player("ismcts", seed=s) for s in range(2)]
    shares = ending(start, players, FAST, 9)
    assert start == before and sorted(shares) in ([0.0, 1.0], [0.5, 0.5])
    again = ending(start, [make_player("ismcts", seed=s) for s in range(2)], FAST, 9)
    assert again == shares
