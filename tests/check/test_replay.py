"""``replay_game`` (what ``belote-replay show`` displays) keeps each deal by its position."""

from __future__ import annotations

from belote_notation.check.replay import replay_game
from belote_notation.check.validator import validate_game
from belote_notation.game.cards import mask_of
from belote_notation.notation.read.reader import parse_text
from tests.support.validator import generated_text


def _dealt(deal) -> list[int]:
    """The eight-card hands a generated deal's record gives (five cards, rest, offer)."""
    hands = [0, 0, 0, 0]
    for hand in deal.five + deal.rest:
        hands[hand.seat] |= mask_of(hand.cards)
    taker = next(b.seat for b in deal.bids if b.action == "take")
    hands[taker] |= 1 << deal.offer.card
    return hands


def test_two_deals_with_the_same_number_each_show_their_own_cards():
    text = generated_text("classic", deals=3, seed=5).replace("\ndeal 2 dealer", "\ndeal 1 dealer", 1)
    game = parse_text(text)[0].game
    assert [d.number for d in game.deals][:2] == [1, 1]
    replay = replay_game(game, "t.bel")
    for position in (0, 1):
        shown = replay.deals[position]
        assert shown.deal is game.deals[position]
        assert shown.start_hands == _dealt(game.deals[position])
        recorded = game.deals[position].tricks
        assert [t.cards for t in shown.tricks] == [[p.card for p in t.plays] for t in recorded]
        assert shown.report is not None and shown.report.line == game.deals[position].line
    assert replay.deals[0].start_hands != replay.deals[1].start_hands


def test_replay_finds_what_validation_finds():
    text = generated_text("moroccan", deals=6, seed=2).replace("score ", "score 1", 1)
    game = parse_text(text)[0].game
    replay = replay_game(game, "t.bel")
    assert [f.code for f in replay.report.findings] == [f.code for f in validate_game(game, "t.bel").findings]
    assert "BEL503" in {f.code for f in replay.report.findings}


def test_findings_go_to_the_deal_at_their_position_when_numbers_repeat():
    text = generated_text("classic", deals=3, seed=5).replace("\ndeal 2 dealer", "\ndeal 1 dealer", 1)
    game = parse_text(text)[0].game
    second = game.deals[1]
    wrong = text.replace(f"score {second.score.ns} {second.score.ew}",
                         f"score {second.score.ns + 1} {second.score.ew}", 1)
    replay = replay_game(parse_text(wrong)[0].game, "t.bel")
    assert [f.code for f in replay.deals[0].findings] == []
    assert "BEL503" in [f.code for f in replay.deals[1].findings]
