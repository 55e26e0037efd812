"""``debug on`` for every player kind through a real engine process: each ``go`` the engine
answers sends exactly one ``info string settings`` line of its own player, first -- also a
``go`` answered without a search (one legal move, one ``searchmoves`` item) -- plus, when the
solver falls back to ISMCTS, one more for the fallback; with ``debug off`` nothing changes."""
import re

import pytest

from guildhall.client import parse_settings
from search.ismcts import IsmctsPlayer
from search.skill import skill_settings
from tests.protocol.conftest import expect, go, start
from tests.search.one_move import KINDS, one_move_position

SKILL = 3
CAP = 50  # max_nodes: no opening fits, so the solver falls back at once (its default takes
          # minutes to fail on an opening with interpreted kernels); ISMCTS shares the option


@pytest.fixture(scope="module")
def capped():
    e = start()
    assert expect(e, f"setoption name max_nodes value {CAP}") == []
    assert expect(e, "setoption name InfoInterval value 60000") == []  # the final report only
    yield e
    e.quit()


@pytest.fixture
def player(capped, request):
    """``capped`` playing ``request.param``; ``skill`` is ISMCTS at level :data:`SKILL`."""
    kind = request.param
    for line in (f"setoption name Engine value {'ismcts' if kind == 'skill' else kind}",
                 f"setoption name Skill value {SKILL if kind == 'skill' else 20}", "debug off"):
        assert expect(capped, line) == []
    yield capped, kind
    assert expect(capped, "debug off") == []


def own_kind(kind: str) -> str:
    return "ismcts" if kind == "skill" else kind


def settings_lines(lines: list[str]) -> list[str]:
    return [x for x in lines if x.startswith("info string settings ")]


def masked(lines):
    return [re.sub(r" (time|ips) \d+", "", x) for x in lines]


def walled_city(e, seed: int = 2) -> None:
    assert expect(e, f"newgame walled_city players 2 seed {seed}") == []
    while expect(e, "status")[0].split()[2] == "chance":
        assert expect(e, "play random") == []


@pytest.mark.parametrize("player", KINDS, indirect=True)
def test_one_legal_move_gives_one_settings_line_first(player):
    e, kind = player
    s = one_move_position()
    seat = s.to_move()[0]
    assert expect(e, "newgame walled_city players 2") == []
    assert expect(e, "position " + s.to_string()) == []
    [moves] = expect(e, f"validmoves {seat}")
    only = moves.split(" moves ")[1]
    assert ";" not in only
    assert expect(e, "debug on") == []
    lines = go(e, "go iterations 30")
    assert settings_lines(lines) == lines[:1] and lines[-1] == f"bestmove {only}", lines
    got = parse_settings(lines[0])
    assert got.player == own_kind(kind) and got.fallback_for is None
    if kind == "skill":
        cap, temperature = skill_settings(SKILL)
        assert (got.skill, got.cap, got.temperature, got.budget) == (SKILL, cap, temperature, min(cap, 30))
    if kind in ("ismcts", "textbook", "skill"):
        assert got.preset is not None and set(got.options) == set(IsmctsPlayer.options)
    else:
        assert got.preset is None and " preset=- by_budget=- budget=- " in got.line


@pytest.mark.parametrize("player", KINDS, indirect=True)
def test_one_searchmoves_item_gives_one_settings_line_first(player):
    e, kind = player
    walled_city(e)
    [moves] = expect(e, "validmoves")
    one = moves.split(" moves ")[1].split("; ")[-1]
    assert expect(e, "debug on") == []
    lines = go(e, f"go iterations 30 searchmoves {one}")
    assert settings_lines(lines) == lines[:1] and lines[-1] == f"bestmove {one}", lines
    assert parse_settings(lines[0]).player == own_kind(kind)


@pytest.mark.parametrize("player", KINDS, indirect=True)
def test_debug_off_adds_nothing_and_on_adds_the_settings_first(player):
    e, kind = player
    runs = {}
    for mode in ("off", "on", "off"):
        assert expect(e, f"debug {mode}") == []
        walled_city(e)  # newgame: a fresh player, so each search is the same one
        runs.setdefault(mode, []).append(masked(go(e, "go iterations 40 nodes 400")))  # nodes bound the fallback
    off_before, off_after = runs["off"]
    [on] = runs["on"]
    assert off_before == off_after and not any(x.startswith("info string") for x in off_before)
    said = settings_lines(on)
    # its own line first; the solver, which cannot solve an opening under CAP, then its fallback's
    assert on[:len(said)] == said and len(said) == (2 if kind == "solver" else 1), on
    assert on[len(said):] == off_before


@pytest.mark.parametrize("player", ["solver"], indirect=True)
def test_the_solvers_fallback_line_shows_the_fallbacks_options(player):
    e, _ = player
    walled_city(e)
    assert expect(e, "debug on") == []
    lines = go(e, "go iterations 3 nodes 400")
    own, fallback = (parse_settings(x) for x in settings_lines(lines))
    assert (own.player, own.fallback_for, own.preset, own.options["max_nodes"]) == ("solver", None, None, CAP)
    assert set(own.options) == {"worlds", "max_nodes", "reward", "memory", "exact", "exact_limit", "distinct",
                                "paranoid", "best_reply", "equilibria"}
    # the search that ran: an ISMCTS of the game's preset under the nodes left (the 3 counted
    # the solver's worlds, not the fallback's iterations), the solver's reward, not the
    # solver's node cap (the fallback is made with the reward only)
    want = IsmctsPlayer(seed=0, reward=own.options["reward"])
    assert (fallback.player, fallback.fallback_for, fallback.budget) == ("ismcts", "solver", None)
    assert (fallback.preset, fallback.by_budget) == want.origin("walled_city", None, 2)[:2]
    assert fallback.default_at == want.origin("walled_city", None, 2)[2]
    assert fallback.options == want.options_for("walled_city", None, 2)
    assert fallback.options["max_nodes"] != CAP
    assert " fallback_for=solver preset=" in fallback.line
    summary = [x for x in lines if x.startswith("info seat")][-1].split()
    assert int(summary[summary.index("iterations") + 1]) > 3  # ISMCTS's iterations, not solved worlds
