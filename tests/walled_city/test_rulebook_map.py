"""docs/games/walled_city.md's "Rule-by-rule tests" names only tests that exist, so the map
cannot silently point at a renamed or deleted test."""
from __future__ import annotations

import ast
import os

HERE = os.path.dirname(__file__)
DOC = os.path.join(HERE, "..", "..", "docs", "games", "walled_city.md")


def test_every_test_the_map_names_exists():
    text = open(DOC, encoding="utf-8").read()
    section = text[text.index("## Rule-by-rule tests"):]
    section = section[:section.index("\n## ", 4)]
    defined = set()
    for name in os.listdir(HERE):
        if name.endswith(".py"):
            tree = ast.parse(open(os.path.join(HERE, name), encoding="utf-8").read())
            defined |= {(name, n.name) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    named = []
    for row in section.splitlines():
        if not row.startswith("| ") or "test (file" in row:
            continue
        for part in row.split("|")[3].split(";"):
            where = None
            for token in (t.strip() for t in part.split(",")):
                if "::" in token:
                    file, test = token.split("::")
                    where = file or where
                    named.append((where, test))
                elif token.endswith(".py"):
                    assert os.path.exists(os.path.join(HERE, token)), token
    assert len(named) > 100
    assert [n for n in named if n not in defined] == []
