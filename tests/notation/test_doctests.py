"""The runnable examples in the notation package's docstrings pass."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import belote_notation.notation as package

MODULES = sorted(info.name.removeprefix(package.__name__ + ".")
                 for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."))
"""Every module of the notation, its readers (``read.*``) and writers (``write.*``) included."""


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"{package.__name__}.{name}")
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0


def test_the_entry_points_have_examples() -> None:
    for name in ("read.reader", "visitor", "read.build", "walk", "vocabulary", "read.tokens"):
        module = importlib.import_module(f"{package.__name__}.{name}")
        assert any(test.examples for test in doctest.DocTestFinder().find(module)), name
