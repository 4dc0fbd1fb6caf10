"""The engine's obligation table (game/engine/obligations.py) is ``legal_for``: on random
positions of every rule system (contrée with sans-atout and tout-atout too, and rule sets of
other obligations), the table's formula for the situation gives the mask ``legal_for`` gives,
for the hand the player holds and for other hands; and the table has one owner."""

from __future__ import annotations

import random

import pytest

from belote_notation.analysis import tables as solver_tables
from belote_notation.game.engine import (
    contract,
    hand_now,
    legal_for,
    next_player,
    obligations,
    play_card,
    trick_so_far,
)
from belote_notation.game.engine.obligations import (
    LEAD,
    formula,
    obligation_codes,
    obligation_table,
    situation,
)
from belote_notation.game.rules import Ruleset
from belote_notation.generator import random_deal
from tests.speed.test_play_cards import RULE_SETS, _rules_id, _start


@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_id)
def test_the_table_gives_legal_fors_masks(rules: Ruleset) -> None:
    rng = random.Random(f"obligations {_rules_id(rules)}")
    compared = 0
    for _ in range(40):
        script = random_deal(rules, rng.randrange(4), rng)
        state = _start(rules, script)
        made = contract(state)
        if made is None or made.trump is None:
            continue
        strain = made.trump
        codes = obligation_codes(rules, strain)
        assert obligation_table(rules, strain) == bytes(codes)
        for seat, card, mark in script.plays:
            now = trick_so_far(state)
            if now.cards:
                seat_now = next_player(state)
                for hand in (hand_now(state, seat_now), *(rng.getrandbits(32) for _ in range(6))):
                    partner = now.master_seat == (seat_now + 2) & 3
                    index = situation(hand, now.led, now.master_card, partner, strain)
                    expected = legal_for(state, seat_now, hand)
                    assert formula(codes[index], hand, now.led, now.master_card, strain) == expected
                    compared += 1
            play_card(state, seat, card, mark)  # type: ignore[arg-type]
    assert compared > 40 * 20


def test_the_lead_is_any_card_and_the_table_is_one() -> None:
    classic = Ruleset.preset("classic")
    assert obligation_codes(classic)[LEAD] == 0
    # the solver's tables are the engine's: one owner
    assert solver_tables.obligation_codes is obligations.obligation_codes
    assert solver_tables.situation is obligations.situation


def test_a_rule_set_the_formulas_cannot_express_has_no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Ruleset.preset("classic").with_options({"target": 4321})

    def refuse(rules: Ruleset, strain: int = 1) -> tuple[int, ...]:
        raise ValueError("not one of the formulas")

    monkeypatch.setattr(obligations, "obligation_codes", refuse)
    assert obligation_table.__wrapped__(rules, 0) is None  # type: ignore[attr-defined]
