"""Between Two Cities (Stonemaier Games): rules, notation, drawing."""
from engine.between_two_cities.game import BetweenTwoCities

__all__ = ["BetweenTwoCities"]
