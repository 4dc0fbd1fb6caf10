"""Each importer on mutated inputs (seeded random): no traceback, every issue located.

Mutations: bytes flipped, lines dropped, repeated, swapped or cut, and (for JSON logs) values
replaced by values of other types, keys renamed, nesting added."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from belote_notation.notation.write.writer import write_game
from tests.formats.helpers import FIXTURES, ROOT, bel_games, read

N = 150


def _events_log() -> bytes:
    from belote_notation.formats.events import events_text

    games = bel_games(ROOT / "samples" / "review" / "annotated-classic.bel")
    return events_text(games[0]).encode("utf-8")


SOURCES = {
    "events": _events_log,
    "csv": lambda: (FIXTURES / "club-score-sheet.csv").read_bytes(),
    "cfn": lambda: (FIXTURES / "colver-deals.cfn").read_bytes(),
    "coinched": lambda: (FIXTURES / "coinched-party.coinched.jsonl").read_bytes(),
    "coinche-ws": lambda: (FIXTURES / "coinche-server.coinche-ws.jsonl").read_bytes(),
    "jsonl": lambda: b"".join(
        json.dumps(g.model_dump(mode="json")).encode() + b"\n"
        for g in bel_games(ROOT / "samples" / "classic" / "partie-1.bel")),
}

ODD_VALUES: list[Any] = [None, True, -1, 32, 2**40, 1.5, "", "ZZ", "north", [], {}, [1, [2]],
                         {"a": {"b": None}}, "\u0000", "é" * 3, "AS KS", "99"]


def mutate_value(rng: random.Random, value: Any) -> Any:
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.2:
            return {k: v for k, v in value.items() if k != key}
        if roll < 0.3:
            return {(k + "x" if k == key else k): v for k, v in value.items()}
        return {**value, key: mutate_value(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        return [*value[:i], mutate_value(rng, value[i]), *value[i + 1:]]
    return rng.choice(ODD_VALUES)


def mutate(rng: random.Random, data: bytes, is_json: bool) -> bytes:
    lines = data.split(b"\n")
    roll = rng.random()
    if is_json and roll < 0.5:
        i = rng.randrange(len(lines))
        try:
            lines[i] = json.dumps(mutate_value(rng, json.loads(lines[i]))).encode()
        except ValueError:
            pass
    elif roll < 0.65:
        if not data:  # an earlier mutation deleted the only line: nothing to flip
            return data
        raw = bytearray(data)
        for _ in range(rng.randint(1, 5)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    elif roll < 0.75:
        del lines[rng.randrange(len(lines))]
    elif roll < 0.85:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif roll < 0.95:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        i = rng.randrange(len(lines))
        lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    return b"\n".join(lines)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_mutated_inputs_never_raise_and_every_issue_is_located(name: str) -> None:
    rng = random.Random(f"fuzz {name}")  # a fixed seed per importer (not hash(): stable across runs)
    base = SOURCES[name]()
    is_json = name not in ("csv", "cfn")
    for _ in range(N):
        data = base
        for _ in range(rng.randint(1, 3)):
            data = mutate(rng, data, is_json)
        games, issues = read(name, data)
        for found in issues:
            assert found.line > 0 or found.event > 0, (name, str(found))
            assert found.code.startswith("BEL8"), (name, str(found))
        for game in games:  # what was read can be written: nothing half-built
            try:
                write_game(game)
            except ValueError as exc:  # a value the notation cannot write, not a crash
                assert "not one of" in str(exc) or "must not" in str(exc), exc


HOSTILE_LINES = {
    "a number of 5,000 digits": b'{"type": "match_start", "version": 1, "x": ' + b"1" * 5000 + b"}",
    "nested 5,000 deep": b'{"type": "deal", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}",
}


@pytest.mark.parametrize("name", ["coinche-ws", "coinched", "events", "jsonl"])  # the JSON Lines importers
@pytest.mark.parametrize("hostile", sorted(HOSTILE_LINES))
def test_hostile_json_lines_are_located_issues(name: str, hostile: str) -> None:
    # The first lines of a log, one of them beyond what Python's JSON decoder takes (its
    # 4,300-digit limit, its recursion limit): a located issue, the other lines still read.
    base = SOURCES[name]().split(b"\n")
    data = b"\n".join([*base[:2], HOSTILE_LINES[hostile], *base[2:]])
    games, issues = read(name, data)
    assert issues and all(found.line > 0 or found.event > 0 for found in issues), (name, hostile)
    assert any(found.line == 3 or found.event == 3 for found in issues), [str(i) for i in issues]
