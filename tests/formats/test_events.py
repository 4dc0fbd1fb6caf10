"""The event log: its documented examples validate against its schema, every documented
event, field and alias is read, the output is exact."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from belote_notation.formats.events import FIELD_ALIASES, TYPE_ALIASES, events_text
from belote_notation.notation.write.writer import write_game
from tests.formats.helpers import ROOT, SAMPLES, bel_games, read

DOC = ROOT / "docs" / "formats" / "events.md"
SCHEMA = json.loads((ROOT / "docs" / "formats" / "events.schema.json").read_text(encoding="utf-8"))


def doc_examples() -> list[str]:
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("number", [0, 1])
def test_the_documented_examples_validate_against_the_schema(number: int) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for line in doc_examples()[number].splitlines():
        validator.validate(json.loads(line))


@pytest.mark.parametrize("path", SAMPLES[:12], ids=lambda p: p.name)
def test_what_we_write_validates_against_the_schema(path) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for game in bel_games(path):
        for line in events_text(game).splitlines():
            validator.validate(json.loads(line))


def test_the_first_example_is_the_findings_example_deal() -> None:
    games, issues = read("events", doc_examples()[0])
    assert issues == []
    example = re.search(r"```bel\n(.*?)```", (ROOT / "docs" / "findings.md").read_text("utf-8"),
                        flags=re.DOTALL).group(1)
    assert write_game(games[0]) == example


def test_the_lenient_example_reads_as_documented() -> None:
    games, issues = read("events", doc_examples()[1])
    assert [(i.code, i.line) for i in issues] == [("BEL805", 1), ("BEL805", 6)]
    text = write_game(games[0])
    assert '[North "Hugo"]' in text and '[app "kartajo 2.1"]' in text
    assert "smsara 1 E:pass S:take" in text
    assert "trick 1 S:1B {ms=5400} W:4B N:10O E:12B winner S" in text


def test_every_type_alias_is_documented_and_read() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for alias in TYPE_ALIASES:
        assert f"`{alias}`" in doc, alias


def test_every_field_alias_is_documented() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for alias in FIELD_ALIASES:
        assert f"`{alias}`" in doc, alias


START = '{"type": "match_start", "version": 1}\n'


def one_deal(*events: str) -> str:
    return START + '{"type": "deal", "number": 1}\n' + "".join(e + "\n" for e in events)


@pytest.mark.parametrize(("event", "expected"), [
    ('{"type": "five", "seat": "N", "cards": ["AS", "7H", "1O", 31, "kd"]}', "tafr9a N AS 7H AD AC KD"),
    ('{"type": "tafr9a", "player": 0, "cards": "AS 7H 1O AC KD"}', "tafr9a N AS 7H AD AC KD"),
    ('{"type": "first_five", "who": "nord", "cards": ["AS", "7H", "1O", 31, "kd"]}',
     "tafr9a N AS 7H AD AC KD"),
    ('{"type": "offer", "card": "QH"}', "offer QH"),
    ('{"type": "turn_up", "card": 13}', "offer QH"),
    ('{"type": "upcard", "card": "11C"}', "offer QH"),
    ('{"type": "call", "seat": "E", "action": "pass"}', "smsara 1 E:pass"),
    ('{"type": "bid", "player": "est", "call": "passe"}', "smsara 1 E:pass"),
    ('{"type": "call", "seat": "charq", "bid": "je prends", "trump": "coeur", "round": 2}',
     "smsara 2 E:take H"),
    ('{"type": "call", "seat": 1, "action": "nakhod", "suit": "♥", "round": "2"}', "smsara 2 E:take H"),
    ('{"type": "call", "seat": "E", "action": "bid", "value": 80, "suit": "H"}', "smsara 1 E:80H"),
    ('{"type": "bid", "player": "est", "call": "110SA"}', "smsara 1 E:110SA"),
    ('{"type": "call", "seat": "N", "action": "contre"}', "smsara 1 N:coinche"),
    ('{"type": "call", "seat": "N", "action": "redouble"}', "smsara 1 N:surcoinche"),
    ('{"type": "call", "seat": "N", "action": "capot", "suit": "tout-atout"}', "smsara 1 N:capot TA"),
    ('{"type": "call", "seat": "N", "action": "générale", "suit": 4}', "smsara 1 N:generale SA"),
    ('{"type": "rest", "seat": "S", "cards": ["AS"]}', "rest S AS"),
    ('{"type": "hand", "seat": "W", "cards": ["AS"]}', "hand W AS"),
    ('{"type": "announce", "seat": "W", "kind": "tierce", "cards": ["7S", "8S", "9S"], '
     '"trick": 1, "before": 1}',
     "announce W sequence 7S 8S 9S trick=1 before=1"),
    ('{"type": "announcement", "seat": "W", "announcement": "carré", "cards": ["JS", "JH", "JD", "JC"]}',
     "announce W carre JS JH JD JC"),
    ('{"type": "declare", "seat": "gharb", "kind": "seryat", "cards": ["7S", "8S", "9S"], "before_card": 2}',
     "announce W sequence 7S 8S 9S before=2"),
    ('{"type": "deal_score", "ns": 41, "ew": "141"}', "score 41 141"),
    ('{"type": "score", "score_ns": 41, "score_ew": 141}', "score 41 141"),
    ('{"type": "match_score", "ns": 41, "ew": 141}', "match 41 141"),
    ('{"type": "totals", "ns": 41, "ew": 141}', "match 41 141"),
    ('{"type": "pot", "points": 16}', "pot 16"),
])
def test_every_field_and_alias(event: str, expected: str) -> None:
    games, issues = read("events", one_deal(event))
    assert issues == []
    assert expected in write_game(games[0]).splitlines()


@pytest.mark.parametrize(("events", "expected"), [
    (['{"type": "trick", "number": 3}', '{"type": "card", "seat": "N", "card": "AS"}',
      '{"type": "trick_end", "winner": "N"}'], "trick 3 N:AS winner N"),
    (['{"type": "trick_start", "n": 3}', '{"type": "play", "player": "N", "card": "AS"}',
      '{"type": "trick_won", "winner": 0}'], "trick 3 N:AS winner N"),
    (['{"type": "card", "seat": "N", "card": "KH", "belote": "belote"}'], "trick 1 N:KH belote"),
    (['{"type": "card", "seat": "N", "card": "KH", "mark": "bel"}'], "trick 1 N:KH belote"),
    (['{"type": "card", "seat": "N", "card": "KH", "say": "re"}'], "trick 1 N:KH rebelote"),
    (['{"type": "card", "seat": "N", "card": "KH"}', '{"type": "glyph", "glyph": "!"}',
      '{"type": "belote", "belote": "belote"}'], "trick 1 N:KH belote!"),
    (['{"type": "card", "seat": "N", "card": "KH"}', '{"type": "nag", "nag": 3}',
      '{"type": "comment", "text": "good"}'], "trick 1 N:KH $3 {good}"),
    (['{"type": "card", "seat": "N", "card": "KH"}', '{"type": "variation_start"}',
      '{"type": "card", "seat": "N", "card": "QH"}', '{"type": "variation_end"}',
      '{"type": "card", "seat": "E", "card": "7H"}'], "trick 1 N:KH (N:QH) E:7H"),
])
def test_plays_and_review_material(events: list[str], expected: str) -> None:
    games, issues = read("events", one_deal(*events))
    assert issues == []
    assert expected in write_game(games[0]).splitlines()


@pytest.mark.parametrize("start", [
    '{"type": "match_start", "version": 1, "rules": "classic", "players": {"N": "A", "south": "C"}, '
    '"deck": "french", "dealer": "S"}',
    '{"type": "start", "rules": "classic", "players": ["A", null, "C"], "deck": "french", "dealer": "S"}',
    '{"type": "game_start", "tags": {"Rules": "classic", "North": "A", "South": "C", "Deck": "french", '
    '"Dealer": "S"}}',
])
def test_the_match_start_shorthands(start: str) -> None:
    games, issues = read("events", start + "\n" + '{"type": "end", "result": "NS"}\n')
    assert issues == []
    game = games[0]
    assert (game.header("Rules"), game.header("North"), game.header("South"), game.header("Deck"),
            game.header("Dealer"), game.result) == ("classic", "A", "C", "french", "S", "NS")
    assert game.header("East") is None


def test_tags_win_over_the_shorthands_and_keep_their_order() -> None:
    start = ('{"type": "match_start", "rules": "moroccan", "tags": [["Event", "x"], ["Rules", "classic"],'
             ' ["Event", "y"]]}\n')
    (game,), issues = read("events", start)
    assert issues == []
    assert [(h.name, h.value) for h in game.headers] == [("Event", "x"), ("Rules", "classic"), ("Event", "y")]


def test_several_games_and_implicit_frames() -> None:
    log = ('{"type": "card", "seat": "N", "card": "AS"}\n'
           '{"type": "match_start"}\n{"type": "deal"}\n{"type": "deal"}\n'
           '{"type": "match_end", "result": "*"}\n')
    games, issues = read("events", log)
    assert issues == []
    assert [len(g.deals) for g in games] == [1, 2]
    assert [d.number for d in games[1].deals] == [1, 2]


def test_a_deal_number_and_a_round_follow_from_their_place() -> None:
    calls = [f'{{"type": "call", "seat": {s}, "action": "pass"}}' for s in (1, 2, 3, 0)]
    games, _ = read("events", one_deal(*calls, '{"type": "call", "seat": 1, "action": "take", "suit": "S"}'))
    assert [b.round for b in games[0].deals[0].bids] == [1, 1, 1, 1, 2]


def test_positions_point_at_the_events() -> None:
    games, _ = read("events", one_deal('{"type": "card", "seat": "N", "card": "AS"}'))
    play = games[0].deals[0].tricks[0].plays[0]
    assert (play.line, play.col) == (3, 1)


@pytest.mark.parametrize("path", SAMPLES[:12], ids=lambda p: p.name)
def test_the_fast_paths_read_what_the_line_by_line_reader_reads(path, monkeypatch) -> None:
    """The one-match tricks and hands and the cached steps give the records (positions
    included) and findings of the plain line-by-line reading, across chunk boundaries too;
    the reader never switches the cyclic collector off (no process-wide side effect)."""
    import gc
    import io

    from belote_notation.formats import events, events_scan

    text = "".join(events_text(game) for game in bel_games(path)).encode()

    def items() -> list[str]:
        out = []
        for item in events.read_json_lines(io.BytesIO(text)):
            assert gc.isenabled()
            out.append(repr(item.model_dump()) if hasattr(item, "model_dump") else str(item))
        return out

    fast = items()
    monkeypatch.setattr(events_scan, "_CHUNK", 97)
    assert items() == fast
    monkeypatch.setattr(events_scan, "FAST", re.compile(rb"(?!)" + rb"()" * 17))
    monkeypatch.setattr(events.EventReader, "replay", lambda self, step, line: False)
    assert items() == fast
