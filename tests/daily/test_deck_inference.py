"""Issue 20 item 2: a Moroccan file without ``[Rules]`` is read in the deck its cards are in."""

from __future__ import annotations

import pytest

from belote_notation.check.setup import ValidationConfig
from belote_notation.check.suggest import ConfigError
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import RULE_SYSTEM_ALIASES, RULE_SYSTEM_DECKS
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game
from tests.daily.support import ROOT, codes, untagged_spanish


def test_untagged_spanish_cards_are_read_as_spanish_and_said_once() -> None:
    reports = validate_text(untagged_spanish(), "club.bel")
    assert [codes(r) for r in reports] == [["BEL912"]]
    report = reports[0]
    assert (report.rules, report.deck) == ("moroccan", "spanish")
    assert "the cards are spanish" in report.findings[0].message


def test_upper_case_untagged_spanish_cards_too() -> None:
    reports = validate_text(untagged_spanish(lower=False), "club.bel")
    assert [codes(r) for r in reports] == [["BEL912"]]


def test_mixed_cards_are_not_guessed() -> None:
    text = '[Event "x"]\ndeal 1\ntrick 1 N:4C E:KS S:7S W:8S\nend\n'
    report = validate_text(text)[0]
    assert report.deck == "french"
    assert "BEL004" in codes(report)  # 4C is not a French card


def test_tag_values_and_comments_say_nothing_of_the_deck() -> None:
    """A tag value or a comment that looks like a Spanish card (``1B``, ``12O``) is not a card:
    no deck is inferred from it (found by the writer's round-trip property test)."""
    game = parse_text('[Event "1B"]\n\ndeal 1 {12O, 4B} ; 1O\nend\n')[0].game
    assert game.header("Deck") is None
    assert write_game(game).startswith('[Event "1B"]\n')


def test_the_records_and_fmt_say_the_inferred_deck() -> None:
    game = parse_text(untagged_spanish())[0].game
    assert game.header("Deck") == "spanish"
    written = write_game(game)
    assert '[Deck "spanish"]' in written and "tafr9a N 4E 10E 6O 7O 4B" in written
    again = validate_text(written)[0]
    assert codes(again) == ["BEL912"] and again.deck == "spanish"


@pytest.mark.parametrize("name", ["marocain", "belote-marocaine", "Belote Marocaine", "MAROC"])
def test_aliases_name_the_moroccan_rules(name: str) -> None:
    text = untagged_spanish(lower=False).replace("[Dealer", f'[Rules "{name}"]\n[Dealer', 1)
    report = validate_text(text)[0]
    assert report.rules == "moroccan" and codes(report) == []


@pytest.mark.parametrize("typo", ["marocan", "belote marocain", "moroccn"])
def test_unknown_rule_system_gets_did_you_mean(typo: str) -> None:
    text = untagged_spanish(lower=False).replace("[Dealer", f'[Rules "{typo}"]\n[Dealer', 1)
    (bad,) = [f for f in validate_text(text)[0].findings if f.code == "BEL701"]
    assert "did you mean 'moroccan'?" in bad.message
    with pytest.raises(ConfigError, match="did you mean 'moroccan'"):
        ValidationConfig(rules=typo)


def test_docs_list_every_rule_system_and_alias() -> None:
    docs = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    for name in [*RULE_SYSTEM_DECKS, *RULE_SYSTEM_ALIASES]:
        assert f"`{name}`" in docs, name


@pytest.mark.parametrize("typo", ["morrocan", "marocan"])
def test_a_misspelt_rule_system_is_read_as_no_rules_tag(typo: str) -> None:
    """Issue 31: the same findings as with no Rules tag (the deck and rules worked out from the
    cards, BEL912 saying which), plus BEL701 with its did-you-mean; not the classic rules."""
    text = untagged_spanish().replace("score 103 79", "score 113 69", 1)   # one finding to keep
    untagged = validate_text(text)[0]
    misspelt = validate_text(f'[Rules "{typo}"]\n' + text)[0]
    assert (misspelt.rules, misspelt.deck) == (untagged.rules, untagged.deck) == ("moroccan", "spanish")

    def others(report: object, shift: int) -> list[tuple[str, int, str]]:
        return [(f.code, f.line - shift, f.message) for f in report.findings  # type: ignore[attr-defined]
                if f.code not in ("BEL701", "BEL912")]

    assert others(misspelt, 1) == others(untagged, 0) and [c for c, _, _ in others(untagged, 0)] == ["BEL503"]
    assert codes(misspelt) == ["BEL701", "BEL912", "BEL503"]
    bad, said = misspelt.findings[0], misspelt.findings[1]
    assert (bad.line, bad.col) == (1, 1) and "did you mean 'moroccan'?" in bad.message
    assert "moroccan rules" in bad.message and "moroccan rules and the spanish deck" in said.message
