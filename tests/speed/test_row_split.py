"""Issue 33: the compiled reader's tokenizer reads every row as the Python reader does.

``notation/read/_canon.c`` splits a canonical deal's rows sixteen bytes at a time
(``split_row``), looks its words up in C copies of the reader's tables found once a scan
(``lookup``), and tells where a deal ends from the grammar's pattern without asking the match
where it ended (``deal_ends``). Each path has its edges: a row's bytes at the end of the text
(fewer than sixteen left), rows of 15, 16 and 17 bytes, empty words, a trailing space, more
words than the reader keeps, words too long or not ASCII for the C copies, a text that is not
one byte a character, blanks or nothing after the last deal. Each variant below is read both
ways and must give the same deal facts and the same findings.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import belote_notation.notation.read.canonical as canonical
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck
from belote_notation.game.rules import Ruleset
from belote_notation.notation.read.canon import compiled_reader
from tests.speed.corpus import _games_text
from tests.speed.test_deal_facts import _facts, _Keeping

pytestmark = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")


def _game() -> str:
    """A generated classic game: several canonical deals, announcements among them."""
    text = _games_text(Ruleset.preset("classic"), 6, 11)
    assert "\nannounce " in text and text.count("\ndeal ") >= 2
    return text


def _rows(text: str, change: Callable[[str], str], first: str) -> str:
    """The text with `change` applied to each row starting with `first`."""
    return "\n".join(change(row) if row.startswith(first) else row for row in text.split("\n"))


def _variants() -> dict[str, str]:
    text = _game()
    stripped = text.rstrip()
    return {
        "as written": text,
        "the last row at the text's end": stripped,
        "the last row cut short": stripped[:-3],
        "blanks after the last deal": stripped + " \t\r\n\n  ",
        "a trailing space on a trick row": _rows(text, lambda row: row + " ", "trick "),
        "an empty word in a hand row": _rows(text, lambda row: row.replace(" ", "  ", 1), "tafr9a "),
        "two spaces in a bid row": _rows(text, lambda row: row + "  N:pass", "smsara "),
        "a hand row of 70 words": _rows(text, lambda row: row + " 7H" * 64, "rest "),
        "a word of nine letters": _rows(text, lambda row: row.replace(" ", " ABCDEFGHI ", 1), "trick "),
        "a word not ASCII": _rows(text, lambda row: row + " 7\u00e9", "trick "),
        "a text of two bytes a character": text.replace("\n", "\n{\u20ac}\n", 1),
        "hand rows of 15, 16 and 17 bytes": _rows(text, lambda row: row[:15 + len(row) % 3], "tafr9a "),
        "trick rows of 15, 16 and 17 bytes": _rows(text, lambda row: row[:15 + len(row) % 3], "trick "),
    }


@pytest.mark.parametrize("name", list(_variants()))
def test_each_row_reads_as_the_python_reader_reads_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = _variants()[name]
    compiled_facts = _facts(variant, _Keeping)
    compiled_findings = [[(f.code, f.line, f.col, f.message) for f in r.findings]
                         for r in validate_text(variant, "t.bel")]
    monkeypatch.setattr(canonical, "compiled_reader", lambda: None)
    assert _facts(variant, _Keeping) == compiled_facts
    assert [[(f.code, f.line, f.col, f.message) for f in r.findings]
            for r in validate_text(variant, "t.bel")] == compiled_findings


def test_a_points_bid_reads_as_its_decks_bid() -> None:
    """The compiled reader remembers the points bids it read (``points_bid``): ``N:80C`` is a bid
    in clubs in a French deck and in cups in a Spanish one, so a memory kept from one deck's
    reader would read the other's wrong. Contrée games of both decks, read in turn, give the
    facts the Python reader gives."""
    texts = {deck: _games_text(Ruleset.preset("contree").model_copy(update={"deck": deck}), 40, 5)
             for deck in (Deck.FRENCH, Deck.SPANISH)}
    bids = {deck: set(re.findall(r"[NESW]:\d+C\b", text)) for deck, text in texts.items()}
    assert bids[Deck.FRENCH] & bids[Deck.SPANISH]
    in_turn = (Deck.FRENCH, Deck.SPANISH, Deck.FRENCH)
    compiled = [_facts(texts[deck], _Keeping) for deck in in_turn]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(canonical, "compiled_reader", lambda: None)
        assert [_facts(texts[deck], _Keeping) for deck in in_turn] == compiled
