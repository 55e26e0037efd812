"""A third-party player written before ``Player.settings`` took ``players`` (session 13) still
says its settings in debug mode: the caller reads the signature once and calls it the old way."""
import warnings

import pytest

import engine
from engine.perft import play_to_decision
from search.api import Limits, Player, SearchInfo, SearchSettings, root_moves, settings_of
from search.skill import with_skill


class OldPlugin(Player):
    """A plugin player with the pre-session-13 signature ``settings(self, game, limits)``."""

    name = "old-plugin"

    def settings(self, game, limits):
        return SearchSettings(self.name, {"game": game})

    def search(self, view, seat, limits, on_info, stop):
        return SearchInfo(best=root_moves(view, seat, limits)[0])


class BrokenNewPlugin(OldPlugin):
    """The new signature with a bug inside: its TypeError must reach the caller."""

    def settings(self, game, limits, players=None):
        return SearchSettings(self.name, {"seats": len(players)})  # TypeError: len(int)


def decision():
    return play_to_decision(engine.make("walled_city", players=2, seed=1), 1)


def test_an_old_signature_plugin_says_its_settings_in_debug_mode():
    s = decision()
    seat = s.to_move()[0]
    p = OldPlugin(seed=1)
    got = []
    p.on_settings = got.append
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert p.choose(s, seat, Limits(iterations=5)) in s.legal_moves(seat)
    assert got == [SearchSettings("old-plugin", {"game": "walled_city"})]


def test_an_old_signature_plugin_under_a_skill_level():
    s = decision()
    seat = s.to_move()[0]
    p = with_skill(OldPlugin(seed=1), 3)
    got = []
    p.on_settings = got.append
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        p.choose(s, seat, Limits(iterations=5))
    assert len(got) == 1 and got[0].player == "old-plugin" and got[0].skill == 3


def test_a_typeerror_inside_a_new_signature_is_not_retried_the_old_way():
    with pytest.raises(TypeError, match="len"):
        settings_of(BrokenNewPlugin(seed=1), "walled_city", Limits(), 2)


def test_the_players_argument_reaches_a_new_signature():
    class Seats(OldPlugin):
        def settings(self, game, limits, players=None):
            return SearchSettings(self.name, {"players": players})

    assert settings_of(Seats(seed=1), "walled_city", Limits(), 3).options == {"players": 3}
