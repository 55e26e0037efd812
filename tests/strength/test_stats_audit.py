"""The statistics behind the strength claims, each checked against its textbook formula.

No game is played: the lone-seat and tournament code runs with its players and games
replaced by fakes, so every test is pure arithmetic.

* Wilson score interval (z = 1.96): the two roots p of (p^ - p)^2 = z^2 p (1 - p) / n.
* Wald's SPRT on a win share x in [0, 1] (a k-way tie 1/k): per game
  x ln(p1/p0) + (1 - x) ln((1 - p1)/(1 - p0)); stop at ln(beta/(1 - alpha)) (H0) or
  ln((1 - beta)/alpha) (H1), at the first crossing in game order; at the cap: no decision.
* The normal-approximation (GSPRT) test of ``guildhall match``: the Gaussian log-likelihood
  ratio sum((x - s0)^2 - (x - s1)^2) / (2 var), var the variance with one win and one loss added.
* Seat rotation: game i seats the lone engine at i % players, dealt from seed + i, players
  seeded (seed + i) * 1000 + seat.
* Pairwise Elo: Bradley-Terry, P(i beats j) = 1 / (1 + 10^(-(R_i - R_j)/400)); without a
  prior the fit solves the score equations sum_j n_ij P_ij = W_i.
* Verdicts: above iff the interval's lower bound > fair, below iff its upper bound < fair.
"""
import json
import math
import statistics
from types import SimpleNamespace

import pytest

import bench.plan
from bench.plan import read_log, report, row_verdict, run_row, sprt
from bench.strength import verdict
from guildhall.arena import Standing, add_result, game_score, seating
from guildhall.rating import fit, pair_table, slope
from guildhall.stats import Z95, Sprt, elo_score, wilson


# -- Wilson score interval -----------------------------------------------------------------

def wilson_by_roots(s: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson interval as the roots of (p^ - p)^2 = z^2 p (1 - p) / n, by bisection."""
    ph = s / n

    def f(p):
        return (ph - p) ** 2 - z * z * p * (1 - p) / n

    def root(a, b):  # f(a) and f(b) of opposite signs (or a root at an end)
        for _ in range(200):
            m = (a + b) / 2
            if (f(m) > 0) == (f(a) > 0):
                a = m
            else:
                b = m
        return (a + b) / 2

    return (0.0 if ph == 0 else root(0.0, ph)), (1.0 if ph == 1 else root(ph, 1.0))


def test_z_is_the_two_sided_95_percent_normal_quantile():
    assert abs(0.5 * (1 + math.erf(Z95 / math.sqrt(2))) - 0.975) < 1e-12
    assert round(Z95, 2) == 1.96


@pytest.mark.parametrize("s,n", [(0, 1), (1, 1), (0, 10), (10, 10), (3.5, 12), (11, 12), (21.5, 126),
                                 (1 / 3, 1), (2 + 1 / 3, 7), (0.25, 3), (60, 120), (1, 400)])
def test_wilson_is_the_root_pair_of_the_score_equation(s, n):
    lo, hi = wilson(s, n)
    want = wilson_by_roots(s, n, Z95)
    assert abs(lo - want[0]) < 1e-9 and abs(hi - want[1]) < 1e-9
    assert lo <= s / n <= hi


@pytest.mark.parametrize("n", [1, 4, 7, 12, 13, 100])
def test_wilson_at_the_edges_is_never_a_point(n):
    z2 = Z95 * Z95
    lo, hi = wilson(0.0, n)  # all losses: [0, z^2 / (n + z^2)]
    assert abs(lo) < 1e-12 and abs(hi - z2 / (n + z2)) < 1e-12
    lo, hi = wilson(float(n), n)  # all wins: [n / (n + z^2), 1]
    assert abs(lo - n / (n + z2)) < 1e-12 and hi == 1.0  # exactly: a floating 1 - 1e-16 is not 1
    assert wilson(0.0, n)[0] == 0.0
    assert wilson(0.0, 0) == (0.0, 1.0)  # no game: no information


def test_wilson_of_losses_is_the_mirror_of_wins_with_fractional_ties():
    # a share of 1/k per k-way tie enters as a fractional count; mirror symmetry p -> 1 - p
    for s, n in [(2.5, 9), (1 / 3 + 1 / 4, 5), (40.5, 120)]:
        lo, hi = wilson(s, n)
        mlo, mhi = wilson(n - s, n)
        assert abs(lo - (1 - mhi)) < 1e-12 and abs(hi - (1 - mlo)) < 1e-12


def test_the_match_table_interval_is_wilson_of_the_summed_shares():
    st = Standing("a", games=6, shares=[1.0, 0.5, 0.0, 1 / 3, 0.0, 1.0])
    assert st.interval == wilson(sum(st.shares), 6)
    assert abs(st.win_share - (2 + 0.5 + 1 / 3) / 6) < 1e-12


# -- verdicts ------------------------------------------------------------------------------

def test_the_verdict_needs_the_whole_interval_on_one_side_of_fair():
    assert verdict(0.2501, 0.40, 0.25) == "above"
    assert verdict(0.25, 0.40, 0.25) == "level"  # touching the fair share is not clearing it
    assert verdict(0.10, 0.2499, 0.25) == "below"
    assert verdict(0.10, 0.25, 0.25) == "level"
    assert verdict(0.10, 0.40, 0.25) == "level"


def test_a_fixed_row_s_verdict_is_wilson_against_fair_once_complete():
    row = {"id": "r", "players": 6, "games": 12}
    recs = [{"share": 1.0}] * 11 + [{"share": 0.0}]  # a fixed row's verdict reads no game index
    lo, hi = wilson(11.0, 12)  # 0.917 [0.646, 0.985] in docs/strength.md (Guildes 6p, fair 1/6)
    assert (round(lo, 3), round(hi, 3)) == (0.646, 0.985)
    assert row_verdict(row, recs, lo, hi) == "above"
    assert row_verdict(row, recs[:11], *wilson(10.0, 11)) == "incomplete"  # short of its size: no verdict
    lo, hi = wilson(0.0, 8)
    assert row_verdict({**row, "games": 8}, [{"share": 0.0}] * 8, lo, hi) == "level"  # [0, 0.324] holds 1/6
    # 0 of 20 at 6 players: [0, 0.161] lies wholly under 1/6
    assert row_verdict({**row, "games": 20}, [{"share": 0.0}] * 20, *wilson(0.0, 20)) == "below"


# -- Wald's SPRT of bench/plan.py ----------------------------------------------------------

P0, P1, ALPHA, BETA = 0.25, 0.35, 0.05, 0.10
ROW = {"id": "r", "game": "city_and_guilds", "players": 4, "iterations": 2, "games": 40, "seed": 5,
       "pair": "ismcts:textbook", "sprt": {"p1": P1, "alpha": ALPHA, "beta": BETA}}
UPPER, LOWER = math.log((1 - BETA) / ALPHA), math.log(BETA / (1 - ALPHA))


def wald(shares, p0=P0, p1=P1):
    """The log-likelihood ratio after ``shares``, from their sum (linear in it)."""
    s, n = sum(shares), len(shares)
    return s * math.log(p1 / p0) + (n - s) * math.log((1 - p1) / (1 - p0))


def test_the_llr_is_wald_s_sum_with_fractional_ties():
    shares = [1.0, 0.0, 0.5, 1 / 3, 0.0, 0.25, 1.0, 0.0]  # undecided: stays inside the bounds
    decided, llr = sprt(ROW, shares)
    assert decided is None and abs(llr - wald(shares)) < 1e-12
    assert LOWER < llr < UPPER


def test_the_bounds_are_wald_s():
    wins = math.ceil(UPPER / math.log(P1 / P0))  # 9 straight wins cross ln(0.9 / 0.05)
    losses = math.ceil(LOWER / math.log((1 - P1) / (1 - P0)))  # 16 straight losses cross ln(0.1 / 0.95)
    assert (wins, losses) == (9, 16)
    assert sprt(ROW, [1.0] * (wins - 1))[0] is None and sprt(ROW, [1.0] * wins)[0] == "H1"
    assert sprt(ROW, [0.0] * (losses - 1))[0] is None and sprt(ROW, [0.0] * losses)[0] == "H0"
    # p0 given explicitly replaces the fair share
    other = {**ROW, "sprt": {**ROW["sprt"], "p0": 0.30}}
    assert abs(sprt(other, [1.0])[1] - math.log(P1 / 0.30)) < 1e-12


def test_the_decision_is_the_first_crossing_not_the_final_sign():
    shares = [1.0] * 9 + [0.0] * 40  # H1 at game 9, then far below zero
    decided, llr = sprt(ROW, shares)
    assert decided == "H1" and abs(llr - wald(shares[:9])) < 1e-12
    assert wald(shares) < LOWER  # a reading of the whole log would have said the opposite


def recs_of(shares):
    return [{"id": "r", "game": i, "share": x} for i, x in enumerate(shares)]


def steer(n, toward_upper):
    """``n`` shares whose LLR stays inside the bounds, ending near the upper (or lower) one."""
    win, loss = math.log(P1 / P0), math.log((1 - P1) / (1 - P0))
    out, llr = [], 0.0
    for _ in range(n):
        x = (1.0 if llr + win < UPPER - 0.2 else 0.0) if toward_upper else (0.0 if llr + loss > LOWER + 0.2 else 1.0)
        out.append(x)
        llr += x * win + (1 - x) * loss
    return out


def test_a_truncated_row_is_inconclusive_whatever_the_sign_of_its_llr():
    high = steer(40, True)  # 40 games (the cap) between the bounds, ending near the upper one
    decided, llr = sprt(ROW, high)
    assert decided is None and UPPER - 0.6 < llr < UPPER
    text = row_verdict(ROW, recs_of(high), *wilson(sum(high), len(high)))
    assert text == f"inconclusive (SPRT, LLR {llr:.2f})" and "above" not in text
    low = steer(40, False)
    decided, llr = sprt(ROW, low)
    assert decided is None and LOWER < llr < LOWER + 0.6
    text = row_verdict(ROW, recs_of(low), *wilson(sum(low), len(low)))
    assert text == f"inconclusive (SPRT, LLR {llr:.2f})" and "not shown" not in text
    assert row_verdict(ROW, recs_of(low[:20]), 0, 1).startswith("incomplete (SPRT")


def test_the_log_is_read_by_game_index_not_by_finish_order(tmp_path, monkeypatch):
    # in index order: 16 losses (H0 at game 15), then 9 wins; finished and logged the other way
    # round (as by processes sharing a log), the file's order would cross H1 first
    shares = [0.0] * 16 + [1.0] * 9
    log = tmp_path / "log.jsonl"
    order = list(range(16, 25)) + list(range(16))
    log.write_text("".join(json.dumps({"id": "r", "game": i, "share": shares[i], "s": 0.0, "load": 0.0}) + "\n"
                           for i in order))
    assert sprt(ROW, [shares[i] for i in order])[0] == "H1"  # what a reader of the file order would say
    line = report({"rows": [ROW]}, read_log(str(log)))[2]
    assert f"| not shown above (SPRT H0, LLR {wald(shares[:16]):.2f}) |" in line
    monkeypatch.setattr(bench.plan, "one_game", lambda row, i, opts: pytest.fail("a decided row played on"))
    run_row(ROW, str(log))


def test_a_row_stops_right_after_its_crossing_and_plays_in_order(tmp_path, monkeypatch):
    script = [1.0, 0.5, 1.0, 1.0, 1 / 3, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    played = []

    def fake(row, i, opts):
        played.append(i)
        return script[i]

    monkeypatch.setattr(bench.plan, "one_game", fake)
    log = str(tmp_path / "log.jsonl")
    run_row(ROW, log)
    cross = next(k for k in range(1, len(script) + 1) if wald(script[:k]) >= UPPER)
    assert played == list(range(cross))  # the games in order, none after the crossing
    assert sprt(ROW, script[:cross - 1])[0] is None


def test_an_undecided_row_plays_exactly_its_cap(tmp_path, monkeypatch):
    played = []
    monkeypatch.setattr(bench.plan, "one_game", lambda row, i, opts: played.append(i) or (1.0 if i % 4 == 0 else 0.0))
    row = {**ROW, "games": 12}
    log = str(tmp_path / "log.jsonl")
    run_row(row, log)
    assert played == list(range(12))
    assert "| 12 (SPRT, cap 12) |" in report({"rows": [row]}, read_log(log))[2]
    assert "inconclusive (SPRT" in report({"rows": [row]}, read_log(log))[2]


# -- the normal-approximation SPRT of `guildhall match` ------------------------------------

def gaussian_llr(xs, s0, s1):
    var = statistics.pvariance(list(xs) + [0.0, 1.0])  # one extra loss and one extra win
    return sum((x - s0) ** 2 - (x - s1) ** 2 for x in xs) / (2 * var)


def test_the_gsprt_llr_is_the_gaussian_likelihood_ratio():
    xs = [1, 0, 0.5, 1, 1, 0, 1, 0.5, 1, 1, 0, 1]
    t = Sprt(0.1, alpha=0.05, beta=0.1)
    for x in xs:
        t.add(x)
    assert abs(t.llr - gaussian_llr(xs, 0.5, 0.6)) < 1e-12
    assert abs(t.lower - math.log(0.1 / 0.95)) < 1e-15 and abs(t.upper - math.log(0.9 / 0.05)) < 1e-15
    e = Sprt(alpha=0.05, beta=0.05, elo0=0, elo1=50)
    for x in xs:
        e.add(x)
    s1 = 1 / (1 + math.exp(-50 * math.log(10) / 400))  # logistic Elo: 400 / ln 10 per unit of log-odds
    assert abs(e.s0 - 0.5) < 1e-15 and abs(e.s1 - s1) < 1e-15
    assert abs(e.llr - gaussian_llr(xs, 0.5, s1)) < 1e-12


def test_elo_score_is_the_logistic_on_the_400_scale():
    assert abs(elo_score(400 * math.log10(3)) - 0.75) < 1e-12  # 3:1 odds
    assert abs(elo_score(-400) - 1 / 11) < 1e-12


def fake_tournament(outcomes):
    """A stand-in for guildhall.arena.tournament: game i's winners are ``outcomes[i](names)``."""

    def tournament(g, engines, count, limits, seed, options, on_game, until):
        for i in range(count):
            names = seating(engines, 2, i)
            on_game(i, SimpleNamespace(winners=outcomes[i](names)), names)
            if until():
                break
        return {}

    return tournament


def test_match_sprt_stops_at_the_first_crossing_and_says_no_decision_at_the_cap(monkeypatch, capsys):
    import guildhall.arena
    from guildhall.cli import run_sprt

    a_wins = [lambda names: [names.index("a")]] * 40
    monkeypatch.setattr(guildhall.arena, "tournament", fake_tournament(a_wins))
    t = Sprt(0.1, 0.05, 0.05)
    run_sprt(None, ["a", "b"], 40, None, 0, {}, t)
    first = next(n for n in range(2, 41) if gaussian_llr([1.0] * n, 0.5, 0.6) >= t.upper)
    assert t.n == first and f"H1 accepted (a scores 0.600 against b) after {first} games" in capsys.readouterr().out
    # alternating wins and losses, then a draw, to a cap of 9: between the bounds, so no decision
    mixed = [lambda names, k=k: [names.index("a" if k % 2 else "b")] for k in range(8)] + [lambda names: [0, 1]]
    monkeypatch.setattr(guildhall.arena, "tournament", fake_tournament(mixed))
    t = Sprt(0.1, 0.05, 0.05)
    run_sprt(None, ["a", "b"], 9, None, 0, {}, t)
    out = capsys.readouterr().out
    assert t.n == 9 and t.lower < t.llr < t.upper
    assert f"SPRT: no decision after 9 games (llr {t.llr:.3f})" in out and "accepted" not in out


# -- seat rotation, seeds, ties ------------------------------------------------------------

@pytest.mark.parametrize("engines,players", [(2, 2), (2, 3), (3, 3), (3, 4), (2, 5), (4, 6), (5, 4)])
def test_a_tournament_seats_every_engine_in_every_seat_once_per_cycle(engines, players):
    names = [f"e{k}" for k in range(engines)]
    for start in range(engines):  # any run of `engines` consecutive games
        seen = [(s, n) for i in range(start, start + engines) for s, n in enumerate(seating(names, players, i))]
        assert sorted(seen) == sorted((s, n) for s in range(players) for n in names)
    for games in range(1, 3 * engines + 2):  # over any count: per seat, the engines' counts differ by one at most
        for s in range(players):
            counts = [sum(seating(names, players, i)[s] == n for i in range(games)) for n in names]
            assert max(counts) - min(counts) <= 1


def test_a_plan_row_rotates_the_lone_seat_and_fixes_every_seed(monkeypatch):
    made, deals = [], []
    winners = {0: [0], 1: [0], 2: [2, 0], 3: [1, 2, 3], 4: [0, 1, 2, 3], 5: [1], 6: [2]}

    def player(name, seed=None, **opts):
        made.append((name, seed))
        return name

    def play(g, seats, limits, seed):
        i = seed - ROW["seed"]
        deals.append(seed)
        assert seats.count("ismcts") == 1 and seats.index("ismcts") == i % 4
        return SimpleNamespace(winners=winners[i])

    monkeypatch.setattr(bench.plan, "make_player", player)
    monkeypatch.setattr(bench.plan, "play_game", play)
    shares = [bench.plan.one_game(ROW, i, {}) for i in range(7)]
    assert deals == [ROW["seed"] + i for i in range(7)]
    assert [s for _, s in made] == [(ROW["seed"] + i) * 1000 + s for i in range(7) for s in range(4)]
    # lone seats 0, 1, 2, 3, 0, 1, 2: a win 1, a k-way tie 1/k, else 0
    assert shares == [1.0, 0.0, 0.5, 1 / 3, 0.25, 1.0, 1.0]
    lone = [i % 4 for i in range(7)]
    assert [lone.count(s) for s in range(4)] == [2, 2, 2, 1]  # 7 games at 4 seats: off by one at most


def test_tournament_results_split_ties_and_score_head_to_head():
    names = seating(["a", "b"], 3, 0)
    assert names == ["a", "b", "a"]
    table = {"a": Standing("a"), "b": Standing("b")}
    add_result(table, names, SimpleNamespace(winners=[0, 1], scores=[5, 5, 1]))
    assert table["a"].shares == [0.5, 0.0] and table["b"].shares == [0.5] and table["a"].games == 2
    assert game_score(SimpleNamespace(winners=[0, 1]), names, "a", "b") == 0.5
    assert game_score(SimpleNamespace(winners=[0, 2]), names, "a", "b") == 1.0
    assert game_score(SimpleNamespace(winners=[1]), names, "a", "b") == 0.0
    assert game_score(SimpleNamespace(winners=[0, 1, 2]), names, "a", "b") == 1.0  # 2/3 against 1/3


# -- pairwise Elo (Bradley-Terry) ----------------------------------------------------------

GAMES = ([[("a", 3), ("b", 2), ("c", 1), ("a", 0)]] * 5 + [[("b", 3), ("c", 3), ("a", 1)]] * 4
         + [[("c", 2), ("a", 1)]] * 3 + [[("a", 2), ("b", 2)]] * 2 + [[("b", 1), ("a", 2), ("c", 0)]] * 3)


def test_pairs_count_every_two_seats_of_different_entries_once():
    wins, played = pair_table([[("a", 3), ("b", 3), ("c", 1), ("a", 0)]])
    # a(3)-b(3) tie, a(3)>c, b>a(0), c>a(0), b>c; the two seats of a are never compared
    assert played == {"a": {"b": 2, "c": 2}, "b": {"a": 2, "c": 1}, "c": {"a": 2, "b": 1}}
    assert wins["a"] == {"b": 0.5, "c": 1.0} and wins["b"] == {"a": 1.5, "c": 1.0}
    assert wins["c"] == {"a": 1.0, "b": 0.0}


def test_without_a_prior_the_fit_solves_the_bradley_terry_score_equations():
    elo = fit(GAMES, anchor="a", prior=0.0)
    wins, played = pair_table(GAMES)
    for i in played:
        expected = sum(n / (1 + 10 ** (-(elo[i] - elo[j]) / 400)) for j, n in played[i].items())
        assert abs(expected - sum(wins[i].values())) < 1e-6


def test_two_entries_without_a_prior_give_400_log10_of_the_odds_with_draws_as_halves():
    games = [{"a": 2, "b": 1}] * 20 + [{"a": 1, "b": 1}] * 10 + [{"a": 1, "b": 2}] * 10
    assert abs(fit(games, anchor="b", prior=0.0)["a"] - 400 * math.log10(25 / 15)) < 1e-6


def test_the_anchor_is_zero_and_differences_do_not_depend_on_it():
    by_a, by_c = fit(GAMES, anchor="a"), fit(GAMES, anchor="c")
    assert by_a["a"] == 0.0 and by_c["c"] == 0.0
    for k in by_a:
        assert abs((by_a[k] - by_a["b"]) - (by_c[k] - by_c["b"])) < 1e-6


def test_the_prior_only_shrinks_the_ratings_together():
    free, shrunk = fit(GAMES, anchor="a", prior=0.0), fit(GAMES, anchor="a")
    assert sorted(free, key=free.get) == sorted(shrunk, key=shrunk.get)
    assert max(shrunk.values()) - min(shrunk.values()) < max(free.values()) - min(free.values())


def test_the_prior_is_half_a_win_and_half_a_loss_against_the_mean_player():
    # gamma_i = 10^(Elo_i / 400), scaled to geometric mean 1 (the virtual player's strength); the fit
    # is the fixed point of Hunter's MM step with the prior's game against it, up to that common scale:
    # (W_i + 1/2) / (sum_j n_ij / (gamma_i + gamma_j) + 1 / (gamma_i + 1)) = c gamma_i for every i
    elo = fit(GAMES, anchor="a")
    wins, played = pair_table(GAMES)
    mean = sum(elo.values()) / len(elo)
    gamma = {k: 10 ** ((v - mean) / 400) for k, v in elo.items()}
    c = [(sum(wins[i].values()) + 0.5)
         / (sum(n / (gamma[i] + gamma[j]) for j, n in played[i].items()) + 1 / (gamma[i] + 1)) / gamma[i]
         for i in gamma]
    assert max(c) - min(c) < 1e-8


def test_elo_per_doubling_is_the_least_squares_slope():
    pts = [(math.log2(n), e) for n, e in [(25, 10.0), (50, 95.0), (100, 170.0), (200, 300.0), (400, 330.0)]]
    want = statistics.linear_regression([x for x, _ in pts], [y for _, y in pts]).slope
    assert abs(slope(pts) - want) < 1e-9
