"""SVG drawings: valid XML for every game and phase, every piece of the state drawn."""
from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import engine
from engine.core import CHANCE
from guildhall.draw_cmd import draw_svg

NS = "{http://www.w3.org/2000/svg}"
CONFIGS = [("guildes", 3, ()), ("guildes", 4, ("events", "tricks")), ("between_two_cities", 3, ()),
           ("between_two_cities", 2, ("two-player-advanced",)), ("city_and_guilds", 3, ()),
           ("walled_city", 2, ()), ("walled_city", 3, ("borderlands",))]


def pieces(svg: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return [e for e in root.iter() if e.get("data-piece") == kind]


def phase_states(name: str, players: int, variants, seed: int = 5):
    """A state at the first ply of each phase of a random game, and the final one."""
    s = engine.make(name, players=players, variants=list(variants), seed=seed)
    rng = random.Random(seed)
    seen, out = set(), []
    lay = s.game.layout
    while True:
        ph = int(s.buf[lay["phase"]])
        if ph not in seen or s.is_terminal():
            seen.add(ph)
            out.append(s.clone())
        if s.is_terminal():
            return out
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            s.apply(tm[0], rng.choice(s.legal_moves(tm[0])))


def check_pieces(state, svg: str) -> None:
    g, f = state.game, lambda n: state.game.layout.view(state.buf, n)
    if g.name == "guildes":
        table = f("table")
        drawn = {(int(e.get("data-seat")), e.get("data-id")): int(e.get("data-count")) for e in pieces(svg, "table")}
        assert drawn == {(p, g.guild_names[k]): int(table[p][k]) for p in range(g.players)
                         for k in range(len(g.guild_names))}
        assert [int(e.get("data-count")) for e in pieces(svg, "score")] == [int(v) for v in f("score")]
    elif g.name == "between_two_cities":
        city = f("city")
        assert len(pieces(svg, "city")) == g.NC
        assert len(pieces(svg, "tile")) == int((city >= 2).sum())
        assert len(pieces(svg, "landscape")) == int((city == 1).sum())
    elif g.name == "city_and_guilds":
        from engine.city_and_guilds.draw import EMPTY
        assert len(pieces(svg, "tile")) == int((f("tile") != EMPTY).sum())
        assert len(pieces(svg, "man")) == int(f("nmen").sum())
        assert len(pieces(svg, "cube")) == int((f("inv") > 0).sum())
        assert len(pieces(svg, "white")) == int((f("white") > 0).sum())
    elif g.name == "walled_city":
        assert len(pieces(svg, "area")) == len(g.board["areas"])
        assert len(pieces(svg, "road")) == int((f("road") > 0).sum())   # built, broken or stacked
        assert len(pieces(svg, "wall")) == int((f("wall") > 0).sum())
        assert len(pieces(svg, "die")) == int((f("die_v") > 0).sum())
        assert sum(int(e.get("data-count")) for e in pieces(svg, "citizens")) == int(f("an").sum() + f("ap").sum())
        assert sum(int(e.get("data-count")) for e in pieces(svg, "watchmen")) == int(f("tw").sum())
        assert len(pieces(svg, "tower")) == g.board["towers"]


@pytest.mark.parametrize("name,players,variants", CONFIGS)
def test_every_phase_draws_every_piece(name, players, variants):
    states = phase_states(name, players, variants)
    assert len(states) >= 3
    for s in states:
        check_pieces(s, draw_svg(s))
        view = s.observe(0)
        svg = draw_svg(view, 0)
        check_pieces(view, svg)
        assert "(you)" in svg


def test_a_seat_view_hides_what_it_cannot_see():
    s = phase_states("guildes", 3, ())[2]  # drafting: hands are hidden
    svg = draw_svg(s, 0)
    assert pieces(svg, "hand") and not any(e.get("data-seat") for e in pieces(svg, "hand"))
    lay = s.game.layout
    hand = lay.view(s.buf, "hist")[0, 0]
    drawn = {e.get("data-id"): int(e.get("data-count")) for e in pieces(svg, "hand")}
    assert drawn == {s.game.guild_names[g]: int(c) for g, c in enumerate(hand) if c > 0}
    full = draw_svg(s)
    assert not pieces(full, "hand")  # no seat's hand in the full drawing: it has no viewer


LIST_ONLY = {"nobles", "settle", "pass", "stop", "die", "chit"}  # counts and yes/no: the list only


def test_click_targets_name_legal_moves():
    from engine.svgkit import move_tokens

    for name, players, variants in CONFIGS:
        for s in phase_states(name, players, variants):
            tm = s.to_move()
            if not tm or tm == (CHANCE,):
                continue
            seat = tm[0]
            svg = draw_svg(s, seat)
            moves = [move_tokens(s.move_to_string(seat, m)) for m in s.legal_moves(seat)]
            moves = [mv for mv in moves if mv[0] not in LIST_ONLY]
            if not moves:
                continue
            targets = [move_tokens(e.get("data-click")) for e in ET.fromstring(svg).iter() if e.get("data-click")]
            hit = [t for t in targets if any(all(w in mv for w in t) for mv in moves)]
            assert hit, f"{name}: no clickable piece for any legal move of {moves[:3]}"


def test_draw_command_writes_a_file(tmp_path):
    s = phase_states("walled_city", 2, ())[2]
    out = tmp_path / "b.svg"
    r = subprocess.run([sys.executable, "-m", "guildhall", "draw", "walled_city", "--players", "2",
                        "--state", s.to_string(), "--seat", "1", "--svg", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    check_pieces(s.observe(1), out.read_text())
    bad = subprocess.run([sys.executable, "-m", "guildhall", "draw", "walled_city", "--players", "2",
                          "--state", "phase=oops"], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stderr.startswith("error:")
