"""``cfn``: CFN (Contrée FEN Notation), the text notation of the colver contrée engine.

One CFN string per line, one deal each (``Env.to_cfn()`` / ``Env.from_cfn()`` of colver)::

    <dealer>:<N hand>/<E hand>/<S hand>/<W hand> <tricks> <contract>

Hands are the cards still held, bridge style (suits ``s.h.d.c``, ranks high to low in
colver's order ``A T K Q J 9 8 7``; ``-`` for an empty hand); tricks are the cards played, in
play order, four per trick, ``/`` between tricks (``-`` for none): the first trick is led by
the seat after the dealer, each next one by the previous winner; the contract is
``<value><suit><NS|EW>[x|xx]`` (``250`` for capot), ``0`` for a deal nobody bid, or the
auction in progress ``bid:<value><suit><bidder>/p<passes>/c<coinche>/<to speak>``.
The definition is colver's ``colver-core/src/cfn.rs`` (docs/formats/cfn.md).

Each line becomes one game of one deal: the rule system (``[Rules "contree"]`` and the options of
colver's seating), the dealer, the 8-card hands (cards held and cards played), the tricks with
their seats, and the contract as the tag ``[Contract "130dNS"]``
(or ``[Auction "bid:..."]``): the contract's author and the auction are not in CFN, so no
bid is made up. Writing needs that tag (or a ``contract=...`` comment on the deal) and the
8-card hands.

>>> import io
>>> line = "N:-/-/-/- " + "/".join(["7s8s9sJs"]) + " 80sNS"
>>> [str(x) for x in CfnFormat().read(io.BytesIO(line.encode()))][:1]
['line 1, field hands: BEL801 the hands and tricks hold 4 cards, not 32: left out']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TextIO

from belote_notation.check.contract_tag import CONTRACT_TAG
from belote_notation.check.replay import DealReplay, replay_game
from belote_notation.formats.base import (
    CANNOT_WRITE,
    KEPT_AS_TEXT,
    UNREADABLE,
    Format,
    FormatIssue,
    ReadItem,
    Stream,
    binary_stream,
    issue,
)
from belote_notation.formats.limits import MAX_LINE_BYTES, bounded_lines
from belote_notation.formats.values import shown
from belote_notation.game.cards import NO_TRUMP, SEAT_NAMES, mask_of
from belote_notation.game.lang import Message, Number, msg
from belote_notation.game.tricks import trick_winner
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.records import Deal, Game

__all__ = ["CfnFormat", "cfn_of_deal", "colver_card", "our_card"]

RANKS = "789JQKTA"
"""colver's rank characters, in colver's rank order (its card = suit * 8 + rank)."""
SUITS = "shdc"
_OURS = (0, 1, 2, 4, 5, 6, 3, 7)
"""colver rank index -> our rank index (ours: 7 8 9 10 J Q K A)."""
_CONTRACT = re.compile(r"(\d+)([shdc])(NS|EW)(x{0,2})\Z")
_AUCTION = re.compile(r"bid:(0|\d+[shdc][NESW])/p\d+(/c\d+)?/[NESW]\Z")
AUCTION_TAG = "Auction"
TERMINATION = ("Termination", "unterminated")
"""The tag of a CFN position in mid-play (PGN's ``Termination`` tag): the deal stops there."""
COLVER_RULES = (("Rules", "contree"), ("Option", "direction=clockwise"), ("Option", "first_bidder=left"),
                ("Option", "first_lead=dealer_left"), ("Option", "belote_requires_declaration=false"))
"""The rule system CFN is written for: contrée, with colver's seating (N E S W in turn, the seat
after the dealer speaks and leads first), as our ``contree`` preset's options say it; and a
belote counted without being said, as colver counts it (CFN has no place for the words)."""


def our_card(colver: int) -> int:
    """colver's card number to ours (the same suits; ranks in another order)."""
    return (colver >> 3) * 8 + _OURS[colver & 7]


def colver_card(card: int) -> int:
    """Our card number to colver's."""
    return (card >> 3) * 8 + _OURS.index(card & 7)


def _parse_card(text: str) -> int | None:
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        return None
    return our_card(SUITS.index(text[1]) * 8 + RANKS.index(text[0]))


def _card_text(card: int) -> str:
    c = colver_card(card)
    return RANKS[c & 7] + SUITS[c >> 3]


def _hand_text(cards: Iterable[int]) -> str:
    mask = mask_of(colver_card(c) for c in cards)
    if not mask:
        return "-"
    return ".".join("".join(RANKS[r] for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1)
                    for s in range(4))


def _parse_hand(text: str) -> list[int] | None:
    if text == "-":
        return []
    groups = text.split(".")
    if len(groups) != 4:
        return None
    cards = []
    for suit, group in enumerate(groups):
        for ch in group:
            if ch not in RANKS:
                return None
            cards.append(our_card(suit * 8 + RANKS.index(ch)))
    return cards


def _colver_order(card: int) -> int:
    """Sort key of a hand as colver prints it: suits in order, ranks high to low."""
    return -colver_card(card)


# ============================================================================ reading
def read_cfn_line(text: str, line: int) -> tuple[Game | None, list[FormatIssue]]:
    """One CFN string as a game of one deal, and what could not be read. A line that gives no
    game is that game lost: its BEL801 stands in its place (the games after keep their numbers)."""
    problems: list[FormatIssue] = []

    def bad(field: str, message: Message) -> tuple[None, list[FormatIssue]]:
        problems.append(replace(issue(UNREADABLE, message, line, line, field), lost=True))
        return None, problems

    sections = text.split(" ")
    if len(sections) != 3 or ":" not in sections[0]:
        return bad("", msg("not CFN (expected `<dealer>:<hands> <tricks> <contract>`): %(raw)s",
                           raw=repr(text[:40])))
    head, tricks_text, contract = sections
    dealer_text, _, hands_text = head.partition(":")
    if dealer_text not in SEAT_NAMES or len(dealer_text) != 1:
        return bad("dealer", msg("unknown dealer %(raw)s", raw=shown(dealer_text)))
    dealer = SEAT_NAMES.index(dealer_text)
    hands = [_parse_hand(h) for h in hands_text.split("/")]
    if len(hands) != 4 or any(h is None for h in hands):
        return bad("hands", msg("cannot read %(what)s from %(raw)s", what=msg("four hands"),
                                raw=shown(hands_text)))
    plays: list[int] = []
    if tricks_text != "-":
        for chunk in tricks_text.split("/"):
            trick = [_parse_card(chunk[i:i + 2]) for i in range(0, len(chunk), 2)]
            if not 1 <= len(trick) <= 4 or len(chunk) % 2 or any(c is None for c in trick):
                return bad("tricks", msg("cannot read %(what)s from %(raw)s", what=msg("a trick"),
                                         raw=shown(chunk)))
            plays.extend(c for c in trick if c is not None)
    tag, trump = _contract(contract)
    if tag is None:
        return bad("contract", msg("cannot read %(what)s from %(raw)s", what=msg("a contract"),
                                   raw=shown(contract)))
    if plays and trump is None:
        return bad("tricks", msg("tricks with no contract (the auction is not over)"))
    held: list[list[int]] = [list(h) if h is not None else [] for h in hands]
    seats = _seats(plays, dealer, trump if trump is not None else NO_TRUMP)
    for seat, card in zip(seats, plays, strict=True):
        held[seat].append(card)
    every = [c for h in held for c in h]
    if len(every) != 32 or len(set(every)) != 32:
        return bad("hands", msg("the hands and tricks hold %(count)s cards, not 32: left out",
                                count=len(set(every))))
    if tag[0] == AUCTION_TAG:
        problems.append(issue(KEPT_AS_TEXT, msg("the auction %(auction)s is kept as a tag (its bids are not "
                                                "in CFN: none is made up)", auction=tag[1]),
                              line, line, "contract"))
    return _game_of(line, dealer, held, seats, plays, tag), problems


def _game_of(line: int, dealer: int, held: list[list[int]], seats: list[int], plays: list[int],
             tag: tuple[str, str]) -> Game:
    """The game of one deal a CFN line holds: the 8-card hands ``held``, the cards played with
    their seats, the contract's tag; every position at the line's first column."""
    b = RecordBuilder()
    b.begin_game(0, line, 1)
    position = (TERMINATION,) if len(plays) < 32 else ()
    for name, value in (*COLVER_RULES, tag, *position):
        b.visit_header(name, value, line, 1)
    b.end_headers()
    b.begin_deal(1, dealer, line, 1)
    b.begin_section("hand", line, 1)
    for seat in range(4):
        cards = sorted(held[seat], key=_colver_order)
        b.visit_hand("hand", seat, cards, [(line, 1)] * 8, line, 1)
    if plays:
        b.begin_section("trick", line, 1)
        for start in range(0, len(plays), 4):
            b.visit_trick(start // 4 + 1, line, 1, seats[start:start + 4], plays[start:start + 4],
                          [None] * len(plays[start:start + 4]),
                          [(line, 1)] * len(plays[start:start + 4]), None, None)
    b.end_deal()
    b.end_game()
    return b.result().game


def _contract(text: str) -> tuple[tuple[str, str] | None, int | None]:
    """The tag keeping the contract section, and the trump (``None``: no contract yet)."""
    if text == "0":
        return (CONTRACT_TAG, "0"), None
    if _AUCTION.match(text):
        return (AUCTION_TAG, text), None
    found = _CONTRACT.match(text)
    if found is None or len(found.group(1)) > MAX_DIGITS:  # the reader's limit before int()
        return None, None
    value = int(found.group(1))
    if not (80 <= value <= 160 and value % 10 == 0) and value != 250:
        return None, None
    return (CONTRACT_TAG, text), SUITS.index(found.group(2))


def _seats(plays: list[int], dealer: int, trump: int) -> list[int]:
    """Who played each card: the seat after the dealer leads, then each trick's winner."""
    seats: list[int] = []
    leader = (dealer + 1) % 4
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        seats.extend((leader + i) % 4 for i in range(len(trick)))
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, trump)) % 4
    return seats


# ============================================================================ writing
def _written_contract(game: Game, deal: Deal) -> str | None:
    """The contract a record writes for CFN: a ``contract=...`` comment on the deal, else the
    ``Contract`` or ``Auction`` tag of a one-deal game."""
    for text in deal.comments:
        if text.startswith("contract="):
            return text.split("=", 1)[1].strip()
    if len(game.deals) == 1:
        return game.header(CONTRACT_TAG) or game.header(AUCTION_TAG)
    return None


def _auction_contract(replay: DealReplay) -> str | Message | None:
    """The CFN contract of the auction the checks replayed, or why CFN cannot write it
    (``None`` when the deal has no contrée auction)."""
    if not replay.deal.bids:
        return None
    if replay.dead:
        return "0"
    taken = replay.contract
    if taken is None or taken.kind is None:
        return None  # a Belote take (or an unfinished auction): no contract of points
    if taken.trump is None or taken.trump > 3:
        return msg("CFN has no sans-atout or tout-atout contract")
    if taken.kind == "generale":
        return msg("CFN has no générale")
    value = 250 if taken.kind == "capot" else taken.value
    if taken.kind == "points" and (value is None or not 80 <= value <= 160):
        return msg("CFN bids go from 80 to 160, not %(value)s", value="None" if value is None else value)
    return f"{value}{SUITS[taken.trump]}{('NS', 'EW')[taken.taker & 1]}{'x' * taken.doubled}"


def _contract_text(game: Game, replay: DealReplay) -> str | Message:
    """The CFN contract of a deal: the auction's, else the one the record writes for CFN (or
    why there is none)."""
    from_auction = _auction_contract(replay)
    written = _written_contract(game, replay.deal)
    if isinstance(from_auction, str) and written is not None and written != from_auction:
        return msg("the recorded contract %(written)s is not the auction's %(auction)s",
                   written=written, auction=from_auction)
    if from_auction is not None:
        return from_auction
    if written is None or _contract(written)[0] is None:
        return msg("no CFN contract (a contrée auction, a Contract tag or a contract=... comment)")
    return written


def _seated_tricks(replay: DealReplay) -> list[list[tuple[int | None, int]]]:
    """(seat, card) of every card played, trick by trick: the seats the checks worked out where
    the record leaves them out."""
    traced: dict[int, list[int | None]] = {trace.number: list(trace.seats) for trace in replay.tricks}
    out = []
    for number, trick in enumerate(replay.deal.tricks, 1):
        seats = traced.get(number) or [p.seat for p in trick.plays]
        out.append([(seats[i] if i < len(seats) else None, p.card) for i, p in enumerate(trick.plays)])
    return out


def _same_deal(text: str, hands: list[list[int]], tricks: list[list[tuple[int | None, int]]]) -> bool:
    """``text`` read back gives these hands and these tricks, each card played by its seat."""
    game, _ = read_cfn_line(text, 1)
    if game is None:
        return False
    deal = game.deals[0]
    back_hands = {h.seat: sorted(h.cards) for h in deal.hands}
    back_tricks = [[(p.seat, p.card) for p in t.plays] for t in deal.tricks]
    return back_hands == {seat: sorted(h) for seat, h in enumerate(hands)} and back_tricks == tricks


def cfn_of_deal(game: Game, replay: DealReplay) -> str | Message:
    r"""The CFN of a replayed deal of ``game``, or why it cannot be written.

    CFN plays N E S W in turn, the seat after the dealer leading: a deal played otherwise
    (counter-clockwise, another first lead) would come back as another deal, so it is refused;
    every string written is read back and compared with the record before it is given.

    >>> from belote_notation.check.replay import replay_game
    >>> from belote_notation.game.lang import render
    >>> from belote_notation.notation.read.reader import parse_text
    >>> hands = ("hand N 7S 8S 9S 10S JS QS KS AS\nhand E 7H 8H 9H 10H JH QH KH AH\n"
    ...          "hand S 7D 8D 9D 10D JD QD KD AD\nhand W 7C 8C 9C 10C JC QC KC AC\n")
    >>> def cfn(options):
    ...     text = (f'[Rules "contree"]\n{options}\ndeal 1 dealer S\n'
    ...             f'smsara W:80S N:pass E:pass S:pass\n{hands}end\n')
    ...     game = parse_text(text)[0].game
    ...     return cfn_of_deal(game, replay_game(game).deals[0])
    >>> render(cfn(""))
    'CFN plays N E S W in turn, the seat after the dealer leading; this deal is played counter-clockwise'
    >>> cfn("\n".join(f'[Option "{o}"]' for o in ("direction=clockwise", "first_bidder=left",
    ...                                             "first_lead=dealer_left")))
    'S:ATKQJ987.../.ATKQJ987../..ATKQJ987./...ATKQJ987 - 80sEW'
    """
    deal = replay.deal
    if deal.dealer is None:
        return msg("no dealer")
    rules = replay.rules
    if rules is not None and rules.direction != "clockwise":
        return msg("CFN plays N E S W in turn, the seat after the dealer leading; this deal is "
                   "played counter-clockwise")
    contract = _contract_text(game, replay)
    if isinstance(contract, Message):
        return contract
    shown = replay.hands_to_show()
    if shown is None or not shown.complete:
        return msg("CFN needs the four 8-card hands")
    hands = [[c for c in range(32) if mask >> c & 1] for mask in shown.masks]
    tricks = _seated_tricks(replay)
    gone = {card for trick in tricks for _, card in trick}
    held = [[c for c in h if c not in gone] for h in hands]
    tricks_text = "/".join("".join(_card_text(c) for _, c in trick) for trick in tricks) or "-"
    text = f"{SEAT_NAMES[deal.dealer]}:{'/'.join(_hand_text(h) for h in held)} {tricks_text} {contract}"
    if not _same_deal(text, hands, tricks):
        return msg("CFN would give another deal (CFN plays N E S W in turn, the seat after the "
                   "dealer leading, each trick's winner leading the next)")
    return text


class CfnFormat(Format):
    name = "cfn"
    title = msg("CFN, the deal notation of the colver contrée engine (docs/formats/cfn.md)").id
    extensions = (".cfn",)

    def sniff(self, head: bytes) -> bool:
        return re.match(rb"[NESW]:(-|[789JQKTA.]+)/", head) is not None

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        for number, raw in enumerate(bounded_lines(binary_stream(source)), 1):
            if raw is None:
                yield replace(issue(UNREADABLE, msg("a line longer than %(most)s bytes (the reader's limit): "
                                                    "not read", most=Number(MAX_LINE_BYTES)), number, number),
                              lost=True)
                continue
            try:
                text = raw.decode("utf-8-sig").strip()
            except UnicodeDecodeError as exc:
                yield replace(issue(UNREADABLE, msg("not UTF-8 text (%(error)s)", error=exc.reason), number,
                                    number), lost=True)
                continue
            if not text or text.startswith("#"):
                continue
            game, problems = read_cfn_line(text, number)
            yield from problems
            if game is not None:
                yield game

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        for count, game in enumerate(games, 1):
            for replay in replay_game(game, number=count).deals:
                deal = replay.deal
                text = cfn_of_deal(game, replay)
                if isinstance(text, Message):
                    yield issue(CANNOT_WRITE, msg("game %(game)s, deal %(deal)s: %(why)s: left out",
                                                  game=count, deal=deal.number, why=text), deal.line)
                    continue
                out.write(text + "\n")
