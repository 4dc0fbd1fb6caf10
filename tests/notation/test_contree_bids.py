"""Contrée calls in the notation: every spelling read, the canonical form written, the JSON twin."""

from __future__ import annotations

import pytest

from belote_notation.notation.read.jsonio import game_from_json
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.jsonio import game_to_json
from belote_notation.notation.write.writer import NotationWriteError, write_game

HEAD = '[Rules "coinche"]\n[Dealer "W"]\n\ndeal 1 dealer W\n'
HANDS = """hand N 7S 9S JS JH KH JD QD QC
hand E 9H 10H QH 7D AD 7C JC KC
hand S KS AS AH 8D 9D 10D 10C AC
hand W 8S 10S QS 7H 8H KD 8C 9C
"""


def _calls(text: str) -> list[tuple[int | None, str, int | None, int | None]]:
    parsed = parse_text(HEAD + text + "\n" + HANDS + "\nend *\n")[0]
    assert parsed.errors == []
    return [(b.seat, b.action, b.suit, b.value) for b in parsed.game.deals[0].bids]


def test_canonical_calls():
    assert _calls("smsara 1 S:80H E:pass N:100SA W:coinche S:surcoinche") == [
        (2, "bid", 1, 80), (1, "pass", None, None), (0, "bid", 4, 100), (3, "coinche", None, None),
        (2, "surcoinche", None, None)]
    assert _calls("smsara 1 S:capot TA E:generale S") == [(2, "capot", 5, None), (1, "generale", 0, None)]


def test_aliases():
    lenient = ("bidding S:90 tout-atout E:contre N:surcontre ; comment\n"
               "smsara 1 W:double S:redouble E:générale sans-atout N:110 ♥ W:120nt")
    assert _calls(lenient) == [
        (2, "bid", 5, 90), (1, "coinche", None, None), (0, "surcoinche", None, None),
        (3, "coinche", None, None), (2, "surcoinche", None, None), (1, "generale", 4, None),
        (0, "bid", 1, 110), (3, "bid", 4, 120)]


def test_written_canonically_and_through_json():
    text = HEAD + "smsara 1 S:80H E:pass N:capot SA W:coinche S:pass E:pass N:pass\n" + HANDS + "\nend *\n"
    game = parse_text(text)[0].game
    assert write_game(game) == text
    assert write_game(game_from_json(game_to_json(game))) == text


def test_a_ten_of_clubs_is_still_a_card():
    parsed = parse_text('[Rules "classic"]\n\ndeal 1\ntrick 1 N:10C E:7C S:8C W:9C\nend *\n')[0]
    assert parsed.errors == [] and parsed.game.deals[0].tricks[0].plays[0].card == 27


def test_the_quick_path_and_the_grammar_read_the_same_calls():
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games
    from belote_notation.notation.positions import without_positions

    rules = Ruleset.preset("coinche").with_options({"sans_atout": True, "tout_atout": True,
                                                    "generale_bid": True})
    for game in generate_games(rules, matches=3, seed=2):
        text = write_game(game)
        quick = parse_text(text)[0].game  # canonical deals: one token each, the quick reader
        slow = parse_text(text.replace("\nsmsara 1", " {via the grammar}\nsmsara 1"))[0].game
        assert slow.deals[0].comments == ["via the grammar"]
        for q, s in zip(quick.deals, slow.deals, strict=True):
            assert [without_positions(b) for b in q.bids] == [without_positions(b) for b in s.bids]


def test_points_the_notation_cannot_say_are_refused_by_the_writer():
    """A JSON twin or a program may hold any number of points; the writer writes only what the
    grammar reads back (80, 90, three digits ending in 0) and refuses the rest plainly (fuzz/json
    found 842 written as `N:842D`, which no reader reads)."""
    game = parse_text(HEAD + "smsara N:80H E:pass S:pass W:pass\n" + HANDS + "\nend *\n")[0].game
    for points, readable in ((80, True), (90, True), (100, True), (990, True),
                             (85, False), (70, False), (842, False), (1000, False), (0, False)):
        game.deals[0].bids[0].value = points
        if readable:
            back = parse_text(write_game(game))[0]
            assert back.errors == [] and back.game.deals[0].bids[0].value == points
        else:
            with pytest.raises(NotationWriteError, match=f"a contrée bid of {points} points"):
                write_game(game)


def test_the_compiled_readers_remembered_bids_are_quick_points_bid():
    """The compiled reader asks ``points_bid_reader(deck)`` (remembered by word) for every bid of
    points: the same answers as the function it remembers, asked twice, cased or not a bid."""
    from belote_notation.game.cards import Deck
    from belote_notation.notation.read.quick_words import points_bid_reader, quick_points_bid

    words = ["80H", "N:110SA", "E:160TA", "S:90C", "W:250D", "80h", "n:80H", "X:80H", "N:80", "85H",
             "N:N:80H", "1000S", "100B", "100O", "pass", ""]
    for deck in Deck:
        read = points_bid_reader(deck)
        for word in words + words:
            assert read(word) == quick_points_bid(word, deck), (deck, word)
    # one memory per deck: a Spanish suit letter is no French one
    assert points_bid_reader(Deck.SPANISH)("N:100O") == (0, 100, 2)
    assert points_bid_reader(Deck.FRENCH)("N:100O") is None
