"""Pure-Python twin of ``ismcts_c.pyx``: the ISMCTS iteration loop.

The readable reference.  The compiled twin follows it step for step and uses
the random generator identically (same calls, same order), so that both give
the same visit counts for the same kernel, root and seed.

One *arena* holds the nodes of every tree (one tree in SO/omniscient mode, one
per seat in MO mode).  A node is a decision point (some seats to move, chance
already resolved).  Its children are found by ``(node, ev)`` where ``ev`` is a
64-bit fold of the events between the two decision points *as the tree's owner
observes them* (``kernel.observed_move``: a hidden pick of another seat folds
to the same code whatever it was, so the tree does not branch on it), then of
the hash of the owner's view at the new decision point (what the step revealed
to it: a hand received, cards turned face up).  So a node is an information
set of its owner, and a later search finds its root in the tree by view hash.
Chance outcomes enter the key only through that view hash (in omniscient
mode, used by the PIMC baseline, every move and outcome is folded as is).

Statistics live on *edges* ``(node, seat, move)``: visits, availability and
the sum of ``seat``'s reward.  At a simultaneous step every acting seat selects
at the same node on its own edges (decoupled), then the joint step is applied.

Reward modes: 0 win share (ties split), 1 rank, 2 normalised score margin,
computed from ``kernel.scores`` exactly like ``engine.core.returns_from`` with
score keys; 3 calls ``reward_fn(world)`` (games with their own tie-breaks).
"""
from __future__ import annotations

import math
import time

import numpy as np

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
HEADER = 2
SO, MO, OMNI = 0, 1, 2
WIN, RANK, SCORE, CALLBACK = 0, 1, 2, 3
HASH_MUL = 0x100000001B3  # odd multiplier of the view hash polynomial


def mix64(z: int) -> int:
    """splitmix64 finaliser: spreads the bits of a 64-bit key."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def fold(h: int, actor: int, code: int) -> int:
    """Fold one observed event ``(actor, code)`` into the running key ``h``."""
    return mix64(h ^ (((actor + 2) << 32) + (code & 0xFFFFFFFF)))


def view_hash(buf, size: int) -> int:
    """Hash of buffer words ``HEADER:size`` (a seat's view), as the C twin computes it."""
    words = np.asarray(buf[HEADER:size], dtype=np.int64) & 0xFFFFFFFF
    pows = _powers(size)
    h = int((words.astype(np.uint64) * pows[HEADER:size]).sum(dtype=np.uint64))
    return mix64(h)


_POW: dict[int, np.ndarray] = {}


def _powers(size: int) -> np.ndarray:
    if size not in _POW:
        p = np.zeros(size, dtype=np.uint64)
        x = 1
        for i in range(size):
            p[i] = x
            x = (x * HASH_MUL) & MASK64
        _POW[size] = p
    return _POW[size]


class Search:
    """The search tree and iteration loop over one game kernel.

    ``mode``: SO (one tree owned by ``root_seat``), MO (one tree per seat) or
    OMNI (one tree, every move visible: determinized UCT on a fixed world).
    """

    def __init__(self, kernel, players: int, root_seat: int, mode: int, exploration: float,
                 reward_mode: int, scale: float, max_nodes: int, hash_depth: int,
                 reward_fn=None, rollout_fn=None) -> None:
        self.k = kernel
        self.n = players
        self.size = kernel.size
        self.mm = kernel.max_moves
        self.root_seat = root_seat
        self.mode = mode
        self.c = float(exploration)
        self.reward_mode = reward_mode
        self.scale = float(scale)
        self.max_nodes = max_nodes
        self.hash_depth = hash_depth
        self.view_keys = True  # False: children keyed by observed moves only
        self.reward_fn = reward_fn
        self.rollout_fn = rollout_fn
        self.ntrees = players if mode == MO else 1
        self.world = np.zeros(self.size, dtype=np.intc)
        self.tmp = np.zeros(self.size, dtype=np.intc)
        self.root_buf = np.zeros(self.size, dtype=np.intc)
        self.seats = np.zeros(players + 1, dtype=np.intc)
        self.moves = np.zeros(max(self.mm, 1), dtype=np.intc)
        self.sc = np.zeros(players, dtype=np.intc)
        self.r = [0.0] * players
        self.determinize = True
        self.iterations = 0
        self.node_visits_total = 0
        self.clear()

    # -- arena --------------------------------------------------------------
    def clear(self) -> None:
        """Drop every tree; the roots are nodes 0..ntrees-1."""
        self.nv: list[int] = []       # node visits
        self.ndepth: list[int] = []
        self.nhash: list[int] = []    # view hash of the owner (0 if not computed)
        self.nmask: list[int] = []    # seats that acted here (bitmask)
        self.nfirst_child: list[int] = []
        self.nnext: list[int] = []    # next sibling
        self.nfirst_edge: list[int] = []
        self.ev_move: list[int] = []
        self.ev_seat: list[int] = []
        self.ev_visits: list[int] = []
        self.ev_avail: list[int] = []
        self.ev_value: list[float] = []
        self.ev_next: list[int] = []  # next edge of the same node
        self.children: dict[tuple[int, int], int] = {}
        self.edges: dict[int, int] = {}
        self.roots = [0] * self.ntrees
        for t in range(self.ntrees):
            self.roots[t] = self._new_node(-1, 0, 0)
        self.root_depth = 0
        self.reset_root_stats()

    def reset_root_stats(self) -> None:
        self.rvec = [0.0] * (self.mm * self.n)
        self.rcount = [0] * self.mm

    def node_count(self) -> int:
        return len(self.nv)

    def edge_count(self) -> int:
        return len(self.ev_move)

    def _new_node(self, parent: int, ev: int, depth: int) -> int:
        i = len(self.nv)
        self.nv.append(0)
        self.ndepth.append(depth)
        self.nhash.append(0)
        self.nmask.append(0)
        self.nfirst_child.append(-1)
        self.nnext.append(-1)
        self.nfirst_edge.append(-1)
        if parent >= 0:
            self.children[(parent, ev)] = i
            self.nnext[i] = self.nfirst_child[parent]
            self.nfirst_child[parent] = i
        return i

    def _edge(self, node: int, seat: int, move: int) -> int:
        key = ((node * 8 + seat) * self.mm + move) + 1
        e = self.edges.get(key, -1)
        if e < 0:
            e = len(self.ev_move)
            self.ev_move.append(move)
            self.ev_seat.append(seat)
            self.ev_visits.append(0)
            self.ev_avail.append(0)
            self.ev_value.append(0.0)
            self.ev_next.append(self.nfirst_edge[node])
            self.nfirst_edge[node] = e
            self.edges[key] = e
        return e

    # -- root ---------------------------------------------------------------
    def set_root(self, buf, determinize: bool) -> None:
        self.root_buf[:] = buf
        self.determinize = determinize

    def find_node(self, h: int) -> int:
        """The most visited node of the root seat's tree whose view hash is ``h``."""
        best, bv = -1, -1
        tree_root = self.roots[self.root_seat if self.mode == MO else 0]
        stack = [tree_root]
        while stack:
            x = stack.pop()
            if x != tree_root and self.nhash[x] == h and self.nv[x] > bv:
                best, bv = x, self.nv[x]
            if self.ndepth[x] - self.root_depth < self.hash_depth:
                c = self.nfirst_child[x]
                while c >= 0:
                    stack.append(c)
                    c = self.nnext[c]
        return best

    def reroot(self, node: int) -> None:
        """Make ``node`` the root of the (single) tree, keeping its subtree."""
        self.roots[0] = node
        self.root_depth = self.ndepth[node]
        self.reset_root_stats()

    # -- the iteration ------------------------------------------------------
    def _code(self, t: int, actor: int, move: int) -> int:
        if self.mode == OMNI:
            return move
        owner = t if self.mode == MO else self.root_seat
        if actor == owner:
            return move
        return self.k.observed_move(self.world, actor, move, owner)

    def _select(self, node: int, seat: int) -> tuple[int, int]:
        k, w = self.k, self.world
        nl = k.legal(w, seat, self.moves)
        self.nmask[node] |= 1 << seat
        eids = [0] * nl
        untried = 0
        for i in range(nl):
            e = self._edge(node, seat, int(self.moves[i]))
            self.ev_avail[e] += 1
            eids[i] = e
            if self.ev_visits[e] == 0:
                untried += 1
        if untried > 0:
            r = self.rng.below(untried)
            for i in range(nl):
                if self.ev_visits[eids[i]] == 0:
                    if r == 0:
                        return int(self.moves[i]), eids[i]
                    r -= 1
        best, bestv = 0, -1.0e300
        for i in range(nl):
            e = eids[i]
            nvis = self.ev_visits[e]
            v = self.ev_value[e] / nvis + self.c * math.sqrt(math.log(self.ev_avail[e]) / nvis)
            if v > bestv:
                best, bestv = i, v
        return int(self.moves[best]), eids[best]

    def iterate(self) -> None:
        k, w, n = self.k, self.world, self.n
        w[:] = self.root_buf
        if self.determinize:
            k.determinize(w, self.root_seat, self.rng)
        T = self.ntrees
        cur = list(self.roots)
        ev = [0] * T
        path_e: list[int] = []
        path_nodes = list(cur)
        acting = [0] * n
        chosen = [0] * n
        while True:
            na = k.to_move(w, self.seats)
            if na == 0 or self.seats[0] < 0:
                break
            for j in range(na):
                acting[j] = int(self.seats[j])
            for j in range(na):
                s = acting[j]
                t = s if self.mode == MO else 0
                m, e = self._select(cur[t], s)
                chosen[j] = m
                path_e.append(e)
            for t in range(T):
                ev[t] = 0
            for j in range(na):
                s, m = acting[j], chosen[j]
                for t in range(T):
                    ev[t] = fold(ev[t], s, self._code(t, s, m))
                k.apply(w, s, m)
            while True:
                nc = k.to_move(w, self.seats)
                if nc == 0 or self.seats[0] >= 0:
                    break
                o = k.sample_chance(w, self.rng)
                if self.mode == OMNI:
                    # SO/MO: what an owner sees of chance shows in its view hash below,
                    # so a kernel reporting hidden deals as seen cannot split nodes
                    ev[0] = fold(ev[0], -1, o)
                k.apply(w, -1, o)
            grown = False
            for t in range(T):
                vh = 0
                if self.mode != OMNI:
                    # what the owner now sees (cards revealed, hands received) is part
                    # of its information set, not only the observed moves
                    vh = self._owner_view_hash(t)
                    if self.view_keys:
                        ev[t] = mix64(ev[t] ^ vh)
                c = self.children.get((cur[t], ev[t]), -1)
                if c < 0:
                    grown = True
                    if len(self.nv) < self.max_nodes:
                        c = self._new_node(cur[t], ev[t], self.ndepth[cur[t]] + 1)
                        self.nhash[c] = vh
                cur[t] = c
                if c >= 0:
                    path_nodes.append(c)
            if grown:
                break
        if k.to_move(w, self.seats) > 0:
            if self.rollout_fn is not None:
                self.rollout_fn(w, self.rng)
            else:
                k.rollout(w, self.rng)
        self._reward()
        r = self.r
        for e in path_e:
            s = self.ev_seat[e]
            self.ev_visits[e] += 1
            self.ev_value[e] += r[s]
        for x in path_nodes:
            self.nv[x] += 1
        # root move report: the root seat's edge is the first one chosen by it
        rs = self.root_seat
        for e in path_e:
            if self.ev_seat[e] == rs:
                m = self.ev_move[e]
                self.rcount[m] += 1
                for i in range(n):
                    self.rvec[m * n + i] += r[i]
                break
        self.iterations += 1
        self.node_visits_total += len(path_nodes)

    def _owner_view_hash(self, t: int) -> int:
        owner = t if self.mode == MO else self.root_seat
        self.tmp[:] = self.world
        self.k.observe(self.tmp, owner)
        return view_hash(self.tmp, self.size)

    def _reward(self) -> None:
        n, r = self.n, self.r
        if self.reward_mode == CALLBACK:
            vals = self.reward_fn(self.world)
            for i in range(n):
                r[i] = float(vals[i])
            return
        sc = self.sc
        self.k.scores(self.world, sc)
        if self.reward_mode == WIN:
            best = sc[0]
            for i in range(1, n):
                if sc[i] > best:
                    best = sc[i]
            cnt = 0
            for i in range(n):
                if sc[i] == best:
                    cnt += 1
            for i in range(n):
                r[i] = 1.0 / cnt if sc[i] == best else 0.0
        elif self.reward_mode == RANK:
            for i in range(n):
                below = 0
                ties = 0
                for j in range(n):
                    if sc[j] < sc[i]:
                        below += 1
                    elif sc[j] == sc[i] and j != i:
                        ties += 1
                r[i] = (below + ties / 2.0) / (n - 1) if n > 1 else 1.0
        else:
            for i in range(n):
                rival = -(1 << 30)
                for j in range(n):
                    if j != i and sc[j] > rival:
                        rival = sc[j]
                if n == 1:
                    rival = 0
                r[i] = 0.5 + 0.5 * math.tanh((int(sc[i]) - int(rival)) / self.scale)

    def run(self, rng, max_iters: int, deadline: float, max_node_visits: int) -> int:
        """Run up to ``max_iters`` iterations, stopping early once ``time.perf_counter()``
        passes ``deadline`` (<= 0: no deadline) or the node visits reach
        ``max_node_visits`` (<= 0: no limit).  Returns the iterations run."""
        self.rng = rng
        done = 0
        while done < max_iters:
            self.iterate()
            done += 1
            if deadline > 0 and time.perf_counter() >= deadline:
                break
            if 0 < max_node_visits <= self.node_visits_total:
                break
        return done

    # -- reading the tree ---------------------------------------------------
    def edges_of(self, node: int) -> list[tuple[int, int, int, float]]:
        """``(seat, move, visits, value_sum)`` of every edge of ``node``, by seat then move."""
        out = []
        e = self.nfirst_edge[node]
        while e >= 0:
            out.append((self.ev_seat[e], self.ev_move[e], self.ev_visits[e], self.ev_value[e]))
            e = self.ev_next[e]
        out.sort()
        return out

    def children_of(self, node: int) -> list[tuple[int, int]]:
        """``(child, visits)`` of every child of ``node``, in creation order."""
        out = []
        c = self.nfirst_child[node]
        while c >= 0:
            out.append((c, self.nv[c]))
            c = self.nnext[c]
        out.reverse()
        return out

    def node_info(self, node: int) -> tuple[int, int, int]:
        """``(visits, depth, acting-seat mask)``."""
        return self.nv[node], self.ndepth[node], self.nmask[node]

    def root_vector(self, move: int) -> tuple[int, list[float]]:
        c = self.rcount[move]
        return c, [self.rvec[move * self.n + i] / c if c else 0.0 for i in range(self.n)]

    def get_roots(self) -> list[int]:
        return list(self.roots)
