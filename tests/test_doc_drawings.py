"""The drawings shown in docs/games/*.md, made again as their text says and compared verbatim:
a change to a drawing fails here until the doc shows what the code draws."""
import os
import re

import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.search.bounds_helpers import play_randomly

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "games")


def block_after(doc: str, heading: str) -> str:
    """The first fenced block after ``heading`` in ``docs/games/<doc>``."""
    text = open(os.path.join(DOCS, doc), encoding="utf-8").read()
    rest = text[text.index(heading):]
    return re.search(r"```\n(.*?)\n```", rest, re.S).group(1)


def between_two_cities():
    # "Seat 0's view at the choose step of round 2 (3 players, seed=4, from make_rng(4))"
    s = engine.make("between_two_cities", 3, seed=4)
    play_randomly(s, make_rng(4), until=lambda st, _: st.to_move() != (CHANCE,) and int(
        st.buf[st.game.layout["round"]]) == 1 and st.game.phase(st) == 5)
    return s.draw(0)


def walled_city():
    # "Seat 0's view after 40 random moves (3 players, Londonderry, seed=3, from make_rng(3))"
    s = engine.make("walled_city", 3, seed=3)
    play_randomly(s, make_rng(3), until=lambda st, made: made == 40 and st.to_move() != (CHANCE,))
    return s.draw(0)


@pytest.mark.parametrize("doc, heading, draw", [
    ("between_two_cities.md", "## Drawing (`state.draw(seat)`)", between_two_cities),
    ("walled_city.md", "## Drawing example", walled_city)])
def test_the_doc_shows_what_the_code_draws(doc, heading, draw):
    assert draw() == block_after(doc, heading)
