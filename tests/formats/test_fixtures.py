"""The fixtures of samples/formats/ are what tests/formats/make_fixtures.py writes from colver's
games, and each importer gives back colver's deal: hands, plays with their seats, winners."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from belote_notation.check.validator import validate_game
from belote_notation.formats.cfn import our_card
from belote_notation.formats.coinche_ws import card_of
from belote_notation.formats.coinched import card_of_mask, cards_of_hand
from tests.formats.helpers import FIXTURES, ROOT, read
from tests.formats.test_cfn import colver_auction

spec = importlib.util.spec_from_file_location("make_fixtures",
                                              ROOT / "tests" / "formats" / "make_fixtures.py")
assert spec is not None and spec.loader is not None
make_fixtures = importlib.util.module_from_spec(spec)
sys.modules["make_fixtures"] = make_fixtures
spec.loader.exec_module(make_fixtures)


def test_the_fixtures_are_up_to_date() -> None:
    for name, text in make_fixtures.texts().items():
        assert (FIXTURES / name).read_text(encoding="utf-8") == text, name


def played_deals() -> list:
    return [env for env, _ in make_fixtures.deals() if env.get_contract()["value"]]


@pytest.mark.parametrize("name", ["coinched-party.coinched.jsonl", "coinche-server.coinche-ws.jsonl"])
def test_a_server_log_gives_colver_s_deals(name: str) -> None:
    fmt = "coinched" if "coinched" in name else "coinche-ws"
    (game,), issues = read(fmt, (FIXTURES / name).read_bytes())
    assert {i.code for i in issues} == {"BEL805"}
    played = [d for d in game.deals if d.tricks]
    envs = played_deals()
    assert len(played) == len(envs)
    for deal, env in zip(played, envs, strict=True):
        assert deal.dealer == env.get_dealer()
        assert [sorted(h.cards) for h in sorted(deal.hands, key=lambda h: h.seat)] == [
            sorted(our_card(c) for c in hand) for hand in env.get_initial_hands()]
        assert [p.card for t in deal.tricks for p in t.plays] == [our_card(c) for c in env.get_play_order()]
        expected = make_fixtures.tricks(env)
        assert [(t.plays[0].seat, t.winner) for t in deal.tricks] == [
            (lead, win) for lead, _, win in expected]
        assert [(b.seat, b.action, b.value, b.suit) for b in deal.bids] == [
            (b.seat, b.action, b.value, b.suit) for b in colver_auction(env)]
    # the auction, the hands and every card, under contrée with the server's seating: clean
    report = validate_game(game, name)
    assert [f for f in report.findings if f.severity != "info"] == []
    assert "BEL904" not in [f.code for f in report.findings]


def test_the_dealers_follow_each_server() -> None:
    dealers = [env.get_dealer() for env, _ in make_fixtures.deals()]
    (coinched,), _ = read("coinched", (FIXTURES / "coinched-party.coinched.jsonl").read_bytes())
    assert [d.dealer for d in coinched.deals] == dealers  # the seat before `first`
    (ws,), _ = read("coinche-ws", (FIXTURES / "coinche-server.coinche-ws.jsonl").read_bytes())
    assert [d.dealer for d in ws.deals] == [(dealers[0] + i) % 4 for i in range(len(ws.deals))]


def test_belote_words_of_coinche_server_rs_are_kept() -> None:
    (ws,), _ = read("coinche-ws", (FIXTURES / "coinche-server.coinche-ws.jsonl").read_bytes())
    marks = [p.mark for d in ws.deals for t in d.tricks for p in t.plays if p.mark]
    text = (FIXTURES / "coinche-server.coinche-ws.jsonl").read_text(encoding="utf-8")
    assert len(marks) == text.count('"Belote"') + text.count('"Rebelote"')


def test_the_value_encodings() -> None:
    # libcoinche 0.1.9: 64 is the 10 of hearts (api.md's example), 1 << 8 the 7 of spades
    assert card_of_mask(64) == 8 + 3 and card_of_mask(1 << 8) == 0
    assert card_of_mask(3) is None and card_of_mask(0) is None and card_of_mask(1 << 32) is None
    assert cards_of_hand(64 | 1) == [8, 11]
    assert card_of({"value": "Ten", "suit": "Spades"}) == 3
    assert card_of({"value": "Jack", "suit": "Clubs"}) == 3 * 8 + 4
    assert card_of({"value": "Joker", "suit": "Clubs"}) is None


def test_the_score_sheet_fixture() -> None:
    (game,), issues = read("csv", (FIXTURES / "club-score-sheet.csv").read_bytes())
    assert [(i.code, i.line) for i in issues] == [("BEL805", 1)]
    assert game.header("Rules") == "classic"
    assert [(d.number, d.dealer, d.bids[0].seat, d.bids[0].suit, d.score.ns, d.score.ew,  # type: ignore[union-attr]
             d.match_score.ns, d.match_score.ew) for d in game.deals] == [  # type: ignore[union-attr]
        (1, 2, 3, 1, 41, 141, 41, 141), (2, 3, 0, 0, 0, 162, 41, 303), (3, 0, 1, 2, 90, 72, 131, 375)]
    assert game.deals[1].comments == ["remarque=dedans"]


@pytest.mark.parametrize(("header", "row"), [
    ("donne,donneur,preneur,atout,nous,eux,cumul_ns,cumul_eo", "1,sud,ouest,♥,41,141,41,141"),
    ("Deal;Dealer;Taker;Contract;NS;EW;Total-NS;Total-EW", "1;2;3;take H;41;141;41;141"),
    ("n,dealer,pris,couleur,points_ns,points_ew,match_ns,match_ew", "1,S,W,copas,41,141,41,141"),
    ("#,Donneur,Preneur,Suit,Score NS,Score EW,Cumul NS,Cumul EW", "1,S,W,hearts,41,141,41,141"),
])
def test_score_sheet_columns_and_aliases(header: str, row: str) -> None:
    (game,), issues = read("csv", f"{header}\n{row}\n")
    deal = game.deals[0]
    assert (deal.number, deal.dealer, deal.bids[0].seat, deal.bids[0].suit) == (1, 2, 3, 1)
    assert (deal.score.ns, deal.score.ew) == (41, 141)  # type: ignore[union-attr]
    assert (deal.match_score.ns, deal.match_score.ew) == (41, 141)  # type: ignore[union-attr]
    assert issues == []


def test_a_deal_table_s_engine_columns_are_kept_as_comments() -> None:
    from tests.formats.helpers import bel_games, write

    table, _ = write("csv", bel_games(ROOT / "samples" / "classic" / "partie-1.bel"))
    (game,), issues = read("csv", table)
    assert [i.code for i in issues] == ["BEL805"]
    first = game.deals[0]
    assert first.comments[0].startswith("outcome=made card_points_ns=108 card_points_ew=54")
    assert "total_ns=158" in first.comments[0]
    assert (first.match_score.ns, first.match_score.ew) == (158, 54)  # type: ignore[union-attr]
