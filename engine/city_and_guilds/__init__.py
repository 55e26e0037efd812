"""City and Guilds (issue 7): tile placement, guild chains, block and guild counts."""
from engine.city_and_guilds.game import CityAndGuilds

__all__ = ["CityAndGuilds"]
