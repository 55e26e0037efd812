"""Match statistics: an interval that behaves at 0 and 1, and a sequential test for tuning.

>>> lo, hi = wilson(4.0, 4)          # 4 wins out of 4: not [1.000, 1.000]
>>> round(lo, 3), hi
(0.51, 1.0)
>>> t = Sprt(0.05)
>>> for x in [1, 1, 0.5, 1, 0, 1, 1, 1]:
...     t.add(x)
>>> round(t.llr, 3), t.verdict()
(0.708, None)
>>> e = Sprt(elo0=0, elo1=50, alpha=0.05, beta=0.05)
>>> for x in [1] * 60:
...     e.add(x)
>>> e.verdict()
'H1'
"""
from __future__ import annotations

import math
from typing import Optional

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a share (``successes`` may be fractional: a k-way tie counts 1/k)."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    # at p = 0 or 1 one root is exactly 0 or 1; floating point left it 1e-16 off
    return (0.0 if p == 0.0 else max(0.0, mid - half)), (1.0 if p == 1.0 else min(1.0, mid + half))


def elo_score(elo: float) -> float:
    """Expected score of an engine ``elo`` points stronger (logistic Elo).

    >>> elo_score(0.0), round(elo_score(100.0), 3)
    (0.5, 0.64)
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


class Sprt:
    """Sequential probability ratio test on per-game scores x in [0, 1] of engine A against B.

    H0: A's expected score is 0.5 (no better); H1: 0.5 + ``delta``.  Or, as
    fishtest states it, H0: A is ``elo0`` Elo stronger, H1: ``elo1`` (scores
    by :func:`elo_score`).  The log
    likelihood ratio uses the normal (GSPRT) approximation, as chess tuning
    frameworks do, with the observed variance of the scores counted with one
    extra win and one extra loss (so that a run of equal scores is not read as
    certainty: it stops a little later than the plain observed variance would);
    it stops at ``lower``/``upper`` (from ``alpha`` and ``beta``).
    """

    def __init__(self, delta: Optional[float] = None, alpha: float = 0.05, beta: float = 0.05, *,
                 elo0: Optional[float] = None, elo1: Optional[float] = None) -> None:
        if elo0 is not None or elo1 is not None:
            if elo0 is None or elo1 is None or not elo0 < elo1:
                raise ValueError("the SPRT needs elo0 < elo1")
            try:
                self.s0, self.s1 = elo_score(elo0), elo_score(elo1)
            except OverflowError:
                raise ValueError("the SPRT's Elo values are out of range") from None
            if not 0 < self.s0 < self.s1 < 1:  # a score of 0 or 1: no likelihood to compare
                raise ValueError("the SPRT's Elo values are out of range")
        else:
            if delta is None or not 0 < delta < 0.5:
                raise ValueError("the SPRT's score difference must be in (0, 0.5)")
            self.s0, self.s1 = 0.5, 0.5 + delta
        if not (0 < alpha < 0.5 and 0 < beta < 0.5):
            raise ValueError("the SPRT's alpha and beta must be in (0, 0.5)")
        self.lower = math.log(beta / (1 - alpha))
        self.upper = math.log((1 - beta) / alpha)
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, score: float) -> None:
        self.n += 1
        self.total += score
        self.squares += score * score

    @property
    def llr(self) -> float:
        if self.n < 2:
            return 0.0
        mean = self.total / self.n
        # the variance counts one extra win and one extra loss: a few equal scores
        # must not read as certainty (zero variance, an LLR that explodes)
        m2 = (self.total + 1) / (self.n + 2)
        var = (self.squares + 1) / (self.n + 2) - m2 * m2
        return self.n * (self.s1 - self.s0) * (2 * mean - self.s0 - self.s1) / (2 * var)

    def verdict(self) -> Optional[str]:
        """``H1`` (A is better by delta), ``H0`` (it is not), or None (play on)."""
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return None
