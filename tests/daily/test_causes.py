"""Issue 31, "causes, not consequences": one mistake is one finding, at its cause.

The running totals are arithmetic over the typed deal scores (each total against the one
before it as it should have been, plus the deal's typed score); a deal score the engine
scores differently is said once, at the score; a lead that only follows from the winner of
the trick before it is said once, as that winner.
"""

from __future__ import annotations

from pathlib import Path

from belote_notation.check.validator import validate_text
from tests.daily.support import SAMPLES

DATA = Path(__file__).resolve().parent / "data"
CLUB_NIGHT = DATA / "club-night.bel"
PARTIE = DATA / "partie-wrong-winner.bel"


def _errors(text: str) -> list[tuple[str, int, int | None, str]]:
    return [(f.code, f.line, f.deal, f.message) for r in validate_text(text, "t.bel") for f in r.findings
            if f.severity != "info"]


def _line(text: str, start: str) -> int:
    (number,) = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start)]
    return number


def test_the_club_night_gives_the_illegal_card_its_score_and_the_planted_total_once() -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8")
    found = _errors(text)
    trick = _line(text, "pli 3 s:4o e:6o n:12e w:6b")
    assert [(code, line) for code, line, _, _ in found] == [
        ("BEL304", trick),                                  # the illegal card
        ("BEL501", trick),                                  # the winner it changed, at `gagne w`
        ("BEL503", _line(text, "marque 138 24")),           # its deal's score, once
        ("BEL601", _line(text, "total 415 151")),           # the planted total, once
    ]
    assert "it should be N-S 405, E-W 151" in found[3][3]
    assert not [f for f in found if f[2] in (4, 5)]          # nothing on the deals after it
    assert not [f for f in found if f[0] == "BEL307"]        # the lead of trick 4 follows the winner


def test_the_club_night_with_the_real_card_put_back_has_only_the_planted_total() -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8")
    real = text.replace("pli 3 s:4o e:6o n:12e w:6b", "pli 3 s:4o e:6o n:12e w:1e", 1)
    real = real.replace("pli 8 s:10e e:11o n:5c w:1e", "pli 8 s:10e e:11o n:5c w:6b", 1)
    assert [(code, deal) for code, _, deal, _ in _errors(real)] == [("BEL601", 3)]
    right = real.replace("\ntotal 415 151\n", "\ntotal 405 151\n", 1)
    assert _errors(right) == []


def test_a_lead_that_follows_an_illegal_card_is_said_as_the_winner() -> None:
    text = PARTIE.read_text(encoding="utf-8")
    found = _errors(text)
    assert [(code, line) for code, line, _, _ in found] == [
        ("BEL304", _line(text, "trick 6 W:9D N:AD E:QC")),
        ("BEL501", _line(text, "trick 7 E:8S S:KC")),             # at E's lead: no winner is written
        ("BEL503", _line(text, "score 0 250")),
    ]
    assert found[1][3] == "trick 6 recorded as won by E (E leads trick 7), but N won it with A♦"


def test_a_wrong_lead_after_a_rightly_recorded_winner_is_still_a_lead_error() -> None:
    text = (SAMPLES / "moroccan" / "club-match-1.bel").read_text(encoding="utf-8")
    wrong = text.replace("trick 2 S:11B E:7B N:6B W:5B winner E", "trick 2 E:7B N:6B W:5B S:11B winner E", 1)
    assert wrong != text
    codes = [code for code, _, _, _ in _errors(wrong)]
    assert codes[0] == "BEL307" and "BEL501" not in codes


def test_a_wrong_deal_score_is_one_finding_whichever_way_its_total_is_typed() -> None:
    text = (SAMPLES / "moroccan" / "club-match-1.bel").read_text(encoding="utf-8")
    # deal 2 scores 103 79; typed 113 69, its total typed from the typed score, or from the right one
    from_typed = text.replace("score 103 79\nmatch 205 159", "score 113 69\nmatch 215 149", 1)
    from_right = text.replace("score 103 79\nmatch 205 159", "score 113 69\nmatch 205 159", 1)
    for wrong in (from_typed, from_right):
        assert wrong != text
        assert [(code, deal) for code, _, deal, _ in _errors(wrong)] == [("BEL503", 2)]
