"""The park and civic scoring terms are written once, in ``between_two_cities_scoring``.

``park_points`` and ``civic_points`` score a park group and a civic building for the
kernel's ``score_city``, the heuristic's cell reads and gains (``_cell_gain``, ``_gain``,
``_prepared``) and the bounds alike.  Here they are checked against the rulebook's tables
and worked examples in the mode under test (``scoring_terms`` is their Python entry), the
two modes against each other, and every user of them against the one definition.
"""
import pytest

from cython_ext import select

SCORING = select.load("between_two_cities_scoring")
SCORING_C, SCORING_PY = select.twins("between_two_cities_scoring")


def test_park_groups_score_as_the_rulebook_says():
    parks, _ = SCORING.scoring_terms(12)
    # "2 | 8 | 12 | 13 | 14...": every connected park after the third adds 1
    assert parks[:5] == [2, 8, 12, 13, 14]
    assert all(parks[n] == parks[n - 1] + 1 for n in range(3, 12))


def test_the_rulebook_park_examples_from_the_terms():
    parks, _ = SCORING.scoring_terms(4)
    group = dict(zip(range(1, 5), parks))
    assert 4 * group[1] == 8             # four separate parks
    assert group[3] + group[1] == 14     # three adjacent parks and one separate
    assert group[4] == 13                # four adjacent parks
    assert 2 * group[2] == 16            # two separate groups of two


def test_civic_buildings_score_as_the_rulebook_says():
    _, civic = SCORING.scoring_terms(1)
    # no liked or disliked neighbour 1, one liked type 3, both 6; by the disliked type 1 whatever else
    assert civic == [[1, 3, 6], [1, 1, 1]]


@pytest.mark.skipif(SCORING_C is None, reason="compares the compiled terms with the interpreted ones")
def test_the_terms_are_the_same_compiled_and_interpreted():
    assert SCORING_C.scoring_terms(40) == SCORING_PY.scoring_terms(40)


@pytest.mark.parametrize("module", ["between_two_cities_cell_gain", "between_two_cities_gain",
                                    "between_two_cities_prepared", "between_two_cities_bounds"])
def test_every_user_reads_the_one_definition(module):
    # interpreted, a module's name for a term is the object it imported: a second
    # definition (or a copy of the shop table) would be another object
    user = select.twins(module)[1]
    assert not hasattr(user, "civic_term")  # the heuristic's former copy
    assert user.park_points is SCORING_PY.park_points
    if module != "between_two_cities_prepared":  # prepared reads no civic building
        assert user.civic_points is SCORING_PY.civic_points
    if hasattr(user, "SHOP_PTS"):
        assert user.SHOP_PTS is SCORING_PY.SHOP_PTS
