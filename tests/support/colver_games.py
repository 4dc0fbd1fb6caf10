"""colver (a contrée engine on PyPI, a test dependency only) plays deals; here they become our
records. colver's seats 0-3 are N E S W, its turn goes to seat + 1 (our ``clockwise``), its
cards are ``suit * 8 + rank`` with ranks in the plain order 7 8 9 J Q K 10 A (ours: 7 8 9 10 J
Q K A), its calls are 0 pass, 1-36 the bids 80♠ ... 160♣, 37-40 capot ♠ ♥ ♦ ♣, 41 coinche,
42 surcoinche."""

from __future__ import annotations

from typing import Any, NamedTuple

from belote_notation.game.rules import Ruleset
from belote_notation.notation import records as R

_RANK = (0, 1, 2, 4, 5, 6, 3, 7)
"""colver's rank index to ours."""

COLVER_OPTIONS = {
    "direction": "clockwise", "first_bidder": "left", "first_lead": "dealer_left", "next_dealer": "left",
    "belote_requires_declaration": "false", "round_scores_to_ten": "false", "failed_contract_points": "162",
    "double_multiplies": "contract_to_winner", "capot_points": "252",
    "belote_survives_failure": "false", "failed_belote_to_defence": "true", "redouble_multiplier": "3",
}
"""What colver plays that differs from our ``contree`` preset in turn order and scoring (its
surcoinche multiplies by 3). Its play obligations differ too (docs/rules.md, "Checked against
colver"): :data:`COLVER_PLAY` names them."""

COLVER_PLAY = {"must_undertrump": "false", "overtrump_partner_when_trump_led": "true"}
"""colver's play obligations where they differ from the ``contree`` preset's: no obligation to
undertrump (the preset obliges a player who must trump but cannot overtrump to trump lower),
and trump led, overtrump even the partner's trump (the preset: only an opponent's).
tests/game/test_colver_play_obligations.py shows both, position by position."""


def card(colver_card: int) -> int:
    return (colver_card & ~7) | _RANK[colver_card & 7]


class ColverDeal(NamedTuple):
    game: R.Game
    points: tuple[int, int]
    """colver's card points per team (N-S, E-W)."""
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    """colver's deal score per team."""
    doubled: int


def _call(seat: int, action: int) -> R.Bid:
    notes: dict[str, Any] = {"glyph": None, "nags": [], "comments": [], "variations": []}
    if action == 0:
        return R.Bid(seat=seat, action="pass", **notes)
    if action <= 36:
        value = 80 + (action - 1) // 4 * 10
        return R.Bid(seat=seat, action="bid", suit=(action - 1) % 4, value=value, **notes)
    if action <= 40:
        return R.Bid(seat=seat, action="capot", suit=action - 37, **notes)
    return R.Bid(seat=seat, action="coinche" if action == 41 else "surcoinche", **notes)


def play_deal(seed: int, rules: Ruleset) -> ColverDeal:
    """One deal dealt, bid and played by colver's heuristic players, as a one-deal game."""
    import colver

    env = colver.Env.deal(dealer=seed % 4, seed=seed)
    dealer = env.get_dealer()
    hands = env.get_hands()
    while not env.is_terminal():
        env.step(env.bid_improved() if env.phase() == 0 else env.action_heuristic_play())
    holder = {card(c): seat for seat, hand in enumerate(hands) for c in hand}
    order = [card(c) for c in env.get_play_order()]
    tricks = [R.Trick(number=t + 1, plays=[R.Play(seat=holder[c], card=c) for c in order[t * 4:t * 4 + 4]])
              for t in range(len(order) // 4)]
    deal = R.Deal(number=1, dealer=dealer,
                  hands=[R.Hand(seat=s, cards=sorted(card(c) for c in hands[s])) for s in range(4)],
                  bids=[_call(seat, action) for seat, action in env.get_bid_history()], tricks=tricks)
    headers = [R.Header(name="Rules", value=rules.name)]
    options = {**COLVER_OPTIONS, **COLVER_PLAY}
    headers += [R.Header(name="Option", value=f"{k}={v}") for k, v in options.items()]
    points, won, score = env.get_points(), env.get_tricks_won(), env.rewards()
    return ColverDeal(R.Game(headers=headers, deals=[deal]), (points[0], points[1]), (won[0], won[1]),
                      (int(score[0]), int(score[1])), env.get_contract()["coinche"])
