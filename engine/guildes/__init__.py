"""Guildes (Frédéric Bizet, Bad Taste Games): rules, notation, drawing."""
from engine.guildes.game import Guildes

__all__ = ["Guildes"]
