"""``belote-replay show FILE [--game N] [--deal N] [--ascii] [--format json]``: a readable replay.

Everything the file records is shown where it stands: for each deal the four hands as a table
diagram (N top, W left, E right, S bottom), the offer card, the bidding, the announcements,
then trick by trick who led, the cards, the winner, the points and the running card points;
the comments, glyphs, NAGs and alternative lines next to the call or card they follow; the
card a finding is about marked ``[BEL303]`` in its trick; the deal's score and its findings.
A deal that cannot be replayed still shows every section it records (its hands, calls,
tricks with the recorded winners, its recorded scores). The match table ends the output,
from the recorded numbers where a deal was not scored (a score sheet).

The text is plain and stable (no colours, no terminal width tricks), so it reads the same in
a terminal, a pipe or a test. ``--format json`` gives the records, the replay and the report
for programs. FILE may be a ``.bel`` file or its JSON twin (by extension or content), or ``-``.
Exit codes: 0 shown, 1 shown with errors among its findings, 2 nothing to show.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import click

from belote_notation.check.findings import Finding, sort_key
from belote_notation.check.replay import DealReplay, GameReplay, replay_game
from belote_notation.check.report import seat_name
from belote_notation.game.cards import (
    FRENCH_RANKS,
    SPANISH_RANKS,
    Deck,
    card_name,
    card_symbol_name,
    card_words,
    suit_display,
)
from belote_notation.game.engine import Contract, calls, contract, contract_name, is_dead
from belote_notation.game.engine import dealer as dealt_by
from belote_notation.game.engine.auction import BID_ACTIONS
from belote_notation.notation.records import Annotated, Bid, Deal, Game, Hand, Play, Variation
from belote_notation.notation.writer import run_nested
from belote_notation.pipeline.games import PickedGame

__all__ = ["PickedGame", "Style", "command", "game_document", "pick_game", "render_deal", "render_game",
           "render_match"]

SEATS = "NESW"
SEAT_WORDS = ("North", "East", "South", "West")
_RANK_ORDER = (7, 6, 5, 4, 3, 2, 1, 0)  # A K Q J 10 9 8 7 (sequence order, high first)
_NOTE = "       "
"""Indent of the lines under a trick row: comments, NAGs and alternative lines of its cards."""


class Style:
    """Card and suit names: French cards with suit symbols, Spanish cards by their own letters
    (``10O``) and suits by their words (``oros``); with ``--ascii`` the canonical card names and
    the suits' words (a lone suit letter would read as a seat: ``E``, ``S``)."""

    def __init__(self, deck: Deck, ascii_only: bool) -> None:
        self.deck = deck
        self.ascii = ascii_only
        self.ranks = FRENCH_RANKS if deck is Deck.FRENCH else SPANISH_RANKS
        self.width = max(len(self.suit(s)) for s in range(4))

    def card(self, card: int) -> str:
        return card_name(card, self.deck) if self.ascii else card_symbol_name(card, self.deck)

    def suit(self, suit: int | None) -> str:
        return "?" if suit is None else suit_display(suit, self.deck, self.ascii)

    def hand_lines(self, mask: int) -> list[str]:
        """One line per suit: ``♠ A K 10 7`` (``♠ -`` when void)."""
        out = []
        for suit in range(4):
            ranks = [self.ranks[r] for r in _RANK_ORDER if mask >> (suit * 8 + r) & 1]
            out.append(f"{self.suit(suit):<{self.width}} {' '.join(ranks) if ranks else '-'}")
        return out


# ----------------------------------------------------------------------------- review material
def _item(item: Bid | Play, style: Style, seat: int | None = None) -> str:
    """A call or a play with its glyph: ``N take?!``, ``W:10♥??``, ``S:Q♠ belote``."""
    seat = item.seat if item.seat is not None else seat
    who = SEATS[seat & 3] if seat is not None else ""
    if isinstance(item, Bid) and item.action in BID_ACTIONS:  # contrée: ``N 80♥``
        text = f"{who} {contract_name(item.action, item.suit, item.value)}".lstrip()
    elif isinstance(item, Bid):
        suit = f" {style.suit(item.suit)}" if item.suit is not None else ""
        text = f"{who} {item.action}{suit}".lstrip()
    else:
        text = (f"{who}:" if who else "") + style.card(item.card) + (f" {item.mark}" if item.mark else "")
    return text + (item.glyph or "")


def _notes(item: Annotated, style: Style) -> list[str]:
    """What follows an item besides its glyph: NAGs, comments, alternative lines, in order."""
    out = [f"${nag}" for nag in item.nags]
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
        out.extend(f" ${nag}" for nag in item.nags)
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


def _diagram(hands: Sequence[int], style: Style, names: list[str], dealer: int | None) -> list[str]:
    def title(seat: int) -> str:
        mark = " (dealer)" if seat == dealer else ""
        name = f" {names[seat]}" if names[seat] else ""
        return f"{SEATS[seat]}{name}{mark}"

    north, east, south, west = (style.hand_lines(hands[s]) for s in range(4))
    left = max([len(title(3))] + [len(x) for x in west]) + 4
    indent = " " * left
    lines = [indent + title(0)] + [indent + x for x in north]
    lines.append(f"{title(3):<{left}}{'':<{left - 4}}    {title(1)}")
    centre = " " * (left - 4)
    for w, e in zip(west, east, strict=True):
        lines.append(f"{w:<{left}}{centre}    {e}".rstrip())
    lines.append(indent + title(2))
    lines += [indent + x for x in south]
    return lines


def _contree_contract(taken: Contract) -> tuple[str, int | None, int | None]:
    return ("bid" if taken.kind == "points" else taken.kind or "bid"), taken.trump, taken.value


def _recorded_hands(deal: Deal) -> tuple[list[int], bool] | None:
    """The hands as the record gives them (masks N E S W) and whether they are whole: the
    eight-card hands, else the first five cards with the rest, else the first five."""
    def masks(hands: list[Hand]) -> list[int]:
        out = [0, 0, 0, 0]
        for hand in hands:
            for card in hand.cards:
                if 0 <= card < 32:
                    out[hand.seat & 3] |= 1 << card
        return out

    if deal.hands:
        held = masks(deal.hands)
        return held, all(m.bit_count() == 8 for m in held)
    if deal.five:
        held = masks(deal.five + deal.rest)
        if deal.rest and deal.offer is not None:
            taker = _recorded_taker(deal)
            if taker is not None:
                held[taker] |= 1 << deal.offer.card
        return held, bool(deal.rest) and all(m.bit_count() == 8 for m in held)
    return None


def _played_hands(deal: Deal) -> list[int] | None:
    """Each seat's cards as the eight recorded tricks say who played them (``None`` when a
    trick is short or a seat is left out)."""
    if len(deal.tricks) != 8:
        return None
    held = [0, 0, 0, 0]
    for trick in deal.tricks:
        if len(trick.plays) != 4:
            return None
        for play in trick.plays:
            if play.seat is None or not 0 <= play.card < 32:
                return None
            held[play.seat & 3] |= 1 << play.card
    return held


def _recorded_taker(deal: Deal) -> int | None:
    for bid in deal.bids:
        if bid.action == "take" and bid.seat is not None:
            return bid.seat & 3
    return None


def _hands(replay: DealReplay, game: Game, style: Style, dealer: int | None) -> list[str]:
    hands, complete = replay.start_hands, replay.hands_complete
    if hands is None or not complete:
        recorded = _recorded_hands(replay.deal)
        if recorded is not None and (hands is None or recorded[1]):
            hands, complete = recorded
    if hands is None:
        played = _played_hands(replay.deal)
        if played is None:
            return ["Hands: not known"]
        return ["Hands worked out from the tricks:", *_diagram(played, style, _players(game), dealer)]
    lines = [] if complete else ["First five cards:" if replay.deal.five and not replay.deal.rest
                                 else "Cards recorded:"]
    return lines + _diagram(hands, style, _players(game), dealer)


def _bidding(replay: DealReplay, style: Style) -> list[str]:
    deal, state = replay.deal, replay.state
    if not deal.bids:
        return ["Bidding: not recorded"]
    made = calls(state) if state is not None else ()
    rounds: dict[int, list[str]] = {}
    for i, bid in enumerate(deal.bids):
        seat = made[i][0] if i < len(made) else None
        rounds.setdefault(bid.round, []).append(_with_notes(bid, style, seat))
    taken = contract(state) if state is not None else None
    if taken is not None and taken.kind is not None:  # contrée: one auction, the contract's value
        doubled = ("", ", coinché", ", surcoinché")[taken.doubled]
        return [f"Auction: {', '.join(word for _, words in sorted(rounds.items()) for word in words)}",
                f"Contract: {SEATS[taken.taker]} {contract_name(*_contree_contract(taken))}{doubled}"]
    lines = [f"Bidding, round {n}: {', '.join(words)}" for n, words in sorted(rounds.items())]
    if taken is not None:
        lines.append(f"Contract: {SEATS[taken.taker]} takes, trump {style.suit(taken.trump)}")
    elif state is not None and is_dead(state):
        passed = "everybody passed" if state.rules.bidding == "contree" else "everybody passed twice"
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
    return lines


def _with_pot(report: Any) -> list[int] | None:
    if report.credited is None:
        return None
    claimed = report.pot_claimed or [0, 0]
    return [report.credited[0] + claimed[0], report.credited[1] + claimed[1]]


def _finding_line(f: Finding, indent: str = "") -> str:
    return f"{indent}{f.line}:{f.col}: {f.severity} {f.code} {f.message}"


def render_deal(game_replay: GameReplay, replay: DealReplay, style: Style) -> list[str]:
    deal = replay.deal
    dealer = dealt_by(replay.state) if replay.state is not None else deal.dealer
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


def _findings(replay: DealReplay) -> list[str]:
    found = sorted(replay.findings, key=sort_key)
    return ["Findings:", *(_finding_line(f, "  ") for f in found)] if found else []


def _scores_only(deal: Deal) -> bool:
    return ((deal.score is not None or deal.match_score is not None) and not deal.five
            and deal.offer is None and not deal.bids and not deal.rest and not deal.hands
            and not deal.announcements and not deal.tricks)


def render_match(game_replay: GameReplay, style: Style) -> list[str]:
    """The match table; a deal that was not scored shows its recorded numbers (a score sheet)."""
    report = game_replay.report
    width = max(5, style.width)  # a suit's symbol, or its word (``espadas``, ``diamonds``)
    lines = ["Match:", f"  deal  dealer  taker  {'trump':<{width}}  outcome     N-S   E-W   pot  "
                       "total N-S  total E-W"]
    recorded = []
    for d in report.deals:
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
        lines.append(f"  {d.number:>4}  {dealer:<6}  {taker:<5}  {trump:<{width}}  {d.outcome or '?':<10}  "
                     f"{ns:>4}  {ew:>4}  {pot:>4}  {total_ns:>9}  {total_ew:>9}")
    if recorded:
        lines.append(f"  (as recorded, not replayed: deal{'s' if len(recorded) > 1 else ''} "
                     f"{', '.join(map(str, recorded))})")
    winner = ("N-S", "E-W")[report.winner] if report.winner in (0, 1) else "nobody yet"
    lines.append(f"Winner: {winner}" + (f" (recorded result {report.result})" if report.result else ""))
    return lines


def _shown(game_replay: GameReplay, deal_number: int | None) -> list[DealReplay]:
    return [d for d in game_replay.deals if deal_number is None or d.deal.number == deal_number]


def _general(game_replay: GameReplay) -> list[Finding]:
    return sorted((f for f in game_replay.report.findings if f.deal is None), key=sort_key)


def render_game(game_replay: GameReplay, deal_number: int | None, ascii_only: bool) -> str:
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


# ----------------------------------------------------------------------------- the command
def pick_game(path: str, number: int) -> PickedGame | None:
    """Game ``number`` of the file (any readable format) and what reading it found: the
    library's :func:`~belote_notation.pipeline.games.pick_game`; an unreadable file is an
    ``OSError`` saying why."""
    from belote_notation.pipeline.games import pick_game as pick
    from belote_notation.pipeline.inputs import InputProblem

    picked = pick(path, number)
    if isinstance(picked, InputProblem):
        raise OSError(picked.message)
    return picked


@click.command("show")
@click.argument("file", metavar="FILE")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game (match) of the file, counting from 1.")
@click.option("--deal", "deal_number", type=int, default=None,
              help="Only this deal (its number); default: every deal of the game.")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Card names as written in the notation and suits in words, no symbols.")
@click.option("--rules", "rules", metavar="NAME", default=None,
              help="Rule system overriding the file's Rules header.")
@click.option("--option", "options", metavar="KEY=VALUE", multiple=True,
              help="Override one rule option (repeatable), as validate does.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json for programs.")
def command(file: str, game_number: int, deal_number: int | None, ascii_only: bool,
            rules: str | None, options: tuple[str, ...], output_format: str) -> None:
    """Replay FILE (.bel or its JSON twin): hands, bidding, tricks, review notes, scores, match.

    Exits 1 when what is shown holds errors (syntax or rules), 2 when there is nothing to show.
    """
    from belote_notation.notation.jsonio import JsonReadError
    from belote_replay.suggest import check_rules

    _, config = check_rules(rules, options)
    try:
        picked = pick_game(file, game_number)
    except OSError as exc:
        click.echo(f"belote-replay: {file}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    except JsonReadError as exc:
        click.echo(f"belote-replay: {file}: {exc}", err=True)
        sys.exit(2)
    if picked is None:
        click.echo(f"belote-replay: {file}: there is no game {game_number}", err=True)
        sys.exit(2)
    game, syntax = picked
    replay = replay_game(game, file, game_number, config, syntax)
    if deal_number is not None and all(d.deal.number != deal_number for d in replay.deals):
        click.echo(f"belote-replay: {file}: game {game_number} has no deal {deal_number}", err=True)
        sys.exit(2)
    if output_format == "json":
        click.echo(json.dumps(game_document(replay, deal_number), ensure_ascii=False, indent=1))
    else:
        click.echo(render_game(replay, deal_number, ascii_only or not _can_encode(sys.stdout)), nl=False)
    shown = _general(replay) + [f for d in _shown(replay, deal_number) for f in d.findings]
    if any(f.severity == "error" for f in shown):
        sys.exit(1)


def _can_encode(stream: Any) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False
