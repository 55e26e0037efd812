"""bench/final_agreement.py: each root's picks under every final rule, tallied
while games run, and ``pick_best`` given back afterwards."""
import search.ismcts as ismcts
from bench import final_agreement as fa


def test_picks_follow_each_rule():
    # 60 visits at mean 0.5 against 40 at 0.7: visits takes 1, value and secure take 2
    stats = {1: [60, 30.0], 2: [40, 28.0], 3: [0, 0.0]}
    assert fa.picks(stats, [1, 2, 3]) == {"visits": 1, "value": 2, "secure": 2}
    # under the share (10 < 0.5 * 60) the better mean is not a candidate for value
    assert fa.picks({1: [60, 30.0], 2: [10, 9.0]}, [1, 2])["value"] == 1
    assert fa.picks({1: [60, 30.0], 3: [0, 0.0]}, [1, 3]) is None


def test_recorder_counts_roots_and_restores_the_rule():
    before = ismcts.pick_best
    tally = fa.count("walled_city", 2, 4, games=1, seed=5)
    assert ismcts.pick_best is before
    assert tally["decisions"] > 10
    assert 0 <= tally["value differs"] <= tally["decisions"]
    assert 0 <= tally["secure differs"] <= tally["decisions"]
