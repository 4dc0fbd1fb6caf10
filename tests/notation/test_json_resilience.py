"""A bad game of a JSON twin costs that game only: a located issue, and the next game is read.

The twin is built here from generated games; game 2 of 3 is broken in one way per case, in
each form of a file (``{"games": [...]}``, a list, one object after another)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from belote_notation.formats import FormatIssue, get_format
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.read.jsonio import JsonReadError, iter_json_games, read_json_games
from belote_notation.notation.records import Game
from belote_notation.notation.write.jsonio import game_to_json

FORMS = {  # (before the games, between two games, after them)
    "games": ('{"games": [\n', ",\n", "\n]}\n"),
    "list": ("[\n", ",\n", "\n]\n"),
    "objects": ("", "\n", "\n"),
}


def _games() -> list[dict[str, Any]]:
    rules = Ruleset.preset("classic")
    return [game_to_json(next(generate_games(rules, None, 2, seed=seed))) for seed in (1, 2, 3)]


GAMES = _games()


@dataclass
class Twin:
    data: bytes
    start: tuple[int, int]   # line and column where game 2 starts
    lines: range              # the lines of game 2
    mark: int                 # offset of the broken value in game 2's text (-1: the game as a whole)
    at: tuple[int, int]       # line and column of the broken value (the game's start when mark < 0)


def _place(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def twin(form: str, second: str, mark: int = -1, raw: bytes | None = None) -> Twin:
    """The three games in ``form`` with ``second`` as the text of game 2 (``raw``: its bytes)."""
    before, between, after = FORMS[form]
    first, third = (json.dumps(g, indent=1) for g in (GAMES[0], GAMES[2]))
    head = before + first + between
    text = head + second + between + third + after
    data = text.encode() if raw is None else (head.encode() + raw + (between + third + after).encode())
    start = _place(text, len(head))
    lines = range(start[0], start[0] + second.count("\n") + 1)
    return Twin(data, start, lines, mark, _place(text, len(head) + mark) if mark >= 0 else start)


def _edit(change: Callable[[dict[str, Any]], object]) -> Callable[[], tuple[str, int]]:
    def make() -> tuple[str, int]:
        game = json.loads(json.dumps(GAMES[1]))
        change(game)
        return json.dumps(game, indent=1), -1
    return make


def _replace(old: str, new: str, value: int = -1) -> Callable[[], tuple[str, int]]:
    """Game 2's text with its first ``old`` replaced by ``new``, marked at offset ``value`` of
    ``new`` (where the broken value is; -1: not marked)."""
    def make() -> tuple[str, int]:
        text = json.dumps(GAMES[1], indent=1)
        at = text.index(old)
        return text[:at] + new + text[at + len(old):], -1 if value < 0 else at + value
    return make


def _play(game: dict[str, Any]) -> dict[str, Any]:
    return game["deals"][0]["tricks"][0]["plays"][0]  # type: ignore[no-any-return]


BREAKS: dict[str, tuple[Callable[[], tuple[str, int]], str]] = {
    # name: (game 2's text and the offset of the broken value; where the issue is: at "value"
    # (or at the game's start when not marked), or on a line "inside" the game)
    "a bad JSON token": (_replace('"card": ', '"card": tru', len('"card": ')), "value"),
    "a missing comma": (_replace(",\n", "\n"), "inside"),
    "a bracket left open": (_replace('"comments": []', '"comments": ['), "inside"),
    "a card out of range": (_edit(lambda g: _play(g).update(card=32)), "value"),
    "a deal number the model refuses": (_edit(lambda g: g["deals"][0].update(number="x")), "value"),
    "a field the model does not know": (_edit(lambda g: g.update(colour="blue")), "value"),
    "a lone surrogate": (_edit(lambda g: g["comments"].append("\ud800")), "value"),
    "JSON nested past the limit": (_edit(lambda g: g["comments"].append(json.loads("[" * 500 + "]" * 500))),
                                   "inside"),
    "a number of 5,000 digits": (_replace('"number": 1', '"number": 1' + "0" * 5_000), "value"),
    "not an object": (lambda: ("[42]", -1), "value"),
}


def _read(data: bytes) -> tuple[list[Game], list[FormatIssue]]:
    fmt = get_format("json")
    assert fmt is not None
    items = list(fmt.read(io.BytesIO(data), "<test>"))
    return [i for i in items if isinstance(i, Game)], [i for i in items if isinstance(i, FormatIssue)]


CLEAN = {form: _read(twin(form, json.dumps(GAMES[1], indent=1)).data)[0] for form in FORMS}


def test_the_clean_twin_reads_three_games() -> None:
    for form, games in CLEAN.items():
        assert len(games) == 3 and games[0] != games[1], form


@pytest.mark.parametrize("form, name", [(form, name) for form in sorted(FORMS) for name in sorted(BREAKS)
                                        if (form, name) != ("objects", "not an object")])  # a top-level 42
def test_a_broken_game_2_costs_game_2_only(form: str, name: str) -> None:
    make, where = BREAKS[name]
    built = twin(form, *make())
    games, issues = _read(built.data)
    assert games == [CLEAN[form][0], CLEAN[form][2]], name
    assert len(issues) == 1, [str(i) for i in issues]
    found = issues[0]
    assert found.code == "BEL801" and "game 2" in found.message, str(found)
    if where == "value":
        assert (found.line, found.col) == built.at, (str(found), built.at)
    else:
        assert found.line in built.lines, (str(found), built.lines)


def test_a_byte_that_is_not_utf8_costs_its_game_and_is_placed() -> None:
    text = json.dumps(GAMES[1], indent=1)
    at = text.index('"value": "') + len('"value": "')
    built = twin("games", text, at, text[:at].encode() + b"\xff" + text[at + 1:].encode())
    games, issues = _read(built.data)
    assert games == [CLEAN["games"][0], CLEAN["games"][2]]
    assert [(i.line, i.col) for i in issues] == [built.at] and "not UTF-8" in issues[0].message


def test_iter_json_games_yields_the_error_in_place_and_read_json_games_raises_it() -> None:
    built = twin("list", *BREAKS["a bad JSON token"][0]())
    items = list(iter_json_games(io.BytesIO(built.data)))
    assert [type(i) for i in items] == [Game, JsonReadError, Game]
    error = items[1]
    assert isinstance(error, JsonReadError)
    assert (error.game, error.line, error.col, error.fatal) == (2, *built.at, False)
    strict = read_json_games(io.BytesIO(built.data))
    assert next(strict) == items[0]
    with pytest.raises(JsonReadError, match=f"line {built.at[0]} column {built.at[1]}: not JSON"):
        next(strict)


def test_a_game_past_the_size_limit_is_skipped_and_the_next_read() -> None:
    from belote_notation.notation.read.stream import MAX_GAME_CHARS

    second = json.dumps({"comments": ["x" * (MAX_GAME_CHARS + 10)]})
    built = twin("games", second)
    games, issues = _read(built.data)
    assert games == [CLEAN["games"][0], CLEAN["games"][2]]
    assert [(i.line, "game 2" in i.message) for i in issues] == [(built.start[0], True)]


@pytest.mark.parametrize("data, where, read", [
    (b"", (1, 1), []),
    (b"42", (1, 1), []),
    (b'[{"result": "NS"}, {"result": "*"', (1, 20), ["NS"]),     # cut short inside game 2
    (b'[{"result": "NS"}\n{"result": "*"}]', (2, 1), ["NS"]),    # no comma between the games
    (b'{"games": [{"result": "NS"}], "colour": 1}', (1, 1), ["NS"]),
])
def test_damage_to_the_structure_ends_the_file_with_one_located_issue(data: bytes, where: tuple[int, int],
                                                                     read: list[str]) -> None:
    games, issues = _read(data)
    assert len(issues) == 1 and (issues[0].line, issues[0].col) == where, [str(i) for i in issues]
    assert [g.result for g in games] == read


def test_bytes_changed_inside_game_2_never_cost_games_1_and_3() -> None:
    # Any byte of game 2 but a quote, a backslash or a bracket changed to another: the
    # structure around the games stands, so games 1 and 3 are read whatever game 2 became.
    rng = random.Random("json resilience")
    text = json.dumps(GAMES[1], indent=1)
    safe = [i for i, c in enumerate(text) if c not in '"\\[]{}']
    for _ in range(100):
        raw = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            raw[rng.choice(safe)] = rng.choice(b"az09 :,-.\n\xff\x00")
        games, issues = _read(twin("list", text, -1, bytes(raw)).data)
        assert games[0] == CLEAN["list"][0] and games[-1] == CLEAN["list"][2]
        assert len(games) == 3 or (len(games) == 2 and len(issues) == 1)
        assert all(i.line > 0 and "game 2" in i.message for i in issues), [str(i) for i in issues]
