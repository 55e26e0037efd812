"""Search: ISMCTS, baseline players, solver and time management.

Every player implements :class:`search.api.Player`; build one by name with
:func:`search.api.make_player`.
"""
from search.api import Limits, Player, SearchInfo, make_player, player_names

__all__ = ["Limits", "Player", "SearchInfo", "make_player", "player_names"]
