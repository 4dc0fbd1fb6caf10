"""A coach's review from the double-dummy solver: glyphs, NAGs, comments, alternative lines.

:func:`review_game` replays a recorded game (the checks' replay: the engine's states), values
every card that had a choice, and returns the game with annotations added (nothing removed:
running it on its own output adds nothing more) and what each player lost.

Glyphs by the points a card loses against the best card (:class:`Thresholds`, settable):
``?!`` from 6, ``?`` from 16, ``??`` from 40; a card that turns a made contract into a failed
one, or a failed one into a capot (the engine's score of both lines), is at least ``?``.

The worked example is in ``docs/review.md`` and in the package's docstring
(:mod:`belote_notation.analysis`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from belote_notation.analysis.annotation import MARK, add_once, annotate_play
from belote_notation.analysis.card_judgement import DEFAULT_THRESHOLDS, CardJudgement, Thresholds, judge_card
from belote_notation.analysis.refusal import Refusal
from belote_notation.analysis.sampling import Seen, expected_loss
from belote_notation.analysis.solver import DoubleDummy, SearchTooLong
from belote_notation.check.judged import why_not_judged_msg
from belote_notation.check.positions import state_at_point
from belote_notation.check.replay import DealReplay, replay_game
from belote_notation.game.cards import SEAT_NAMES, Deck
from belote_notation.game.engine import (
    DealState,
    announce,
    new_deal,
    play_card,
    set_contract,
    set_hands,
)
from belote_notation.game.lang import Message, msg, msg_n, render
from belote_notation.notation.records import Bid, Deal, Game

__all__ = ["CardJudgement", "DealJudgement", "PlayerStats", "Review", "Thresholds", "apply_review",
           "judge_deal", "review_game", "skipped_messages", "skipped_notes", "state_at",
           "summary_comment"]

SEAT_WORDS = ("North", "East", "South", "West")


@dataclass(slots=True)
class DealJudgement:
    """The judgements of one deal (by its position in the game) and its bidding notes."""

    position: int
    cards: list[CardJudgement] = field(default_factory=list)
    bid_notes: dict[int, str] = field(default_factory=dict)
    """Index of a call in the deal's bids -> the note."""
    skipped: str | None = None
    """Why the deal is left out, in English (the file's comment, the JSON figures)."""
    skipped_msg: Message | None = None
    """The same as a message of the catalogues (said on stderr in the language asked)."""
    unjudged: list[tuple[int, int]] = field(default_factory=list)
    """(trick 1..8, index 0..3) of the cards left unjudged: the solver passed its budget there."""


@dataclass(slots=True)
class PlayerStats:
    seat: int
    name: str
    cards: int = 0
    """Cards played with a choice."""
    points_lost: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    best: int = 0
    """Cards that lost nothing."""

    @property
    def accuracy(self) -> float:
        """Share of the cards with a choice that lost nothing, in percent."""
        return 100.0 * self.best / self.cards if self.cards else 100.0

    def to_dict(self) -> dict[str, object]:
        return {"seat": SEAT_NAMES[self.seat], "name": self.name, "cards": self.cards,
                "points_lost": self.points_lost, "inaccuracies": self.inaccuracies,
                "mistakes": self.mistakes, "blunders": self.blunders,
                "accuracy": round(self.accuracy, 1)}


@dataclass(slots=True)
class Review:
    game: Game
    deals: list[DealJudgement]
    players: list[PlayerStats]


# ----------------------------------------------------------------------------- one deal
def _fresh_state(final: DealState) -> DealState:
    """The deal at its first lead: the final state's rules, dealer, contract, hands and
    valid announcements (the engine scores the lines from it)."""
    assert final.taker is not None
    state = new_deal(final.rules, final.dealer, final.deck)
    set_contract(state, final.taker, final.strain)  # the strain: sans-atout is no suit's trump
    # a contrée contract's level and coinche, for the engine's score of the lines (set_contract
    # gives taker and strain only)
    state.high_bid, state.doubled = final.high_bid, final.doubled
    state.contract_kind, state.contract_value = final.contract_kind, final.contract_value
    set_hands(state, final.full_hands)
    for seat, kind, mask in final.announcements:
        announce(state, seat, kind, mask)
    return state


def state_at(replay: DealReplay, trick: int = 1, card: int = 1) -> DealState:
    """The engine's state of a replayed deal just before card ``card`` (1..4) of trick
    ``trick`` (1..8) is played (:func:`~belote_notation.check.positions.state_at_point`, the
    position API's replay). Raises ``ValueError`` when the deal cannot be solved there
    (no contract, hands unknown, or the record stops before that point)."""
    final = replay.state
    if final is None or final.taker is None or not replay.hands_complete:
        raise Refusal(msg("the deal has no contract or its hands are not all known"))
    if not 1 <= trick <= 8 or not 1 <= card <= 4:
        raise Refusal(msg("a point of the play is TRICK.CARD with TRICK 1..8 and CARD 1..4"))
    wanted = (trick - 1) * 4 + card - 1
    try:
        return state_at_point(replay, wanted)
    except ValueError:
        stops = msg("the record stops before trick %(trick)s card %(card)s", trick=trick, card=card)
        raise Refusal(stops) from None


def judge_deal(replay: DealReplay, position: int, thresholds: Thresholds = DEFAULT_THRESHOLDS,
               samples: int = 0, seed: int = 0, dd: DoubleDummy | None = None,
               auction: bool = True, budget: int | None = None) -> DealJudgement:
    """Value every card of one replayed deal that had a choice (with ``samples``, over deals
    drawn to keep what the calls promised; ``auction=False``: drawn uniformly). ``budget``
    bounds the positions the solver searches for the whole deal (every card, every sampled
    deal): past it the deal's remaining cards stay unjudged (:attr:`DealJudgement.unjudged`)."""
    dd = dd or DoubleDummy()
    dd.spend_at_most(budget)
    try:
        return _judge_deal(replay, position, thresholds, samples, seed, dd, auction)
    finally:
        dd.spend_at_most(None)


def _judge_deal(replay: DealReplay, position: int, thresholds: Thresholds, samples: int, seed: int,
                dd: DoubleDummy, auction: bool) -> DealJudgement:
    out = DealJudgement(position)
    out.skipped_msg = why_not_judged_msg(replay)  # the one rule of the deals a review judges
    out.skipped = None if out.skipped_msg is None else render(out.skipped_msg)
    final = replay.state
    if out.skipped is not None or final is None:
        return out
    if dd.value == "score" and final.contract_kind == "generale":
        out.skipped_msg = msg("a générale is not valued by score (who of the side won each trick counts)")
        out.skipped = render(out.skipped_msg)
        return out
    declares = [bool(marks) for marks in final.belote_marks]
    state = _fresh_state(final)
    deal = replay.deal
    try:
        out.bid_notes = _bid_notes(dd, deal, final)
    except SearchTooLong:  # the table of the first lead is past the budget: no note
        out.bid_notes = {}
    rng = random.Random(seed * 1_000_003 + position)
    seen = Seen(final, deal.offer.card if deal.offer is not None else None, auction)
    for t, (seats, cards, _winner) in enumerate(final.tricks):
        refused = False
        for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            try:
                if not refused:
                    _judge_position(dd, state, (t, i, seat, card), declares, thresholds, out, samples, seen,
                                    rng)
            except SearchTooLong:  # refused, not guessed: the rest of the trick stays unjudged
                refused = True
            if refused:
                out.unjudged.append((t + 1, i))
            seen.played(seat, card, cards[0] >> 3)
            play_card(state, seat, card, _recorded_mark(deal, t, i))
    return out


def _judge_position(dd: DoubleDummy, state: DealState, played: tuple[int, int, int, int],
                    declares: Sequence[bool], thresholds: Thresholds, out: DealJudgement, samples: int,
                    seen: Seen, rng: random.Random) -> None:
    """Judge the card ``played`` (trick, index, seat, card) of ``state`` when it had a choice."""
    t, i, seat, card = played
    values = dd.values(state)
    if len(values) <= 1:
        return
    judgement = judge_card(dd, state, values, t, i, seat, card, declares, thresholds)
    if samples:
        bands = (thresholds.inaccuracy, thresholds.mistake, thresholds.blunder)
        expected = expected_loss(dd, state, seat, card, seen, samples, rng, bands)
        judgement.expected_loss, judgement.expected_best = expected.loss, expected.best
        judgement.glyph = thresholds.glyph(expected.loss, judgement.flipped is not None)
    out.cards.append(judgement)


def _recorded_mark(deal: Deal, trick: int, index: int) -> str | None:
    try:
        return deal.tricks[trick].plays[index].mark
    except IndexError:
        return None


# ----------------------------------------------------------------------------- the bidding
def _bid_notes(dd: DoubleDummy, deal: Deal, final: DealState) -> dict[int, str]:
    """A note on the take the DD table shows to fail, and on a pass that the table shows
    would have made (card points: the takers' side makes more than the defence)."""
    if not deal.bids or final.taker is None:
        return {}
    def made(trump: int, taker: int) -> tuple[bool, tuple[int, int]]:
        entry = dd.table_entry(final.rules, final.full_hands, final.dealer, trump, taker)
        own = entry.points[taker & 1]
        return own > entry.points[1 - (taker & 1)], entry.points

    notes: dict[int, str] = {}
    offer_suit = deal.offer.card >> 3 if deal.offer is not None else None
    for index, bid in enumerate(deal.bids):
        if bid.seat is None:
            continue
        if bid.action == "take":
            trump = bid.suit if bid.suit is not None else offer_suit
            if trump is None:
                continue
            ok, points = made(trump, bid.seat)
            if not ok:
                side = "N-S" if bid.seat & 1 == 0 else "E-W"
                notes[index] = (f"{MARK}: this take fails double dummy: {side} make "
                                f"{points[bid.seat & 1]} card points")
        elif bid.round == 1 and offer_suit is not None and bid.seat & 1 != final.taker & 1:
            ok, points = made(offer_suit, bid.seat)
            if ok:
                notes[index] = (f"{MARK}: taking here makes double dummy: "
                                f"{points[bid.seat & 1]} card points")
    return notes


# ----------------------------------------------------------------------------- the game
def summary_comment(players: Sequence[PlayerStats]) -> str:
    """The review's line in the game's comments."""
    parts = []
    for p in players:
        who = f"{SEAT_NAMES[p.seat]} {p.name}".strip()
        parts.append(f"{who}: {_count(p.points_lost, 'point')} lost, {_count(p.mistakes, 'mistake')}, "
                     f"{_count(p.blunders, 'blunder')}, accuracy {p.accuracy:.0f}%")
    return f"{MARK} review: " + "; ".join(parts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def skipped_notes(review: Review) -> list[str]:
    """:func:`skipped_messages` in English."""
    return [render(note) for note in skipped_messages(review)]


def skipped_messages(review: Review) -> list[Message]:
    """``deal N: not reviewed: why`` for each deal the review left out (said on stderr by
    ``annotate``, in the language asked; the why is the review's words, written in English as a
    comment of the deal), and ``deal N: K cards not judged`` for each deal whose review passed
    the solver's budget (said on stderr)."""
    notes = []
    for dj in review.deals:
        number = review.game.deals[dj.position].number
        if dj.skipped:
            why = dj.skipped_msg or dj.skipped
            notes.append(msg("deal %(deal)s: not reviewed: %(why)s", deal=number, why=why))
        elif dj.unjudged:
            trick, index = dj.unjudged[0]
            # English says "1 cards" as it always did (its two forms alike); a catalogue counts by its rule
            notes.append(msg_n("deal %(deal)s: %(n)s cards not judged, from trick %(trick)s card "
                               "%(card)s: the solver passed its budget of positions (annotate --budget)",
                               "deal %(deal)s: %(n)s cards not judged, from trick %(trick)s card "
                               "%(card)s: the solver passed its budget of positions (annotate --budget)",
                               "n", deal=number, n=len(dj.unjudged), trick=trick, card=index + 1))
    return notes


def review_game(game: Game, thresholds: Thresholds = DEFAULT_THRESHOLDS, samples: int = 0, seed: int = 0,
                file: str = "<string>", value: str = "cards") -> Review:
    """The reviewed copy of ``game`` (the record given is not changed) and the per-player
    figures, every deal judged in this process (the command line spreads deals over
    processes with :func:`judge_deal` and :func:`apply_review`); ``value``: what a card's value
    counts, ``cards`` (card points) or ``score`` (the deal's score)."""
    replay = replay_game(game, file)
    dd = DoubleDummy(value=value)
    judgements = [judge_deal(deal_replay, position, thresholds, samples, seed, dd)
                  for position, deal_replay in enumerate(replay.deals)]
    return apply_review(game.model_copy(deep=True), replay.deck, judgements)


def apply_review(game: Game, deck: Deck, judgements: list[DealJudgement]) -> Review:
    """Write the judgements into ``game`` (changed in place) and count per player."""
    players = [PlayerStats(s, game.header(SEAT_WORDS[s]) or "") for s in range(4)]
    for dj in judgements:
        deal = game.deals[dj.position]
        deal.comments = [c for c in deal.comments if not c.startswith(f"{MARK} not reviewed:")]
        if dj.skipped:
            deal.comments.append(f"{MARK} not reviewed: {dj.skipped}")  # token: the file's words, English
        for index, note in dj.bid_notes.items():
            bid: Bid = deal.bids[index]
            add_once(bid.comments, note)
        for j in dj.cards:
            stats = players[j.seat]
            stats.cards += 1
            stats.points_lost += j.loss
            stats.best += j.loss == 0
            stats.inaccuracies += j.glyph == "?!"
            stats.mistakes += j.glyph == "?"
            stats.blunders += j.glyph == "??"
            try:
                play = deal.tricks[j.trick - 1].plays[j.index]
            except IndexError:
                continue
            annotate_play(play, j, deck)
    game.comments = [c for c in game.comments if not c.startswith(f"{MARK} review:")]
    game.comments.append(summary_comment(players))
    return Review(game, judgements, players)
