"""Issue 32: one visitor keeps what a game's text says of itself, for the store and the collections."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.check.as_read import AsReadChecker
from belote_notation.check.checker import GameChecker
from belote_notation.collections.reading import collect_text
from belote_notation.notation.read.reader import parse_game_text, read_game_events
from belote_notation.notation.read.stream import iter_game_texts, text_source
from belote_notation.service.columns import columns_of
from tests.daily.support import untagged_spanish

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples").glob("*/*.bel")
                 if p.parent.name != "invalid")


def _read(text: str, keeps_deals: bool = True) -> AsReadChecker:
    checker = AsReadChecker(file="club.bel", keeps_deals=keeps_deals)
    read_game_events(text, checker, "club.bel")
    return checker


def test_an_inferred_deck_is_taken_as_the_records_carry_it() -> None:
    text = next(iter(iter_game_texts(text_source(untagged_spanish()), "club.bel")))
    checker = _read(text.text)
    assert checker.deck_inferred
    assert ("Deck", "spanish") in checker.tag_pairs
    records = parse_game_text(text.text, "club.bel").game
    as_records = records.accept(GameChecker(file="club.bel"))
    assert [(f.code, f.message) for f in checker.report.findings] == [
        (f.code, f.message) for f in as_records.findings]
    assert "the cards are spanish" not in checker.report.findings[0].message  # validate's wording


def test_the_store_and_the_collections_read_the_same_of_a_game() -> None:
    text = '[Event "club"]\n{night}\ndeal 1 dealer N\nsmsara E:take\ntrick 1 N:AS! {good} E:KS\nend 1-0\n'
    store, collections = _read(text, keeps_deals=False), collect_text(text, "club.bel")
    assert store.deals == [] and len(collections.deals) == 1
    assert list(columns_of(store).tags) == collections.tags == [("Event", "club")]
    assert store.game_comments() == collections.comments == ["night"]
    assert store.game_result == collections.result


@pytest.mark.parametrize("path", SAMPLES)
def test_keeping_the_deals_changes_nothing_else(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    for game in iter_game_texts(text_source(source), path):
        kept, not_kept = _read(game.text), _read(game.text, keeps_deals=False)
        assert kept.report.to_dict() == not_kept.report.to_dict()
        assert (kept.tag_pairs, kept.contracts, kept.card_less, kept.read_error, kept.game_comments()) == (
            not_kept.tag_pairs, not_kept.contracts, not_kept.card_less, not_kept.read_error,
            not_kept.game_comments())
        assert len(kept.deals) == len(kept.report.deals) or not kept.report.deal_count
