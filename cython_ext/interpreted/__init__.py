"""The kernels run interpreted, from the same ``.py`` sources that Cython compiles.

``cython_ext.interpreted.<kernel>`` is always the interpreted module, even when
the compiled extension is built (tests compare the two modes in one process);
the import hook that loads them is in :mod:`cython_ext`.
"""
