# Between Two Cities: how the kernel encodes boards, phases, moves and building
# categories as integers (documented in between_two_cities_encoding.py).
# Declared once here; every layer of the kernel cimports them, and
# engine/between_two_cities imports them from this module.

cpdef enum:
    BW = 9          # the board is 9x9: cell x = row * 9 + column
    NCELL = 81
    CENTER = 40     # the first tile of a city without a mat (beginner game)
    LAND = 1        # cell codes: 0 empty, 1 landscape,
    TILE = 2        # 2 + kind a building tile,
    HALF = 34       # 34 + kind half of a duplex tile
    KM = 32         # at most 32 building kinds and 32 duplex types (hands count per kind)

cpdef enum:
    UNSEEN = -1     # a tile field the observing seat cannot see (views only; ``?`` in a state string)
    NOTHING = -2    # a tile field with no tile: none pending, no card drawn yet, no discard (``-``)

cpdef enum:
    PH_MAT          # chance: one landscape mat per city
    PH_DIST         # chance: the six district cards
    PH_DEAL         # chance: the tiles of every hand, one at a time
    PH_JDEAL        # chance: Jamey draws two tiles (2-player advanced, building rounds)
    PH_ASSIGN       # a seat gives Jamey's two tiles to Jamey's two cities
    PH_CHOOSE       # every seat chooses two tiles at once, hidden
    PH_PLACE        # seats in seat order place their chosen (and Jamey's) tiles
    PH_END

cpdef enum:
    PLACE_BASE = 1024
    ASSIGN_BASE = 1672  # PLACE_BASE + 8 * NCELL
    MAX_MOVES = 1674    # ASSIGN_BASE + 2
    HIDDEN = 1674       # what a seat observes of another's hidden choice or private deal

cpdef enum:
    CAT_FACTORY
    CAT_SHOP
    CAT_PARK
    CAT_TAVERN
    CAT_OFFICE
    CAT_HOUSE
    CAT_CIVIC
