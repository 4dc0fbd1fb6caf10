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

from collections.abc import Iterator
from typing import Any

from belote_notation.check.findings import Finding, sort_key
from belote_notation.check.replay import DealReplay, GameReplay, call_name
from belote_notation.check.report import seat_name
from belote_notation.game.cards import Deck, card_name
from belote_notation.game.lang import msg, msg_p
from belote_notation.game.lang.render import listed, say
from belote_notation.notation.assessment import shown_nags
from belote_notation.notation.records import Annotated, Bid, Deal, Game, Play, Variation
from belote_notation.notation.write.writer import run_nested
from belote_notation.render.text_score import recorded_lines, render_match, score_lines
from belote_notation.render.text_style import SEATS, Style, columns

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
    head = (msg("Game %(game)s: %(event)s", game=report.game, event=event) if event
            else msg("Game %(game)s", game=report.game))
    lines = [say(head), say(msg("Rules: %(rules)s, deck %(deck)s", rules=str(report.rules),
                                 deck=str(report.deck)))]
    names = _players(game)
    if any(names):
        players = listed([f"{SEATS[s]} {names[s]}" for s in range(4) if names[s]])
        lines.append(say(msg("Players: %(players)s", players=players)))
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
    lines = [say(msg("Deal %(deal)s, dealer %(dealer)s", deal=deal.number, dealer=SEATS[dealer & 3])
                 if dealer is not None else msg("Deal %(deal)s", deal=deal.number))]
    lines += [f"{{{comment}}}" for comment in deal.comments]
    if _scores_only(deal):  # a line of a score sheet: its numbers, nothing to replay
        return lines + [line.strip() for line in recorded_lines(deal)] + _findings(replay)
    lines.append("")
    lines += _hands(replay, game_replay.game, style, dealer)
    lines.append("")
    if deal.offer is not None:  # the Spanish names in words too: "10O (10 de oros)"
        words = f" ({style.words(deal.offer.card)})" if style.deck is Deck.SPANISH else ""
        lines.append(say(msg("Offer: %(card)s%(words)s", card=style.card(deal.offer.card), words=words)))
    lines += _bidding(replay, style)
    lines += _announcements(deal, style)
    lines += _tricks(replay, style)
    lines += score_lines(replay)
    return lines + _findings(replay)


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
        return [say(msg("Hands: not known"))]
    diagram = style.diagram(hands.masks, _players(game), dealer)
    if hands.from_tricks:
        return [say(msg("Hands worked out from the tricks:")), *diagram]
    if hands.complete:
        return diagram
    five = replay.deal.five and not replay.deal.rest
    return [say(msg("First five cards:") if five else msg("Cards recorded:")), *diagram]


def _bidding(replay: DealReplay, style: Style) -> list[str]:
    deal = replay.deal
    if not deal.bids:
        return [say(msg("Bidding: not recorded"))]
    made = replay.call_seats
    rounds: dict[int, list[str]] = {}
    for i, bid in enumerate(deal.bids):
        seat = made[i] if i < len(made) else None
        rounds.setdefault(bid.round, []).append(_with_notes(bid, style, seat))
    taken = replay.contract
    if taken is not None and taken.kind is not None:  # contrée: one auction, the contract's value
        doubled = ("", ", coinché", ", surcoinché")[taken.doubled]
        calls = listed([word for _, words in sorted(rounds.items()) for word in words])
        return [say(msg("Auction: %(calls)s", calls=calls)),
                say(msg("Contract: %(taker)s %(contract)s%(doubled)s", taker=SEATS[taken.taker],
                        contract=str(replay.contract_name), doubled=doubled))]
    lines = [say(msg("Bidding, round %(round)s: %(calls)s", round=n, calls=listed(words)))
             for n, words in sorted(rounds.items())]
    rules = replay.rules
    if taken is not None:
        lines.append(say(msg("Contract: %(taker)s takes, trump %(trump)s", taker=SEATS[taken.taker],
                             trump=style.suit(taken.trump))))
    elif replay.dead:
        lines.append(say(msg("Contract: none, everybody passed (dead deal)")
                         if rules is not None and rules.bidding == "contree" else
                         msg("Contract: none, everybody passed twice (dead deal)")))
    return lines


def _announcements(deal: Deal, style: Style) -> list[str]:
    out = []
    for ann in deal.announcements:
        cards = " ".join(style.card(c) for c in ann.cards)
        when = []
        if ann.trick is not None:
            when.append(msg("trick %(trick)s", trick=ann.trick))
        if ann.before_card is not None:
            when.append(msg("before card %(card)s", card=ann.before_card))
        suffix = f" ({listed(when)})" if when else ""
        notes = " ".join([ann.glyph or "", *_notes(ann, style)]).strip()
        out.append(f"  {SEATS[ann.seat & 3]} {ann.kind} {cards}{suffix} {notes}".rstrip())
    return [say(msg("Announcements:"))] + out if out else []


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
    head, w = columns([("#", 2, "<"), (msg("lead"), 5, "<"), (msg_p("column", "cards"), 30, "<"),
                       (msg("won by"), 7, "<"),
                       (msg("points"), 6, ">"), ("N-S", 5, ">"), ("E-W", 4, ">")])
    lines = [say(msg("Tricks:")), "  " + head]
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
        lines.append(f"  {trick.number:<{w[0]}} {lead:<{w[1]}} {' '.join(cards):<{w[2]}} "
                     f"{won:<{w[3]}} {points:>{w[4]}} {ns:>{w[5]}} {ew:>{w[6]}}")
        lines += notes
    if len(replay.tricks) < len(deal.tricks):
        lines.append("  " + say(msg("(a winner with ? is the recorded one: those tricks were not replayed)")))
    return lines


def _finding_line(f: Finding, indent: str = "") -> str:
    return f"{indent}{f.line}:{f.col}: {f.severity} {f.code} {f.text()}"


def _findings(replay: DealReplay) -> list[str]:
    found = sorted(replay.findings, key=sort_key)
    return [say(msg("Findings:")), *(_finding_line(f, "  ") for f in found)] if found else []


def _scores_only(deal: Deal) -> bool:
    return ((deal.score is not None or deal.match_score is not None) and not deal.five
            and deal.offer is None and not deal.bids and not deal.rest and not deal.hands
            and not deal.announcements and not deal.tricks)


def _shown(game_replay: GameReplay, deal_number: int | None) -> list[DealReplay]:
    return [d for d in game_replay.deals if deal_number is None or d.deal.number == deal_number]


def _general(game_replay: GameReplay) -> list[Finding]:
    return sorted((f for f in game_replay.report.findings if f.deal is None), key=sort_key)
