"""Issue 20 item 7 (outside the page): messages and solve tables in the game's deck."""

from __future__ import annotations

import json

import pytest

from belote_notation.analysis.solver import DoubleDummy, SolverUnavailable
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck, parse_card
from belote_notation.render.labels import card_label
from tests.cli.cli_support import run_belote
from tests.daily.support import SAMPLES

CLUB = SAMPLES / "moroccan" / "club-match-1.bel"


def test_a_wrong_deal_score_names_the_trump_in_the_games_deck() -> None:
    text = CLUB.read_text(encoding="utf-8").replace("score 103 79", "score 103 89", 1)
    (found,) = [f for r in validate_text(text) for f in r.findings if f.code == "BEL503"]
    assert "trump oros" in found.message and "♦" not in found.message


def test_solve_tables_are_in_the_games_deck() -> None:
    try:
        DoubleDummy()
    except SolverUnavailable as exc:  # pragma: no cover - built without a C compiler
        pytest.skip(str(exc))
    done = run_belote("solve", CLUB, "--format", "json", "--table")  # the table only when asked (issue 22)
    report = json.loads(done.stdout)
    assert report["trump"] == "copas"
    assert {e["trump"] for e in report["table"]} == {"espadas", "copas", "oros", "bastos"}
    text = run_belote("solve", CLUB).stdout
    assert not set("♠♥♦♣") & set(text) and "trump copas" in text


def test_spanish_cards_are_named_in_spanish_words() -> None:
    king_of_oros = parse_card("12O", Deck.SPANISH)
    assert card_label(king_of_oros, "spanish", "en") == "rey de oros"
    assert card_label(king_of_oros, "spanish", "fr") == "rey de oros"
