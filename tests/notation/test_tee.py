"""``notation/tee.py``: one reading, several visitors, each getting what the reader alone gives it."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.check.checker import GameChecker
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.read.canon import compiled_reader
from belote_notation.notation.read.reader import parse_game_text, read_game_events
from belote_notation.notation.read.stream import iter_game_texts
from belote_notation.notation.tee import Tee
from belote_notation.notation.visitor import SKIP, HeadersVisitor, Skip, Visitor
from tests.support.validator import generated_text

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").rglob("*.bel"))

REVIEWED = ('[Event "club"]\n[Rules "contree"]\n{before the deal}\n'
            "deal 1 dealer N\n"
            "bidding E:80H ! {first bid} (E:90S $1 (E:100S) {deeper}) S:pass W:pass N:pass\n"
            "trick 1 E:AS {good} (E:7S ?) S:8S W:9S N:10S winner E\n"
            "deal 2 dealer E\nbidding S:pass W:pass N:pass E:pass\n"
            "deal 3 dealer S\ntrick 1 W:KH (W:QH {line}) N:7H\nend NS {after}\n")


class Log(Visitor[list[tuple]]):
    """Every event as a tuple; skips what ``skip`` says (event name, argument -> SKIP)."""

    def __init__(self, skip: dict[str, object] | None = None) -> None:
        self.events: list[tuple] = []
        self.skip = skip or {}

    def _answer(self, name: str, key: object) -> Skip | None:
        if name not in self.skip:
            return None
        wanted = self.skip[name]
        return SKIP if wanted == "all" or wanted == key else None

    def begin_game(self, index, line, col):
        self.events.append(("begin_game", index, line, col))
        return self._answer("begin_game", index)

    def end_headers(self):
        self.events.append(("end_headers",))
        return self._answer("end_headers", None)

    def begin_deal(self, number, dealer, line, col):
        self.events.append(("begin_deal", number, dealer, line, col))
        return self._answer("begin_deal", number)

    def begin_variation(self, line, col):
        self.events.append(("begin_variation", line, col))
        return self._answer("begin_variation", line)

    def visit_call(self, seat, action, suit, round, line, col, value=None):
        self.events.append(("visit_call", seat, action, suit, round, line, col, value))

    def result(self):
        return self.events

    def __getattribute__(self, name):
        attr = object.__getattribute__(self, name)
        if (name.startswith("visit_") or name in ("begin_section", "begin_trick", "end_deal", "end_game",
                                                    "end_variation")) and name != "visit_call":
            events = object.__getattribute__(self, "events")

            def logged(*args):
                events.append((name, *[list(a) if isinstance(a, (list, tuple)) else a for a in args]))
            return logged
        return attr


def _alone(text: str, skip: dict[str, object] | None) -> list[tuple]:
    return read_game_events(text, Log(skip))


@pytest.mark.parametrize("skip", [
    None,
    {"begin_deal": 2},
    {"begin_deal": "all"},
    {"end_headers": None},
    {"begin_variation": 5},            # the first line of deal 1's bidding only
    {"begin_variation": "all"},
    {"begin_game": 0},
], ids=str)
def test_each_visitor_gets_what_the_reader_alone_gives_it(skip):
    plain, skipping = read_game_events(REVIEWED, Tee(Log(), Log(skip)))
    assert plain == _alone(REVIEWED, None)
    assert skipping == _alone(REVIEWED, skip)


def test_a_part_every_visitor_skips_is_skipped_by_the_reader():
    first, second = read_game_events(REVIEWED, Tee(Log({"begin_deal": 1}), Log({"begin_deal": "all"})))
    assert first == _alone(REVIEWED, {"begin_deal": 1})
    assert second == _alone(REVIEWED, {"begin_deal": "all"})
    headers, skipping = read_game_events(REVIEWED, Tee(HeadersVisitor(), Log({"end_headers": None})))
    assert headers == [("Event", "club"), ("Rules", "contree")]
    assert skipping == _alone(REVIEWED, {"end_headers": None})


def test_a_syntax_issue_reaches_a_visitor_that_skips_the_deal_it_is_in():
    text = "deal 1\ntrick 1 N:ZZ\nend\n"
    _, skipping = read_game_events(text, Tee(Log(), Log({"begin_deal": 1})))
    assert [e[0] for e in skipping] == ["begin_game", "end_headers", "begin_deal", "visit_error",
                                        "visit_result", "end_game"]


def test_calls_without_a_value_are_told_as_the_reader_tells_them():
    class SmsaraOnly(Visitor[list]):  # written before contrée bids had a value
        def __init__(self) -> None:
            self.calls: list[tuple] = []

        def visit_call(self, seat, action, suit, round, line, col):
            self.calls.append((seat, action))

        def result(self):
            return self.calls

    text = "deal 1 dealer N\nsmsara E:take S:pass\nend\n"
    calls, events = read_game_events(text, Tee(SmsaraOnly(), Log()))
    assert calls == [(1, "take"), (2, "pass")]
    assert [e[-1] for e in events if e[0] == "visit_call"] == [None, None]
    _, contree = read_game_events(REVIEWED, Tee(Log(), Log()))
    assert ("visit_call", 1, "bid", 1, 1, 5, 9, 80) in contree


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_checks_and_the_records_from_one_reading(path):
    with path.open("rb") as handle:
        for game in iter_game_texts(handle, path.name):
            both = Tee(GameChecker(file=path.name), RecordBuilder())
            report, parsed = read_game_events(game, both, path.name)
            alone = read_game_events(game, GameChecker(file=path.name), path.name)
            assert report.to_dict() == alone.to_dict()
            assert parsed == parse_game_text(game, path.name)


def test_generated_games_of_every_rule_system():
    for rules in ("classic", "moroccan", "contree", "coinche"):
        text = generated_text(rules, deals=8, seed=4)
        report, parsed = read_game_events(text, Tee(GameChecker(), RecordBuilder()))
        assert report.to_dict() == read_game_events(text, GameChecker()).to_dict()
        assert parsed == parse_game_text(text)


def test_the_checks_and_the_records_take_a_canonical_deal_at_once():
    """A tee of the checker and the record builder takes the checker's parts (the builder takes
    anybody's); a visitor of events alone makes it take events."""
    assert Tee(GameChecker(), RecordBuilder()).deal_parts() is GameChecker.DEAL_PARTS
    assert Tee(RecordBuilder(), GameChecker()).deal_parts() is GameChecker.DEAL_PARTS
    assert Tee(RecordBuilder(), RecordBuilder()).deal_parts() is None
    assert Tee(GameChecker(), RecordBuilder(), HeadersVisitor()).deal_parts() is None


class _Counting(RecordBuilder):
    """The record builder, counting the deals it was given at once."""

    def __init__(self) -> None:
        self.at_once = 0
        super().__init__()

    def visit_deal_parts(self, deal):
        self.at_once += 1
        super().visit_deal_parts(deal)


def test_records_of_the_deals_given_at_once_are_those_of_their_events():
    """An announced sequence (its cards' positions), trick winners written or not, a pot line,
    a match line: the records built from the compiled reader's parts equal the reader's events'."""
    text = ('[Rules "classic"]\n\n'
            "deal 1 dealer N\ntafr9a E 7S 8S 9S AH KH\ntafr9a S 7D 8D 9D 10D JD\n"
            "tafr9a W 7C 8C 9C 10C JC\ntafr9a N 7H 8H 9H 10H JH\noffer QH\nsmsara 1 E:take\n"
            "announce S sequence 7D 8D 9D trick=1 before=1\n"
            "trick 1 E:AH S:7D W:7C N:7H winner E\ntrick 2 E:7S S:8D W:8C N:8H\n"
            "score 20 0\nmatch 20 0\npot 10\n\n"
            "deal 2 dealer E\nsmsara 1 S:pass W:pass N:pass E:pass\n\nend\n")  # as fmt writes it
    builder = _Counting()
    report, parsed = read_game_events(text, Tee(GameChecker(), builder))
    assert parsed == parse_game_text(text)
    assert parsed.game.deals[0].announcements[0].positions == [(10, 21), (10, 24), (10, 27)]
    assert report.to_dict() == read_game_events(text, GameChecker()).to_dict()
    assert builder.at_once == (0 if compiled_reader() is None else 2)
