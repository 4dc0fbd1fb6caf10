"""Match-level checks: deal numbering, dealer rotation, the recorded totals and pot, the winner
against the ``Result`` tag and the result after ``end``.

Causes, not consequences: each deal score is checked against the engine on its own (BEL503),
and each running total as arithmetic over the typed deal scores (BEL601; BEL606 on a score
sheet): against the total before it *as it should have been* plus the deal's typed score.
So one slip of addition is one finding, and a deal score that differs from the engine (an
illegal card, a wrong count) is one finding on that deal, not one on every total after it
(see :class:`RunningTotals`).

A deal that cannot be scored (a partial record) does not stop the match check: from there on
the record's own numbers are taken at their word, when it gives them. A score sheet (deals
with only ``score``/``match`` lines) is checked as one: each running total as above (BEL606),
totals that go down (BEL607), the result against the totals (BEL603); one note per game says
the deals were not replayed (BEL913) instead of two per deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from belote_notation.check.codes import (
    BAD_RESULT,
    DEAL_AFTER_END,
    DEAL_NUMBER,
    DEAL_SCORE,
    DEALER_ROTATION,
    ENGINE_FAILURE,
    LITIGE_POT,
    MATCH_TOTALS,
    MATCH_UNFINISHED,
    MATCH_WINNER,
    NO_DEALER,
    NO_MATCH_CHECK,
    SCORE_SHEET,
    SHEET_TOTAL_DOWN,
    SHEET_TOTALS,
    SKIPPED_PLAYS,
)
from belote_notation.check.context import Context
from belote_notation.check.deal import DealCheck
from belote_notation.check.facts import DealFacts
from belote_notation.check.followable import CAUSED_BY_LEAVING_OUT, followable
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.totals import RunningTotals
from belote_notation.game.cards import SEAT_NAMES, Deck
from belote_notation.game.engine import (
    DealResult,
    DealState,
    MatchStep,
    add_deal,
    contract,
    dealer_before,
    is_dead,
    new_match,
    skip_deal,
    strain_name,
)
from belote_notation.game.lang import Listed, Message, Seat, Suit, msg, msg_n
from belote_notation.notation.headers import PlacedTagPair

__all__ = ["FirstDealer", "MatchCheck", "first_dealer"]

_RESULTS = {"ns": 0, "n-s": 0, "ew": 1, "e-w": 1, "*": None}


class FirstDealer(NamedTuple):
    """Who deals first, and where that comes from: ``tag``, ``deal`` (its heading), ``call``
    (worked out from the first call's seat) or ``None`` (not known)."""

    seat: int | None
    source: Literal["tag", "deal", "call"] | None


def first_dealer(ctx: Context, dealer_header: str | None, first: DealFacts | None) -> FirstDealer:
    """Who deals first: the Dealer header, the first deal's dealer, or worked out from the
    first call."""
    if dealer_header is not None:
        key = dealer_header.strip().upper()[:1]
        if key and key in SEAT_NAMES:  # tuple.__new__: without namedtuple's Python __new__ (once a game)
            return tuple.__new__(FirstDealer, (SEAT_NAMES.index(key), "tag"))
    if first is None:
        return FirstDealer(None, None)
    if first.dealer is not None:
        return FirstDealer(first.dealer & 3, "deal")
    if first.bids and first.bids[0].seat is not None:
        return FirstDealer(dealer_before(ctx.rules, first.bids[0].seat), "call")
    return FirstDealer(None, None)


class MatchCheck:
    """The match as the deals go by: ``deal()`` for each, then ``finish()``."""

    __slots__ = ("ctx", "dealer_from_call", "dealer_known", "keep", "match", "over_reported", "report",
                 "running", "sheet", "totals_known")

    def __init__(self, ctx: Context, report: GameReport, keep: bool, first: FirstDealer) -> None:
        self.ctx = ctx
        self.report = report
        self.keep = keep
        self.dealer_known = first.seat is not None
        self.dealer_from_call = first.source == "call"
        """The first dealer was worked out from the first call: said once, at the first deal."""
        self.match = new_match(ctx.rules, first.seat if first.seat is not None else 0)
        self.running = RunningTotals()
        """The record's totals before the current deal, as typed and as they should have been."""
        self.totals_known = True
        self.over_reported = False
        self.sheet: list[DealFacts] = []
        """The deals recorded by their scores alone (a score sheet)."""

    def deal(self, deal: DealFacts, position: int, number_check: bool, broken: Sequence[int] = ()) -> None:
        """One deal: its number, its dealer, its replay, and what it does to the match.
        ``broken``: the lines of the deal with a syntax error (what can be followed of the
        deal is checked, :mod:`.followable`)."""
        ctx = self.ctx
        ctx.deal_no, ctx.position = deal.number, position
        if number_check and deal.number != position + 1:
            ctx.add(DEAL_NUMBER, msg("deal numbered %(written)s, expected %(deal)s", written=deal.number,
                                    deal=position + 1), deal.line,
                    deal.col)
        match = self.match
        if match.winner is not None and not self.over_reported and self.totals_known:
            self.over_reported = True
            ctx.add(DEAL_AFTER_END, msg("deal %(deal)s was played after the match was won by %(team)s "
                                        "(%(ns)s-%(ew)s)",
                                        deal=deal.number, team=_team(match.winner), ns=match.totals[0],
                                        ew=match.totals[1]), deal.line, deal.col)
        dealer = self.dealer(deal)
        state: DealState | None = None
        result: DealResult | None = None
        checked, before, unread = deal, len(ctx.findings), None
        if broken:
            part = followable(deal, broken)
            checked, unread = part.deal, part.unread
        try:
            check = DealCheck(ctx, checked, dealer, unread)
            result = check.run()
            state = check.state
        except Exception as exc:  # noqa: BLE001 - an engine bug must not hide the next deals
            ctx.add(ENGINE_FAILURE, msg("could not check deal %(deal)s: internal error %(error)s: %(detail)s",
                                        deal=deal.number, error=type(exc).__name__, detail=str(exc)),
                    deal.line, deal.col)
        if broken:
            ctx.findings[before:] = [f for f in ctx.findings[before:] if f.code not in CAUSED_BY_LEAVING_OUT]
            told = (msg("deal %(deal)s has a syntax error: checked without %(left_out)s", deal=deal.number,
                        left_out=Listed(tuple(part.left_out))) if part.left_out else
                    msg("deal %(deal)s has a syntax error: checked in full otherwise", deal=deal.number))
            ctx.add(SKIPPED_PLAYS, told, deal.line, deal.col)
        report = _claims(deal, dealer) if self.keep else None
        if result is None or (not result.complete and result.outcome != "dead"):
            self.not_scored(checked, dealer, state, report)
        else:
            self.scored(checked, result, report)
        if report is not None:
            self.report.deals.append(report)

    def dealer(self, deal: DealFacts) -> int:
        """The deal's dealer against the rotation (BEL602 at the deal); one wrong dealer is one
        finding: the rotation goes on from the dealer recorded."""
        ctx, match = self.ctx, self.match
        expected = match.dealer
        dealer = deal.dealer & 3 if deal.dealer is not None else None
        if dealer is None:
            dealer = expected
            if not self.dealer_known:
                ctx.add(NO_DEALER, msg("dealer of deal %(deal)s not recorded: assumed %(dealer)s",
                                       deal=deal.number, dealer=Seat(dealer)), deal.line, deal.col)
                self.dealer_known = True
            elif self.dealer_from_call:
                ctx.add(NO_DEALER, msg("dealer of deal %(deal)s not recorded: worked out as %(dealer)s "
                                       "from the first "
                                       "call; say it with `deal %(deal)s dealer %(dealer)s` or a [Dealer] "
                                       "tag",
                                       deal=deal.number, dealer=Seat(dealer)), deal.line, deal.col)
        elif dealer != expected:
            ctx.add(DEALER_ROTATION, msg("%(dealer)s dealt deal %(deal)s: %(expected)s should have dealt",
                                         dealer=Seat(dealer), deal=deal.number, expected=Seat(expected)),
                    deal.line, deal.col, seat=dealer)
        self.dealer_from_call = False
        match.dealer = dealer
        return dealer

    def not_scored(self, deal: DealFacts, dealer: int, state: DealState | None,
                   report: DealReport | None) -> None:
        """Not scored: the recorded numbers against each other, then the record's word for the
        match from here on, if it gives it (its totals, else the last totals plus its score)."""
        if deal.scores_only():
            self.sheet.append(deal)
        self.sheet_totals(deal)
        after = self.running.recorded
        skip_deal(self.match, dealer, dead=state is not None and is_dead(state), totals=after,
                  pot=deal.pot)
        self.totals_known = after is not None
        if state is not None and report is not None:
            taken = contract(state)
            report.taker = taken.taker if taken is not None else None
            report.trump = taken.trump if taken is not None else None

    def sheet_totals(self, deal: DealFacts) -> None:
        """The match totals after a deal that was not scored, from the record's numbers: its
        ``match`` line, checked against the last totals plus its ``score`` line (BEL606) or, with
        no score, against the last totals (BEL607: a total never goes down)."""
        score, totals = deal.score, deal.match_score
        base = self.running.recorded
        claimed = (totals.ns, totals.ew) if totals is not None else None
        slip = self.running.step(claimed, (score.ns, score.ew) if score is not None else None, None)
        if slip is not None and claimed is not None and totals is not None:
            pairs = {"claimed": _pair(*claimed), "before": _pair(*slip.before), "score": _pair(*slip.score),
                     "right": _pair(*slip.right)}
            told = (msg("recorded match score %(claimed)s; the last totals %(before)s and this deal's score "
                        "%(score)s make %(right)s", **pairs) if slip.recorded_before else
                    msg("recorded match score %(claimed)s; the last totals as they should have been "
                        "%(before)s "
                        "and this deal's score %(score)s make %(right)s", **pairs))
            self.ctx.add(SHEET_TOTALS, told, totals.line, totals.col)
        elif score is None and totals is not None and claimed is not None and base is not None \
                and (claimed[0] < base[0] or claimed[1] < base[1]):
            self.ctx.add(SHEET_TOTAL_DOWN, msg("recorded match score %(claimed)s is lower than the last "
                                               "totals "
                                               "%(base)s", claimed=_pair(*claimed), base=_pair(*base)),
                         totals.line, totals.col)

    def scored(self, deal: DealFacts, result: DealResult, report: DealReport | None) -> None:
        """Add the deal to the match; the recorded score, totals and pot against it."""
        step = add_deal(self.match, result)
        self.check_scores(deal, result, step)
        if report is None:
            return
        report.taker, report.trump, report.outcome = result.taker, result.trump, result.outcome
        report.card_points = list(result.card_points)
        report.last_trick = result.last_trick_team
        report.announcements = list(result.announcements)
        report.belote = list(result.belote)
        report.credited = list(result.credited)
        report.pot_in = result.pot_in
        report.pot_claimed = ([step.pot_claimed, 0] if step.claimed_by == 0 else
                              [0, step.pot_claimed] if step.claimed_by == 1 else [0, 0])
        report.pot = step.pot
        report.totals = list(step.totals)

    def check_scores(self, deal: DealFacts, result: DealResult, step: MatchStep) -> None:
        ctx = self.ctx
        credited = step.credited
        score = deal.score
        if score is not None and (score.ns, score.ew) != credited:
            ctx.add(DEAL_SCORE, msg("recorded deal score %(recorded)s; the deal scores %(right)s (%(why)s)",
                                    recorded=_pair(score.ns, score.ew), right=_pair(*credited),
                                    why=_explain(result, step, ctx.deck)), score.line, score.col)
        totals = deal.match_score
        claimed = (totals.ns, totals.ew) if totals is not None else None
        typed = (score.ns, score.ew) if score is not None else None
        slip = self.running.step(claimed, typed, credited, step.totals if self.totals_known else None)
        if slip is not None and totals is not None and claimed is not None:
            typed_wrong = typed is not None and typed != credited
            ctx.add(MATCH_TOTALS, _totals_message(claimed, slip.right, slip.before, slip.score,
                                                  slip.recorded_before, typed_wrong),
                    totals.line, totals.col)
        if deal.pot is not None and deal.pot != step.pot:
            line, col = deal.pot_pos
            ctx.add(LITIGE_POT, msg("recorded pot %(recorded)s; the litige pot is %(pot)s after this deal",
                                    recorded=deal.pot, pot=step.pot),
                    line, col)

    def finish(self, result_tag: PlacedTagPair | None, result: str | None,
               position: tuple[int, int], deals: int) -> None:
        """The match's totals and winner into the report; the recorded result against them.

        ``result_tag`` is the last ``Result`` tag, ``result`` what follows ``end`` and
        ``position`` where (the game's start when nothing follows); ``deals`` how many deals
        the game has. A record of one deal without a result is a deal, not a match that
        stopped early: BEL605 is said from two deals on (one-deal files are the common case
        of the partial records, examples and reviews, and the note was noise on each)."""
        ctx, match, report = self.ctx, self.match, self.report
        ctx.deal_no = None
        if self.sheet:
            first = self.sheet[0]
            count = len(self.sheet)
            ctx.add(SCORE_SHEET, msg_n("a score sheet: %(deals)s deal recorded by scores alone, not "
                                       "replayed; the "
                                      "running totals and the result were checked",
                                      "a score sheet: %(deals)s deals recorded by scores alone, not "
                                      "replayed; the "
                                      "running totals and the result were checked", "deals", deals=count),
                    first.line, first.col)
        report.totals = list(match.totals) if self.totals_known else None
        report.pot = match.pot
        report.winner = match.winner
        text = result if result is not None else (result_tag.value if result_tag is not None else None)
        line, col = (result_tag.line, result_tag.col) if result_tag is not None else position
        report.result = text
        if not deals:
            return
        if text is None:
            if match.winner is None and self.totals_known and deals > 1:
                ctx.add(MATCH_UNFINISHED, msg("the match stops at %(totals)s, before a team reached "
                                              "%(target)s",
                                              totals=_pair(*match.totals), target=ctx.rules.target),
                        line, col)
            return
        if result_tag is not None and result is not None and \
                result_tag.value.strip().lower() != result.strip().lower():
            ctx.add(BAD_RESULT, msg("the Result tag says %(tag)s but the game ends with %(result)s",
                                    tag=repr(result_tag.value.strip()), result=repr(result.strip())),
                    line, col)
        self.check_winner(text, line, col)

    def check_winner(self, text: str, line: int, col: int) -> None:
        ctx, match = self.ctx, self.match
        key = text.strip().lower()
        if key not in _RESULTS:
            ctx.add(BAD_RESULT, msg("result %(result)s is not NS, EW or *", result=repr(text)), line, col)
            return
        recorded = _RESULTS[key]
        if not self.totals_known:
            if recorded is not None:
                ctx.add(NO_MATCH_CHECK, msg("could not check the match result: the match totals are "
                                            "unknown"), line,
                        col)
            return
        if recorded == match.winner:
            return
        if match.winner is None:
            ctx.add(MATCH_WINNER, msg("result %(result)s recorded, but no team reached %(target)s: "
                                      "%(totals)s",
                                      result=text.strip(), target=ctx.rules.target,
                                      totals=_pair(*match.totals)),
                    line, col)
        else:
            ctx.add(MATCH_WINNER, msg("result %(result)s recorded, but %(team)s won the match: %(totals)s",
                                      result=text.strip(), team=_team(match.winner),
                                      totals=_pair(*match.totals)),
                    line, col)


def _claims(deal: DealFacts, dealer: int) -> DealReport:
    report = DealReport(deal.number, deal.line, dealer)
    if deal.score is not None:
        report.claimed_score = [deal.score.ns, deal.score.ew]
    if deal.match_score is not None:
        report.claimed_totals = [deal.match_score.ns, deal.match_score.ew]
    report.claimed_pot = deal.pot
    return report


def _team(team: int | None) -> Message | str:
    return msg("nobody") if team is None else ("N-S", "E-W")[team]


def _pair(ns: int, ew: int) -> Message:
    return msg("N-S %(ns)s, E-W %(ew)s", ns=ns, ew=ew)


def _totals_message(claimed: tuple[int, int], right: tuple[int, int], before: tuple[int, int],
                    score: tuple[int, int], recorded_before: bool, score_recorded: bool) -> Message:
    """BEL601's sentence: the four ways of saying where the right total comes from."""
    pairs: dict[str, Message] = {"claimed": _pair(*claimed), "right": _pair(*right), "before": _pair(*before),
                                 "score": _pair(*score)}
    if recorded_before:
        return (msg("recorded match score %(claimed)s; it should be %(right)s (the recorded %(before)s "
                    "before "
                    "it plus this deal's recorded score %(score)s)", **pairs) if score_recorded else
                msg("recorded match score %(claimed)s; it should be %(right)s (the recorded %(before)s "
                    "before "
                    "it plus this deal's %(score)s)", **pairs))
    return (msg("recorded match score %(claimed)s; it should be %(right)s (%(before)s before it, as it "
                "should "
                "have been, plus this deal's recorded score %(score)s)", **pairs) if score_recorded else
            msg("recorded match score %(claimed)s; it should be %(right)s (%(before)s before it, as it "
                "should "
                "have been, plus this deal's %(score)s)", **pairs))


_OUTCOMES = {"made": msg("made"), "failed": msg("failed"), "capot": msg("capot"), "litige": msg("litige")}


def _explain(result: DealResult, step: MatchStep, deck: Deck) -> Message:
    """Why the deal scores what it does: its parts, each a message, joined by the catalogue's comma."""
    if result.outcome == "dead":
        return msg("dead deal")
    taker: Seat | str = Seat(result.taker) if result.taker is not None else "?"
    trump: Suit | str = "?" if result.trump is None else (
        Suit(result.trump, deck) if result.trump < 4 else strain_name(result.trump))  # oros, not ♦
    text = msg("%(outcome)s, taker %(taker)s, trump %(trump)s, card points %(ns)s-%(ew)s",
               outcome=_OUTCOMES.get(result.outcome, result.outcome), taker=taker, trump=trump,
               ns=result.card_points[0], ew=result.card_points[1])
    if any(result.announcements):
        text = msg("%(before)s, announcements %(ns)s-%(ew)s", before=text, ns=result.announcements[0],
                   ew=result.announcements[1])
    if any(result.belote):
        text = msg("%(before)s, belote %(ns)s-%(ew)s", before=text, ns=result.belote[0], ew=result.belote[1])
    if result.pot_in:
        text = msg("%(before)s, %(points)s into the pot", before=text, points=result.pot_in)
    if step.pot_claimed:
        text = msg("%(before)s, pot of %(points)s to %(team)s", before=text, points=step.pot_claimed,
                   team=_team(step.claimed_by))
    return text
