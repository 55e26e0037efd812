"""Fuzz ``position <state>`` with mutated real states; list every ``error internal``, hang or crash.

A case is a real state (a random game stopped at a random depth: the full state
or a seat's view) with one or two fields changed (1-3 values each: a nearby
number, an edge value, ``?``).  Each case runs in-process through
:class:`guildhall.session.Session`: ``position``; if it is accepted, every
question (``status``, ``view``, ``validmoves``, ``d`` for each seat), ``perft 2``,
a short ``go`` per engine, then 40 ``play random`` and a last ``go``.  A
refusal (``error bad-state ...``) is fine; what is listed is an ``error
internal``, a job that does not stop (hang), a question slower than
``--slow`` seconds, or the worker process dying (a compiled kernel's abort).
The cases run in a child process that is restarted after the case that
killed it, so one crash does not end the run; as memory corrupted by one case
may kill the worker cases later, the cases since the worker started are then
run again with ``--checked`` (interpreted kernels, every index checked), which
names the case that made the bad access.

    python bench/fuzz_protocol.py guildes --players 4 --cases 300 --seed 1
    python bench/fuzz_protocol.py guildes --players 4 --variant events --variant tricks --cases 300
    python bench/fuzz_protocol.py all --cases 200 --seed 1        # every configuration in CONFIGS
    python bench/fuzz_protocol.py guildes --players 4 --seed 1 --only 123   # one case, verbose
    python bench/fuzz_protocol.py guildes --players 3 --cases 128 --seed 3 --checked  # find a corrupter
    GUILDHALL_PUREPYTHON=1 python bench/fuzz_protocol.py city_and_guilds --cases 50

``--engines ismcts,greedy,pimc`` (the default) are the players that search each
case; ``--reasons`` tallies the refusals by message (which check refused what).
The same game, players, variants, seed and case number give the same case.  It
prints one line per failing case, each with the command that reproduces it
(``--only``), then a summary: cases run, refused, accepted, failing.  Exit
status 1 when any case failed.  (Session 24: 11 configurations x 1,000 cases,
seeds 1-4; its findings are tests/protocol/test_fuzz_found.py.)  Run it under ``nice``; not part of the tests
(tests/protocol/test_fuzz_protocol_smoke.py runs a few cases).  With the kernels built
with AddressSanitizer (``GUILDHALL_ASAN=1``, docs/kernels.md) and its runtime preloaded, a
worker aborts at the first bad access, with its stack (session 25: 880 cases, none).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CONFIGS = [("guildes", 3, ()), ("guildes", 4, ()), ("guildes", 4, ("events", "tricks")),
           ("guildes", 6, ("events", "tricks")), ("between_two_cities", 3, ()),
           ("between_two_cities", 2, ("two-player-advanced",)), ("between_two_cities", 4, ("beginner", "districts")),
           ("city_and_guilds", 3, ()), ("city_and_guilds", 5, ()), ("walled_city", 2, ()),
           ("walled_city", 3, ("borderlands",))]
EDGES = [-3, -2, -1, 0, 1, 2, 7, 9, 15, 16, 31, 32, 63, 64, 65, 99, 127, 128, 255, 256, 999, 1000,
         1001, 10**5, 10**6, 2**31 - 1, -2**31]
BASES = 8  # random games per run; each gives its full state and one seat's view
JOB_WAIT = 20.0  # seconds a go or perft may run before it counts as a hang


def newgame_line(game: str, players: int, variants) -> str:
    return f"newgame {game} players {players}" + "".join(f" variant {v}" for v in variants)


def bases(game: str, players: int, variants, seed: int) -> list[str]:
    import engine
    from engine.core import CHANCE
    g = engine.make_game(game, players, variants)
    rnd = random.Random(f"bases-{seed}-{game}-{players}-{variants}")
    out = []
    for b in range(BASES):
        s = g.new_initial_state(rnd.randrange(1 << 30))
        for _ in range(rnd.randrange(400)):
            tm = s.to_move()
            if not tm:
                break
            s.apply(tm[0], s.sample_chance() if tm[0] == CHANCE else rnd.choice(s.legal_moves(tm[0])))
        out += [s.to_string(), s.observe(rnd.randrange(players)).to_string()]
    return out


def mutate(rnd: random.Random, state: str) -> tuple[str, str]:
    """``state`` with 1-2 fields changed, and what changed (``field[i] old->new``)."""
    toks = state.split()
    what = []
    for _ in range(rnd.choice((1, 1, 1, 2))):
        k = rnd.randrange(len(toks))
        name, _, vals = toks[k].partition("=")
        items = vals.split(",")
        for _ in range(rnd.choice((1, 1, 1, 2, 3))):
            i = rnd.randrange(len(items))
            old = items[i]
            r = rnd.random()
            if old.lstrip("-").isdigit() and r < 0.6:  # nearby values pass the range checks more often
                items[i] = str(int(old) + rnd.choice((-2, -1, 1, 2, 5)))
            elif r < 0.65:
                items[i] = "?"
            else:
                items[i] = str(rnd.choice(EDGES))
            what.append(f"{name}[{i}] {old}->{items[i]}")
        toks[k] = name + "=" + ",".join(items)
    return " ".join(toks), " ".join(what)


def make_cases(game, players, variants, seed, n) -> list[dict]:
    pool = bases(game, players, variants, seed)
    rnd = random.Random(f"cases-{seed}-{game}-{players}-{variants}")
    cases = []
    for _ in range(n):
        state, what = mutate(rnd, rnd.choice(pool))
        cases.append({"state": state, "what": what})
    return cases


def run(session, lines: list, line: str, slow: float) -> tuple[list[str], list[str]]:
    """The replies to ``line``, and what was wrong with them."""
    n0, t0 = len(lines), time.monotonic()
    session.handle(line)
    job = session.job
    if job is not None and job.alive():
        job.thread.join(JOB_WAIT)
        if job.alive():
            session.handle("stop")
            return lines[n0:], [f"{line[:60]} -> hang (no end {JOB_WAIT:.0f} s after it started)"]
    elif time.monotonic() - t0 > slow:
        return lines[n0:], [f"{line[:60]} -> slow ({time.monotonic() - t0:.1f} s)"]
    return lines[n0:], [f"{line[:60]} -> {r[:300]}" for r in lines[n0:] if r.startswith("error internal")]


def check_indices() -> None:
    """``--checked``: every state buffer and kernel array (interpreted) checks its indices, so an
    access the compiled kernels would make out of bounds is an ``IndexError`` in the case that
    makes it (compiled, it may corrupt memory and kill the worker cases later)."""
    from engine import layout, playable
    new, loads = layout.Layout.new, layout.Layout.loads
    layout.Layout.new = lambda self: new(self).view(playable.Checked)
    layout.Layout.loads = lambda self, text, buf=None: loads(self, text, buf).view(playable.Checked)


def run_case(newgame: str, state: str, engines: list[str], slow: float, verbose=False) -> tuple[str, list[str]]:
    """("refused", [the error]), ("failed", problems) at position, or ("accepted", problems) after."""
    from engine.playable import check_arrays
    from guildhall.session import Session
    lines: list[str] = []
    s = Session(lines.append)
    try:
        run(s, lines, newgame, slow)
        if os.environ.get("FUZZ_CHECKED") and s.game is not None:
            check_arrays(s.game.kernel)
        got, bad = run(s, lines, "position " + state, slow)
        if bad:
            return "failed", bad
        if got:
            return "refused", got[:1]
        seats = range(s.game.players)
        cmds = ["status", "view", "validmoves", "validmoves chance", "d"]
        cmds += [f"{c} {p}" for p in seats for c in ("view", "validmoves", "d")]
        cmds += ["perft 2"]
        if s.state.observer is not None:
            cmds += [f"seat {s.state.observer}"]
        for eng in engines:
            cmds += [f"setoption name Engine value {eng}", "go iterations 50"]
        cmds += ["play random"] * 40 + ["status", "go iterations 20"]
        problems = []
        for cmd in cmds:
            got, bad = run(s, lines, cmd, slow)
            if verbose:
                print(">", cmd[:80], *[g[:200] for g in got], sep="\n  ")
            problems += bad
        return "accepted", problems
    finally:
        s.close()


def worker(args) -> None:
    """Run cases from ``--start`` on, one JSON line per case on stdout."""
    cases = make_cases(args.game, args.players, tuple(args.variant), args.seed, args.cases)
    newgame = newgame_line(args.game, args.players, args.variant)
    report = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # anything else printed (by Python or C) goes to stderr, not into the reports
    for i in range(args.start, len(cases)):
        print(json.dumps({"start": i}), file=report, flush=True)
        kind, detail = run_case(newgame, cases[i]["state"], args.engines.split(","), args.slow)
        print(json.dumps({"case": i, "kind": kind, "detail": detail}), file=report, flush=True)


reasons: collections.Counter = collections.Counter()  # refusals by message, digits as N (--reasons)


def supervise(game, players, variants, args) -> tuple[int, int, list[str]]:
    """Run one configuration's cases in restarted children; (cases, refused, failure lines)."""
    cmd = [sys.executable, os.path.abspath(__file__), game, "--players", str(players), "--cases", str(args.cases),
           "--seed", str(args.seed), "--engines", args.engines, "--slow", str(args.slow)]
    cmd += ["--checked"] if args.checked else []
    cmd += [a for v in variants for a in ("--variant", v)]
    repro = " ".join(["python bench/fuzz_protocol.py"] + cmd[2:])
    cases = make_cases(game, players, tuple(variants), args.seed, args.cases)
    done, refused, failures, start = 0, 0, [], args.first

    def fail(i: int, detail: str) -> None:
        failures.append(f"{repro} --only {i}  # {cases[i]['what']}: {detail}")
        print(failures[-1], flush=True)

    while start < args.cases:
        child = subprocess.Popen(cmd + ["--start", str(start)], stdout=subprocess.PIPE, text=True)
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(l) for l in child.stdout] + [lines.put("")], daemon=True).start()
        current, stuck = start, False
        while True:
            try:
                line = lines.get(timeout=args.case_timeout)
            except queue.Empty:  # a question stuck in a kernel loop: no stop reaches it
                child.kill()
                stuck = True
                break
            if not line:
                break
            msg = json.loads(line)
            if "start" in msg:
                current = msg["start"]
                continue
            done += 1
            refused += msg["kind"] == "refused"
            if msg["kind"] == "refused" and msg["detail"]:
                reasons[re.sub(r"-?\d+", "N", msg["detail"][0])[:100]] += 1
            if msg["detail"] and msg["kind"] != "refused":
                fail(msg["case"], " | ".join(msg["detail"]))
            current = msg["case"] + 1
        rc = child.wait()
        if current < args.cases and (rc != 0 or stuck):
            done += 1
            fail(current, f"no answer within {args.case_timeout:.0f} s" if stuck else f"worker died (exit {rc})")
            if rc != 0 and not stuck and not args.checked:
                diagnose(game, players, variants, args, start, current)
            current += 1
        start = current
    return done, refused, failures


def diagnose(game, players, variants, args, first: int, last: int) -> None:
    """A worker died at case ``last``: memory a case since ``first`` corrupted, maybe long
    before.  Those cases again with checked indices name the one (slow, so at most 300)."""
    first = max(first, last - 299)
    print(f"  diagnosis: cases {first}..{last} again with --checked:", flush=True)
    again = argparse.Namespace(**{**vars(args), "checked": True, "first": first, "cases": last + 1})
    if not supervise(game, players, variants, again)[2]:
        print("  diagnosis: none fails checked (compiled only: a C scratch array smaller than its twin?)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", help="a game name, or 'all' for every configuration in CONFIGS")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="skip the cases before this one")
    ap.add_argument("--engines", default="ismcts,greedy,pimc", help="comma-separated: each gets one 'go'")
    ap.add_argument("--slow", type=float, default=30.0, help="seconds a question may take")
    ap.add_argument("--case-timeout", type=float, default=600.0, help="seconds without a finished case: a hang")
    ap.add_argument("--reasons", action="store_true", help="also list the refusals by message")
    ap.add_argument("--checked", action="store_true",
                    help="interpreted kernels with every index checked (slow): finds the case behind a crash")
    ap.add_argument("--only", type=int, default=None, help="run this case alone, in-process, printing every reply")
    ap.add_argument("--start", type=int, default=None, help=argparse.SUPPRESS)  # the child's first case
    args = ap.parse_args()
    if args.checked:  # before any kernel is imported; the children inherit it
        os.environ.update(GUILDHALL_PUREPYTHON="1", FUZZ_CHECKED="1")
    if os.environ.get("FUZZ_CHECKED"):
        check_indices()
    if args.game != "all" and args.players is None:
        import engine
        args.players = engine.make_game(args.game, None, args.variant).players
    if args.start is not None:
        worker(args)
        return 0
    if args.only is not None:
        case = make_cases(args.game, args.players, tuple(args.variant), args.seed, args.cases)[args.only]
        print("changed:", case["what"])
        print("position", case["state"])
        kind, detail = run_case(newgame_line(args.game, args.players, args.variant), case["state"],
                                args.engines.split(","), args.slow, verbose=True)
        print(kind, *detail, sep="\n")
        return 1 if kind != "refused" and detail else 0
    configs = CONFIGS if args.game == "all" else [(args.game, args.players, tuple(args.variant))]
    total = refused = 0
    failures = []
    t0 = time.monotonic()
    for game, players, variants in configs:
        n, r, f = supervise(game, players, variants, args)
        print(f"{newgame_line(game, players, variants)[8:]}: {n} cases, {r} refused, {n - r} accepted, "
              f"{len(f)} failing", flush=True)
        total, refused, failures = total + n, refused + r, failures + f
    if args.reasons:
        for reason, count in reasons.most_common():
            print(f"{count:6d}  {reason}")
    print(f"summary: {total} cases, {refused} refused, {total - refused} accepted, {len(failures)} failing, "
          f"{time.monotonic() - t0:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
