"""The JSON outputs' bytes: a game's text as ``json.dumps`` of its report's JSON form writes it.

``render_game`` encodes with a shared encoder (no check of circular references) and hands the
selected findings to ``GameReport.to_dict`` instead of copying the report; ``DealReport.to_dict``
spells its seats, team and trump inline. tests/golden compares the JSON outputs as structures,
so these tests hold the bytes, and the inlined names to the public functions that name them.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from belote_notation.check.report import DealReport, GameReport, seat_name, team_name
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck, suit_name
from belote_notation.pipeline.output import render_game
from belote_notation.pipeline.select import ReportOptions

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
PATHS = sorted(SAMPLES.glob("*/*.bel"))


def _dumps(report: GameReport) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("options", [ReportOptions(), ReportOptions.from_text(select=["BEL3", "BEL6"]),
                                     ReportOptions.from_text(ignore=["BEL0"], strict=True)],
                         ids=["everything", "select", "ignore-strict"])
def test_a_games_json_is_the_dump_of_its_report_with_the_findings_reported(options: ReportOptions) -> None:
    games = selected = 0
    for path in PATHS:
        for report in validate_text(path.read_text(encoding="utf-8"), str(path)):
            view = options.view(report)
            findings = options.reported(report)
            for fmt in ("json", "jsonl"):
                expected = _dumps(dataclasses.replace(view, findings=findings))
                assert render_game(report, fmt, options).out == expected, (path, fmt)
            games += 1
            selected += findings != report.findings
    assert len(PATHS) > 20 and games >= len(PATHS)
    assert selected > 0 if options != ReportOptions() else selected == 0  # the selection is what is written


def _reference(report: DealReport, deck: object) -> dict[str, object]:
    """The deal's JSON form spelled with the public naming functions."""
    trump = report.trump
    letter = (None if trump is None or not 0 <= trump < 4
              else suit_name(trump, deck if isinstance(deck, Deck) else Deck.FRENCH))
    return {"deal": report.number, "line": report.line,
            "dealer": seat_name(report.dealer), "taker": seat_name(report.taker), "trump": letter,
            "outcome": report.outcome, "card_points": report.card_points,
            "last_trick": team_name(report.last_trick)}


@pytest.mark.parametrize("deck", [None, Deck.FRENCH, Deck.SPANISH, "spanish"])
@pytest.mark.parametrize("seat", [None, 0, 1, 2, 3, 4, -1, True])
def test_a_deals_names_are_the_public_functions_names(deck: object, seat: int | None) -> None:
    for trump in (None, 0, 1, 2, 3, 4, 5, -1):
        for last in (None, 0, 1, -1):
            report = DealReport(7, 12, seat, seat, trump, "made", [80, 82], last)
            got = report.to_dict(deck)
            want = _reference(report, deck)
            assert {key: got[key] for key in want} == want
            assert list(got)[:len(want)] == list(want)
