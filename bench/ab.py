"""Compiled speed of two builds side by side, in one run: ``A`` against ``B``.

    python bench/ab.py /work/base /work/main [bench/bench_x.py ...] [--rounds 3]

Each tree must be built in place (``python setup.py build_ext --inplace``).
The benchmark files of each tree run alternately, A B A B ..., each in its
own process with ``PYTHONPATH`` set to its tree, so that the load of a
shared machine falls on both alike; the table gives, per benchmark, the
median over rounds of each side's pytest-benchmark median, and the ratio
B/A (below 1: B is faster).  Benchmarks are matched by test name.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

DEFAULT = ["bench/bench_guildes.py", "bench/bench_guildes_variants.py", "bench/bench_between_two_cities.py",
           "bench/bench_city_and_guilds.py", "bench/bench_walled_city.py", "bench/bench_search.py"]


def run(tree: str, files: list[str], out: str) -> dict[str, float]:
    """pytest-benchmark medians (seconds) of ``files`` in ``tree``."""
    env = dict(os.environ, PYTHONPATH=tree)
    env.pop("GUILDHALL_PUREPYTHON", None)
    present = [f for f in files if os.path.exists(os.path.join(tree, f))]
    cmd = [sys.executable, "-m", "pytest", *present, "--benchmark-enable", "-q", "-p", "no:xdist",
           "-p", "no:cacheprovider", f"--benchmark-json={out}"]
    subprocess.run(cmd, cwd=tree, env=env, check=False, capture_output=True)
    with open(out, encoding="utf-8") as f:
        data = json.load(f)
    return {b["fullname"].split("/")[-1]: b["stats"]["median"] for b in data["benchmarks"]}  # file::test


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("files", nargs="*", default=DEFAULT)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    runs: dict[str, list[dict[str, float]]] = {args.a: [], args.b: []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for side in (args.a, args.b):
                runs[side].append(run(side, args.files, os.path.join(tmp, f"{r}-{len(runs[side])}.json")))
    med = {side: {name: statistics.median(rr[name] for rr in rs if name in rr)
                  for name in set().union(*rs)} for side, rs in runs.items()}
    names = sorted(set(med[args.a]) & set(med[args.b]))
    print(f"| benchmark | A: {args.a} | B: {args.b} | B/A |")
    print("|---|---|---|---|")
    for name in names:
        a, b = med[args.a][name], med[args.b][name]
        print(f"| {name} | {a * 1e6:,.1f} us | {b * 1e6:,.1f} us | {b / a:.2f} |")
    for side, other in ((args.a, args.b), (args.b, args.a)):
        only = sorted(set(med[side]) - set(med[other]))
        if only:
            print(f"\nonly in {side}: " + ", ".join(only))


if __name__ == "__main__":
    main()
