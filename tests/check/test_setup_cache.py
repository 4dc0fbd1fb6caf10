"""The setup of a game is resolved once per distinct set of rule tags and configuration: the
same tags at other places give the same rules and deck, and their findings at their own places."""

from __future__ import annotations

from belote_notation.check.setup import ValidationConfig, resolve_setup
from belote_notation.notation.records import Game, Header


def tags(line: int, *pairs: tuple[str, str]) -> list[Header]:
    return [Header(name=name, value=value, line=line + i, col=1 + i)
            for i, (name, value) in enumerate(pairs)]


def test_the_same_tags_elsewhere_give_their_findings_at_their_places() -> None:
    pairs = (("Event", "x"), ("Rules", "clasic"), ("Option", "nonsense"), ("Deck", "french"),
             ("Option", "x=1"))
    first = resolve_setup(tags(3, *pairs), ValidationConfig(), "a.bel", 1)
    again = resolve_setup(tags(50, *pairs), ValidationConfig(), "b.bel", 7)
    assert first.rules is again.rules and first.deck is again.deck
    # an unknown Rules value is read as no Rules tag (issue 31): BEL912 says which rules, at the
    # game's start (placed there by the checker)
    assert [(f.code, f.line, f.col, f.file, f.game) for f in first.findings] == [
        ("BEL701", 4, 2, "a.bel", 1), ("BEL912", 0, 0, "a.bel", 1), ("BEL702", 5, 3, "a.bel", 1),
        ("BEL702", 7, 5, "a.bel", 1)]
    assert [(f.code, f.line, f.col, f.file, f.game) for f in again.findings] == [
        ("BEL701", 51, 2, "b.bel", 7), ("BEL912", 0, 0, "b.bel", 7), ("BEL702", 52, 3, "b.bel", 7),
        ("BEL702", 54, 5, "b.bel", 7)]
    assert [f.message for f in first.findings] == [f.message for f in again.findings]
    assert first.findings[0] is not again.findings[0]  # each game its own (the checker moves them)


def test_the_configuration_and_the_inferred_deck_are_part_of_the_key() -> None:
    headers = tags(1, ("Deck", "spanish"))
    assert resolve_setup(headers, ValidationConfig()).rules.name == "moroccan"
    assert resolve_setup(headers, ValidationConfig(rules="classic")).rules.name == "classic"
    target = resolve_setup(headers, ValidationConfig(options=(("target", "500"),))).rules
    assert target.target == 500
    said = resolve_setup(headers, ValidationConfig(), inferred_deck=True).findings[0].message
    assert said != resolve_setup(headers, ValidationConfig()).findings[0].message
    assert said.startswith("no Rules or Deck tag")


def test_a_game_and_its_tags_resolve_alike() -> None:
    game = Game(headers=tags(2, ("Rules", "moroccan"), ("Target", "250")))
    setup = resolve_setup(game, ValidationConfig())
    assert (setup.rules.name, setup.rules.target, setup.deck.value) == ("moroccan", 250, "spanish")
    assert setup.findings == []
