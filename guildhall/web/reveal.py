"""Which moves a seat can tell were made (the rule lives in :mod:`engine.reveal`)."""
from engine.reveal import visible

__all__ = ["visible"]
