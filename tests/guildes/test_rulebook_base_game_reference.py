"""The base game end to end against a small reference written from the rulebook.

The reference keeps its own hands and tables: the deal (the engine's chance
record: cards one at a time, seat 0's hand first), "choose one, and pass the
remaining cards to their neighbor" (left = seat i+1, docs/rulings.md), the
play of the table's number of cards, "unplayed cards are discarded", the count
of every guild by the rulebook's sentences (test_rulebook_count_reference.py's
``literal``; the Alchemists' fourth place by the ruling's group rule), three
rounds, and "the player with the highest total number of votes wins".  At
every decision the engine must offer exactly the guilds in the reference's
hand, and at the end give the same scores and winners.
"""
import random

import pytest

import engine
from engine.core import CHANCE
from tests.guildes.test_rulebook_count_reference import groups, literal

TABLE = {3: (10, 8), 4: (9, 7), 5: (7, 5), 6: (6, 5)}


def by_places(counts, values):
    """The ruling's group rule: a tied group shares the places it occupies."""
    out, pos = [0] * len(counts), 0
    for grp in groups(counts):
        total = sum(values[pos:pos + len(grp)])
        for i in grp:
            out[i] += total // len(grp)
        pos += len(grp)
    return out


def count(edition, names, tables, rnd):
    votes = [0] * len(tables)
    for gd in edition["guilds"]:
        col = [t.count(gd["name"]) for t in tables]
        if "militia" in gd:
            part = [gd["militia"] * c for c in col]
        else:
            vals = gd["votes"][rnd]
            part = literal(col, vals) if len(vals) <= 3 else by_places(col, vals)
        votes = [a + b for a, b in zip(votes, part)]
    return votes


def offered(s, seat, names):
    return sorted(names[m] for m in s.legal_moves(seat))


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_whole_base_game_matches_the_reference(players, seed):
    dealt, played = TABLE[players]
    s = engine.make("guildes", players=players, seed=seed)
    g = s.game
    names, ed = g.guild_names, g.edition
    rnd_ = random.Random(seed)
    tables = [[] for _ in range(players)]
    scores = [0] * players
    used = set()
    for rnd in range(3):
        # the event card: a new one each round, its arrow the passing direction
        ev = s.sample_chance()
        assert ev not in used
        used.add(ev)
        s.apply(CHANCE, ev)
        step = 1 if ed["events"][ev]["direction"] == "left" else -1
        hands = [[] for _ in range(players)]
        for j in range(players * dealt):
            card = s.sample_chance()
            s.apply(CHANCE, card)
            hands[j // dealt].append(names[card])
        kept = [[] for _ in range(players)]
        for _pick in range(dealt):
            picks = []
            for i in range(players):
                assert offered(s, i, names) == sorted(set(hands[i]))
                picks.append(rnd_.choice(hands[i]))
            for i in range(players):
                s.apply(i, names.index(picks[i]))
                hands[i].remove(picks[i])
                kept[i].append(picks[i])
            hands = [hands[(i - step) % players] for i in range(players)]   # seat i passes to i + step
        assert all(h == [] for h in hands)
        for _play in range(played):
            plays = []
            for i in range(players):
                assert offered(s, i, names) == sorted(set(kept[i]))
                plays.append(rnd_.choice(kept[i]))
            for i in range(players):
                s.apply(i, names.index(plays[i]))
                kept[i].remove(plays[i])
                tables[i].append(plays[i])
        assert all(len(k) == dealt - played for k in kept)  # discarded
        scores = [a + b for a, b in zip(scores, count(ed, names, tables, rnd))]
        assert s.scores() == scores
        for i in range(players):
            t = g.layout.view(s.buf, "table")[i]
            assert sorted(names[x] for x in range(g.G) for _ in range(int(t[x]))) == sorted(tables[i])
    assert s.is_terminal()
    best = max(scores)
    assert s.winners() == [i for i in range(players) if scores[i] == best]
