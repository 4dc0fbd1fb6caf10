"""A game checked as it is played: one act at a time (:mod:`.live_acts`), each answered at once.

A :class:`LiveGame` keeps the records of the game so far; each act is added to a copy of the
deal in progress, and checked by ``validate``'s own checker
(:class:`~belote_notation.check.checker.GameChecker`, driven by :mod:`.live_check`: the deals
over checked once, the deal in progress read from its canonical text at its place in the
record): there is no second owner of any rule. The verdict is what that check says that the
record did not say before the act: the same code, message and place as ``validate`` of the
record with the act as its last one.

Decisions (docs/live.md, "What is kept, what is refused"):

* **Refused acts are not kept.** An act that brings a finding of severity ``error`` is refused:
  the record stays as it was, the table plays again (the right card, say), and the finished
  record is the accepted acts.
* **Warnings and infos do not stop an act.** An act whose new findings are all warnings or
  infos (a deal numbered 5 where 2 was expected) is kept with them: ``validate`` of the
  finished record gives them again, at the same places; :meth:`LiveGame.undo` takes it back.
* While the game goes on, the deal in progress is a position (``[Termination "unterminated"]``):
  stopping there is no fault, and its infos that something could not be checked yet (BEL9xx)
  wait until the deal is closed (by the next deal or ``end``). The deals over are checked as
  over (a deal started before the last one is played out is refused), and the match against
  its result at ``end``.
* Each complete trick gets its winner as the engine has it (``winner S``), as ``generate``
  writes its records; ``Result`` is ``*`` until ``end`` says otherwise (the tag's line does
  not move, so no finding's place does).

>>> game = LiveGame("classic")
>>> hands = {seat: [rank + suit for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]
...          for seat, suit in zip("NESW", "SHDC")}
>>> game.play({"act": "deal", "dealer": "N", "hands": hands}).accepted
True
>>> game.play({"act": "call", "seat": "E", "call": "take S"}).position["to_move"]
'E'
>>> verdict = game.play({"act": "card", "seat": "S", "card": "7D"})
>>> verdict.accepted, [f["code"] for f in verdict.findings], verdict.seq
(False, ['BEL307'], 2)
>>> game.play({"act": "card", "seat": "E", "card": "AH"}).accepted
True
>>> game.undo().seq, game.seq
(2, 2)
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from belote_notation.check.findings import Finding
from belote_notation.check.live_acts import (
    ACTS,
    Act,
    ActError,
    CardAct,
    DealAct,
    EndAct,
    apply_act,
    parse_act,
)
from belote_notation.check.live_check import LIVE_FILE, LiveCheck, LiveChecker
from belote_notation.check.live_record import RecordedGame, acts_of_text, recorded_games
from belote_notation.check.positions import Position, final_position
from belote_notation.check.replay import DealReplay, GameReplay, ReplayRecorder, _assembled
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name
from belote_notation.game.engine import Call, last_trick_winner, tricks_played
from belote_notation.game.lang import msg
from belote_notation.game.rules import Ruleset
from belote_notation.notation import records as R
from belote_notation.notation.headers import game_deck
from belote_notation.notation.read.build import RecordBuilder
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.tee import Tee
from belote_notation.notation.write.writer import NotationWriteError, strain_name, write_game

__all__ = ["LIVE_FILE", "Act", "ActError", "LiveGame", "RecordedGame", "Verdict", "acts_of_text",
           "checked_text", "parse_act", "position_json", "recorded_games"]

UNDO_KEPT = 64
"""The states kept for :meth:`LiveGame.undo` (a game holds a few thousand acts): taking back
more acts than that plays the game again from its acts."""
PROVISIONAL = "BEL9"
"""The codes that are provisional in the deal in progress (see :func:`_said`)."""


@dataclass(slots=True)
class Verdict:
    """The answer to one act: ``accepted`` or not, the findings it brought (as ``validate``'s
    JSON report gives them), the position after it (before it, when refused) and ``seq``, the
    number of acts the game holds now (an accepted act's own number)."""

    seq: int
    accepted: bool
    findings: list[dict[str, Any]] = field(default_factory=list)
    position: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "accepted": self.accepted, "findings": self.findings,
                "position": self.position}


def checked_text(game: R.Game, live: bool) -> GameReplay:
    """The check of the whole record of ``game`` (its canonical text read as ``validate`` reads
    it), the replay kept; ``live``: the game goes on."""
    recorder = ReplayRecorder()
    text = write_game(game)
    report, parsed = read_game_events(text, Tee(LiveChecker(live, recorder), RecordBuilder()), LIVE_FILE)
    return _assembled(parsed.game, report, recorder)


def _said(findings: list[Finding], deal_line: int | None) -> list[Finding]:
    """The findings of a check, without what only says that the game goes on: the infos of the
    deal in progress (from ``deal_line``) that something could not be checked (BEL9xx: no bids
    yet, no tricks yet), said when the deal is closed (by the next deal or ``end``) if still
    true."""
    if deal_line is None:
        return list(findings)
    return [f for f in findings if not (f.code.startswith(PROVISIONAL) and f.line >= deal_line)]


def _key(finding: Finding) -> tuple[Any, ...]:
    """A finding but its place: an announcement's line moves the tricks after it down."""
    return finding.code, finding.message, finding.deal, finding.trick, finding.seat


def _new(before: Iterable[Finding], after: Iterable[Finding]) -> list[Finding]:
    left = Counter(_key(f) for f in before)
    out = []
    for finding in after:
        key = _key(finding)
        if left[key]:
            left[key] -= 1
        else:
            out.append(finding)
    return out


class _Kept(NamedTuple):
    """What the game was before an act (undo goes back to it)."""

    game: R.Game
    deal: DealReplay | None
    found: list[Finding]
    final: GameReplay | None


class LiveGame:
    """A game in progress under ``rules`` (a preset name, as the ``Rules`` tag takes it) and
    ``tags`` (tag pairs of the record: players, event...) and ``options`` (the rule system's
    options that differ, each written as an ``[Option "name=value"]`` tag after ``Rules``).
    An unknown rule system or option raises :class:`~.suggest.ConfigError`."""

    def __init__(self, rules: str = "moroccan", *, tags: Mapping[str, str] | None = None,
                 options: Mapping[str, str] | None = None) -> None:
        self.options = {k: str(v) for k, v in (options or {}).items()}
        ValidationConfig(rules=rules, options=tuple(self.options.items()))
        self.rules = rules
        self.tags = dict(tags or {})
        headers = [R.Header(name=k, value=v) for k, v in _headers(rules, self.tags, self.options)]
        self._deck: Deck = game_deck(headers)
        self._contree = Ruleset.preset(rules).bidding == "contree"
        self._game = R.Game(headers=headers, result="*")
        self._acts: list[Act] = []
        self._kept: deque[_Kept] = deque(maxlen=UNDO_KEPT)
        self._check = LiveCheck(headers)
        self._deal: DealReplay | None = None
        """The replay of the deal in progress."""
        self._final: GameReplay | None = None
        """The check of the finished game (after ``end``)."""
        self._found: list[Finding] = []

    # ------------------------------------------------------------------ what it holds
    @property
    def seq(self) -> int:
        """How many acts were accepted."""
        return len(self._acts)

    @property
    def acts(self) -> list[Act]:
        return list(self._acts)

    @property
    def finished(self) -> bool:
        return self._final is not None

    @property
    def deal_replay(self) -> DealReplay | None:
        """The replay of the deal in progress (its ``state``: the engine's, after the last act);
        ``None`` before the first deal and once the game is over."""
        return None if self._final is not None else self._deal

    @property
    def position(self) -> dict[str, Any]:
        """The position after the last act (:func:`position_json`)."""
        if self._final is not None:
            return position_json(self._final.deals[-1] if self._final.deals else None, True)
        return position_json(self._deal)

    def text(self) -> str:
        """The record so far, canonical as ``fmt`` writes it."""
        return write_game(self._game)

    def report(self) -> dict[str, Any]:
        """``validate``'s JSON report of :meth:`text` (its file ``<live>``)."""
        final = self._final or checked_text(self._game, False)
        return final.report.to_dict()

    # ------------------------------------------------------------------ acts
    def play(self, act: Act | Mapping[str, object]) -> Verdict:
        """Checks ``act`` and keeps it unless it brings an error; raises :class:`ActError` for a
        message that is no act (or names no card of the game's deck), and for an act after
        ``end``."""
        act = act if isinstance(act, ACTS) else parse_act(act)
        if self.finished:
            raise ActError("game-over", msg("the game has ended: no act after end"), "/act")
        game = _draft(self._game, isinstance(act, EndAct))
        apply_act(game, act, self._deck, self._contree)
        try:
            deal, final, found = self._checked(game, act)
        except NotationWriteError as exc:
            raise ActError("unwritable", exc.reason, "") from None
        new = _new(self._found, found)
        if any(f.severity == "error" for f in new):
            return Verdict(self.seq, False, [f.to_dict() for f in new], self.position)
        if isinstance(act, CardAct) and deal is not None:
            _set_winner(game.deals[-1], deal)
        if isinstance(act, DealAct) and self._game.deals:
            self._check.close(self._game.deals[-1])
        self._kept.append(_Kept(self._game, self._deal, self._found, self._final))
        self._game, self._deal, self._final, self._found = game, deal, final, found
        self._acts.append(act)
        return Verdict(self.seq, True, [f.to_dict() for f in new], self.position)

    def _checked(self, game: R.Game, act: Act) -> tuple[DealReplay | None, GameReplay | None, list[Finding]]:
        """The replay of the deal in progress, the check of the finished game, the findings."""
        if isinstance(act, EndAct):
            final = checked_text(game, False)
            return None, final, list(final.report.findings)
        closing = self._game.deals[-1] if isinstance(act, DealAct) and self._game.deals else None
        report, deal = self._check.check(game.deals[-1], closing)
        return deal, None, _said(report.findings, deal.deal.line)

    def undo(self) -> Verdict:
        """Takes back the last accepted act (a misclick); nothing to take back: ``ActError``."""
        if not self._acts:
            raise ActError("nothing-to-undo", msg("no act to take back"), "")
        if not self._kept:  # taken back further than what is kept: played again without it
            again = LiveGame.from_acts(self.rules, self.tags, self._acts[:-1], options=self.options)
            self.__dict__.update(again.__dict__)
            return Verdict(self.seq, True, [], self.position)
        act = self._acts.pop()
        self._game, self._deal, self._found, self._final = self._kept.pop()
        if isinstance(act, DealAct):
            self._check = LiveCheck(self._game.headers)
            for deal in self._game.deals[:-1]:
                self._check.close(deal)
        return Verdict(self.seq, True, [], self.position)

    # ------------------------------------------------------------------ kept and rebuilt
    def to_json(self) -> dict[str, Any]:
        """What rebuilds the game (:meth:`from_acts`): its rules, tags and accepted acts."""
        return {"rules": self.rules, "tags": dict(self.tags), "options": dict(self.options),
                "acts": [a.model_dump(mode="json", exclude_none=True) for a in self._acts]}

    @classmethod
    def from_acts(cls, rules: str, tags: Mapping[str, str] | None, acts: Iterable[Act | Mapping[str, object]],
                  *, options: Mapping[str, str] | None = None) -> LiveGame:
        """The game again from acts kept (:meth:`to_json`); a refused act stays out."""
        game = cls(rules, tags=tags, options=options)
        for act in acts:
            game.play(act)
        return game


def _draft(game: R.Game, headers: bool) -> R.Game:
    """A copy of ``game`` that an act may change: its list of deals and its last deal (and its
    tag pairs, for ``end``); the deals before are shared, never changed again."""
    deals = list(game.deals)
    if deals:  # what apply_act changes: its lists, and the last trick's plays
        last = deals[-1]
        tricks = list(last.tricks)
        if tricks:
            tricks[-1] = tricks[-1].model_copy(update={"plays": list(tricks[-1].plays)})
        deals[-1] = last.model_copy(update={"bids": list(last.bids), "rest": list(last.rest),
                                            "tricks": tricks, "announcements": list(last.announcements)})
    heads = [h.model_copy() for h in game.headers] if headers else game.headers
    return game.model_copy(update={"deals": deals, "headers": heads})


def _headers(rules: str, tags: Mapping[str, str], options: Mapping[str, str]) -> list[tuple[str, str]]:
    """The tag pairs: ``tags`` in their order, ``Rules`` first unless they place it, the options
    after it, ``Result`` (``*`` until the end) last unless they place it."""
    head = [("Rules", rules)] + [("Option", f"{k}={v}") for k, v in options.items()]
    keys = {k.lower() for k in tags}
    out = [] if "rules" in keys else head
    for name, value in tags.items():
        key = name.lower()
        out += head if key == "rules" else [("Result", "*") if key == "result" else (name, value)]
    return out if "result" in keys else [*out, ("Result", "*")]


def _set_winner(deal: R.Deal, replay: DealReplay) -> None:
    """The winner of a trick just completed, as the engine has it."""
    trick = deal.tricks[-1]
    state = replay.state
    if len(trick.plays) == 4 and state is not None and tricks_played(state) == len(deal.tricks):
        trick.winner = last_trick_winner(state)


def _call_words(call: Call, deck: Deck) -> str:
    trump = "" if call.suit is None else ("SA", "TA")[call.suit - 4] if call.suit >= 4 else \
        card_name(call.suit * 8, deck)[-1]
    text = f"{call.value}{trump}" if call.action == "bid" else f"{call.action} {trump}".strip()
    return f"{SEAT_NAMES[call.seat]}:{text}"


def _contract(p: Position) -> dict[str, Any] | None:
    """The contract as the notation names it: taker, trump (``O``, ``H``, ``SA``; ``None`` when
    a take named none and there is no offer), and for a contrée ``kind`` (``points``, ``capot``,
    ``generale``), ``value`` and ``doubled`` (0, 1 coinché, 2 surcoinché)."""
    taken = p.contract
    if taken is None:
        return None
    trump = None if taken.trump is None else strain_name(taken.trump, p.deck)
    return {"taker": SEAT_NAMES[taken.taker], "trump": trump, "kind": taken.kind, "value": taken.value,
            "doubled": taken.doubled}


def _position_dict(p: Position) -> dict[str, Any]:
    names = [c.names() for c in p.hands]
    return {
        "deal": p.deal, "phase": p.phase, "dealer": SEAT_NAMES[p.dealer], "calls": p.calls,
        "trick": p.trick, "card": p.card,
        "to_move": None if p.to_move is None else SEAT_NAMES[p.to_move],
        "hands": dict(zip(SEAT_NAMES, names, strict=True)),
        "trick_so_far": [f"{SEAT_NAMES[c.seat]}:{card_name(c.card, p.deck)}" for c in p.trick_so_far],
        "leader": None if p.leader is None else SEAT_NAMES[p.leader],
        "legal": p.legal.names(),
        "legal_calls": [_call_words(c, p.deck) for c in p.legal_calls],
        "contract": _contract(p),
        "points": list(p.points), "tricks_won": list(p.tricks_won),
    }


def position_json(replay: DealReplay | None, finished: bool = False) -> dict[str, Any]:
    """The position at the end of a deal's replay, as JSON (:mod:`.positions`); ``phase``
    ``start`` before any deal, ``end`` once the game is over."""
    last = final_position(replay) if replay is not None else None
    if last is None:
        out: dict[str, Any] = {"deal": replay.deal.number if replay is not None else None,
                               "phase": "start" if replay is None else "dealt", "to_move": None}
    else:
        out = _position_dict(last)
    if finished:
        out["phase"] = "end"
        out["to_move"] = None
    return out
