"""The Guildes edition file: schema, validation and the arrays the kernel needs.

Schema (see docs/games/guildes.md): ``guilds`` is a list of objects with
``name`` (lowercase word), ``copies`` (int), either ``militia`` (votes per
card at every count) or ``votes`` (three lists: the places paid in rounds 1,
2 and 3, at most 4 each); ``players`` maps "3".."6" to ``remove`` (guild ->
cards removed), ``dealt`` and ``played``; ``events`` lists six objects with
``name`` and ``direction`` ("left" or "right").
"""
from __future__ import annotations

import numpy as np

from cython_ext.guildes_count import MAXP  # noqa: F401  (most places one guild pays)
from engine.errors import EditionError  # noqa: F401 - raised through engine.schema
from engine.guildes.checks import MAX_SCORE
from engine.schema import integer, keys, need, text


MAX_COPIES, MAX_VOTES, MAX_DEALT = 200, 10_000, 40  # keep buffers small and sums inside int32
MAX_SLOTS = 60  # players x dealt: determinize found no deal within its budget at 90 (3p) and 120 (6p)


def _need(cond: bool, msg: str) -> None:
    need(cond, msg)


def validate(data: dict) -> None:
    guilds = data.get("guilds")
    _need(isinstance(guilds, list) and 1 <= len(guilds) <= 30, "'guilds' must be a list of 1-30 guilds")
    keys(data, "edition", ("guilds", "players", "events"), ("tricks",))
    names = set()
    militia = 0
    for i, g in enumerate(guilds):
        _need(isinstance(g, dict), f"guild #{i} must be an object")
        name = g.get("name")
        _need(isinstance(name, str) and name.isidentifier() and name == name.lower(),
              f"guild #{i}: 'name' must be a lowercase word")
        _need(name not in names, f"guild {name!r} listed twice")
        names.add(name)
        keys(g, f"guild {name}", ("name", "copies"), ("militia", "worth10") if "militia" in g else ("votes", "worth10"))
        integer(g.get("copies"), f"guild {name}: 'copies'", 1, MAX_COPIES)
        if "militia" in g:
            militia += 1
            integer(g["militia"], f"guild {name}: 'militia'", 1, MAX_VOTES)
        else:
            v = g.get("votes")
            _need(isinstance(v, list) and len(v) == 3, f"guild {name}: 'votes' must hold three rounds")
            for r, places in enumerate(v):
                _need(isinstance(places, list) and 1 <= len(places) <= MAXP
                      and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_VOTES
                              for x in places),
                      f"guild {name}: round {r + 1} votes must be 1-{MAXP} integers 0..{MAX_VOTES}")
    _need(militia <= 1, "at most one militia guild")
    # one seat's votes over the three rounds at most: every guild's first place, all the militia
    most = sum(3 * g["militia"] * g["copies"] if "militia" in g else sum(max(p) for p in g["votes"])
               for g in guilds)
    _need(most <= MAX_SCORE, f"a seat could gather {most} votes over three rounds: at most {MAX_SCORE} "
          "(a state's score is checked against it)")
    players = data.get("players")
    _need(isinstance(players, dict), "'players' must map player counts to deal sizes")
    for key, row in players.items():
        _need(key in ("3", "4", "5", "6") and isinstance(row, dict), f"players: bad entry {key!r}")
        keys(row, f"players {key}", ("dealt", "played"), ("remove",), meta=())
        for field in ("dealt", "played"):
            integer(row.get(field), f"players {key}: '{field}'", 1, MAX_DEALT)
        _need(row["played"] <= row["dealt"], f"players {key}: cannot play more than dealt")
        remove = row.get("remove", {})
        _need(isinstance(remove, dict), f"players {key}: 'remove' must map guilds to counts")
        for gname, cnt in remove.items():
            _need(gname in names, f"players {key}: unknown guild {gname!r} in 'remove'")
            copies = next(g["copies"] for g in guilds if g["name"] == gname)
            _need(isinstance(cnt, int) and not isinstance(cnt, bool) and 0 <= cnt <= copies,
                  f"players {key}: 'remove' count for {gname} must be 0..{copies} (its copies), not {cnt!r}")
        deck = sum(g["copies"] for g in guilds) - sum(remove.values())
        _need(int(key) * row["dealt"] <= MAX_SLOTS, f"players {key}: at most {MAX_SLOTS} cards dealt a round "
              f"(players x dealt; the worlds of a view are searched pick by pick: 60 is twice the rulebook's)")
        _need(3 * int(key) * row["dealt"] <= deck, f"players {key}: the deck ({deck} cards: the guilds' copies minus 'remove') "
              f"cannot deal three rounds of {row['dealt']}")
    events = data.get("events")
    _need(isinstance(events, list) and 1 <= len(events) <= 30 and len(events) >= 3,
          "'events' must list at least three event cards")
    for i, e in enumerate(events):
        _need(isinstance(e, dict) and isinstance(e.get("name"), str) and e.get("direction") in ("left", "right"),
              f"events[{i}]: each event needs a 'name' and a 'direction' (left/right)")
        keys(e, f"events[{i}]", ("name", "direction"), ("effect",))
        if "effect" in e:
            text(e["effect"], f"events[{i}].effect")
    _names_are_words(events, "events")
    for g in guilds:
        _need(isinstance(g.get("worth10", False), bool), f"guild {g['name']}: 'worth10' must be true or false")
    tricks = data.get("tricks", [])
    _need(isinstance(tricks, list) and len(tricks) <= 16, "'tricks' must be a list of at most 16 cards")
    kinds = []
    for i, t in enumerate(tricks):
        _need(isinstance(t, dict) and isinstance(t.get("name"), str), f"tricks[{i}]: each trick needs a 'name'")
        keys(t, f"tricks[{i}]", ("name",), ("letter", "kind", "guild", "min_players"))
        kind = t.get("kind", t["name"] if t["name"] in TRICK_KINDS else None)
        if "guild" in t:
            _need(isinstance(t["guild"], str) and t["guild"] in names,
                  f"trick {t['name']}: 'guild' must name a guild, not {t.get('guild')!r}")
            kind = "virtual"
        _need(kind in TRICK_KINDS, f"trick {t['name']}: unknown effect (known: {', '.join(TRICK_KINDS)})")
        kinds.append(kind)
        integer(t.get("min_players", 3), f"trick {t['name']}: 'min_players'", 3, 6)
    _names_are_words(tricks, "tricks")
    _need(kinds.count("draw-discard") <= 1, "at most one 'draw-discard' trick: a round keeps one draw from "
          "the discard pile on record, which its worlds must explain")
    # tricks act in alphabetical order of their letters; the kernel acts in list order
    letters = [(i, t["letter"]) for i, t in enumerate(tricks) if "letter" in t]
    for i, x in letters:
        _need(isinstance(x, str) and len(x) == 1 and "A" <= x <= "Z", f"tricks[{i}]: 'letter' must be one capital letter")
    for (_, x), (j, y) in zip(letters, letters[1:]):
        _need(x < y, f"tricks[{j}]: letter {y} after {x}: list the tricks in their letters' order (they act in it)")


def _names_are_words(cards: list, field: str) -> None:
    """Chance moves print ``event <name>`` / ``trick <name>`` and parse the lower-cased words
    back (engine/guildes/game.py): a name must be one lower-case word, and only one card's."""
    seen: dict = {}
    for i, c in enumerate(cards):
        name = c["name"]
        _need(name != "" and name == name.lower() and name.split() == [name] and not name.startswith("#")
              and ";" not in name,
              f"{field}[{i}]: name {name!r} must be one lower-case word without ';' (moves name the card)")
        _need(name not in seen, f"{field}[{i}]: name {name!r} already names {field}[{seen.get(name)}]")
        seen[name] = i


# the effects the kernel implements, in its numbering (the enums of cython_ext/guildes_rules.pxd)
EVENT_EFFECTS = ("one-fewer", "ties-excluded", "sequential", "redistribution", "one-or-two", "face-down")
TRICK_KINDS = ("protection", "swap-tables", "sacrifice", "draw-discard", "swap-hand-table", "virtual")


def variant_arrays(data: dict, players: int, events: bool, tricks: bool) -> dict:
    """Event effects and trick cards as kernel arrays; EditionError if a card's
    effect is unknown while its variant is on."""
    out: dict = {"events": int(events), "tricks": int(tricks)}
    if events:
        eff = []
        for e in data["events"]:
            name = e.get("effect", e["name"])
            _need(name in EVENT_EFFECTS, f"event {e['name']}: unknown effect (known: {', '.join(EVENT_EFFECTS)})")
            eff.append(EVENT_EFFECTS.index(name))
        # "play one fewer card" from a single card would leave a play phase
        # with nothing to play, which never ends: refuse the edition instead
        played = data["players"][str(players)]["played"]
        _need(EVENT_EFFECTS.index("one-fewer") not in eff or played >= 2,
              f"players {players}: 'played' must be at least 2 with the event card one-fewer (variant events)")
        out["event_effect"] = np.array(eff, dtype=np.intc)
    if tricks:
        trs = data.get("tricks", [])
        _need(len(trs) >= players + 1, f"the tricks variant needs at least {players + 1} trick cards")
        gix = {g["name"]: i for i, g in enumerate(data["guilds"])}
        kind, guild, ok = [], [], []
        for t in trs:
            k = "virtual" if "guild" in t else t.get("kind", t["name"])
            kind.append(TRICK_KINDS.index(k))
            guild.append(gix.get(t.get("guild"), 0))
            ok.append(1 if players >= t.get("min_players", 3) else 0)
        _need(sum(ok) >= players + 1, f"the tricks variant needs {players + 1} trick cards usable by {players} players")
        out.update(ntricks=len(trs), trick_kind=np.array(kind, dtype=np.intc),
                   trick_guild=np.array(guild, dtype=np.intc), trick_ok=np.array(ok, dtype=np.intc),
                   worth10=np.array([1 if g.get("worth10") else 0 for g in data["guilds"]], dtype=np.intc))
    return out


def kernel_arrays(data: dict, players: int) -> dict:
    """Edition values as the flat arrays of the kernel."""
    guilds = data["guilds"]
    G = len(guilds)
    row = data["players"][str(players)]
    total = np.array([g["copies"] - row.get("remove", {}).get(g["name"], 0) for g in guilds], dtype=np.intc)
    places = np.zeros(3 * G, dtype=np.intc)
    values = np.zeros(3 * G * MAXP, dtype=np.intc)
    militia = -1
    for gi, g in enumerate(guilds):
        if "militia" in g:
            militia = gi
            continue
        for r in range(3):
            pl = g["votes"][r]
            places[r * G + gi] = len(pl)
            for q, v in enumerate(pl):
                values[(r * G + gi) * MAXP + q] = v
    event_dir = np.array([1 if e["direction"] == "left" else -1 for e in data["events"]], dtype=np.intc)
    return {"guilds": G, "total": total, "places": places, "values": values, "militia": militia,
            "militia_votes": next((g["militia"] for g in guilds if "militia" in g), 0),
            "dealt": row["dealt"], "played": row["played"], "event_dir": event_dir,
            "nevents": len(data["events"])}
