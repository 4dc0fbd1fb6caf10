"""The position API (belote_notation.check.positions) agrees with the engine at every position.

Each generated deal is replayed here a second way, from the RECORD's acts (its five cards and
offer, its calls, its rest or hands, its plays with their written seats) through the engine,
and every position the API gives is compared with the engine's state at that point: the legal
cards (``legal_cards``), the hands (dealt minus played), the trick so far and its leader, the
running points and tricks, the calls and the contract; the last position with the checks'
final state. Then the same records without the plays' seats give the seats back.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from belote_notation.check.positions import Position, deal_positions, inferred_seats, position_at
from belote_notation.check.replay import DealReplay, replay_game
from belote_notation.game.cards import SEAT_NAMES, card_name, mask_of
from belote_notation.game.engine import (
    DealState,
    apply_bid,
    calls,
    contract,
    deal_five,
    deal_rest,
    hand_now,
    held,
    legal_auction_calls,
    legal_bids,
    legal_cards,
    new_deal,
    next_player,
    play_card,
    running_points,
    set_hands,
    trick_so_far,
)
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.records import Deal, Game, Hand


def _masks(hands: list[Hand]) -> list[int]:
    out = [0, 0, 0, 0]
    for hand in hands:
        out[hand.seat] |= mask_of(hand.cards)
    return out


Step = tuple[str, DealState, tuple[int, int] | None]


def _record_replay(deal: Deal, rules: Ruleset) -> Iterator[Step]:
    """The engine's state after each act of the record: which act, the state itself (read it
    before the next one) and the card played (seat, card) when the act is a card."""
    assert deal.dealer is not None
    state = new_deal(rules, deal.dealer)
    if rules.bidding != "contree":
        deal_five(state, _masks(deal.five) if deal.five else None,
                  deal.offer.card if deal.offer is not None else None)
    yield "start", state, None
    for bid in deal.bids:
        assert bid.seat is not None
        apply_bid(state, bid.seat, bid.action, bid.suit, bid.value)
        yield "call", state, None
    if not deal.tricks:
        return
    if deal.rest:
        deal_rest(state, _masks(deal.rest))
    else:
        set_hands(state, _masks(deal.hands))
    yield "lead", state, None
    for trick in deal.tricks:
        for play in trick.plays:
            assert play.seat is not None
            play_card(state, play.seat, play.card, play.mark)
            yield "card", state, (play.seat, play.card)


def _agrees(position: Position, state: DealState, label: str, played: list[int], deal: Deal) -> None:
    assert position.call_history == calls(state)
    assert position.contract == contract(state)
    if label in ("start", "call"):
        assert position.trick == 0 and position.legal.mask == 0 and position.points == (0, 0)
        legal = (legal_auction_calls(state) if state.rules.bidding == "contree"
                 else [(action, suit, None) for action, suit in legal_bids(state)])
        assert [(c.action, c.suit, c.value) for c in position.legal_calls] == legal
        assert all(c.seat == position.to_move for c in position.legal_calls)
        dealt = _masks(deal.hands) if state.rules.bidding == "contree" else _masks(deal.five)
        assert [hand.mask for hand in position.dealt] == [hand.mask for hand in position.hands] == dealt
        return
    assert position.legal.mask == legal_cards(state), position
    for seat in range(4):
        assert position.dealt[seat].mask == held(state, seat)
        assert position.hands[seat].mask == held(state, seat) & ~played[seat] == hand_now(state, seat)
    now = trick_so_far(state)
    assert [(p.seat, p.card) for p in position.trick_so_far] == list(zip(now.seats, now.cards, strict=True))
    if now.seats:
        assert position.leader == now.seats[0]
    assert position.points == running_points(state)
    assert sum(position.tricks_won) == len(state.tricks)


def _check_deal(replay: DealReplay, rules: Ruleset) -> int:
    """Every position of one deal against the record's replay; the number of positions."""
    positions = list(deal_positions(replay))
    played = [0, 0, 0, 0]
    steps = 0
    bids = iter(replay.deal.bids)
    for (label, state, card), position in zip(_record_replay(replay.deal, rules), positions, strict=True):
        if position.legal_calls:
            bid = next(bids)
            assert (bid.seat, bid.action, bid.suit, bid.value) in position.legal_calls
        if card is not None:
            played[card[0]] |= 1 << card[1]
        _agrees(position, state, label, played, replay.deal)
        steps += 1
    final = replay.state
    assert final is not None
    last = positions[-1]
    assert last.call_history == calls(final) and last.contract == contract(final)
    assert last.points == running_points(final)
    if last.phase == "over":
        assert [h.mask for h in last.hands] == [hand_now(final, s) for s in range(4)]
        assert sum(last.points) == 162 and sum(last.tricks_won) == 8
    return steps


def _generated(name: str, deals: int, seed: int) -> list[Game]:
    return list(itertools.islice(generate_games(Ruleset.preset(name), matches=None, deals=deals,
                                                seed=seed), deals))


def _without_seats(game: Game) -> Game:
    copy = game.model_copy(deep=True)
    for deal in copy.deals:
        for trick in deal.tricks:
            for play in trick.plays:
                play.seat = None
    return copy


def _check_rule_system(name: str, deals: int) -> None:
    rules = Ruleset.preset(name)
    checked = 0
    for game in _generated(name, deals, seed=20):
        replay = replay_game(game)
        seatless = replay_game(_without_seats(game))
        for deal, bare in zip(replay.deals, seatless.deals, strict=True):
            if deal.state is None:
                continue
            _check_deal(deal, rules)
            written = [(t + 1, i + 1, card_name(p.card, deal.state.deck), SEAT_NAMES[p.seat or 0])
                       for t, trick in enumerate(deal.deal.tricks) for i, p in enumerate(trick.plays)]
            assert [tuple(s) for s in inferred_seats(bare)] == written
            assert inferred_seats(deal) == ()
            assert list(deal_positions(bare)) == list(deal_positions(deal))
            checked += 1
    assert checked >= deals


@pytest.mark.parametrize("name", preset_names())
def test_every_position_of_40_deals_agrees_with_the_engine(name: str) -> None:
    _check_rule_system(name, 40)


@pytest.mark.slow
@pytest.mark.parametrize("name", preset_names())
def test_every_position_of_1000_deals_agrees_with_the_engine(name: str) -> None:
    _check_rule_system(name, 1000)


def test_a_point_of_the_deal_by_call_or_by_card() -> None:
    game = _generated("classic", 1, seed=5)[0]
    deal = replay_game(game).deals[0]
    positions = list(deal_positions(deal))
    assert position_at(deal, calls=0) == positions[0]
    assert position_at(deal, calls=1) == positions[1]
    after_calls = len(deal.deal.bids)
    lead = positions[after_calls + 1]
    assert position_at(deal, trick=1, card=0) == lead and lead.trick == 0 and lead.phase == "play"
    assert position_at(deal, trick=1, card=1) == positions[after_calls + 2]
    assert position_at(deal, trick=2, card=0) == position_at(deal, trick=1, card=4)
    assert position_at(deal, trick=8, card=4) == positions[-1]
    with pytest.raises(ValueError, match="does not reach"):
        position_at(deal, trick=9, card=1)
    with pytest.raises(ValueError, match="does not reach"):
        position_at(deal, calls=after_calls + 1)


def test_a_position_prints_what_a_player_sees() -> None:
    game = _generated("classic", 1, seed=5)[0]
    position = position_at(replay_game(game).deals[0], trick=3, card=2)
    text = str(position)
    assert text.startswith(f"deal {position.deal}, trick 3 after card 2: ")
    assert f"legal: {position.legal}" in text and "points: N-S " in text
    assert repr(position) == f"Position(deal={position.deal}, trick=3, card=2, to_move=" \
                             f"'{SEAT_NAMES[position.to_move or 0]}')"
    assert sum(len(hand) for hand in position.hands) == 32 - 10
    with pytest.raises(AttributeError):
        position.trick = 4  # type: ignore[misc]


def test_a_dead_deal_stops_after_its_calls() -> None:
    for game in _generated("classic", 60, seed=1):
        for deal in replay_game(game).deals:
            if deal.dead:
                positions = list(deal_positions(deal))
                assert positions[-1].phase == "dead" and positions[-1].to_move is None
                assert all(p.trick == 0 for p in positions)
                return
    pytest.fail("no dead deal in 60 generated deals")


def test_a_record_that_stops_in_mid_play_ends_on_the_player_to_move() -> None:
    """A position record (``[Termination "unterminated"]``): python-chess's use, what may be
    played from here."""
    game = _generated("classic", 1, seed=5)[0]
    deal = game.deals[0]
    deal.tricks = deal.tricks[:3]
    deal.tricks[2].plays = deal.tricks[2].plays[:2]
    deal.tricks[2].winner = None
    deal.score = deal.match_score = None
    game.deals = [deal]
    game.headers.append(game.headers[0].model_copy(update={"name": "Termination", "value": "unterminated"}))
    replay = replay_game(game).deals[0]
    last = list(deal_positions(replay))[-1]
    assert replay.state is not None
    assert (last.phase, last.trick, last.card) == ("play", 3, 2)
    assert last.legal.mask == legal_cards(replay.state) != 0
    assert last.to_move == next_player(replay.state) and last.leader == deal.tricks[2].plays[0].seat
