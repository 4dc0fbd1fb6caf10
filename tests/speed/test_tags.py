"""The compiled reader of tag pairs (issue 23) against the Python reader's regular expressions.

``read_tags`` (notation/read/_canon.c) reads the tag pairs that start a game when they are in the
layout ``fmt`` writes (one a line, from its first column, no escape), with the characters the
grammar's ``TAG_NAME`` and ``STRING`` allow (probed: ``canon.tag_characters``); anything else is
left to the Python reader. Both must report the same events, whatever the head.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.read.canon import compiled_tags, tag_characters
from belote_notation.notation.read.reader import read_game_events
from tests.notation.test_reader_events import Recorder

pytestmark = pytest.mark.skipif(compiled_tags() is None, reason="the C extensions are not built")

_HEADS = [
    '[Event "club"]\n[Site "Fès"]\n[Rules "classic"]\n',
    '[Event "club"]\n[Rules "moroccan"]\n[Deck "spanish"]\n',
    '[Event "club"]\n',
    '[ Event "club"]\n',
    '[Event  "club"]\n',
    '[Event\t"club"]\n',
    '[Event "club" ]\n',
    '[Event "a \\"b\\""]\n',
    '[Event "club"] [Site "x"]\n',
    '[Event "club"]\n\n[Site "x"]\n',
    '[Event "club"]\n [Site "x"]\n',
    '[Event "club"] \n[Site "x"]\n',
    '[Ev.e-nt_2 "club"]\n',
    '[2Event "club"]\n',
    '[Event ""]\n',
    '[Event "club"]\n{a comment}\n',
    '{a comment}\n[Event "club"]\n',
    '  [Event "club"]\n',
    '\n\n[Event "club"]\n',
    '[Event "club\n',
    '[Event "club"]',
    '[Deck "french"]\n[Deck "nope"]\n',
    '[Rules "contree"]\n[Option "target=1000"]\n',
    '[Deck "tarot"]\n[Rules "moroccan"]\n[Event "x"]\n',
    '[Rules "morrocan"]\n[Event "x"]\n',
]
_BODIES = ["deal 1 dealer N\nscore 0 0\nend\n", "end NS\n", "", "deal\n", "x\n", "end",
           "deal 1\ntrick 1 N:4c E:12b S:1o W:7e\nend\n"]  # the last in Spanish cards: the deck inferred


def _events(text: str, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    import belote_notation.notation.read.game_reader as game_reader

    with monkeypatch.context() as patch:
        if not compiled:
            patch.setattr(game_reader, "compiled_tags", lambda: None)
        return read_game_events(text, Recorder())


def test_the_compiled_tag_pairs_are_the_regular_expressions_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    laid_out = 0
    for head in _HEADS:
        for body in _BODIES:
            text = head + body
            assert _events(text, True, monkeypatch) == _events(text, False, monkeypatch), text
            laid_out += compiled_tags()(text, 0) is not None  # type: ignore[misc]
    assert laid_out > 20  # the compiled reader read some, and left others


def _random_tag(rng: random.Random) -> str:
    """A tag pair, most often well formed, on its line."""
    def some(chars: str, most: int) -> str:
        return "".join(rng.choice(chars) for _ in range(rng.randint(0, most)))
    name = some("EventSiRul_" * 4 + "07.-'!:é #", 6)
    value = some("abc 12" * 4 + 'é\\"}[]\t', 8)
    space = rng.choice([" ", " ", " ", "  ", "\t", ""])
    return "".join((rng.choice(["[", "[", "[", " [", "[ "]), name, space,
                    '"', value, rng.choice(['"]', '"]', '"]', '" ]', '"', "]"]),
                    rng.choice(["\n", "\n", "\n", "\n\n", " ", "\n ", "\r\n"])))


def test_random_heads_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(23)
    read = 0
    for _ in range(3000):
        text = "".join(_random_tag(rng) for _ in range(rng.randint(1, 4))) + rng.choice(_BODIES)
        assert _events(text, True, monkeypatch) == _events(text, False, monkeypatch), repr(text)
        read += compiled_tags()(text, 0) is not None  # type: ignore[misc]
    assert read > 100


def test_the_probed_characters_are_the_grammars() -> None:
    """A tag name is its first character and any number of others, and a value any number of
    its characters: the three tables say of every ASCII name and value what the grammar's
    expressions say (so the C reader can take them as its definition)."""
    first, rest, value = tag_characters()
    name, string = re.compile(vocab.pattern("TAG_NAME")), re.compile(vocab.pattern("STRING"))
    rng = random.Random(5)
    chars = [chr(code) for code in range(1, 128)]
    for _ in range(5000):
        word = "".join(rng.choice(chars) for _ in range(rng.randint(1, 5)))
        by_tables = bool(first[ord(word[0])]) and all(rest[ord(c)] for c in word[1:])
        assert by_tables == (name.fullmatch(word) is not None), repr(word)
        plain = "".join(c for c in word if c != "\\")
        assert all(value[ord(c)] for c in plain) == (string.fullmatch(f'"{plain}"') is not None), repr(plain)


def test_a_heads_strings_are_the_earlier_heads_when_spelled_the_same() -> None:
    """Given an earlier answer, a name or value spelled as its pair's at the same index is that
    string (the pair itself when both are, the names tuple itself when all names are), whatever
    the text's width; the pairs are equal to those read without it, and anything else given is
    nothing known."""
    read = compiled_tags()
    assert read is not None
    last = read('[Event "a"]\n[Rules "contree"]\n', 0, None)
    assert last is not None
    pairs, _, names = last
    assert names == ("Event", "Rules")
    for head in ('[Event "b"]\n[Rules "contree"]\n', '[Event "c"]\n[Rules "contree"]\n{Fès}\n',
                 '[Event "d"]\n[Rules "contree"]\n{\U0001f0a1}\n'):  # one, two, four bytes a character
        again = read(head, 0, last)
        assert again is not None
        assert again[2] is names
        assert again[0][0][0] is names[0] and again[0][0][1] != pairs[0][1]
        assert again[0][1] is pairs[1]  # ("Rules", "contree"): the same pair
        assert again[:2] == read(head, 0)
    other = read('[Event "a"]\n[Site "x"]\n[Rules "y"]\n', 0, last)
    assert other is not None
    assert other[2] == ("Event", "Site", "Rules")
    assert other[0][0] is pairs[0]
    assert other[0][1][0] is not names[1] and other[0][2][0] is not names[1]
    assert other[:2] == read('[Event "a"]\n[Site "x"]\n[Rules "y"]\n', 0)
    for odd in ((), ([("Event", "a")], 0), (1, 2, 3), ([1, ("Event",), (b"Event", "a")], 0, (1,)), "x"):
        assert read('[Event "a"]\n', 0, odd) == ([("Event", "a")], 11, ("Event",))


def test_the_reader_hands_the_last_heads_names_on() -> None:
    """Two games read one after the other: the second's tag names are the first's strings."""
    first = read_game_events('[Event "a"]\n[Rules "contree"]\n\nend *\n', Recorder())
    second = read_game_events('[Event "b"]\n[Rules "contree"]\n\nend *\n', Recorder())
    names = [event[1] for event in first if event[0] == "visit_header"]
    again = [event[1] for event in second if event[0] == "visit_header"]
    assert names == again == ["Event", "Rules"]
    assert all(a is b for a, b in zip(names, again, strict=True))
