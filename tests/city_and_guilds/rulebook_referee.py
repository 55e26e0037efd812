"""A second, plain reading of the City and Guilds rulebook that follows a game move by move.

It shares no code with the kernel: it reads only the edition's drawing and numbers and the
move texts (``place building-bakers e5 two-men``, ``tavern e5``...), keeps its own board,
men, cubes, tracks and money, and says which placements are legal.  Tests replay games
through it and compare every legal-move set and every seat's money with the engine's, so
a rule the kernel gets wrong (a payment, a tie-break, an adjacency) shows as a difference.
Rulings it follows are docs/rulings.md's (City and Guilds); the comments cite them.
"""
from __future__ import annotations

STREET = "."


class Referee:
    def __init__(self, game) -> None:
        ed = game.edition
        self.P = game.players
        self.guilds = list(ed["guilds"])
        self.rows = ed["map"]
        self.values = ed["values"]
        self.track_max = ed["track_max"]
        self.taverns = ed["tiles"]["tavern"]
        self.block = {}  # cell name -> block letter
        for r, row in enumerate(self.rows):
            for c, ch in enumerate(row):
                if ch != STREET:
                    self.block[self.name(r, c)] = ch
        self.cells = list(self.block)
        self.adj = {n: self.neighbours(n) for n in self.cells}
        # cell -> ("building", g) / ("market", g) / ("minstrel",) / ("tavern",)
        self.tile: dict[str, tuple] = {}
        self.man: dict[str, tuple[int, int]] = {}  # cell -> (seat, men)
        self.men = [ed["men"][str(self.P)]] * self.P
        self.space = [[0] * self.P for _ in self.guilds]
        self.arrived = [[0] * self.P for _ in self.guilds]
        self.clock = 0
        self.white: dict[str, int] = {}
        self.black: dict[str, int] = {}
        self.counted: set[str] = set()
        self.money = [0] * self.P
        self.placed = 0
        self.tavern_due = False
        self.over = False

    # ---------------------------------------------------------------- the map
    @staticmethod
    def name(r: int, c: int) -> str:
        return f"{chr(ord('a') + c)}{r + 1}"

    def neighbours(self, cell: str) -> list[str]:
        """Orthogonal neighbours, across a street of any length (Game Definitions 1)."""
        c, r = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            i, j = r + dr, c + dc
            while 0 <= i < len(self.rows) and 0 <= j < len(self.rows[0]) and self.rows[i][j] == STREET:
                i, j = i + dr, j + dc
            if 0 <= i < len(self.rows) and 0 <= j < len(self.rows[0]):
                out.append(self.name(i, j))
        return out

    def block_cells(self, letter: str) -> list[str]:
        return [n for n in self.cells if self.block[n] == letter]

    # ----------------------------------------------------------- legal moves
    def targets(self, setup: bool) -> set[str]:
        """Empty spaces a tile may go on: next to a placed tile; in the setup round a space of
        a block still empty and next to no tile (ruling 4)."""
        empty = [n for n in self.cells if n not in self.tile]
        if setup:
            used = {self.block[n] for n in self.tile}
            new = {n for n in empty if self.block[n] not in used
                   and not any(q in self.tile for q in self.adj[n])}
            if new:
                return new
        near = {n for n in empty if any(q in self.tile for q in self.adj[n])}
        return near or set(empty)

    def placements(self, seat: int, hand: list[str]) -> set[str]:
        """Every ``place`` text for ``seat`` holding tiles ``hand`` (Player's Turn A-C)."""
        out = set()
        for cell in self.targets(self.placed < self.P):
            for t in set(hand):
                out.add(f"place {t} {cell}")
                if t.startswith("building-") and self.men[seat] >= 2:
                    out.add(f"place {t} {cell} two-men")
                if t == "minstrel" and self.men[seat] >= 1:
                    out.add(f"place {t} {cell} man")
        return out

    def tavern_moves(self) -> set[str]:
        return {"tavern pass"} | {f"tavern {c}" for c in self.targets(False)}

    # ---------------------------------------------------------------- moves
    def play(self, seat: int, text: str) -> None:
        w = text.split()
        if w[0] == "place":
            self.place(seat, w[1], w[2], w[3] if len(w) > 3 else "")
        elif w[0] == "tavern":
            self.tavern_due = False
            if w[1] != "pass":
                self.taverns -= 1
                self.tile[w[1]] = ("tavern",)
                self.after(w[1])
            else:
                self.end_if_full()

    def place(self, seat: int, name: str, cell: str, option: str) -> None:
        self.placed += 1
        if name == "minstrel":
            self.tile[cell] = ("minstrel",)
            if option == "man":
                self.put_men(seat, cell, 1)
        else:
            kind, guild = name.split("-")
            g = self.guilds.index(guild)
            self.tile[cell] = (kind, g)
            if kind == "market":
                self.invest(g, seat, 2)
            elif option == "two-men":
                self.put_men(seat, cell, 2)
            else:
                if self.men[seat] > 0:
                    self.put_men(seat, cell, 1)
                self.invest(g, seat, 1)  # before the block's count (ruling 22)
        self.after(cell)

    def put_men(self, seat: int, cell: str, n: int) -> None:
        self.men[seat] -= n
        self.man[cell] = (seat, n)
        self.check_places(self.block[cell], seat)

    def invest(self, g: int, seat: int, steps: int) -> None:
        """Forward; behind the cubes already there; no fourth cube; not past the end (ruling 7)."""
        to = self.space[g][seat] + steps
        if to > self.track_max or sum(1 for q in range(self.P) if self.space[g][q] == to) >= 3:
            return
        self.clock += 1
        self.space[g][seat] = to
        self.arrived[g][seat] = self.clock

    def standing(self, letter: str) -> dict[int, tuple[int, int]]:
        """(buildings, men) per seat with a man in the block."""
        out: dict[int, tuple[int, int]] = {}
        for cell in self.block_cells(letter):
            if cell in self.man:
                p, n = self.man[cell]
                b, m = out.get(p, (0, 0))
                out[p] = (b + 1, m + n)
        return out

    def check_places(self, letter: str, seat: int) -> None:
        """Block Ownership: the placer must surpass a cube's holder to take its place."""
        st = self.standing(letter)
        first, second = self.white.get(letter), self.black.get(letter)
        if first is None:
            self.white[letter] = seat
        elif seat != first and st[seat] > st[first]:
            self.white[letter], self.black[letter] = seat, first
        elif seat not in (first, second) and (second is None or st[seat] > st[second]):
            self.black[letter] = seat  # ruling 9a

    def after(self, cell: str) -> None:
        letter = self.block[cell]
        if letter in self.counted or any(c not in self.tile for c in self.block_cells(letter)):
            return
        self.counted.add(letter)
        self.count_block(letter)
        if self.taverns > 0 and not self.full():
            self.tavern_due = True
        else:
            self.end_if_full()

    def full(self) -> bool:
        return len(self.tile) == len(self.cells)

    def end_if_full(self) -> None:
        if self.full() and not self.over:
            self.over = True
            self.final_count()

    # ---------------------------------------------------------------- counts
    def pay(self, value: int, ranked: list[int]) -> None:
        """The block payment rules: halves rounded up; alone all; two players +1 each."""
        if not ranked:
            return
        if len(ranked) == 1:
            self.money[ranked[0]] += value
            return
        pays = [-(-value // 2)]
        pays.append(-(-pays[0] // 2))
        pays.append(-(-pays[1] // 2))
        bonus = 1 if len(ranked) == 2 else 0
        for p, amount in zip(ranked, pays):
            if p is not None:
                self.money[p] += amount + bonus

    def track_order(self, g: int) -> list[int]:
        """Players off space 0, best first (further, else there first) -- ruling 19."""
        on = [p for p in range(self.P) if self.space[g][p] > 0]
        return sorted(on, key=lambda p: (-self.space[g][p], self.arrived[g][p]))

    def chains(self) -> list[tuple[int, int, set[str]]]:
        """(guild, tiles, blocks) of every chain: a guild's tiles joined by adjacency."""
        seen: set[str] = set()
        out = []
        for start, t in self.tile.items():
            if t[0] not in ("building", "market") or start in seen:
                continue
            todo, group = [start], {start}
            while todo:
                c = todo.pop()
                for q in self.adj[c]:
                    u = self.tile.get(q)
                    if q not in group and u and u[0] in ("building", "market") and u[1] == t[1]:
                        group.add(q)
                        todo.append(q)
            seen |= group
            out.append((t[1], len(group), group))
        return out

    def count_block(self, letter: str) -> None:
        cells = self.block_cells(letter)
        v = self.values
        kinds = [self.tile[c][0] for c in cells]
        value = (v["block"] + v["market"] * kinds.count("market") + v["minstrel"] * kinds.count("minstrel")
                 + v["tavern"] * kinds.count("tavern"))
        st = self.standing(letter)
        ranked = [self.white.get(letter), self.black.get(letter)][:len(st)]
        if len(st) >= 3:
            rest = sorted((st[p] for p in st if p not in ranked), reverse=True)
            third = [p for p in st if p not in ranked and st[p] == rest[0]]
            ranked.append(third[0] if len(third) == 1 else None)  # a tie for third: unpaid
        self.pay(value, ranked)
        # Guild Control: tiles in the block, then its longest chain in/through the block, then
        # that chain's blocks (ruling 12); still tied: no guild count (ruling 20)
        key = {}
        for g in range(len(self.guilds)):
            n = sum(1 for c in cells if self.tile[c][0] in ("building", "market") and self.tile[c][1] == g)
            if n:
                best = max((size, len({self.block[c] for c in grp}))
                           for gg, size, grp in self.chains() if gg == g and set(cells) & grp)
                key[g] = (n,) + best
        if not key:
            return
        top = max(key.values())
        winners = [g for g in key if key[g] == top]
        if len(winners) != 1:
            return
        order = self.track_order(winners[0])
        if len(order) == 1:
            self.money[order[0]] += 7
        for p, amount in zip(order if len(order) > 1 else [], (4, 2, 1)):
            self.money[p] += amount

    def final_count(self) -> None:
        """Final Count: each guild's largest chain (of equal ones the higher value) paid by the
        block payment rules (ruling 14), then -1 per unused man."""
        for g in range(len(self.guilds)):
            best = (0, 0)
            for gg, size, grp in self.chains():
                if gg == g:
                    nb = len({self.block[c] for c in grp})
                    best = max(best, (size, size + nb * (nb + 1) // 2))
            if best[1]:
                self.pay(best[1], self.track_order(g))
        for p in range(self.P):
            self.money[p] -= self.men[p]
