# Declarations of guildes_policy.py: the Guildes heuristic (kernel.move_values)
# for rollout policies and progressive bias.

from cython_ext.kernel cimport ptr
from cython_ext.guildes_count cimport MAXP, c_count_votes, c_exclude_ties
from cython_ext.guildes_rules cimport GuildesRules, DRAFT, PLAY, REDIS, TRICK, DPICK, NOTIES, SWAPT, SACRIF, DRAWD, SWAPH, VIRT


cdef class GuildesPolicy:
    cdef object _arrays
    cdef int[::1] cnt       # one guild's card count per seat, as the move finds it
    cdef int[::1] tmp       # the same, as one count sees it (virtual cards, tie exclusion)
    cdef int[::1] votes     # one count's votes per seat
    cdef int[::1] pl        # the guild's paid places in rounds 0-2
    cdef int[::1] vl        # the guild's place values in rounds 0-2 (MAXP each)
    cdef int[::1] mark      # c_exclude_ties scratch

    cdef int values(self, GuildesRules k, int[::1] buf, int seat, int[::1] moves, int n,
                    double[::1] out) except -1
    cdef void load_guild(self, GuildesRules k, int* b, int g) noexcept
    cdef double worth(self, GuildesRules k, int* b, int seat, int g, int rnd, bint noties, bint now_only) noexcept
    cdef double card_value(self, GuildesRules k, int* b, int seat, int g, int ph, int rnd, bint noties) noexcept
    cdef double change(self, GuildesRules k, int* b, int seat, int g, int p1, int d1, int p2, int d2,
                       int rnd, bint noties, bint now_only) noexcept
    cdef double trick_value(self, GuildesRules k, int* b, int seat, int move, int rnd, bint noties) noexcept
