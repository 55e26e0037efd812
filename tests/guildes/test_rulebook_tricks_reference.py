"""Variant 2 (Dirty Trick Cards) end to end against a reference from the card texts.

The reference keeps its own hands, tables, virtual cards and discard pile,
deals the trick cards ("randomly dealt one of the nine ... cannot receive the
same Dirty Trick card on two consecutive voting rounds"; I not with 3
players), lets the holders act "in alphabetical order", applies each chosen
trick from its move text, discards the holder's hand after its trick, draws
D's two cards from "the Guild card discard pile" (docs/rulings.md: past
discards, acted hands, cards the tricks discarded), counts with the virtual
cards, and checks the engine's chance odds, movers, tables and scores.
(The exact legal moves of each trick: test_rulebook_trick_moves.py.)
"""
import random
from collections import Counter

import pytest

import engine
from engine.core import CHANCE
from tests.guildes.test_rulebook_base_game_reference import by_places, literal

TABLE = {3: (10, 8), 4: (9, 7), 5: (7, 5), 6: (6, 5)}


def count(ed, tables, virt, rnd):
    votes = [0] * len(tables)
    for gd in ed["guilds"]:
        col = [max(0, t.count(gd["name"]) + v[gd["name"]]) for t, v in zip(tables, virt)]
        if "militia" in gd:
            part = [gd["militia"] * c for c in col]
        else:
            vals = gd["votes"][rnd]
            part = literal(col, vals) if len(vals) <= 3 else by_places(col, vals)
        votes = [a + b for a, b in zip(votes, part)]
    return votes


def table_of(s, names):
    t = s.game.layout.view(s.buf, "table")
    return [sorted(names[x] for x in range(s.game.G) for _ in range(int(t[i, x]))) for i in range(s.game.players)]


def check_odds(s, names, pile):
    got = {names[m]: p for m, p in s.chance_outcomes()}
    c = Counter(pile)
    assert set(got) == set(c)
    assert all(abs(got[x] - c[x] / len(pile)) < 1e-9 for x in c)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_trick_rounds_match_the_reference(players, seed):
    dealt, played = TABLE[players]
    s = engine.make("guildes", players=players, variants=["tricks"], seed=seed)
    g, ed = s.game, s.game.edition
    names, tricks, n = g.guild_names, g.trick_names, players
    rnd_ = random.Random(seed)
    usable = [t for t in tricks if not (t == "alchemists" and n == 3)]
    tables = [[] for _ in range(n)]
    pile: list = []
    prev = [None] * n
    scores = [0] * n
    acted_effects = Counter()
    for rnd in range(3):
        ev = s.sample_chance()
        s.apply(CHANCE, ev)
        step = 1 if ed["events"][ev]["direction"] == "left" else -1
        hold = []
        for i in range(n):
            allowed = [t for t in usable if t != prev[i] and t not in hold]
            outs = s.chance_outcomes()
            assert sorted(tricks[m] for m, _ in outs) == sorted(allowed)
            assert all(abs(p - 1 / len(allowed)) < 1e-9 for _, p in outs)
            m = outs[rnd_.randrange(len(outs))][0]
            s.apply(CHANCE, m)
            hold.append(tricks[m])
        prev = hold
        hands = [[] for _ in range(n)]
        for j in range(n * dealt):
            card = s.sample_chance()
            s.apply(CHANCE, card)
            hands[j // dealt].append(names[card])
        kept = [[] for _ in range(n)]
        for _ in range(dealt):
            picks = [rnd_.choice(h) for h in hands]
            for i in range(n):
                s.apply(i, names.index(picks[i]))
                hands[i].remove(picks[i])
                kept[i].append(picks[i])
            hands = [hands[(i - step) % n] for i in range(n)]
        for _ in range(played):
            plays = [rnd_.choice(k) for k in kept]
            for i in range(n):
                s.apply(i, names.index(plays[i]))
                kept[i].remove(plays[i])
                tables[i].append(plays[i])
        virt = [Counter() for _ in range(n)]
        for letter in tricks:                                   # A to I
            if letter not in hold:
                continue
            a = hold.index(letter)
            assert s.to_move() == (a,)
            moves = s.legal_moves(a)
            m = moves[0] if len(moves) == 1 or rnd_.random() < 0.1 else rnd_.choice(moves[1:])
            words = s.move_to_string(a, m).split()[1:]
            s.apply(a, m)
            acted_effects[words[0]] += 1
            if words[0] == "swap":
                (pa, ga), (pb, gb) = (w.split(":") for w in words[1:])
                pa, pb = int(pa), int(pb)
                tables[pa].remove(ga), tables[pb].append(ga)
                tables[pb].remove(gb), tables[pa].append(gb)
            elif words[0] == "sacrifice":
                gc, (pt, gt) = words[1], words[2].split(":")
                tables[a].remove(gc)
                tables[int(pt)].remove(gt)
                pile += [gc, gt]
            elif words[0] == "exchange":
                x, y = words[1:]
                kept[a].remove(x), tables[a].append(x)
                tables[a].remove(y), kept[a].append(y)          # back into hand, discarded below
            elif words[0] in ("plus", "minus"):
                virt[int(words[2])][words[1]] += 1 if words[0] == "plus" else -1
            elif words[0] == "draw":
                drawn = []
                for _ in range(2):
                    check_odds(s, names, pile)                   # "shuffle the discard pile ... draw 2"
                    c = s.sample_chance()
                    s.apply(CHANCE, c)
                    drawn.append(names[c])
                    pile.remove(names[c])
                assert s.to_move() == (a,)
                assert sorted(names[x] for x in s.legal_moves(a)) == sorted(set(drawn))
                keep = rnd_.choice(drawn)
                s.apply(a, names.index(keep))
                tables[a].append(keep)
                drawn.remove(keep)
                pile += drawn                                   # "and discard the other"
            pile += kept[a]                                     # the hand goes once the trick is done
            kept[a] = []
            if int(s.buf[g.layout["round"]]) == rnd:
                assert table_of(s, names) == [sorted(t) for t in tables]
        scores = [x + y for x, y in zip(scores, count(ed, tables, virt, rnd))]
        assert table_of(s, names) == [sorted(t) for t in tables]
        assert s.scores() == scores
    assert s.is_terminal()
    assert sum(acted_effects.values()) == 3 * n
