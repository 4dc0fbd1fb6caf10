"""Rulesets: presets and option overrides."""

import pytest

from belote_notation.cards import Deck
from belote_notation.rules import PRESETS, Ruleset, RulesError


def test_presets_exist():
    assert set(PRESETS) == {"moroccan", "classic", "gameduell", "traditional"}
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
