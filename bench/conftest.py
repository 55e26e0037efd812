"""Benchmarks run only on demand: ``python -m pytest bench --benchmark-enable``."""
import statistics
import time


def median_time(fn, repeat: int = 7, number: int = 1) -> float:
    """Median seconds of ``number`` calls of ``fn`` over ``repeat`` runs."""
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t) / number)
    return statistics.median(runs)
