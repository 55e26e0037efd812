"""Whole games against a second reading of the rulebook (``rulebook_referee``): at every
placing turn the legal moves, and after every move each seat's money, must be the referee's."""
from __future__ import annotations

import json
import random

import pytest

import engine
from cython_ext import select
from cython_ext.city_and_guilds_layout import NK, PLACE, SETUP, TAVERN_PH
from engine.core import CHANCE, make_rng
from tests.city_and_guilds.helpers import f, game
from tests.city_and_guilds.rulebook_referee import Referee

COMPILED = select.mode(select.load("city_and_guilds")) == "compiled"
GAMES = 8 if COMPILED else 2


def hand(s, seat: int) -> list[str]:
    h = f(s, "hand").reshape(s.players, NK)[seat]
    return [s.game.kind_name(k) for k in range(NK) for _ in range(int(h[k]))]


def referee_game(players: int, seed: int, pick=None, edition: str | None = None) -> Referee:
    """Play a seeded game (uniform moves, or ``pick(texts, rnd)``) beside the referee."""
    s = engine.make("city_and_guilds", players, [], seed=seed, edition=edition)
    g = s.game
    ref = Referee(g)
    rng, rnd = make_rng(seed), random.Random(seed)
    while not s.is_terminal():
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        seat = movers[0]
        moves = s.legal_moves(seat)
        texts = {s.move_to_string(seat, m): m for m in moves}
        phase = g.phase(s)
        if phase in (SETUP, PLACE):
            assert set(texts) == ref.placements(seat, hand(s, seat)), (seed, phase)
        assert (phase == TAVERN_PH) == ref.tavern_due
        if phase == TAVERN_PH:
            assert set(texts) == ref.tavern_moves()
        text = pick(sorted(texts), rnd) if pick else sorted(texts)[rnd.randrange(len(texts))]
        ref.play(seat, text)
        s.apply(seat, texts[text])
        assert s.scores() == ref.money, (seed, text)
    assert ref.over and ref.full()
    return ref


@pytest.mark.parametrize("players", [3, 4, 5])
def test_uniform_games_match_the_referee(players):
    for seed in range(GAMES):
        referee_game(players, 100 * players + seed)


def crowding(texts: list[str], rnd: random.Random) -> str:
    """Men wherever possible (two-men, a minstrel's man) and every tavern: ties on buildings
    and men, cube changes and full blocks come often."""
    rich = [t for t in texts if t.endswith("men") or t.endswith(" man")
            or (t.startswith("tavern") and t != "tavern pass")]
    return rnd.choice(rich if rich and rnd.random() < 0.7 else texts)


@pytest.mark.parametrize("players", [3, 5])
def test_games_full_of_men_and_taverns_match_the_referee(players):
    for seed in range(GAMES):
        referee_game(players, 7000 + 10 * players + seed, crowding)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_on_a_map_of_small_blocks_match_the_referee(tmp_path, players):
    # nine blocks of four: counts, taverns and their chain reactions come often
    data = json.load(open(game(3).edition_path))
    data["map"] = ["AA.BB.CC", "AA.BB.CC", "........", "DD.EE.FF", "DD.EE.FF", "........",
                   "GG.HH.II", "GG.HH.II"]
    path = tmp_path / "small_blocks.json"
    path.write_text(json.dumps(data))
    for seed in range(GAMES):
        referee_game(players, 300 + seed, crowding if seed % 2 else None, str(path))
