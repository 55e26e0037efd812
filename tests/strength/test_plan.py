"""bench/plan.py: a plan row plays the games of the equivalent bench/strength.py command, and resumes."""
import calendar
import doctest
import json
import time

import pytest

import bench.plan
from bench.plan import main, one_game, read_log, report, run_row, sprt
from bench.strength import lone, parse_opts
from search.api import BadConfig, Limits

ROW = {"id": "r", "game": "city_and_guilds", "players": 3, "iterations": 2, "games": 2, "seed": 41,
       "pair": "ismcts:random"}


def test_a_row_plays_the_games_of_strength_py():
    assert [one_game(ROW, i, {}) for i in range(2)] == lone("city_and_guilds", 3, "ismcts", "random", 2,
                                                            Limits(iterations=2), 41)


def test_an_interrupted_row_resumes_without_replaying(tmp_path):
    log = str(tmp_path / "log.jsonl")
    with open(log, "w") as f:
        f.write(json.dumps({"id": "r", "game": 1, "share": 0.25, "s": 0.0, "load": 0.0}) + "\n")
    table = report({"rows": [ROW]}, read_log(log))
    assert "| 1 (2) |" in table[2] and "incomplete" in table[2]
    run_row(ROW, log)
    recs = read_log(log)["r"]
    assert sorted(r["game"] for r in recs) == [0, 1]
    assert [r["share"] for r in recs if r["game"] == 1] == [0.25]
    assert [r["share"] for r in recs if r["game"] == 0] == [one_game(ROW, 0, {})]


def test_no_game_starts_after_the_clock(tmp_path):
    log = str(tmp_path / "log.jsonl")
    run_row(ROW, log, until=time.time() - 1)
    assert read_log(log) == {}
    run_row(ROW, log, until=time.time() + 3600)
    assert sorted(r["game"] for r in read_log(log)["r"]) == [0, 1]


@pytest.mark.parametrize("line,says", [
    ("<<<<<<< Updated upstream", "not a game record"),  # a merge's markers left in the log
    ('{"id": "r", "share": 1.0}', "not a game record"),
    ('{"id": "r", "game": 0, "share": "won"}', "not a game record"),
    ('{"id": "r", "game": 0, "share": 0.5, "s": 0.0, "load": 0.0}', "game 0 of row r logged twice"),
])
def test_a_broken_log_stops_the_plan_in_one_line_before_any_game(tmp_path, line, says):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "r", "game": 0, "share": 0.5, "s": 0.0, "load": 0.0}) + "\n" + line + "\n")
    before = log.read_text()
    with pytest.raises(SystemExit, match=f"log.jsonl:2: {says}"):
        read_log(str(log))
    with pytest.raises(SystemExit, match=says):
        run_row(ROW, str(log), until=time.time() + 3600)
    assert log.read_text() == before  # no game played, nothing written


@pytest.mark.parametrize("now,hhmm,day,hour", [
    ((2026, 12, 7, 23, 30, 0), "01:15", 8, 1),  # a session crossing midnight: tomorrow's 01:15
    ((2026, 12, 7, 14, 5, 0), "14:00", 7, 14),  # five minutes past: today's, no game starts
    ((2026, 12, 7, 1, 0, 0), "23:00", 7, 23),
])
def test_a_clock_more_than_twelve_hours_past_is_tomorrows(monkeypatch, now, hhmm, day, hour):
    monkeypatch.setattr(bench.plan.time, "time", lambda: float(calendar.timegm(now + (0, 0, 0))))
    at = time.gmtime(bench.plan.clock(hhmm))
    assert (at.tm_mday, at.tm_hour) == (day, hour)


@pytest.mark.parametrize("bad", ["14", "25:00", "14:60", "noon", "14:xx"])
def test_a_bad_clock_is_refused_in_one_line(bad):
    with pytest.raises(SystemExit, match="--until takes HH:MM"):
        bench.plan.clock(bad)


def test_report_only_reads_the_log(tmp_path, capsys, monkeypatch):
    plan, log = tmp_path / "plan.json", tmp_path / "log.jsonl"
    plan.write_text(json.dumps({"rows": [ROW]}))
    log.write_text("".join(json.dumps({"id": "r", "game": i, "share": 1.0, "s": 0.1, "load": 1.0}) + "\n"
                           for i in range(2)))
    monkeypatch.setattr("sys.argv", ["plan.py", str(plan), "--log", str(log), "--report"])
    main()
    out = capsys.readouterr().out
    assert "| 2 (2) | 1.000 | [0.342, 1.000] | 0.333 | above |" in out


def test_a_row_names_the_lone_engines_preset():
    row = {**ROW, "pair": "ismcts:textbook", "set": ["ismcts.preset=bias-16.0"]}
    assert [one_game(row, 0, parse_opts(row["set"]))] == lone(
        "city_and_guilds", 3, "ismcts", "textbook", 1, Limits(iterations=2), 41,
        lone_opts={"preset": "bias-16.0"})
    bad = {**row, "set": ["ismcts.preset=no-such-preset"]}
    with pytest.raises(BadConfig):
        one_game(bad, 0, parse_opts(bad["set"]))


def test_a_tagged_side_is_its_engine_with_its_own_options():
    """``ismcts@k4`` is ismcts with the options set for that tag: the lone seat gets them,
    the plain ``ismcts`` field does not (and the other way round)."""
    row = {**ROW, "pair": "ismcts@k4:ismcts", "set": ["ismcts@k4.expand_after=4"]}
    want = lone("city_and_guilds", 3, "ismcts", "ismcts", 2, Limits(iterations=2), 41,
                lone_opts={"expand_after": "4"})
    assert [one_game(row, i, parse_opts(row["set"])) for i in range(2)] == want
    flip = {**row, "pair": "ismcts:ismcts@k4"}
    assert [one_game(flip, i, parse_opts(row["set"])) for i in range(2)] == lone(
        "city_and_guilds", 3, "ismcts", "ismcts", 2, Limits(iterations=2), 41, field_opts={"expand_after": "4"})
    bad = {**row, "set": ["ismcts@k4.expand_after=0"]}
    with pytest.raises(BadConfig, match="expand_after"):
        one_game(bad, 0, parse_opts(bad["set"]))


def test_a_tagged_side_reaches_the_seat_it_names(monkeypatch):
    made = []
    real = bench.plan.make_player

    def spy(name, seed=None, **opts):
        made.append((name, opts))
        return real(name, seed=seed, **opts)

    monkeypatch.setattr(bench.plan, "make_player", spy)
    row = {**ROW, "pair": "ismcts@k4:ismcts", "set": ["ismcts@k4.expand_after=4"]}
    one_game(row, 1, parse_opts(row["set"]))  # game 1: seat 1 is the lone seat
    assert made == [("ismcts", {}), ("ismcts", {"expand_after": "4"}), ("ismcts", {})]


SPRT_ROW = {**ROW, "games": 30, "sprt": {"p1": 0.55, "alpha": 0.05, "beta": 0.1}}


def test_an_sprt_row_stops_at_its_bound_and_says_so(tmp_path):
    log = str(tmp_path / "log.jsonl")
    with open(log, "w") as f:  # six wins at 3 players cross log(0.9 / 0.05) with p1 = 0.55
        f.write("".join(json.dumps({"id": "r", "game": i, "share": 1.0, "s": 0.0, "load": 0.0}) + "\n"
                        for i in reversed(range(6))))
    run_row(SPRT_ROW, log)
    assert len(read_log(log)["r"]) == 6
    row = report({"rows": [SPRT_ROW]}, read_log(log))[2]
    assert "| 6 (SPRT, cap 30) |" in row and "above (SPRT H1, LLR 3.00)" in row


def test_an_undecided_sprt_row_plays_on_and_a_capped_one_is_inconclusive(tmp_path):
    log = str(tmp_path / "log.jsonl")
    row = {**SPRT_ROW, "games": 1, "pair": "random:random"}
    run_row(row, log)
    assert len(read_log(log)["r"]) == 1
    assert "inconclusive (SPRT, LLR" in report({"rows": [row]}, read_log(log))[2]
    # short of its cap and undecided: incomplete, with where its log-likelihood ratio stands
    llr = sprt(SPRT_ROW, [r["share"] for r in read_log(log)["r"]])[1]
    line = report({"rows": [{**SPRT_ROW, "pair": "random:random"}]}, read_log(log))[2]
    assert f"| incomplete (SPRT, LLR {llr:.2f}) |" in line


def test_an_sprt_row_below_the_fair_share_says_below(tmp_path):
    # a lone seat that loses every game: with p1 under p0 that is evidence for H1, "below"
    row = {**SPRT_ROW, "sprt": {"p1": 0.15, "alpha": 0.05, "beta": 0.1}}
    log = str(tmp_path / "log.jsonl")
    with open(log, "w") as f:
        f.write("".join(json.dumps({"id": "r", "game": i, "share": 0.0, "s": 0.0, "load": 0.0}) + "\n"
                        for i in range(30)))
    decided, llr = sprt(row, [0.0] * 30)
    assert decided == "H1" and llr > 0
    line = report({"rows": [row]}, read_log(log))[2]
    assert "| below (SPRT H1," in line
    assert sprt(row, [1.0] * 30)[0] == "H0"
    winning = report({"rows": [row]}, {"r": [{"id": "r", "game": i, "share": 1.0, "s": 0.0, "load": 0.0}
                                              for i in range(30)]})[2]
    assert "| not shown below (SPRT H0," in winning


@pytest.mark.parametrize("p1", [1 / 3, 0.0, 1.0])
def test_an_sprt_row_with_no_alternative_is_refused(p1):
    with pytest.raises(ValueError, match="must differ"):
        sprt({**SPRT_ROW, "sprt": {"p1": p1, "alpha": 0.05, "beta": 0.1}}, [1.0])


def test_the_plan_docstring_examples_run():
    assert doctest.testmod(bench.plan).failed == 0


def test_a_time_budget_row_needs_compiled_kernels(tmp_path, monkeypatch):
    # interpreted, a search makes about 4 iterations in 100 ms where compiled it makes
    # hundreds: such a row would measure another engine (session 25 ran two plans so)
    plan, log = tmp_path / "plan.json", tmp_path / "log.jsonl"
    plan.write_text(json.dumps({"rows": [{**ROW, "movetime": 100, "iterations": None}]}))
    monkeypatch.setattr("sys.argv", ["plan.py", str(plan), "--log", str(log)])
    monkeypatch.setattr(bench.plan, "kernels_mode", lambda: "interpreted")
    with pytest.raises(SystemExit, match="needs every kernel compiled"):
        main()
    assert not log.exists()


def test_the_log_says_how_the_kernels_ran(tmp_path):
    log = str(tmp_path / "log.jsonl")
    run_row(ROW, log, "interpreted")
    assert {r["kernels"] for r in read_log(log)["r"]} == {"interpreted"}


def test_a_game_without_a_fair_share_is_refused_before_any_game(tmp_path, monkeypatch, capsys):
    # Between Two Cities' advanced two-player game: Jamey wins some games, so two equal seats
    # average below 1/2 and neither 1/players nor any constant is the SPRT's H0
    row = {**ROW, "id": "jamey", "game": "between_two_cities", "players": 2, "variant": ["two-player-advanced"]}
    plan, log = tmp_path / "plan.json", tmp_path / "log.jsonl"
    plan.write_text(json.dumps({"rows": [row]}))
    for extra in ([], ["--report"]):
        monkeypatch.setattr("sys.argv", ["plan.py", str(plan), "--log", str(log), *extra])
        with pytest.raises(SystemExit, match="'jamey'.*no fair share"):
            main()
    assert not log.exists()
    monkeypatch.setattr("sys.argv", ["strength.py", "between_two_cities", "--players", "2", "--variant",
                                     "two-player-advanced", "--games", "1", "--iterations", "5"])
    import bench.strength
    with pytest.raises(SystemExit, match="no fair share"):
        bench.strength.main()
    assert "|" not in capsys.readouterr().out  # refused before its table


def _log(path, key, shares, first=0):
    path.write_text("".join(json.dumps({"id": key, "game": first + i, "share": s, "s": 0.1, "load": 1.0}) + "\n"
                            for i, s in enumerate(shares)))


def test_a_row_split_over_processes_is_read_from_its_logs_and_pooled(tmp_path, capsys, monkeypatch):
    rows = [{**ROW, "id": "a", "seed": 1, "games": 3}, {**ROW, "id": "b", "seed": 9, "games": 3},
            {**ROW, "id": "c", "seed": 5, "games": 3, "set": ["ismcts.exploration=0.3"]}]  # not the same row
    plan, la, lb, lc = (tmp_path / x for x in ("plan.json", "a.jsonl", "b.jsonl", "c.jsonl"))
    plan.write_text(json.dumps({"rows": rows}))
    _log(la, "a", [1.0, 1.0, 0.0])
    _log(lb, "b", [1.0, 0.5, 1.0])
    _log(lc, "c", [0.0, 0.0, 0.0])
    monkeypatch.setattr("sys.argv", ["plan.py", str(plan), "--log", f"{la},{lb},{lc}", "--report"])
    main()
    pooled = [x for x in capsys.readouterr().out.splitlines() if x.startswith("| pooled")]
    lo, hi = bench.plan.wilson(4.5, 6)
    assert pooled == [f"| pooled: a + b | {ROW['game']} | {ROW['players']} | {ROW['iterations']} it | {ROW['pair']} "
                      f"| 1, 9 | 6 (6) | 0.750 | [{lo:.3f}, {hi:.3f}] | 0.333 | "
                      f"{bench.plan.verdict(lo, hi, 1 / 3)} | 0.1 | 1.0-1.0 |"]
    _log(lb, "a", [1.0], first=2)  # row a's game 2 in both logs
    with pytest.raises(SystemExit, match="in another log too"):
        bench.plan.read_logs(f"{la},{lb}")
    monkeypatch.setattr("sys.argv", ["plan.py", str(plan), "--log", f"{la},{lb}"])
    with pytest.raises(SystemExit, match="one log"):
        main()
