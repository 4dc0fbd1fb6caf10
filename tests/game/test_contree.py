"""Contrée and coinche: the auction, sans-atout / tout-atout, the deal score under every option
(worked examples of lacontree.free.fr), and seeded property tests over generated deals."""

from __future__ import annotations

import random

import pytest

from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT
from belote_notation.game.engine import (
    apply_bid,
    codes,
    contract,
    is_dead,
    legal_auction_calls,
    legal_cards,
    new_deal,
    next_bidder,
    play_card,
    score_deal,
    set_hands,
    to_play,
)
from belote_notation.game.engine.scoring import DealResult
from belote_notation.game.rules import Ruleset
from belote_notation.generator import DealHook, random_deal, replay_script
from tests.support.engine import finish, hand, suit_hand

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
CONTREE = Ruleset.preset("contree")
COINCHE = Ruleset.preset("coinche")
PLAIN = {"round_scores_to_ten": False}


def contree_deal(rules: Ruleset, calls, *, taker_points: int, belote: int | None = None,
                 tricks=(4, 4), winners=None, dealer: int = W):
    """A finished contrée deal: ``calls`` (seat, action, suit, value) from the first bidder,
    the takers with ``taker_points`` card points (the last trick's 10 included), ``belote`` the
    holder's seat (declared), ``winners`` the seat of each trick when it matters."""
    state = new_deal(rules, dealer)
    for seat, action, suit, value in calls:
        assert not apply_bid(state, seat, action, suit, value), (seat, action)
    assert contract(state) is not None
    if winners is not None:
        state.tricks = [([], [], w) for w in winners]
    return finish(state, taker_points, belote=belote, tricks=tricks)


def bid(seat, value, suit=HEARTS):
    return (seat, "bid", suit, value)


def passes(*seats):
    return [(s, "pass", None, None) for s in seats]


# dealer W: the first bidder is the dealer's right, S; then E, N, W (counter-clockwise)
S110H = [bid(S, 110), *passes(E, N, W)]


# ---------------------------------------------------------------- lacontree.free.fr examples
def test_lacontree_made_110_hearts_113_points_scores_223_rounded_220():
    # "L'équipe preneuse a annoncé 110 cœur ... 103 + 10 = 113 > 110 ... 113+110 = 223, que l'on
    # arrondit à 220." The defence's 49 is rounded to 50.
    r = contree_deal(CONTREE, S110H, taker_points=113)
    assert r.outcome == "made" and r.credited == (220, 50)
    assert contree_deal(CONTREE.with_options(PLAIN), S110H, taker_points=113).credited == (223, 49)


def test_a_contract_of_110_with_109_points_fails_rounding_never_decides():
    # "l'arrondi n'entre pas en compte pour la réussite du contrat"
    r = contree_deal(CONTREE, S110H, taker_points=109)
    assert r.outcome == "failed" and r.credited == (0, 270)  # 160 + 110
    assert contree_deal(CONTREE.with_options({"failed_contract_points": 162, **PLAIN}), S110H,
                        taker_points=109).credited == (0, 272)


def test_lacontree_contre_doubles_everything_and_goes_to_the_winner():
    # "Si l'équipe preneuse réussit son contrat, elle marquera donc : 2x(162+le contrat)" (162:
    # failed_contract_points=162 gives LacContrée's figures); the other side keeps its belote.
    rules = CONTREE.with_options({"failed_contract_points": 162, **PLAIN})
    coinched = [bid(S, 110), (E, "coinche", None, None), *passes(N, W, S)]
    r = contree_deal(rules, coinched, taker_points=120, belote=E)
    assert r.outcome == "made" and r.credited == (2 * (162 + 110), 20)
    r = contree_deal(rules, coinched, taker_points=90)
    assert r.outcome == "failed" and r.credited == (0, 2 * (162 + 110))


def test_lacontree_surcontre_multiplies_by_four_and_ends_the_auction():
    rules = CONTREE.with_options({"failed_contract_points": 162, **PLAIN})
    calls = [bid(S, 110), (E, "coinche", None, None), (N, "surcoinche", None, None)]
    r = contree_deal(rules, calls, taker_points=120)
    assert r.credited == (4 * (162 + 110), 0)
    assert contree_deal(rules.with_options({"redouble_multiplier": 3}), calls,
                        taker_points=120).credited == (3 * (162 + 110), 0)


def test_capot_bid_made_and_failed():
    calls = [(S, "capot", SPADES, None), *passes(E, N, W)]
    made = contree_deal(CONTREE, calls, taker_points=162, tricks=(8, 0))
    assert made.outcome == "made" and made.credited == (250 + 250, 0)
    failed = contree_deal(CONTREE, calls, taker_points=150, tricks=(7, 1))
    assert failed.outcome == "failed" and failed.credited == (0, 160 + 250)


def test_capot_without_a_capot_bid_counts_capot_points():
    r = contree_deal(CONTREE, S110H, taker_points=162, tricks=(8, 0))
    assert r.credited == (250 + 110, 0)
    r = contree_deal(CONTREE.with_options({"capot_points": 252}), S110H, taker_points=162, tricks=(8, 0))
    assert r.credited == (360, 0)  # 252 + 110 = 362, rounded


def test_generale_needs_every_trick_won_by_the_bidder_alone():
    rules = CONTREE.with_options({"generale_bid": True})
    calls = [(S, "generale", SPADES, None), *passes(E, N, W)]
    alone = contree_deal(rules, calls, taker_points=162, tricks=(8, 0), winners=[S] * 8)
    assert alone.outcome == "made" and alone.credited == (250 + 500, 0)
    partner = contree_deal(rules, calls, taker_points=162, tricks=(8, 0), winners=[S] * 7 + [N])
    assert partner.outcome == "failed" and partner.credited == (0, 160 + 500)


# ---------------------------------------------------------------- one constructed deal per option
@pytest.mark.parametrize("options,points,expected", [
    ({"contract_counts_belote": True}, 95, "made"),   # 95 + 20 reaches 110
    ({"contract_counts_belote": False}, 95, "failed"),
])
def test_contract_counts_belote(options, points, expected):
    r = contree_deal(CONTREE.with_options(options), S110H, taker_points=points, belote=N)
    assert r.outcome == expected


def test_contract_counts_announcements():
    from belote_notation.game.engine import announce
    for counts, expected in ((True, "made"), (False, "failed")):
        rules = COINCHE.with_options({"contract_counts_announcements": counts})
        state = new_deal(rules, W)
        for seat, action, suit, value in S110H:
            apply_bid(state, seat, action, suit, value)
        assert not announce(state, S, "sequence", hand("7C 8C 9C 10C"))  # a cinquante
        state.points[0], state.points[1] = 70, 92
        state.trick_no, state.tricks_won[0], state.tricks_won[1] = 8, 4, 4
        assert score_deal(state).outcome == expected


def test_points_bid_scoring():
    rules = CONTREE.with_options({"contree_scoring": "points_bid", **PLAIN})
    assert contree_deal(rules, S110H, taker_points=113, belote=E).credited == (110, 20)
    assert contree_deal(rules, S110H, taker_points=100).credited == (0, 110)


def test_double_multiplies_contract_only():
    rules = CONTREE.with_options({"double_multiplies": "contract", **PLAIN})
    coinched = [bid(S, 110), (E, "coinche", None, None), *passes(N, W, S)]
    assert contree_deal(rules, coinched, taker_points=120).credited == (120 + 220, 42)
    assert contree_deal(rules, coinched, taker_points=90).credited == (0, 160 + 220)


def test_belote_of_failed_takers():
    assert contree_deal(CONTREE, S110H, taker_points=60, belote=N).credited == (20, 270)
    lost = CONTREE.with_options({"belote_survives_failure": False})
    assert contree_deal(lost, S110H, taker_points=60, belote=N).credited == (0, 270)
    given = lost.with_options({"failed_belote_to_defence": True})
    assert contree_deal(given, S110H, taker_points=60, belote=N).credited == (0, 290)


def test_no_belote_at_sans_atout_or_tout_atout():
    rules = CONTREE.with_options({"sans_atout": True, "tout_atout": True})
    for strain in (SANS_ATOUT, TOUT_ATOUT):
        state = new_deal(rules, W)
        for seat, action, suit, value in [bid(S, 90, strain), *passes(E, N, W)]:
            assert not apply_bid(state, seat, action, suit, value)
        set_hands(state, [hand("KH QH 7S 8S 9S 10S JS QS"), suit_hand(DIAMONDS), 0xFF000000,
                          hand("KS AS 7H 8H 9H 10H JH AH")])
        assert state.belote_pair == 0


# ---------------------------------------------------------------- the auction
def _auction(rules, calls, dealer=W):
    state = new_deal(rules, dealer)
    found = []
    for seat, action, suit, value in calls:
        found += [v.code for v in apply_bid(state, seat, action, suit, value)]
    return state, found


def test_four_passes_are_a_dead_deal_and_three_passes_end_the_auction():
    state, found = _auction(CONTREE, passes(S, E, N, W))
    assert found == [] and is_dead(state)
    state, found = _auction(CONTREE, [bid(S, 80), *passes(E, N)])
    assert contract(state) is None and next_bidder(state) == W
    apply_bid(state, W, "pass")
    assert contract(state).value == 80


def test_partner_may_raise_and_only_an_opponent_may_coinche():
    state, found = _auction(CONTREE, [bid(S, 80), (E, "pass", None, None), bid(N, 90, SPADES),
                                      (W, "coinche", None, None), *passes(S, E, N)])
    assert found == [] and contract(state) == (N, SPADES, "points", 90, 1)
    _, found = _auction(CONTREE, [bid(S, 80), (E, "pass", None, None), (N, "coinche", None, None)])
    assert found == [codes.DOUBLE_NOT_ALLOWED]


@pytest.mark.parametrize("options,calls,code", [
    ({}, [bid(S, 80), bid(E, 80, SPADES)], codes.BID_NOT_HIGHER),
    ({}, [bid(S, 170)], codes.BID_NOT_ALLOWED),
    ({"max_points_bid": 180}, [bid(S, 190)], codes.BID_NOT_ALLOWED),
    ({}, [(S, "generale", SPADES, None)], codes.BID_NOT_ALLOWED),
    ({"capot_bid": False}, [(S, "capot", SPADES, None)], codes.BID_NOT_ALLOWED),
    ({}, [bid(S, 80, SANS_ATOUT)], codes.BID_NOT_ALLOWED),
    ({}, [bid(S, 80), (E, "coinche", None, None), bid(N, 90)], codes.BID_AFTER_DOUBLE),
    ({}, [bid(S, 80), (E, "surcoinche", None, None)], codes.REDOUBLE_NOT_ALLOWED),
    ({"raise_own_bid": False}, [bid(S, 80), bid(E, 90, SPADES), (N, "pass", None, None),
                                (W, "pass", None, None), bid(S, 100)], codes.RAISED_OWN_BID),
])
def test_each_auction_rule_has_its_code(options, calls, code):
    _, found = _auction(CONTREE.with_options(options), calls)
    assert found[-1] == code, found


def test_options_open_bids():
    high = CONTREE.with_options({"max_points_bid": 180})
    assert ("bid", SPADES, 180) in legal_auction_calls(new_deal(high, W))
    assert ("bid", SPADES, 170) not in legal_auction_calls(new_deal(CONTREE, W))
    sa = legal_auction_calls(new_deal(CONTREE.with_options({"sans_atout": True, "tout_atout": True}), W))
    assert ("bid", SANS_ATOUT, 80) in sa and ("capot", TOUT_ATOUT, None) in sa


# ---------------------------------------------------------------- play at SA / TA and the options
def _ready(rules, strain, hands, leader_calls=None):
    state = new_deal(rules, W)
    for seat, action, suit, value in leader_calls or [bid(S, 80, strain), *passes(E, N, W)]:
        assert not apply_bid(state, seat, action, suit, value)
    assert not set_hands(state, hands)
    return state


HANDS = [hand("7S 8S 9S 10S 7H 8H 9H 10H"), hand("JS QS KS AS JH QH KH AH"),
         hand("7D 8D 9D 10D 7C 8C 9C 10C"), hand("JD QD KD AD JC QC KC AC")]


def test_tout_atout_every_suit_must_be_overtrumped():
    rules = CONTREE.with_options({"tout_atout": True})
    state = _ready(rules, TOUT_ATOUT, HANDS)
    assert to_play(state) == S
    assert not play_card(state, S, 16 + 2)       # S leads 9♦
    assert not play_card(state, E, 7)            # A♠: no diamond, no cut at tout-atout, free
    assert not play_card(state, N, 0)            # 7♠
    assert legal_cards(state) == hand("JD")      # W must beat the 9♦: only the jack does
    assert play_card(state, W, 16 + 5)[0].code == codes.NOT_OVERTRUMPED  # Q♦ is illegal


def test_sans_atout_card_values_and_no_cut():
    for values, total in (("ace_19", 152), ("plain", 120)):
        rules = CONTREE.with_options({"sans_atout": True, "sans_atout_values": values})
        state = _ready(rules, SANS_ATOUT, HANDS)
        assert sum(state.card_points) == total


def test_tout_atout_values():
    for values, total in (("scaled", 152), ("trump", 248)):
        rules = CONTREE.with_options({"tout_atout": True, "tout_atout_values": values})
        assert sum(_ready(rules, TOUT_ATOUT, HANDS).card_points) == total


def test_overtrump_partner_when_trump_led():
    # Trump spades: N leads the 9♠, W cannot beat it (10♠), and S, N's partner, holds the 8♠
    # and the J♠: must S beat the partner's 9♠? (contree.org: not obligatory.)
    hands = [hand("9S 7H 8H 9H 10H JH QH KH"), hand("7S AH 7D 8D 9D 10D JD QD"),
             hand("8S JS KD AD 7C 8C 9C 10C"), hand("10S QS KS AS JC QC KC AC")]
    for flag, legal in ((True, hand("JS")), (False, hand("8S JS"))):
        rules = CONTREE.with_options({"overtrump_partner_when_trump_led": flag})
        state = new_deal(rules, E)  # dealer E: the first bidder and first leader is N
        for call in [bid(N, 80, SPADES), *passes(W, S, E)]:
            assert not apply_bid(state, *call)
        assert not set_hands(state, hands)
        assert to_play(state) == N
        assert not play_card(state, N, 2)       # 9♠
        assert not play_card(state, W, 3)       # 10♠, below the 9♠ at trump
        assert state.best_seat == N
        assert legal_cards(state) == legal     # S, N's partner


# ---------------------------------------------------------------- generated deals
def _deals(rules, n, seed, hook=None):
    rng = random.Random(seed)
    return [random_deal(rules, rng.randrange(4), rng, hook=hook) for _ in range(n)]


@pytest.mark.parametrize("name", ["contree", "coinche"])
def test_1000_generated_deals_replay_clean(name):
    rules = Ruleset.preset(name).with_options({"sans_atout": True, "tout_atout": True,
                                               "generale_bid": True})
    outcomes, doubled = set(), set()
    for script in _deals(rules, 1000, seed=9):
        result, found = replay_script(rules, script)
        assert found == [] and result == script.result
        outcomes.add(result.outcome)
        doubled.update(a for _, a, _ in script.bids if a in ("coinche", "surcoinche"))
        if result.outcome != "dead":
            assert sum(result.card_points) in (162, 258 if result.trump == TOUT_ATOUT else 162, 130)
    assert outcomes == {"made", "failed", "dead"} and doubled == {"coinche", "surcoinche"}


class _IllegalBid(DealHook):
    """Makes one bid that is not higher than the bid in force, once a bid is in force."""

    def __init__(self):
        self.done = False
        self.at = None
        self.found: list[tuple[int, list[str]]] = []

    def choose_call(self, state, options):
        if self.done or state.high_bid is None or state.high_bid[1] != "bid":
            return None
        self.done = True
        self.at = len(state.bids)
        return (next_bidder(state), "bid", state.high_bid[2], state.high_bid[3])

    def reported(self, act, seat, found):
        if act == "bid":
            self.found.append((len(self.found), [v.code for v in found]))


def test_an_injected_illegal_bid_is_found_at_its_place():
    rules = Ruleset.preset("contree")
    for seed in range(30):
        hook = _IllegalBid()
        script = _deals(rules, 1, seed, hook)[0]
        if hook.at is None:
            continue
        result, found = replay_script(rules, script)
        assert [v.code for v in found] == [codes.BID_NOT_HIGHER]
        assert found[0].index == hook.at
        return
    raise AssertionError("no deal had a bid to repeat")


def test_an_injected_illegal_card_is_found_at_its_place():
    rules = Ruleset.preset("coinche")
    checked = 0
    for script in _deals(rules, 200, seed=4):
        if not script.plays:
            continue
        state = new_deal(rules, script.dealer)
        set_hands(state, script.hands)
        for (seat, action, suit), value in zip(script.bids, script.values, strict=True):
            apply_bid(state, seat, action, suit, value)
        for i, (seat, card, mark) in enumerate(script.plays):
            legal = legal_cards(state)
            illegal = state.hands[seat] & ~legal
            if illegal and i % 4:
                bad = (illegal & -illegal).bit_length() - 1
                found = play_card(state, seat, bad)
                assert [v.code for v in found][0] in (codes.NOT_FOLLOWED, codes.NOT_TRUMPED,
                                                       codes.NOT_OVERTRUMPED, codes.NOT_UNDERTRUMPED)
                assert (found[0].trick, found[0].index, found[0].card) == (i // 4 + 1, i % 4, bad)
                checked += 1
                break
            play_card(state, seat, card, mark)
    assert checked > 50


def test_dead_result_of_contree_is_dead():
    r: DealResult = score_deal(_auction(CONTREE, passes(S, E, N, W))[0])
    assert r.outcome == "dead" and r.credited == (0, 0)


@pytest.mark.parametrize("options,taker_points,expected", [
    ({"double_multiplies": "contract_to_winner"}, 120, (162 + 2 * 110, 0)),   # colver's reading
    ({"double_multiplies": "contract_to_winner"}, 90, (0, 162 + 2 * 110)),
    ({"double_multiplier": 3}, 120, (3 * (162 + 110), 0)),
])
def test_double_options(options, taker_points, expected):
    rules = CONTREE.with_options({"failed_contract_points": 162, **PLAIN, **options})
    coinched = [bid(S, 110), (E, "coinche", None, None), *passes(N, W, S)]
    assert contree_deal(rules, coinched, taker_points=taker_points).credited == expected


@pytest.mark.parametrize("action,option", [("capot", "capot_bid_value"), ("generale", "generale_bid_value")])
def test_capot_and_generale_values(action, option):
    rules = CONTREE.with_options({"generale_bid": True, option: 400})
    calls = [(S, action, SPADES, None), *passes(E, N, W)]
    failed = contree_deal(rules, calls, taker_points=150, tricks=(7, 1), winners=[S] * 7 + [E])
    assert failed.outcome == "failed" and failed.credited == (0, 160 + 400)
