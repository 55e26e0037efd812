"""``guild_control`` (which walks only the chains it needs) against the rule
written plainly from the board's chains, on random boards of every fill."""
import numpy as np

from cython_ext.city_and_guilds_layout import NG
from engine.core import make_rng
from tests.city_and_guilds.helpers import f, game


def reference_control(g, s, blk):
    """Tiles, then the longest chain in/through the block, then blocks it reaches."""
    S = g.map.spaces
    comp, csize, cmask, cguild = (np.zeros(S, np.intc) for _ in range(4))
    g.kernel.chains(s.buf, comp, csize, cmask, cguild)
    key = {}
    for sp in range(S):
        k = int(f(s, "tile")[sp])
        if g.map.block_of[sp] != blk or k >= 8:
            continue
        c = int(comp[sp])
        cnt, ln, nb = key.get(k // 2, (0, 0, 0))
        chain = (int(csize[c]), bin(int(cmask[c])).count("1"))
        key[k // 2] = (cnt + 1,) + max((ln, nb), chain)
    if not key:
        return -1
    best = max(key.values())
    winners = [gu for gu in range(NG) if key.get(gu) == best]
    return winners[0] if len(winners) == 1 else -1


def test_guild_control_matches_the_rule_on_random_boards():
    checked = 0
    for players in (3, 4, 5):
        g = game(players)
        for seed in range(12):
            s = g.new_initial_state(seed)
            rng = make_rng(seed)
            while not s.is_terminal():
                m = s.to_move()
                if m == (-1,):
                    s.apply(-1, s.sample_chance(rng))
                    continue
                moves = s.legal_moves(m[0])
                s.apply(m[0], moves[rng.below(len(moves))])
                for blk in range(g.map.blocks):
                    assert g.kernel.guild_control(s.buf, blk) == reference_control(g, s, blk)
                    checked += 1
    assert checked > 1000
