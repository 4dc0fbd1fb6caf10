"""The compiled reader's deal facts (issue 23) against the facts the checker keeps from events.

For a visitor that names ``DEAL_FACTS`` (the checker), the compiled reader of canonical deals
turns the events of a deal's lines into the checker's facts itself. Every fact must equal, slot
by slot, the one the checker's ``visit_*`` methods make from the same events, on generated
games of every rule system with flaws in some lines (tests/speed/corpus.py).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pytest

from belote_notation.check.checker import GameChecker
from belote_notation.check.facts import DealFacts
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.canon import compiled_reader
from belote_notation.notation.reader import iter_game_texts, read_game_events
from tests.speed.corpus import corpus_text

pytestmark = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")


class _Keeping(GameChecker):
    """The checker, keeping every deal's facts as they are checked."""

    def __init__(self, kept: list[DealFacts]) -> None:
        super().__init__(ValidationConfig(keep_deals=False), "corpus.bel")
        self.kept = kept

    def end_deal(self) -> None:
        assert self.deal is not None
        self.kept.append(self.deal)
        super().end_deal()

    def visit_deal_facts(self, facts: DealFacts) -> None:
        _AT_ONCE.append(type(self))
        self.kept.append(facts)
        super().visit_deal_facts(facts)


_AT_ONCE: list[type] = []
"""The checker class of each deal whose facts came at once."""


class _FromEvents(_Keeping):
    DEAL_FACTS = None


def _plain(value: Any) -> Any:
    """A fact as nested plain values: each slot by name, sequences as lists."""
    slots = getattr(type(value), "__slots__", None)
    if slots is not None and not isinstance(value, (str, int, tuple, list)):
        return (type(value).__name__, {name: _plain(getattr(value, name)) for name in slots})
    if isinstance(value, Sequence) and not isinstance(value, str):  # the compiled reader's positions too
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _facts(text: str, checker: type[_Keeping]) -> list[Any]:
    kept: list[DealFacts] = []
    for game in iter_game_texts(io.BytesIO(text.encode()), name="corpus.bel"):
        read_game_events(game, checker(kept), "corpus.bel")
    return [_plain(deal) for deal in kept]


@pytest.mark.parametrize("rate", [0.0, 0.03])
def test_the_compiled_facts_are_the_facts_of_the_events(rate: float) -> None:
    for text in corpus_text(60, seed=7, rate=rate):
        _AT_ONCE.clear()
        compiled, from_events = _facts(text, _Keeping), _facts(text, _FromEvents)
        assert len(compiled) == len(from_events) > 50
        assert _AT_ONCE.count(_Keeping) > len(compiled) // 2 and _FromEvents not in _AT_ONCE
        for a, b in zip(compiled, from_events, strict=True):
            assert a == b


def test_a_facts_field_that_is_not_a_slot_is_refused() -> None:
    scan = compiled_reader()
    assert scan is not None
    bad = tuple((cls, names) for cls, names in GameChecker.DEAL_FACTS or ())
    bad = ((bad[0][0], ("seat", "cards", "positions", "line", "nope")), *bad[1:])
    with pytest.raises((ValueError, AttributeError)):
        scan("deal 1\nscore 0 0\n", 0, 1, 1, 100, (), bad)
