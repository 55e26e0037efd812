"""State strings: ``?`` is a value the seat cannot see, ``-`` a value that does not exist.

On random states of every variant (run in both modes): a full state prints
no ``?``; its views print ``?`` only where the full state has a value and
``-`` exactly where it has none; every string parses back to the same
buffer; a sampled world has the same ``-`` as the state and the same view.
Strings written before ``-`` existed (``?`` for both) still parse where the
``?`` cannot be hidden, and are refused with the field's name where it can.
"""
from __future__ import annotations

import random
import re

import numpy as np
import pytest

import engine
from cython_ext.between_two_cities_encoding import NOTHING, UNSEEN
from engine.core import CHANCE, make_rng
from engine.errors import BadState
from tests.editions.mutate import CONFIGS
from tests.knowledge.test_knowledge import _random_states

VARIANTS = CONFIGS["between_two_cities"]


def tokens(text: str) -> dict[str, list[str]]:
    return {name: values.split(",") for name, _, values in (t.partition("=") for t in text.split())}


def legacy(text: str) -> str:
    """The same string as written before ``-`` existed."""
    return " ".join(t.replace("-", "?") if t.split("=")[0] in NONE else t for t in text.split())


NONE = ("mat", "dcard", "ddisc", "chosen", "pend", "jpick", "disc", "jdisc")


@pytest.mark.parametrize("players, variants", VARIANTS)
def test_views_print_unknown_only_for_hidden_and_dash_only_for_none(players, variants):
    game_states = list(_random_states("between_two_cities", players, variants, seed=players + 31, every=17))
    assert len(game_states) > 3
    for n, state in enumerate(game_states):
        g = state.game
        full = state.to_string()
        assert "?" not in full.split("head=")[1]
        assert g.parse_state(full).buf.tolist() == state.buf.tolist()
        assert g.parse_state(legacy(full)).buf.tolist() == state.buf.tolist()
        ft = tokens(full)
        for seat in range(players):
            view = state.observe(seat)
            text = view.to_string()
            assert g.parse_state(text).buf.tolist() == view.buf.tolist()
            assert g.parse_state(legacy(text)).buf.tolist() == view.buf.tolist()
            for name, values in tokens(text).items():
                if name == "head":
                    continue
                for v, w in zip(values, ft[name]):
                    assert (v == "-") == (w == "-"), f"{name}: none in one of view and state only"
                    assert v != "?" or w.isdigit(), f"{name}: '?' where the state has {w!r}"
            world = state.determinize(seat, make_rng(n * 10 + seat))
            assert world.observe(seat) == view
            assert ((world.buf == NOTHING) == (state.buf == NOTHING)).all()
            assert not (world.buf == UNSEEN).any()


def _state(players=3, variants=(), plies=40, seed=4):
    s = engine.make("between_two_cities", players=players, variants=list(variants), seed=seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            seat = movers[0]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])
    return s


def test_a_full_state_with_a_hidden_value_is_refused_with_its_field():
    s = _state()
    while not s.game.layout.view(s.buf, "done").any():  # a seat has chosen: its pair exists
        seat = s.to_move()[0]
        s.apply(seat, s.legal_moves(seat)[0])
    g, lay = s.game, s.game.layout
    t = s.clone()
    s_done = int(np.flatnonzero(lay.view(t.buf, "done"))[0])
    lay.view(t.buf, "chosen")[s_done] = UNSEEN
    with pytest.raises(BadState, match="'chosen'.*full state"):
        g.parse_state(t.to_string())
    t = s.clone()
    lay.view(t.buf, "hand")[0, 0] = UNSEEN
    with pytest.raises(BadState, match="'hand'.*full state"):
        g.parse_state(t.to_string())
    with pytest.raises(BadState, match="'hand' has no '-'"):
        g.parse_state(re.sub(r"hand=\d+,", "hand=-,", s.to_string()))


def test_a_view_with_unknown_where_nothing_can_be_hidden_reads_it_as_none_or_refuses():
    s = _state()
    g, lay = s.game, s.game.layout
    v = s.observe(0)
    assert int(lay.view(v.buf, "ddisc")[0]) == NOTHING
    assert g.parse_state(v.to_string().replace("ddisc=-", "ddisc=?")) == v  # legacy: none
    w = v.clone()
    lay.view(w.buf, "ddisc")[0] = UNSEEN  # written directly: refused by the check
    with pytest.raises(BadState, match="'ddisc'.*nothing there can be hidden"):
        g.check_buffer(w.buf)
