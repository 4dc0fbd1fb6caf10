"""``belote-replay show FILE [--game N] [--deal N] [--ascii]``: a readable replay of a deal.

For each deal shown: the four hands as a table diagram (N top, W left, E right, S bottom),
the offer card and the bidding, the announcements, then trick by trick who led, the cards,
the winner, the points and the running card points; the deal's score and any findings.
The match table ends the output. The text is plain and stable (no colours, no terminal
width tricks), so it reads the same in a terminal, a pipe or a test.
"""

from __future__ import annotations

import sys

import click

from belote_notation.check.findings import sort_key
from belote_notation.check.replay import DealReplay, GameReplay, replay_game
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.cards import (
    FRENCH_RANKS,
    FRENCH_SUITS,
    SPANISH_RANKS,
    SPANISH_SUITS,
    SUIT_SYMBOLS,
    Deck,
    card_name,
    card_symbol_name,
)
from belote_notation.game.engine import calls, contract, contract_name, is_dead
from belote_notation.game.engine import dealer as dealt_by
from belote_notation.game.engine.auction import BID_ACTIONS

__all__ = ["command", "render_deal", "render_game"]

SEATS = "NESW"
SEAT_WORDS = ("North", "East", "South", "West")
_RANK_ORDER = (7, 6, 5, 4, 3, 2, 1, 0)  # A K Q J 10 9 8 7 (sequence order, high first)


class Style:
    """Card and suit names: Unicode suit symbols, or the deck's letters with ``--ascii``."""

    def __init__(self, deck: Deck, ascii_only: bool) -> None:
        self.deck = deck
        self.ascii = ascii_only
        self.ranks = FRENCH_RANKS if deck is Deck.FRENCH else SPANISH_RANKS
        letters = FRENCH_SUITS if deck is Deck.FRENCH else SPANISH_SUITS
        self.suits = letters if ascii_only else SUIT_SYMBOLS

    def card(self, card: int) -> str:
        return card_name(card, self.deck) if self.ascii else card_symbol_name(card, self.deck)

    def suit(self, suit: int | None) -> str:
        return "?" if suit is None or not 0 <= suit < 4 else self.suits[suit]

    def hand_lines(self, mask: int) -> list[str]:
        """One line per suit: ``♠ A K 10 7`` (``♠ -`` when void)."""
        out = []
        for suit in range(4):
            ranks = [self.ranks[r] for r in _RANK_ORDER if mask >> (suit * 8 + r) & 1]
            out.append(f"{self.suits[suit]} {' '.join(ranks) if ranks else '-'}")
        return out


def _players(game_replay: GameReplay) -> list[str]:
    game = game_replay.game
    return [game.header(word) or "" for word in SEAT_WORDS]


def _diagram(hands: list[int], style: Style, names: list[str], dealer: int | None) -> list[str]:
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


def _bidding(replay: DealReplay, style: Style) -> list[str]:
    state = replay.state
    made = calls(state) if state is not None else ()
    if state is None or not made:
        return ["Bidding: not recorded"]
    rounds: list[list[str]] = [[], []]
    for i, (seat, action, suit, value) in enumerate(made):
        word = action if action != "take" or suit is None else f"take {style.suit(suit)}"
        if action in BID_ACTIONS:  # contrée
            word = contract_name(action, suit, value)
        rounds[0 if i < 4 else 1].append(f"{SEATS[seat & 3]} {word}")
    lines = [f"Bidding, round 1: {', '.join(rounds[0])}"]
    if rounds[1]:
        lines.append(f"Bidding, round 2: {', '.join(rounds[1])}")
    taken = contract(state)
    if taken is not None:
        lines.append(f"Contract: {SEATS[taken.taker]} takes, trump {style.suit(taken.trump)}")
    elif is_dead(state):
        lines.append("Contract: none, everybody passed twice (dead deal)")
    return lines


def _announcements(replay: DealReplay, style: Style) -> list[str]:
    out = []
    for ann in replay.deal.announcements:
        cards = " ".join(style.card(c) for c in ann.cards)
        when = []
        if ann.trick is not None:
            when.append(f"trick {ann.trick}")
        if ann.before_card is not None:
            when.append(f"before card {ann.before_card}")
        suffix = f" ({', '.join(when)})" if when else ""
        out.append(f"  {SEATS[ann.seat & 3]} {ann.kind} {cards}{suffix}".rstrip())
    return ["Announcements:"] + out if out else []


def _tricks(replay: DealReplay, style: Style) -> list[str]:
    if not replay.tricks:
        return []
    lines = ["Tricks:", "  #  lead  cards                          won by  points   N-S  E-W"]
    for t in replay.tricks:
        cards = []
        for seat, card, mark in zip(t.seats, t.cards, t.marks, strict=True):
            text = f"{SEATS[seat]}:{style.card(card)}"
            if mark:
                text += f" {mark}"
            cards.append(text)
        lines.append(f"  {t.number:<2} {SEATS[t.seats[0]]:<5} {' '.join(cards):<30} "
                     f"{SEATS[t.winner]:<7} {t.points:>6} {t.running[0]:>5} {t.running[1]:>4}")
    return lines


def _pair(values: list[int] | None) -> str:
    return "-" if values is None else f"N-S {values[0]}, E-W {values[1]}"


def _score(replay: DealReplay) -> list[str]:
    report = replay.report
    if report is None or report.outcome is None:
        return ["Score: not computed (see the findings)"]
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


def _with_pot(report) -> list[int] | None:
    if report.credited is None:
        return None
    claimed = report.pot_claimed or [0, 0]
    return [report.credited[0] + claimed[0], report.credited[1] + claimed[1]]


def render_deal(game_replay: GameReplay, replay: DealReplay, style: Style) -> list[str]:
    deal = replay.deal
    dealer = dealt_by(replay.state) if replay.state is not None else deal.dealer
    lines = [f"Deal {deal.number}" + (f", dealer {SEATS[dealer]}" if dealer is not None else "")]
    lines.append("")
    hands = replay.start_hands
    if hands is not None:
        if not replay.hands_complete:
            lines.append("First five cards:")
        lines += _diagram(hands, style, _players(game_replay), dealer)
    else:
        lines.append("Hands: not known")
    lines.append("")
    if deal.offer is not None:
        lines.append(f"Offer: {style.card(deal.offer.card)}")
    lines += _bidding(replay, style)
    lines += _announcements(replay, style)
    lines += _tricks(replay, style)
    lines += _score(replay)
    found = sorted(replay.findings, key=sort_key)
    if found:
        lines.append("Findings:")
        lines += [f"  {f.line}:{f.col}: {f.severity} {f.code} {f.message}" for f in found]
    return lines


def render_match(game_replay: GameReplay, style: Style) -> list[str]:
    report = game_replay.report
    lines = ["Match:", "  deal  dealer  taker  trump  outcome     N-S   E-W   pot  total N-S  total E-W"]
    for d in report.deals:
        credited = _with_pot(d)
        dealer = SEATS[d.dealer] if d.dealer is not None else "?"
        taker = SEATS[d.taker] if d.taker is not None else "-"
        trump = style.suit(d.trump) if d.trump is not None else "-"
        ns, ew = (credited[0], credited[1]) if credited else ("-", "-")
        pot = d.pot if d.pot is not None else "-"
        total_ns, total_ew = (d.totals[0], d.totals[1]) if d.totals else ("-", "-")
        lines.append(f"  {d.number:>4}  {dealer:<6}  {taker:<5}  {trump:<5}  {d.outcome or '?':<10}  "
                     f"{ns:>4}  {ew:>4}  {pot:>4}  {total_ns:>9}  {total_ew:>9}")
    winner = ("N-S", "E-W")[report.winner] if report.winner in (0, 1) else "nobody yet"
    lines.append(f"Winner: {winner}" + (f" (recorded result {report.result})" if report.result else ""))
    return lines


def render_game(game_replay: GameReplay, deal_number: int | None, ascii_only: bool) -> str:
    style = Style(game_replay.deck, ascii_only)
    game = game_replay.game
    report = game_replay.report
    event = game.header("Event")
    head = f"Game {report.game}" + (f": {event}" if event else "")
    lines = [head, f"Rules: {report.rules}, deck {report.deck}"]
    names = _players(game_replay)
    if any(names):
        lines.append("Players: " + ", ".join(f"{SEATS[s]} {names[s]}" for s in range(4) if names[s]))
    general = [f for f in report.findings if f.deal is None]
    for f in sorted(general, key=sort_key):
        lines.append(f"{f.line}:{f.col}: {f.severity} {f.code} {f.message}")
    for replay in game_replay.deals:
        if deal_number is not None and replay.deal.number != deal_number:
            continue
        lines.append("")
        lines += render_deal(game_replay, replay, style)
    lines.append("")
    lines += render_match(game_replay, style)
    return "\n".join(lines) + "\n"


def _pick_game(path: str, number: int):
    from belote_notation.notation.reader import iter_games

    source = sys.stdin.buffer if path == "-" else path
    for index, parsed in enumerate(iter_games(source, name="<stdin>" if path == "-" else path)):
        if index + 1 == number:
            return parsed
    return None


@click.command("show")
@click.argument("file", metavar="FILE")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game (match) of the file, counting from 1.")
@click.option("--deal", "deal_number", type=int, default=None,
              help="Only this deal (its number); default: every deal of the game.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Suit letters instead of suit symbols.")
@click.option("--rules", "rules", metavar="NAME", default=None,
              help="Rule system overriding the file's Rules header.")
def command(file: str, game_number: int, deal_number: int | None, ascii_only: bool,
            rules: str | None) -> None:
    """Replay a deal of FILE: hands, bidding, announcements, tricks, scores and the match table."""
    from belote_notation.game.rules import RulesError, Ruleset

    if rules:
        try:
            Ruleset.preset(rules)
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="--rules") from None
    try:
        parsed = _pick_game(file, game_number)
    except OSError as exc:
        click.echo(f"belote-replay: {file}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    if parsed is None:
        click.echo(f"belote-replay: {file}: there is no game {game_number}", err=True)
        sys.exit(2)
    from belote_notation.check.codes import severity_of
    from belote_notation.check.findings import Finding

    syntax = [Finding(i.code, severity_of(i.code), i.message, file, i.line, i.col, game_number)
              for i in parsed.errors]
    replay = replay_game(parsed.game, file, game_number, ValidationConfig(rules=rules), syntax)
    if deal_number is not None and all(d.deal.number != deal_number for d in replay.deals):
        click.echo(f"belote-replay: {file}: game {game_number} has no deal {deal_number}", err=True)
        sys.exit(2)
    text = render_game(replay, deal_number, ascii_only or not _can_encode(sys.stdout))
    click.echo(text, nl=False)


def _can_encode(stream) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False
