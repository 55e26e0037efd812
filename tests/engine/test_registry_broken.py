"""Every game package in engine/ imports and registers (none silently broken)."""
import engine
from engine.registry import broken_games


def test_no_game_package_is_broken():
    engine.games()
    assert broken_games() == {}
