"""guildhall: AI opponents for four tabletop games, over a UCI-like text protocol.

The application layer: the command line (:mod:`guildhall.cli`), the engine
protocol (:mod:`guildhall.protocol`, :mod:`guildhall.session`,
:mod:`guildhall.server`), a Python client for it (:mod:`guildhall.client`)
and self-play (:mod:`guildhall.arena`).
"""

__version__ = "0.1.0"
