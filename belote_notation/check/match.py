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
from belote_notation.game.cards import SEAT_NAMES, Deck, suit_display
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
        if key and key in SEAT_NAMES:
            return FirstDealer(SEAT_NAMES.index(key), "tag")
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
            ctx.add(DEAL_NUMBER, f"deal numbered {deal.number}, expected {position + 1}", deal.line,
                    deal.col)
        match = self.match
        if match.winner is not None and not self.over_reported and self.totals_known:
            self.over_reported = True
            ctx.add(DEAL_AFTER_END, f"deal {deal.number} was played after the match was won by "
                    f"{_team(match.winner)} ({match.totals[0]}-{match.totals[1]})", deal.line, deal.col)
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
            ctx.add(ENGINE_FAILURE, f"could not check deal {deal.number}: internal error "
                    f"{type(exc).__name__}: {exc}", deal.line, deal.col)
        if broken:
            ctx.findings[before:] = [f for f in ctx.findings[before:] if f.code not in CAUSED_BY_LEAVING_OUT]
            what = f"without {', '.join(part.left_out)}" if part.left_out else "in full otherwise"
            ctx.add(SKIPPED_PLAYS, f"deal {deal.number} has a syntax error: checked {what}",
                    deal.line, deal.col)
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
                ctx.add(NO_DEALER, f"dealer of deal {deal.number} not recorded: assumed "
                        f"{SEAT_NAMES[dealer]}", deal.line, deal.col)
                self.dealer_known = True
            elif self.dealer_from_call:
                ctx.add(NO_DEALER, f"dealer of deal {deal.number} not recorded: worked out as "
                        f"{SEAT_NAMES[dealer]} from the first call; say it with `deal {deal.number} "
                        f"dealer {SEAT_NAMES[dealer]}` or a [Dealer] tag", deal.line, deal.col)
        elif dealer != expected:
            ctx.add(DEALER_ROTATION, f"{SEAT_NAMES[dealer]} dealt deal {deal.number}: "
                    f"{SEAT_NAMES[expected]} should have dealt", deal.line, deal.col, seat=dealer)
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
            last = "the last totals" if slip.recorded_before else "the last totals as they should have been"
            self.ctx.add(SHEET_TOTALS, f"recorded match score {_pair(*claimed)}; {last} "
                         f"{_pair(*slip.before)} and this deal's score {_pair(*slip.score)} make "
                         f"{_pair(*slip.right)}", totals.line, totals.col)
        elif score is None and totals is not None and claimed is not None and base is not None \
                and (claimed[0] < base[0] or claimed[1] < base[1]):
            self.ctx.add(SHEET_TOTAL_DOWN, f"recorded match score {_pair(*claimed)} is lower than the "
                         f"last totals {_pair(*base)}", totals.line, totals.col)

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
            ctx.add(DEAL_SCORE, f"recorded deal score {_pair(score.ns, score.ew)}; the deal scores "
                    f"{_pair(*credited)} ({_explain(result, step, ctx.deck)})", score.line, score.col)
        totals = deal.match_score
        claimed = (totals.ns, totals.ew) if totals is not None else None
        typed = (score.ns, score.ew) if score is not None else None
        slip = self.running.step(claimed, typed, credited, step.totals if self.totals_known else None)
        if slip is not None and totals is not None and claimed is not None:
            before = (f"the recorded {_pair(*slip.before)} before it" if slip.recorded_before else
                      f"{_pair(*slip.before)} before it, as it should have been,")
            what = "this deal's recorded score" if typed is not None and typed != credited else "this deal's"
            ctx.add(MATCH_TOTALS, f"recorded match score {_pair(*claimed)}; it should be "
                    f"{_pair(*slip.right)} ({before} plus {what} {_pair(*slip.score)})",
                    totals.line, totals.col)
        if deal.pot is not None and deal.pot != step.pot:
            line, col = deal.pot_pos
            ctx.add(LITIGE_POT, f"recorded pot {deal.pot}; the litige pot is {step.pot} after this deal",
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
            ctx.add(SCORE_SHEET, f"a score sheet: {count} deal{'s' if count != 1 else ''} recorded by "
                    "scores alone, not replayed; the running totals and the result were checked",
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
                ctx.add(MATCH_UNFINISHED, f"the match stops at {_pair(*match.totals)}, before a team "
                        f"reached {ctx.rules.target}", line, col)
            return
        if result_tag is not None and result is not None and \
                result_tag.value.strip().lower() != result.strip().lower():
            ctx.add(BAD_RESULT, f"the Result tag says {result_tag.value.strip()!r} but the game ends "
                    f"with {result.strip()!r}", line, col)
        self.check_winner(text, line, col)

    def check_winner(self, text: str, line: int, col: int) -> None:
        ctx, match = self.ctx, self.match
        key = text.strip().lower()
        if key not in _RESULTS:
            ctx.add(BAD_RESULT, f"result {text!r} is not NS, EW or *", line, col)
            return
        recorded = _RESULTS[key]
        if not self.totals_known:
            if recorded is not None:
                ctx.add(NO_MATCH_CHECK, "could not check the match result: the match totals are "
                        "unknown", line, col)
            return
        if recorded == match.winner:
            return
        if match.winner is None:
            ctx.add(MATCH_WINNER, f"result {text.strip()} recorded, but no team reached "
                    f"{ctx.rules.target}: {_pair(*match.totals)}", line, col)
        else:
            ctx.add(MATCH_WINNER, f"result {text.strip()} recorded, but {_team(match.winner)} won the "
                    f"match: {_pair(*match.totals)}", line, col)


def _claims(deal: DealFacts, dealer: int) -> DealReport:
    report = DealReport(deal.number, deal.line, dealer)
    if deal.score is not None:
        report.claimed_score = [deal.score.ns, deal.score.ew]
    if deal.match_score is not None:
        report.claimed_totals = [deal.match_score.ns, deal.match_score.ew]
    report.claimed_pot = deal.pot
    return report


def _team(team: int | None) -> str:
    return "nobody" if team is None else ("N-S", "E-W")[team]


def _pair(ns: int, ew: int) -> str:
    return f"N-S {ns}, E-W {ew}"


def _explain(result: DealResult, step: MatchStep, deck: Deck) -> str:
    if result.outcome == "dead":
        return "dead deal"
    taker = SEAT_NAMES[result.taker] if result.taker is not None else "?"
    trump = "?" if result.trump is None else (
        suit_display(result.trump, deck) if result.trump < 4 else strain_name(result.trump))  # oros, not ♦
    text = (f"{result.outcome}, taker {taker}, trump {trump}, card points "
            f"{result.card_points[0]}-{result.card_points[1]}")
    if any(result.announcements):
        text += f", announcements {result.announcements[0]}-{result.announcements[1]}"
    if any(result.belote):
        text += f", belote {result.belote[0]}-{result.belote[1]}"
    if result.pot_in:
        text += f", {result.pot_in} into the pot"
    if step.pot_claimed:
        text += f", pot of {step.pot_claimed} to {_team(step.claimed_by)}"
    return text
