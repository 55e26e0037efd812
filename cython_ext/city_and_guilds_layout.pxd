# Constants of the City and Guilds kernel, declared once (documented in
# city_and_guilds_layout.py).  Compiled, Cython exports them as attributes of
# cython_ext.city_and_guilds_layout; interpreted, shim.enum_constants reads them.

# tile kinds
cpdef enum:
    NK = 9              # kinds a hand can hold: 2*g building, 2*g+1 market of guild g, 8 minstrel
    MINSTREL = 8
    TAVERN = 9          # board only
    EMPTY = 10

# counts
cpdef enum:
    NG = 4              # guilds
    NFACE = 3           # face-up tiles
    DEAL_N = 4          # tiles dealt to each player at setup

# phases (buffer field ``phase``)
cpdef enum:
    DEAL = 0
    DISCARD = 1
    SETUP = 2
    PLACE = 3
    TAVERN_PH = 4
    DRAW = 5
    END = 6

# a view's ``pend`` of another seat that has made its hidden setup discard
cpdef enum:
    CHOSEN = -2
