# Declarations of walled_city_board.py for Cython: The Walled City's constants,
# the board (topology and buffer offsets) and its neighbourhoods.
from cython_ext.kernel cimport Kernel, ptr

cpdef enum:
    NF = 5          # factions
    NDICE = 20      # faction dice (and die spots)
    OWN = 11        # own-colour construction card types (0..10); 11..13 are off-colour
    K = 14          # card types in a hand
    CHIT_BASE = 41  # 1 + 2 * NDICE: the adjust move flipping survey chit c is CHIT_BASE + c
    NGUILD = 20     # guild cards
    MAXM = 64       # moves per step, chance outcomes per step

# board limits: sizes of the fixed arrays below
cpdef enum:
    MAXA = 64       # areas
    MAXO = 5        # owners (seats, plus the neutral colour with two players)
    MAXP = 32       # paths
    MAXG = 16       # gaps
    MAXT = 16       # towers
    MAXZ = 32       # defense zones
    MAXC = 8        # survey chits

# phases: the step a move belongs to (buffer field `phase`)
cpdef enum:
    P_CHANCE
    P_START
    P_ALIGN
    P_LOC
    P_CARD
    P_SPLIT
    P_N1
    P_N2
    P_PROMOTE
    P_ADJUST
    P_DCARD
    P_DZONE
    P_END
    P_TEND          # after adjust, before the turn passes: end the turn or activate the guild
    P_POWER         # a guild power's decision step (walled_city_powers)
    P_PCHANCE       # a chance outcome inside a power (Haberdashers' reroll / re-flip)


cdef class WalledCityBoard(Kernel):
    cdef public int no, na, na0, np_, ng, nt, nz, nc, roads0, walls0, start_roads, offcolour, display_n
    # buffer field offsets (engine/walled_city/game.py lays the fields out)
    cdef readonly int o_phase, o_round, o_cur, o_turn, o_setup, o_sel_loc, o_sel_card, o_sel_x, o_sel_y
    cdef readonly int o_sel_nx, o_sel_ny, o_sel_left, o_order, o_score, o_roads, o_walls, o_nob, o_pea
    cdef readonly int o_hand, o_pool, o_offun, o_guild, o_guild1, o_gstate, o_die_f, o_die_v, o_chit
    cdef readonly int o_road, o_wall, o_an, o_ap, o_tw, o_zcard, o_zori, o_zown, o_dloc, o_cloc
    cdef readonly int o_pside, o_garea, o_fence
    # topology
    cdef int path_ar[MAXP * 4]
    cdef int gap_area[MAXG]
    cdef int gap_tw[MAXG * 2]
    cdef int zone_tw[MAXZ * 2]
    cdef int die_area[NDICE]
    cdef int die_tower[NDICE]
    cdef int chit_area[MAXC]
    cdef int card_a[K]
    cdef int card_b[K]
    cdef int gkey[NGUILD]
    cdef int pv[4]
    # scratch: neighbourhood labels (count_votes_ and the Python entries; the rounds keep their own, s_ncomp)
    cdef int s_comp[MAXA]

    cpdef int n_chance(self) noexcept
    cdef void comps_(self, int* b, int* comp) noexcept
