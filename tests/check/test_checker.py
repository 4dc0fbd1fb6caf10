"""The checks as a visitor: a deal is checked once its text is over, so a syntax error anywhere
in it (or anywhere in the game, for deal numbering) is known first; records and text agree."""

from __future__ import annotations

from belote_notation.check.checker import GameChecker
from belote_notation.check.validator import validate_game, validate_text
from belote_notation.notation.read.reader import parse_text
from tests.support.validator import generated_text

TEXT = generated_text("classic", deals=3, seed=5)


def _codes(text: str) -> list[tuple[str, int | None]]:
    return [(f.code, f.deal) for r in validate_text(text, "t.bel") for f in r.findings]


def test_a_deal_number_out_of_order_is_a_warning():
    text = TEXT.replace("\ndeal 2 dealer", "\ndeal 7 dealer", 1)
    assert ("BEL705", 7) in _codes(text)


def test_deal_numbers_are_not_judged_when_a_later_deal_has_a_syntax_error():
    renumbered = TEXT.replace("\ndeal 2 dealer", "\ndeal 7 dealer", 1)
    broken = renumbered.replace("\ndeal 3 dealer", "\ndeal 3 dealer\ntrick 1 N:ZZ", 1)
    codes = _codes(broken)
    assert "BEL705" not in [code for code, _ in codes]
    assert ("BEL910", 3) in codes  # only the deal holding the error is not replayed
    assert ("BEL910", 7) not in codes


def test_records_and_text_give_the_same_report():
    text = TEXT.replace("score ", "score 1", 1)
    parsed = parse_text(text, "t.bel")[0]
    from_text = validate_text(text, "t.bel")[0]
    from_records = parsed.game.accept(GameChecker(file="t.bel"))
    assert [f.to_dict() for f in from_records.findings] == [f.to_dict() for f in from_text.findings]
    assert from_records.to_dict() == from_text.to_dict()
    assert validate_game(parsed.game, "t.bel").to_dict() == from_text.to_dict()
    assert "BEL503" in [f.code for f in from_text.findings]
