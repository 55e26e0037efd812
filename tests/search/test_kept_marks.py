"""A seat's move -> edge marks kept from one selection to the next (``tree_selection._mark``)
must name exactly its edges at the node they were made for, whatever merged, sorted or grew
in between: checked after every few iterations of searches whose hot nodes keep them."""
import pytest

from search import core
from tests.search.helpers import first_search

CASES = [  # (game, players, options): long merged segments at the root, a sorted short one, lists
    ("between_two_cities", 7, {}),
    ("between_two_cities", 4, {"tree": "mo"}),
    ("city_and_guilds", 4, {}),
    ("guildes", 4, {"tree": "mo", "reward": "score"}),
]


@pytest.mark.parametrize("game,players,opts", CASES)
def test_kept_marks_name_the_seats_edges(game, players, opts):
    s, view = first_search(game, players, 3, **opts)
    rng = core.rng_for(view.game.kernel, 11)
    kept = 0
    for _ in range(120):
        s.run(rng, 10, 1.0e18, 0)
        k = s.kept_marks()
        assert k >= 0, "a seat's kept marks do not match its edges"
        kept += k
    assert kept > 0  # marks were kept (else the check above checked nothing)
