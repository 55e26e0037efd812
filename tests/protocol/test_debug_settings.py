"""``debug [on | off]``: in debug mode each search first says the settings it uses, in one
``info string settings`` line, against a real engine process (issue 18, and issue 13's
gap: a preset's ``by_budget`` entries seen through the engine, not the Python player).

Searches that would be long (1600 iterations with heuristic rollouts take ~70 s with
interpreted kernels) are stopped as soon as their settings line is read: the line comes
before the first iteration, so it is what the search runs with either way."""
import re

import pytest

from guildhall.client import parse_settings
from search import presets
from search.ismcts import IsmctsPlayer
from search.skill import skill_settings
from tests.protocol.conftest import expect, go, start

# Guildes' and The Walled City's defaults have no by_budget entry (Guildes' skill-level preset
# has one: test_a_skill_level_shows_its_cap_and_its_preset)
# Between Two Cities at 2 players (its two-player variant): the one table whose default is
# the file's heuristic-200g-100it, with its 400 entry alone, since 5 players took
# heuristic-visits (session 33)
GAMES = {"guildes": 4, "city_and_guilds": 3, "between_two_cities": 2, "walled_city": 2}
HEADER = ["player", "preset", "by_budget", "budget", "skill", "cap", "temperature"]


@pytest.fixture
def fresh():
    """A process of its own, for tests that set search options (a set option stays set)."""
    e = start()
    yield e
    e.quit()


def deal(e, game: str, seed: int = 3, players: int = 0) -> None:
    players = players or GAMES[game]
    variant = " variant two-player" if (game, players) == ("between_two_cities", 2) else ""
    assert expect(e, f"newgame {game} players {players}{variant} seed {seed}") == []
    while expect(e, "status")[0].split()[2] == "chance":
        assert expect(e, "play random") == []


def first_settings(e, line: str) -> tuple[str, list[str]]:
    """Send a ``go``; stop it once its first line (the settings) is in; (first line, all lines)."""
    e.send(line)
    first = e.readline()
    e.send("stop")  # ignored if the search has already ended
    rest = [first] if first.startswith("bestmove") else [first, *e.read_until("bestmove")]
    return first, rest


def settings(e, line: str):
    first, lines = first_settings(e, line)
    assert first.startswith("info string settings "), lines
    assert sum(x.startswith("info string") for x in lines) == 1, lines
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none", lines
    return parse_settings(first)


def effective(game: str, budget):
    """What the preset file says a search at ``budget`` uses at this file's table of ``game``:
    (preset, entries applied, options)."""
    players = GAMES[game]
    name = presets.resolve(game, players=players)
    _, steps = presets.budget_steps(game, players=players)
    entries = [at for at, _ in steps if budget is not None and at <= budget]
    return name, entries, presets.options_for(game, budget=budget, players=players)


@pytest.fixture(autouse=True)
def debug_on(eng):
    assert expect(eng, "debug on") == []
    yield
    assert expect(eng, "debug off") == []


def test_the_default_presets_have_the_entries_this_file_tests():
    # the brief of issue 13: City and Guilds from 1600, Between Two Cities at 400; City and
    # Guilds from 1 too (session 15: expand_after=1 at every iteration budget); Guildes'
    # default since session 18 plays the heuristic at every budget (its old default's entry
    # from 1600 now serves the skill levels)
    assert effective("guildes", 1600)[1] == []
    assert effective("city_and_guilds", 1600)[1] == [1, 1600]
    assert effective("between_two_cities", 400)[1] == [400]
    assert effective("walled_city", 1600)[1] == []


@pytest.mark.parametrize("game", GAMES)
def test_go_iterations_1600_shows_the_games_by_budget_entry(eng, game):
    deal(eng, game)
    s = settings(eng, "go iterations 1600")
    name, entries, opts = effective(game, 1600)
    assert (s.player, s.preset, s.by_budget, s.budget) == ("ismcts", name, entries, 1600)
    assert (s.skill, s.cap, s.temperature) == (20, None, 0.0)
    assert opts.items() <= s.options.items(), (opts, s.options)
    assert set(s.options) == set(IsmctsPlayer.options)  # every option, and only options
    if game == "guildes":
        assert (s.options["rollout"], s.options["epsilon"], s.options["exploration"]) == ("egreedy", 0.3, 0.35)
    if game == "city_and_guilds":
        assert s.options["final"] == "value"


def test_between_two_cities_entry_at_400_and_below(eng):
    deal(eng, "between_two_cities")
    s = settings(eng, "go iterations 400")
    assert (s.by_budget, s.budget, s.options["final"]) == ([400], 400, "value")
    s = settings(eng, "go iterations 399")
    assert (s.by_budget, s.options["final"]) == ([], "visits")
    s = settings(eng, "go")  # a bare go counts as its 1000-iteration fallback (Iterations)
    assert (s.by_budget, s.budget, s.options["final"]) == ([400], 1000, "value")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("limit", ["movetime 30", "nodes 200", "time", "infinite"])
def test_time_node_and_infinite_limits_select_no_entry(eng, game, limit):
    deal(eng, game)
    if limit == "time":  # one clock per seat; the search is stopped after its settings anyway
        limit = "time " + " ".join(["60000"] * GAMES[game])
    s = settings(eng, f"go {limit}")
    name, entries, opts = effective(game, None)
    assert (s.preset, s.by_budget, s.budget) == (name, [], None)
    assert opts.items() <= s.options.items()
    if game == "guildes":
        assert s.options["rollout"] == "egreedy"  # the heuristic at every limit


def test_a_small_iteration_limit_uses_the_plain_preset(eng):
    deal(eng, "between_two_cities")
    s = settings(eng, "go iterations 40")
    assert (s.by_budget, s.budget, s.options["final"]) == ([], 40, "visits")


def test_an_explicit_option_beats_the_entry(fresh):
    assert expect(fresh, "debug on") == []
    deal(fresh, "between_two_cities")
    assert expect(fresh, "setoption name exploration value 2.5") == []
    s = settings(fresh, "go iterations 400")
    # the entry still applies (its own key shows), the option set by the frontend wins
    assert (s.by_budget, s.options["final"], s.options["exploration"]) == ([400], "value", 2.5)
    deal(fresh, "city_and_guilds")
    assert expect(fresh, "setoption name final value visits") == []
    s = settings(fresh, "go iterations 1600")
    assert (s.by_budget, s.options["final"]) == ([1, 1600], "visits")


def test_reset_options_gives_the_preset_back(fresh):
    # a frontend that sent every option at its advertised default pinned them (final visits,
    # exploration 1.4): the preset's values and its budget entry are back after ResetOptions
    assert expect(fresh, "debug on") == []
    deal(fresh, "city_and_guilds")
    want = settings(fresh, "go iterations 1600")
    assert expect(fresh, "setoption name final value visits") == []
    assert expect(fresh, "setoption name exploration value 1.4") == []
    pinned = settings(fresh, "go iterations 1600")
    assert (pinned.options["final"], pinned.options["exploration"]) == ("visits", 1.4)
    assert pinned.options != want.options
    assert expect(fresh, "setoption name ResetOptions") == []
    again = settings(fresh, "go iterations 1600")
    assert (again.options, again.by_budget, again.preset) == (want.options, want.by_budget, want.preset)
    assert expect(fresh, "setoption name ResetOptions value x") == [
        "error bad-argument option ResetOptions is a button: it takes no value"]


def test_a_skill_level_shows_its_cap_and_its_preset(fresh):
    assert expect(fresh, "debug on") == []
    deal(fresh, "guildes")
    assert expect(fresh, "setoption name Skill value 2") == []
    cap, temperature = skill_settings(2)
    s = settings(fresh, "go iterations 1600")
    assert (s.skill, s.cap, s.temperature, s.budget) == (2, cap, temperature, cap)
    assert s.preset == presets.resolve("guildes", "skill") and s.options["preset"] == "skill"
    assert s.by_budget == []
    # level 16's cap (2048) reaches the 1600 entry, also under a time limit: the cap is the limit
    assert expect(fresh, "setoption name Skill value 16") == []
    s = settings(fresh, "go movetime 30")
    assert (s.skill, s.cap, s.budget, s.by_budget) == (16, skill_settings(16)[0], skill_settings(16)[0], [1600])
    assert s.options["rollout"] == "egreedy"


def test_other_players_show_their_options(fresh):
    assert expect(fresh, "debug on") == []
    deal(fresh, "walled_city")
    for line in ("setoption name Engine value flatmc", "setoption name reward value rank"):
        assert expect(fresh, line) == []
    s = settings(fresh, "go iterations 30")
    assert (s.player, s.preset, s.by_budget, s.budget, s.options) == ("flatmc", None, [], None, {"reward": "rank"})
    assert " preset=- by_budget=- budget=- " in s.line
    assert expect(fresh, "setoption name Engine value textbook") == []
    s = settings(fresh, "go iterations 30")
    assert (s.player, s.preset, s.options["keys"], s.options["exploration"]) == ("textbook", "none", "view", 2.0)


def test_the_line_holds_settings_only(eng):
    """On a seat's view, too: header keys and option names, nothing of the position."""
    deal(eng, "guildes")
    [view] = expect(eng, "view 0")
    assert expect(eng, "position " + view[len("view "):]) == []
    first, _ = first_settings(eng, "go iterations 20")
    words = first.split()
    assert words[:3] == ["info", "string", "settings"]
    cut = words.index("options")
    assert [w.split("=")[0] for w in words[3:cut]] == HEADER
    assert {w.split("=")[0] for w in words[cut + 1:]} == set(IsmctsPlayer.options)
    assert all(re.fullmatch(r"[a-z_]+=[\w.,+-]+", w) for w in words[3:] if w != "options"), first


@pytest.mark.parametrize("line", ["debug maybe", "debug on off", "debug 1", "debug off on"])
@pytest.mark.parametrize("before", ["on", "off"])
def test_a_bad_debug_line_is_refused_and_changes_nothing(eng, line, before):
    deal(eng, "walled_city")
    assert expect(eng, f"debug {before}") == []
    [reply] = expect(eng, line)
    assert reply.startswith("error bad-argument usage: debug [on | off]"), reply
    lines = go(eng, "go iterations 20")
    assert lines[0].startswith("info string settings ") == (before == "on")


@pytest.mark.parametrize("line,on", [("debug", True), ("DEBUG OFF", False), ("Debug On", True),
                                     ("debug off", False)])
def test_debug_grammar(eng, line, on):
    deal(eng, "walled_city")
    assert expect(eng, "debug off" if on else "debug on") == []
    assert expect(eng, line) == []
    assert go(eng, "go iterations 20")[0].startswith("info string settings ") == on


def test_debug_during_a_search_is_answered_and_counts_from_the_next_go(eng):
    deal(eng, "walled_city")
    assert expect(eng, "debug off") == []
    eng.send("go infinite")
    got = expect(eng, "debug on")  # answered at once, never 'busy'
    assert not any(x.startswith("error") for x in got), got
    eng.send("stop")
    lines = got + eng.read_until("bestmove")
    assert not any(x.startswith("info string") for x in lines)
    assert go(eng, "go iterations 20")[0].startswith("info string settings ")


def test_the_documented_example_runs_and_its_settings_lines_are_verbatim():
    """docs/protocol.md, ``debug``: each ``go``'s settings line (its first reply) and the
    other replies as printed; the rest of a search's output varies, and is only run."""
    from tests.protocol.test_docs_example import DOC
    from tests.transcript import replay, transcript

    checked = []

    def check_go(e, cmd, replies):
        first, lines = first_settings(e, cmd)
        assert first == replies[0] and lines[-1].startswith("bestmove "), (cmd, lines)
        checked.append(cmd)

    steps = transcript(DOC, "### `debug [on | off]`", 1)
    assert steps[0][0].startswith("newgame city_and_guilds ")
    replay(steps, check_go)
    assert len(checked) == 2


def test_the_line_is_the_dict_the_search_ran_with():
    """In-process: the options printed are those of the dict the search kept as its own
    (``IsmctsPlayer.search`` stores the options it searched with in ``opts``)."""
    import time

    from guildhall.session import Session

    out = []
    s = Session(out.append)
    for line in ("newgame city_and_guilds players 3 seed 3", "debug on", "setoption name Skill value 5"):
        s.handle(line)
    while out == [] and s.state.to_move() == (-1,):
        s.handle("play random")
    s.handle("go iterations 1600")
    deadline = time.monotonic() + 60
    while not any(x.startswith("bestmove") for x in out) and time.monotonic() < deadline:
        time.sleep(0.01)
    settings_lines = [x for x in out if x.startswith("info string settings")]
    assert len(settings_lines) == 1 and out[0] == settings_lines[0], out[:3]
    parsed = parse_settings(settings_lines[0])
    searched = s._player.inner.opts  # under the Skill wrapper
    assert parsed.options == searched and parsed.budget == skill_settings(5)[0]
    s.close()


@pytest.mark.parametrize("game, players, preset, default_at", [
    ("walled_city", 4, "vs-textbook-160g-100it", 4), ("walled_city", 3, "bias-1.0", None),
    ("city_and_guilds", 5, "vs-textbook-5p-170g-100ms", 5), ("city_and_guilds", 4, "bias-16.0", None),
    ("guildes", 3, "heuristic-200g-100it", None), ("guildes", 6, "heuristic-6p-k1000-100ms", 6),
    ("between_two_cities", 4, "heuristic-k1000-100ms", 4), ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", 3),
    ("between_two_cities", 5, "heuristic-5p-c07-100ms", 5), ("between_two_cities", 6, "heuristic-visits", 6),
    ("between_two_cities", 7, "heuristic-7p-own-100ms", 7)])
def test_the_shipped_defaults_per_player_count(fresh, game, players, preset, default_at):
    """The shipped files' ``default_by_players`` (The Walled City at 4 players since session 14,
    City and Guilds at 5 since session 15; Guildes at 3-5 from session 17 until session 18
    made that preset its file's default at every table, Guildes at 6 since session 24,
    Between Two Cities at 4 since session 26, at 3 since session 29, at 6 and 7 since session 32
    and at 5 since session 33, its own at 5 since session 37, at 3 since session 39 and at 7
    since session 41),
    as a real engine process searches them and says so."""
    assert expect(fresh, "debug on") == []
    deal(fresh, game, 5, players)
    s = settings(fresh, "go iterations 50")
    assert (s.preset, s.default_at) == (preset, default_at), s.line
    want = presets.options_for(game, players=players, budget=50)  # with its by_budget entries
    told = {k: v for k, v in want.items() if k in ("tree", "exploration", "bias")}
    assert {k: s.options[k] for k in told} == told and "exploration" in told, s.line


@pytest.mark.parametrize("players, preset, final, by_budget", [
    (3, "heuristic-3p-det-fw8-100ms", "visits", "1"), (7, "heuristic-7p-own-100ms", "visits", "1"),
    (6, "heuristic-visits", "visits", "none"), (5, "heuristic-5p-c07-100ms", "visits", "1"),
    (4, "heuristic-k1000-100ms", "value", "1,400")])
def test_between_two_cities_at_400_iterations_picks_the_move_its_table_chose(fresh, players, preset, final, by_budget):
    """At 400 iterations the most visited move at 3 players (plan s29c), 5 (plan s33a), 6 (plan
    s32a) and 7 (plan s31d), the best mean from 400 to 1599 elsewhere (session 9's entry, kept
    where it was not beaten: 4 players), as a real engine process searches them and says so."""
    assert expect(fresh, "debug on") == []
    deal(fresh, "between_two_cities", 5, players)
    s = settings(fresh, "go iterations 400")
    assert (s.preset, s.options["final"]) == (preset, final), s.line
    assert s.line.split(" by_budget=")[1].split()[0] == by_budget, s.line


# (game, players, preset, go, option, value, by_budget): the shipped defaults whose options differ at
# a time or node limit and from any iteration budget (a by_budget entry at 1)
TIME_LIMIT_OPTIONS = [
    # City and Guilds' bias-16.0 (session 15) and 5-player default (session 22) expand late
    ("city_and_guilds", 3, "bias-16.0", "go movetime 50", "expand_after", 64, "none"),
    ("city_and_guilds", 3, "bias-16.0", "go iterations 50", "expand_after", 1, "1"),
    ("city_and_guilds", 5, "vs-textbook-5p-170g-100ms", "go movetime 50", "expand_after", 256, "none"),
    ("city_and_guilds", 5, "vs-textbook-5p-170g-100ms", "go iterations 50", "expand_after", 1, "1"),
    # Guildes 6p (session 24) and Between Two Cities 4p (session 26): near-flat trees
    ("guildes", 6, "heuristic-6p-k1000-100ms", "go movetime 50", "expand_after", 1000, "none"),
    ("guildes", 6, "heuristic-6p-k1000-100ms", "go iterations 50", "expand_after", 1, "1"),
    ("between_two_cities", 4, "heuristic-k1000-100ms", "go movetime 50", "expand_after", 1000, "none"),
    ("between_two_cities", 4, "heuristic-k1000-100ms", "go iterations 50", "expand_after", 1, "1"),
    # Between Two Cities 5p (session 37, plan s37a): c = 0.7 at a time or node limit, 4.0 else
    ("between_two_cities", 5, "heuristic-5p-c07-100ms", "go movetime 50", "exploration", 0.7, "none"),
    ("between_two_cities", 5, "heuristic-5p-c07-100ms", "go nodes 300", "exploration", 0.7, "none"),
    ("between_two_cities", 5, "heuristic-5p-c07-100ms", "go iterations 50", "exploration", 4.0, "1"),
    ("between_two_cities", 5, "heuristic-5p-c07-100ms", "go iterations 1600", "exploration", 4.0, "1"),
    # Between Two Cities 3p (session 39, plan s39a): pimc's search shape at a time or node limit
    ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "go movetime 50", "tree", "det", "none"),
    ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "go movetime 50", "fixed_worlds", 8, "none"),
    ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "go nodes 300", "exploration", 0.7, "none"),
    ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "go iterations 50", "tree", "so", "1"),
    ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "go iterations 400", "fixed_worlds", 0, "1"),
    ("between_two_cities", 3, "heuristic-3p-det-fw8-100ms", "go iterations 1600", "exploration", 4.0, "1"),
    # Between Two Cities 7p (session 41, plan s41d): one greedy seat in the rollouts at a time or node limit
    ("between_two_cities", 7, "heuristic-7p-own-100ms", "go movetime 50", "greedy_seats", "own", "none"),
    ("between_two_cities", 7, "heuristic-7p-own-100ms", "go nodes 300", "greedy_seats", "own", "none"),
    ("between_two_cities", 7, "heuristic-7p-own-100ms", "go iterations 50", "greedy_seats", "all", "1"),
    ("between_two_cities", 7, "heuristic-7p-own-100ms", "go iterations 1600", "greedy_seats", "all", "1"),
]


@pytest.mark.parametrize("game, players, preset, go, option, value, by_budget", TIME_LIMIT_OPTIONS,
                         ids=[f"{g}-{n}-{o}-{go.split()[1]}" for g, n, _, go, o, _, _ in TIME_LIMIT_OPTIONS])
def test_defaults_for_time_limits_only_at_a_time_limit(fresh, game, players, preset, go, option, value, by_budget):
    """The shipped defaults with options for time limits: the option in their plain options at a
    time or node limit, their by_budget entry's from any iteration budget, as a real engine
    process searches them and says so."""
    assert expect(fresh, "debug on") == []
    deal(fresh, game, 5, players)
    s = settings(fresh, go)
    assert (s.preset, s.options[option]) == (preset, value), s.line
    assert s.line.split(" by_budget=")[1].split()[0] == by_budget, s.line


def test_reveal_is_a_check_option_that_reaches_the_search(fresh):
    """docs/protocol.md: ``reveal`` is a ``check`` defaulting to false; set, a Between Two Cities
    search reports it in its settings and still answers a legal move; a value that is not a
    boolean is refused and the old value stays."""
    opt = fresh.options["reveal"]
    assert (opt.type, opt.default) == ("check", False), opt
    assert expect(fresh, "debug on") == []
    deal(fresh, "between_two_cities")
    assert settings(fresh, "go iterations 50").options["reveal"] is False
    assert expect(fresh, "setoption name reveal value true") == []
    [err] = expect(fresh, "setoption name reveal value maybe")
    assert err.startswith("error bad-argument option "), err
    s = settings(fresh, "go iterations 50")
    assert s.options["reveal"] is True, s.line


def test_fixed_worlds_reaches_the_search_through_the_engine(fresh):
    """docs/protocol.md: ``fixed_worlds`` is a spin 0-10000 (0 by default); set, a search says
    it in its settings and plays a legal move; out of range it is refused and the old value
    stays."""
    assert expect(fresh, "debug on") == []
    deal(fresh, "between_two_cities")
    assert settings(fresh, "go iterations 50").options["fixed_worlds"] == 0
    assert expect(fresh, "setoption name fixed_worlds value 8") == []
    [err] = expect(fresh, "setoption name fixed_worlds value 10001")
    assert err.startswith("error bad-argument option fixed_worlds must be in [0, 10000]"), err
    assert settings(fresh, "go iterations 50").options["fixed_worlds"] == 8


def test_infer_reaches_the_search_through_the_engine(fresh):
    """docs/protocol.md: ``infer`` is a number in [0, 10] (0 by default); set, a Guildes search
    well into its draft says it in its settings and plays a legal move; out of range it is
    refused and the old value stays."""
    assert expect(fresh, "debug on") == []
    deal(fresh, "guildes")
    for _ in range(12):  # picks made, so that worlds have picks to weigh
        assert expect(fresh, "play random") == []
    assert settings(fresh, "go iterations 50").options["infer"] == 0.0
    assert expect(fresh, "setoption name infer value 1.5") == []
    [err] = expect(fresh, "setoption name infer value 10.5")
    assert err.startswith("error bad-argument option infer must be in [0, 10]"), err
    assert settings(fresh, "go iterations 50").options["infer"] == 1.5


def test_greedy_seats_reaches_the_search_through_the_engine(fresh):
    """docs/protocol.md: ``greedy_seats`` is a combo of all (the default) and own; set, a Between
    Two Cities search with heuristic rollouts says it in its settings and plays a legal move; a
    word it does not know is refused and the old value stays."""
    opt = fresh.options["greedy_seats"]
    assert (opt.type, opt.default, tuple(opt.vars)) == ("combo", "all", ("all", "own")), opt
    assert expect(fresh, "debug on") == []
    deal(fresh, "between_two_cities", 3, 6)
    assert settings(fresh, "go iterations 50").options["greedy_seats"] == "all"
    assert expect(fresh, "setoption name greedy_seats value own") == []
    [err] = expect(fresh, "setoption name greedy_seats value mine")
    assert err.startswith("error bad-argument option greedy_seats"), err
    s = settings(fresh, "go movetime 50")
    assert (s.options["greedy_seats"], s.options["rollout"]) == ("own", "egreedy"), s.line


def test_the_det_tree_is_searched_through_the_engine(fresh):
    """``tree=det`` reaches a Between Two Cities search; ``det-heuristic-100ms`` uses it at a time
    limit and the SO tree at an iteration budget (its by_budget entry from 1), unless the
    tree was set explicitly."""
    assert expect(fresh, "debug on") == []
    deal(fresh, "between_two_cities")
    assert expect(fresh, "setoption name preset value det-heuristic-100ms") == []
    s = settings(fresh, "go movetime 100")
    assert (s.preset, s.options["tree"]) == ("det-heuristic-100ms", "det"), s.line
    assert settings(fresh, "go iterations 50").options["tree"] == "so"
    assert expect(fresh, "setoption name tree value det") == []
    assert settings(fresh, "go iterations 50").options["tree"] == "det"
    [err] = expect(fresh, "setoption name tree value omni")
    assert err.startswith("error bad-argument option "), err


def test_endgame_reaches_the_search_through_the_engine(fresh):
    """docs/protocol.md: ``endgame`` (0 by default) set, a City and Guilds position six decisions
    from its end is solved over eight worlds (eight iterations, one a world) and a move winning in
    every world is played; a bad value is refused and the old value stays."""
    from search.solver.view import solve_view
    from tests.search.solver_positions import endgame

    s = endgame("cag-3p", 6, 7)
    seat = s.to_move()[0]
    winning = {s.move_to_string(seat, m) for m, v in solve_view(s.observe(seat), seat, 8, 1).values.items()
               if v[seat] == 1.0}
    assert winning and len(winning) < len(s.legal_moves(seat))
    assert expect(fresh, "newgame city_and_guilds players 3 seed 7") == []
    assert expect(fresh, "position " + s.to_string()) == []
    assert expect(fresh, "debug on") == []
    assert settings(fresh, "go iterations 50").options["endgame"] == 0
    assert expect(fresh, "setoption name endgame value 10") == []
    [err] = expect(fresh, "setoption name endgame value 201")
    assert err.startswith("error bad-argument option endgame"), err
    fresh.send("go iterations 50")
    lines = fresh.read_until("bestmove")
    assert parse_settings(lines[0]).options["endgame"] == 10
    last_info = [x for x in lines if x.startswith("info seat")][-1].split()
    assert last_info[last_info.index("iterations") + 1] == "8", lines
    assert lines[-1].split(" ", 1)[1] in winning, lines
    # not under infinite: the tree searches until stop (more than the eight worlds' iterations)
    fresh.send("go infinite")
    first = fresh.readline()
    while not first.startswith("info seat"):
        first = fresh.readline()
    fresh.send("stop")
    lines = [first, *fresh.read_until("bestmove")]
    last_info = [x for x in lines if x.startswith("info seat")][-1].split()
    assert int(last_info[last_info.index("iterations") + 1]) > 8, lines


def test_mast_rollouts_are_searched_through_the_engine(fresh):
    """docs/protocol.md: ``rollout`` is a combo of random, egreedy and mast; ``mast`` set reaches
    a City and Guilds search (its settings line says it) that plays a legal move within a time
    limit; a word it does not know is refused and the old value stays."""
    opt = fresh.options["rollout"]
    assert (opt.type, tuple(opt.vars)) == ("combo", ("random", "egreedy", "mast")), opt
    assert expect(fresh, "debug on") == []
    deal(fresh, "city_and_guilds")
    assert expect(fresh, "setoption name rollout value mast") == []
    assert expect(fresh, "setoption name epsilon value 0.4") == []
    [err] = expect(fresh, "setoption name rollout value gibbs")
    assert err.startswith("error bad-argument option rollout"), err
    s = settings(fresh, "go iterations 60")
    assert (s.options["rollout"], s.options["epsilon"]) == ("mast", 0.4), s.line
    lines = go(fresh, "go movetime 100")
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none", lines
