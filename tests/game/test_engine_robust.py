"""The engine never raises: random and malformed calls come back as violations that name a
known code, a real seat, trick and card; the state stays within its bounds."""

from __future__ import annotations

import random
from collections.abc import Sequence

from belote_notation.game.engine import (
    Violation,
    add_deal,
    announce,
    apply_bid,
    codes,
    deal_five,
    deal_rest,
    legal_bids,
    legal_cards,
    new_deal,
    new_match,
    play_card,
    score_deal,
    set_hands,
    to_play,
    trick_so_far,
    tricks_played,
)
from belote_notation.game.rules import Ruleset
from tests.support.engine import SMSARA_PRESETS

ENGINE_CODES = {value for name, value in vars(codes).items() if name.isupper() and isinstance(value, str)
                and value.startswith("BEL")}


def _junk_card(rng: random.Random) -> int:
    return rng.choice([rng.randrange(32), rng.randrange(32), -1, 32, 99])


def _well_formed(found: Sequence[Violation], seen: set[str]) -> None:
    for v in found:
        assert v.code in ENGINE_CODES, v
        assert v.message, v
        assert v.seat is None or 0 <= v.seat < 4, v
        assert v.trick is None or 1 <= v.trick <= 9, v
        assert v.card is None or 0 <= v.card < 32, v
        seen.add(v.code)


def _junk_deal(rules: Ruleset, rng: random.Random, seen: set[str]):  # type: ignore[no-untyped-def]
    state = new_deal(rules, rng.choice([0, 1, 2, 3, None]))
    five = [rng.getrandbits(32) for _ in range(rng.choice([3, 4, 4]))]
    _well_formed(deal_five(state, five if rng.random() < 0.8 else None, _junk_card(rng)), seen)
    for _ in range(rng.randrange(10)):
        _well_formed(apply_bid(state, rng.randrange(4), rng.choice(["pass", "take", "double"]),
                               rng.choice([None, 0, 1, 2, 3, 7])), seen)
        assert len(legal_bids(state)) <= 5
    if rng.random() < 0.5:
        _well_formed(deal_rest(state, [rng.getrandbits(32) for _ in range(4)]), seen)
    else:
        _well_formed(set_hands(state, [rng.getrandbits(32) for _ in range(rng.choice([2, 4]))]), seen)
    for _ in range(rng.randrange(40)):
        if rng.random() < 0.1:
            _well_formed(announce(state, rng.choice([0, 1, 2, 3, None, 7]),
                                  rng.choice(["sequence", "carre", "belote", "x"]),
                                  rng.choice([rng.getrandbits(32), 0, None, -5])), seen)
        legal_cards(state)
        seat = rng.choice([to_play(state), rng.randrange(4), None, 9])
        _well_formed(play_card(state, seat, _junk_card(rng),
                               rng.choice([None, None, "belote", "rebelote", "x"])), seen)
        assert tricks_played(state) <= 8 and len(trick_so_far(state).cards) < 4
    return state


def test_random_calls_never_raise_and_say_what_is_wrong() -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for name in SMSARA_PRESETS:
        rules = Ruleset.preset(name)
        match = new_match(rules, 0)
        totals = [0, 0]
        for _ in range(150):
            result = score_deal(_junk_deal(rules, rng, seen))
            _well_formed(result.violations, seen)
            assert result.credited[0] >= 0 and result.credited[1] >= 0
            step = add_deal(match, result)
            totals = [totals[0] + step.credited[0], totals[1] + step.credited[1]]
            assert list(step.totals) == totals == match.totals
    # junk breaks many rules: each of these must still be recognised
    assert {codes.DUPLICATE_CARD, codes.WRONG_FIVE_COUNT, codes.BAD_CARD, codes.BID_OUT_OF_TURN,
            codes.BAD_BID, codes.CARD_NOT_HELD, codes.PLAYED_OUT_OF_TURN, codes.BELOTE_BAD_MARK,
            codes.ANNOUNCE_BAD_SHAPE, codes.TRICKS_MISSING} <= seen, seen


def test_bad_card_is_a_violation() -> None:
    state = new_deal(Ruleset.preset("classic"), 0)
    assert [v.code for v in play_card(state, 1, 40)] == ["BEL107"]
    assert [v.code for v in deal_five(new_deal(Ruleset.preset("classic"), 0), None, -3)] == ["BEL107"]


def test_a_bad_card_from_a_bad_seat_names_no_seat() -> None:
    state = new_deal(Ruleset.preset("classic"), 0)
    assert [(v.code, v.seat) for v in play_card(state, 9, -1)] == [("BEL107", None)]
