"""The Walled City: Londonderry & Borderlands (registers ``walled_city``)."""
from engine.walled_city.game import WalledCity

__all__ = ["WalledCity"]
