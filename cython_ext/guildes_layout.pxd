# Declarations of guildes_layout.py for Cython: the Guildes buffer (layout
# offsets, edition arrays, scratch) the rules build on, and the constants of
# the rules (phases, event effects, trick kinds), declared here once; the
# layers above cimport them from here or from guildes_rules.

from cython_ext.kernel cimport Kernel, ptr

# phases (buf[o_phase])
cpdef enum:
    EVENT = 0       # chance: this round's event card
    DEAL = 1        # chance: the packets, one card at a time
    DRAFT = 2       # simultaneous picks
    PLAY = 3        # simultaneous plays (sequential under one event)
    OVER = 4
    TDEAL = 5       # tricks: chance deals one trick card to each seat
    REDIS = 6       # events, redistribution: simultaneous discards
    RDEAL = 7       # events, redistribution: chance deals the discards around
    START = 8       # events, sequential play: chance picks the first seat
    TRICK = 9       # tricks: the trick holders act in letter order
    DRAW = 10       # tricks, trick D: chance draws two cards from the discard pile
    DPICK = 11      # tricks, trick D: the holder keeps one of the two

# pending[i] / pend2[i] in a seat's view: another seat has made its hidden
# choice of this step (what it chose stays hidden); -1 is "not yet"
cpdef enum:
    CHOSEN = -2

# event effects (variant "events"), by edition name
cpdef enum:
    FEWER = 0       # play one fewer card
    NOTIES = 1      # tied players are not counted
    SEQ = 2         # no more simultaneous play
    REDIST = 3      # redistribution
    ONETWO = 4      # play one or two cards at a time
    FACEDOWN = 5    # cards played face down

# dirty trick kinds (variant "tricks")
cpdef enum:
    PROTECT = 0
    SWAPT = 1       # swap two cards of two tables
    SACRIF = 2      # sacrifice a 10-vote card to remove one
    DRAWD = 3       # draw two from the discard pile, keep one
    SWAPH = 4       # exchange a hand card with an own table card
    VIRT = 5        # a virtual +1 / -1 card of one guild


# a mod b for b > 0, never negative (C's % truncates toward zero; Python's
# floors, so the interpreted stand-in in guildes_layout.py is plain %)
cdef inline int imod(int a, int n) noexcept nogil:
    cdef int r = a % n
    return r + n if r < 0 else r


cdef class GuildesLayout(Kernel):
    cdef public int n, G, h, k, militia, mvotes, nevents, ev_on, tr_on, ntricks, fact, t_draw
    cdef public object total, places, values, event_dir
    cdef public object event_eff, trick_kind, trick_guild, trick_ok, worth10
    cdef object _keep               # the numpy arrays the scratch pointers point into
    # edition arrays
    cdef int* c_total
    cdef int* c_places
    cdef int* c_values
    cdef int* c_event_dir
    cdef int* c_event_eff
    cdef int* c_trick_kind
    cdef int* c_trick_guild
    cdef int* c_trick_ok
    cdef int* c_worth10
    # buffer offsets (engine.guildes.game's Layout; -1 for a variant's field when it is off)
    cdef int o_round, o_phase, o_step, o_event, o_dir, o_used, o_score, o_deck, o_disc
    cdef int o_table, o_played, o_kept, o_pending, o_picks, o_hist, o_known
    cdef int o_ndisc, o_start, o_sub, o_pend2, o_fdown, o_rdisc, o_rrecv, o_trick, o_prevtrick
    cdef int o_tstep, o_virt, o_pubdisc, o_drawn, o_dcard, o_tdisc, o_dpair, o_dpub
    # scratch of the rules, sized once
    cdef int* s_votes
    cdef int* s_ct
    cdef int* s_mark
    cdef int* s_src
    cdef int* s_avail
    cdef int* s_segs

    cdef int* scratch(self, int size) except NULL
    cdef int* scratch(self, int size) except NULL
    cdef inline int c_effect(self, int* b) noexcept nogil
