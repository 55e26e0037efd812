"""The edition schema: the map drawing and the tile, men and value tables.

Schema (JSON object; see docs/games/city_and_guilds.md):

* ``map``: list of equal-length strings, one character per cell: a letter
  (A-Z) per block, ``.`` for street.  Spaces are numbered row by row; a cell
  is named by column letter and row number (``a1`` top left).
* ``guilds``: four guild names (lower case, used in move notation).
* ``tiles``: ``building`` and ``market`` per guild, ``minstrel``, ``tavern``.
* ``men``: men per player, keyed by player count ("3", "4", "5").
* ``track_max``: last space of the investment tracks.
* ``values``: ``block``, ``market``, ``minstrel``, ``tavern`` (block value parts).

>>> m = parse_map(["AA.B", "A..B"])
>>> m.spaces, m.blocks, m.names
(5, 2, ['a1', 'b1', 'd1', 'a2', 'd2'])
>>> m.adj[1]  # b1: west a1, south across the street to nothing, east across to d1
[-1, 2, -1, 0]
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import EditionError
from engine.schema import integer, keys

DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # north, east, south, west
MAX_BLOCKS = 30  # chains keep their blocks in an int bitmask
MAX_SPACES = 1024  # a sanity bound (26 columns x 39 rows); the kernel sizes its arrays by the map


@dataclass
class CityMap:
    rows: list[str]
    spaces: int = 0
    blocks: int = 0
    letters: list[str] = field(default_factory=list)   # block letter per block index
    cell: list[tuple[int, int]] = field(default_factory=list)  # (row, col) per space
    names: list[str] = field(default_factory=list)     # "e4" per space
    block_of: list[int] = field(default_factory=list)
    adj: list[list[int]] = field(default_factory=list)  # 4 neighbours per space, -1 none


def cell_name(row: int, col: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_map(rows: list[str]) -> CityMap:
    """Read a map drawing; adjacency crosses streets of any length, never diagonals."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise EditionError("map must be a non-empty list of strings")
    width = len(rows[0])
    if width == 0 or width > 26 or any(len(r) != width for r in rows):
        raise EditionError("map rows must all have the same length (1 to 26 columns)")
    for r in rows:
        for ch in r:
            if ch != "." and not ("A" <= ch <= "Z"):
                raise EditionError(f"map cell {ch!r}: use a capital letter per block or '.'")
    m = CityMap(rows=rows)
    m.letters = sorted({ch for r in rows for ch in r if ch != "."})
    if not 1 <= len(m.letters) <= MAX_BLOCKS:
        raise EditionError(f"map needs 1 to {MAX_BLOCKS} blocks")
    m.blocks = len(m.letters)
    index = {}
    for i, r in enumerate(rows):
        for j, ch in enumerate(r):
            if ch != ".":
                index[(i, j)] = len(m.cell)
                m.cell.append((i, j))
                m.names.append(cell_name(i, j))
                m.block_of.append(m.letters.index(ch))
    m.spaces = len(m.cell)
    if m.spaces > MAX_SPACES:
        raise EditionError(f"map has {m.spaces} spaces; at most {MAX_SPACES} spaces")
    for (i, j) in m.cell:
        nbrs = []
        for di, dj in DIRS:
            a, b = i + di, j + dj
            while 0 <= a < len(rows) and 0 <= b < width and rows[a][b] == ".":
                a, b = a + di, b + dj
            nbrs.append(index.get((a, b), -1))
        m.adj.append(nbrs)
    return m


def connected(m: CityMap) -> bool:
    seen = {0}
    todo = [0]
    while todo:
        s = todo.pop()
        for q in m.adj[s]:
            if q >= 0 and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == m.spaces


def validate(data: dict, max_players: int) -> None:
    """Raise :class:`EditionError` with a clear message when ``data`` breaks the schema."""
    keys(data, "edition", ("map", "guilds", "tiles", "men", "track_max", "values"))
    m = parse_map(data["map"])
    if not connected(m):
        raise EditionError("map spaces must all be linked by adjacency (blocks and streets)")
    g = data["guilds"]
    if not (isinstance(g, list) and len(g) == 4 and all(isinstance(x, str) and x.isalpha()
                                                       and x.islower() for x in g)
            and len(set(g)) == 4):
        raise EditionError("guilds must be 4 different lower-case names")
    t = data["tiles"]
    if not isinstance(t, dict):
        raise EditionError("tiles must be an object")
    keys(t, "tiles", ("building", "market", "minstrel", "tavern"), meta=())
    for key in ("building", "market", "minstrel", "tavern"):
        integer(t.get(key), f"tiles.{key}", 0, 200)
    men = data["men"]
    if not isinstance(men, dict):
        raise EditionError("men must be an object keyed by player count")
    keys(men, "men", (), [str(n) for n in range(3, max_players + 1)], meta=())
    for n in range(3, max_players + 1):
        integer(men.get(str(n)), f"men.{n}", 0, 100)
    integer(data["track_max"], "track_max", 2, 1000)
    v = data["values"]
    if not isinstance(v, dict):
        raise EditionError("values needs integers block, market, minstrel, tavern (0..1000)")
    keys(v, "values", ("block", "market", "minstrel", "tavern"), meta=())
    for k in ("block", "market", "minstrel", "tavern"):
        integer(v.get(k), f"values.{k}", 0, 1000)
    guild_tiles = 4 * (t["building"] + t["market"])
    if guild_tiles < 4 * max_players:
        raise EditionError("too few guild tiles for the setup deal")
    # the player to move always holds a tile while a space is empty
    if guild_tiles + t["minstrel"] < m.spaces + 3 * (max_players - 1):
        raise EditionError(f"need at least {m.spaces + 3 * (max_players - 1)} city tiles "
                           f"for a {m.spaces}-space map")
