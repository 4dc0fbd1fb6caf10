"""The deal check: one deal's facts replayed through the engine, one method per phase.

::

    distribution ── deal_five (five cards, offer) ──▶ BEL1xx at the card or hand
    bidding      ── apply_bid ──▶ BEL2xx at the call (or set_contract for a contract only)
    rest, hands  ── deal_rest / set_hands ──▶ BEL1xx, BEL712 at the hand
    contract     ── no trump or a dead deal: what can still be said, then stop
    announcements and tricks ── announce, play_card ──▶ BEL3xx/4xx at the card or announcement
    score        ── score_deal ──▶ end-of-deal notes at the card or trick they are about

The engine decides every rule; this module only says where in the record it was broken.
After an illegal act the replay goes on with the act applied, so later problems still show.
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.check import interim
from belote_notation.check.codes import (
    BID_ROUND,
    HAND_MISMATCH,
    HANDS_DERIVED,
    INCOMPLETE_DEAL,
    NO_BIDDING,
    NO_DISTRIBUTION,
    NO_TRUMP,
)
from belote_notation.check.context import Context, TrickTrace
from belote_notation.check.facts import BidFact, DealFacts, HandFact
from belote_notation.check.play import play_tricks
from belote_notation.check.variations import replay_variations
from belote_notation.game.cards import KING, QUEEN, SEAT_NAMES
from belote_notation.game.engine import (
    DealResult,
    DealState,
    Violation,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    score_deal,
    set_contract,
    set_hands,
)
from belote_notation.game.engine import codes as C

__all__ = ["DealCheck"]


class DealCheck:
    """Replays one deal: ``run()`` gives the engine's result, ``None`` when it cannot be scored."""

    __slots__ = ("contract_only", "ctx", "deal", "state", "traces")

    def __init__(self, ctx: Context, deal: DealFacts, dealer: int) -> None:
        self.ctx = ctx
        self.deal = deal
        self.state: DealState = new_deal(ctx.rules, dealer, ctx.deck)
        self.contract_only = False
        self.traces: list[TrickTrace] | None = None
        if ctx.observer is not None:
            self.traces = []
            ctx.observer.deal_started(ctx.position, self.state, self.traces)

    def run(self) -> DealResult | None:
        used = self.distribution()
        self.bidding()
        self.rest_and_hands(used)
        self.missing_parts()
        state = self.state
        if state.trump < 0 and not state.dead:
            self.no_trump()
            return None
        if state.dead:
            self.dead_deal()
            return score_deal(state)
        if not state.hands_known and not self.hands_from_plays():
            return None
        if not play_tricks(self.ctx, self.deal, state, self.traces):
            return None
        return self.score()

    # ------------------------------------------------------------------ distribution
    def distribution(self) -> int:
        """The first five cards and the offer (BEL1xx at the card or the hand); the cards used."""
        deal, ctx = self.deal, self.ctx
        offer = deal.offer
        card = offer.card if offer is not None else None
        if not deal.five:
            deal_five(self.state, None, card)
            return 1 << card if card is not None else 0
        masks, used = interim.hand_masks(ctx, deal.five, 0, "the first five cards")
        if offer is not None and card is not None:
            used = interim.offer_in_hand(ctx, offer, used)
        vs = deal_five(self.state, masks, card)
        if vs:
            self.deal_violations([v for v in vs if v.code != C.OFFER_IN_HAND], deal.five)
        return used

    def rest_and_hands(self, used: int) -> None:
        """The rest of the distribution, or full hands (BEL1xx at the hand, BEL712)."""
        deal, ctx, state = self.deal, self.ctx, self.state
        if deal.rest:
            masks, _ = interim.hand_masks(ctx, deal.rest, used, "the rest of the deal")
            vs = deal_rest(state, masks)
            if vs:
                self.deal_violations(vs, deal.rest)
            for hand in deal.hands:  # both the distribution and the hands: they must agree
                self.hand_agrees(hand)
        elif deal.hands:
            masks, _ = interim.hand_masks(ctx, deal.hands, 0, "the hand")
            vs = set_hands(state, masks)
            if vs:
                self.deal_violations(vs, deal.hands)

    def hand_agrees(self, hand: HandFact) -> None:
        mask = 0
        for card in hand.cards:
            mask |= 1 << card
        seat = hand.seat & 3
        dealt = self.state.full_hands[seat]
        if mask != dealt:
            extra, missing = mask & ~dealt, dealt & ~mask
            words = []
            if extra:
                words.append(f"lists {interim.names(extra, self.ctx.deck)} not dealt to it")
            if missing:
                words.append(f"leaves out {interim.names(missing, self.ctx.deck)}")
            self.ctx.add(HAND_MISMATCH, f"the hand of {SEAT_NAMES[seat]} {' and '.join(words)}",
                         hand.line, hand.col, seat=seat)

    def deal_violations(self, vs: Sequence[Violation], hands: list[HandFact]) -> None:
        """Distribution violations at the offer or at the hand line of their seat."""
        deal = self.deal
        for v in vs:
            if v.code == C.DUPLICATE_CARD:  # said at the card by interim.hand_masks
                continue
            if v.code == C.OFFER_IN_HAND and deal.offer is not None:
                line, col = deal.offer.line, deal.offer.col
            else:
                line, col = deal.line, deal.col
                for hand in hands:
                    if v.seat is not None and hand.seat == v.seat:
                        line, col = hand.line, hand.col
                        break
            self.ctx.violation(v, line, col)

    # ------------------------------------------------------------------ bidding
    def bidding(self) -> None:
        """Each call through the engine (BEL2xx at the call; BEL710 for a short round)."""
        deal, ctx, state = self.deal, self.ctx, self.state
        bids = deal.bids
        if not bids:
            return
        if len(bids) == 1 and bids[0].action == "take" and deal.offer is None and not deal.five:
            bid = bids[0]  # a partial record giving only the contract: taker and trump
            self.contract_only = True
            if bid.seat is not None and bid.suit is not None:
                set_contract(state, bid.seat, bid.suit)
                ctx.add(NO_BIDDING, "could not check the bidding: only the contract is recorded",
                        bid.line, bid.col)
            return
        for bid in bids:
            if bid.round == 2 and len(state.bids) < 4 and state.taker is None and not state.dead:
                self.short_round(bid)
            elif bid.round == 1 and len(state.bids) == 4 and state.taker is None:
                ctx.add(BID_ROUND, "round 1 has more than four calls: this one is read as round 2",
                        bid.line, bid.col, seat=bid.seat)
            if bid.variations:
                replay_variations(ctx, state, bid.variations)
            seat = bid.seat if bid.seat is not None else state.bid_turn
            vs = apply_bid(state, seat, bid.action, bid.suit)
            if vs:
                ctx.violations(vs, bid.line, bid.col)

    def short_round(self, bid: BidFact) -> None:
        """Round 2 starts before four calls of round 1: say who did not speak, and let them pass
        so that the round-2 calls are judged as round-2 calls."""
        state = self.state
        missing = []
        while len(state.bids) < 4:
            seat = state.bid_turn
            missing.append(SEAT_NAMES[seat])
            apply_bid(state, seat, "pass", None)
        n = 4 - len(missing)
        self.ctx.add(BID_ROUND, f"round 1 has only {n} call{'' if n == 1 else 's'}: "
                     f"{', '.join(missing)} did not speak (read as passes)", bid.line, bid.col,
                     seat=bid.seat)

    # ------------------------------------------------------------------ contract
    def missing_parts(self) -> None:
        """Notes on what the record leaves out: the bidding, every card."""
        deal, state = self.deal, self.state
        if not deal.bids and not state.dead:
            self.ctx.add(NO_BIDDING, "could not check the bidding: no bids recorded", deal.line,
                         deal.col)
        if not deal.five and not deal.hands and not deal.rest and not state.dead and not deal.tricks:
            self.ctx.add(NO_DISTRIBUTION, f"could not check deal {deal.number}: no cards recorded",
                         deal.line, deal.col)

    def no_trump(self) -> None:
        """Nobody took: only what does not depend on trump is checked."""
        deal, ctx, state = self.deal, self.ctx, self.state
        tricks, bids = deal.tricks, deal.bids
        if tricks and bids and not self.contract_only and state.taker is None:
            line, col = _first_play(deal)
            ctx.add(C.BIDDING_UNFINISHED, "cards were played before anybody took: no trump", line, col,
                    trick=1)
            interim.plays_without_trump(ctx, deal, state)
        elif tricks:
            ctx.add(NO_TRUMP, "could not check the play and the score: trump unknown (no take "
                    "recorded)", deal.line, deal.col)
            interim.plays_without_trump(ctx, deal, state)
        elif bids and not self.contract_only and state.taker is None:
            ctx.add(INCOMPLETE_DEAL, f"could not score deal {deal.number}: the bidding is not "
                    "finished", deal.line, deal.col)

    def dead_deal(self) -> None:
        if self.deal.tricks:
            line, col = _first_play(self.deal)
            self.ctx.add(C.PLAY_AFTER_DEAD_DEAL, "cards were played although everybody passed twice "
                         "(dead deal)", line, col, trick=1)

    def hands_from_plays(self) -> bool:
        """No hands recorded: work them out from the cards played (False: nothing to play)."""
        deal, ctx, state = self.deal, self.ctx, self.state
        tricks = deal.tricks
        if not tricks:
            if not self.contract_only:
                ctx.add(INCOMPLETE_DEAL, f"could not score deal {deal.number}: no tricks recorded",
                        deal.line, deal.col)
            return False
        hands = interim.hands_from_plays(deal, state)
        complete = len(tricks) == 8 and all(len(t.plays) == 4 for t in tricks)
        vs = set_hands(state, hands)
        if complete and vs:
            self.deal_violations(list(vs), [])
        ctx.add(HANDS_DERIVED, "hands worked out from the cards played: could not check the "
                "dealing nor what each player held", deal.line, deal.col)
        return True

    # ------------------------------------------------------------------ score
    def score(self) -> DealResult:
        """Score the deal; its end-of-deal notes at the card or trick they are about."""
        state = self.state
        result = score_deal(state)
        for v in result.violations:
            line, col = self.note_position(v)
            self.ctx.violation(v, line, col)
        return result

    def note_position(self, v: Violation) -> tuple[int, int]:
        """Where an end-of-deal note points: the trump king/queen played by the seat, or the deal."""
        state, deal = self.state, self.deal
        if v.seat is not None and state.trump >= 0:
            kq = {state.trump * 8 + QUEEN, state.trump * 8 + KING}
            for trick in deal.tricks:
                for play in trick.plays:
                    if play.card in kq and (play.seat is None or play.seat == v.seat):
                        return play.line, play.col
        if v.trick is not None and 0 < v.trick <= len(deal.tricks):
            trick = deal.tricks[v.trick - 1]
            return trick.line, trick.col
        return deal.line, deal.col


def _first_play(deal: DealFacts) -> tuple[int, int]:
    first = deal.tricks[0]
    if first.plays:
        return first.plays[0].line, first.plays[0].col
    return first.line, first.col
