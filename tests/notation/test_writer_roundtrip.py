"""Round trips: parse(write(r)) == r for random records; write(parse(t)) == t for canonical text."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings

from belote_notation.notation.positions import same_records, without_positions
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Bid, Deal, Game, Header, Play, Trick
from belote_notation.notation.write.writer import NotationWriteError, write_game, write_games
from tests.support.strategies import games

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games())
def test_parse_of_written_record_is_the_record(game: Game) -> None:
    text = write_game(game)
    parsed = parse_text(text)
    assert len(parsed) == 1, text
    assert parsed[0].errors == [], text
    assert without_positions(parsed[0].game) == without_positions(game), text
    # and the text is canonical: writing it again gives the same bytes
    assert write_game(parsed[0].game) == text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), games())
def test_several_games_in_one_file(a: Game, b: Game) -> None:
    out = io.StringIO()
    assert write_games([a, b], out) == 2
    parsed = parse_text(out.getvalue())
    assert [p.errors for p in parsed] == [[], []]
    assert same_records(parsed[0].game, a) and same_records(parsed[1].game, b)


def test_generated_matches_round_trip() -> None:
    from belote_notation import generator
    from belote_notation.game.rules import Ruleset
    for preset in ("moroccan", "classic", "gameduell", "traditional"):
        for game in generator.generate_games(Ruleset.preset(preset), matches=2, deals=None, seed=7):
            text = write_game(game)
            parsed = parse_text(text)
            assert parsed[0].errors == []
            assert same_records(parsed[0].game, game)
            assert write_game(parsed[0].game) == text


def test_positions_are_zero_for_built_records_and_file_positions_after_parsing() -> None:
    game = Game(deals=[Deal(number=4, tricks=[Trick(number=1, plays=[Play(seat=0, card=7)])])])
    text = "\n\n" + write_game(game)
    parsed = parse_text(text)[0].game
    play = parsed.deals[0].tricks[0].plays[0]
    assert (play.line, play.col) == (4, 9)      # "trick 1 N:AS" on line 4
    assert (parsed.deals[0].line, parsed.deals[0].col) == (3, 1)


def test_cards_are_written_in_the_games_deck() -> None:
    deal = Deal(number=1, tricks=[Trick(number=1, plays=[Play(seat=0, card=23), Play(card=12)])])
    spanish = Game(headers=[Header(name="Rules", value="moroccan")], deals=[deal])
    french = Game(headers=[Header(name="Deck", value="french")], deals=[deal])
    assert "trick 1 N:1O 10C" in write_game(spanish)
    assert "trick 1 N:AD JH" in write_game(french)


def test_bid_rounds_and_variations_keep_their_round() -> None:
    bids = [Bid(seat=3, action="pass", round=1), Bid(seat=2, action="take", suit=1, round=2),
            Bid(seat=1, action="pass", round=1)]
    game = Game(deals=[Deal(number=1, bids=bids)])
    text = write_game(game)
    assert "smsara 1 W:pass\nsmsara 2 S:take H\nsmsara 1 E:pass\n" in text
    assert same_records(parse_text(text)[0].game, game)


def test_unwritable_values_are_refused_clearly() -> None:
    with pytest.raises(NotationWriteError, match="tag name"):
        write_game(Game(headers=[Header(name="two words", value="x")]))
    with pytest.raises(NotationWriteError, match="card 40"):
        unchecked = Play.model_construct(card=40)  # the records' own check refuses 40 (0..31)
        write_game(Game(deals=[Deal(number=1, tricks=[Trick(number=1, plays=[unchecked])])]))
