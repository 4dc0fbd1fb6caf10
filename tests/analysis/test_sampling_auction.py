"""Sampling that listens to the auction (issue 21): every sampled deal keeps what the viewer saw
(its own hand, the cards played legal, the voids, the face-up card) and what the calls promised
(docs/review.md); the uniform draw (``auction=False``) does not keep the promises."""

from __future__ import annotations

import random

from belote_notation.analysis.review import state_at
from belote_notation.analysis.sampling import Seen, auction_promises, sample_hands
from belote_notation.check.replay import replay_game
from belote_notation.game.cards import SUIT_MASKS
from belote_notation.game.engine import calls
from belote_notation.game.rules import Ruleset
from tests.support.colver_games import play_deal

SAMPLES = 1000


def games(deals: int, seed: int):
    """Deals bid and played by colver's heuristic players (realistic auctions: a bidder holds
    its suit), as records."""
    rules = Ruleset.preset("contree")
    for index in range(deals):
        yield play_deal(seed * 1000 + index, rules).game


def positions(deals: int, seed: int):
    """(state before the card, seen so far, viewer) at several points of played deals."""
    for game in games(deals, seed):
        for replay in replay_game(game).deals:
            final = replay.state
            if final is None or final.taker is None or final.trump < 0 or final.trick_no < 8:
                continue
            seen = Seen(final, None)
            point = 0
            for t, (seats, cards, _w) in enumerate(final.tricks):
                for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
                    if point % 5 == 2:
                        yield state_at(replay, t + 1, i + 1), seen, seat
                    point += 1
                    seen.played(seat, card, cards[0] >> 3)


def test_every_sample_keeps_the_hands_seen_and_the_calls() -> None:
    drawn = promised = truthful = 0
    rng = random.Random(5)
    for state, seen, viewer in positions(deals=200, seed=9):
        if not seen.keeps_promises(state.hands, viewer):
            continue  # a bluff: the real deal breaks a promise (then the draw may too)
        truthful += 1
        hands = sample_hands(state, viewer, seen, rng)
        drawn += 1
        assert hands[viewer] == state.hands[viewer]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
        assert sum(hands) == sum(state.hands) and not any(a & b for a in hands for b in hands if a is not b)
        for seat in range(4):
            assert not hands[seat] & seen.voids[seat]
        assert seen.consistent(hands)
        dealt = seen.dealt(hands)
        for (seat, suit), need in seen.promises.items():
            assert (dealt[seat] & SUIT_MASKS[suit]).bit_count() >= need
            promised += seat != viewer
        if drawn >= SAMPLES:
            break
    assert drawn == SAMPLES and promised > SAMPLES


def test_the_uniform_draw_breaks_promises_the_auction_keeps() -> None:
    """Without the auction some drawn deals give a bidder fewer cards of its suit than its
    bid promised: the promises are a real constraint."""
    broken = 0
    rng = random.Random(6)
    for index, (state, seen, viewer) in enumerate(positions(deals=60, seed=4)):
        uniform = Seen(seen.final, None, auction=False)
        uniform.seats, uniform.cards, uniform.voids = seen.seats, seen.cards, seen.voids
        hands = sample_hands(state, viewer, uniform, rng)
        broken += not seen.keeps_promises(hands, viewer)
        if index >= 300:
            break
    assert broken > 0


def test_the_promises_of_a_contree_auction() -> None:
    final = replay_game(next(games(1, 12))).deals[0].state
    made = calls(final)
    promises = auction_promises(made)
    for call in made:
        if call.action == "bid" and call.suit is not None and call.suit < 4:
            assert promises[(call.seat, call.suit)] >= (1 if call.value < 110 else 2)


def test_a_smsara_take_in_round_two_promises_two_cards_and_round_one_nothing() -> None:
    from belote_notation.game.engine import Call

    first = [Call(1, "take", 2, None)]
    second = [Call(s, "pass", None, None) for s in (1, 2, 3, 0)] + [Call(1, "take", 2, None)]
    assert auction_promises(first, rounds=True) == {}
    assert auction_promises(second, rounds=True) == {(1, 2): 2}


def test_annotate_takes_the_uniform_draw_as_an_option(tmp_path) -> None:
    from belote_notation.analysis.solver import DoubleDummy, SolverUnavailable
    from tests.cli.cli_support import run_belote

    try:
        DoubleDummy()
    except SolverUnavailable:  # pragma: no cover - built without a C compiler
        return
    from belote_notation.notation.write.writer import write_game

    record = tmp_path / "colver.bel"
    record.write_text(write_game(next(games(1, 3))), encoding="utf-8")
    for sampling in ("auction", "uniform"):
        done = run_belote("annotate", str(record), "--samples", "2", "--sampling", sampling,
                          "--format", "json")
        assert done.returncode == 0, done.stderr
    refused = run_belote("annotate", str(record), "--samples", "2", "--sampling", "both")
    assert refused.returncode == 2 and "--sampling" in refused.stderr
