"""The acts of a live game: one JSON message for each thing that happens at the table.

An act is what one line (or one word) of a ``.bel`` deal records, in the notation's own
spellings (seats ``N E S W``, cards as the game's deck writes them: ``AH``, ``10O``; calls as
a ``smsara`` line writes them: ``pass``, ``take``, ``take O``, ``80H``, ``capot TA``,
``coinche``). :func:`parse_act` reads one from its JSON form; :func:`acts_of_game` gives the
acts of a game's records in order; :func:`apply_act` adds one to the records of a game in
progress. Nothing here judges an act: the checks do (:mod:`.live`).

>>> parse_act({"act": "card", "seat": "N", "card": "AH"})
CardAct(act='card', seat='N', card='AH', belote=None)
>>> parse_act({"act": "card", "seat": "X", "card": "AH"})
Traceback (most recent call last):
...
belote_notation.check.live_acts.ActError: bad-act at /seat: Input should be 'N', 'E', 'S' or 'W'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from belote_notation.game.cards import SEAT_NAMES, CardError, Deck, card_name, parse_card, parse_suit
from belote_notation.game.lang import Message, msg, render
from belote_notation.game.lang.pydantic_words import said_of_error
from belote_notation.notation import records as R
from belote_notation.notation.vocabulary import call_words, points_bid, strain_word

__all__ = ["ACTS", "Act", "ActError", "AnnounceAct", "CallAct", "CardAct", "DealAct", "EndAct",
           "RestAct", "ScoreAct", "acts_of_game", "apply_act", "parse_act", "sourced_acts"]

SeatName = Literal["N", "E", "S", "W"]
Hands = dict[SeatName, list[str]]


class ActError(ValueError):
    """A message that is not an act, or names what the notation cannot write: ``code`` (a short
    word), ``said`` (for people, a message of the catalogues; ``message`` its English) and
    ``pointer`` (a JSON pointer into the message)."""

    def __init__(self, code: str, said: Message, pointer: str = "") -> None:
        self.code, self.said, self.pointer = code, said, pointer
        self.message = render(said)
        super().__init__(f"{code} at {pointer or '/'}: {self.message}")

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), (self.code, self.said, self.pointer)


class _Act(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DealAct(_Act):
    """A deal starts: ``deal N dealer D``, with the hands dealt as far as the table knows them:
    ``hands`` (eight cards a seat, ``hand`` lines), or the Moroccan *tafr9a* (five cards a
    seat) and the face-up ``offer``. ``number``: the deal's number (``None``: the next one)."""

    act: Literal["deal"] = "deal"
    number: int | None = Field(default=None, ge=1)
    dealer: SeatName | None = None
    hands: Hands | None = None
    tafr9a: Hands | None = None
    offer: str | None = None


class RestAct(_Act):
    """The rest of the cards, dealt after the *smsara* (``rest`` lines)."""

    act: Literal["rest"] = "rest"
    hands: Hands


class CallAct(_Act):
    """One call, as a ``smsara`` line writes it (``round``: the Moroccan bidding round, ``None``:
    from its place, as the reader numbers it)."""

    act: Literal["call"] = "call"
    seat: SeatName | None = None
    call: str
    round: Literal[1, 2] | None = None


class AnnounceAct(_Act):
    """A declaration (``announce`` line): ``kind`` ``sequence``, ``carre`` or ``belote`` and
    the cards shown; when it was made (its ``trick=`` and ``before=``) is the moment it comes."""

    act: Literal["announce"] = "announce"
    seat: SeatName
    kind: Literal["sequence", "carre", "belote"]
    cards: list[str]


class CardAct(_Act):
    """A card played, with the belote word said with it."""

    act: Literal["card"] = "card"
    seat: SeatName | None = None
    card: str
    belote: Literal["belote", "rebelote"] | None = None


class ScoreAct(_Act):
    """The deal's score line (``score``), the running totals (``match``) and the litige pot
    (``pot``), as the table writes them down: any may be left out."""

    act: Literal["score"] = "score"
    score: tuple[int, int] | None = None
    match: tuple[int, int] | None = None
    pot: int | None = None


class EndAct(_Act):
    """The game is over: ``end`` with its result (``NS``, ``EW``, ``*``; ``None``: none written)."""

    act: Literal["end"] = "end"
    result: str | None = None


Act = Annotated[DealAct | RestAct | CallAct | AnnounceAct | CardAct | ScoreAct | EndAct,
                Field(discriminator="act")]
"""One act: its field ``act`` says which."""
_ADAPTER: TypeAdapter[Act] = TypeAdapter(Act)
ACTS = (DealAct, RestAct, CallAct, AnnounceAct, CardAct, ScoreAct, EndAct)
"""The classes of :data:`Act`."""


def parse_act(data: Mapping[str, object]) -> Act:
    """An act from its JSON form; raises :class:`ActError` (its first problem) otherwise."""
    if not isinstance(data, Mapping):
        raise ActError("bad-act", msg("an act is a JSON object"), "")
    try:
        return _ADAPTER.validate_python(dict(data))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = [str(part) for part in error["loc"]]
        if where and where[0] == data.get("act"):  # the union's tag, not a field
            where = where[1:]
        pointer = "/" + "/".join(where) if where else ""
        raise ActError("bad-act", said_of_error(error), pointer) from None


# ----------------------------------------------------------------------------- acts -> records
def _seat(name: str | None) -> int | None:
    return None if name is None else SEAT_NAMES.index(name)


def _card(name: str, deck: Deck, pointer: str) -> int:
    try:
        return parse_card(name, deck)
    except CardError:
        said = _not_of_deck(msg("%(name)s is not a card of the french deck", name=repr(name)),
                            msg("%(name)s is not a card of the spanish deck", name=repr(name)), deck)
        raise ActError("bad-card", said, pointer) from None


def _not_of_deck(french: Message, spanish: Message, deck: Deck) -> Message:
    """The message of the game's deck (a sentence each, as each language names the deck)."""
    return spanish if deck is Deck.SPANISH else french


def _hands(hands: Hands, deck: Deck, pointer: str) -> list[R.Hand]:
    return [R.Hand(seat=SEAT_NAMES.index(seat), cards=[_card(c, deck, f"{pointer}/{seat}/{i}")
                                                       for i, c in enumerate(cards)])
            for seat, cards in sorted(hands.items(), key=lambda item: SEAT_NAMES.index(item[0]))]


def _trump(word: str, deck: Deck, pointer: str) -> int:
    strain = strain_word(word)
    if strain is not None:
        return strain
    try:
        return parse_suit(word, deck)
    except CardError:
        said = _not_of_deck(msg("%(word)s is not a trump of the french deck", word=repr(word)),
                            msg("%(word)s is not a trump of the spanish deck", word=repr(word)), deck)
        raise ActError("bad-call", said, pointer) from None


def call_record(act: CallAct, deck: Deck, round_: Literal[1, 2]) -> R.Bid:
    """The ``Bid`` record of a call: ``pass``, ``take [SUIT]``, ``80H``, ``capot TA``, ``coinche``."""
    words = act.call.split()
    if not words or len(words) > 2:
        raise ActError("bad-call", msg("%(call)s is not a call", call=repr(act.call)), "/call")
    seat = _seat(act.seat)
    points = points_bid(words[0])
    if points is not None:
        value, rest = points
        trump_word = rest or (words[1] if len(words) == 2 else "")
        if not trump_word or (rest and len(words) == 2):
            raise ActError("bad-call", msg("%(call)s: a bid of points names one trump (80H)",
                                              call=repr(act.call)), "/call")
        return R.Bid(seat=seat, action="bid", value=value, suit=_trump(trump_word, deck, "/call"), round=1)
    action = call_words().get(words[0].lower())
    if action is None:
        raise ActError("bad-call", msg("%(call)s is not a call", call=repr(act.call)), "/call")
    suit = None
    if len(words) == 2:
        if action not in ("take", "capot", "generale"):
            raise ActError("bad-call", msg("%(call)s: only a take, capot or generale names a trump",
                                              call=repr(act.call)), "/call")
        suit = _trump(words[1], deck, "/call")
        if action == "take" and suit > 3:
            raise ActError("bad-call", msg("%(call)s: a take names a suit", call=repr(act.call)), "/call")
    elif action in ("capot", "generale"):
        raise ActError("bad-call", msg("%(call)s: a %(action)s names its trump (capot TA)",
                                          call=repr(act.call), action=action), "/call")
    return R.Bid(seat=seat, action=action, suit=suit, round=act.round or round_)


def deal_record(act: DealAct, deck: Deck, number: int) -> R.Deal:
    """The ``Deal`` record a deal's start opens."""
    offer = None if act.offer is None else R.CardRef(card=_card(act.offer, deck, "/offer"))
    return R.Deal(number=act.number or number, dealer=_seat(act.dealer),
                  five=_hands(act.tafr9a, deck, "/tafr9a") if act.tafr9a else [], offer=offer,
                  hands=_hands(act.hands, deck, "/hands") if act.hands else [])


def play_record(act: CardAct, deck: Deck) -> R.Play:
    return R.Play(seat=_seat(act.seat), card=_card(act.card, deck, "/card"), mark=act.belote)


def announcement_record(act: AnnounceAct, deck: Deck, trick: int, before: int) -> R.Announcement:
    cards = [_card(c, deck, f"/cards/{i}") for i, c in enumerate(act.cards)]
    return R.Announcement(seat=SEAT_NAMES.index(act.seat), kind=act.kind, cards=cards, trick=trick,
                          before_card=before)


def apply_act(game: R.Game, act: Act, deck: Deck, contree: bool = False) -> None:
    """Adds ``act`` to the records of a game in progress (``game`` changed in place); raises
    :class:`ActError` for what the records cannot hold (a card before any deal)."""
    if isinstance(act, DealAct):
        game.deals.append(deal_record(act, deck, game.deals[-1].number + 1 if game.deals else 1))
        return
    if isinstance(act, EndAct):  # the Result tag's line stays: no finding's place moves
        game.result = act.result
        for header in game.headers:
            if header.name.lower() == "result":
                header.value = act.result or "*"
        return
    if not game.deals:
        raise ActError("no-deal", msg("a %(act)s before any deal: start one with a deal act", act=act.act),
                       "/act")
    deal = game.deals[-1]
    if isinstance(act, RestAct):
        deal.rest.extend(_hands(act.hands, deck, "/hands"))
    elif isinstance(act, CallAct):
        deal.bids.append(call_record(act, deck, _round_now(deal, contree)))
    elif isinstance(act, CardAct):
        _add_play(deal, play_record(act, deck))
    elif isinstance(act, AnnounceAct):
        deal.announcements.append(_placed(deal, act, deck))
    else:
        _score(deal, act)


def _round_now(deal: R.Deal, contree: bool) -> Literal[1, 2]:
    """The round of the next call, as the reader numbers an unnumbered bidding: the fifth call
    of a *smsara* on is round 2."""
    if deal.bids and deal.bids[-1].round == 2:
        return 2
    return 2 if not contree and len(deal.bids) >= 4 else 1


def _add_play(deal: R.Deal, play: R.Play) -> None:
    tricks = deal.tricks
    if not tricks or len(tricks[-1].plays) >= 4:
        tricks.append(R.Trick(number=len(tricks) + 1))
    tricks[-1].plays.append(play)


def _placed(deal: R.Deal, act: AnnounceAct, deck: Deck) -> R.Announcement:
    """An announcement made now: during the trick under way (the next one between tricks),
    before the declarer's next card."""
    tricks = deal.tricks
    trick = len(tricks) + 1 if not tricks or len(tricks[-1].plays) >= 4 else len(tricks)
    seat = SEAT_NAMES.index(act.seat)
    played = sum(1 for t in tricks for p in t.plays if p.seat == seat)
    return announcement_record(act, deck, trick, played + 1)


def _score(deal: R.Deal, act: ScoreAct) -> None:
    if act.score is not None:
        deal.score = R.Score(ns=act.score[0], ew=act.score[1])
    if act.match is not None:
        deal.match_score = R.Score(ns=act.match[0], ew=act.match[1])
    if act.pot is not None:
        deal.pot = act.pot


# ----------------------------------------------------------------------------- records -> acts
def _names(hands: list[R.Hand], deck: Deck) -> Hands:
    return {SEAT_NAMES[h.seat]: [card_name(c, deck) for c in h.cards] for h in hands}  # type: ignore[misc]


def _call_text(bid: R.Bid, deck: Deck) -> str:
    trump = "" if bid.suit is None else ("SA", "TA")[bid.suit - 4] if bid.suit >= 4 else \
        card_name(bid.suit * 8, deck)[-1]
    if bid.action == "bid":
        return f"{bid.value}{trump}"
    return f"{bid.action} {trump}" if trump else bid.action


def acts_of_deal(deal: R.Deal, deck: Deck) -> Iterator[tuple[Act, R.Record]]:
    """The acts of one deal's records, in the order they happen at the table, each with the
    record it comes from (the deal itself for its start, its rest and its score line)."""
    seat = None if deal.dealer is None else SEAT_NAMES[deal.dealer]
    yield DealAct(number=deal.number, dealer=seat,  # type: ignore[arg-type]
                  hands=_names(deal.hands, deck) or None, tafr9a=_names(deal.five, deck) or None,
                  offer=None if deal.offer is None else card_name(deal.offer.card, deck)), deal
    for bid in deal.bids:
        yield CallAct(seat=None if bid.seat is None else SEAT_NAMES[bid.seat],  # type: ignore[arg-type]
                      call=_call_text(bid, deck), round=bid.round), bid
    if deal.rest:
        yield RestAct(hands=_names(deal.rest, deck)), deal
    yield from _play_acts(deal, deck)
    if deal.score is not None or deal.match_score is not None or deal.pot is not None:
        yield ScoreAct(score=None if deal.score is None else (deal.score.ns, deal.score.ew),
                       match=None if deal.match_score is None else (deal.match_score.ns, deal.match_score.ew),
                       pot=deal.pot), deal


def _play_acts(deal: R.Deal, deck: Deck) -> Iterator[tuple[Act, R.Record]]:
    """The cards, each announcement just before the declarer's card it was made before (else
    before the first card of its trick)."""
    counts = [0, 0, 0, 0]
    anns = list(deal.announcements)
    for t, trick in enumerate(deal.tricks):
        for play in trick.plays:
            due = [a for a in anns if a.before_card is not None and a.seat == play.seat
                   and counts[a.seat] + 1 >= a.before_card]
            due += [a for a in anns if a.before_card is None and t + 1 >= (a.trick or 1)]
            for ann in due:
                anns.remove(ann)
                yield _announce_act(ann, deck), ann
            if play.seat is not None:
                counts[play.seat] += 1
            yield CardAct(seat=None if play.seat is None else SEAT_NAMES[play.seat],  # type: ignore[arg-type]
                          card=card_name(play.card, deck), belote=play.mark), play
    for ann in anns:
        yield _announce_act(ann, deck), ann


def _announce_act(ann: R.Announcement, deck: Deck) -> AnnounceAct:
    return AnnounceAct(seat=SEAT_NAMES[ann.seat], kind=ann.kind,  # type: ignore[arg-type]
                       cards=[card_name(c, deck) for c in ann.cards])


def acts_of_game(game: R.Game, deck: Deck) -> Iterator[Act]:
    """The acts of a game's records, in order (its tag pairs are the game's opening, not acts)."""
    for act, _ in sourced_acts(game, deck):
        yield act


def sourced_acts(game: R.Game, deck: Deck) -> Iterator[tuple[Act, R.Record]]:
    """:func:`acts_of_game`, each act with the record it comes from (the game for ``end``)."""
    for deal in game.deals:
        yield from acts_of_deal(deal, deck)
    yield EndAct(result=game.result), game
