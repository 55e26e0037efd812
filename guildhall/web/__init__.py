"""The reference browser frontend (``guildhall serve``, extra ``[web]``).

It drives ``guildhall engine`` processes through :mod:`guildhall.client`, as
any third-party frontend would; see docs/frontends.md.
"""
