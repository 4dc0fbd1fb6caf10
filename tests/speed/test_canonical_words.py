"""Issue 33: the canonical reader's words come from the grammar, not from a mirror in C.

The compiled reader (``notation/read/_canon.c``) spells none of the canonical layout's words:
the heading's keywords and seats, the offer and announcement lines' first words, their cards'
shape, the announcement kinds, ``trick=`` and ``before=``, the rounds of a bidding line are the
grammar's ``C_*`` terminals (``grammar/belote.lark``), handed over as tables by
``notation/read/canon.py`` (:func:`canonical_tables`); Python's canonical reader builds its
expressions from the same terminals. Held here three ways: the tables are the terminals' words;
on probed lines both canonical readers take exactly the deals the grammar's ``CANONICAL_DEAL``
takes; and words changed in the grammar's text reach the compiled reader (a fresh process reads
a file written in the changed words with it, and finds what the shipped grammar's general
reader finds in that file).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import belote_notation.notation.read.canonical as canonical
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck
from belote_notation.game.rules import Ruleset
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.read.canon import (
    canonical_cards,
    canonical_tables,
    canonical_words,
    compiled_reader,
)
from tests.speed.corpus import _games_text

needs_compiled = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("deck", list(Deck))
def test_the_tables_are_the_grammars_words(deck: Deck) -> None:
    deal, dealer, seats, cards, kinds, rounds, trick, before = canonical_tables(deck)
    for name in vocab.CANONICAL_WORDS:
        words = canonical_words(name)
        assert words and all(vocab.regex(name).fullmatch(word) for word in words), name
    assert deal == {"deal"} == set(canonical_words("C_DEAL")) and dealer == set(canonical_words("C_DEALER"))
    assert seats == {letter: "NESW".index(letter) for letter in canonical_words("C_SEAT")}
    assert kinds == {word: vocab.kind_of(word) for word in canonical_words("C_KIND")}
    assert rounds == {"1": 1, "2": 2} and (trick, before) == ("trick=", "before=")
    shape = vocab.regex("C_CARD")
    shaped = {word: card for word, card in vocab.card_table(deck).items() if shape.fullmatch(word)}
    assert cards == canonical_cards(deck) == shaped
    assert len(set(cards.values())) == 32 and not any(shape.fullmatch(w.lower()) for w in cards)


_HEADINGS = ["deal 3", "deal 3 dealer S", "deal 3 dealer s", "Deal 3", "donne 3", "deal 3 donneur S",
             "deal 3 dealer X", "deal x3", "deal 3 dealer", "deal 3 dealer SS", "deal 0003 dealer W",
             "deal \u0663"]
_LINES = ["", "offer AH", "offer 1H", "offer TH", "offer ah", "offer 10H", "upcard AH", "offer AH AS",
          "offer",
          "announce N sequence 7S 8S 9S", "announce N suite 7S 8S 9S", "announce n sequence 7S 8S 9S",
          "announce N sequence 7S 8S 9S trick=1", "announce N sequence 7S 8S 9S before=2",
          "announce N sequence 7S 8S 9S trick=1 before=2", "announce N sequence 7S 8S 9S before=2 trick=1",
          "announce N sequence 7S 8S 9S trick=", "announce E carre JS JH JD JC", "announce W belote KH QH",
          "announce N sequence TS", "announce N Sequence 7S", "announce N sequence 7S trick=\u0661",
          "announce N carre", "announce S sequence 7S 8S 9S trick=1 trick=2", "smsara 2 W:take", "smsara 3"]


def _deal(heading: str, line: str) -> str:
    body = f"{line}\n" if line else ""
    return f'[Rules "classic"]\n\n{heading}\ntafr9a N 7H 8H QH QD JC\n{body}end\n'


def _taken(text: str, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the canonical reader (compiled, or Python's) read the game's deal."""
    taken: list[bool] = []
    scan = compiled_reader()
    original = canonical.CanonicalReader.canonical_deal

    def recording(self: canonical.CanonicalReader, *args: Any) -> Any:
        read = original(self, *args)
        taken.append(read is not None)
        return read

    def recording_scan(*args: Any) -> Any:
        assert scan is not None
        read = scan(*args)
        taken.append(read is not None)
        return read

    with monkeypatch.context() as patch:
        if compiled:
            patch.setattr(canonical, "compiled_reader", lambda: recording_scan)
        else:
            patch.setattr(canonical, "compiled_reader", lambda: None)
            patch.setattr(canonical.CanonicalReader, "canonical_deal", recording)
        validate_text(text, "t.bel")
    return any(taken)


def _grammar_takes(text: str) -> bool:
    """The grammar's CANONICAL_DEAL takes the deal (its numbers ASCII digits, as the readers read
    them), and every card of it is a card of the deck."""
    at = text.index("\n\n") + 2
    found = re.compile(vocab.pattern("CANONICAL_DEAL"), re.ASCII).match(text, at)
    words = text[at:].split()
    table = vocab.card_table(Deck.FRENCH)
    return found is not None and all(w in table for w in words if vocab.regex("C_CARD").fullmatch(w))


@needs_compiled
def test_both_canonical_readers_take_what_the_grammar_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = 0
    for heading in _HEADINGS:
        for line in _LINES if heading in ("deal 3", "deal 3 dealer S") else [""]:
            text = _deal(heading, line)
            grammar = _grammar_takes(text)
            assert _taken(text, True, monkeypatch) == grammar, (heading, line)
            assert _taken(text, False, monkeypatch) == grammar, (heading, line)
            taken += grammar
    assert 10 < taken < 2 * len(_LINES) + len(_HEADINGS) - 10


_CHANGES = (('C_DEAL: "deal"', 'C_DEAL: "donne"'), ("(?:deal|end)(?![\\w])", "(?:donne|end)(?![\\w])"),
            ('C_DEALER: "dealer"', 'C_DEALER: "donneur"'), ('C_FIVE: "tafr9a"', 'C_FIVE: "five"'),
            ('C_OFFER: "offer"', 'C_OFFER: "upcard"'), ("C_KIND: /(?:sequence|carre|belote)/",
                                                        "C_KIND: /(?:suite|carre|belote)/"),
            ("C_SEAT: /[NESW]/", "C_SEAT: /[nesw]/"))
"""Words of the canonical layout changed in the grammar's text: each new word is one the
grammar's general terminals already read (an alias), so the shipped grammar reads the file too."""


def _in_changed_words(text: str) -> str:
    seat = {letter: letter.lower() for letter in "NESW"}
    lines = []
    for line in text.split("\n"):
        words = line.split(" ")
        if words[0] == "deal":
            words[0] = "donne"
            if len(words) == 4:
                words[2:] = ["donneur", seat[words[3]]]
        elif words[0] in ("tafr9a", "offer"):
            words[0] = {"tafr9a": "five", "offer": "upcard"}[words[0]]
        elif words[0] == "announce":
            words[1] = seat[words[1]]
            words[2] = "suite" if words[2] == "sequence" else words[2]
        lines.append(" ".join(words))
    return "\n".join(lines)


_CHILD = """
import json, sys
from belote_notation.notation import vocabulary as vocab
text = vocab.grammar_text()
for old, new in json.loads(sys.argv[2]):
    assert text.count(old) == 1, old
    text = text.replace(old, new)
vocab.grammar_text = lambda: text   # before any table is made from it
import belote_notation.notation.read.canonical as canonical
from belote_notation.check.validator import validate_text
scan, taken = canonical.compiled_reader(), []
def recording(*args):
    read = scan(*args)
    taken.append(read is not None)
    return read
canonical.compiled_reader = lambda: recording
reports = [r.to_dict() for r in validate_text(open(sys.argv[1], encoding="utf-8").read(), "t.bel")]
print(json.dumps({"taken": taken, "reports": reports}))
"""


@needs_compiled
def test_words_changed_in_the_grammar_reach_the_compiled_reader(tmp_path: Path) -> None:
    text = _in_changed_words(_games_text(Ruleset.preset("classic"), 40, seed=3))
    assert "\nupcard " in text and "\nannounce n suite " in text and "\ndonne 2 donneur " in text
    path = tmp_path / "changed.bel"
    path.write_text(text, encoding="utf-8")
    env = {**os.environ, "BELOTE_NOTATION_CACHE": ""}  # no parser of the changed grammar kept
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path), json.dumps(_CHANGES)], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    changed = json.loads(done.stdout)
    assert changed["taken"] and all(changed["taken"])  # every deal read by the compiled reader
    shipped = _read_with_shipped_grammar(text)
    assert changed["reports"] == shipped  # what the general reader of the shipped grammar finds
    assert sum(len(r["deals"]) for r in shipped) == 40


def _read_with_shipped_grammar(text: str) -> list[dict[str, Any]]:
    taken: list[bool] = []
    scan: Callable[..., Any] | None = compiled_reader()
    assert scan is not None

    def recording(*args: Any) -> Any:
        assert scan is not None
        read = scan(*args)
        taken.append(read is not None)
        return read

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(canonical, "compiled_reader", lambda: recording)
        reports = [r.to_dict() for r in validate_text(text, "t.bel")]
    assert not any(taken)  # the shipped grammar's canonical readers take none of these deals
    return json.loads(json.dumps(reports))
