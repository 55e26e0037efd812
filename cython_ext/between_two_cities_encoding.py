"""Between Two Cities: the integers the kernel's state and moves are made of.

The constants are declared once, as ``cpdef enum`` blocks in
``between_two_cities_encoding.pxd``; this module exports them (compiled by
Cython, or read from the ``.pxd`` when interpreted).  The kernel is built in
layers, each adding one concern to the one below:

* ``between_two_cities_placement`` -- configuration, city boards, where a tile may go;
* ``between_two_cities_scoring`` -- city scores, districts, seat scores;
* ``between_two_cities_rules`` -- turn order: to_move, legal, apply;
* ``between_two_cities`` -- chance, hidden information, random playouts.

Board: every city is drawn on a 9x9 board (cell ``x = row * 9 + col``), its
landscape mat fixed in the middle; the finished city is some 5x5 window of it
(4x4 in the beginner variant).  A cell holds 0 (empty), ``LAND`` (1,
landscape), ``TILE + kind`` (a building tile) or ``HALF + kind`` (half of a
duplex tile).  Neighbours come from the edition's ``nb`` table: ``nb[(g * 81
+ x) * 4 + d]`` is the cell north/south/west/east (d = 0..3) of ``x`` on mat
``g`` (-1 off the board; a bridge leads across the water).

Tile fields (a pending tile, a chosen pair, a district card, a discard...)
hold a kind, ``NOTHING`` when there is no tile, or ``UNSEEN`` in a seat's
view when there is one the seat cannot see: the two never share a value.

Moves (one small integer each):

* choose: ``a * 32 + b`` with kinds ``a <= b`` from the seat's hand;
* place:  ``PLACE_BASE + (slot * 2 + side) * 81 + cell`` -- pending tile ``slot``
  (0/1 own tiles, 2/3 Jamey's tiles) into the seat's ``side`` city
  (0 left, 1 right) at ``cell`` (a duplex: its left half's cell);
* assign: ``ASSIGN_BASE + j`` (2-player advanced: Jamey's two drawn tiles, j=1 swaps);
* chance: a tile kind, a duplex type, a mat or a district card (< 32).

>>> PLACE_BASE + 8 * NCELL == ASSIGN_BASE, ASSIGN_BASE + 2 == MAX_MOVES
(True, True)
>>> [PH_MAT, PH_PLACE, PH_END], CAT_CIVIC
([0, 6, 7], 6)
>>> UNSEEN, NOTHING
(-1, -2)
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))
