"""The deal check: one deal's facts replayed through the engine, one method per phase.

::

    distribution ── deal_five (five cards, offer) ──▶ BEL1xx at the card or hand
    bidding      ── apply_bid ──▶ BEL2xx at the call (or set_contract / set_auction_result for a
                    contract only: a single take, a contrée ``Contract`` tag)
    rest, hands  ── deal_rest / set_hands ──▶ BEL1xx, BEL712 at the hand
    contract     ── no trump or a dead deal: what can still be said, then stop
    announcements and tricks ── announce, play_card ──▶ BEL3xx/4xx at the card or announcement
    score        ── score_deal ──▶ end-of-deal notes at the card or trick they are about

The engine decides every rule; this module only says where in the record it was broken.
After an illegal act the replay goes on with the act applied, so later problems still show.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from belote_notation.check.codes import (
    BID_ROUND,
    CONTRACT_TAG_MISMATCH,
    CONTREE_DISTRIBUTION,
    HAND_MISMATCH,
    HANDS_DERIVED,
    INCOMPLETE_DEAL,
    NO_BIDDING,
    NO_DISTRIBUTION,
    NO_TRUMP,
)
from belote_notation.check.context import Context, TrickTrace
from belote_notation.check.contract_tag import ContractTag, disagreement
from belote_notation.check.facts import BidFact, DealFacts, HandFact, UnreadTrick
from belote_notation.check.play import play_tricks
from belote_notation.check.variations import replay_variations
from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import (
    DealResult,
    DealState,
    Holding,
    Violation,
    apply_auction_call,
    apply_bid,
    call_count,
    check_plays_without_trump,
    contract,
    deal_five,
    deal_rest,
    hands_from_plays,
    hands_known,
    held,
    is_dead,
    new_deal,
    next_bidder,
    score_deal,
    set_auction_result,
    set_contract,
    set_hands,
)
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.auction_table import setup_auction
from belote_notation.game.engine.plain import NOT_SET_UP, TAKEN, setup_deal
from belote_notation.game.lang import Cards, Listed, Seat, msg, msg_n

__all__ = ["DealCheck"]


class DealCheck:
    """Replays one deal: ``run()`` gives the engine's result, ``None`` when it cannot be scored."""

    __slots__ = ("contract_only", "ctx", "deal", "state", "traces", "unread")

    def __init__(self, ctx: Context, deal: DealFacts, dealer: int, unread: UnreadTrick | None = None) -> None:
        self.ctx = ctx
        self.deal = deal
        self.unread = unread  # the trick with a syntax error (:mod:`.followable`)
        self.state: DealState = new_deal(ctx.rules, dealer, ctx.deck)
        self.contract_only = False
        self.traces: list[TrickTrace] | None = None
        if ctx.observer is not None:
            traces: list[TrickTrace] = []
            if getattr(ctx.observer, "wants_tricks", True):  # else the whole deal's play runs compiled
                self.traces = traces
            ctx.observer.deal_started(ctx.position, self.state, traces)

    def run(self) -> DealResult | None:
        """Every phase in turn; the deal's result, ``None`` when it cannot be scored."""
        deal, state, ctx = self.deal, self.state, self.ctx
        done = NOT_SET_UP  # the phases', unless the engine's compiled set-up (when built) takes the deal
        if deal.offer is not None and setup_deal is not None:  # a smsara deal
            done = setup_deal(state, deal.five, deal.offer.card, deal.bids, deal.rest, deal.hands)
        elif deal.offer is None and setup_auction is not None and (ctx.contract_tag is None or ctx.position):
            done = setup_auction(state, deal.five, deal.bids, deal.rest, deal.hands)  # none against its tag
        if done == TAKEN:  # the engine's fast paths took the distribution and the calls: nothing to say
            return self.score() if play_tricks(ctx, deal, state, self.traces, self.unread) else None
        if done == NOT_SET_UP:
            if deal.scores_only():  # a score sheet: the match check checks its numbers
                return None
            self.distribution()
            self.bidding()
            self.rest_and_hands()
        self.missing_parts()
        dead = is_dead(state)
        taken = contract(state)
        if (taken is None or taken.trump is None) and not dead:
            self.no_trump(taken is not None)
            return None
        if dead:
            self.dead_deal()
            return score_deal(state)
        if not hands_known(state) and not self.hands_from_plays():
            return None
        if not play_tricks(self.ctx, self.deal, state, self.traces, self.unread):
            return None
        return self.score()

    # ------------------------------------------------------------------ distribution
    def distribution(self) -> None:
        """The first five cards and the offer (BEL1xx at the card or the hand)."""
        deal = self.deal
        if self.ctx.rules.bidding == "contree":
            self.contree_distribution()
            return
        card = deal.offer.card if deal.offer is not None else None
        vs = deal_five(self.state, holdings(deal.five) if deal.five else None, card)
        if vs:
            self.deal_violations(vs, deal.five)

    def contree_distribution(self) -> None:
        """Contrée deals all eight cards at once: five cards, an offer or the rest of the
        distribution are BEL216 (at the first of them) and not used."""
        deal = self.deal
        parts = [(p.line, p.col) for p in (*deal.five, *deal.rest)]
        if deal.offer is not None:
            parts.append((deal.offer.line, deal.offer.col))
        if parts:
            line, col = min(parts)
            self.ctx.add(CONTREE_DISTRIBUTION, msg("contrée deals all eight cards at once: write the four "
                                                   "hands (`hand SEAT cards`), not `tafr9a`, `offer` or "
                                                   "`rest`"), line, col)
            deal.rest = []

    def rest_and_hands(self) -> None:
        """The rest of the distribution, or full hands (BEL1xx at the card or hand, BEL712)."""
        deal, state = self.deal, self.state
        if deal.rest:
            vs = deal_rest(state, holdings(deal.rest))
            if vs:
                self.deal_violations(vs, deal.rest)
            for hand in deal.hands:  # both the distribution and the hands: they must agree
                self.hand_agrees(hand)
        elif deal.hands:
            vs = set_hands(state, holdings(deal.hands))
            if vs:
                self.deal_violations(vs, deal.hands)

    def hand_agrees(self, hand: HandFact) -> None:
        mask = 0
        for card in hand.cards:
            mask |= 1 << card
        seat = hand.seat & 3
        dealt = held(self.state, seat)
        if mask != dealt:
            extra, missing = Cards(mask & ~dealt, self.ctx.deck), Cards(dealt & ~mask, self.ctx.deck)
            who = Seat(seat)
            told = (msg("the hand of %(who)s lists %(extra)s not dealt to it and leaves out %(missing)s",
                        who=who, extra=extra, missing=missing) if extra.mask and missing.mask else
                    msg("the hand of %(who)s lists %(extra)s not dealt to it", who=who, extra=extra)
                    if extra.mask else
                    msg("the hand of %(who)s leaves out %(missing)s", who=who, missing=missing))
            self.ctx.add(HAND_MISMATCH, told, hand.line, hand.col, seat=seat)

    def deal_violations(self, vs: Sequence[Violation], hands: list[HandFact]) -> None:
        """Distribution violations at the card given twice, the offer, or the seat's hand line."""
        deal = self.deal
        places = _CardPlaces(hands, vs)
        for v in vs:
            if v.code == C.OFFER_IN_HAND and deal.offer is not None:
                line, col = deal.offer.line, deal.offer.col
            else:
                line, col = places.next_place(v.seat, v.card, deal)
            self.ctx.violation(v, line, col)

    # ------------------------------------------------------------------ bidding
    def bidding(self) -> None:
        """Each call through the engine (BEL2xx at the call; BEL710 for a short round)."""
        deal, ctx, state = self.deal, self.ctx, self.state
        bids = deal.bids
        if not bids:
            if ctx.contract_tag is not None and ctx.position == 0 and ctx.rules.bidding == "contree":
                self.tagged_contract(ctx.contract_tag)
            return
        if len(bids) == 1 and bids[0].action == "take" and deal.offer is None and not deal.five:
            bid = bids[0]  # a partial record giving only the contract: taker and trump
            self.contract_only = True
            if bid.seat is not None and bid.suit is not None:
                set_contract(state, bid.seat, bid.suit)
                ctx.add(NO_BIDDING, msg("could not check the bidding: only the contract is recorded"),
                        bid.line, bid.col)
            return
        rounds = not state.flags.contree  # a contrée auction has no rounds: its calls go to it directly
        for bid in bids:
            if rounds:
                called = call_count(state)
                if bid.round == 2 and called < 4 and contract(state) is None and not is_dead(state):
                    self.short_round(bid)
                elif bid.round == 1 and called == 4 and contract(state) is None:
                    ctx.add(BID_ROUND, msg("round 1 has more than four calls: this one is read as round 2"),
                            bid.line, bid.col, seat=bid.seat)
            if bid.variations:
                replay_variations(ctx, state, bid.variations)
            seat = bid.seat if bid.seat is not None else next_bidder(state)
            vs = (apply_bid if rounds else apply_auction_call)(state, seat, bid.action, bid.suit, bid.value)
            if vs:
                ctx.violations(vs, bid.line, bid.col)
        if ctx.contract_tag is not None and ctx.position == 0 and not rounds:  # the tag against the auction
            said = disagreement(ctx.contract_tag, contract(state), is_dead(state), ctx.rules, ctx.deck)
            if said is not None:
                ctx.add(CONTRACT_TAG_MISMATCH, said, *ctx.contract_tag_at)

    def tagged_contract(self, tag: ContractTag) -> None:
        """A contrée deal recorded with its contract (the ``Contract`` tag) and no auction: play
        it in that contract. A tag naming only the takers' team stands for a taker where none
        is needed; where one is (the first lead after the taker, a générale) it gives nothing."""
        ctx, deal, rules = self.ctx, self.deal, self.ctx.rules
        action = ("capot" if tag.value == rules.capot_bid_value else
                  "generale" if tag.value == rules.generale_bid_value else "bid")
        seat = tag.seat
        if seat is None and rules.first_lead != "after_taker" and action != "generale":
            seat = tag.team  # N for N-S, E for E-W: only the team counts here
        if seat is None:
            ctx.add(NO_BIDDING, msg("could not use the contract %(contract)s of the Contract tag: it names "
                                    "the takers' team, and these rules need the taker's seat",
                                    contract=tag.value), deal.line, deal.col)
            return
        set_auction_result(self.state, seat, action, tag.strain, tag.value, tag.doubled)
        self.contract_only = True
        ctx.add(NO_BIDDING, msg("could not check the bidding: only the contract is recorded (the Contract "
                                "tag)"), deal.line, deal.col)

    def short_round(self, bid: BidFact) -> None:
        """Round 2 starts before four calls of round 1: say who did not speak, and let them pass
        so that the round-2 calls are judged as round-2 calls."""
        state = self.state
        missing: list[Seat] = []
        while call_count(state) < 4:
            seat = next_bidder(state)
            missing.append(Seat(seat))
            apply_bid(state, seat, "pass", None)
        n = 4 - len(missing)
        said = msg_n("round 1 has only %(calls)s call: %(silent)s did not speak (read as passes)",
                     "round 1 has only %(calls)s calls: %(silent)s did not speak (read as passes)", "calls",
                     calls=n, silent=Listed(tuple(missing)))
        self.ctx.add(BID_ROUND, said, bid.line, bid.col, seat=bid.seat)

    # ------------------------------------------------------------------ contract
    def missing_parts(self) -> None:
        """Notes on what the record leaves out: the bidding, every card."""
        deal, state = self.deal, self.state
        if deal.bids and (deal.five or deal.hands or deal.rest):  # neither note can be due
            return
        dead = is_dead(state)
        if not deal.bids and not dead and not self.contract_only:
            self.ctx.add(NO_BIDDING, msg("could not check the bidding: no bids recorded"), deal.line,
                         deal.col)
        if not deal.five and not deal.hands and not deal.rest and not dead and not deal.tricks:
            self.ctx.add(NO_DISTRIBUTION, msg("could not check deal %(deal)s: no cards recorded",
                                              deal=deal.number), deal.line, deal.col)

    def no_trump(self, taken: bool) -> None:
        """Nobody took (or the take named no trump): only what does not depend on trump is checked."""
        deal, ctx, tricks, bids = self.deal, self.ctx, self.deal.tricks, self.deal.bids
        if tricks and bids and not self.contract_only and not taken:
            line, col = _first_play(deal)
            ctx.add(C.BIDDING_UNFINISHED, msg("cards were played before anybody took: no trump"), line, col,
                    trick=1)
            self.plays_without_trump()
        elif tricks:
            ctx.add(NO_TRUMP, msg("could not check the play and the score: trump unknown (no take recorded)"),
                    deal.line, deal.col)
            self.plays_without_trump()
        elif bids and not self.contract_only and not taken:
            ctx.add(INCOMPLETE_DEAL, msg("could not score deal %(deal)s: the bidding is not finished",
                                        deal=deal.number), deal.line, deal.col)

    def plays_without_trump(self) -> None:
        tricks = self.deal.tricks
        for v in check_plays_without_trump(self.state, [t.plays for t in tricks]):
            play = tricks[(v.trick or 1) - 1].plays[v.index or 0]
            self.ctx.violation(v, play.line, play.col)

    def dead_deal(self) -> None:
        if self.deal.tricks:
            line, col = _first_play(self.deal)
            self.ctx.add(C.PLAY_AFTER_DEAD_DEAL, msg("cards were played although everybody passed twice "
                                                     "(dead deal)"), line, col, trick=1)

    def hands_from_plays(self) -> bool:
        """No hands recorded: work them out from the cards played (False: nothing to play)."""
        deal, ctx, state = self.deal, self.ctx, self.state
        tricks = deal.tricks
        if not tricks:
            if not self.contract_only:
                ctx.add(INCOMPLETE_DEAL, msg("could not score deal %(deal)s: no tricks recorded",
                                             deal=deal.number), deal.line, deal.col)
            return False
        hands = hands_from_plays(state, [t.plays for t in tricks])
        complete = len(tricks) == 8 and all(len(t.plays) == 4 for t in tricks)
        vs = set_hands(state, hands)
        if complete and vs:  # a card played twice is said where it is played, not here
            self.deal_violations([v for v in vs if v.code != C.DUPLICATE_CARD], [])
        ctx.add(HANDS_DERIVED, msg("hands worked out from the cards played: could not check the dealing "
                                   "nor what each player held"), deal.line, deal.col)
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
        deal = self.deal
        taken = contract(self.state)
        if v.seat is not None and taken is not None and taken.trump is not None:
            kq = {taken.trump * 8 + QUEEN, taken.trump * 8 + KING}
            for trick in deal.tricks:
                for play in trick.plays:
                    if play.card in kq and (play.seat is None or play.seat == v.seat):
                        return play.line, play.col
        if v.trick is not None and 0 < v.trick <= len(deal.tricks):
            trick = deal.tricks[v.trick - 1]
            return trick.line, trick.col
        return deal.line, deal.col


def holdings(hands: list[HandFact]) -> list[Holding]:
    """Each seat's cards for the engine: masks when no card is written twice (its fast path),
    else the cards in the order written, so that the engine finds every card given twice."""
    masks = [0, 0, 0, 0]
    count = 0
    for hand in hands:
        bits = hand.bits  # the cards' mask when none is written twice: checked below on the whole deal
        if bits is None:
            bits = 0
            for card in hand.cards:
                bits |= 1 << card
        masks[hand.seat & 3] += bits
        count += len(hand.cards)
    total = masks[0] | masks[1] | masks[2] | masks[3]
    if total.bit_count() == count and masks[0] + masks[1] + masks[2] + masks[3] == total:
        return list(masks)
    lists: list[list[int]] = [[], [], [], []]
    for hand in hands:
        lists[hand.seat & 3].extend(hand.cards)
    return list(lists)


class _CardPlaces:
    """Where each violation about a seat's card is placed, worked out in one pass over the
    hands (issue 22: looking each one up by scanning every hand line was quadratic): ``m``
    violations about a card the seat's lines give ``n`` times point at its last ``m``
    occurrences, in order (each repeated card at its own line; one violation: the last
    occurrence); a violation without a card, at the seat's first hand line; else the deal."""

    def __init__(self, hands: list[HandFact], vs: Sequence[Violation]) -> None:
        self.first_line: dict[int, tuple[int, int]] = {}
        self.occurrences: dict[tuple[int, int], list[tuple[int, int]]] = {}
        wanted = {(v.seat, v.card) for v in vs if v.seat is not None and v.card is not None}
        for hand in hands:
            self.first_line.setdefault(hand.seat, (hand.line, hand.col))
            for i, written in enumerate(hand.cards):
                if (hand.seat, written) in wanted:
                    place = hand.positions[i] if i < len(hand.positions) else (hand.line, hand.col)
                    self.occurrences.setdefault((hand.seat, written), []).append(place)
        self.left = Counter((v.seat, v.card) for v in vs)

    def next_place(self, seat: int | None, card: int | None, deal: DealFacts) -> tuple[int, int]:
        if seat is None or seat not in self.first_line:
            return deal.line, deal.col
        places = self.occurrences.get((seat, card)) if card is not None else None
        if not places:
            return self.first_line[seat]
        left = self.left[(seat, card)]
        self.left[(seat, card)] = left - 1
        return places[max(0, len(places) - left)]


def _first_play(deal: DealFacts) -> tuple[int, int]:
    first = deal.tricks[0]
    if first.plays:
        return first.plays[0].line, first.plays[0].col
    return first.line, first.col
