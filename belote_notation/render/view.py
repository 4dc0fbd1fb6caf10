"""A replayed game as the data the page draws: every number taken from the checks' own run.

:func:`game_view` turns a :class:`~belote_notation.check.replay.GameReplay` (the validator's
replay, kept deal by deal) into plain JSON-ready data: the hands as dealt, the offer, the
calls, the announcements, each trick with its winner, points and running card points as the
engine counted them, each deal's score and the match sheet with the litige pot as the checks
recomputed them, the findings placed at the act they are about, and the review material
(glyphs, NAGs, comments, alternative lines). The page only steps through this data; no rule
of the game is decided again in the browser.

A position is ``(trick, card)`` counted from 1 in the deal's list of tricks, ``(0, k)`` just
after the deal's k-th call, ``(0, 0)`` for the deal as dealt (hands, offer).

>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.generator import generate_games
>>> replay = replay_game(next(generate_games(Ruleset.preset("moroccan"), matches=1, deals=1, seed=7)))
>>> trick = game_view(replay)["deals"][0]["tricks"][0]
>>> traced = replay.deals[0].tricks[0]
>>> (trick["winner"], trick["points"]) == (traced.winner, traced.points)
True
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from belote_notation.check.findings import Finding, sort_key
from belote_notation.check.judged import is_judged
from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.check.report import DealReport
from belote_notation.game.cards import card_list
from belote_notation.notation.assessment import review_symbols
from belote_notation.notation.records import Annotated, Bid, Deal, Play, Variation
from belote_notation.render.review_notes import line_author, solver_reviewed, solver_values

__all__ = ["ActIndex", "card_findings", "deal_view", "game_head", "game_tail", "game_view", "sheet_row"]

ActIndex = tuple[int, int]
"""(trick, card) from 1 in a deal; (0, k) after the k-th call; (0, 0) is the deal as dealt."""

SEAT_HEADERS = ("North", "East", "South", "West")
SHOWN_HEADERS = ("Event", "Site", "Date", "Round", "Annotator")


def game_view(replay: GameReplay) -> dict[str, Any]:
    """The JSON-ready data of one replayed game (see the module docstring)."""
    return {**game_head(replay), "deals": [deal_view(d) for d in replay.deals],
            "sheet": [sheet_row(d) for d in replay.report.deals], **game_tail(replay)}


def game_head(replay: GameReplay) -> dict[str, Any]:
    """The game's data before its deals (:func:`game_view`'s first keys, in order)."""
    report, comments = replay.report, replay.comments  # the game's own: no deal's records made
    general = [f for f in report.findings if f.deal is None]
    return {
        "number": report.game,
        "title": replay.header("Event") or f"Game {report.game}",
        "headers": [[name, value] for name in SHOWN_HEADERS if (value := replay.header(name))],
        "rules": report.rules,
        "deck": replay.deck.value,
        "players": [replay.header(word) or "" for word in SEAT_HEADERS],
        "comments": list(comments),
        "reviewed": solver_reviewed(comments),
        "findings": [_finding(f, None, False) for f in sorted(general, key=sort_key)],
    }


def game_tail(replay: GameReplay) -> dict[str, Any]:
    """The game's data after its deals and match sheet (:func:`game_view`'s last keys, in order)."""
    report = replay.report
    return {"totals": report.totals, "pot": report.pot, "winner": report.winner, "result": report.result}


def sheet_row(report: DealReport) -> dict[str, Any]:
    """One line of the match sheet: the deal's result as the checks recomputed it."""
    return {
        "number": report.number, "dealer": report.dealer, "taker": report.taker, "trump": report.trump,
        "outcome": report.outcome, "credited": report.credited, "potIn": report.pot_in,
        "potClaimed": report.pot_claimed, "pot": report.pot, "totals": report.totals,
        "totalsTyped": report.claimed_totals,
    }


def deal_view(replay: DealReplay) -> dict[str, Any]:
    """The JSON-ready data of one replayed deal (an item of :func:`game_view`'s ``deals``)."""
    deal, report = replay.deal, replay.report
    hands = replay.start_hands
    taken = replay.contract
    tricks = _tricks(replay)
    findings = replay.findings
    acts = _acts(deal, tricks) if findings else None  # where findings are shown: most deals have none
    return {
        "number": deal.number,
        "dealer": replay.dealer,
        "hands": [card_list(mask) for mask in hands] if hands is not None else None,
        "complete": replay.hands_complete,
        "judged": is_judged(replay),
        "five": _five(deal),
        "offer": deal.offer.card if deal.offer is not None else None,
        "bids": [_bid(bid) for bid in deal.bids],
        "contract": None if taken is None else {"taker": taken.taker, "trump": taken.trump},
        "dead": replay.dead,
        "announcements": [
            {"seat": a.seat, "kind": a.kind, "cards": list(a.cards),
             "at": list(_announced_at(a.trick, a.before_card, tricks)), "notes": _notes(a)}
            for a in deal.announcements],
        "tricks": tricks,
        "score": _score(report),
        "findings": [_finding(f, *_place(f, acts)) for f in sorted(findings, key=sort_key)] if acts else [],
        "comments": list(deal.comments),
    }


def _tricks(replay: DealReplay) -> list[dict[str, Any]]:
    """The tricks as the engine replayed them (winner, points, running card points), with the
    record's review material; the record's cards alone when the deal was not replayed."""
    traces = replay.tricks
    out: list[dict[str, Any]] = []
    traced_count = len(traces)
    for index, trick in enumerate(replay.deal.tricks):
        plays: list[Play] = trick.plays
        notes = [_notes(p) if p.glyph is not None or p.nags or p.comments or p.variations else None
                 for p in plays]  # most plays have none: _notes says so too, with a call a play
        if index < traced_count:
            traced = traces[index]
            out.append({
                "number": trick.number, "seats": traced.seats[:], "cards": traced.cards[:],
                "marks": traced.marks[:], "winner": traced.winner, "points": traced.points,
                "running": list(traced.running), "notes": notes, "comments": trick.comments[:],
            })
        else:
            out.append({
                "number": trick.number, "seats": [p.seat for p in plays], "cards": [p.card for p in plays],
                "marks": [p.mark for p in plays], "winner": None, "points": None, "running": None,
                "notes": notes, "comments": list(trick.comments),
            })
    return out


def _five(deal: Deal) -> list[list[int]] | None:
    """The first five cards of each seat (*tafr9a*) when the record gives all four: the page
    shows them alone until the bidding is over, then the hands with the rest dealt."""
    five = {hand.seat: list(hand.cards) for hand in deal.five}
    if sorted(five) != [0, 1, 2, 3] or any(len(cards) != 5 for cards in five.values()):
        return None
    return [five[seat] for seat in range(4)]


def _bid(bid: Bid) -> dict[str, Any]:
    return {"seat": bid.seat, "action": bid.action, "suit": bid.suit, "round": bid.round,
            "notes": _notes(bid)}


def _notes(item: Annotated) -> dict[str, Any] | None:
    """The review material of ``item`` (``None`` when it has none: most items): one symbol per
    meaning for its glyph and NAGs, its comments, its alternative lines (each said to be the
    solver's or the coach's), and the solver's values when ``annotate`` wrote them."""
    if item.glyph is None and not item.nags and not item.comments and not item.variations:
        return None
    variations = [_variation(v) for v in item.variations]
    return {"symbols": review_symbols(item.glyph, item.nags), "comments": list(item.comments),
            "variations": variations, "solver": solver_values(item)}


def _variation(variation: Variation) -> dict[str, Any]:
    items: list[dict[str, Any]] = []
    for item in variation.items:
        entry: dict[str, Any] = {"seat": item.seat, "notes": _notes(item)}
        if isinstance(item, Play):
            entry["card"] = item.card
        else:
            entry.update(action=item.action, suit=item.suit)
        items.append(entry)
    return {"comments": list(variation.comments), "items": items, "by": line_author(variation)}


def _score(report: DealReport | None) -> dict[str, Any] | None:
    if report is None:
        return None
    return {
        "outcome": report.outcome, "cardPoints": report.card_points, "announcements": report.announcements,
        "belote": report.belote, "credited": report.credited, "potIn": report.pot_in,
        "potClaimed": report.pot_claimed, "pot": report.pot, "totals": report.totals,
        "totalsTyped": report.claimed_totals,
    }


def _finding(finding: Finding, at: ActIndex | None, on_card: bool) -> dict[str, Any]:
    return {"code": finding.code, "severity": finding.severity, "message": finding.text(),
            "line": finding.line, "col": finding.col, "at": list(at) if at is not None else None,
            "card": on_card}


def _last(tricks: list[dict[str, Any]]) -> ActIndex:
    """The deal's last position (its end, where the score is shown)."""
    for number in range(len(tricks), 0, -1):
        if tricks[number - 1]["cards"]:
            return number, len(tricks[number - 1]["cards"])
    return 0, 0


def _announced_at(trick: int | None, before: int | None, tricks: list[dict[str, Any]]) -> ActIndex:
    """An announcement is shown from the card it was made with (its trick, the card it came
    before), or from the deal's start when the record does not say."""
    if trick is None or not 1 <= trick <= len(tricks):
        return 0, 0
    count = len(tricks[trick - 1]["cards"])
    return (trick, min(max(before or 1, 1), count)) if count else (0, 0)


def card_findings(replay: DealReplay, trick: int) -> dict[int, list[Finding]]:
    """The findings about each card of ``trick`` (1-based), by the card's place in the trick
    (from 1): a finding is about a card when it points at the card's token, the rule the page
    marks a card by (``_place``), so the SVG and the page frame the same cards."""
    if not 1 <= trick <= len(replay.deal.tricks):
        return {}
    at = {(play.line, play.col): index
          for index, play in enumerate(replay.deal.tricks[trick - 1].plays, start=1) if play.line}
    out: dict[int, list[Finding]] = {}
    for finding in sorted(replay.findings, key=sort_key):
        index = at.get((finding.line, finding.col))
        if index is not None:
            out.setdefault(index, []).append(finding)
    return out


class _Acts:
    """Where each act of a deal stands in the text, and its position in the replay."""

    def __init__(self) -> None:
        self.places: list[tuple[int, int]] = []
        self.positions: list[ActIndex] = []
        self.cards: set[tuple[int, int]] = set()

    def add(self, line: int, col: int, position: ActIndex, card: bool = False) -> None:
        self.places.append((line, col))
        self.positions.append(position)
        if card:
            self.cards.add((line, col))


def _acts(deal: Deal, tricks: list[dict[str, Any]]) -> _Acts:
    acts = _Acts()
    acts.add(deal.line, 0, (0, 0))
    for index, bid in enumerate(deal.bids, start=1):
        acts.add(bid.line, bid.col, (0, index))
    for announcement in deal.announcements:
        acts.add(announcement.line, announcement.col,
                 _announced_at(announcement.trick, announcement.before_card, tricks))
    for index, trick in enumerate(deal.tricks, start=1):
        acts.add(trick.line, trick.col, (index, 1))
        for card, play in enumerate(trick.plays, start=1):
            acts.add(play.line, play.col, (index, card), card=True)
        if trick.winner_pos is not None:
            acts.add(*trick.winner_pos, (index, max(len(trick.plays), 1)))
    end = _last(tricks)
    for place in (deal.score, deal.match_score):
        if place is not None:
            acts.add(place.line, place.col, end)
    if deal.pot_pos is not None:
        acts.add(*deal.pot_pos, end)
    order = sorted(range(len(acts.places)), key=acts.places.__getitem__)
    acts.places = [acts.places[i] for i in order]
    acts.positions = [acts.positions[i] for i in order]
    return acts


def _place(finding: Finding, acts: _Acts) -> tuple[ActIndex, bool]:
    """The position a finding is shown at: the last act written at or before it (a card when
    the finding points at that card's token)."""
    where = (finding.line, finding.col)
    index = bisect_right(acts.places, where) - 1
    if index < 0:
        return (0, 0), False
    return acts.positions[index], where in acts.cards
