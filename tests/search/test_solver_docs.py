"""The examples of docs/solver.md run verbatim."""
import doctest
import os

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "solver.md")


def test_solver_doc_examples():
    result = doctest.testfile(DOC, module_relative=False)
    assert result.attempted > 0 and result.failed == 0
