"""A game whose text is already the writer's (``notation/write/as_written.py``) is copied, not
written again: the copy must be the writer's text byte for byte. Checked on generated games of
every rule system and the samples, each also mutated line by line in the ways a text can differ
from the writer's while it still reads (a leading zero, a seat left out, a card's other name, two
spaces, two lines swapped, a line dropped or doubled, a section split): whenever the pattern
takes a text, the records write that very text."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from belote_notation.collections.reading import collect_text
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.read.stream import iter_game_texts, text_source
from belote_notation.notation.write.as_written import is_written_form
from belote_notation.notation.write.writer import write_games

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.bel"))


def _swap(lines: list[str], at: int) -> list[str]:
    if at + 1 >= len(lines):
        return lines
    return [*lines[:at], lines[at + 1], lines[at], *lines[at + 2:]]


def _split(line: str) -> list[str]:
    """A section cut in two lines (``smsara 1 A B`` -> ``smsara 1 A`` and ``smsara 1 B``)."""
    words = line.split(" ")
    if len(words) < 4:
        return [line]
    return [" ".join(words[:3]), " ".join(words[:2] + words[3:])]


MUTATIONS: dict[str, Callable[[list[str], int], list[str]]] = {
    "leading zero": lambda ls, i: [*ls[:i], re.sub(r"(?<= )(\d)", r"0\1", ls[i], count=1), *ls[i + 1:]],
    "seat left out": lambda ls, i: [*ls[:i], re.sub(r" [NESW]:", " ", ls[i], count=1), *ls[i + 1:]],
    "ace as 1": lambda ls, i: [*ls[:i], re.sub(r"\bA([SHDC])\b", r"1\1", ls[i], count=1), *ls[i + 1:]],
    "jack as 11": lambda ls, i: [*ls[:i], re.sub(r"\bJ([SHDC])\b", r"11\1", ls[i], count=1), *ls[i + 1:]],
    "two spaces": lambda ls, i: [*ls[:i], ls[i].replace(" ", "  ", 1), *ls[i + 1:]],
    "space at the end": lambda ls, i: [*ls[:i], ls[i] + " ", *ls[i + 1:]],
    "upper case": lambda ls, i: [*ls[:i], ls[i].upper(), *ls[i + 1:]],
    "swapped": _swap,
    "dropped": lambda ls, i: [*ls[:i], *ls[i + 1:]],
    "doubled": lambda ls, i: [*ls[:i], ls[i], *ls[i:]],
    "split": lambda ls, i: [*ls[:i], *_split(ls[i]), *ls[i + 1:]],
    "blank line added": lambda ls, i: [*ls[:i], "", *ls[i:]],
    "winner named": lambda ls, i: [*ls[:i], ls[i] + " winner N" if ls[i].startswith("trick") else ls[i],
                                   *ls[i + 1:]],
    "comment": lambda ls, i: [*ls[:i], ls[i] + " {x}", *ls[i + 1:]],
    "result": lambda ls, i: [*ls[:i], "end EW" if ls[i].startswith("end") else ls[i], *ls[i + 1:]],
}


def _games(text: str) -> Iterator[str]:
    for game in iter_game_texts(text_source(text), "t.bel"):
        yield game.text


def _check(text: str) -> tuple[int, int]:
    """(texts the pattern took, texts read whole and written); each taken one is the writer's."""
    taken = written = 0
    read = collect_text(text, "t.bel")
    ours = dataclasses.replace(read, source=None).canonical_text()  # written by the writer
    if ours is None:
        return 0, 0
    written += 1
    if is_written_form(text, read.tags):
        assert text == ours, text
        taken += 1
    return taken, written


def _generated(rules: str, deals: int, seed: int) -> str:
    buffer = io.StringIO()
    write_games(generate_games(Ruleset.preset(rules), None, deals=deals, seed=seed), buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("rules", preset_names())
def test_a_generated_game_is_taken_as_written(rules: str) -> None:
    games = list(_games(_generated(rules, 40, 3)))
    results = [_check(game) for game in games]
    assert all(taken == 1 for taken, _ in results)  # a program's text: copied, every game


@pytest.mark.parametrize("rules", preset_names())
def test_a_mutated_game_is_taken_only_when_it_is_the_writers(rules: str) -> None:
    rng = random.Random(rules)
    refused = set()
    for game in _games(_generated(rules, 30, 5)):
        lines = game.split("\n")
        for name, mutate in MUTATIONS.items():
            for at in rng.sample(range(len(lines) - 1), min(6, len(lines) - 1)):
                mutated = "\n".join(mutate(lines, at))
                if mutated == game:
                    continue
                taken, written = _check(mutated)
                if written and not taken:
                    refused.add(name)
    assert {"leading zero", "seat left out", "two spaces", "swapped"} <= refused


@pytest.mark.slow  # every sample mutated line by line: minutes; the generated games stay in the default run
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_sample_is_taken_only_when_it_is_the_writers(path: Path) -> None:
    for game in _games(path.read_text(encoding="utf-8")):
        _check(game)
        lines = game.split("\n")
        for mutate in MUTATIONS.values():
            for at in range(0, len(lines) - 1, 3):
                _check("\n".join(mutate(lines, at)))
