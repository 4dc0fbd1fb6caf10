"""Every `bel` example of docs/notation.md parses cleanly and survives the round trip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from belote_notation.notation.positions import same_records
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game

SPEC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
EXAMPLES = re.findall(r"```bel\n(.*?)```", SPEC.read_text("utf-8"), re.DOTALL)


def test_the_spec_has_examples_for_every_construct() -> None:
    text = "\n".join(EXAMPLES)
    for construct in ("tafr9a", "offer", "smsara 1", "smsara 2", "rest", "hand ", "announce",
                      "trick", "belote", "rebelote", "winner", "score", "match", "pot", "{",
                      ";", "(", "$", "!", "?", "[Option", '\\"', "end NS" if False else "end *"):
        assert construct in text, construct
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_spec_example_parses_without_errors(index: int) -> None:
    games = parse_text(EXAMPLES[index], name=f"notation.md example {index + 1}")
    assert games, "no game read"
    for parsed in games:
        assert parsed.errors == []


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_spec_example_round_trips(index: int) -> None:
    games = parse_text(EXAMPLES[index])
    canonical = "\n".join(write_game(p.game) for p in games)
    again = parse_text(canonical)
    assert len(again) == len(games)
    for before, after in zip(games, again, strict=True):
        assert after.errors == []
        assert same_records(before.game, after.game)
    assert "\n".join(write_game(p.game) for p in again) == canonical


def test_canonical_examples_are_byte_for_byte_canonical() -> None:
    canonical = [e for e in EXAMPLES if ";" not in e and "Donne" not in e]
    assert len(canonical) >= 8
    for example in canonical:
        assert "\n".join(write_game(p.game) for p in parse_text(example)) == example
