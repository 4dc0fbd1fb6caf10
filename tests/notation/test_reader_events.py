"""The event reader: one reader for the canonical and the general paths, visitors, skipping,
re-entrancy and variations of any depth."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from belote_notation import generator
from belote_notation.game.rules import Ruleset
from belote_notation.notation import vocabulary
from belote_notation.notation.positions import same_records
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.read.canonical import CanonicalReader
from belote_notation.notation.read.reader import (
    iter_games,
    parse_text,
    read_game_events,
    read_games,
    text_source,
)
from belote_notation.notation.records import Game
from belote_notation.notation.visitor import SKIP, HeadersVisitor, Skip, SkipVisitor, Visitor
from belote_notation.notation.write.writer import write_game

SAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("samples").rglob("*.bel"))


def generated(preset: str, seed: int, deals: int = 4) -> Game:
    return next(iter(generator.generate_games(Ruleset.preset(preset), matches=1, deals=deals,
                                              seed=seed)))


class Recorder(Visitor[list[tuple[Any, ...]]]):
    """Records every event with its arguments."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def result(self) -> list[tuple[Any, ...]]:
        return self.events


def _recording(name: str) -> Any:
    def record(self: Recorder, *args: Any) -> None:
        self.events.append((name,) + tuple(list(a) if isinstance(a, list) else a for a in args))
    return record


for _name in ("begin_game", "visit_header", "end_headers", "visit_result", "visit_error", "end_game",
              "begin_deal", "begin_section", "visit_hand", "visit_offer", "visit_call",
              "visit_announcement", "begin_trick", "visit_play", "visit_mark", "visit_winner",
              "visit_score", "end_deal", "visit_comment", "visit_glyph", "visit_nag",
              "begin_variation", "end_variation"):
    setattr(Recorder, _name, _recording(_name))


# ------------------------------------------------------------------ the two paths read alike
_LENIENT_WORDS = [("\ndeal ", "\ndonne  "), ("trick ", "PLI  "), (" winner ", " gagne\n  "),
                  ("smsara ", "Enchères "), (":pass", ":Passe"), ("tafr9a ", "cinq\t"),
                  ("offer ", "retourne "), ("\nend", "\nFIN"), ("score ", "marque  ")]


def lenient(text: str, rng: random.Random) -> str:
    """The same game in a form the canonical fast path refuses: aliases, upper/lower case,
    extra white space, comments that belong to the deal."""
    for old, new in _LENIENT_WORDS:
        text = text.replace(old, new)
    text = re.sub(r"\b([NESW]):(\w+)", lambda m: m.group(1).lower() + ":" + m.group(2).lower()
                  if rng.random() < 0.5 else m.group(0) + " ", text)
    text = re.sub(r"^(match .*)$", r"\1 {about the deal}", text, flags=re.MULTILINE)
    return text


def without_deal_comments(game: Game) -> Game:
    copy = game.model_copy(deep=True)
    for deal in copy.deals:
        deal.comments = []
    return copy


@pytest.mark.parametrize("preset, seed", [("classic", 11), ("moroccan", 12), ("gameduell", 13),
                                          ("traditional", 14), ("moroccan", 15)])
def test_the_general_path_reads_what_the_canonical_path_reads(preset: str, seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    game = generated(preset, seed)
    canonical = write_game(game)
    spread = lenient(canonical, rng)
    assert spread != canonical
    fast = parse_text(canonical)
    calls: list[int] = []
    real = vocabulary.parser
    monkeypatch.setattr(vocabulary, "parser", lambda: calls.append(1) or real())
    slow = parse_text(spread)
    assert len(calls) >= len(game.deals), "the lenient form must take the general path"
    assert [p.errors for p in fast] == [[]] and [p.errors for p in slow] == [[]]
    assert same_records(fast[0].game, game)
    assert same_records(without_deal_comments(slow[0].game), without_deal_comments(fast[0].game))
    assert all(deal.comments == ["about the deal"] for deal in slow[0].game.deals if deal.match_score)


def test_every_sample_reads_without_lark_or_with_it_the_same(monkeypatch) -> None:
    """A canonical deal is read the same when it is one token or cut into section tokens."""
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        plain = parse_text(text)
        # a comment after each deal heading defeats CANONICAL_DEAL; it goes to the deal
        spread = parse_text(re.sub(r"^(deal .*)$", r"\1 {x}", text, flags=re.MULTILINE))
        assert [p.errors for p in plain] == [p.errors for p in spread], path
        for a, b in zip(plain, spread, strict=True):
            for deal in b.game.deals:
                assert deal.comments[:1] == ["x"]
                deal.comments = deal.comments[1:]
            assert a.game == b.game, path


@pytest.mark.parametrize("preset, seed", [("classic", 21), ("moroccan", 22)])
def test_a_deal_refused_at_any_line_reports_what_the_general_path_reports(preset: str, seed: int,
                                                                          monkeypatch) -> None:
    """The canonical path keeps a deal's events until its last line is read: a deal that a
    quick reader refuses at any line (here a word added to it) reports exactly what the
    general path reports, nothing twice, the same issues at the same places."""
    text = write_game(generated(preset, seed))
    lines = text.split("\n")
    variants = [text] + ["\n".join(lines[:i] + [row + " 9Z"] + lines[i + 1:])
                         for i, row in enumerate(lines) if i % 2 and row[:1].islower()]
    assert len(variants) > 10
    fast = [read_game_events(variant, Recorder()) for variant in variants]
    monkeypatch.setattr(CanonicalReader, "canonical_deal", lambda self, text, pos, line, col: None)
    slow = [read_game_events(variant, Recorder()) for variant in variants]
    assert fast == slow
    assert all(any(event[0] == "visit_error" for event in events) for events in fast[1:])


# ------------------------------------------------------------------ events and records agree
def _normalised(events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Positions of what the records do not place (sections, the game) left out."""
    out = []
    for event in events:
        if event[0] in ("begin_section", "begin_game"):
            event = event[:2]
        out.append(event)
    return out


def test_events_read_from_text_are_the_events_of_the_records_built_from_it() -> None:
    texts = [write_game(generated(p, s)) for p, s in (("classic", 1), ("moroccan", 2))]
    texts += [p.read_text(encoding="utf-8") for p in SAMPLES
              if not re.search(r"[{;(!?$]", p.read_text(encoding="utf-8"))]
    assert len(texts) > 10
    for text in texts:
        for parsed in parse_text(text):
            read = read_game_events(text, Recorder())
            walked = parsed.game.accept(Recorder())
            assert _normalised(read) == _normalised(walked)


def test_a_recording_visitor_sees_the_documented_order() -> None:
    events = read_game_events('[Event "x"]\n{c}\ndeal 1\ntrick 1 N:KS belote {k} (N:AS) winner N\n'
                              "end NS\n", Recorder())
    names = [e[0] for e in events]
    assert names == ["begin_game", "visit_header", "visit_comment", "end_headers", "begin_deal",
                     "begin_section", "begin_trick", "visit_play", "visit_comment",
                     "begin_variation", "visit_play", "end_variation", "visit_winner", "end_deal",
                     "visit_result", "end_game"]
    assert events[7] == ("visit_play", 0, 6, "belote", 4, 9)


# ------------------------------------------------------------------ skipping
def _no_lark(monkeypatch) -> None:
    def refuse() -> None:
        raise AssertionError("parsed although skipped")
    monkeypatch.setattr(vocabulary, "parser", refuse)


def test_headers_visitor_does_not_read_the_body(monkeypatch) -> None:
    _no_lark(monkeypatch)
    text = '[Event "a"]\n[Site "b"]\ndonne 1\npli n:as {not canonical}\nfin\n' * 3
    assert list(read_games(text_source(text), HeadersVisitor)) == [[("Event", "a"), ("Site", "b")]] * 3
    assert list(read_games(text_source(text), SkipVisitor)) == [None, None, None]


class SkipSecondDeal(RecordBuilder):
    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        return SKIP if number == 2 else super().begin_deal(number, dealer, line, col)


class SkipVariations(RecordBuilder):
    def begin_variation(self, line: int, col: int) -> Skip | None:
        return SKIP


def test_a_skipped_deal_or_variation_is_not_read(monkeypatch) -> None:
    text = "deal 1\ntrick 1 N:AS\ndeal 2\npli n:as {not canonical} (E:7S)\ndeal 3\ntrick 1 W:9S\nend\n"
    _no_lark(monkeypatch)
    assert [e.code for e in read_game_events(text, RecordBuilder()).errors] == ["BEL099"]
    parsed = read_game_events(text.replace("deal 1\ntrick 1 N:AS\n", "deal 1\n"), SkipSecondDeal())
    assert [d.number for d in parsed.game.deals] == [1, 3] and parsed.errors == []
    monkeypatch.undo()
    parsed = read_game_events(text, SkipVariations())
    assert parsed.game.deals[1].tricks[0].plays[0].variations == []


# ------------------------------------------------------------------ re-entrancy
def test_two_games_read_interleaved_read_as_alone() -> None:
    a = write_game(generated("classic", 21)) + "\n" + write_game(generated("classic", 22))
    b = lenient(write_game(generated("moroccan", 23)), random.Random(1)) * 2
    alone = [p.game for p in parse_text(a)], [p.game for p in parse_text(b)]
    first: Iterator[Any] = iter_games(text_source(a))
    second: Iterator[Any] = iter_games(text_source(b))
    mixed: tuple[list[Game], list[Game]] = ([], [])
    for _ in range(2):
        mixed[0].append(next(first).game)
        mixed[1].append(next(second).game)
    assert mixed == alone


class ReadsInside(RecordBuilder):
    """Reads another game while it is itself being read."""

    inner: ClassVar[list[Any]] = []

    def visit_play(self, seat: int | None, card: int, mark: Any, line: int, col: int) -> None:
        self.inner.append(read_game_events("deal 9\npli e:7s (W:8S)\nfin\n", RecordBuilder()))
        super().visit_play(seat, card, mark, line, col)


def test_a_visitor_may_read_another_text_inside_a_callback() -> None:
    text = "donne 1\npli N:AS (E:KS {x})\nend\n"
    outer = read_game_events(text, ReadsInside())
    assert same_records(outer.game, parse_text(text)[0].game) and outer.errors == []
    assert len(ReadsInside.inner) == 2
    assert all(same_records(p.game, parse_text("deal 9\npli e:7s (W:8S)\nfin\n")[0].game)
               for p in ReadsInside.inner)


# ------------------------------------------------------------------ deep variations
class Depth(Visitor[tuple[int, int, int]]):
    def __init__(self) -> None:
        self.depth = self.deepest = self.opened = 0

    def begin_variation(self, line: int, col: int) -> Skip | None:
        self.depth += 1
        self.opened += 1
        self.deepest = max(self.deepest, self.depth)
        return None

    def end_variation(self) -> None:
        self.depth -= 1

    def result(self) -> tuple[int, int, int]:
        return self.opened, self.depth, self.deepest


@pytest.mark.parametrize("depth", [1200, 5000])
def test_variations_of_any_depth(depth: int) -> None:
    """1,200 nested lines used to raise RecursionError, reported as BEL099."""
    text = ("deal 1\nsmsara 1 N:pass " + "(E:take " * depth + ")" * depth
            + "\ntrick 1 N:AS " + "(N:KS " * depth + ")" * depth + " E:7S\nend\n")
    parsed = parse_text(text)[0]
    assert parsed.errors == []
    deal = parsed.game.deals[0]
    for item in (deal.bids[0], deal.tricks[0].plays[0]):
        levels = 0
        while item.variations:
            (variation,) = item.variations
            item = variation.items[0]
            levels += 1
        assert levels == depth
    assert read_game_events(text, Depth()) == (2 * depth, 0, depth)
    assert parsed.game.accept(Depth()) == (2 * depth, 0, depth)


# ------------------------------------------------------------------ batch events
class BatchRecorder(Recorder):
    """Overrides the batch event and expands it itself, as a fast visitor would."""

    batches = 0

    def visit_trick(self, number: int, line: int, col: int, seats: Any, cards: Any, marks: Any,
                    positions: Any, winner: int | None, winner_pos: Any) -> None:
        self.batches += 1
        self.events.append(("begin_trick", number, line, col))
        for seat, card, mark, (pline, pcol) in zip(seats, cards, marks, positions, strict=True):
            self.events.append(("visit_play", seat, card, mark, pline, pcol))
        if winner is not None:
            self.events.append(("visit_winner", winner, *winner_pos))


def test_the_batch_event_carries_what_the_fine_grained_events_carry() -> None:
    texts = [write_game(generated(p, s, deals=12)) for p, s in (("classic", 3), ("moroccan", 4))]
    texts.append("deal 1\ntrick 1 N:KS belote E:7S S:QS rebelote W:9S winner N\n"
                 "trick 2 N:AS  E:8S\nend\n")
    batches = 0
    for text in texts:
        fine = read_game_events(text, Recorder())
        batch = BatchRecorder()
        assert read_game_events(text, batch) == fine
        batches += batch.batches
    assert batches > 12 * 8, "canonical trick lines must come as batches"
    marked = read_game_events(texts[-1], Recorder())
    assert ("visit_play", 2, 5, "rebelote", 2, 26) in marked
