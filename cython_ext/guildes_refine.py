"""Sweeps that move a play-phase Guildes deal towards the exact distribution.

``GuildesPlacement.c_place_played`` (:mod:`cython_ext.guildes_placement`) puts
each card another seat has played into a slot of that seat, then the other
slots draw from their sources.  That deal is consistent with the view but
not drawn with the exact weights: a card placed in a slot of the unseen
pool is chosen as often as one placed in a slot whose source surely holds
it (docs/games/guildes.md, "Bias of the play-phase placement").

The exact target -- a fair shuffle, opponents who pick a uniformly random
card, the view's plays as a constraint -- weighs a deal by, per source, the
falling factorial ``S_g! / (S_g - d_g)!`` of the cards ``d`` it gave (the
order in which a source's slots drew does not change it).  ``c_sweeps``
runs Metropolis-within-Gibbs sweeps that leave that target invariant:

* Gibbs: each slot in turn gives its card back to its source and draws
  again from the source's remaining cards, among those that keep its
  holder's played cards among its picks (if giving the card back would
  uncover a play, the slot keeps it);
* Metropolis: as many proposed swaps of two slots' cards, accepted with the
  ratio of the exact weights (the two sources' counts) when both holders
  still cover their plays.

Slots whose card the seat knows (``slot_src`` below -1: its own
redistribution discard) and slots it holds itself (the card it received)
never move.  The sources' counts (``pool``, ``seg``) are the cards still
left in them and stay so.  This file is compiled by Cython (declarations in
``guildes_refine.pxd``) and runs unchanged as plain Python; see
:mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))
    from .kernel import rng_below


def c_draw_cover(rng, rem, off, G, a):
    """A card drawn from the counts ``rem[off:off+G]`` (their sum is positive);
    ``a`` without a draw when it is all they hold (the generator is the search's
    costliest part of a sweep)."""
    tot: cython.int = 0
    g: cython.int
    r: cython.int
    for g in range(G):
        tot += rem[off + g]
    if rem[off + a] == tot:
        return a
    r = rng_below(rng, tot)
    for g in range(G):
        r -= rem[off + g]
        if r < 0:
            return g
    return -1


def c_sweeps(rng, sweeps, nslots, n, G, seat, slot_src, slot_card, slot_own, pool, seg, b, o_played, hand, extra):
    """``sweeps`` sweeps over the slots (see the module docstring).

    ``slot_src[j]``: -1 the pool, ``s >= 0`` the segment ``seg[s*G:(s+1)*G]``;
    ``slot_own[j]`` the seat that holds slot ``j``'s card now;
    ``b[o_played + o*G + g]`` the cards seat ``o`` has played; ``hand[n*G]``
    scratch.  Nothing is done when nothing constrains the slots (no card
    played, none known), nor while ``extra[seat*G:(seat+1)*G]`` holds cards
    trick D drew from hands already discarded: those constrain several seats
    at once (``c_place_played``), which the sweeps do not model.
    """
    j: cython.int
    k: cython.int
    q: cython.int
    s: cython.int
    o: cython.int
    ok_: cython.int
    a: cython.int
    c: cython.int
    g: cython.int
    sj: cython.int
    sk: cython.int
    offj: cython.int
    offk: cython.int
    num: cython.longlong
    den: cython.longlong
    remj: cython.p_int
    remk: cython.p_int
    busy: cython.int = 0
    for g in range(G):
        if extra[seat * G + g] > 0:
            return
    for o in range(n):
        if o != seat:
            for g in range(G):
                busy += b[o_played + o * G + g]
    for j in range(nslots):
        if slot_src[j] < -1 or slot_own[j] == seat:
            busy += 1
    if busy == 0:
        return  # no play and no known card constrains the slots: their draws are exact already
    for o in range(n * G):
        hand[o] = 0
    for j in range(nslots):
        if slot_src[j] >= -1 and slot_own[j] != seat:
            hand[slot_own[j] * G + slot_card[j]] += 1
    for s in range(sweeps):
        for j in range(nslots):
            sj = slot_src[j]
            o = slot_own[j]
            if sj < -1 or o == seat:
                continue
            a = slot_card[j]
            if hand[o * G + a] <= b[o_played + o * G + a]:
                continue  # the card covers one of o's plays: any other card would uncover it
            hand[o * G + a] -= 1
            if sj < 0:
                pool[a] += 1
                c = c_draw_cover(rng, pool, 0, G, a)
                pool[c] -= 1
            else:
                seg[sj * G + a] += 1
                c = c_draw_cover(rng, seg, sj * G, G, a)
                seg[sj * G + c] -= 1
            slot_card[j] = c
            hand[o * G + c] += 1
        for q in range(nslots):
            k = rng_below(rng, nslots * nslots)  # the pair (j, k) in one draw
            j = k // nslots
            k = k % nslots
            sj = slot_src[j]
            sk = slot_src[k]
            o = slot_own[j]
            ok_ = slot_own[k]
            if sj < -1 or sk < -1 or o == seat or ok_ == seat:
                continue
            a = slot_card[j]
            c = slot_card[k]
            if a == c:
                continue
            if o != ok_ and (hand[o * G + a] <= b[o_played + o * G + a]
                             or hand[ok_ * G + c] <= b[o_played + ok_ * G + c]):
                continue  # a holder would no longer cover its plays: weight 0
            if sj != sk:
                # sj gives c instead of a, sk gives a instead of c
                remj = pool if sj < 0 else seg
                remk = pool if sk < 0 else seg
                offj = 0 if sj < 0 else sj * G
                offk = 0 if sk < 0 else sk * G
                num = cython.cast(cython.longlong, remj[offj + c]) * remk[offk + a]
                den = cython.cast(cython.longlong, remj[offj + a] + 1) * (remk[offk + c] + 1)
                if num < den and rng_below(rng, cython.cast(cython.int, den)) >= num:
                    continue
                remj[offj + a] += 1
                remj[offj + c] -= 1
                remk[offk + c] += 1
                remk[offk + a] -= 1
            slot_card[j] = c
            slot_card[k] = a
            hand[o * G + a] -= 1
            hand[o * G + c] += 1
            hand[ok_ * G + c] -= 1
            hand[ok_ * G + a] += 1
