"""The engine's copies of the guild powers' constants are the kernel's.

The constants are declared once, in ``cython_ext/walled_city_power_board.pxd``
(session 10 moved them there from ``walled_city_powers.pxd``); the engine
cannot import them from a compiled module that cimports them, so
``engine/walled_city`` keeps its own numbers (moves, what a step's move
names, the trade log's size, the order of the edition's power names).  A
renumbering on either side fails here, in the mode the suite runs in.
"""
from __future__ import annotations

from cython_ext import select
from engine.walled_city import game, notation
from engine.walled_city.edition import POWERS

powers = select.load("walled_city_power_board")

# the kernel's name of each power code, in the edition's order of POWERS
KERNEL_NAMES = ("MERCERS", "GROCERS", "DRAPERS", "FISHMONGERS", "GOLDSMITHS", "SKINNERS", "TAYLORS",
                "HABERDASHERS", "SALTERS", "IRONMONGERS", "VINTNERS", "CLOTHWORKERS", "CARPENTERS", "PAINTERS",
                "BAKERS", "BUTCHERS", "BARBERS", "IRONMONGERS_B", "SADDLERS", "CURRIERS")


def test_moves_and_arguments():
    assert (notation.ACT, notation.DONE) == (powers.ACT, powers.DONE)
    for name in ("LOC", "AREA", "TOWER", "OWNER", "ITEM", "PIECE", "KIND", "GUILD", "SPLIT", "COUNT", "CARD"):
        assert getattr(notation, "ARG_" + name) == getattr(powers, "ARG_" + name), name
    assert powers.ARG_NONE == 0  # power_arg: 0 outside a power step (bench/wc_powers_match.py reads it so)


def test_power_codes_follow_the_edition():
    assert len(KERNEL_NAMES) == len(POWERS) == powers.NPOWER
    for code, (name, edition_name) in enumerate(zip(KERNEL_NAMES, POWERS)):
        assert getattr(powers, "W_" + name) == code, (name, edition_name)
        # "painter_stainers-b" is PAINTERS, the second "ironmongers" IRONMONGERS_B
        assert name.removesuffix("_B").startswith(edition_name.removesuffix("-b").split("_")[0].upper())


def test_layout_sizes():
    assert (game.MAXTR, game.TR_W, game.MAXS) == (powers.MAXTR, powers.TR_W, powers.MAXS)
    # the trade record's last word is the off-colour card of the looked-at hand
    assert powers.TR_LKO == powers.TR_W - 1
