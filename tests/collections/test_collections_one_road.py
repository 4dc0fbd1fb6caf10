"""The collections read a ``.bel`` game's text straight into the checks (issue 32): the facts
and dedupe's entries they get that way equal those of the records road, game by game, on the
samples, the collection of these tests and texts written to reach every corner of the reading
(review material where each comment goes, a deck inferred from the cards, tricks without
seats, deals cut short, score sheets, games without deals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.collections.dedupe_entry import game_entry, read_entry
from belote_notation.collections.facts import GameFacts, game_facts
from belote_notation.collections.reading import InputGame
from belote_notation.notation.read.stream import iter_game_texts, text_source
from belote_notation.pipeline.games import TextGame
from tests.collections.collection_data import as_text, collection_games

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples").rglob("*.bel"))
CORNERS = {
    "comments everywhere": (
        '{before the tags}\n[Event "Club"]\n[North "Ana"]\n[South "Ana"]\n{the game}\n'
        "deal 1 dealer N\n{the deal}\ntafr9a N AS KS QS JS 10S\noffer 9S\n{after the offer}\n"
        "smsara 1 E:pass S:take! {a call} $4\ntrick 1 E:7H (S:8H? {inside} (W:9H!!)) S:AH ?! W:KH N:QH\n"
        "{on the trick}\nscore 10 152\nend NS\n{after end}\n"),
    "no tags, comments first": "{first}\n{second}\ndeal 1\ntrick 1 N:AS E:KS S:QS W:JS\nend\n",
    "deck inferred": "{first}\ndeal 1 dealer N\ntrick 1 N:1O E:12O S:11O W:10O\nend\n",
    "seats left out": ("[Rules \"classic\"]\ndeal 1 dealer N\nhand N AS KS QS JS 10S 9S 8S 7S\n"
                       "hand E AH KH QH JH 10H 9H 8H 7H\nhand S AD KD QD JD 10D 9D 8D 7D\n"
                       "hand W AC KC QC JC 10C 9C 8C 7C\nsmsara 1 E:take S\n"
                       "trick 1 AH AD AC AS\ntrick 2 KS KH KD KC\nend\n"),
    "cut short": "[North \"A\"]\ndeal 1 dealer N\ntrick 1 N:AS E:KS S:QS W:JS\ntrick 2 N:AH E:KH\nend\n",
    "score sheet": ('[Event "Night"]\n[Date "2025.01.02"]\ndeal 1 dealer N\nscore 102 60\nmatch 102 60\n'
                    "deal 2 dealer E\nscore 0 162\nmatch 102 222\npot 0\nend EW\n"),
    "no deal": '[North "Ana"]\n[Teams "A - B"]\nend *\n',
    "contree distribution": ('[Rules "contree"]\ndeal 1 dealer N\nrest E 7S 8S 9S\nend\n'),
}


def _games(text: str, name: str) -> list[tuple[InputGame, InputGame]]:
    """Each game twice: to read as text, and to read through its records."""
    texts = list(iter_game_texts(text_source(text), name))
    return [(InputGame(TextGame(t), name, tricks=True), InputGame(TextGame(t), name)) for t in texts]


def _same(text_facts: GameFacts, record_facts: GameFacts) -> None:
    for name in ("file", "number", "tags", "players", "teams", "rules", "result", "codes", "annotated",
                 "fingerprint", "deals"):
        assert getattr(text_facts, name) == getattr(record_facts, name), name
    for ours, theirs in zip(text_facts.deals, record_facts.deals, strict=True):
        assert [vars_of(t) for t in ours.tricks] == [vars_of(t) for t in theirs.tricks]
    assert text_facts.report.to_dict() == record_facts.report.to_dict()


def vars_of(trace: object) -> tuple[object, ...]:
    return tuple(getattr(trace, name) for name in trace.__slots__)  # type: ignore[attr-defined]


def _check(text: str, name: str) -> int:
    compared = 0
    for as_text_game, as_records in _games(text, name):
        assert as_text_game.findings == as_records.records().findings
        assert as_text_game.readable == as_records.records().readable
        if not as_records.records().readable:
            continue
        facts = game_facts(as_text_game, name)
        collected = as_text_game.collected()
        assert collected is not None
        reviewed = any(c.startswith("DD review:") for c in as_records.game.comments)
        through_records = collected.deck_inferred or reviewed
        assert (facts.replay is not None) == through_records
        _same(facts, game_facts(as_records.records(), name))
        entry = read_entry(collected, name, as_text_game.number)
        assert entry is None or entry == game_entry(as_records.game, name, as_text_game.number)
        compared += 1
    return compared


@pytest.mark.parametrize("path", SAMPLES)
def test_a_sample_reads_the_same_as_text_and_as_records(path: str) -> None:
    _check((ROOT / path).read_text(encoding="utf-8"), path)


@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_a_corner_reads_the_same_as_text_and_as_records(corner: str) -> None:
    assert _check(CORNERS[corner], "corner.bel") == 1


def test_the_collection_reads_the_same_as_text_and_as_records() -> None:
    assert _check(as_text(collection_games()), "club.bel") > 10


def test_a_game_without_deals_gives_no_player_rows() -> None:
    from belote_notation.collections.stats import StatsWork
    from belote_notation.collections.work import run_serial
    from belote_notation.pipeline.inputs import Source

    stats = run_serial(StatsWork(), [Source("night.bel", data=CORNERS["no deal"].encode())])
    assert (stats.games, stats.table("player"), stats.table("team")) == (1, [], [])
