"""The compiled reader's deal facts (issue 23) against the facts the checker keeps from events.

For a visitor that names the classes of a deal's parts (``DEAL_PARTS``: the checker's facts), the
compiled reader of canonical deals makes a deal's lines into instances of them, filled as the
notation's ``PART_FIELDS`` says. Every fact must equal, slot
by slot, the one the checker's ``visit_*`` methods make from the same events, on generated
games of every rule system with flaws in some lines (tests/speed/corpus.py).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from belote_notation.check.checker import GameChecker
from belote_notation.check.facts import DealFacts
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.read.canon import compiled_reader, part_spec
from belote_notation.notation.read.reader import iter_game_texts, read_game_events
from belote_notation.notation.visitor import Visitor
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

    def visit_deal_parts(self, deal: DealFacts) -> None:
        _AT_ONCE.append(type(self))
        self.kept.append(deal)
        super().visit_deal_parts(deal)


_AT_ONCE: list[type] = []
"""The checker class of each deal whose facts came at once."""


class _FromEvents(_Keeping):
    DEAL_PARTS = None


def _plain(value: Any) -> Any:
    """A fact as nested plain values: each slot by name (of the class and its bases: a compiled
    part's fields are its base's), sequences as lists."""
    slots = [name for klass in type(value).__mro__ for name in vars(klass).get("__slots__", ())]
    if slots and not isinstance(value, (str, int, tuple, list)):
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
    bad = part_spec(GameChecker.DEAL_PARTS) or ()
    bad = ((bad[0][0], ("seat", "cards", "positions", "line", "nope")), *bad[1:])
    with pytest.raises((ValueError, AttributeError)):
        scan("deal 1\nscore 0 0\n", 0, 1, 1, 100, (), bad, None)


def _announcing_game() -> str:
    """A generated classic game cut after its first deal with an announcement (an offer line
    and an announcement line: both spend items)."""
    from belote_notation.game.rules import Ruleset
    from tests.speed.corpus import _games_text

    for seed in range(50):
        text = _games_text(Ruleset.preset("classic"), 12, seed)
        at = text.find("\nannounce ")
        if at >= 0:
            end = text.find("\ndeal ", at)
            return (text[:end] if end >= 0 else text.split("\nend", 1)[0]) + "\nend\n"
    raise AssertionError("no generated game announces")


def test_the_item_limit_stops_a_game_where_the_events_stop_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the items a game may hold, the compiled reader's facts stop it where the Python
    reader's events do (a deal's facts come at once only when its offer and announcement
    readers' spends cannot pass the limit, its heading's item counted)."""
    import belote_notation.notation.read.canonical as canonical
    from belote_notation.check.validator import validate_text
    from belote_notation.notation.read.tokens import Issues

    text = _announcing_game()

    def findings(limit: int) -> list[tuple[str, int, int]]:
        monkeypatch.setattr(Issues.__init__, "__defaults__", (limit,))
        return [(f.code, f.line, f.col) for r in validate_text(text, "t.bel") for f in r.findings]

    words = text.count(" ") + text.count("\n")  # about the items the game holds
    last_deal = text.rfind("\ndeal ")
    limits = range(text.count(" ", 0, last_deal) + text.count("\n", 0, last_deal) - 40, words + 5)
    stopped = 0
    for limit in limits:
        compiled = findings(limit)
        with monkeypatch.context() as patch:
            patch.setattr(canonical, "compiled_reader", lambda: None)
            python = findings(limit)
        assert compiled == python, limit
        stopped += any(code == "BEL013" for code, _, _ in compiled)
    assert 0 < stopped < len(limits)


def test_line_positions_are_a_sequence_of_line_and_column() -> None:
    """The compiled reader's positions of a line's cards: indexed, counted, iterated, sliced
    and compared as the Python reader's list of (line, col) tuples."""
    kept: list[DealFacts] = []
    read_game_events("deal 7\ntafr9a N 9S JS 8H\nhand E\nend\n", _Keeping(kept))
    hand, empty = kept[0].five[0], kept[0].hands[0]
    positions = hand.positions
    assert type(positions).__name__ == "LinePositions" and isinstance(positions, Sequence)
    assert positions == [(2, 10), (2, 13), (2, 16)] and [(2, 10), (2, 13), (2, 16)] == positions
    assert positions != [(2, 10), (2, 13)] and positions != ((2, 10), (2, 13), (2, 16))
    assert len(positions) == 3 and list(positions) == [(2, 10), (2, 13), (2, 16)] and (2, 13) in positions
    assert positions[0] == (2, 10) and positions[-1] == (2, 16) and positions[1:] == [(2, 13), (2, 16)]
    assert repr(positions) == "[(2, 10), (2, 13), (2, 16)]" and positions == kept[0].five[0].positions
    assert empty.positions == [] and len(empty.positions) == 0
    for bad in (3, -4):
        with pytest.raises(IndexError):
            positions[bad]
    with pytest.raises(TypeError):
        positions["0"]  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        hash(positions)


@pytest.mark.parametrize("heading", ["deal 1 foo N", "deal 1 dealer X"])
def test_a_heading_the_compiled_reader_refuses_leaves_none_its_references(heading: str) -> None:
    """Four words that are not ``deal N dealer SEAT``: the compiled reader released a reference
    to None it never held, one a read (on Python 3.11, a fatal error once None's count ran out)."""
    text = f"{heading}\ntafr9a N 9S JS 8H\nend\n"
    read_game_events(text, _Quiet())
    before = sys.getrefcount(None)
    for _ in range(2000):
        read_game_events(text, _Quiet())
    assert sys.getrefcount(None) - before > -1000


class _Quiet(Visitor[None]):
    def result(self) -> None:
        return None
