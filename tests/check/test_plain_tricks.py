"""The checks play a deal's plain tricks in one call to the engine (``play_tricks_batch``):
the same findings at the same places, the same scores, as the loop trick by trick that plays
each trick in its own call (the way every other trick goes), on flawed generated games of
every rule system (illegal cards, wrong winners, marks, alternative lines, cut lines...) and
on records whose cards no longer fall four to a trick (a card out of the deck)."""

from __future__ import annotations

import random

import pytest

from belote_notation.check import play as check_play
from belote_notation.check.validator import validate_parsed, validate_text
from belote_notation.game.rules import preset_names
from belote_notation.notation.read.reader import parse_text
from tests.speed.corpus import FLAWS, corpus_text
from tests.support.validator import generated_text


def _trick_by_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    """No batch: every trick takes the loop's way (its seam in check/play.py)."""
    monkeypatch.setattr(check_play, "_play_plain", lambda *args: 0)


def _trick_flaws(text: str, rng: random.Random, rate: float) -> str:
    flaws = [FLAWS[name][1] for name in ("illegal card", "wrong winner", "variation", "cut line")]
    lines = text.split("\n")
    return "\n".join(rng.choice(flaws)(line, rng) if line.startswith("trick ") and rng.random() < rate
                     else line for line in lines)


@pytest.mark.parametrize("rate", [0.0, 0.03, 0.15])
def test_the_batch_reports_what_the_loop_reports(monkeypatch: pytest.MonkeyPatch, rate: float) -> None:
    rng = random.Random(rate)
    texts = [_trick_flaws(text, rng, rate) for text in corpus_text(60, seed=7, rate=rate / 3)]
    batched = [[r.to_dict() for r in validate_text(text, "t.bel")] for text in texts]
    _trick_by_trick(monkeypatch)
    looped = [[r.to_dict() for r in validate_text(text, "t.bel")] for text in texts]
    assert batched == looped
    found = sum(len(r["findings"]) for reports in looped for r in reports)
    assert (found > 50) if rate else (found == 0)
    assert len(texts) == len(preset_names())


def test_a_card_out_of_the_deck_leaves_its_trick_to_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = parse_text(generated_text("classic"))[0]
    deals = [d for d in parsed.game.deals if len(d.tricks) == 8]
    for n, deal in enumerate(deals[:6]):
        deal.tricks[n % 8].plays[n % 4].card = 40  # not placed: the next cards shift a trick
    batched = validate_parsed(parsed, "t.bel", 1).to_dict()
    _trick_by_trick(monkeypatch)
    looped = validate_parsed(parsed, "t.bel", 1).to_dict()
    assert batched == looped
    assert sum(f["code"] == "BEL107" for f in looped["findings"]) == 6
