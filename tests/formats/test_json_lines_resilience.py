"""In every JSON Lines input a bad line costs its game (or its event) only: a located issue,
and the lines after it are read as if it were not there.

``jsonl`` (the twin, a game per line) loses the game of the line; the event logs (``events``,
``coinched``, ``coinche-ws``) lose the event of the line, and the other games (the other
deals of a foreign log) read exactly as without it."""

from __future__ import annotations

import json

import pytest

from belote_notation.formats.events import events_text
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.records import Game
from belote_notation.notation.write.jsonio import game_to_json
from tests.formats.helpers import FIXTURES, read

GAMES = [next(generate_games(Ruleset.preset("classic"), None, 2, seed=seed)) for seed in (1, 2, 3)]

BAD_LINES = {
    "not JSON": b'{"type": "card", "seat": "N", "card": }',
    "cut short": b'{"type": "ca',
    "not an object": b"[1, 2]",
    "not UTF-8": b'{"type": "card", "seat": "N", "card": "\xff"}',
    "a number of 5,000 digits": b'{"type": "card", "seat": "N", "card": 1' + b"0" * 5_000 + b"}",
    "nested 5,000 deep": b'{"type": "card", "x": ' + b"[" * 5_000 + b"]" * 5_000 + b"}",
    "odd values": b'{"type": "card", "seat": 9, "card": {"a": []}, "event": 3, "pos": "x"}',
}


def _replace_line(data: bytes, number: int, line: bytes) -> bytes:
    lines = data.split(b"\n")
    lines[number - 1] = line
    return b"\n".join(lines)


# ----------------------------------------------------------------------------- jsonl: a game per line
JSONL_BREAKS = {
    "a bad JSON token": ('"result": ', '"result": tru'),
    "a card out of range": ('"card": ', '"card": 3'),      # "card": 3N: two digits or more, one past 31
    "a field the model does not know": ('"headers": ', '"colour": 1, "headers": '),
    "cut short": ('"deals": ', ""),
}


@pytest.mark.parametrize("name", sorted(JSONL_BREAKS))
def test_jsonl_a_bad_line_costs_its_game_only(name: str) -> None:
    lines = [json.dumps(game_to_json(game)) for game in GAMES]
    clean, _ = read("jsonl", "\n".join(lines) + "\n")
    old, new = JSONL_BREAKS[name]
    at = lines[1].index(old)
    lines[1] = lines[1][:at] + new + ("" if name == "cut short" else lines[1][at + len(old):])
    if name == "a card out of range":
        lines[1] = lines[1].replace('"card": 3', '"card": 32', 1)
    games, issues = read("jsonl", "\n".join(lines) + "\n")
    assert games == [clean[0], clean[2]]
    assert [(i.code, i.line) for i in issues] == [("BEL801", 2)], [str(i) for i in issues]
    if name == "a bad JSON token":
        assert issues[0].col == at + len('"result": ') + 1


@pytest.mark.parametrize("bad", sorted(BAD_LINES))
def test_jsonl_a_line_that_is_not_a_game_costs_that_line(bad: str) -> None:
    lines = [json.dumps(game_to_json(game)).encode() for game in GAMES]
    clean, _ = read("jsonl", b"\n".join(lines))
    games, issues = read("jsonl", b"\n".join([lines[0], BAD_LINES[bad], *lines[1:]]))
    assert games == clean
    assert [(i.code, i.line) for i in issues] == [("BEL801", 2)], [str(i) for i in issues]


# ----------------------------------------------------------------------------- events: an event per line
def _events_log() -> tuple[bytes, range]:
    """Three games as one event log, and the lines of game 2."""
    texts = [events_text(game).encode() for game in GAMES]
    first = texts[0].count(b"\n") + 1
    return b"".join(texts), range(first, first + texts[1].count(b"\n"))


@pytest.mark.parametrize("bad", sorted(BAD_LINES))
@pytest.mark.parametrize("which", ["card", "trick_end"])
def test_events_a_bad_line_costs_game_2_only(bad: str, which: str) -> None:
    data, second = _events_log()
    clean, clean_issues = read("events", data)
    assert len(clean) == 3 and clean_issues == []
    lines = data.split(b"\n")
    broken = next(n for n in second if f'"type": "{which}"'.encode() in lines[n - 1])
    games, issues = read("events", _replace_line(data, broken, BAD_LINES[bad]))
    assert games[0] == clean[0] and games[-1] == clean[2] and len(games) == 3
    assert any(i.line == broken for i in issues), [str(i) for i in issues]
    assert all(i.line in second for i in issues), [str(i) for i in issues]


# ----------------------------------------------------------------------- foreign logs: a message per line
FOREIGN = {
    "coinched": ("coinched-party.coinched.jsonl", b'"CardPlayed"'),
    "coinche-ws": ("coinche-server.coinche-ws.jsonl", b'"PlayedCard"'),
}
ODD_MESSAGES = {
    "coinched": b'{"event": {"type": "FromPlayer", "pos": "x", "event": 3}, "id": []}',
    "coinche-ws": b'{"PlayedCard": {"player_id": [], "card": 5, "belote_rebelote": {}}}',
}


def _deal_of(game: Game, line: int) -> int:
    """The index of the deal of ``game`` that line ``line`` belongs to."""
    return max(i for i, deal in enumerate(game.deals) if deal.line <= line or i == 0)


@pytest.mark.parametrize("name", sorted(FOREIGN))
@pytest.mark.parametrize("bad", [*sorted(BAD_LINES), "odd message"])
def test_foreign_logs_a_bad_line_costs_its_event_only(name: str, bad: str) -> None:
    path, kind = FOREIGN[name]
    data = (FIXTURES / path).read_bytes()
    (clean,), clean_issues = read(name, data)
    lines = data.split(b"\n")
    plays = [n for n, line in enumerate(lines, 1) if kind in line]
    broken = plays[len(plays) // 2]                  # a card played in the middle of the log
    line = ODD_MESSAGES[name] if bad == "odd message" else BAD_LINES[bad]
    (game,), issues = read(name, _replace_line(data, broken, line))
    hit = _deal_of(clean, broken)
    assert len(game.deals) == len(clean.deals) and len(clean.deals) > 2
    others = [i for i in range(len(clean.deals)) if i != hit]
    assert [game.deals[i] for i in others] == [clean.deals[i] for i in others]
    assert game.headers == clean.headers
    assert any(i.line == broken for i in issues), [str(i) for i in issues]
    assert [str(i) for i in issues if i.line != broken] == [str(i) for i in clean_issues if i.line != broken]
