"""Fingerprints: content addresses of a deal and of a game, over what was played.

A fingerprint is ``bel1:`` and the first 32 hex digits of the SHA-256 of a canonical text
(UTF-8) made of what was played and nothing else: not the numbers, positions, comments,
glyphs, NAGs, variations, white space or tag order of the record, nor what it claims (trick
winners, scores, pot, result), which are checked, not played. Annotating a game, reformatting
it, converting it to the JSON twin and back or renaming its cards in the other deck keeps its
fingerprints. The exact texts are written down in docs/api.md ("Fingerprints"); ``bel1``
names that definition, and a change of definition would be ``bel2``.

The same functions serve records (:func:`deal_fingerprint`, :func:`game_fingerprint`) and the
checks, which read no records (:class:`~belote_notation.check.checker.GameChecker` hands its
facts to :func:`deal_text` and :func:`game_text`), so both ways give the same values.

>>> from belote_notation.notation.records import Deal, Play, Trick
>>> deal = Deal(number=1, dealer=0, tricks=[Trick(number=1, plays=[Play(seat=1, card=7)])])
>>> deal_text(deal.dealer, [], None, [], [], [], [], tricks_of(deal)).split("\\n")
['bel1 deal', 'dealer 0', 'five ', 'offer -', 'calls ', 'rest ', 'hands ', 'announce ', 'tricks 07:01']
>>> deal_fingerprint(deal)
'bel1:b1889b0672847041e15d6cd8c4b68c9e'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from json.encoder import encode_basestring as _quoted  # the JSON spelling of a string, in C
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Protocol

from belote_notation.game.cards import TrickPlays
from belote_notation.notation.headers import deck_from_name

if TYPE_CHECKING:  # the checks make fingerprints of reading events, without records
    from belote_notation.notation.records import Deal, Game

__all__ = [
    "FINGERPRINT_TAGS",
    "IDENTIFYING_TAGS",
    "PREFIX",
    "deal_fingerprint",
    "deal_text",
    "fingerprint",
    "game_fingerprint",
    "claims_text",
    "game_text",
    "has_cards",
    "recorded_text",
    "tricks_of",
]

PREFIX = "bel1:"
"""The definition's name: the texts below, SHA-256, 32 hex digits."""

FINGERPRINT_TAGS = frozenset({"rules", "deck", "option", "options", "target", "dealer", "firstdealer",
                              "north", "east", "south", "west", "teams"})
"""The tags (lower case) a game fingerprint reads: those that decide how the play is read and
checked, and who sat where. The deck only through the rule system it implies (below)."""

_PLAYER_TAGS = ("north", "east", "south", "west", "teams")
IDENTIFYING_TAGS = ("event", "site", "date", "round")
"""The tags that say which game a record is, where nothing played tells it (:func:`recorded_text`)."""
_MARKS = {None: 0, "belote": 1, "rebelote": 2}


class HandLike(Protocol):
    """What a deal fingerprint reads of a hand (a :class:`~.records.Hand` or the checks' fact)."""

    @property
    def seat(self) -> int: ...

    @property
    def cards(self) -> Sequence[int]: ...


class CallLike(Protocol):
    """What a deal fingerprint reads of a call."""

    @property
    def seat(self) -> int | None: ...

    @property
    def action(self) -> str: ...

    @property
    def suit(self) -> int | None: ...

    @property
    def round(self) -> int: ...

    @property
    def value(self) -> int | None: ...


class AnnouncementLike(Protocol):
    """What a deal fingerprint reads of an announcement."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def cards(self) -> Sequence[int]: ...

    @property
    def trick(self) -> int | None: ...

    @property
    def before_card(self) -> int | None: ...


TrickLike = TrickPlays
"""What a deal fingerprint reads of a trick: parallel sequences in the order played."""


def fingerprint(text: str) -> str:
    """``bel1:`` and the first 32 hex digits of the SHA-256 of ``text`` in UTF-8.

    >>> fingerprint("bel1 deal")
    'bel1:67155e27b31cb219950668132cc6fb10'
    """
    from hashlib import sha256  # here: the text outputs make no fingerprint, and its import is 3 ms

    return PREFIX + sha256(text.encode("utf-8")).hexdigest()[:32]


def deal_text(dealer: int | None, five: Sequence[HandLike], offer: int | None,
              calls: Iterable[CallLike], rest: Sequence[HandLike], hands: Sequence[HandLike],
              announcements: Sequence[AnnouncementLike], tricks: Sequence[TrickLike]) -> str:
    """The canonical text of a deal (docs/api.md, "Fingerprints"), from its parts.

    The checks make it for every deal: see :func:`_fast_text`. A seat not written, or a value
    that is not a byte (records built without validation), takes :func:`_slow_text`, which
    spells the same text (``ff`` for no seat, ``(value)`` for a value that is not a byte)."""
    try:
        return _fast_text(dealer, five, offer, calls, rest, hands, announcements, tricks)
    except (TypeError, ValueError):
        return _slow_text(dealer, five, offer, calls, rest, hands, announcements, tricks)


_seat_of, _cards_of = attrgetter("seat"), attrgetter("cards")
_seats_of, _marks_of = attrgetter("seats"), attrgetter("marks")
_first, _second = itemgetter(0), itemgetter(1)
_SEPARATOR = b"\xff"
_call_key = attrgetter("seat", "action", "round", "suit", "value")
_CALLS: dict[tuple[object, ...], str] = {}


def _fast_text(dealer: int | None, five: Sequence[HandLike], offer: int | None,  # noqa: PLR0913
               calls: Iterable[CallLike], rest: Sequence[HandLike], hands: Sequence[HandLike],
               announcements: Sequence[AnnouncementLike], tricks: Sequence[TrickLike]) -> str:
    """One frame, every list of numbers through ``bytes`` and ``bytes.hex`` (a ``map`` per
    section, no Python step per card or per trick): measured a quarter faster than helper
    functions spelling each trick (11 against 15 us a deal, generated classic games)."""
    sections = []
    for group in (five, rest, hands):
        if group:
            pairs = sorted(zip(map(_seat_of, group), map(bytes, map(sorted, map(_cards_of, group))),
                               strict=True))
            sections.append(f"{bytes(map(_first, pairs)).hex()}:{_SEPARATOR.join(map(_second, pairs)).hex()}")
        else:
            sections.append("")
    played = ""
    if tricks:
        played = (f"{_SEPARATOR.join(map(bytes, map(_cards_of, tricks))).hex()}:"
                  f"{b''.join(map(bytes, map(_seats_of, tricks))).hex()}")
        if any(map(any, map(_marks_of, tricks))):
            played += ":" + bytes([_MARKS.get(m, 255) for t in tricks for m in t.marks]).hex()
    declared = ",".join([f"{a.seat}:{a.kind}:{bytes(sorted(a.cards)).hex()}:{_optional(a.trick)}:"
                         f"{_optional(a.before_card)}" for a in announcements])
    return (f"bel1 deal\ndealer {_optional(dealer)}\nfive {sections[0]}\n"
            f"offer {'-' if offer is None else bytes((offer,)).hex()}\n"
            f"calls {','.join([_CALLS.get(key) or _call(key) for key in map(_call_key, calls)])}\n"
            f"rest {sections[1]}\nhands {sections[2]}\nannounce {declared}\ntricks {played}")


def _optional(value: int | None) -> str:
    return "-" if value is None else str(value)


def _call(key: tuple[object, ...]) -> str:
    """``<seat>:<action>:<round>:<suit>:<value>``, ``-`` for what a call does not have."""
    text = ":".join("-" if v is None else str(v) for v in key)
    if len(_CALLS) < 4096:  # calls repeat: those of real auctions are remembered
        _CALLS[key] = text
    return text


def _spell(values: Iterable[object]) -> str:
    """``bytes(values).hex()`` for any values: ``ff`` for ``None``, ``(value)`` for a non-byte."""
    return "".join("ff" if v is None else f"{v:02x}" if isinstance(v, int) and 0 <= v < 256 else f"({v!r})"
                   for v in values)


def _order(value: object) -> tuple[int, int | str]:
    return (0, value) if isinstance(value, int) else (1, repr(value))


def _slow_text(dealer: int | None, five: Sequence[HandLike], offer: int | None,  # noqa: PLR0913
               calls: Iterable[CallLike], rest: Sequence[HandLike], hands: Sequence[HandLike],
               announcements: Sequence[AnnouncementLike], tricks: Sequence[TrickLike]) -> str:
    """:func:`_fast_text` for any values, one value at a time."""
    sections = []
    for group in (five, rest, hands):
        pairs = sorted((_spell([h.seat]), _spell(sorted(h.cards, key=_order))) for h in group)
        sections.append(f"{''.join(p[0] for p in pairs)}:{'ff'.join(p[1] for p in pairs)}" if pairs else "")
    played = ""
    if tricks:
        played = f"{'ff'.join(_spell(t.cards) for t in tricks)}:{''.join(_spell(t.seats) for t in tricks)}"
        if any(any(t.marks) for t in tricks):
            played += ":" + "".join(_spell([_MARKS.get(m, 255) for m in t.marks]) for t in tricks)
    declared = ",".join(f"{a.seat}:{a.kind}:{_spell(sorted(a.cards, key=_order))}:{_optional(a.trick)}:"
                        f"{_optional(a.before_card)}" for a in announcements)
    return (f"bel1 deal\ndealer {_optional(dealer)}\nfive {sections[0]}\n"
            f"offer {'-' if offer is None else _spell((offer,))}\n"
            f"calls {','.join(_call(_call_key(c)) for c in calls)}\n"
            f"rest {sections[1]}\nhands {sections[2]}\nannounce {declared}\ntricks {played}")


class _Trick:
    """A trick of the records as the fingerprint reads it."""

    __slots__ = ("cards", "marks", "seats")

    def __init__(self, seats: list[int | None], cards: list[int], marks: list[str | None]) -> None:
        self.seats, self.cards, self.marks = seats, cards, marks


def tricks_of(deal: Deal) -> list[TrickLike]:
    """The tricks of a deal's records as the fingerprint reads them (seats, cards, marks)."""
    return [_Trick([p.seat for p in t.plays], [p.card for p in t.plays], [p.mark for p in t.plays])
            for t in deal.tricks]


def deal_fingerprint(deal: Deal) -> str:
    """The fingerprint of a deal: the same for the same deal in any record of it.

    >>> from belote_notation.notation.records import Deal, Hand
    >>> a = Deal(number=1, dealer=0, five=[Hand(seat=1, cards=[3, 9]), Hand(seat=0, cards=[4])])
    >>> b = Deal(number=7, dealer=0, five=[Hand(seat=0, cards=[4]), Hand(seat=1, cards=[9, 3])],
    ...          line=12, comments=["replayed"])
    >>> deal_fingerprint(a) == deal_fingerprint(b)
    True
    """
    offer = deal.offer.card if deal.offer is not None else None
    return fingerprint(deal_text(deal.dealer, deal.five, offer, deal.bids, deal.rest, deal.hands,
                                 deal.announcements, tricks_of(deal)))


def _normal(text: str) -> str:
    return text.strip().lower()


def game_text(tags: Iterable[tuple[str, str]], deal_fingerprints: Iterable[str]) -> str:
    """The canonical text of a game (docs/api.md, "Fingerprints") from its tag pairs (name,
    value) and its deals' fingerprints: the tags that decide how it is read and checked and
    who played, in a fixed order, then the deals in order."""
    last: dict[str, str] = {}
    options: dict[str, str] = {}
    for name, value in tags:
        name = name.lower()
        if name not in FINGERPRINT_TAGS:
            continue
        if name in ("option", "options", "target"):
            text = "target=" + value if name == "target" else value
            sep = "=" if "=" in text else ":" if ":" in text else None
            key, _, value = text.partition(sep) if sep else ("", "", "")
            if _normal(key):  # a tag that is not name=value is ignored, as the checks do
                options[_normal(key).replace("-", "_")] = _normal(value)
        else:
            last["dealer" if name == "firstdealer" else name] = value.strip()
    lines = ["bel1 game", "rules " + _quoted(_rules(last))]
    lines += [f"option {_quoted(k)} {_quoted(v)}" for k, v in sorted(options.items())]
    if last.get("dealer"):
        lines.append("dealer " + _quoted(last["dealer"].upper()))
    lines += [f"{name} {_quoted(last[name])}" for name in _PLAYER_TAGS if last.get(name)]
    lines += ["deal " + f for f in deal_fingerprints]
    return "\n".join(lines)


def _rules(last: dict[str, str]) -> str:
    """The ``Rules`` tag, else the rule system a ``Deck`` tag implies, else ``classic``: the
    assumption of the checks in 0.1.0, written out here so that it never moves with them."""
    rules = last.get("rules", "").lower()
    if rules:
        return rules
    deck = deck_from_name(last.get("deck", ""))
    return "moroccan" if deck is not None and deck.value == "spanish" else "classic"


def game_fingerprint(game: Game) -> str:
    """The fingerprint of a game: its rule tags and players, and its deals in order.

    >>> from belote_notation.notation.records import Game, Header
    >>> a = Game(headers=[Header(name="Rules", value="classic"), Header(name="North", value="Sara")])
    >>> b = Game(headers=[Header(name="North", value=" Sara"), Header(name="Annotator", value="coach"),
    ...                   Header(name="Rules", value="Classic")])
    >>> game_fingerprint(a) == game_fingerprint(b) != game_fingerprint(Game())
    True
    """
    return fingerprint(game_text(((h.name, h.value) for h in game.headers),
                                 (deal_fingerprint(d) for d in game.deals)))


def has_cards(deal: Deal) -> bool:
    """Whether a deal records any card (dealt, offered, held or played)."""
    return bool(deal.five or deal.offer or deal.rest or deal.hands or deal.tricks)


def claims_text(deal: Deal) -> str:
    """A deal's claimed scores: deal score, match score and pot (``-`` for one not recorded)."""
    score = f"{deal.score.ns}:{deal.score.ew}" if deal.score is not None else "-"
    match = f"{deal.match_score.ns}:{deal.match_score.ew}" if deal.match_score is not None else "-"
    return f"{score} {match} {_optional(deal.pot)}"


def recorded_text(game: Game) -> str:
    """What identifies a game besides its play, when some deal of it records no card (a score
    sheet, a club night's totals): its tags that say which game it is (``Event``, ``Site``,
    ``Date``, ``Round``, trimmed), its ``Result`` and every deal's claimed scores (deal score,
    match score, pot, in deal order); ``""`` when every deal records cards (the play tells
    it). Two score sheets of the same four players are not one game unless all of this
    agrees (issue 38: ``dedupe`` dropped a second club night as "the same game"). Not part of
    the ``bel1`` fingerprint (the store and the reports keep theirs): ``dedupe`` reads it.

    >>> from belote_notation.notation.records import Deal, Game, Score
    >>> night = Game(deals=[Deal(number=1, score=Score(ns=102, ew=60))])
    >>> recorded_text(night).split("\\n")
    ['bel1 recorded', 'result -', 'deal 102:60 - -']
    >>> swapped = Game(deals=[Deal(number=1, score=Score(ns=60, ew=102))])
    >>> recorded_text(night) != recorded_text(swapped), recorded_text(Game())
    (True, '')
    """
    if not game.deals or all(has_cards(deal) for deal in game.deals):
        return ""
    tags = {h.name.lower(): h.value.strip() for h in game.headers}
    lines = ["bel1 recorded"]
    lines += [f"{name} {_quoted(tags[name])}" for name in IDENTIFYING_TAGS if tags.get(name)]
    lines.append("result " + (_quoted(game.result) if game.result else "-"))
    lines += ["deal " + claims_text(deal) for deal in game.deals]
    return "\n".join(lines)
