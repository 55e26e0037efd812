"""A few helpers to write SVG text with the standard library only.

Every game's ``svg.py`` draws with these.  Two attribute conventions make the
drawings testable and clickable without knowing the game:

* ``data-piece="KIND"`` (with ``data-id``/``data-count``/``data-seat``) marks one
  piece of the state, so a test can count what is drawn against the state;
* ``data-click="TOKENS"`` marks where a click may mean a move: a frontend keeps
  the legal moves whose words (see :func:`move_tokens`) include every token.

>>> move_tokens("place shop L e5")
['place', 'shop', 'L', 'e5']
>>> move_tokens("3>C2 2>B2")
['3', 'C2', '2', 'B2']
>>> print(tag("rect", x=1, y=2, data_piece="cell"))
<rect x="1" y="2" data-piece="cell"/>
"""
from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

SEATS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2")
NEUTRAL = "#7f7f7f"
FONT = "font-family:sans-serif"


def seat_colour(seat: int) -> str:
    return SEATS[seat % len(SEATS)] if seat >= 0 else NEUTRAL


def move_tokens(move: str) -> list[str]:
    """The words of a move string that a click token is matched against."""
    return [t for t in re.split(r"[\s:+>]+", move) if t]


def _attrs(kw: dict) -> str:
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        if isinstance(v, float):
            v = f"{v:.1f}"
        out.append(f" {name}={quoteattr(str(v))}")
    return "".join(out)


def tag(name: str, body: str | None = None, **kw) -> str:
    """One element; ``body`` is already SVG text (use :func:`text` for words)."""
    if body is None:
        return f"<{name}{_attrs(kw)}/>"
    return f"<{name}{_attrs(kw)}>{body}</{name}>"


def text(x: float, y: float, words: object, size: int = 12, **kw) -> str:
    kw.setdefault("style", FONT)
    return tag("text", escape(str(words)), x=x, y=y, font_size=size, **kw)


def title(words: str) -> str:
    """A tooltip for the enclosing group."""
    return tag("title", escape(words))


def group(parts: list[str], **kw) -> str:
    return tag("g", "".join(parts), **kw)


def document(width: float, height: float, parts: list[str], label: str) -> str:
    """A standalone SVG document (valid XML, with a title for screen readers)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'role="img" aria-label={quoteattr(label)}>' + title(label)
            + tag("rect", x=0, y=0, width=width, height=height, fill="#fbf8f0")
            + "".join(parts) + "</svg>")
