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


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_the_ruleset_checked_from_its_values(name: str) -> None:
    """The presets are made unchecked (no pydantic at import): each is what checking its values
    gives, value for value and type for type."""
    preset = PRESETS[name]
    for checked in (Ruleset.model_validate(preset.model_dump()), Ruleset(**preset.model_dump())):
        assert checked == preset
        assert list(map(type, checked.model_dump().values())) == list(map(type, preset.model_dump().values()))


def test_values_are_checked_and_read_as_their_options_types() -> None:
    from pydantic import ValidationError

    assert Ruleset(target="500").target == 500
    assert Ruleset.model_validate({"deck": "spanish", "capot_points": None}).deck is Deck.SPANISH
    for wrong in ({"target": 0}, {"max_points_bid": 251}, {"litige": "maybe"}, {"bogus": True}):
        with pytest.raises(ValidationError):
            Ruleset.model_validate(wrong)
    for wrong in ({"double_multiplier": 0}, {"bogus": True}):
        with pytest.raises(ValidationError):
            Ruleset(**wrong)


def test_the_validating_model_has_the_rulesets_fields() -> None:
    fields = Ruleset.model_fields
    assert list(fields) == ["name", *Ruleset.option_names()]
    defaults = Ruleset.model_construct()
    assert all(field.default == getattr(defaults, name) for name, field in fields.items())
    assert [m.ge for m in fields["max_points_bid"].metadata if hasattr(m, "ge")] == [80]
    assert Ruleset.model_json_schema()["properties"]["target"] == {
        "default": 1000, "exclusiveMinimum": 0, "title": "Target", "type": "integer"}


def test_a_ruleset_is_a_frozen_value() -> None:
    import copy
    import pickle

    classic = Ruleset.preset("classic")
    with pytest.raises(AttributeError):
        classic.target = 500  # type: ignore[misc]
    assert classic.model_copy(update={"target": 500}).target == 500 and classic.target == 1000
    assert classic.model_copy(update={"target": "x"}).target == "x"  # unchecked, as pydantic's
    for same in (pickle.loads(pickle.dumps(classic)), copy.deepcopy(classic), classic.model_copy(deep=True)):
        assert same == classic and hash(same) == hash(classic) and same is not classic
    assert classic != Ruleset.preset("moroccan") and classic != classic.with_options({"target": "500"})
    assert classic.model_dump(mode="json")["deck"] == "french" and classic.model_dump()["deck"] is Deck.FRENCH
