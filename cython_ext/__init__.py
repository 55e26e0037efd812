"""Compiled kernels (``*_c.pyx``) and their pure-Python twins (``*_py.py``).

Import kernels only through :mod:`cython_ext.select`, which picks the
compiled module unless ``GUILDHALL_PUREPYTHON=1`` or it is missing.
"""
