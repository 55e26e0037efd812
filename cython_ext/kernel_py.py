"""Pure-Python twin of ``kernel_c.pyx``: the kernel contract and the shared RNG.

A game kernel works on one flat ``int32`` buffer (``numpy.intc``) that holds the
whole game state; cloning a state is copying that buffer.  Moves are small
integers ``0 <= move < max_moves``.  Seat ``-1`` is chance.

Buffer words 0 and 1 belong to :mod:`engine.core` (the dealer seed and the
observer marker); a kernel lays its own fields out from word 2 on.

"""
from __future__ import annotations


MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
CHANCE = -1
HEADER = 2  # words owned by engine.core: [dealer seed, observer + 1]


class Rng:
    """splitmix64, bit-identical to the compiled ``kernel_c.Rng``.

    >>> Rng(1).next64() == Rng(1).next64()
    True
    >>> 0 <= Rng(3).below(6) < 6
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (multiply-shift, no modulo bias worth noting)."""
        return ((self.next64() >> 32) * int(n)) >> 32

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 bits."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)


class Kernel:
    """Base of every game kernel.  Subclasses implement the methods below.

    ``players``: number of seats; ``size``: buffer length; ``max_moves``: an
    upper bound on move integers (and on the number of legal moves).
    """

    def __init__(self, players: int, size: int, max_moves: int) -> None:
        self.players = players
        self.size = size
        self.max_moves = max_moves

    def to_move(self, buf, out) -> int:
        """Write the seats to move into ``out``; return how many.

        Several seats at once for a simultaneous step (each still owing a
        choice); ``out[0] = -1`` (and 1) when chance is to move; 0 at the end.
        """
        raise NotImplementedError

    def legal(self, buf, seat: int, out) -> int:
        """Write the legal moves of ``seat`` (ascending) into ``out``; return how many."""
        raise NotImplementedError

    def apply(self, buf, seat: int, move: int) -> None:
        """Play ``move`` for ``seat`` (-1: a chance outcome).  No legality check."""
        raise NotImplementedError

    def chance(self, buf, outcomes, probs) -> int:
        """Write the chance outcomes and their probabilities; return how many."""
        raise NotImplementedError

    def sample_chance(self, buf, rng: Rng) -> int:
        """Draw one chance outcome with its probability."""
        scratch = getattr(self, "_chance_scratch", None)
        if scratch is None:  # allocated once: rollouts draw chance at every deal
            scratch = self._chance_scratch = ([0] * self.max_moves, [0.0] * self.max_moves)
        outcomes, probs = scratch
        n = self.chance(buf, outcomes, probs)
        r = rng.random()
        acc = 0.0
        for i in range(n):
            acc += probs[i]
            if r < acc:
                return int(outcomes[i])
        return int(outcomes[n - 1])

    def observe(self, buf, seat: int) -> None:
        """Mask in place what ``seat`` cannot see (unknown values are -1)."""
        raise NotImplementedError

    def determinize(self, buf, seat: int, rng: Rng) -> None:
        """Fill in place every unknown of a buffer already masked for ``seat``.

        Must read nothing that ``observe`` hides, keep the observation of
        ``seat`` unchanged, and sample among consistent states (uniformly
        where the game's docs do not say otherwise).
        """
        raise NotImplementedError

    def observed_move(self, buf, actor: int, move: int, observer: int) -> int:
        """What ``observer`` sees of ``actor`` playing ``move`` (before applying).

        The move itself when it is public; a game-defined code (``>= max_moves``)
        for a hidden choice.  MO-ISMCTS branches on this.
        """
        return move

    def scores(self, buf, out) -> None:
        """Write each seat's score in game points so far into ``out``."""
        raise NotImplementedError

    def rollout(self, buf, rng: Rng) -> None:
        """Play uniformly random moves (and chance) until the game ends, in place."""
        raise NotImplementedError
