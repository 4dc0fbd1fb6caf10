"""The runnable examples in the notation package's docstrings pass."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import belote_notation.notation as package

MODULES = sorted(info.name for info in pkgutil.iter_modules(package.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"{package.__name__}.{name}")
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0


def test_the_entry_points_have_examples() -> None:
    for name in ("reader", "visitor", "build", "walk", "vocabulary", "tokens"):
        module = importlib.import_module(f"{package.__name__}.{name}")
        assert any(test.examples for test in doctest.DocTestFinder().find(module)), name
