"""City and Guilds: tile kinds, phases, move encoding and buffer fields.

The rules live in :mod:`cython_ext.city_and_guilds_scoring` (the counts:
ownership, chains, tracks) and :mod:`cython_ext.city_and_guilds` (the kernel:
turns, placement, hidden information, playouts).  This module holds what
they and :mod:`engine.city_and_guilds` share; the integer constants are
declared once in ``city_and_guilds_layout.pxd``.

Tile kinds (hand, face-up, supply, board): ``2*g`` building of guild ``g``,
``2*g+1`` market of guild ``g`` (g = 0..3), ``MINSTREL`` (8) minstrel's
house, ``TAVERN`` (9) tavern (board only), ``EMPTY`` (10).

Phases: ``DEAL`` (chance deals four tiles to each seat, no minstrel),
``DISCARD`` (simultaneous hidden setup discard), ``SETUP`` (one tile each in
a new block), ``PLACE`` (a tile from hand), ``TAVERN_PH`` (place or decline
a bonus tavern after a count), ``DRAW`` (take a face-up tile), ``END``.
Chance also refills the face-up tiles before a SETUP or PLACE turn.

Move integers (S = number of spaces):

* ``kind*2*S + space*2 + opt`` -- place a tile from hand (kind 0..8).
  Building: opt 0 = one man (none if out of men) and +1 investment,
  opt 1 = two men, no investment.  Market: opt 0 only (+2).
  Minstrel's house: opt 0 = no man, opt 1 = one man.
* ``18*S + space`` -- place a bonus tavern; ``19*S`` -- decline the tavern.
* ``19*S + 1 + slot`` -- draw face-up tile ``slot`` (0..2).
* ``19*S + 4 + kind`` -- setup discard of one of the four dealt tiles.
* chance outcomes are tile kinds (0..8).

Buffer fields (after the ``engine.core`` header), in order, P players,
S spaces, B blocks:

==========  ======  ==========================================================
phase       1       one of the phases above
cur         1       seat to move
stamp       1       investment counter (orders arrivals on a track space)
tavleft     1       bonus taverns left
dealt       1       tiles dealt so far (seat ``dealt // 4`` gets the next)
setupleft   1       setup placements still to come
money       P       money so far
men         P       men left
hsize       P       tiles in hand
hand        P*NK    tiles in hand per kind (-1 where hidden)
known       P*NK    tiles per kind every seat saw taken face up and not yet played
pend        P       setup discard chosen: kind + 1, 0 none yet (-2 chosen, hidden)
putback     P       kind + 1 of the seat's own setup discard while it must still be
                    in the piles (no face-up refill of that kind since), else 0 (-1 hidden)
face        NFACE   face-up tile kinds (EMPTY when none)
supply      NK      tiles per kind left in the piles (-1 hidden)
tile        S       tile kind per space (EMPTY when none)
mowner      S       seat + 1 of the men on a space, 0 none
nmen        S       men on a space (0..2)
white       B       seat + 1 owning the block's white cube (first place), 0 none
black       B       seat + 1 owning the black cube (second place), 0 none
done        B       1 once the block is full and counted
inv         NG*P    investment track space of each seat per guild
istamp      NG*P    stamp of that arrival (earlier ranks higher on a shared space)
==========  ======  ==========================================================
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))

# field order of the buffer; the Game builds its Layout from this list
FIELDS = ("phase", "cur", "stamp", "tavleft", "dealt", "setupleft", "money", "men", "hsize",
          "hand", "known", "pend", "putback", "face", "supply", "tile", "mowner", "nmen", "white",
          "black", "done", "inv", "istamp")


def field_shapes(players, spaces, blocks):
    """(name, length) of every kernel field, in buffer order."""
    p, s, b = players, spaces, blocks
    lengths = dict(phase=1, cur=1, stamp=1, tavleft=1, dealt=1, setupleft=1, money=p, men=p,
                   hsize=p, hand=p * NK, known=p * NK, pend=p, putback=p, face=NFACE, supply=NK, tile=s,
                   mowner=s, nmen=s, white=b, black=b, done=b, inv=NG * p, istamp=NG * p)
    return [(name, lengths[name]) for name in FIELDS]


def max_moves_for(spaces):
    """Bound on move integers for a map of ``spaces`` spaces."""
    return 19 * spaces + 4 + NK
