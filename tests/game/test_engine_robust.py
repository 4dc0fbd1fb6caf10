"""The engine never raises: random and malformed calls come back as violations."""

import random

from belote_notation.game.engine import (
    add_deal,
    announce,
    apply_bid,
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
)
from belote_notation.game.rules import PRESETS, Ruleset


def _junk_card(rng):
    return rng.choice([rng.randrange(32), rng.randrange(32), -1, 32, 99])


def test_random_calls_never_raise():
    rng = random.Random(5)
    for name in PRESETS:
        rules = Ruleset.preset(name)
        match = new_match(rules, 0)
        for _ in range(150):
            state = new_deal(rules, rng.choice([0, 1, 2, 3, None]))
            five = [rng.getrandbits(32) for _ in range(rng.choice([3, 4, 4]))]
            deal_five(state, five if rng.random() < 0.8 else None, _junk_card(rng))
            for _ in range(rng.randrange(10)):
                apply_bid(state, rng.randrange(4), rng.choice(["pass", "take", "double"]),
                          rng.choice([None, 0, 1, 2, 3, 7]))
                legal_bids(state)
            if rng.random() < 0.5:
                deal_rest(state, [rng.getrandbits(32) for _ in range(4)])
            else:
                set_hands(state, [rng.getrandbits(32) for _ in range(rng.choice([2, 4]))])
            for _ in range(rng.randrange(40)):
                if rng.random() < 0.1:
                    announce(state, rng.choice([0, 1, 2, 3, None, 7]),
                             rng.choice(["sequence", "carre", "belote", "x"]),
                             rng.choice([rng.getrandbits(32), 0, None, -5]))
                legal_cards(state)
                seat = rng.choice([to_play(state), rng.randrange(4), None, 9])
                play_card(state, seat, _junk_card(rng), rng.choice([None, None, "belote", "rebelote", "x"]))
            result = score_deal(state)
            add_deal(match, result)


def test_bad_card_is_a_violation():
    state = new_deal(Ruleset.preset("classic"), 0)
    assert [v.code for v in play_card(state, 1, 40)] == ["BEL107"]
    assert [v.code for v in deal_five(new_deal(Ruleset.preset("classic"), 0), None, -3)] == ["BEL107"]
