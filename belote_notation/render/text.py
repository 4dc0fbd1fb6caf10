"""A replayed game as plain text: what ``belote-replay show`` prints, and its JSON document.

Everything the record holds is shown where it stands: for each deal the four hands as a table
diagram (N top, W left, E right, S bottom), the offer card, the bidding, the announcements,
then trick by trick who led, the cards, the winner, the points and the running card points;
the comments, glyphs, NAGs and alternative lines next to the call or card they follow; the
card a finding is about marked ``[BEL303]`` in its trick; the deal's score and its findings.
A deal that cannot be replayed still shows every section it records (its hands, calls,
tricks with the recorded winners, its recorded scores). The match table ends the text, from
the recorded numbers where a deal was not scored (a score sheet).

The text is plain and stable (no colours, no terminal width tricks). Every number comes from
the checks' replay (:mod:`belote_notation.check.replay`): no rule is decided here.

>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.notation.read.reader import parse_text
>>> hands = "".join(f"hand {seat} A{s} K{s} Q{s} J{s} 10{s} 9{s} 8{s} 7{s}\\n"
...                 for seat, s in zip("NESW", "SHDC"))
>>> text = f"deal 1 dealer N\\n{hands}smsara E:pass S:take H\\ntrick 1 E:AH S:7D W:7C N:7S\\nend\\n"
>>> shown = render_game(replay_game(parse_text(text)[0].game), None, ascii_only=True).splitlines()
>>> for line in shown[22:27]:
...     print(line)
Bidding, round 1: E pass, S take hearts
Contract: S takes, trump hearts
Tricks:
  #  lead  cards                          won by  points   N-S  E-W
  1  E     E:AH S:7D W:7C N:7S            E           11     0   11
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from belote_notation.check.findings import Finding, sort_key
from belote_notation.check.replay import DealReplay, GameReplay, call_name
from belote_notation.check.report import DealReport, seat_name
from belote_notation.game.cards import Deck, card_name, card_words
from belote_notation.notation.assessment import shown_nags
from belote_notation.notation.records import Annotated, Bid, Deal, Game, Play, Variation
from belote_notation.notation.write.writer import run_nested
from belote_notation.render.text_style import SEATS, Style

__all__ = ["Style", "game_document", "render_deal", "render_game", "render_match", "shown_findings"]

SEAT_WORDS = ("North", "East", "South", "West")
_NOTE = "       "
"""Indent of the lines under a trick row: comments, NAGs and alternative lines of its cards."""


def render_game(game_replay: GameReplay, deal_number: int | None, ascii_only: bool) -> str:
    """The whole text of a game: its headers and general findings, each deal shown (all, or
    only those numbered ``deal_number``), the match table."""
    style = Style(game_replay.deck, ascii_only)
    game = game_replay.game
    report = game_replay.report
    event = game.header("Event")
    head = f"Game {report.game}" + (f": {event}" if event else "")
    lines = [head, f"Rules: {report.rules}, deck {report.deck}"]
    names = _players(game)
    if any(names):
        lines.append("Players: " + ", ".join(f"{SEATS[s]} {names[s]}" for s in range(4) if names[s]))
    lines += [f"{{{comment}}}" for comment in game.comments]
    lines += [_finding_line(f) for f in _general(game_replay)]
    for replay in _shown(game_replay, deal_number):
        lines.append("")
        lines += render_deal(game_replay, replay, style)
    lines.append("")
    lines += render_match(game_replay, style)
    return "\n".join(lines) + "\n"


def render_deal(game_replay: GameReplay, replay: DealReplay, style: Style) -> list[str]:
    """The lines of one deal: diagram, offer, bidding, announcements, tricks, score, findings."""
    deal = replay.deal
    dealer = replay.dealer
    lines = [f"Deal {deal.number}" + (f", dealer {SEATS[dealer & 3]}" if dealer is not None else "")]
    lines += [f"{{{comment}}}" for comment in deal.comments]
    if _scores_only(deal):  # a line of a score sheet: its numbers, nothing to replay
        return lines + [line.strip() for line in _recorded(deal)] + _findings(replay)
    lines.append("")
    lines += _hands(replay, game_replay.game, style, dealer)
    lines.append("")
    if deal.offer is not None:  # the Spanish names in words too: "10O (10 de oros)"
        words = f" ({card_words(deal.offer.card, style.deck)})" if style.deck is Deck.SPANISH else ""
        lines.append(f"Offer: {style.card(deal.offer.card)}{words}")
    lines += _bidding(replay, style)
    lines += _announcements(deal, style)
    lines += _tricks(replay, style)
    lines += _score(replay)
    return lines + _findings(replay)


def render_match(game_replay: GameReplay, style: Style) -> list[str]:
    """The match table; a deal that was not scored shows its recorded numbers (a score sheet)."""
    report = game_replay.report
    width = max(5, style.width)  # a suit's symbol, or its word (``espadas``, ``diamonds``)
    lines = ["Match:", f"  deal  dealer  taker  {'trump':<{width}}  outcome     N-S   E-W   pot  "
                       "total N-S  total E-W"]
    recorded: list[int] = []
    for d in report.deals:
        lines.append(_match_row(d, style, width, recorded))
    if recorded:
        lines.append(f"  (as recorded, not replayed: deal{'s' if len(recorded) > 1 else ''} "
                     f"{', '.join(map(str, recorded))})")
    winner = ("N-S", "E-W")[report.winner] if report.winner in (0, 1) else "nobody yet"
    lines.append(f"Winner: {winner}" + (f" (recorded result {report.result})" if report.result else ""))
    return lines


def _match_row(d: DealReport, style: Style, width: int, recorded: list[int]) -> str:
    """One deal of the match table; its number added to ``recorded`` when a figure is the record's."""
    credited = _with_pot(d)
    totals = d.totals
    if credited is None and d.claimed_score is not None:
        credited = d.claimed_score
        recorded.append(d.number)
    if totals is None and d.claimed_totals is not None:
        totals = d.claimed_totals
        if not recorded or recorded[-1] != d.number:
            recorded.append(d.number)
    dealer = SEATS[d.dealer] if d.dealer is not None else "?"
    taker = SEATS[d.taker] if d.taker is not None else "-"
    trump = style.suit(d.trump) if d.trump is not None else "-"
    ns, ew = (credited[0], credited[1]) if credited else ("-", "-")
    pot = d.pot if d.pot is not None else (d.claimed_pot if d.claimed_pot is not None else "-")
    total_ns, total_ew = (totals[0], totals[1]) if totals else ("-", "-")
    typed = d.claimed_totals
    beside = f"  (typed {typed[0]} {typed[1]})" if typed is not None and totals and typed != totals else ""
    return (f"  {d.number:>4}  {dealer:<6}  {taker:<5}  {trump:<{width}}  {d.outcome or '?':<10}  "
            f"{ns:>4}  {ew:>4}  {pot:>4}  {total_ns:>9}  {total_ew:>9}{beside}")


def game_document(game_replay: GameReplay, deal_number: int | None) -> dict[str, Any]:
    """``show --format json``: the report (as ``validate --format json`` gives it), the records
    of the deals shown (review material included) and, per deal, what the replay adds: the hands
    dealt, each trick's seats, winner, points and running points, its findings."""
    deck = game_replay.deck
    game = game_replay.game
    deals = []
    for replay in _shown(game_replay, deal_number):
        hands = replay.start_hands
        deals.append({
            "record": replay.deal.model_dump(mode="json"),
            "hands": None if hands is None else {
                SEATS[s]: [card_name(c, deck) for c in range(32) if hands[s] >> c & 1] for s in range(4)},
            "hands_complete": replay.hands_complete,
            "tricks": [{"number": t.number, "seats": [SEATS[s] for s in t.seats],
                        "cards": [card_name(c, deck) for c in t.cards], "winner": seat_name(t.winner),
                        "points": t.points, "running": list(t.running)} for t in replay.tricks],
            "score": replay.report.to_dict(deck) if replay.report is not None else None,
            "findings": [f.to_dict() for f in sorted(replay.findings, key=sort_key)],
        })
    report = game_replay.report.to_dict(with_deals=False)
    report["findings"] = [f.to_dict() for f in _general(game_replay)]
    return {"game": report, "headers": [[h.name, h.value] for h in game.headers],
            "comments": game.comments, "deals": deals,
            "match": [d.to_dict(deck) for d in game_replay.report.deals]}


def shown_findings(game_replay: GameReplay, deal_number: int | None) -> list[Finding]:
    """The findings of what is shown: the game's general ones and those of the deals shown."""
    return _general(game_replay) + [f for d in _shown(game_replay, deal_number) for f in d.findings]


# ----------------------------------------------------------------------------- review material
def _item(item: Bid | Play, style: Style, seat: int | None = None) -> str:
    """A call or a play with its glyph: ``N take?!``, ``W:10♥??``, ``S:Q♠ belote``."""
    seat = item.seat if item.seat is not None else seat
    who = SEATS[seat & 3] if seat is not None else ""
    named = call_name(item.action, item.suit, item.value) if isinstance(item, Bid) else None
    if named is not None:  # contrée: ``N 80♥``
        text = f"{who} {named}".lstrip()
    elif isinstance(item, Bid):
        suit = f" {style.suit(item.suit)}" if item.suit is not None else ""
        text = f"{who} {item.action}{suit}".lstrip()
    else:
        text = (f"{who}:" if who else "") + style.card(item.card) + (f" {item.mark}" if item.mark else "")
    return text + (item.glyph or "")


def _notes(item: Annotated, style: Style) -> list[str]:
    """What follows an item besides its glyph: NAGs, comments, alternative lines, in order."""
    out = [f"${nag}" for nag in shown_nags(item.glyph, item.nags)]
    out += [f"{{{comment}}}" for comment in item.comments]
    out += [_variation(v, style) for v in item.variations]
    return out


def _variation(variation: Variation, style: Style) -> str:
    """``(item notes... {comment})``, nested lines of any depth without recursion (issue 13)."""
    out: list[str] = []
    run_nested(_variation_steps(variation, style, out))
    return "".join(out)


def _variation_steps(variation: Variation, style: Style, out: list[str]) -> Iterator[Iterator[Any]]:
    """Writes a variation to ``out``; yields the steps of each nested one, run before it goes on."""
    out.append("(")
    sep = ""
    for item in variation.items:
        out.append(sep + _item(item, style))
        sep = " "
        out.extend(f" ${nag}" for nag in shown_nags(item.glyph, item.nags))
        out.extend(f" {{{comment}}}" for comment in item.comments)
        for inner in item.variations:
            out.append(" ")
            yield _variation_steps(inner, style, out)
    for comment in variation.comments:
        out.append(f"{sep}{{{comment}}}")
        sep = " "
    out.append(")")


def _with_notes(item: Bid | Play, style: Style, seat: int | None = None) -> str:
    return " ".join([_item(item, style, seat), *_notes(item, style)])


# ----------------------------------------------------------------------------- the deal
def _players(game: Game) -> list[str]:
    return [game.header(word) or "" for word in SEAT_WORDS]


def _hands(replay: DealReplay, game: Game, style: Style, dealer: int | None) -> list[str]:
    hands = replay.hands_to_show()
    if hands is None:
        return ["Hands: not known"]
    diagram = style.diagram(hands.masks, _players(game), dealer)
    if hands.from_tricks:
        return ["Hands worked out from the tricks:", *diagram]
    lines = [] if hands.complete else ["First five cards:" if replay.deal.five and not replay.deal.rest
                                       else "Cards recorded:"]
    return lines + diagram


def _bidding(replay: DealReplay, style: Style) -> list[str]:
    deal = replay.deal
    if not deal.bids:
        return ["Bidding: not recorded"]
    made = replay.call_seats
    rounds: dict[int, list[str]] = {}
    for i, bid in enumerate(deal.bids):
        seat = made[i] if i < len(made) else None
        rounds.setdefault(bid.round, []).append(_with_notes(bid, style, seat))
    taken = replay.contract
    if taken is not None and taken.kind is not None:  # contrée: one auction, the contract's value
        doubled = ("", ", coinché", ", surcoinché")[taken.doubled]
        return [f"Auction: {', '.join(word for _, words in sorted(rounds.items()) for word in words)}",
                f"Contract: {SEATS[taken.taker]} {replay.contract_name}{doubled}"]
    lines = [f"Bidding, round {n}: {', '.join(words)}" for n, words in sorted(rounds.items())]
    rules = replay.rules
    if taken is not None:
        lines.append(f"Contract: {SEATS[taken.taker]} takes, trump {style.suit(taken.trump)}")
    elif replay.dead:
        passed = "everybody passed" if rules is not None and rules.bidding == "contree" else (
            "everybody passed twice")
        lines.append(f"Contract: none, {passed} (dead deal)")
    return lines


def _announcements(deal: Deal, style: Style) -> list[str]:
    out = []
    for ann in deal.announcements:
        cards = " ".join(style.card(c) for c in ann.cards)
        when = []
        if ann.trick is not None:
            when.append(f"trick {ann.trick}")
        if ann.before_card is not None:
            when.append(f"before card {ann.before_card}")
        suffix = f" ({', '.join(when)})" if when else ""
        notes = " ".join([ann.glyph or "", *_notes(ann, style)]).strip()
        out.append(f"  {SEATS[ann.seat & 3]} {ann.kind} {cards}{suffix} {notes}".rstrip())
    return ["Announcements:"] + out if out else []


def _marks(findings: list[Finding]) -> dict[tuple[int, int], list[str]]:
    """The codes of the errors and warnings at each position (the card they are about)."""
    at: dict[tuple[int, int], list[str]] = {}
    for f in findings:
        if f.severity != "info" and f.line:
            at.setdefault((f.line, f.col), []).append(f.code)
    return at


def _tricks(replay: DealReplay, style: Style) -> list[str]:
    """Every recorded trick: the replay's winner and points where it was replayed, else the
    recorded winner; a card a finding is about marked with its code; notes under the row."""
    deal = replay.deal
    if not deal.tricks:
        return []
    traces = {t.number: t for t in replay.tricks}
    marks = _marks(replay.findings)
    lines = ["Tricks:", "  #  lead  cards                          won by  points   N-S  E-W"]
    for index, trick in enumerate(deal.tricks):
        trace = traces.get(index + 1)
        cards, notes = [], [f"{_NOTE}{{{c}}}" for c in trick.comments]
        for i, play in enumerate(trick.plays):
            seat = play.seat if play.seat is not None else (
                trace.seats[i] if trace is not None and i < len(trace.seats) else None)
            text = _item(play, style, seat)
            codes = marks.get((play.line, play.col))
            cards.append(text + (f" [{','.join(codes)}]" if codes else ""))
            extra = _notes(play, style)
            if extra:
                notes.append(f"{_NOTE}{_item(play, style, seat)} " + " ".join(extra))
        lead = cards[0].split(":")[0] if cards and ":" in cards[0] else "?"
        won: str
        points: int | str
        ns: int | str
        ew: int | str
        if trace is not None:
            won, points, ns, ew = SEATS[trace.winner], trace.points, trace.running[0], trace.running[1]
        else:
            won = f"{SEATS[trick.winner & 3]}?" if trick.winner is not None else "-"
            points, ns, ew = "-", "-", "-"
        lines.append(f"  {trick.number:<2} {lead:<5} {' '.join(cards):<30} "
                     f"{won:<7} {points:>6} {ns:>5} {ew:>4}")
        lines += notes
    if len(replay.tricks) < len(deal.tricks):
        lines.append("  (a winner with ? is the recorded one: those tricks were not replayed)")
    return lines


def _pair(values: Sequence[int] | None) -> str:
    return "-" if values is None else f"N-S {values[0]}, E-W {values[1]}"


def _recorded(deal: Deal) -> list[str]:
    lines = []
    if deal.score is not None:
        lines.append(f"  recorded deal score {_pair((deal.score.ns, deal.score.ew))}")
    if deal.match_score is not None:
        lines.append(f"  recorded match {_pair((deal.match_score.ns, deal.match_score.ew))}")
    if deal.pot is not None:
        lines.append(f"  recorded pot {deal.pot}")
    return lines


def _score(replay: DealReplay) -> list[str]:
    report = replay.report
    if report is None or report.outcome is None:
        return ["Score: not computed (see the findings)", *_recorded(replay.deal)]
    if report.outcome == "dead":
        lines = ["Score: dead deal, nobody scores"]
    else:
        lines = [f"Score: {report.outcome}, card points {_pair(report.card_points)}"]
        if report.announcements and any(report.announcements):
            lines.append(f"  announcements {_pair(report.announcements)}")
        if report.belote and any(report.belote):
            lines.append(f"  belote {_pair(report.belote)}")
        lines.append(f"  credited {_pair(report.credited)}")
        if report.pot_in:
            lines.append(f"  {report.pot_in} into the litige pot")
        if report.pot_claimed and any(report.pot_claimed):
            lines.append(f"  pot claimed {_pair(report.pot_claimed)}")
    lines.append(f"  match {_pair(report.totals)}, pot {report.pot}")
    if report.claimed_score is not None and report.claimed_score != _with_pot(report):
        lines.append(f"  recorded deal score {_pair(report.claimed_score)}")
    if report.claimed_totals is not None and report.claimed_totals != report.totals:
        lines.append(f"  recorded match {_pair(report.claimed_totals)}")
    return lines


def _with_pot(report: DealReport) -> list[int] | None:
    if report.credited is None:
        return None
    claimed = report.pot_claimed or [0, 0]
    return [report.credited[0] + claimed[0], report.credited[1] + claimed[1]]


def _finding_line(f: Finding, indent: str = "") -> str:
    return f"{indent}{f.line}:{f.col}: {f.severity} {f.code} {f.message}"


def _findings(replay: DealReplay) -> list[str]:
    found = sorted(replay.findings, key=sort_key)
    return ["Findings:", *(_finding_line(f, "  ") for f in found)] if found else []


def _scores_only(deal: Deal) -> bool:
    return ((deal.score is not None or deal.match_score is not None) and not deal.five
            and deal.offer is None and not deal.bids and not deal.rest and not deal.hands
            and not deal.announcements and not deal.tricks)


def _shown(game_replay: GameReplay, deal_number: int | None) -> list[DealReplay]:
    return [d for d in game_replay.deals if deal_number is None or d.deal.number == deal_number]


def _general(game_replay: GameReplay) -> list[Finding]:
    return sorted((f for f in game_replay.report.findings if f.deal is None), key=sort_key)
