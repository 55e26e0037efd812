"""A -1 that is a value (a passing direction, a -1 card or chit, money or votes below zero) is
written ``-1`` in state strings and views, never ``?`` (which says: hidden from this seat)."""
import random

import pytest

import engine
from engine.core import make_rng

SIGNED = {("guildes", ("tricks",)): ("dir", "virt"), ("city_and_guilds", ()): ("money",),
          ("walled_city", ()): ("score", "chit")}


def field(text: str, name: str) -> list[str]:
    return next(tok for tok in text.split() if tok.startswith(name + "=")).split("=", 1)[1].split(",")


@pytest.mark.parametrize("game,variants", list(SIGNED))
def test_signed_fields_never_print_a_question_mark(game, variants):
    g = engine.make_game(game, 3, variants)
    seen_minus = set()
    for seed in range(4):
        s, r, rng = g.new_initial_state(seed=seed), random.Random(seed), make_rng(seed)
        while not s.is_terminal():
            for text in [s.to_string()] + [s.observe(p).to_string() for p in range(3)]:
                for name in SIGNED[(game, variants)]:
                    vals = field(text, name)
                    assert "?" not in vals, (name, vals)
                    seen_minus.update(name for v in vals if v == "-1")
            if s.is_chance():
                s.apply_trusted(-1, s.sample_chance(rng))
            else:
                seat = s.to_move()[0]
                s.apply(seat, r.choice(s.legal_moves(seat)))
    # random games meet a right-passing round, a -1 chit (City and Guilds' money rarely ends at -1)
    assert seen_minus or game == "city_and_guilds", "no -1 met: the test shows nothing"


@pytest.mark.parametrize("game,variants", list(SIGNED))
def test_a_minus_one_in_each_signed_field_is_written_and_read_back(game, variants):
    g = engine.make_game(game, 3, variants)
    s = g.new_initial_state(seed=1)
    names = [x for x in SIGNED[(game, variants)] if x != "virt"]  # virtual cards exist only in a trick phase
    for name in names:
        g.layout.view(s.buf, name).flat[0] = -1
    text = s.to_string()
    for name in names:
        assert field(text, name)[0] == "-1" and field(s.observe(0).to_string(), name)[0] == "-1"
    assert (g.parse_state(text).buf == s.buf).all()
