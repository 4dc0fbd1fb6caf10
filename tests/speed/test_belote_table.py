"""The engine's table of an unmarked trump king or queen (``belote_marks.unmarked_table``),
which the compiled play loop reads instead of calling ``track_belote_card`` on each such card.

The table is keyed by what the function reads of the state for an unmarked card: the card, the
trump and whether a card of the trump pair is played. Held to the function itself on random
states of every rule set (whatever else they hold), and a rule changed in Python (the word due
reversed) changes the compiled loop's result as it changes the Python loop's, no C touched.
"""

from __future__ import annotations

import random

import pytest

from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import belote_marks, new_deal, set_contract, set_hands
from belote_notation.game.engine import play_cards as bound_play_cards
from belote_notation.game.engine.belote_marks import (
    UNMARKED_ASK,
    UNMARKED_FIRST,
    UNMARKED_NOTHING,
    track_belote_card,
    unmarked_table,
)
from belote_notation.game.engine.play import PYTHON_PLAY_CARDS
from belote_notation.game.engine.tables import BELOTE_PAIRS
from belote_notation.game.rules import Ruleset, preset_names
from tests.speed.test_play_cards import RULE_SETS

compiled = pytest.mark.skipif(bound_play_cards is PYTHON_PLAY_CARDS, reason="the C extensions are not built")


def _random_hands(rng: random.Random) -> list[int]:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(cards):
        hands[i // 8] |= 1 << card
    return hands


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.name)
def test_the_table_is_what_track_belote_card_does_on_random_states(rules: Ruleset) -> None:
    table = unmarked_table(rules)
    assert len(table) == 64
    rng = random.Random(f"unmarked {rules.name}")
    for _ in range(300):
        state = new_deal(rules, rng.randrange(4))
        trump = rng.randrange(4)
        set_contract(state, taker=rng.randrange(4), trump=trump)
        set_hands(state, _random_hands(rng))
        card = trump * 8 + rng.choice((QUEEN, KING))
        state.played = rng.getrandbits(32) & ~(1 << card)  # any cards played, the card itself not
        state.first_belote_card = rng.choice((None, card ^ (QUEEN ^ KING)))
        state.trick_no = rng.randrange(8)
        before = state.first_belote_card
        entry = table[card * 2 + (1 if state.played & state.belote_pair else 0)]
        assert entry in (UNMARKED_NOTHING, UNMARKED_FIRST)  # never "ask" for the rules we have
        said = track_belote_card(state, rng.randrange(4), card, None, state.trick_no + 1, rng.randrange(4))
        assert said == []
        assert state.first_belote_card == (card if entry == UNMARKED_FIRST else before)


def test_the_cards_of_no_pair_are_asked() -> None:
    table = unmarked_table(Ruleset.preset("contree"))
    pairs = BELOTE_PAIRS[0] | BELOTE_PAIRS[1] | BELOTE_PAIRS[2] | BELOTE_PAIRS[3]
    assert all(table[card * 2 + played] == UNMARKED_ASK
               for card in range(32) if not pairs >> card & 1 for played in (0, 1))
    assert {table[card * 2] for card in range(32) if pairs >> card & 1} == {UNMARKED_FIRST}


def _first_card(rules: Ruleset, loop: object) -> int | None:
    """N holds the trump (clubs) king and queen and plays the king then the queen, unmarked."""
    state = new_deal(rules, dealer=3)
    set_contract(state, taker=0, trump=0)
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    for trick in range(8):  # N leads and wins every trick, from the ace down: the king then the queen
        cards = [7 - trick, 15 - trick, 23 - trick, 31 - trick]
        assert loop(state, [0, 1, 2, 3], cards, [None] * 4) == 4  # type: ignore[operator]
    return state.first_belote_card


@compiled
def test_a_belote_order_changed_in_python_reaches_the_compiled_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The word due reversed in the engine (the second card of the pair is the belote): the
    compiled loop, on a rule set it has not met, records the queen as the Python loop does."""
    assert _first_card(Ruleset.preset("classic"), bound_play_cards) == KING
    assert _first_card(Ruleset.preset("classic"), PYTHON_PLAY_CARDS) == KING
    words = belote_marks.BELOTE_WORDS
    monkeypatch.setattr(belote_marks, "belote_word_due",
                        lambda state, card: words[1 - (state.played >> (card ^ (QUEEN ^ KING)) & 1)])
    rules = Ruleset.preset("classic").with_options({"target": 4321})  # a rule set not asked yet
    assert _first_card(rules, PYTHON_PLAY_CARDS) == QUEEN
    assert _first_card(rules, bound_play_cards) == QUEEN
    monkeypatch.undo()


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_has_a_table_the_loop_can_use(name: str) -> None:
    table = unmarked_table(Ruleset.preset(name))
    assert {table[card * 2 + 1] for card in range(32) if (BELOTE_PAIRS[card >> 3] >> card) & 1} \
        == {UNMARKED_NOTHING}
