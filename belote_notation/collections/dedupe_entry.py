"""What ``dedupe`` keeps of a game (:class:`GameEntry`): its fingerprints and prefix keys, from
its records or, for a ``.bel`` game, from its reading into the checks (:mod:`.reading`: no
records). Both give the same entry: the same fingerprints (the checks make them from what they
read, before replaying it) and the same keys, over the deal as recorded (the checks may fill in
a trick's seats as they replay it: the seats as read are kept).

>>> from belote_notation.collections.reading import collect_text
>>> from belote_notation.notation.read.reader import parse_text
>>> text = "[North \\"A\\"]\\ndeal 1 dealer N\\ntrick 1 N:AS E:KS S:QS W:JS\\nend\\n"
>>> entry = game_entry(parse_text(text)[0].game, "a.bel", 1)
>>> read_entry(collect_text(text, "a.bel"), "a.bel", 1) == entry, entry.length
(True, 68)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NamedTuple, cast

from belote_notation.collections.reading import CollectedGame, SeenDeal
from belote_notation.notation.fingerprint import (
    IDENTIFYING_TAGS,
    claims_text,
    deal_fingerprint,
    game_fingerprint,
    game_text,
    has_cards,
    recorded_text,
)
from belote_notation.notation.records import Deal, Game

__all__ = ["CUT", "PLAYED", "TRICK_DIGEST", "GameEntry", "game_entry", "read_entry"]

_WHOLE, CUT = "whole", "cut"
"""The kinds of prefix keys: a game's deals whole, or cut short after a trick."""
TRICK_DIGEST = 8
PLAYED = 8 * TRICK_DIGEST
"""Bytes of a deal's tricks: eight for each of its complete tricks (zeros past its last)."""

Plays = tuple[Sequence[int | None], Sequence[int]]
"""The plays of one trick as recorded: its seats and its cards, in the order played."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """What ``dedupe`` keeps of one game: its place, fingerprints and prefix keys."""

    file: str
    number: int
    fingerprint: bytes
    deals: tuple[bytes, ...]
    """The fingerprints of the deals with cards (empty bytes for a deal without any)."""
    whole: tuple[str, bytes] | None
    """The kind and key of the game's whole play (``None``: nothing to compare)."""
    length: int
    """Deals × 64 + cards played in the last deal: a longer game has a longer length."""
    prefixes: tuple[tuple[str, bytes], ...]
    """The keys of every shorter game this one continues."""
    played: bytes = b""
    """Each deal's tricks (:func:`_played`), end to end: a cut deal's tricks compared."""
    cuts: tuple[int, ...] = ()
    """The deal (0-based) of each ``cut`` key of ``prefixes``, in their order: where its tricks
    lie in ``played`` (what a partition of the keys sends with each, :mod:`.dedupe_shards`)."""


class DealView(NamedTuple):
    """What an entry reads of one deal, as recorded."""

    fingerprint: str
    """The deal's fingerprint, ``""`` when it records no card."""
    dealt: bytes | None
    """:func:`_dealt`."""
    tricks: Sequence[Plays]
    claims: Callable[[], str]
    """Its claimed scores (:func:`~belote_notation.notation.fingerprint.claims_text`)."""


def _digest(fingerprint: str) -> bytes:
    return bytes.fromhex(fingerprint.partition(":")[2])


def _dealt(dealer: int | None, hands: Sequence[object], offer: int | None,
           tricks: Sequence[Plays]) -> bytes | None:
    """What starts a deal, to recognise it cut short: its dealt cards (dealer, first five,
    offer; else its 8-card hands); for a record of the tricks only, its first trick when
    complete; ``None`` when the deal has none of these."""
    if hands:
        held = sorted((h.seat, tuple(sorted(h.cards))) for h in hands)  # type: ignore[attr-defined]
        return repr((dealer, held, offer)).encode()
    if tricks and len(tricks[0][1]) == 4:
        return repr((dealer, list(zip(*tricks[0], strict=True)))).encode()
    return None


def _plays_bytes(plays: Plays) -> bytes:
    """One complete trick's plays in :data:`TRICK_DIGEST` bytes: its four seats then its four
    cards as they are, or (a seat left out, a number past a byte: a record made in Python) a
    digest of them."""
    seats, cards = plays
    try:
        raw = bytes(seats) + bytes(cards)  # type: ignore[arg-type]  # None: TypeError, below
    except (TypeError, ValueError):
        raw = b""
    if len(raw) == TRICK_DIGEST:
        return raw
    return hashlib.blake2b(repr((list(seats), list(cards))).encode(), digest_size=TRICK_DIGEST).digest()


def _played(tricks: Sequence[Plays]) -> bytes:
    """The deal's complete tricks, :data:`TRICK_DIGEST` bytes each (:func:`_plays_bytes`), in
    :data:`PLAYED` bytes: a deal cut after ``t`` tricks is the start of another only when both
    agree on the first ``t``."""
    if len(tricks) == 8:  # a whole deal as read, as nearly always: its 64 numbers at once
        flat: list[Any] = []
        for seats, cards in tricks:
            if len(seats) != 4 or len(cards) != 4:
                break
            flat += seats
            flat += cards
        else:
            try:
                return bytes(flat)  # each trick its _plays_bytes: its seats then its cards
            except (TypeError, ValueError):  # a seat left out, a number past a byte: trick by trick
                pass
    out = []
    for plays in tricks[:8]:
        if len(plays[1]) != 4:
            break
        out.append(_plays_bytes(plays))
    return b"".join(out).ljust(PLAYED, b"\0")


def _record_view(deal: Deal) -> DealView:
    tricks = [([p.seat for p in t.plays], [p.card for p in t.plays]) for t in deal.tricks]
    hands = deal.five or deal.hands
    offer = deal.offer.card if deal.offer is not None else None
    return DealView(deal_fingerprint(deal) if has_cards(deal) else "",
                    _dealt(deal.dealer, hands, offer, tricks), tricks, lambda: claims_text(deal))


def game_entry(game: Game, file: str, number: int) -> GameEntry:
    """The entry of one game from its records (fingerprints over its records, no check)."""
    tags = [(h.name, h.value) for h in game.headers]
    return _entry(file, number, tags, [_record_view(d) for d in game.deals],
                  lambda: (game_fingerprint(game), recorded_text(game)))


def _as_recorded(seen: SeenDeal) -> SimpleNamespace:
    """A deal's parts as recorded (what the fingerprint module's record functions read)."""
    facts = seen.facts
    return SimpleNamespace(five=facts.five, offer=facts.offer, rest=seen.rest, hands=facts.hands,
                           tricks=facts.tricks, score=seen.score, match_score=facts.match_score,
                           pot=facts.pot)


def _read_view(seen: SeenDeal, print_: str | None) -> DealView:
    facts = seen.facts
    tricks = [(seats, t.cards) for seats, t in zip(seen.seats, facts.tricks, strict=True)]
    recorded = _as_recorded(seen)
    cards = has_cards(cast(Deal, recorded))
    offer = facts.offer.card if facts.offer is not None else None
    return DealView((print_ or "") if cards else "",
                    _dealt(facts.dealer, facts.five or facts.hands, offer, tricks), tricks,
                    lambda: claims_text(cast(Deal, recorded)))


def read_entry(read: CollectedGame, file: str, number: int) -> GameEntry | None:
    """The entry of one game from its reading into the checks (``None``: the checks could not
    give every deal's fingerprint, an engine failure: read its records)."""
    report = read.report
    if report.fingerprint is None or len(report.deals) != len(read.deals):
        return None
    views = [_read_view(seen, deal.fingerprint) for seen, deal in zip(read.deals, report.deals, strict=True)]

    def identity() -> tuple[str, str]:
        headers = [SimpleNamespace(name=n, value=v) for n, v in read.tags]
        game = SimpleNamespace(headers=headers, result=read.result,
                               deals=[_as_recorded(seen) for seen in read.deals])
        return cast(str, report.fingerprint), recorded_text(cast(Game, game))

    return _entry(file, number, read.tags, views, identity)


def _identity(views: Sequence[DealView], fingerprint_and_record: Callable[[], tuple[str, str]]) -> bytes:
    """The game's fingerprint, and, for a game with a deal without cards, what it records."""
    fingerprint, recorded = fingerprint_and_record()
    if not recorded:
        return _digest(fingerprint)
    return hashlib.blake2b(f"{fingerprint}\n{recorded}".encode(), digest_size=16).digest()


def _entry(file: str, number: int, tags: Sequence[tuple[str, str]], views: Sequence[DealView],
           fingerprint_and_record: Callable[[], tuple[str, str]]) -> GameEntry:
    basis = game_text(tags, ()).encode()
    if any(not view.fingerprint for view in views):  # a score sheet: which night it was
        basis += repr(sorted((name.lower(), value.strip()) for name, value in tags
                             if name.lower() in IDENTIFYING_TAGS)).encode()
    running = hashlib.blake2b(basis, digest_size=16)
    prefixes: list[tuple[str, bytes]] = []
    deals: list[bytes] = []
    cuts: list[int] = []
    for position, view in enumerate(views):
        if view.dealt is not None:
            # the deal's place in the key: a key names one deal, whose tricks are then compared
            # at that place (text run together could otherwise end the same way at two places)
            cut = running.copy()
            cut.update(b"cut%d:" % position + view.dealt)
            prefixes.append((CUT, cut.digest()))
            cuts.append(position)
        if position > 0:
            prefixes.append((_WHOLE, running.digest()))
        deals.append(_digest(view.fingerprint) if view.fingerprint else b"")
        running.update(view.fingerprint.encode() or b"-" + view.claims().encode())
    whole: tuple[str, bytes] | None = (_WHOLE, running.digest()) if views else None
    last = views[-1] if views else None
    if last is not None and last.fingerprint and not (
            len(last.tricks) == 8 and all(len(cards) == 4 for _, cards in last.tricks)):
        # cut short after a trick: its dealt cards (its tricks are compared by _decide); cut in
        # the middle of a trick, the start of nothing (its last cards cannot be compared)
        whole = next(((k, v) for k, v in reversed(prefixes) if k == CUT), None) \
            if last.dealt is not None and all(len(cards) == 4 for _, cards in last.tricks) else None
    cards = min(63, sum(len(cards) for _, cards in last.tricks)) if last is not None else 0
    return GameEntry(file, number, _identity(views, fingerprint_and_record), tuple(deals), whole,
                     64 * len(views) + cards, tuple(prefixes), b"".join(_played(v.tricks) for v in views),
                     tuple(cuts))

