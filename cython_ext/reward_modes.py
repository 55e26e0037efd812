"""The kernel's reward modes by name: the codes of ``kernel.pxd``'s ``REWARD_*``.

Not a kernel (no ``.pxd``, never compiled, no numpy): the command line reads
the names at start-up without loading the engine, and every layer above takes
them from here (tests/search/test_solver_field.py checks the codes against the
kernel's).

>>> list(REWARD_CODES)
['win', 'rank', 'score', 'field']
"""
REWARD_CODES: dict[str, int] = {"win": 0, "rank": 1, "score": 2, "field": 4}
