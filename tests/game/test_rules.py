"""Rulesets: presets and option overrides."""

import pytest

from belote_notation.game.cards import Deck
from belote_notation.game.rules import PRESETS, RulesError, Ruleset


def test_presets_exist():
    assert set(PRESETS) == {"moroccan", "classic", "gameduell", "traditional", "contree", "coinche"}
    assert Ruleset.preset("Moroccan").deck is Deck.SPANISH
    assert Ruleset.preset("balote").target == 500


def test_override_one_option():
    rules = Ruleset.preset("classic").with_options({"target": "501", "litige": "both_score"})
    assert rules.target == 501 and rules.litige == "both_score"
    assert rules.changed_options() == {"target": 501, "litige": "both_score"}


def test_booleans_from_text():
    rules = Ruleset.preset("moroccan").with_options({"overtrump-when-ruffing": "yes"})
    assert rules.overtrump_when_ruffing is True


@pytest.mark.parametrize("key,value", [("nonsense", "1"), ("litige", "maybe"), ("target", "x")])
def test_bad_overrides(key, value):
    with pytest.raises(RulesError):
        Ruleset.preset("classic").with_options({key: value})


def test_unknown_preset():
    with pytest.raises(RulesError):
        Ruleset.preset("whist")


def test_every_option_is_documented():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in Ruleset.option_names():
        assert f"`{name}`" in text, name


@pytest.mark.parametrize("name,option,value", [
    ("moroccan", "forced_take_on_top_trump", True),
    ("moroccan", "announce_deadline", "before_second_card"),
    ("moroccan", "contract_basis", "card_points"),
    ("moroccan", "overtrump_when_ruffing", False),
    ("classic", "first_bidder", "left"),
    ("classic", "capot_points", 250),
    ("gameduell", "litige", "takers_lose"),
    ("gameduell", "contract_basis", "over_81"),
    ("gameduell", "capot_points", 252),
    ("traditional", "first_lead", "dealer_right"),
    ("traditional", "litige", "pot"),
    ("traditional", "belote_requires_declaration", True),
])
def test_preset_values_from_the_texts(name, option, value):
    assert getattr(Ruleset.preset(name), option) == value
