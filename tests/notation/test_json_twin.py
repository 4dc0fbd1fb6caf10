"""The JSON twin: lossless both ways, and a schema generated from the records."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings

from belote_notation.notation.positions import same_records
from belote_notation.notation.read.jsonio import JsonReadError, game_from_json, read_json_games
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Game
from belote_notation.notation.write.jsonio import (
    game_to_json,
    json_schema,
    write_json_games,
    write_jsonl_games,
)
from belote_notation.notation.write.writer import write_game
from tests.support.strategies import games


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_json_round_trip_is_exact(game: Game) -> None:
    data = json.loads(json.dumps(game_to_json(game)))
    assert game_from_json(data) == game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_bel_to_json_to_bel_keeps_the_canonical_text(game: Game) -> None:
    text = write_game(game)
    parsed = parse_text(text)[0].game
    back = game_from_json(json.dumps(game_to_json(parsed)))
    assert back == parsed                      # positions included
    assert write_game(back) == text


def test_file_forms_json_and_jsonl() -> None:
    games_in = [Game(result="NS"), Game(result="*", comments=["x"])]
    out = io.StringIO()
    assert write_json_games(games_in, out) == 2
    assert list(read_json_games(out.getvalue())) == games_in
    lines = io.StringIO()
    write_jsonl_games(games_in, lines)
    assert len(lines.getvalue().splitlines()) == 2
    assert list(read_json_games(lines.getvalue())) == games_in
    assert list(read_json_games(json.dumps([game_to_json(g) for g in games_in]))) == games_in


@pytest.mark.parametrize("text, words", [
    ("", "empty"), ("{not json", "not JSON"), ('{"deals": [{"number": "x"}]}', "deals.0.number"),
    ("42", "expected a game"),
])
def test_bad_json_is_reported_plainly(text: str, words: str) -> None:
    with pytest.raises(JsonReadError, match=words.replace(".", r"\.")):
        list(read_json_games(text))


def test_schema_is_generated_from_the_records() -> None:
    schema = json_schema()
    assert schema["type"] == "object" and "games" in schema["properties"]
    defs = schema["$defs"]
    for model in ("Game", "Deal", "Trick", "Play", "Bid", "Announcement", "Header", "Variation"):
        assert model in defs
    assert defs["Play"]["properties"]["card"]["type"] == "integer"
    json.dumps(schema)


def test_cards_are_integers_in_json() -> None:
    game = parse_text('[Rules "moroccan"]\ndeal 1\ntrick 1 N:1O\nend\n')[0].game
    play = game_to_json(game)["deals"][0]["tricks"][0]["plays"][0]
    assert play["card"] == 23 and play["seat"] == 0 and (play["line"], play["col"]) == (3, 9)
    assert same_records(game_from_json(game_to_json(game)), game)
