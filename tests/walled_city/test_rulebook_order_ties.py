"""Who goes first when votes tie, at each point the rulebook orders players by votes: the
defense phase of both rounds ("If tied for Votes, the tied player with the lower Priority
number goes first") and round 2's align ("the tied player who had the lower-numbered Guild in
round 1 picks first"), with a "b" card after the same number without it; and the display left
for round 2 ("Unchosen Guilds remain in the display").  Votes are set just before the move
that orders the players, with nobody on the board so that the count adds nothing."""
from __future__ import annotations

from tests.walled_city.helpers import f, guild_id, setup_state, to_phase

PLAYERS = 4
VARIANTS = ("mixed-guilds",) + tuple(f"no-powers-{i}" for i in range(PLAYERS))


def give(s, field: str, seat: int, power: str) -> None:
    """Seat ``seat`` holds (in ``field``: guild or guild1) the guild of ``power``."""
    g = guild_id(s, power)
    for p in range(PLAYERS):
        if f(s, field)[p] == g + 1:
            f(s, field)[p] = 0
    f(s, "gstate")[g] = 3
    f(s, field)[seat] = g + 1


def empty(s) -> None:
    for name in ("an", "ap", "tw"):
        f(s, name)[:] = 0


def last_adjust(round_: int, seed: int = 2):
    pieces = "roads" if round_ == 1 else "walls"
    return to_phase(setup_state(PLAYERS, VARIANTS, seed),
                    lambda s: int(f(s, "round")[0]) == round_ and int(f(s, "phase")[0]) == 9
                    and int(f(s, pieces).sum()) == 0, seed)


def holds(s) -> None:
    """Seats 0..3 hold Clothworkers 12, Carpenters 1b, Grocers 2, Mercers 1."""
    for seat, power in enumerate(("clothworkers", "carpenters-b", "grocers", "mercers")):
        give(s, "guild", seat, power)


def test_round_one_defense_fewest_votes_first_ties_to_the_lower_priority():
    s = last_adjust(1)
    holds(s)
    empty(s)
    f(s, "score")[:] = [5, 5, 9, 5]
    s.apply_string(s.to_move()[0], "pass")
    assert int(f(s, "phase")[0]) == 10 and list(f(s, "score")) == [5, 5, 9, 5]
    assert list(f(s, "order")) == [3, 1, 0, 2]        # Mercers 1, Carpenters 1b, Clothworkers 12; 9 last
    assert s.to_move() == (3,)


def test_round_two_align_fewest_votes_first_ties_to_the_lower_round_one_guild():
    s = last_adjust(1)
    holds(s)
    empty(s)
    s.apply_string(s.to_move()[0], "pass")
    for _ in range(PLAYERS - 1):                      # every defense card but the last
        seat = s.to_move()[0]
        s.apply(seat, s.legal_moves(seat)[0])
        s.apply(seat, s.legal_moves(seat)[0])
    seat = s.to_move()[0]
    s.apply(seat, s.legal_moves(seat)[0])
    f(s, "score")[:] = [2, 7, 7, 7]
    s.apply(seat, s.legal_moves(seat)[0])             # the last card: round 2 begins
    assert int(f(s, "round")[0]) == 2 and int(f(s, "phase")[0]) == 2
    assert list(f(s, "guild")) == [0] * PLAYERS       # round-1 guilds discarded
    assert list(f(s, "order")) == [0, 3, 1, 2]        # 2 votes; then Mercers 1, Carpenters 1b, Grocers 2
    assert s.to_move() == (0,)


def test_round_two_defense_ties_go_to_the_lower_round_two_priority():
    s = last_adjust(2)
    holds(s)
    give(s, "guild1", 0, "mercers")                   # round-1 guilds must not decide here
    give(s, "guild1", 3, "clothworkers")
    empty(s)
    f(s, "wall")[:] = 1
    f(s, "score")[:] = [8, 8, 8, 8]
    s.apply_string(s.to_move()[0], "pass")
    assert list(f(s, "order")) == [3, 1, 2, 0] and s.to_move() == (3,)


def test_unchosen_guilds_stay_on_display_for_round_two():
    s = to_phase(setup_state(PLAYERS, VARIANTS, 5), lambda s: int(f(s, "phase")[0]) == 2)
    shown = set(s.legal_moves(0))
    assert len(shown) == s.game.topo["display"] == 9
    s = to_phase(s, lambda s: int(f(s, "round")[0]) == 2, 5)
    taken = {int(g) - 1 for g in f(s, "guild1")}
    assert taken <= shown and len(taken) == PLAYERS
    assert set(s.legal_moves(s.to_move()[0])) == shown - taken


def test_align_example_three_players_leave_four_guilds_for_round_two():
    # "These are the four Guilds left in the display": 3 players, a display of 7, 3 taken
    s = to_phase(setup_state(3, (), 7), lambda s: int(f(s, "phase")[0]) == 2)
    shown = set(s.legal_moves(s.to_move()[0]))
    assert len(shown) == s.game.topo["display"] == 7
    s = to_phase(s, lambda s: int(f(s, "round")[0]) == 2, 7)
    taken = {int(g) - 1 for g in f(s, "guild1")[:3]}
    left = set(s.legal_moves(s.to_move()[0]))
    assert len(taken) == 3 and left == shown - taken and len(left) == 4
