"""Random deals as plain integers (:class:`DealScript`): dealt, bid, announced and played
through the engine, every choice drawn from what it says is legal, and replayed through it.

    >>> import random
    >>> from belote_notation.game.rules import Ruleset
    >>> script = random_deal(Ruleset.preset("classic"), 0, random.Random(1))
    >>> replay_script(Ruleset.preset("classic"), script)[1]
    []
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, TypeVar

from belote_notation.game.cards import KING, QUEEN, mask_of
from belote_notation.game.engine import (
    AuctionCall,
    DealResult,
    DealState,
    MatchStep,
    Violation,
    add_deal,
    announce,
    announcement_value,
    apply_bid,
    cards_played,
    contract,
    deal_five,
    deal_rest,
    find_announcements,
    held,
    legal_auction_calls,
    legal_bids,
    legal_cards,
    new_deal,
    new_match,
    next_bidder,
    play_card,
    score_deal,
    set_hands,
    to_play,
    tricks_played,
)
from belote_notation.game.rules import Ruleset

__all__ = ["DealHook", "DealScript", "generate_scripts", "random_deal", "replay_script"]


class DealScript(NamedTuple):
    """One deal as plain integers: everything needed to replay it through the engine."""

    dealer: int
    five: tuple[int, int, int, int]
    offer: int
    bids: tuple[tuple[int, str, int | None], ...]
    rest: tuple[int, int, int, int] | None
    announcements: tuple[tuple[int, str, int, int], ...]
    """(seat, kind, cards mask, index of the play it is declared before: 0..31)."""
    plays: tuple[tuple[int, int, str | None], ...]
    """(seat, card, mark) in play order."""
    result: DealResult
    hands: tuple[int, int, int, int] | None = None
    """Contrée: the four 8-card hands dealt at once (``five`` is then four 0, ``offer`` -1,
    ``rest`` None)."""
    values: tuple[int | None, ...] = ()
    """Contrée: the points of each call of ``bids`` (``None`` but for a ``bid``)."""


def _pick(mask: int, rng: random.Random) -> int:
    n = mask.bit_count()
    k = rng.randrange(n)
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


class DealHook:
    """Lets the caller of :func:`random_deal` make some acts itself (say, one deliberately
    illegal act) and hear what the engine reports; the defaults change nothing.

    ``state`` is the engine's live :class:`~belote_notation.game.engine.state.DealState`.
    """

    def choose_bid(self, state: DealState, options: list[tuple[str, int | None]]
                   ) -> tuple[int, str, int | None] | None:
        """A call ``(seat, action, suit)`` to make instead of a random one, or None."""
        return None

    def choose_call(self, state: DealState, options: list[AuctionCall]
                    ) -> tuple[int, str, int | None, int | None] | None:
        """Contrée: a call ``(seat, action, suit, value)`` to make instead of a random one, or None."""
        return None

    def edit_announcements(self, state: DealState, pending: list[list[tuple[str, int, int]]]) -> None:
        """May change, in place, what each seat will declare: ``(kind, mask, before which of
        its own cards: 0 or 1)``."""

    def add_announcements(self, state: DealState, seat: int) -> list[tuple[str, int]]:
        """``(kind, mask)`` that ``seat`` declares just before its next card."""
        return []

    def play_instead(self, state: DealState, seat: int) -> list[tuple[int, int, str | None]] | None:
        """Instead of ``seat``'s random card: make one or more plays through
        :func:`~belote_notation.game.engine.play_card` and return them as ``(seat, card, mark)``;
        None to let the random card be played."""
        return None

    def reported(self, act: str, seat: int | None, found: Sequence[Violation]) -> None:
        """The engine's findings (maybe none) for an act :func:`random_deal` applied itself:
        ``act`` is "deal", "bid", "announce", "play" or "score" (``seat`` None for "deal" and
        "score")."""


def random_deal(rules: Ruleset, dealer: int, rng: random.Random, take_chance: float = 0.27,
                hook: DealHook | None = None) -> DealScript:
    """Deal, bid, announce and play one deal at random, every act legal unless ``hook`` makes
    one itself (with no hook, or one that makes no act, ``rng`` is drawn from the same way)."""
    if rules.bidding == "contree":
        return _random_contree_deal(rules, dealer, rng, hook)
    cards = list(range(32))
    rng.shuffle(cards)
    five = [mask_of(cards[seat * 5:seat * 5 + 5]) for seat in range(4)]
    offer = cards[20]
    state = new_deal(rules, dealer)
    found = deal_five(state, five, offer)
    if hook:
        hook.reported("deal", None, found)
    bids = _bidding(state, rng, take_chance, hook)
    taken = contract(state)
    if taken is None:
        result = score_deal(state)
        if hook:
            hook.reported("score", None, result.violations)
        return DealScript(dealer, (five[0], five[1], five[2], five[3]), offer, tuple(bids), None, (), (),
                          result)
    rest = [0, 0, 0, 0]
    pos = 21
    for seat in range(4):
        n = 2 if seat == taken.taker else 3
        rest[seat] = mask_of(cards[pos:pos + n])
        pos += n
    found = deal_rest(state, rest)
    if hook:
        hook.reported("deal", None, found)
    anns, plays = _play(rules, state, _announcements_to_make(rules, state, rng, hook), rng, hook)
    result = score_deal(state)
    if hook:
        hook.reported("score", None, result.violations)
    return DealScript(dealer, (five[0], five[1], five[2], five[3]), offer, tuple(bids),
                      (rest[0], rest[1], rest[2], rest[3]), tuple(anns), tuple(plays), result)


def _random_contree_deal(rules: Ruleset, dealer: int, rng: random.Random, hook: DealHook | None
                         ) -> DealScript:
    """A contrée deal: eight cards each at once, a random legal auction, the play."""
    cards = list(range(32))
    rng.shuffle(cards)
    hands = (mask_of(cards[0:8]), mask_of(cards[8:16]), mask_of(cards[16:24]), mask_of(cards[24:32]))
    state = new_deal(rules, dealer)
    found = set_hands(state, hands)
    if hook:
        hook.reported("deal", None, found)
    calls = _auction(state, rng, hook)
    bids = tuple((seat, action, suit) for seat, action, suit, _ in calls)
    values = tuple(value for _, _, _, value in calls)
    if contract(state) is None:
        result = score_deal(state)
        if hook:
            hook.reported("score", None, result.violations)
        return DealScript(dealer, (0, 0, 0, 0), -1, bids, None, (), (), result, hands, values)
    anns, plays = _play(rules, state, _announcements_to_make(rules, state, rng, hook), rng, hook)
    result = score_deal(state)
    if hook:
        hook.reported("score", None, result.violations)
    return DealScript(dealer, (0, 0, 0, 0), -1, bids, None, tuple(anns), tuple(plays), result, hands, values)


def _auction(state: DealState, rng: random.Random, hook: DealHook | None
             ) -> list[tuple[int, str, int | None, int | None]]:
    """Random legal calls of a contrée auction (or the hook's): mostly passes, bids one to
    three steps above the bid in force, now and then a capot, a coinche or a surcoinche."""
    def choose(options: list[AuctionCall]) -> tuple[int, str, int | None, int | None]:
        made = hook.choose_call(state, options) if hook else None
        return made if made is not None else (next_bidder(state), *_random_call(options, rng))

    return _call_loop(state, legal_auction_calls, choose, hook)


CallT = TypeVar("CallT", tuple[int, str, int | None], tuple[int, str, int | None, int | None])
OptionT = TypeVar("OptionT")


def _call_loop(state: DealState, options_of: Callable[[DealState], list[OptionT]],
               choose: Callable[[list[OptionT]], CallT],
               hook: DealHook | None) -> list[CallT]:
    """Calls chosen among the legal ones until the bidding is over, each applied and reported."""
    made_calls: list[CallT] = []
    while True:
        options = options_of(state)
        if not options:
            return made_calls
        made = choose(options)
        found = apply_bid(state, *made)
        if hook:
            hook.reported("bid", made[0], found)
        made_calls.append(made)


def _action(call: AuctionCall) -> str:
    action, _suit, _value = call
    return action


def _value(call: AuctionCall) -> int | None:
    _action, _suit, value = call
    return value


def _random_call(options: list[AuctionCall], rng: random.Random) -> AuctionCall:
    """One of the legal ``(action, suit, value)`` calls, drawn with the chances above."""
    doubles = [call for call in options if _action(call) in ("coinche", "surcoinche")]
    if doubles and rng.random() < (0.25 if _action(doubles[0]) == "surcoinche" else 0.06):
        return doubles[0]
    bids = [call for call in options if _action(call) == "bid"]
    if bids and rng.random() < 0.45:
        lowest = _value(bids[0])
        near = [call for call in bids if (value := _value(call)) is not None and lowest is not None
                and value <= lowest + 20]
        return rng.choice(near)
    others = [call for call in options if _action(call) in ("capot", "generale")]
    if others and rng.random() < 0.01:
        return rng.choice(others)
    return options[0]


def _bidding(state: DealState, rng: random.Random, take_chance: float, hook: DealHook | None
             ) -> list[tuple[int, str, int | None]]:
    """Random legal calls (or the hook's) until the bidding is over."""
    def choose(options: list[tuple[str, int | None]]) -> tuple[int, str, int | None]:
        made = hook.choose_bid(state, options) if hook else None
        if made is not None:
            return made
        takes = [(action, suit) for action, suit in options if action == "take"]
        if len(options) == 1 or rng.random() < take_chance:
            return (next_bidder(state), *rng.choice(takes))
        return (next_bidder(state), "pass", None)

    return _call_loop(state, legal_bids, choose, hook)


def _announcements_to_make(rules: Ruleset, state: DealState, rng: random.Random, hook: DealHook | None
                           ) -> list[list[tuple[str, int, int]]]:
    """What each seat will declare: each holding with some chance, before its first or second
    card."""
    pending: list[list[tuple[str, int, int]]] = [[], [], [], []]
    late = rules.announce_deadline == "before_second_card"
    if rules.announcements:
        for seat in range(4):
            for kind, mask in find_announcements(held(state, seat)):
                if announcement_value(kind, mask) and rng.random() < 0.8:
                    pending[seat].append((kind, mask, 1 if late and rng.random() < 0.3 else 0))
    if hook:
        hook.edit_announcements(state, pending)
    return pending


def _announce(state: DealState, seat: int, kind: str, mask: int, hook: DealHook | None) -> None:
    found = announce(state, seat, kind, mask)
    if hook:
        hook.reported("announce", seat, found)


def _play(rules: Ruleset, state: DealState, pending: list[list[tuple[str, int, int]]], rng: random.Random,
          hook: DealHook | None) -> tuple[list[tuple[int, str, int, int]], list[tuple[int, int, str | None]]]:
    """Random legal cards (or the hook's), with the pending announcements and belote marks:
    ``(announcements, plays)`` as :class:`DealScript` holds them."""
    taken = contract(state)
    trump = taken.trump if taken is not None and taken.trump is not None else 0
    pair = (1 << (trump * 8 + QUEEN)) | (1 << (trump * 8 + KING)) if trump < 4 else 0
    holder = next((s for s in range(4) if pair and held(state, s) & pair == pair), None)
    say = holder is not None and (rules.belote_requires_declaration or rng.random() < 0.5)
    anns: list[tuple[int, str, int, int]] = []
    plays: list[tuple[int, int, str | None]] = []
    played = 0
    # 32 plays when every act is legal; a hook's plays may end the deal sooner or later
    while tricks_played(state) < 8 and len(plays) < 40:
        seat = to_play(state)
        due = [(kind, mask) for kind, mask, when in pending[seat] if when == cards_played(state, seat)]
        for kind, mask in due:
            _announce(state, seat, kind, mask, hook)
            anns.append((seat, kind, mask, len(plays)))
        for kind, mask in hook.add_announcements(state, seat) if hook else ():
            _announce(state, seat, kind, mask, hook)
            anns.append((seat, kind, mask, len(plays)))
        made = hook.play_instead(state, seat) if hook else None
        if made:
            for p_seat, card, mark in made:
                played |= 1 << card
                plays.append((p_seat, card, mark))
            continue
        card = _pick(legal_cards(state), rng)
        mark = None
        if say and seat == holder and (1 << card) & pair:
            mark = "rebelote" if played & pair else "belote"
        played |= 1 << card
        found = play_card(state, seat, card, mark)
        if hook:
            hook.reported("play", seat, found)
        plays.append((seat, card, mark))
    return anns, plays


def replay_script(rules: Ruleset, script: DealScript) -> tuple[DealResult, list[Violation]]:
    """Replay a script through a fresh engine: ``(result, violations)``."""
    found: list[Violation] = []
    state = new_deal(rules, script.dealer)
    if script.hands is not None:
        found.extend(set_hands(state, script.hands))
        for (seat, action, suit), value in zip(script.bids, script.values, strict=True):
            found.extend(apply_bid(state, seat, action, suit, value))
    else:
        found.extend(deal_five(state, script.five, script.offer))
        for seat, action, suit in script.bids:
            found.extend(apply_bid(state, seat, action, suit))
    if script.rest is not None:
        found.extend(deal_rest(state, script.rest))
    anns = script.announcements
    a = 0
    for i, (seat, card, mark) in enumerate(script.plays):
        while a < len(anns) and anns[a][3] == i:
            s, kind, mask, _ = anns[a]
            found.extend(announce(state, s, kind, mask))
            a += 1
        found.extend(play_card(state, seat, card, mark))
    result = score_deal(state)
    found.extend(result.violations)
    return result, found


def generate_scripts(rules: Ruleset, deals: int, seed: int) -> Iterator[tuple[DealScript, MatchStep]]:
    """``deals`` deals of matches played one after the other, with each deal's match step."""
    rng = random.Random(seed)
    match = new_match(rules, rng.randrange(4))
    for _ in range(deals):
        if match.over:
            match = new_match(rules, rng.randrange(4))
        script = random_deal(rules, match.dealer, rng)
        yield script, add_deal(match, script.result)
