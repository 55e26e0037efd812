# Declarations of guildes_policy.py: the Guildes heuristic (kernel.move_values)
# for rollout policies and progressive bias.

cimport cython

from cython_ext.kernel cimport dptr, ptr
from cython_ext.guildes_count cimport MAXP, c_count_votes, c_exclude_ties
from cython_ext.guildes_rules cimport GuildesRules, DRAFT, PLAY, REDIS, TRICK, DPICK, NOTIES, SWAPT, SACRIF, DRAWD, SWAPH, VIRT


cdef inline long long wide(int x) noexcept nogil:
    return x


# A memo key's slot (of 1 << bits): Fibonacci hashing, the product's top bits.  The keys are
# fields side by side, and a fold of shifted copies (the first hash) put 12,967 distinct
# worth keys of a 4-player search into 4,361 of 32,768 slots; this one puts them into 9,820.
cdef inline int memo_slot(long long key, int bits) noexcept nogil:
    return <int>((<unsigned long long>key * 0x9E3779B97F4A7C15ULL) >> (64 - bits))


# Final (nothing subclasses it): Cython calls the cdef methods directly instead of through
# the vtable, so gcc may inline the small ones into the memo probes.
@cython.final
cdef class GuildesPolicy:
    cdef object _arrays
    cdef int[::1] cnt       # one guild's card count per seat, as the move finds it
    cdef int[::1] tmp       # the same, as one count sees it (virtual cards, tie exclusion)
    cdef int[::1] memo      # the count memo (``count``): entries of ``stride`` ints
    cdef int stride
    cdef int bits           # each memo holds 1 << bits entries (memo_bits)
    cdef int size           # 1 << bits; the count memo's spare entry is the last
    cdef bint keyed         # the table fits the keys' fields (else every count is counted)
    cdef int[::1] wkey      # the worth memo (``worth``): two ints of key per entry
    cdef double[::1] wval   # each entry's worth
    cdef int[::1] ckey      # the card memo (``card_value``): two ints of key per entry
    cdef double[::1] cval   # each entry's value
    cdef int[::1] mark      # c_exclude_ties scratch

    cdef int values(self, GuildesRules k, int[::1] buf, int seat, int[::1] moves, int n,
                    double[::1] out) except -1
    cdef int c_values(self, GuildesRules k, int* b, int seat, int* moves, int n, double* out) except -1
    cdef void load_guild(self, GuildesRules k, int* b, int g) noexcept
    cdef int count(self, GuildesRules k, int r, int g) noexcept
    cdef int count_into(self, GuildesRules k, int r, int g, int e) noexcept
    cdef double worth(self, GuildesRules k, int* b, int seat, int g, int rnd, bint noties, bint now_only) noexcept
    cdef double worth_counted(self, GuildesRules k, int* b, int seat, int g, int rnd, bint noties,
                              bint now_only) noexcept
    cdef double card_value(self, GuildesRules k, int* b, int seat, int g, int ph, int rnd, bint noties) noexcept
    cdef long long card_key(self, GuildesRules k, int* b, int seat, int g, int ph, int rnd) noexcept
    cdef double card_counted(self, GuildesRules k, int* b, int seat, int g, int ph, int rnd, bint noties) noexcept
    cdef int load_card(self, GuildesRules k, int* b, int seat, int g, int ph) noexcept
    cdef int own_cards(self, GuildesRules k, int* b, int seat, int g, int ph) noexcept
    cdef int later_card(self, GuildesRules k, int* b, int seat, int g, int ph) noexcept
    cdef double card_from(self, GuildesRules k, int* b, int seat, int g, int ph, int rnd, bint noties,
                          int more) noexcept
    cdef double change(self, GuildesRules k, int* b, int seat, int g, int p1, int d1, int p2, int d2,
                       int rnd, bint noties, bint now_only) noexcept
    cdef double trick_value(self, GuildesRules k, int* b, int seat, int move, int rnd, bint noties) noexcept
