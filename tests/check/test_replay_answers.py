"""What a drawing asks of the checks' replay (``DealReplay``): dealer, calls, contract, a dead
deal, the hands to show. ``render`` takes these answers and decides no rule itself."""

from __future__ import annotations

from pathlib import Path

from belote_notation.check.replay import call_name, replay_game
from belote_notation.game.cards import mask_of
from belote_notation.notation.read.reader import parse_text
from tests.support.validator import generated_text

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_dealer_calls_and_contract_are_the_records_as_the_engine_replayed_them() -> None:
    for preset in ("classic", "moroccan", "contree"):
        replay = replay_game(parse_text(generated_text(preset, deals=5, seed=4))[0].game)
        for shown in replay.deals:
            deal = shown.deal
            assert shown.dealer == deal.dealer and shown.rules is not None
            assert shown.call_seats == tuple(b.seat for b in deal.bids)
            made = [b for b in deal.bids if b.action == "take" or call_name(b.action, b.suit, b.value)]
            assert shown.dead is (not made) and (shown.contract is None) is (not made)
            if not made:
                continue
            assert shown.contract is not None and shown.contract.taker == made[-1].seat
            if preset == "contree":
                assert shown.contract_name == call_name(made[-1].action, made[-1].suit, made[-1].value)
            else:
                assert shown.contract_name is None


def test_a_dead_deal_shows_the_first_five_cards_dealt() -> None:
    text = generated_text("classic", deals=1, seed=6).split("\ndeal 1")[0]
    five = "".join(f"tafr9a {seat} 7{s} 8{s} 9{s} 10{s} J{s}\n"
                   for seat, s in zip("NESW", "SHDC", strict=True))
    passes = " ".join(f"{seat}:pass" for seat in "ESWN")
    record = f"{text}\ndeal 1 dealer N\n{five}offer QS\nsmsara {passes}\nsmsara {passes}\nend\n"
    game = parse_text(record)[0].game
    shown = replay_game(game).deals[0]
    assert shown.dead and shown.contract is None and shown.contract_name is None
    hands = shown.hands_to_show()
    assert hands is not None and not hands.complete and [m.bit_count() for m in hands.masks] == [5] * 4


def test_the_hands_to_show_come_from_the_record_or_the_tricks() -> None:
    game = parse_text(generated_text("classic", deals=2, seed=8))[0].game
    for shown in replay_game(game).deals:
        hands = shown.hands_to_show()
        assert hands is not None and hands.complete and not hands.from_tricks
        assert hands.masks == shown.start_hands
    tricks_only = parse_text((SAMPLES / "partial" / "tricks-only.bel").read_text(encoding="utf-8"))[0].game
    shown = replay_game(tricks_only).deals[0]
    hands = shown.hands_to_show()
    assert hands is not None and hands.from_tricks and hands.complete
    for seat in range(4):
        played = [p.card for t in shown.deal.tricks for p in t.plays if p.seat == seat]
        assert hands.masks[seat] == mask_of(played)
