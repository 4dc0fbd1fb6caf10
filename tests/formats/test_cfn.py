"""CFN against colver itself: colver's games -> CFN -> .bel validate clean, and our CFN is read
back by colver (``Env.from_cfn``) as the same deal."""

from __future__ import annotations

import colver
import pytest

from belote_notation.check.validator import validate_game
from belote_notation.formats.cfn import colver_card, our_card
from belote_notation.notation.records import Bid
from tests.formats.helpers import read, write


def colver_deal(seed: int, stop_after: int | None = None) -> colver.Env:
    """A deal bid and played by colver's own players (``stop_after`` cards, or to the end)."""
    env = colver.Env.deal(dealer=seed % 4, seed=seed)
    while not env.is_terminal():
        if stop_after is not None and len(env.get_played_cards()) == stop_after:
            break
        env.step(env.action_heuristic_play() if env.phase() == 1 else env.bid_maxi())
    return env


SEEDS = range(40, 60)


def test_card_numbers_map_both_ways() -> None:
    assert sorted(our_card(c) for c in range(32)) == list(range(32))
    assert all(colver_card(our_card(c)) == c for c in range(32))
    # colver's names and ours name the same card
    names = {"T": "10"}
    for c in range(32):
        rank, suit = colver.Env.card_name(c)[:-1], colver.Env.card_name(c)[-1]
        ours = our_card(c)
        assert "7 8 9 10 J Q K A".split()[ours & 7] == names.get(rank, rank)
        assert "♠♥♦♣"[ours >> 3] == suit


@pytest.mark.parametrize("seed", SEEDS)
def test_colver_games_read_and_validate_clean(seed: int) -> None:
    env = colver_deal(seed)
    games, issues = read("cfn", env.to_cfn())
    assert issues == []  # the contract is the Contract tag, which the checks use
    (game,) = games
    deal = game.deals[0]
    assert deal.dealer == env.get_dealer()
    assert [sorted(h.cards) for h in deal.hands] == [
        sorted(our_card(c) for c in hand) for hand in env.get_initial_hands()]
    assert [our_card(c) for c in env.get_play_order()] == [p.card for t in deal.tricks for p in t.plays]
    report = validate_game(game, "colver.bel")
    serious = [f for f in report.findings if f.severity != "info"]
    assert serious == []
    codes = [f.code for f in report.findings]
    if env.phase() != 0 or env.get_played_cards():
        assert "BEL904" not in codes  # the play was checked against the contract's trump
        assert report.deals[0].outcome in ("made", "failed")


def colver_auction(env: colver.Env) -> list[Bid]:
    """colver's own auction of a deal (what CFN does not carry) as contrée calls."""
    calls = []
    for seat, action in env.get_bid_history():
        if action == 0:
            calls.append(Bid(seat=seat, action="pass"))
        elif action >= 41:
            calls.append(Bid(seat=seat, action="coinche" if action == 41 else "surcoinche"))
        else:
            level, suit = divmod(action - 1, 4)
            calls.append(Bid(seat=seat, action="capot", suit=suit) if level >= 9 else
                         Bid(seat=seat, action="bid", value=80 + 10 * level, suit=suit))
    return calls


@pytest.mark.parametrize("seed", SEEDS)
def test_with_colver_s_auction_the_play_validates_clean_under_contree(seed: int) -> None:
    """The rules the import names (contrée, colver's seating) and colver's auction: every card
    is checked against the trump and the obligations of contrée, and none is found wrong."""
    env = colver_deal(seed)
    (game,), _ = read("cfn", env.to_cfn())
    assert [(h.name, h.value) for h in game.headers][:2] == [("Rules", "contree"),
                                                             ("Option", "direction=clockwise")]
    game.deals[0].bids = colver_auction(env)
    report = validate_game(game, "colver.bel")
    assert [f for f in report.findings if f.severity != "info"] == []
    assert "BEL904" not in [f.code for f in report.findings]  # the play was checked


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("stop_after", [0, 5, 13, None])
def test_our_cfn_is_colver_s_and_colver_reads_it(seed: int, stop_after: int | None) -> None:
    env = colver_deal(seed, stop_after)
    if env.phase() == 0 and stop_after:
        pytest.skip("everybody passed: no play")
    text = env.to_cfn()
    games, _ = read("cfn", text)
    ours, lost = write("cfn", games)
    assert lost == [] and ours == text + "\n"
    again = colver.Env.from_cfn(ours.strip())
    assert again.get_dealer() == env.get_dealer()
    assert again.get_hands() == env.get_hands()
    assert again.get_played_cards() == env.get_played_cards()
    if env.phase() != 0:
        assert again.get_contract() == env.get_contract()
        assert again.get_points() == env.get_points()


def test_an_auction_in_progress_is_kept_as_its_token() -> None:
    env = colver.Env.deal(dealer=1, seed=35)
    env.step(env.bid_maxi())
    text = env.to_cfn()
    assert " bid:" in text
    (game,), issues = read("cfn", text)
    assert game.header("Auction") == text.split(" ")[2]
    assert game.deals[0].tricks == []
    assert write("cfn", [game])[0] == text + "\n"


def test_a_belote_deal_cannot_be_written_as_cfn() -> None:
    from tests.formats.helpers import ROOT, bel_games

    games = bel_games(ROOT / "samples" / "classic" / "partie-1.bel")
    text, lost = write("cfn", games)
    assert text == ""
    assert {i.code for i in lost} == {"BEL810"}
    assert "no CFN contract" in str(lost[0])
