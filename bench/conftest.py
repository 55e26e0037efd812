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


def record(benchmark, name: str, slow: float) -> float:
    """Store and print the interpreted/compiled ratio of a finished benchmark; return it.

    ``slow`` is the interpreted kernel's median seconds on the same work as the benchmark.
    """
    fast = benchmark.stats.stats.median
    benchmark.extra_info["interpreted_median_s"] = slow
    benchmark.extra_info["ratio"] = slow / fast
    print(f"\n{name}: compiled {fast * 1e6:.1f} us, interpreted {slow * 1e6:.1f} us, ratio {slow / fast:.0f}x")
    return slow / fast
