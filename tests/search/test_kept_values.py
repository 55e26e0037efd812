"""The progressive bias's heuristic kept by node (``Search.value_cache``: MO trees; SO trees
for the root seat, and for every seat the values the kernel calls public, ``move_values``
answering 4).

A node of an MO tree is its seat's own information set (reached by the moves the
seat observed); a heuristic that reads only what the seat sees gives the same values
there for the same legal list, so keeping them must leave the tree unchanged while
the kernel is asked far less often."""
import pytest

import engine
from cython_ext import select
from engine.perft import play_to_decision
from search import core
from tests.search.helpers import random_decision

# (game, players, random plies, seed, bias): The Walled City (default game, guild powers)
# at its setup, in round 1 with hands that differ between worlds (the card step's legal
# list then changes from one visit to the next), in round 2; City and Guilds' bias presets,
# the second with draws from a face-up display that chance refills inside the tree (their
# values are not kept: kept, the tree differed from the 142nd iteration)
CASES = [("walled_city", 4, 0, 1, 1.0), ("walled_city", 4, 100, 2, 1.0), ("walled_city", 3, 150, 3, 1.0),
         ("walled_city", 2, 90, 4, 1.0), ("city_and_guilds", 4, 10, 1, 4.0), ("city_and_guilds", 3, 40, 3, 16.0)]


def compiled(game: str) -> bool:
    return (not select.pure_python_forced() and select.mode(select.load("ismcts")) == "compiled"
            and select.mode(select.load(game)) == "compiled")


def grown(game, players, plies, seed, bias, cache, iters, tree="mo", keys="moves", **opts):
    st = play_to_decision(engine.make(game, players=players, seed=seed), seed)
    if plies:
        st = random_decision(st, seed, plies)
    seat = st.to_move()[0]
    s = core.make_search(st.observe(seat), seat, tree=tree, bias=bias, reward="score", keys=keys, **opts)
    s.value_cache = cache
    s.run(core.rng_for(st.game.kernel, 9), iters, 0.0, 0)
    return s


NONE_KEPT = 4  # the one node entry a fresh tree has (no record)


def kept_bytes(s):
    return s.memory_parts()["kept_values"]


def tree_of(s):
    return [(s.edges_of(n), s.availability_of(n), s.children_of(n)) for n in range(s.node_count())]


@pytest.mark.parametrize("game,players,plies,seed,bias", CASES)
def test_kept_values_grow_the_same_tree(game, players, plies, seed, bias):
    iters = 3000 if compiled(game) else 150
    kept = grown(game, players, plies, seed, bias, True, iters)
    fresh = grown(game, players, plies, seed, bias, False, iters)
    assert tree_of(kept) == tree_of(fresh)
    assert kept.value_calls <= fresh.value_calls
    assert kept_bytes(fresh) == NONE_KEPT < kept_bytes(kept)


def test_kept_values_spare_most_heuristic_calls():
    """Round 1 of a 4-player Walled City: the placements' values are asked for again at
    every visit of a node unless kept."""
    iters = 3000 if compiled("walled_city") else 300
    kept = grown("walled_city", 4, 60, 1, 1.0, True, iters)
    fresh = grown("walled_city", 4, 60, 1, 1.0, False, iters)
    assert tree_of(kept) == tree_of(fresh)
    assert fresh.value_calls > 0
    assert kept.value_calls < 0.75 * fresh.value_calls


@pytest.mark.parametrize("tree", ["mo", "so"])
def test_no_values_kept_under_the_expansion_threshold(tree):
    """With ``expand_after`` K a node keeps no values before its K-th visit (a leaf until
    then: City and Guilds' MO default, K = 64, kept 145 bytes a node of a 300k-node tree,
    58 with this): K iterations keep nothing, one more keeps the root's; the tree is the
    one grown without kept values."""
    k = 8
    few = grown("city_and_guilds", 4, 0, 1, 16.0, True, k, tree=tree, expand_after=k)
    assert few.value_calls >= k and kept_bytes(few) == NONE_KEPT
    more = grown("city_and_guilds", 4, 0, 1, 16.0, True, k + 1, tree=tree, expand_after=k)
    assert kept_bytes(more) > NONE_KEPT
    iters = 3000 if compiled("city_and_guilds") else 150
    kept = grown("city_and_guilds", 3, 40, 3, 16.0, True, iters, tree=tree, expand_after=k)
    fresh = grown("city_and_guilds", 3, 40, 3, 16.0, False, iters, tree=tree, expand_after=k)
    assert tree_of(kept) == tree_of(fresh)
    assert kept.value_calls < fresh.value_calls


@pytest.mark.parametrize("players,plies,seed,keys", [(3, 0, 1, "moves"), (3, 20, 2, "moves"), (4, 40, 3, "moves"),
                                                   (7, 10, 4, "moves"), (3, 25, 6, "view"), (5, 60, 7, "view")])
def test_so_trees_keep_the_root_seats_own_values(players, plies, seed, keys):
    """In an SO tree a node is the root seat's information set (its children keyed by what the
    root seat observes, as its own MO tree's are): the root seat's values (Between Two Cities'
    answer 1, values of the list: the public cities and its own pending tiles, which its own
    picks fix) are kept there as an MO tree keeps its owner's, and the tree is the same.
    Another seat's view differs between the worlds at the node (Between Two Cities' hidden
    picks), so its values are asked every time: the calls fall by a fifth to two thirds, not
    to nothing."""
    iters = 3000 if compiled("between_two_cities") else 150
    kept = grown("between_two_cities", players, plies, seed, 1.0, True, iters, tree="so", keys=keys)
    fresh = grown("between_two_cities", players, plies, seed, 1.0, False, iters, tree="so", keys=keys)
    assert tree_of(kept) == tree_of(fresh)
    assert kept_bytes(fresh) == NONE_KEPT < kept_bytes(kept)
    assert 0 < kept.value_calls < fresh.value_calls


def test_so_trees_keep_no_other_seats_values():
    """Only the root seat's records: each record's seat word (``vc[o] & SEAT_BITS``) is the
    root seat's, read back through the records the memory report counts."""
    s = grown("between_two_cities", 3, 0, 1, 1.0, True, 3000 if compiled("between_two_cities") else 150, tree="so")
    seats = s.kept_value_seats()
    assert seats == {s.root_seat}


def test_values_of_single_moves_spare_most_calls():
    """City and Guilds' placement values are each move's own (``move_values`` returns 3): a
    node keeps them by move, so the lists that the tiles dealt in each world make differ
    and still ask the kernel only for moves not seen there (kept by list, one call in two)."""
    iters = 3000 if compiled("city_and_guilds") else 300
    kept = grown("city_and_guilds", 4, 0, 1, 16.0, True, iters)
    fresh = grown("city_and_guilds", 4, 0, 1, 16.0, False, iters)
    assert tree_of(kept) == tree_of(fresh)
    assert kept.value_calls < fresh.value_calls / 10


@pytest.mark.parametrize("players,plies,seed,bias,keys", [(5, 0, 1, 4.0, "moves"), (5, 60, 2, 4.0, "moves"),
                                                          (3, 30, 3, 16.0, "moves"), (4, 120, 4, 4.0, "moves"),
                                                          (5, 40, 5, 4.0, "view")])
def test_public_values_are_kept_in_so_trees(players, plies, seed, bias, keys):
    """City and Guilds' placement values read only the public board (``move_values`` answers
    4): an SO tree (the 5-player default's) keeps them by node and move and grows the same
    tree (children keyed by moves, or by the root seat's view: the tree that ``reuse`` keeps
    between decisions), with draws from the face-up display (2, asked every time) among the steps, asking
    less often (a fifth of the calls at the start, 5 players, 3,000 iterations; 0.42-0.66
    later, where draws are more of the steps)."""
    iters = 3000 if compiled("city_and_guilds") else 200
    kept = grown("city_and_guilds", players, plies, seed, bias, True, iters, tree="so", keys=keys)
    fresh = grown("city_and_guilds", players, plies, seed, bias, False, iters, tree="so", keys=keys)
    assert tree_of(kept) == tree_of(fresh)
    assert kept_bytes(fresh) == NONE_KEPT < kept_bytes(kept)
    assert kept.value_calls < 0.75 * fresh.value_calls


def test_so_trees_keep_values_only_from_a_few_visits():
    """An SO tree keeps a node's public values from its ``SO_KEEP_AT``-th visit on (most of its
    nodes are leaves visited once or twice: 1M-node trees kept 128 bytes a node without the
    threshold, 15 with it): ``SO_KEEP_AT`` iterations (the root selected at 0..3 visits) keep
    nothing, one more keeps the root's."""
    from cython_ext.select import load
    at = load("tree_values").SO_KEEP_AT
    assert at > 1
    few = grown("city_and_guilds", 5, 0, 1, 4.0, True, at, tree="so")
    assert few.value_calls >= at and kept_bytes(few) == NONE_KEPT
    more = grown("city_and_guilds", 5, 0, 1, 4.0, True, at + 1, tree="so")
    assert kept_bytes(more) > NONE_KEPT
