"""Variant 1 (Event Cards) end to end against a reference written from the card texts.

Two games show the six event cards, three rounds each.  The reference keeps
its own hands and tables and plays each round as its card says -- "play one
fewer card"; "tied players are not counted"; "one player at a time, starting
with a randomly chosen player and moving to the right. Each time every player
has played a card, the starting player shifts one place to the right";
"each player discards 1 card ... each player receives one at random";
"first plays 2 cards ... then ... 1 card" (the batch sizes of
docs/rulings.md); "the previous one is revealed ... when the last card is
played, it is revealed at the same time as the previous one" -- and checks
the engine's movers, offered cards, tables after every step, and scores.
"""
import math
import random

import pytest

import engine
from engine.core import CHANCE
from tests.guildes.test_rulebook_base_game_reference import by_places, literal

TABLE = {3: (10, 8), 4: (9, 7), 5: (7, 5), 6: (6, 5)}
ORDERS = [("one-fewer", "sequential", "one-or-two"), ("ties-excluded", "redistribution", "face-down")]


def count(ed, tables, rnd, ties):
    votes = [0] * len(tables)
    for gd in ed["guilds"]:
        col = [t.count(gd["name"]) for t in tables]
        if "militia" in gd:
            part = [gd["militia"] * c for c in col]
        else:
            if ties:   # "the Guild cards of the tied players are treated as if they did not exist"
                col = [0 if c and col.count(c) > 1 else c for c in col]
            vals = gd["votes"][rnd]
            part = literal(col, vals) if len(vals) <= 3 else by_places(col, vals)
        votes = [a + b for a, b in zip(votes, part)]
    return votes


def batches(k, event):
    if event != "one-or-two":
        return [1] * k
    out, size = [], 1 if k % 3 == 1 else 2
    while sum(out) < k:
        out.append(min(size, k - sum(out)))
        size = 3 - size
    return out


class Ref:
    def __init__(self, s, seed):
        self.s, self.g = s, s.game
        self.names = s.game.guild_names
        self.n = s.game.players
        self.rnd = random.Random(seed)
        self.tables = [[] for _ in range(self.n)]

    def offered(self, seat):
        return sorted(self.names[m] for m in self.s.legal_moves(seat))

    def play(self, seat, card, hand):
        assert self.offered(seat) == sorted(set(hand))
        self.s.apply(seat, self.names.index(card))
        hand.remove(card)

    def engine_tables(self):
        t = self.g.layout.view(self.s.buf, "table")
        return [sorted(self.names[x] for x in range(self.g.G) for _ in range(int(t[i, x]))) for i in range(self.n)]

    def check_tables(self):
        assert self.engine_tables() == [sorted(t) for t in self.tables]


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: "+".join(o))
@pytest.mark.parametrize("players", [3, 4, 6])
def test_event_rounds_match_the_reference(players, order):
    dealt, played = TABLE[players]
    s = engine.make("guildes", players=players, variants=["events"], seed=players)
    g, ed = s.game, s.game.edition
    ref = Ref(s, players)
    n, names, rnd_ = players, ref.names, ref.rnd
    scores = [0] * n
    for rnd, event in enumerate(order):
        s.apply(CHANCE, g.event_names.index(event))
        step = 1 if ed["events"][g.event_names.index(event)]["direction"] == "left" else -1
        hands = [[] for _ in range(n)]
        for j in range(n * dealt):
            card = s.sample_chance()
            s.apply(CHANCE, card)
            hands[j // dealt].append(names[card])
        kept = [[] for _ in range(n)]
        for _ in range(dealt):
            picks = [rnd_.choice(h) for h in hands]
            for i in range(n):
                ref.play(i, picks[i], hands[i])
                kept[i].append(picks[i])
            hands = [hands[(i - step) % n] for i in range(n)]
        k = played - 1 if event == "one-fewer" else played
        if event == "redistribution":
            assert s.to_move() == tuple(range(n))
            gave = [rnd_.choice(kp) for kp in kept]
            for i in range(n):
                ref.play(i, gave[i], kept[i])
            assert s.to_move() == (CHANCE,) and len(s.chance_outcomes()) == math.factorial(n)  # "at random"
            code = s.sample_chance()
            src = [int(x) for x in s.move_to_string(CHANCE, code).split()[1].split(",")]
            s.apply(CHANCE, code)
            for i in range(n):
                kept[i].append(gave[src[i]])                  # seat i receives the i-th listed seat's card
        if event == "sequential":
            assert s.to_move() == (CHANCE,)
            start = s.sample_chance()
            s.apply(CHANCE, start)
            for u in range(k):
                for j in range(n):
                    seat = (start - u - j) % n                # to the right; the start shifts right
                    assert s.to_move() == (seat,)
                    card = rnd_.choice(kept[seat])
                    ref.play(seat, card, kept[seat])
                    ref.tables[seat].append(card)
                    if not (u == k - 1 and j == n - 1):
                        ref.check_tables()                    # public at once
        else:
            down = [None] * n
            sizes = batches(k, event)
            for b, size in enumerate(sizes):
                assert s.to_move() == tuple(range(n))
                chosen = [[] for _ in range(n)]
                for i in range(n):
                    for _ in range(size):
                        card = rnd_.choice(kept[i])
                        ref.play(i, card, kept[i])
                        chosen[i].append(card)
                        if (i, _) != (n - 1, size - 1):
                            ref.check_tables()               # nothing shows before all have played
                last = b == len(sizes) - 1
                for i in range(n):
                    if event == "face-down":
                        if down[i] is not None:
                            ref.tables[i].append(down[i])
                        down[i] = chosen[i][0]
                        if last:
                            ref.tables[i].append(down[i])
                    else:
                        ref.tables[i] += chosen[i]
                if not last:
                    ref.check_tables()
        assert all(len(kp) == dealt - k for kp in kept)
        scores = [a + b for a, b in zip(scores, count(ed, ref.tables, rnd, event == "ties-excluded"))]
        ref.check_tables()
        assert s.scores() == scores
    assert s.is_terminal()
