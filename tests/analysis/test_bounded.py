"""The sampled review's loss searched only as far as needed (issue 23) equals the loss from
every card's exact value in every deal drawn, with the same stops."""

from __future__ import annotations

import random

import pytest

from belote_notation.analysis import DoubleDummy
from belote_notation.analysis.bounded import sampled_loss
from belote_notation.game.engine import legal_cards, to_play
from belote_notation.game.rules import Ruleset
from tests.analysis.positions import play_random, random_deal, solver_args


def _shuffled_draw(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """Deals of the other seats' cards keeping each hand's size (a few distinct ones, drawn again)."""
    others = [s for s in range(4) if s != seat]
    cards = [c for s in others for c in range(32) if state.hands[s] >> c & 1]
    deals = []
    for _ in range(3):
        rng.shuffle(cards)
        hands = list(state.hands)
        at = 0
        for s in others:
            n = state.hands[s].bit_count()
            hands[s] = sum(1 << c for c in cards[at:at + n])
            at += n
        deals.append(hands)
    return lambda: list(rng.choice(deals))


@pytest.mark.parametrize("seed", range(12))
def test_the_bounded_loss_is_the_exact_one(seed: int) -> None:
    rng = random.Random(seed)
    rules = Ruleset.preset("classic" if seed % 2 else "contree")
    state = play_random(random_deal(rules, rng), rng.randrange(4, 20), rng)
    seat = to_play(state)
    legal = [c for c in range(32) if legal_cards(state) >> c & 1]
    for card in legal:
        for certain_after in (0, 4):
            draw_seed = rng.randrange(10**6)
            totals, drawn = DoubleDummy().sampled_totals(
                state, _shuffled_draw(state, seat, random.Random(draw_seed)), 10, card, seat & 1,
                certain_after=certain_after, bands=(6, 16, 40))
            draw = _shuffled_draw(state, seat, random.Random(draw_seed))
            loss, count = sampled_loss(DoubleDummy(), state, draw, 10, card, seat & 1,
                                       certain_after=certain_after, bands=(6, 16, 40))
            assert (loss, count) == (max(totals.values()) - totals[card], drawn)


def test_probe_checks_its_arguments_and_agrees_with_values() -> None:
    from belote_notation.analysis.tables import solver_for

    searcher = solver_for(Ruleset.preset("classic"), trump=1)
    hands = [0x000F000F, 0x00F000F0, 0x0F000F00, 0xF000F000]
    position = (hands, [], 0, 0, 0, 0, 0)
    values = dict(searcher.values(*position))
    for card, value in values.items():
        assert searcher.probe(*position, card, 0, True) == value
        assert searcher.probe(*position, card, value, False) >= value  # a lower bound: "at least"
        assert value <= searcher.probe(*position, card, value + 1, False) <= value  # "not above": at most
    with pytest.raises(ValueError, match="not a legal card"):
        searcher.probe(*position, 4, 0, True)  # N holds 0-3 and 16-19
    with pytest.raises(ValueError, match="card"):
        searcher.probe(*position, 32, 0, True)
    with pytest.raises(TypeError, match="10 arguments"):
        searcher.probe(*position, 0)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="not initialised"):
        type(searcher).__new__(type(searcher)).probe(*position, 0, 0, True)
    fresh = solver_for(Ruleset.preset("classic"), trump=1)  # an empty table: the search must run
    fresh.budget = 1
    with pytest.raises(RuntimeError, match="budget"):
        fresh.probe(*position, 0, 0, True)


@pytest.mark.parametrize("seed", range(6))
def test_by_score_the_sampled_loss_is_the_score_one(seed: int) -> None:
    """``value="score"``: the loss is the one of every card's points as the deal scores them
    (``sampled_totals`` by score), not the card points (the bounds only hold for those)."""
    rng = random.Random(100 + seed)
    rules = Ruleset.preset("classic" if seed % 2 else "contree")
    state = play_random(random_deal(rules, rng), rng.randrange(4, 20), rng)
    seat = to_play(state)
    for card in [c for c in range(32) if legal_cards(state) >> c & 1]:
        draw_seed = rng.randrange(10**6)
        totals, drawn = DoubleDummy(value="score").sampled_totals(
            state, _shuffled_draw(state, seat, random.Random(draw_seed)), 10, card, seat & 1,
            bands=(6, 16, 40))
        loss, count = sampled_loss(DoubleDummy(value="score"), state,
                                   _shuffled_draw(state, seat, random.Random(draw_seed)), 10, card, seat & 1,
                                   bands=(6, 16, 40))
        assert (loss, count) == (max(totals.values()) - totals[card], drawn)


@pytest.mark.parametrize("seed", range(3))
def test_the_bounded_loss_is_the_exact_one_at_the_first_trick(seed: int) -> None:
    """At the first trick, where the card best on the upper totals is lowered a test at a time
    (``_best``) most often, on deals drawn of the first trick's unseen cards."""
    rng = random.Random(500 + seed)
    rules = Ruleset.preset("classic" if seed % 2 else "contree")
    state = play_random(random_deal(rules, rng), rng.randrange(0, 4), rng)
    seat = to_play(state)
    for card in [c for c in range(32) if legal_cards(state) >> c & 1][:3]:
        draw_seed = rng.randrange(10**6)
        draw = _shuffled_draw(state, seat, random.Random(draw_seed))
        totals, drawn = DoubleDummy().sampled_totals(state, draw, 8, card, seat & 1, bands=(6, 16, 40))
        draw = _shuffled_draw(state, seat, random.Random(draw_seed))
        loss, count = sampled_loss(DoubleDummy(), state, draw, 8, card, seat & 1, bands=(6, 16, 40))
        assert (loss, count) == (max(totals.values()) - totals[card], drawn)


def test_the_exact_value_does_not_depend_on_the_guess() -> None:
    """MTD(f) in the C search steps faster from a far guess and bisects once the value is
    bracketed: the value found is the same from any guess, a fresh table or a warm one."""
    from belote_notation.analysis.tables import solver_for

    rng = random.Random(7)
    for cards in (4, 14):
        state = play_random(random_deal(Ruleset.preset("classic"), rng), cards, rng)
        position = solver_args(state)
        values = dict(solver_for(state.rules, state.strain).values(*position))
        warm = solver_for(state.rules, state.strain)
        for card, value in values.items():
            for guess in (-1500, -250, -163, value - 7, value - 1, value, value + 1, value + 40, 250, 1500):
                assert warm.probe(*position, card, guess, True) == value
                assert solver_for(state.rules, state.strain).probe(*position, card, guess, True) == value
