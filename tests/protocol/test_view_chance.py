"""Chance on a seat's view: a draw hidden from the seat (a deal's cards) is listed as no outcome
and refused as a move with ``illegal-move``, the view unchanged; a public draw (The Walled
City's dice) is listed and played as on the full state."""
import pytest

from guildhall.session import Session

PLIES = 400


def session() -> tuple[Session, list[str]]:
    lines: list[str] = []
    return Session(lines.append), lines


def ask(s: Session, lines: list[str], line: str) -> list[str]:
    del lines[:]
    s.handle(line)
    return list(lines)


def view_at_chance(game: str, players: int, hidden: bool) -> tuple[Session, list[str]]:
    """A session holding seat 0's view at the first chance step whose outcomes that view
    knows (``hidden=False``) or does not (``hidden=True``)."""
    s, lines = session()
    ask(s, lines, f"newgame {game} players {players} seed 3")
    for _ in range(PLIES):
        if s.state.is_chance():
            view = s.state.observe(0)
            if bool(view.chance_outcomes()) != hidden:
                assert ask(s, lines, "position " + view.to_string()) == []
                return s, lines
        assert ask(s, lines, "play random") == []
    pytest.fail(f"no chance step with {'hidden' if hidden else 'public'} outcomes in {PLIES} plies")


@pytest.mark.parametrize("game,players", [("city_and_guilds", 3), ("guildes", 3), ("between_two_cities", 3)])
def test_a_hidden_draw_has_no_outcome_on_the_view_and_cannot_be_played(game, players):
    s, lines = view_at_chance(game, players, hidden=True)
    before = s.state.to_string()
    assert ask(s, lines, "validmoves chance") == ["validmoves chance moves "]
    assert ask(s, lines, "validmoves") == ["validmoves chance moves "]
    out = ask(s, lines, "play random")
    assert len(out) == 1 and out[0].startswith("error illegal-move seat 0's view cannot draw"), out
    assert s.state.to_string() == before
    assert ask(s, lines, "status")[0].startswith("status tomove chance ")


def test_a_public_draw_is_listed_and_played_on_the_view():
    s, lines = view_at_chance("walled_city", 3, hidden=False)
    [listed] = ask(s, lines, "validmoves chance")
    assert listed.startswith("validmoves chance moves ") and len(listed) > len("validmoves chance moves ")
    assert ask(s, lines, "play random") == []
