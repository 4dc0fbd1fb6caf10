"""What a live game offers the table (:mod:`belote_notation.check.live_offers`), against recorded
games: every announcement and belote word of a valid record was offered at the moment it was
made, every score line is the one the sheet says is due (the engine's count, the pot and the
running totals), and the match's winner is the one the record's result names."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.check.live import LiveGame, recorded_games
from belote_notation.check.live_offers import offers, score_sheet

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
GAMES = ["moroccan/club-match-1.bel", "classic/capot-and-belote.bel", "classic/partie-1.bel",
         "coinche/play-and-belote-variants.bel", "contree/match-1.bel"]


@pytest.mark.parametrize("name", GAMES)
def test_a_recorded_game_was_offered_what_it_says(name: str) -> None:
    said = {"announce": 0, "belote": 0, "score": 0}
    for recorded in recorded_games((SAMPLES / name).read_text(encoding="utf-8")):
        game = LiveGame(recorded.rules, tags=recorded.tags, options=recorded.options)
        for act in recorded.acts:
            if act["act"] == "announce" and act["kind"] != "belote":
                shown = {"seat": act["seat"], "kind": act["kind"], "cards": act["cards"]}
                assert shown in offers(game)["announcements"], (act, offers(game))
                said["announce"] += 1
            elif act["act"] == "card" and act.get("belote"):
                assert offers(game)["belote"].get(act["card"]) == act["belote"], (act, offers(game))
                said["belote"] += 1
            elif act["act"] == "score":
                due = score_sheet(game)["due"]
                assert due is not None and due["score"] == act["score"], (act, due)
                assert act.get("match") in (None, due["match"]) and act.get("pot") in (None, due.get("pot"))
                said["score"] += 1
            elif act["act"] == "end" and act["result"] in ("NS", "EW"):
                assert score_sheet(game)["winner"] == act["result"]
            assert game.play(act).accepted, act
            if act["act"] == "score":
                assert score_sheet(game)["due"] is None  # written: nothing more is due
    assert said["score"] and (said["announce"] or said["belote"]), said


def test_nothing_is_offered_out_of_its_moment() -> None:
    """No announcement once the seat played its card (classic: before one's first card), no
    belote word to a seat without both trump king and queen, no score line mid-deal."""
    game = LiveGame("classic")
    hands = {"N": "7S 8S 9S 10S JS QS KS AS".split(), "E": "7H 8H 9H 10H JH QH KH AH".split(),
             "S": "7D 8D 9D 10D JD QD KD AD".split(), "W": "7C 8C 9C 10C JC QC KC AC".split()}
    game.play({"act": "deal", "dealer": "W", "hands": hands})
    assert offers(game)["announcements"] == [] and score_sheet(game)["due"] is None  # bidding
    game.play({"act": "call", "seat": "N", "call": "take H"})
    assert offers(game)["belote"] == {}  # N holds no heart
    game.play({"act": "card", "seat": "N", "card": "7S"})
    assert offers(game)["belote"] == {"QH": "belote", "KH": "belote"}  # E to play
    game.play({"act": "card", "seat": "E", "card": "7H"})
    game.play({"act": "card", "seat": "S", "card": "7D"})
    game.play({"act": "card", "seat": "W", "card": "7C"})
    assert game.position["to_move"] == "E" and offers(game)["announcements"] == []  # E played
    assert score_sheet(game)["due"] is None and score_sheet(game)["deals"][0]["recorded"] is None
