"""Regenerate samples/invalid/: files that each break exactly one rule, the code in the name.

Run from the repository root: ``.venv/bin/python tools/make_invalid_samples.py [OUT_DIR]``
(default OUT_DIR: samples/invalid/; the output is the same on every run).

Every sample is a short match dealt and played through the rules engine by
:func:`belote_notation.generator.random_deal` (every act drawn from what the engine says is
legal), except at one chosen point where its hook makes a deliberately illegal choice with
a card the player really holds; the engine applies it and the deal goes on legally, and the scores
written are the engine's own, so the one illegal act is the only thing wrong. Score, pot,
dealer, winner and syntax samples start from such a legal match and change one thing in
its text.

Each file begins with a ``{comment}`` in plain words saying what is wrong and where, ending
with ``expect BELxxx at LINE:COL``: the code and the position of the offending token, which
this script works out from the text itself (not from the validator) and then checks against
what ``belote-replay validate`` reports. A sample is written only when the validator finds
errors or warnings of that one code and nothing else, the first of them at that position;
seeds are searched until that holds.
"""

from __future__ import annotations

import random
import re
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from belote_notation.check import codes as K
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import KING, QUEEN, SEAT_NAMES, Deck, card_symbol_name, parse_card
from belote_notation.game.code_table import CODES, severity_of
from belote_notation.game.engine import (
    add_deal,
    announcement_value,
    bid_round,
    calls,
    cards_played,
    contract,
    find_announcements,
    hand_now,
    held,
    legal_for,
    new_match,
    next_bidder,
    offer,
    play_card,
    seat_after,
    trick_so_far,
    tricks_played,
)
from belote_notation.game.engine import codes as C
from belote_notation.game.rules import Ruleset
from belote_notation.generator import (
    PLAYER_NAMES,
    DealHook,
    DealScript,
    deal_record,
    random_deal,
    rule_headers,
)
from belote_notation.notation import records as R
from belote_notation.notation.write.writer import write_game

OUT = Path(__file__).resolve().parent.parent / "samples" / "invalid"
SEAT_WORDS = ("North", "East", "South", "West")
SUITS = 0xFF


# ----------------------------------------------------------------------------- one deal
@dataclass
class Event:
    """Where the deliberate mistake was made (deal-relative), and the engine's words for it."""

    kind: str  # "bid", "play", "announce"
    message: str = ""
    round: int = 0  # bid: round 1 or 2
    index: int = 0  # bid: index inside its round; play: index inside the trick
    trick: int = 0  # play: 1-based trick
    seat: int = 0


class Hook(DealHook):
    """One deliberate illegal act, made at most once: each of :meth:`bid`, :meth:`pending`,
    :meth:`extra_announcements` and :meth:`play` does nothing by default, letting the deal go
    on legally. As :func:`~belote_notation.generator.random_deal`'s hook it also gathers every
    violation the engine reports in the deal."""

    code = ""

    def __init__(self) -> None:
        self.event: Event | None = None
        self.found: list = []
        """The violations of the plays the hook made itself."""
        self.violations: list = []
        """Every violation of the deal, in order."""

    def bid(self, state, options) -> tuple[int, str, int | None] | None:
        return None

    def pending(self, state, pending: list) -> None:
        """May change the announcements each seat will declare: (kind, mask, when)."""

    def extra_announcements(self, state, seat: int) -> list[tuple[str, int]]:
        """Announcements ``seat`` declares just before its next card."""
        return []

    def play(self, state, seat: int) -> list[tuple[int, int, str | None]] | None:
        """Make one or more plays itself (through :func:`play_card`) and return them."""
        return None

    def call(self, state, options) -> tuple[int, str, int | None, int | None] | None:
        """Contrée: a call ``(seat, action, suit, value)`` of the auction."""
        return None

    # what random_deal calls: the acts above until the hook has made its one act
    def choose_bid(self, state, options):
        return None if self.event else self.bid(state, options)

    def choose_call(self, state, options):
        return None if self.event else self.call(state, options)

    def edit_announcements(self, state, pending):
        self.pending(state, pending)

    def add_announcements(self, state, seat):
        return [] if self.event else self.extra_announcements(state, seat)

    def play_instead(self, state, seat):
        made = None if self.event else self.play(state, seat)
        if made:
            self.violations += self.found
        return made

    def reported(self, act, seat, found):
        self.violations += found
        event = self.event
        if event and found and not event.message and event.kind == act and (
                act == "bid" or act == "announce" and event.seat == seat):
            event.message = found[0].message


def scripted_deal(rules: Ruleset, dealer: int, rng: random.Random, hook: Hook | None = None
                  ) -> tuple[DealScript, list]:
    """A random deal as :func:`~belote_notation.generator.random_deal` plays it, with the
    hook's one illegal act; returns the script and every violation the engine reported."""
    hook = hook or Hook()
    hook.violations = []
    script = random_deal(rules, dealer, rng, hook=hook)
    return script, hook.violations


# ----------------------------------------------------------------------------- the hooks
def _hand(state, seat: int) -> int:
    return hand_now(state, seat)


def _trump(state) -> int:
    taken = contract(state)
    return taken.trump if taken is not None and taken.trump is not None else -1


def _offer_suit(state) -> int:
    card = offer(state)
    return card >> 3 if card is not None else -1


def _suit_mask(suit: int) -> int:
    return SUITS << (suit * 8)


class _PlayHook(Hook):
    """An illegal card at the first moment ``choose`` finds one; ``choose`` returns the card."""

    min_trick = 2
    mark: str | None = None
    may_lead = False
    """Whether ``choose`` is also asked when the player leads a trick."""

    def choose(self, state, seat: int, hand: int, legal: int) -> int | None:
        raise NotImplementedError

    def play(self, state, seat):
        if tricks_played(state) + 1 < self.min_trick or not (trick_so_far(state).cards or self.may_lead):
            return None
        hand = _hand(state, seat)
        legal = legal_for(state, seat, hand)
        card = self.choose(state, seat, hand, legal)
        if card is None:
            return None
        index, trick = len(trick_so_far(state).cards), tricks_played(state) + 1
        found = self.found = list(play_card(state, seat, card, self.mark))
        self.event = Event("play", found[0].message if found else "", index=index, trick=trick, seat=seat)
        return [(seat, card, self.mark)]


class NotFollowed(_PlayHook):
    code = C.NOT_FOLLOWED

    def choose(self, state, seat, hand, legal):
        led = _suit_mask(trick_so_far(state).led)
        others = hand & ~led & ~_suit_mask(_trump(state))
        if hand & led and others:
            return min(c for c in range(32) if others >> c & 1)
        return None


class NotTrumped(_PlayHook):
    code = C.NOT_TRUMPED

    def choose(self, state, seat, hand, legal):
        trumps = hand & _suit_mask(_trump(state))
        if hand & _suit_mask(trick_so_far(state).led) or not trumps or legal != trumps:
            return None
        if trick_so_far(state).master_card >> 3 == _trump(state):
            return None
        others = hand & ~trumps
        return min(c for c in range(32) if others >> c & 1) if others else None


class NotOvertrumped(_PlayHook):
    code = C.NOT_OVERTRUMPED

    def choose(self, state, seat, hand, legal):
        trumps = hand & _suit_mask(_trump(state))
        lower = trumps & ~legal
        if not legal or legal & ~trumps or not lower:
            return None
        return min(c for c in range(32) if lower >> c & 1)


class NotUndertrumped(_PlayHook):
    """Unable to follow or to beat an opponent's trump, a player discards instead of trumping lower."""

    code = C.NOT_UNDERTRUMPED

    def choose(self, state, seat, hand, legal):
        trumps = hand & _suit_mask(_trump(state))
        led = trick_so_far(state).led
        if hand & _suit_mask(led) or led == _trump(state) or not trumps or legal != trumps:
            return None
        so_far = trick_so_far(state)
        if so_far.master_card >> 3 != _trump(state) or so_far.master_seat == (seat + 2) & 3:
            return None
        others = hand & ~trumps
        return min(c for c in range(32) if others >> c & 1) if others else None


class _BeloteHook(_PlayHook):
    """Says "belote" on the card ``choose`` returns, from the first trick on, leading or not."""

    min_trick = 1
    mark = "belote"
    may_lead = True


class BeloteNotHeld(_BeloteHook):
    """Says "belote" on the trump king while the queen is in another hand."""

    code = C.BELOTE_NOT_HELD

    def choose(self, state, seat, hand, legal):
        trump = _trump(state)
        king, queen = trump * 8 + KING, trump * 8 + QUEEN
        if not legal >> king & 1 or held(state, seat) >> queen & 1:
            return None
        return king


class BeloteWrongCard(_BeloteHook):
    """Says "belote" on the king of a plain suit, by a player holding no trump king and queen."""

    code = C.BELOTE_BAD_MARK

    def choose(self, state, seat, hand, legal):
        trump = _trump(state)
        pair = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
        if held(state, seat) & pair:
            return None
        kings = [s * 8 + KING for s in range(4) if s != trump and legal >> (s * 8 + KING) & 1]
        return kings[0] if kings else None


class OutOfTurn(Hook):
    """The fourth player of a trick plays before the third one."""

    code = C.PLAYED_OUT_OF_TURN

    def play(self, state, seat):
        if tricks_played(state) < 2 or len(trick_so_far(state).cards) != 2:
            return None
        early = seat_after(state, seat)
        trick = tricks_played(state) + 1
        out = []
        messages = []
        for who in (early, seat):
            hand = _hand(state, who)
            card = min(c for c in range(32) if legal_for(state, who, hand) >> c & 1)
            found = list(play_card(state, who, card, None))
            self.found += found
            messages += [v.message for v in found]
            out.append((who, card, None))
        self.event = Event("play", "; ".join(messages), index=2, trick=trick, seat=early)
        return out


class BidOutOfTurn(Hook):
    """The first bidder's partner takes before anybody else spoke."""

    code = C.BID_OUT_OF_TURN

    def bid(self, state, options):
        if calls(state) or options == [("take", None)]:
            return None
        self.event = Event("bid", round=1, index=0, seat=(next_bidder(state) + 2) & 3)
        return (self.event.seat, "take", None)


class NotHigher(Hook):
    """Contrée: a player bids the value in force again, in another suit."""

    code = C.BID_NOT_HIGHER

    def call(self, state, options):
        high = state.high_bid
        if high is None or high[1] != "bid" or state.doubled:
            return None
        self.event = Event("bid", round=1, index=len(calls(state)), seat=next_bidder(state))
        return (next_bidder(state), "bid", (high[2] + 1) % 4, high[3])


class PartnerCoinche(Hook):
    """Contrée: the bidder's partner coinches the bid."""

    code = C.DOUBLE_NOT_ALLOWED

    def call(self, state, options):
        high = state.high_bid
        if high is None or state.doubled or (high[0] - next_bidder(state)) & 1:
            return None
        self.event = Event("bid", round=1, index=len(calls(state)), seat=next_bidder(state))
        return (next_bidder(state), "coinche", None, None)


class ForcedTakeRefused(Hook):
    """The first bidder passes on a face-up 10 (Moroccan: must take it)."""

    code = C.FORCED_TAKE_PASSED

    def bid(self, state, options):
        if options != [("take", None)]:
            return None
        self.event = Event("bid", round=1, index=0, seat=next_bidder(state))
        return (next_bidder(state), "pass", None)


class Round2OfferSuit(Hook):
    """Everybody passes in round 1; the first bidder then names the offer's suit."""

    code = C.ROUND2_OFFER_SUIT

    def bid(self, state, options):
        if bid_round(state) == 1:
            if ("pass", None) not in options:
                return None
            return (next_bidder(state), "pass", None)
        self.event = Event("bid", round=2, index=0, seat=next_bidder(state))
        return (next_bidder(state), "take", _offer_suit(state))


class AnnounceNotHeld(Hook):
    """Before their first card, a player announces a three-card sequence holding only two
    of its cards (the third is in another hand)."""

    code = C.ANNOUNCE_NOT_HELD

    def extra_announcements(self, state, seat):
        if cards_played(state, seat) or tricks_played(state):
            return []
        hand = held(state, seat)
        for suit in range(4):
            for low in range(6):
                mask = 0b111 << (suit * 8 + low)
                if (hand & mask).bit_count() == 2 and not any(
                        k == "sequence" and m & mask for k, m in find_announcements(hand)):
                    self.event = Event("announce", seat=seat)
                    return [("sequence", mask)]
        return []


class AnnounceTooLate(Hook):
    """A player with one sequence or carré declares it before their second card."""

    code = C.ANNOUNCE_TOO_LATE

    def pending(self, state, pending):
        for seat in range(4):
            found = [(k, m) for k, m in find_announcements(held(state, seat)) if announcement_value(k, m)]
            if len(found) == 1:
                kind, mask = found[0]
                pending[seat] = [(kind, mask, 1)]
                self.event = Event("announce", seat=seat)
                return


# ----------------------------------------------------------------------------- a match
@dataclass
class Built:
    game: R.Game
    event: Event | None
    event_deal: int
    violations: list = field(default_factory=list)


def build_game(rules: Ruleset, seed: int, deals: int, hook: Hook | None = None, hook_deal: int = 1,
               dealer_of: Callable[[int, int], int] | None = None, title: str = "",
               until_over: bool = False) -> Built:
    """A match of ``deals`` deals (or played to the end), the hook acting in deal ``hook_deal``."""
    rng = random.Random(seed)
    first_dealer = rng.randrange(4)
    match = new_match(rules, first_dealer)
    names = rng.sample(PLAYER_NAMES, 4)
    game_deals = []
    violations: list = []
    number = 0
    while not match.over and (number < deals or until_over) and number < 60:
        number += 1
        dealer = match.dealer if dealer_of is None else dealer_of(number, match.dealer)
        script, found = scripted_deal(rules, dealer, rng, hook if number == hook_deal else None)
        violations += found
        step = add_deal(match, script.result)
        game_deals.append(deal_record(number, script, step))
    result = "*" if match.winner is None else ("NS" if match.winner == 0 else "EW")
    headers = [("Event", title), ("Site", "samples/invalid"), ("Date", "2026.11.29"),
               *rule_headers(rules)]
    headers += [(label, names[i]) for i, label in enumerate(SEAT_WORDS)]
    headers += [("Dealer", SEAT_NAMES[first_dealer]),
                ("Source", f"tools/make_invalid_samples.py, seed {seed}"),
                ("Result", result)]
    game = R.Game(headers=[R.Header(name=k, value=v) for k, v in headers], deals=game_deals, result=result)
    return Built(game, hook.event if hook else None, hook_deal, violations)


# ----------------------------------------------------------------------------- positions in text
def _deal_line(lines: list[str], number: int) -> int:
    """0-based index of the heading of deal ``number``."""
    for i, line in enumerate(lines):
        if re.match(rf"deal {number}\b", line):
            return i
    raise LookupError(f"deal {number} not found")


def _section_line(lines: list[str], deal: int, prefix: str) -> int:
    start = _deal_line(lines, deal)
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("deal ") or lines[i].startswith("end"):
            break
        if lines[i].startswith(prefix):
            return i
    raise LookupError(f"{prefix!r} not found in deal {deal}")


def _token_cols(line: str, pattern: str = r"[NESW]:") -> list[int]:
    """1-based columns of the tokens of ``line`` that start with ``pattern``."""
    return [m.start() + 1 for m in re.finditer(r"\S+", line) if re.match(pattern, m.group())]


def play_position(lines: list[str], deal: int, trick: int, index: int) -> tuple[int, int]:
    i = _section_line(lines, deal, f"trick {trick} ")
    return i + 1, _token_cols(lines[i])[index]


def bid_position(lines: list[str], deal: int, round_: int, index: int) -> tuple[int, int]:
    i = _section_line(lines, deal, f"smsara {round_} ")
    return i + 1, _token_cols(lines[i])[index]


def announce_position(lines: list[str], deal: int, seat: int) -> tuple[int, int]:
    i = _section_line(lines, deal, f"announce {SEAT_NAMES[seat]} ")
    return i + 1, 1


def line_position(lines: list[str], deal: int, prefix: str) -> tuple[int, int]:
    return _section_line(lines, deal, prefix) + 1, 1


# ----------------------------------------------------------------------------- writing
@dataclass
class Sample:
    name: str
    code: str
    text: str  # the record, without the leading comment
    where: tuple[int, int]  # in ``text``
    explain: str


SYNTAX_TITLES = {"BEL004": "a card that does not exist in the game's deck"}


def _comment(sample: Sample, offset: int) -> list[str]:
    line, col = sample.where[0] + offset, sample.where[1]
    title = SYNTAX_TITLES.get(sample.code) or CODES[sample.code].title
    body = (f"This file breaks one rule, {sample.code}: {title}. {sample.explain.rstrip('.')}. "
            f"Look at line {line}, column {col}. Everything else in this file is correct.")
    body = body.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
    wrapped = textwrap.wrap(body, 92)
    wrapped.append(f"expect {sample.code} at {line}:{col}")
    wrapped[0] = "{" + wrapped[0]
    wrapped[-1] += "}"
    return wrapped


def render(sample: Sample) -> str:
    offset = 0
    for _ in range(3):
        comment = _comment(sample, offset)
        offset = len(comment) + 1
    return "\n".join(comment) + "\n\n" + sample.text


def problems(text: str, code: str, where: tuple[int, int]) -> str | None:
    """Why ``text`` is not a good sample for ``code`` at ``where`` (None when it is)."""
    found = [f for r in validate_text(text, "sample.bel") for f in r.findings
             if f.severity in ("error", "warning")]
    if not found:
        return "no finding"
    others = sorted({f.code for f in found} - {code})
    if others:
        return "other findings: " + "; ".join(f.format_text() for f in found if f.code != code)
    first = min(found, key=lambda f: (f.line, f.col))
    if (first.line, first.col) != where:
        return f"at {first.line}:{first.col}, expected {where[0]}:{where[1]}: {first.format_text()}"
    return None


def save(sample: Sample, out: Path = OUT) -> None:
    text = render(sample)
    offset = len(text.splitlines()) - len(sample.text.splitlines())
    where = (sample.where[0] + offset, sample.where[1])
    why = problems(text, sample.code, where)
    if why:
        raise SystemExit(f"{sample.name}: {why}")
    out.mkdir(parents=True, exist_ok=True)
    (out / sample.name).write_text(text, encoding="utf-8")
    print(f"wrote {out / sample.name}: {sample.code} at {where[0]}:{where[1]}")


def _team(result: str) -> str:
    return {"NS": "N-S", "EW": "E-W"}[result]


def _who(seat: int) -> str:
    return SEAT_WORDS[seat]


# ----------------------------------------------------------------------------- the samples
def from_hook(name: str, preset: str, make_hook: Callable[[], Hook], deals: int = 2, hook_deal: int = 2,
              title: str = "", start: int = 1, accept: Callable[[Built], bool] = lambda b: True) -> Sample:
    """Search seeds for a match where the hook's act is the one problem, as the validator sees it."""
    rules = Ruleset.preset(preset)
    last = ""
    for seed in range(start, start + 3000):
        hook = make_hook()
        built = build_game(rules, seed, deals, hook, hook_deal, title=title)
        event = built.event
        if event is None or len(built.game.deals) < deals or not accept(built):
            continue
        codes = {v.code for v in built.violations if severity_of(v.code) in ("error", "warning")}
        if codes != {hook.code}:
            continue
        text = write_game(built.game)
        lines = text.splitlines()
        if event.kind == "play":
            where = play_position(lines, hook_deal, event.trick, event.index)
            place = f"In deal {hook_deal}, trick {event.trick}"
        elif event.kind == "bid":
            where = bid_position(lines, hook_deal, event.round, event.index)
            place = f"In deal {hook_deal}, bidding round {event.round}"
        else:
            where = announce_position(lines, hook_deal, event.seat)
            place = f"In deal {hook_deal}, {_who(event.seat)}'s announcement"
        sample = Sample(name, hook.code, text, where, f"{place}: {event.message}")
        why = problems(text, hook.code, where)
        if why is None:
            return sample
        last = why
    raise SystemExit(f"{name}: no seed found ({last})")


def played(game: R.Game) -> bool:
    """Every deal of the game was played (none dead)."""
    return all(d.tricks for d in game.deals)


def legal_match(preset: str, seed: int, deals: int, title: str, until_over: bool = False,
                dealer_of=None, want: Callable[[R.Game], bool] = played) -> tuple[R.Game, str]:
    """The first legal match from ``seed`` on that ``want`` accepts, and its text."""
    for tried in range(seed, seed + 1000):
        built = build_game(Ruleset.preset(preset), tried, deals, title=title, until_over=until_over,
                           dealer_of=dealer_of)
        assert not [v for v in built.violations if severity_of(v.code) != "info"], built.violations
        if want(built.game):
            return built.game, write_game(built.game)
    raise SystemExit(f"no legal {preset} match found for {title}")


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, (old, text.count(old))
    return text.replace(old, new)


def unknown_card() -> Sample:
    """BEL004: a Spanish record with a 9 (the Spanish deck has no 8 or 9)."""
    _, text = legal_match("moroccan", 11, 2, "Invalid sample: unknown card")
    lines = text.splitlines()
    row, col = play_position(lines, 1, 3, 1)
    line = lines[row - 1]
    token = line[col - 1:].split()[0]
    seat, card = token.split(":")
    wrong = "9" + card[-1]
    lines[row - 1] = line[:col - 1] + f"{seat}:{wrong}" + line[col - 1 + len(token):]
    return Sample("BEL004-unknown-card.bel", "BEL004", "\n".join(lines) + "\n", (row, col + 2),
                  f"In deal 1, trick 3, the card written for {_who('NESW'.index(seat))} is {wrong}: "
                  f"there is no 9 in the Spanish deck (it was {card}, the "
                  f"{card_symbol_name(_parse(card), Deck.SPANISH)}). "
                  "Only that trick is not checked: its card is worked out from the hands, the rest "
                  "of deal 1 is checked")


def _parse(card: str) -> int:
    return parse_card(card, Deck.SPANISH)


def duplicate_card() -> Sample:
    """BEL102: a dead deal (everybody passed twice) whose first five cards hold one card twice."""
    rules = Ruleset.preset("classic")
    for seed in range(1, 500):
        built = build_game(rules, seed, 2, title="Invalid sample: a card dealt twice")
        dead = [d for d in built.game.deals if all(b.action == "pass" for b in d.bids)]
        if not dead or dead[0].number != 2:
            continue
        text = write_game(built.game)
        lines = text.splitlines()
        first = _section_line(lines, 2, "tafr9a ")
        a, b = lines[first].split(), lines[first + 2].split()
        copied, lost = a[2], b[4]
        lines[first + 2] = " ".join(b[:4] + [copied] + b[5:])
        col = len(" ".join(b[:4])) + 2
        sym = card_symbol_name(parse_card(copied, Deck.FRENCH), Deck.FRENCH)
        sample = Sample("BEL102-card-dealt-twice.bel", C.DUPLICATE_CARD, "\n".join(lines) + "\n",
                        (first + 3, col),
                        f"In deal 2 (a dead deal: everybody passed twice), {sym} ({copied}) is written in "
                        f"both {_who(SEAT_NAMES.index(a[1]))}'s and "
                        f"{_who(SEAT_NAMES.index(b[1]))}'s first five cards; "
                        f"{_who('NESW'.index(b[1]))}'s fifth card should be {lost}")
        if problems(sample.text, sample.code, sample.where) is None:
            return sample
    raise SystemExit("BEL102: no seed")


def _last_deal(game: R.Game) -> int:
    return game.deals[-1].number


def wrong_trick_winner() -> Sample:
    _, text = legal_match("traditional", 21, 2, "Invalid sample: wrong trick winner")
    lines = text.splitlines()
    row = _section_line(lines, 2, "trick 5 ") + 1
    line = lines[row - 1]
    right = line.split()[-1]
    played = [t[0] for t in line.split() if re.match(r"[NESW]:", t)]
    wrong = next(s for s in played if s != right and (("NESW".index(s) - "NESW".index(right)) % 2))
    lines[row - 1] = line[: -len(right)] + wrong
    return Sample("BEL501-wrong-trick-winner.bel", K.TRICK_WINNER, "\n".join(lines) + "\n",
                  (row, len(line) - len(right) + 1),
                  f"In deal 2, trick 5 is recorded as won by {_who('NESW'.index(wrong))} (winner {wrong}), "
                  f"but {_who('NESW'.index(right))} won it")


def wrong_deal_score() -> Sample:
    game, text = legal_match("classic", 5, 2, "Invalid sample: wrong deal score")
    deal = game.deals[-1]
    ns, ew = deal.score.ns, deal.score.ew
    old, new = f"score {ns} {ew}\nmatch", f"score {ns + 10} {ew - 10}\nmatch"
    text = replace_once(text, old, new)
    lines = text.splitlines()
    return Sample("BEL503-wrong-deal-score.bel", K.DEAL_SCORE, text, line_position(lines, 2, "score "),
                  f"Deal 2 is recorded as scoring N-S {ns + 10}, E-W {ew - 10}, but the cards played "
                  f"score N-S {ns}, E-W {ew} (ten points were moved from E-W to N-S on the score line; "
                  "the match line below it is right)")


def wrong_match_totals() -> Sample:
    game, text = legal_match("gameduell", 3, 3, "Invalid sample: wrong match totals")
    deal = game.deals[-1]
    ns, ew = deal.match_score.ns, deal.match_score.ew
    text = replace_once(text, f"match {ns} {ew}\n", f"match {ns} {ew + 100}\n")
    lines = text.splitlines()
    return Sample("BEL601-wrong-match-totals.bel", K.MATCH_TOTALS, text, line_position(lines, 3, "match "),
                  f"After deal 3 the match totals are recorded as N-S {ns}, E-W {ew + 100}: E-W were given "
                  f"100 points too many; the previous totals plus deal 3's score make N-S {ns}, E-W {ew}")


def wrong_pot() -> Sample:
    rules = Ruleset.preset("moroccan")
    for seed in range(1, 3000):
        built = build_game(rules, seed, 3, title="Invalid sample: wrong litige pot")
        deals = built.game.deals
        if len(deals) < 3 or deals[1].pot is None or deals[0].pot is not None:
            continue
        text = write_game(built.game)
        pot = deals[1].pot
        block = text[text.index("deal 2 "):text.index("deal 3 ")]
        fixed = block.replace(f"\npot {pot}\n", f"\npot {pot * 2}\n")
        text = text.replace(block, fixed)
        lines = text.splitlines()
        row, col = line_position(lines, 2, "pot ")
        sample = Sample("BEL504-wrong-litige-pot.bel", K.LITIGE_POT, text, (row, col + len("pot ")),
                        f"Deal 2 is a litige (both teams made the same card points): the takers' points "
                        f"wait in the pot for the next decisive deal, so the pot is {pot} after it, but the "
                        f"pot line says {pot * 2}")
        if problems(sample.text, sample.code, sample.where) is None:
            return sample
    raise SystemExit("BEL504: no seed")


def wrong_dealer() -> Sample:
    preset = "moroccan"

    def dealer_of(number: int, expected: int) -> int:
        return (expected + 2) & 3 if number == 2 else expected

    game, text = legal_match(preset, 8, 2, "Invalid sample: wrong dealer", dealer_of=dealer_of)
    lines = text.splitlines()
    dealt = game.deals[1].dealer
    should = (dealt + 2) & 3
    return Sample("BEL602-wrong-dealer.bel", K.DEALER_ROTATION, text, (_deal_line(lines, 2) + 1, 1),
                  f"Deal 2 was dealt by {_who(dealt)}, but the deal passes to the right (Moroccan rules): "
                  f"after {_who(game.deals[0].dealer)} dealt deal 1, "
                  f"{_who(should)} should have dealt deal 2. "
                  f"Deal 2 itself was bid and played correctly for {_who(dealt)} as dealer")


def wrong_winner() -> Sample:
    game, text = legal_match("moroccan", 4, 0, "Invalid sample: wrong match winner", until_over=True)
    result = game.result
    assert result in ("NS", "EW")
    other = "EW" if result == "NS" else "NS"
    text = replace_once(text, f'[Result "{result}"]', f'[Result "{other}"]')
    text = replace_once(text, f"\nend {result}\n", f"\nend {other}\n")
    lines = text.splitlines()
    row = next(i for i, text in enumerate(lines) if text.startswith("[Result ")) + 1
    last = game.deals[-1].match_score
    return Sample("BEL603-wrong-match-winner.bel", K.MATCH_WINNER, text, (row, 1),
                  f"The Result tag (and the end line) say {other} ({_team(other)}) won the match, "
                  "but after deal "
                  f"{game.deals[-1].number} the totals are N-S {last.ns}, E-W {last.ew}: "
                  f"{_team(result)} passed "
                  "500 first and won")


def all_samples() -> list[Sample]:
    out = [
        unknown_card(),
        duplicate_card(),
        from_hook("BEL201-bid-out-of-turn.bel", "moroccan", BidOutOfTurn,
                  title="Invalid sample: bid out of turn"),
        from_hook("BEL203-forced-take-refused.bel", "moroccan", ForcedTakeRefused, deals=1, hook_deal=1,
                  title="Invalid sample: forced take refused"),
        from_hook("BEL204-round2-offer-suit.bel", "moroccan", Round2OfferSuit,
                  title="Invalid sample: round 2 names the offer's suit"),
        from_hook("BEL210-contree-bid-not-higher.bel", "contree", NotHigher,
                  title="Invalid sample: contrée bid not higher"),
        from_hook("BEL212-contree-partner-coinche.bel", "coinche", PartnerCoinche,
                  title="Invalid sample: contrée coinche by the bidder's partner"),
        from_hook("BEL301-played-out-of-turn.bel", "traditional", OutOfTurn,
                  title="Invalid sample: card played out of turn"),
        from_hook("BEL303-did-not-follow.bel", "gameduell", NotFollowed,
                  title="Invalid sample: did not follow suit"),
        from_hook("BEL304-did-not-trump.bel", "moroccan", NotTrumped,
                  title="Invalid sample: did not trump"),
        from_hook("BEL305-did-not-overtrump.bel", "classic", NotOvertrumped,
                  title="Invalid sample: did not overtrump"),
        from_hook("BEL306-did-not-undertrump.bel", "traditional", NotUndertrumped,
                  title="Invalid sample: did not trump lower"),
        from_hook("BEL401-announced-cards-not-held.bel", "traditional", AnnounceNotHeld, deals=1, hook_deal=1,
                  title="Invalid sample: announcement not held"),
        from_hook("BEL403-announced-too-late.bel", "classic", AnnounceTooLate, deals=1, hook_deal=1,
                  title="Invalid sample: announcement too late"),
        from_hook("BEL406-belote-not-held.bel", "classic", BeloteNotHeld,
                  title="Invalid sample: belote without king and queen"),
        from_hook("BEL407-belote-on-wrong-card.bel", "gameduell", BeloteWrongCard,
                  title="Invalid sample: belote said on a plain king"),
        wrong_trick_winner(),
        wrong_deal_score(),
        wrong_pot(),
        wrong_match_totals(),
        wrong_dealer(),
        wrong_winner(),
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the samples to samples/invalid/, or to the folder given as the one argument."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    for sample in all_samples():
        save(sample, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
