"""``vs-textbook-160g-100it`` (Guildes' default until session 18, the skill levels' preset since)
switches to epsilon-greedy rollouts from 1600 iterations a decision (its ``by_budget`` entry,
session 10: bench/plans/s10b_guildes_1600.json; docs/strength.md, "Guildes at 1600 iterations:
epsilon-greedy rollouts from 1600 (session 10)")."""
from search.api import Limits, make_player
from search.skill import SkillPlayer, skill_settings
from tests.search.helpers import guildes_start

CANDIDATE = {"rollout": "egreedy", "epsilon": 0.3, "exploration": 0.35, "bias": 0.0, "cutoff": 0}
PRESET = "vs-textbook-160g-100it"


def without_preset(opts: dict) -> dict:
    return {k: v for k, v in opts.items() if k != "preset"}


def test_the_preset_plays_the_heuristic_presets_options_from_1600_iterations():
    p = make_player("ismcts", preset=PRESET)
    at = p.options_for("guildes", 1600)
    assert {k: at[k] for k in CANDIDATE} == CANDIDATE
    # the entry is exactly heuristic-200g-100it: same tree, keys, reward and reuse underneath
    heuristic = make_player("ismcts", preset="heuristic-200g-100it").options_for("guildes", 1600)
    assert without_preset(at) == without_preset(heuristic)
    for below in (1599, 400, None):  # below 1600, and a search not limited by iterations
        opts = p.options_for("guildes", below)
        assert (opts["rollout"], opts["exploration"]) == ("random", 0.7), below
    assert p.options_for("guildes", 10**6)["rollout"] == "egreedy"


def test_an_explicit_option_still_wins_at_1600():
    p = make_player("ismcts", preset=PRESET, rollout="random", exploration=0.7)
    opts = p.options_for("guildes", 1600)
    assert (opts["rollout"], opts["exploration"], opts["epsilon"]) == ("random", 0.7, 0.3)


def test_the_search_at_1600_iterations_uses_the_entry():
    s = guildes_start(4, seed=2)
    p = make_player("ismcts", seed=3, preset=PRESET)
    # an iteration limit of 1600 keys the entry; the time limit keeps the test short in both modes
    p.choose(s, 0, Limits(iterations=1600, movetime=0.05))
    assert (p.opts["rollout"], p.opts["exploration"]) == ("egreedy", 0.35)
    p.choose(s, 0, Limits(movetime=0.02))  # time only: the plain options (the documented ruling)
    assert (p.opts["rollout"], p.opts["exploration"]) == ("random", 0.7)


def test_skill_levels_capped_at_1600_or_more_reach_the_entry():
    # the skill preset, so levels 16-19 (caps 2048-5793) get the entry; the calibrated levels
    # (0-10, at most 256 iterations) and 15 (1448) do not
    assert skill_settings(15)[0] < 1600 <= skill_settings(16)[0]
    s = guildes_start(4, seed=2)
    for level, rollout in ((15, "random"), (16, "egreedy")):
        inner = make_player("ismcts", seed=3)
        SkillPlayer(inner, level).choose(s, 0, Limits(movetime=0.05))
        assert inner.opts["rollout"] == rollout, level
