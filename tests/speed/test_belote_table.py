"""The engine's probe of a trump king or queen (``belote_table.belote_step``), which the
compiled play loop reads instead of calling ``track_belote_card`` and ``belote_word_due`` on
each such card.

The probe is keyed by what those functions read of the state for a card the loop lets through:
the card (so the trump), whether a card of the trump pair is played, whether the word due is
said with it by a seat dealt both. Held to the functions themselves on random states of every
rule set (whatever else they hold), and a rule changed in Python (the word due reversed) changes
the compiled loop's result as it changes the Python loop's, no C touched.
"""

from __future__ import annotations

import random

import pytest

from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import belote_marks, new_deal, set_contract, set_hands
from belote_notation.game.engine import play_cards as bound_play_cards
from belote_notation.game.engine.belote_marks import BELOTE_WORDS, belote_word_due, track_belote_card
from belote_notation.game.engine.belote_table import BELOTE_ASK, BELOTE_FIRST, BELOTE_KEPT, belote_step
from belote_notation.game.engine.play import PYTHON_PLAY_CARDS
from belote_notation.game.engine.tables import BELOTE_PAIRS
from belote_notation.game.rules import Ruleset, preset_names
from tests.speed.test_play_cards import RULE_SETS

compiled = pytest.mark.skipif(bound_play_cards is PYTHON_PLAY_CARDS, reason="the C extensions are not built")


def _random_hands(rng: random.Random, seat: int, pair: int) -> list[int]:
    """Four hands of eight cards, ``seat`` dealt both cards of ``pair``."""
    cards = [c for c in range(32) if not pair >> c & 1]
    rng.shuffle(cards)
    cards[seat * 8:seat * 8] = [c for c in range(32) if pair >> c & 1]
    hands = [0, 0, 0, 0]
    for i, card in enumerate(cards):
        hands[i // 8] |= 1 << card
    return hands


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.name)
def test_the_probe_is_what_the_engine_does_on_random_states(rules: Ruleset) -> None:
    rng = random.Random(f"belote step {rules.name}")
    for _ in range(300):
        trump, seat, said = rng.randrange(4), rng.randrange(4), rng.random() < 0.5
        state = new_deal(rules, rng.randrange(4))
        set_contract(state, taker=rng.randrange(4), trump=trump)
        set_hands(state, _random_hands(rng, seat, BELOTE_PAIRS[trump]))
        card = trump * 8 + rng.choice((QUEEN, KING))
        state.played = rng.getrandbits(32) & ~(1 << card)  # any cards played, the card itself not
        state.first_belote_card = rng.choice((None, card ^ (QUEEN ^ KING)))
        state.trick_no = rng.randrange(8)
        for kept in state.belote_marks:  # marks said before, whatever they are
            kept.extend([(rng.choice(BELOTE_WORDS), rng.randrange(32))] * rng.randrange(2))
        effect, word = belote_step(rules, card, bool(state.played & state.belote_pair), said)
        assert effect in (0, BELOTE_FIRST, BELOTE_KEPT, BELOTE_FIRST | BELOTE_KEPT)  # never "ask" here
        assert word == belote_word_due(state, card)
        first, marks = state.first_belote_card, [list(kept) for kept in state.belote_marks]
        assert track_belote_card(state, seat, card, word if said else None, state.trick_no + 1, 0) == []
        assert state.first_belote_card == (card if effect & BELOTE_FIRST else first)
        if effect & BELOTE_KEPT:
            marks[seat].append((word, card))
        assert state.belote_marks == marks


def test_the_cards_of_no_pair_are_asked() -> None:
    rules = Ruleset.preset("contree")
    pairs = BELOTE_PAIRS[0] | BELOTE_PAIRS[1] | BELOTE_PAIRS[2] | BELOTE_PAIRS[3]
    for card in (c for c in range(-1, 33) if not (0 <= c < 32 and pairs >> c & 1)):
        assert belote_step(rules, card, False, False) == (BELOTE_ASK, None)
    assert belote_step(rules, 6, False, False) == (BELOTE_FIRST, BELOTE_WORDS[0])
    assert belote_step(rules, 6, True, True) == (BELOTE_KEPT, BELOTE_WORDS[1])


def _first_card(rules: Ruleset, loop: object, marks: tuple[str | None, str | None] = (None, None)
                ) -> tuple[int, int | None, list[list[tuple[str, int]]]]:
    """N holds the trump (clubs) king and queen and plays the king then the queen saying
    ``marks``: where the loop stopped, the card recorded first and the marks kept."""
    state = new_deal(rules, dealer=3)
    set_contract(state, taker=0, trump=0)
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    said = {KING: marks[0], QUEEN: marks[1]}
    for trick in range(8):  # N leads and wins every trick, from the ace down: the king then the queen
        cards = [7 - trick, 15 - trick, 23 - trick, 31 - trick]
        stopped = loop(state, [0, 1, 2, 3], cards, [said.get(cards[0]), None, None, None])  # type: ignore[operator]
        if stopped < 4:
            return trick * 4 + stopped, state.first_belote_card, state.belote_marks
    return 32, state.first_belote_card, state.belote_marks


@compiled
def test_a_belote_order_changed_in_python_reaches_the_compiled_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The order reversed in the engine (the second card of the pair played is the belote): the
    compiled loop, on a rule set it has not met, records the queen first as the Python loop does."""
    preset = Ruleset.preset("classic")
    before = _first_card(preset, PYTHON_PLAY_CARDS)
    assert _first_card(preset, bound_play_cards) == before and before[1] == KING
    monkeypatch.setattr(belote_marks, "belote_word_due",
                        lambda state, card: BELOTE_WORDS[1 - (state.played >> (card ^ (QUEEN ^ KING)) & 1)])
    rules = Ruleset.preset("classic").with_options({"target": 4321})  # a rule set not asked yet
    after = _first_card(rules, PYTHON_PLAY_CARDS)
    assert after == _first_card(rules, bound_play_cards) == (32, QUEEN, before[2])
    monkeypatch.undo()


@compiled
def test_belote_words_changed_in_python_reach_the_compiled_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words swapped in the engine: the compiled loop, on a rule set it has not met, takes
    and keeps "rebelote" then "belote" as the Python loop does, where both stopped at the king."""
    preset, swapped = Ruleset.preset("classic"), ("rebelote", "belote")
    before = _first_card(preset, PYTHON_PLAY_CARDS, swapped)
    assert _first_card(preset, bound_play_cards, swapped) == before and before[0] < 32
    monkeypatch.setattr(belote_marks, "BELOTE_WORDS", swapped)
    rules = Ruleset.preset("classic").with_options({"target": 4322})  # a rule set not asked yet
    after = _first_card(rules, PYTHON_PLAY_CARDS, swapped)
    assert after == _first_card(rules, bound_play_cards, swapped)
    assert after == (32, KING, [[("rebelote", KING), ("belote", QUEEN)], [], [], []])
    monkeypatch.undo()


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_is_probed_to_an_answer_the_loop_can_write(name: str) -> None:
    rules = Ruleset.preset(name)
    for card in (c for c in range(32) if BELOTE_PAIRS[c >> 3] >> c & 1):
        for played in (False, True):
            for said in (False, True):
                effect, word = belote_step(rules, card, played, said)
                assert not effect & BELOTE_ASK and word == BELOTE_WORDS[played]
                assert bool(effect & BELOTE_KEPT) == said and bool(effect & BELOTE_FIRST) == (not played)
