"""Tens of thousands of random and mutated lines at one real engine process.

It must never die, never hang (every ``isready`` checkpoint is answered in
time) and every reply must be a protocol line.  Mutations reach the game
code too: state strings with changed values go through ``position``.
"""
import random
import re
import time

import engine
from engine.perft import play_to_decision
from tests.protocol.conftest import start

LINES = 24000
CHECK_EVERY = 400
REPLY = re.compile(r"^(readyok|guildhallok|id |protocol |option |error [a-z-]+ |status |validmoves |"
                   r"view |info |bestmove |perft )")


def corpus() -> list[str]:
    s = play_to_decision(engine.make("guildes", players=4, seed=5), 5)
    full, view = s.to_string(), s.observe(1).to_string()
    return [
        "guildhall", "isready", "newgame guildes players 4 seed 5", "newgame guildes players 3",
        "newgame city_and_guilds", "newgame walled_city players 2 variant borderlands",
        "newgame between_two_cities players 3", "position startpos seed 5",
        "position startpos moves event one-fewer; deal militia; seat 0 knights",
        f"position {full}", f"position {view}", f"position {full} moves seat 1 knights; seat 2 nobles",
        "play random", "play random", "play random", "play seat 0 knights", "play chance deal militia",
        "validmoves", "validmoves 0", "validmoves chance", "view", "view 2", "status", "d", "d 1",
        "undo", "undo 3", "seat 1", "seat auto", "go iterations 3", "go nodes 5", "go movetime 20",
        "go time 50 50 50 50 inc 1 1 1 1", "go infinite", "stop", "stop", "perft 1", "perft 2",
        "setoption name Seed value 3", "setoption name Omniscient value true",
        "setoption name Omniscient value false", "setoption name Engine value random",
        "setoption name InfoInterval value 0", "quit-not", "",
    ]


def mutate(rng: random.Random, line: str) -> str:
    words = line.split(" ")
    op = rng.randrange(9)
    if op == 0 and words:
        del words[rng.randrange(len(words))]
    elif op == 1 and words:
        i = rng.randrange(len(words))
        words.insert(i, words[i])
    elif op == 2 and len(words) > 1:
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    elif op == 3:
        words.insert(rng.randrange(len(words) + 1), rng.choice(
            ["-1", "0", "99999999999999999999", "nan", "?", ";", "seat", "moves", "=", "random",
             "inf", "1e9", "#3", "\u00e9\u00df", "\x07", "players", "value", "name"]))
    elif op == 4:  # change numbers inside a state string or argument
        text = " ".join(words)
        return re.sub(r"\d+", lambda m: rng.choice([m.group(), "-1", "?", str(rng.randrange(100)),
                                                    "70000", "2147483648"])
                      if rng.random() < 0.05 else m.group(), text)
    elif op == 5:
        text = " ".join(words)
        cut = rng.randrange(len(text) + 1)
        return text[:cut]
    elif op == 6:
        return "".join(chr(rng.randrange(1, 0x250)) for _ in range(rng.randrange(1, 60)))
    elif op == 7:
        return line.upper()
    return " ".join(words)


def test_fuzz_never_kills_or_hangs_the_engine():
    rng = random.Random(20261129)
    base = corpus()
    e = start(timeout=20)
    sent = 0
    t0 = time.monotonic()
    try:
        # stop each go at once, so searches do not pile up behind 'error busy'
        e.send("setoption name Iterations value 3")
        while sent < LINES:
            batch = []
            for _ in range(CHECK_EVERY):
                line = rng.choice(base)
                for _ in range(rng.choice((0, 1, 1, 2, 3))):
                    line = mutate(rng, line)
                line = line.replace("\n", " ").replace("\r", " ")
                if line.strip().lower().startswith("quit"):
                    line = "x" + line
                batch.append(line)
            batch.append("stop")
            for line in batch:
                e.send(line)
            sent += len(batch)
            e.send("isready")
            # the batch's own isready lines answer too; the last readyok proves the engine alive
            pending = 1 + sum(1 for l in batch if l.split()[:1] and l.split()[0].lower() == "isready")
            while pending:
                got = e.readline(timeout=20)
                if got == "readyok":
                    pending -= 1
                    continue
                assert REPLY.match(got) or not got.startswith("error"), got
                if got.startswith("error internal"):
                    raise AssertionError(f"internal error: {got}")
        assert e.proc.poll() is None
        e.send("stop")
        e.send("newgame guildes players 3 seed 1")
        e.send("status")
        assert e.read_until("status")[-1].startswith("status tomove chance ply 0")
    finally:
        e.quit()
    assert sent >= 20000
    assert time.monotonic() - t0 < 120
