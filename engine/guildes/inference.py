"""How likely a sampled Guildes world makes the other seats' draft picks of this round.

A seat's view hides what the others picked while drafting (it knows which cards vanished from
the packets it saw, not who took which), and determinization fills those picks uniformly among
the consistent deals.  A pick model -- the probability of each guild of the packet as a softmax
of a weighted sum of its features (:func:`pick_features`) -- makes some worlds likelier than
others: the search's ``infer`` option resamples its worlds by these weights.  The weights are
fitted to self-play picks by ``bench/guildes_pick_model.py`` and shipped in
``data/pick_model.json``; how much they predict is in docs/strength.md ("what seeing the hidden
cards is worth").

The model sees each pick as the seat saw it, rebuilt from the world: the packet before the pick
(``hist``), the seat's picks before it, the tables as they stood while drafting (this round's
plays taken off; a trick's virtual cards, laid after the draft, not counted).  Left out: this
round's plays (their order is not kept), earlier rounds' picks, and the event variant's
redistribution (a seat's gift changes its hand, not its picks).
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Optional

import numpy as np

from cython_ext.guildes_rules import DEAL, DRAFT, EVENT, OVER, TDEAL

FEATURES = ("heur", "now", "own", "othmax", "own-oth", "militia", "mult", "heur*t")


def pick_features(game, buf: np.ndarray, q: int, legal: np.ndarray) -> np.ndarray:
    """One row per guild of ``legal`` (seat ``q``'s draft pick at ``buf``'s step), columns
    :data:`FEATURES`: the kernel's heuristic value (``move_values``: votes this round and later
    against the others' mean), the votes the card adds to this round's count now, ``q``'s cards
    of the guild (table and picks of the round), the most any other table holds, their
    difference, militia or not, copies in the packet, and the heuristic times how far the draft
    is (``step / dealt``)."""
    lay, k, mod = game.layout, game.kernel, game.kernel_module
    n, G, h = game.players, game.G, game.dealt
    m = len(legal)
    step, rnd = int(buf[lay["step"]]), int(buf[lay["round"]])
    packet = buf[lay["hist"] + (step * n + (q - int(buf[lay["dir"]]) * step) % n) * G:][:G]
    heur = np.zeros(m, dtype=np.float64)
    k.move_values(buf, q, legal, m, heur)
    mine = buf[lay["table"]:lay["table"] + n * G].copy()
    table = mine.reshape(n, G)
    others = np.delete(table, q, axis=0).max(axis=0)  # Guildes seats 3-6
    mine[q * G:(q + 1) * G] += buf[lay["kept"] + q * G:lay["kept"] + (q + 1) * G]
    votes = np.zeros(n, dtype=np.intc)
    mod.count_votes(mine, n, G, rnd, k.militia, k.mvotes, k.places, k.values, votes)
    base = int(votes[q])
    X = np.empty((m, len(FEATURES)), dtype=np.float64)
    for i in range(m):
        c = int(legal[i])
        mine[q * G + c] += 1
        votes[:] = 0
        mod.count_votes(mine, n, G, rnd, k.militia, k.mvotes, k.places, k.values, votes)
        mine[q * G + c] -= 1
        own, oth = int(mine[q * G + c]), int(others[c])
        X[i] = (heur[i], votes[q] - base, own, oth, own - oth, float(c == k.militia), packet[c],
                heur[i] * step / h)
    return X


def load_model(path: Optional[str] = None) -> np.ndarray:
    """The shipped pick model's weights (``data/pick_model.json``), in :data:`FEATURES` order."""
    if path is None:
        text = resources.files("engine.guildes").joinpath("data/pick_model.json").read_text()
    else:
        with open(path) as f:
            text = f.read()
    data = json.loads(text)
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"pick model features {data['features']} are not {list(FEATURES)}")
    return np.array(data["weights"], dtype=np.float64)


def pick_log_weights(game, worlds: np.ndarray, seat: int, weights: np.ndarray) -> np.ndarray:
    """The log weight of each world (one full buffer a row, sampled from ``seat``'s view): the
    summed log-probabilities, under the pick model ``weights``, of the other seats' draft picks
    of this round.  A pick from a single guild says nothing and counts 0."""
    lay = game.layout
    n, h, G = game.players, game.dealt, game.G
    o_phase, o_step, o_dir = lay["phase"], lay["step"], lay["dir"]
    o_kept, o_table, o_played = lay["kept"], lay["table"], lay["played"]
    o_picks, o_hist = lay["picks"], lay["hist"]
    o_virt = lay.offsets.get("virt")
    out = np.zeros(len(worlds), dtype=np.float64)
    for wi, world in enumerate(worlds):
        phase = int(world[o_phase])
        if phase in (EVENT, DEAL, TDEAL, OVER):
            continue  # nothing picked yet this round (or the game is over)
        done = int(world[o_step]) if phase == DRAFT else h
        direction = int(world[o_dir])
        picks = world[o_picks:o_picks + n * h].reshape(n, h)
        hist = world[o_hist:o_hist + h * n * G].reshape(h, n, G)
        b = world.copy()  # the draft as it stood, one pick at a time
        b[o_phase] = DRAFT
        b[o_table:o_table + n * G] -= b[o_played:o_played + n * G]
        if o_virt is not None:
            b[o_virt:o_virt + n * G] = 0
        total = 0.0
        for q in range(n):
            if q == seat:
                continue
            kept = b[o_kept + q * G:o_kept + (q + 1) * G]
            kept[:] = 0
            for t in range(done):
                pick = int(picks[q, t])
                legal = np.flatnonzero(hist[t, (q - direction * t) % n] > 0).astype(np.intc)
                if len(legal) > 1:
                    b[o_step] = t
                    z = pick_features(game, b, q, legal) @ weights
                    top = z.max()
                    total += z[int(np.searchsorted(legal, pick))] - top - np.log(np.exp(z - top).sum())
                kept[pick] += 1
        out[wi] = total
    return out
