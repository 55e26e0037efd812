"""The vote count against a second, literal reading of the rulebook's sentences.

The kernel counts with one general rule (a tied group shares the places it
occupies, docs/rulings.md).  This reference follows the rulebook's sentences
case by case instead -- round 1: "only the player with the most cards"; round 2:
"If there is a tie for first place ... no votes are awarded for second place";
round 3: two tied first "and the next player scores the votes for 3rd place",
"three or more ... no one else scores", "tie for second ... no votes are
awarded for third place" -- and the two must agree on random tables for every
guild paying at most three places (the Alchemists' fourth place is a ruling:
tests/guildes/test_rulebook_count_edges.py).
"""
import numpy as np
import pytest

import engine


def groups(counts):
    """Seats grouped by card count, most cards first; seats with none left out."""
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    return [[i for i, c in enumerate(counts) if c == lv] for lv in levels]


def literal(counts, values):
    """Votes of one guild in one count, sentence by sentence of the rulebook."""
    out = [0] * len(counts)
    gs = groups(counts)

    def share(group, total):
        for i in group:
            out[i] += total // len(group)

    if not gs:
        return out                                     # "you must own at least one card"
    v = list(values) + [0, 0]
    first = gs[0]
    if len(values) == 1:                               # round 1
        share(first, v[0])
    elif len(values) == 2:                             # round 2 (and Fishermen/Bourgeois in round 3)
        if len(first) >= 2:
            share(first, v[0] + v[1])                  # no votes for second place
        else:
            share(first, v[0])
            if len(gs) > 1:
                share(gs[1], v[1])
    else:                                              # round 3, three places
        if len(first) >= 3:
            share(first, v[0] + v[1] + v[2])           # no one else scores
        elif len(first) == 2:
            share(first, v[0] + v[1])
            if len(gs) > 1:
                share(gs[1], v[2])                     # the next player(s): 3rd place
        else:
            share(first, v[0])
            if len(gs) > 1:
                if len(gs[1]) >= 2:
                    share(gs[1], v[1] + v[2])          # no votes for third place
                else:
                    share(gs[1], v[1])
                    if len(gs) > 2:
                        share(gs[2], v[2])
    return out


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_count_agrees_with_the_literal_reading(players):
    g = engine.make_game("guildes", players)
    rng = np.random.default_rng(100 + players)
    guilds = [gd for gd in g.edition["guilds"] if g.total[g.guild_names.index(gd["name"])] > 0]
    checked = 0
    for _ in range(400):
        t = np.zeros((players, g.G), dtype=np.intc)
        hi = int(rng.integers(1, 5))
        for gd in guilds:
            t[:, g.guild_names.index(gd["name"])] = rng.integers(0, hi + 1, size=players)
        rnd = int(rng.integers(3))
        expect = [0] * players
        for gd in guilds:
            gi = g.guild_names.index(gd["name"])
            col = [int(x) for x in t[:, gi]]
            if "militia" in gd:
                part = [gd["militia"] * c for c in col]
            elif len(gd["votes"][rnd]) > 3:
                continue
            else:
                part = literal(col, gd["votes"][rnd])
                checked += 1
            expect = [a + b for a, b in zip(expect, part)]
        if players == 3 or rnd < 2:                    # no four-place guild in this count
            assert g.votes(t, rnd) == expect
        else:
            ai = g.guild_names.index("alchemists")
            rest = t.copy()
            rest[:, ai] = 0
            assert g.votes(rest, rnd) == expect
    assert checked > 1000
