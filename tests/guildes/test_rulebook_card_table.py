"""Rulebook, Components and Guild Card Details, with FACTS.md's card table (the
values the rulebook shows only in pictures): every guild's copies and votes
per round and place as the count uses them, the Militia, the "worth 10 or
more" guilds, the event cards' arrows and the trick cards A-I.

The table below is copied from shared/rules/FACTS.md ("use exactly this").
"""
import numpy as np
import pytest

import engine
from tests.guildes.helpers import table

FACTS = {  # guild: (copies, round 1, round 2, round 3)
    "alchemists": (12, [12], [12, 6], [14, 7, 4, 2]),
    "knights": (11, [11], [11, 5], [11, 5, 3]),
    "nobles": (10, [10], [10, 5], [12, 6, 3]),
    "priests": (10, [10], [10, 4], [13, 6, 2]),
    "bourgeois": (9, [9], [10, 5], [12, 6]),
    "scholars": (8, [8], [8, 4], [9, 5, 2]),
    "artisans": (7, [7], [7, 4], [7, 4, 1]),
    "fishermen": (6, [6], [7, 3], [8, 4]),
    "merchants": (5, [5], [6, 3], [7, 4, 2]),
    "masons": (4, [4], [5, 2], [6, 3, 1]),
    "brewers": (4, [4], [5, 3], [6, 3, 2]),
    "weavers": (3, [3], [4, 2], [5, 3, 1]),
    "physicians": (3, [3], [4, 2], [5, 2, 1]),
    "minstrels": (3, [3], [4, 1], [5, 2, 1]),
}


@pytest.fixture(scope="module")
def g6():
    return engine.make_game("guildes", 6)


def test_110_cards_in_15_guilds_with_15_militia(g6):
    assert len(g6.guild_names) == 15 and int(g6.total.sum()) == 110
    assert int(g6.total[g6.guild_names.index("militia")]) == 15
    for name, (copies, *_r) in FACTS.items():
        assert int(g6.total[g6.guild_names.index(name)]) == copies, name


@pytest.mark.parametrize("name", sorted(FACTS))
def test_each_guild_pays_its_places_in_each_round(g6, name):
    # seats 0..k-1 hold k, k-1, ..., 1 cards: seat q is alone in place q+1
    _copies, *rounds = FACTS[name]
    for rnd, values in enumerate(rounds):
        k = len(values)
        rows = [{name: k + 1 - q} for q in range(k)] + [{}] * (6 - k)
        assert g6.votes(table(g6, rows), rnd) == values + [0] * (6 - k)
        if k < 5:                                        # a place beyond the last pays nothing
            rows = [{name: k + 2 - q} for q in range(k + 1)] + [{}] * (5 - k)
            assert g6.votes(table(g6, rows), rnd)[k] == 0


def test_round1_votes_equal_copies(g6):
    # FACTS: "A guild's 1st-round vote value equals its number of copies"
    for name, (copies, r1, _r2, _r3) in FACTS.items():
        assert r1 == [copies]
        t = table(g6, [{name: 1}])
        assert g6.votes(t, 0)[0] == int(g6.total[g6.guild_names.index(name)])


def test_worth_10_guilds_are_the_five_named():
    g = engine.make_game("guildes", 4, ("tricks",))
    worth = {g.guild_names[i] for i in np.flatnonzero(g.cfg["worth10"])}
    assert worth == {"bourgeois", "knights", "nobles", "priests", "alchemists"}


def test_six_event_cards_three_arrows_each_way():
    g = engine.make_game("guildes", 4, ("events",))
    assert sorted(g.event_names) == sorted(["one-fewer", "ties-excluded", "sequential", "redistribution",
                                             "one-or-two", "face-down"])
    assert sorted(int(d) for d in g.kernel.event_dir) == [-1, -1, -1, 1, 1, 1]


def test_nine_trick_cards_a_to_i_in_letter_order():
    g = engine.make_game("guildes", 4, ("tricks",))
    assert g.trick_names == ["protection", "swap-tables", "sacrifice", "draw-discard", "swap-hand-table",
                             "knights", "nobles", "priests", "alchemists"]
    virt = [g.guild_names[int(g.kernel.trick_guild[t])] for t in range(5, 9)]
    assert virt == ["knights", "nobles", "priests", "alchemists"]
