"""guildhall's games inside other frameworks: OpenSpiel, PettingZoo (optional extras).

:mod:`guildhall.adapters.table` holds what they share and needs only the core install.
"""
