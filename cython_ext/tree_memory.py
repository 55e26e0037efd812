"""The search tree's arrays: the only code of the loop that differs between the two modes.

Every array of the tree (``tree_nodes``, ``tree_segments``, ``tree_lists``,
``tree_values``) grows by doubling; compiled they are ``malloc``'ed C arrays,
interpreted Python lists.  These helpers make, grow and free them; the
``.pxd`` also holds three pointer helpers (``uptr``, ``prefetch``, ``as_int``)
inlined in the compiled modules, with their interpreted stand-ins here.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    def uptr(v):
        """Interpreted stand-in for the ``.pxd``'s pointer to ``v[0]``: the array itself."""
        return v

    def prefetch(p, i):
        """Interpreted stand-in for the ``.pxd``'s cache prefetch of ``p[i]``: nothing."""

    def as_int(x):
        """Interpreted stand-in for the ``.pxd``'s C int: a numpy scalar read from a
        buffer becomes a Python int (numpy int32 arithmetic would wrap in the keys)."""
        return int(x)


def grow(p, nbytes):
    """``realloc``, raising MemoryError on failure (compiled only)."""
    q: cython.p_void = realloc(p, nbytes)
    if q == cython.NULL:
        raise MemoryError("search tree: out of memory")  # calls Python: raise
    return q


def new_ints(n, fill):
    """A fresh array of ``n`` ints set to ``fill``."""
    i: cython.int
    if cython.compiled:
        p: cython.p_int = cython.cast(cython.p_int, grow(cython.NULL, n * cython.sizeof(cython.int)))
    else:
        p = [0] * n
    for i in range(n):
        p[i] = fill
    return p


def new_keys(n):
    """A fresh array of ``n`` zero 64-bit keys."""
    i: cython.int
    if cython.compiled:
        p: cython.p_ulonglong = cython.cast(cython.p_ulonglong, grow(cython.NULL, n * cython.sizeof(cython.ulonglong)))
        for i in range(n):
            p[i] = 0
        return p
    else:
        return [0] * n


def new_doubles(n):
    """A fresh array of ``n`` zero doubles."""
    i: cython.int
    if cython.compiled:
        p: cython.p_double = cython.cast(cython.p_double, grow(cython.NULL, n * cython.sizeof(cython.double)))
        for i in range(n):
            p[i] = 0.0
        return p
    else:
        return [0.0] * n


def new_shorts(n):
    """A fresh array of ``n`` unsigned 16-bit words (written before they are read)."""
    if cython.compiled:
        return cython.cast(cython.p_ushort, grow(cython.NULL, n * cython.sizeof(cython.ushort)))
    else:
        return [0] * n


def resize_shorts(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_ushort, grow(p, n * cython.sizeof(cython.ushort)))
    else:
        return p[:old] + [0] * (n - old)


def resize_ints(p, old, n):
    """``p`` (``old`` entries) grown to ``n`` entries, keeping its contents."""
    if cython.compiled:
        return cython.cast(cython.p_int, grow(p, n * cython.sizeof(cython.int)))
    else:
        return p[:old] + [0] * (n - old)


def resize_keys(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_ulonglong, grow(p, n * cython.sizeof(cython.ulonglong)))
    else:
        return p[:old] + [0] * (n - old)


def resize_doubles(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_double, grow(p, n * cython.sizeof(cython.double)))
    else:
        return p[:old] + [0.0] * (n - old)


def release(p):
    """Free an array (interpreted, the list is simply dropped)."""
    if cython.compiled:
        free(p)
