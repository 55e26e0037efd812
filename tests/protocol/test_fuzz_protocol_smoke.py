"""bench/fuzz_protocol.py still runs: a few of its cases, in-process (the fuzz itself is run
by hand: ``python bench/fuzz_protocol.py all --cases 1000 --seed N``)."""
from bench.fuzz_protocol import make_cases, mutate, newgame_line, run_case


def test_the_cases_are_reproducible_from_their_seed():
    assert make_cases("walled_city", 2, (), 3, 5) == make_cases("walled_city", 2, (), 3, 8)[:5]


def test_a_few_cases_are_refused_or_run_clean():
    for c in make_cases("city_and_guilds", 3, (), 1, 4):
        kind, problems = run_case(newgame_line("city_and_guilds", 3, ()), c["state"], ["random"], 30.0)
        assert kind == "refused" or (kind == "accepted" and not problems), (c["what"], problems)


def test_a_mutation_changes_one_or_two_fields():
    import random
    state, what = mutate(random.Random(1), "a=1,2,3 b=4 c=5,6")
    assert sum(x != y for x, y in zip(state.split(), "a=1,2,3 b=4 c=5,6".split())) in (0, 1, 2) and what
