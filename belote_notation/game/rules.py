"""Rule systems: one named option for every point where the four rule texts differ.

A :class:`Ruleset` is a frozen set of options. The presets (``moroccan``,
``classic``, ``gameduell``, ``traditional``, and the bidding game ``contree`` with its
twin ``coinche``) are its defaults per source text; a
record's headers or the command line override options one by one::

    >>> rules = Ruleset.preset("moroccan").with_options({"target": "1000"})
    >>> rules.target, rules.forced_take_on_top_trump
    (1000, True)

Where each default comes from, and why where a text is silent, is written in
``docs/rules.md``: keep both in step. The presets' values, each with its source, are in
:mod:`belote_notation.game.rule_presets`.

Pydantic checks the values (a pydantic model made from the fields, :func:`_validator`): it is
imported the first time an option is set or a ruleset is made from values, not by the presets
(its import was a third of the start of ``validate``, which reads the presets only).
"""

from __future__ import annotations

import copy
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

from belote_notation.game.cards import Deck, rule_system_key
from belote_notation.game.lang import Listed, Message, msg, render
from belote_notation.game.rule_presets import PRESET_OPTIONS

if TYPE_CHECKING:
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo

__all__ = ["PRESETS", "RulesError", "Ruleset", "preset_names"]


class RulesError(ValueError):
    """An unknown preset, an unknown option or a value the option does not take: ``reason`` says
    which as a message of the catalogues (docs/languages.md), ``str()`` in English."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason


Direction = Literal["clockwise", "counterclockwise"]
Side = Literal["left", "right"]


def _bounded(default: int, **bounds: int) -> Any:
    """An integer option's default and its bounds (``ge``, ``le``, ``gt``: pydantic's ``Field``
    constraints, which the validator checks)."""
    return field(default=default, metadata=bounds)


class _ModelFields:
    """``Ruleset.model_fields``: the fields of the validating model (pydantic's ``FieldInfo``:
    annotation, default, constraints), as a pydantic model has them."""

    def __get__(self, instance: object, owner: type) -> dict[str, FieldInfo]:
        return _validator().model_fields


@dataclass(frozen=True, slots=True, init=False)
class Ruleset:
    """Every option of a Belote rule system. Field docs say what each one decides.

    Where each preset's value comes from (which rule text, or why where the texts are
    silent) is in ``docs/rules.md``; where the engine applies it is named there too.

    Made from values (``Ruleset(target=500)``, :meth:`model_validate`, :meth:`with_options`),
    every value is checked and read as its option's type, as by a pydantic model (a wrong one
    raises pydantic's ``ValidationError``); :meth:`model_construct` and :meth:`model_copy`
    take the values as they are.
    """

    model_fields = _ModelFields()

    name: str = "custom"
    """The preset this ruleset started from."""

    # --- seating and turns
    deck: Deck = Deck.FRENCH
    """Card names the records use when no ``Deck`` header says otherwise."""
    direction: Direction = "clockwise"
    """Turn order for dealing and play (clockwise = to the left)."""
    bidding_direction: Direction | None = None
    """Turn order of the bidding when it differs from ``direction`` (``None``: the same)."""
    first_bidder: Side = "left"
    """Who speaks first in both bidding rounds: the dealer's left or right neighbour."""
    first_lead: Literal["dealer_left", "dealer_right", "after_taker"] = "dealer_left"
    """Who leads the first trick: a neighbour of the dealer, or the next player after the taker."""
    next_dealer: Side = "left"
    """Where the deal passes after each deal (a dead deal included, see ``dead_deal_rotates``)."""
    dead_deal_rotates: bool = True
    """After two rounds of passes the next deal is dealt by the next dealer (else the same one)."""

    # --- bidding
    bidding: Literal["smsara", "contree"] = "smsara"
    """``smsara``: five cards, a face-up offer, two rounds of take-or-pass, the rest dealt after;
    ``contree``: all eight cards dealt at once, an auction of points and trump with doubles."""
    forced_take_on_top_trump: bool = False
    """A face-up 10 (Spanish; the jack in French names) must be taken by the first bidder."""
    round2_offer_suit_allowed: bool = False
    """Round 2 may name the offer's suit again (no source allows it)."""

    # --- contrée auction (``bidding=contree``)
    max_points_bid: int = _bounded(160, ge=80, le=250)
    """The highest bid in points (80, 90 ... in steps of 10); 180 where bids above 160 are played."""
    capot_bid: bool = True
    """``capot`` may be bid: the takers promise all eight tricks."""
    generale_bid: bool = False
    """``générale`` may be bid: the bidder alone promises all eight tricks."""
    sans_atout: bool = False
    """Sans-atout (no trump) contracts may be bid."""
    tout_atout: bool = False
    """Tout-atout (every suit trump) contracts may be bid."""
    sans_atout_values: Literal["ace_19", "plain"] = "ace_19"
    """Card points at sans-atout: A 19, 10 10, K 4, Q 3, J 2 (152 in all, ``ace_19``) or the
    plain-suit values (A 11: 120 in all, ``plain``)."""
    tout_atout_values: Literal["scaled", "trump"] = "scaled"
    """Card points at tout-atout: J 14, 9 9, A 6, 10 5, K 3, Q 1 (152 in all, ``scaled``) or the
    trump values in every suit (J 20, 9 14 ...: 248 in all, ``trump``)."""
    raise_own_bid: bool = True
    """A player who bid may bid again in the same trump; ``false``: a later bid of theirs must
    name another trump (only their partner or an opponent can raise their contract)."""

    # --- play obligations
    must_follow: bool = True
    """Follow the led suit when you can."""
    must_trump_when_opponent_master: bool = True
    """Cannot follow and an opponent is winning the trick: play a trump if you have one."""
    overtrump_when_ruffing: bool = True
    """When you must trump a plain-suit trick already trumped by an opponent, beat the best
    trump if you can."""
    overtrump_when_trump_led: bool = True
    """Trump led: beat the best trump so far if you can, partner's included."""
    overtrump_partner_when_trump_led: bool = True
    """With ``overtrump_when_trump_led``: beat the best trump even when the partner played it
    (``false``: only an opponent's trump must be beaten, any trump will do over the partner's)."""
    must_undertrump: bool = True
    """Obliged to trump but cannot beat the best trump: still play a trump (pisser)."""
    partner_master_may_discard: bool = True
    """Cannot follow while partner is winning: free to play any card, trump not required."""
    partner_master_trumping_must_overtrump: bool = True
    """Partner is winning with a trump, you cannot follow and choose to trump: beat the best
    trump if you can (you may still discard)."""

    # --- announcements
    announcements: bool = True
    """Sequences and carrés are played at all."""
    announce_deadline: Literal["before_first_card", "before_second_card"] = "before_first_card"
    """Latest moment to declare a sequence or carré."""
    announcement_ranking: Literal["length", "value", "value_then_dealer"] = "value"
    """How the best announcement is found: ``length`` (a carré beats any sequence; sequences:
    longer, then higher top card, then trump), ``value`` (bigger value, carré over sequence,
    higher top card, trump), ``value_then_dealer`` (bigger value, then trump)."""
    announcement_tie: Literal["nobody", "closest_to_dealer"] = "nobody"
    """Two best announcements still equal: nobody scores, or the declarer nearest the dealer
    (the dealer first, then the others in turn order) wins."""
    failure_announcements: Literal["counted_to_defence", "all_declared_to_defence", "defence_keeps_own",
                                   "lost"] = "counted_to_defence"
    """Failed contract: the defence scores the announcements that counted (the best team's,
    whichever team declared them; none on a tie), every valid announcement declared by both
    teams (``all_declared_to_defence``, the reading before issue 9), only the announcements it
    won itself, or none (``lost``)."""

    # --- belote
    belote_requires_declaration: bool = True
    """Belote counts only when said (``belote``/``rebelote`` marks on the cards, or a belote
    announcement)."""
    belote_king_first: bool = False
    """The king (12) must be played before the queen (11) for belote to count."""
    last_trick_bonus: int = _bounded(10, ge=0, le=100)
    """The points the winners of the last trick add to their card points (*dix de der*): the
    deal's points are the 152 of the cards plus these (the play, the scoring, the solver)."""
    belote_survives_failure: bool = True
    """A failed taker still scores its belote."""

    # --- scoring
    contract_basis: Literal["card_points", "totals", "over_81"] = "totals"
    """What the takers must beat: the defence's card points (``card_points``), the defence's
    total with announcements and belote (``totals``), or 81 card points (``over_81``)."""
    capot_points: int | None = 250
    """What a team taking all eight tricks scores instead of 162 (``None``: no capot bonus)."""
    capot_against_takers_is_dedans: bool = False
    """Variant: a defence capot counts as an ordinary failed contract (162)."""
    litige: Literal["pot", "takers_lose", "both_score"] = "pot"
    """A tie: ``pot`` (the defence scores; the takers' points wait in a pot for the winner of
    the next decisive deal, litiges in a row stack), ``takers_lose`` (the takers' points are
    lost), ``both_score`` (each team scores its own points at once)."""
    litige_keeps_belote: bool = True
    """In a litige the takers' belote is scored at once and only the rest goes to the pot."""
    round_scores_to_ten: bool = False
    """Round each deal score to the nearest ten (a common house rule; no source asks for it)."""

    # --- contrée scoring (``bidding=contree``)
    contract_counts_belote: bool = True
    """The takers' belote counts toward the contract value."""
    contract_counts_announcements: bool = True
    """The takers' announcements that counted count toward the contract value."""
    contree_scoring: Literal["points_made", "points_bid"] = "points_made"
    """``points_made``: made, the takers score their points plus the contract, the defence its
    own points; failed, the defence scores ``failed_contract_points`` plus the contract.
    ``points_bid``: made, the takers score the contract only, the defence nothing; failed,
    the defence scores the contract (belote and announcements added as usual)."""
    failed_contract_points: Literal[160, 162] = 160
    """What a failed contract gives the defence besides the contract value."""
    double_multiplies: Literal["all", "contract", "contract_to_winner"] = "all"
    """A doubled (or redoubled) contract: the winners score ``failed_contract_points`` plus the
    contract, times the multiplier, and the losers nothing but their belote (``all``); the deal
    is scored as usual with only the contract value multiplied (``contract``); or the winners
    score ``failed_contract_points`` plus the contract times the multiplier, the losers nothing
    but their belote (``contract_to_winner``, as the colver engine scores)."""
    double_multiplier: int = _bounded(2, ge=1)
    """What a contre / coinche multiplies by."""
    redouble_multiplier: int = _bounded(4, ge=1)
    """What a surcontre / surcoinche multiplies by (some programs: 3)."""
    failed_belote_to_defence: bool = False
    """When a failed takers' belote does not survive (``belote_survives_failure=false``), the
    defence scores it."""
    capot_bid_value: int = _bounded(250, gt=0)
    """The contract value of a capot bid."""
    generale_bid_value: int = _bounded(500, gt=0)
    """The contract value of a générale bid."""

    # --- match
    target: int = _bounded(1000, gt=0)
    """Points that end the match."""
    both_past_target: Literal["higher_total", "takers_win"] = "higher_total"
    """Both teams reach the target on the same deal: the higher total wins, or the takers of
    that deal win. Equal totals under ``higher_total``: the match goes on."""

    # ------------------------------------------------------------------ API
    @classmethod
    def preset(cls, name: str) -> Ruleset:
        """The named preset: ``moroccan``, ``classic``, ``gameduell``, ``traditional``,
        ``contree`` or ``coinche``."""
        key = rule_system_key(name)
        if key not in PRESETS:
            raise RulesError(msg("unknown rule system %(name)s; known: %(known)s", name=repr(name),
                                 known=Listed(tuple(preset_names()))))
        return PRESETS[key]

    @classmethod
    def option_names(cls) -> list[str]:
        return [name for name in _DEFAULTS if name != "name"]

    def __init__(self, **values: Any) -> None:
        """Every value checked and read as its option's type (``"500"`` as 500), the others at
        their defaults, as by a pydantic model: a wrong value or an unknown name raises
        pydantic's ``ValidationError``. (Written here: ``dataclass`` writing one for 53 fields
        took half the time of making the class, at every start.)"""
        for name, value in _validator().model_validate(values):
            object.__setattr__(self, name, value)

    def __hash__(self) -> int:
        """By name only: equal rulesets have equal names, and the engine looks a ruleset up
        once per deal (pydantic's hash of all 30 options costs 0.7 µs, 1.5% of bench_engine).

        >>> rules = Ruleset.preset("classic")
        >>> hash(rules) == hash(rules.with_options({"target": "500"})), rules == rules.model_copy()
        (True, True)
        """
        return hash(self.name)

    @classmethod
    def model_validate(cls, data: Mapping[str, Any]) -> Ruleset:
        """A ruleset of ``data`` (option name -> value; the others keep their defaults), every
        value checked and read as its option's type; raises pydantic's ``ValidationError``."""
        return cls.model_construct(**dict(_validator().model_validate(data)))

    @classmethod
    def model_construct(cls, **values: Any) -> Ruleset:
        """A ruleset of ``values`` taken as they are, unchecked (the others keep their defaults;
        unknown names are left out), as pydantic's ``model_construct``: for values known good."""
        made = object.__new__(cls)
        for name, default in _DEFAULTS.items():
            object.__setattr__(made, name, values.get(name, default))
        return made

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of a ruleset's options (pydantic's)."""
        return _validator().model_json_schema()

    def model_dump(self, **options: Any) -> dict[str, Any]:
        """Option name -> value; with ``options`` (``mode="json"``...), as pydantic's ``model_dump``."""
        if options:
            return _validator().model_construct(**self.model_dump()).model_dump(**options)
        return {name: getattr(self, name) for name in _DEFAULTS}

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Ruleset:
        """A copy with the values of ``update`` taken as they are (unchecked, as pydantic's
        ``model_copy``); use :meth:`with_options` to check them."""
        copied = Ruleset.model_construct(**(self.model_dump() | dict(update or {})))
        return copy.deepcopy(copied) if deep else copied

    def with_options(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A copy with options replaced; string values are read as the option's type.

        Raises :class:`RulesError` naming the option and the values it takes.
        """
        if not overrides:
            return self
        from pydantic import ValidationError

        data = self.model_dump()
        for raw_key, raw_value in overrides.items():
            key = raw_key.strip().replace("-", "_").lower()
            if key not in data or key == "name":
                raise RulesError(msg("unknown rule option %(option)s", option=repr(raw_key)))
            try:
                data[key] = _coerce(raw_value)
            except RulesError as exc:
                raise RulesError(msg("bad value for rule option %(option)s: %(why)s", option=repr(raw_key),
                                     why=exc.reason)) from None
        try:
            return Ruleset.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            option = first["loc"][0] if first["loc"] else "?"
            raise RulesError(msg("bad value for rule option %(option)s: %(why)s", option=repr(option),
                                 why=first["msg"])) from None  # pydantic's words

    def changed_options(self) -> dict[str, Any]:
        """Options that differ from this ruleset's preset."""
        base = PRESETS.get(self.name)
        if base is None:
            return {}
        return {name: value for name, value in self.model_dump().items()
                if name != "name" and getattr(base, name) != value}


_DEFAULTS = {item.name: item.default for item in fields(Ruleset)}
"""Every field of :class:`Ruleset` (the options and ``name``), in order, to its default."""


@functools.cache
def _validator() -> type[BaseModel]:
    """The pydantic model that checks a ruleset's values: the fields of :class:`Ruleset`
    (annotation, default, bounds), extra names forbidden; made the first time it is needed."""
    from pydantic import ConfigDict, Field, create_model

    hints = typing.get_type_hints(Ruleset)
    options: dict[str, Any] = {item.name: (hints[item.name], Field(item.default, **item.metadata))
                               for item in fields(Ruleset)}
    model: type[BaseModel] = create_model("Ruleset", __config__=ConfigDict(extra="forbid"),
                                          __doc__=Ruleset.__doc__, **options)
    return model


_OPTION_DIGITS = 15
"""Digits of a number an option takes at most (the notation's limit, ``notation.limits.MAX_DIGITS``:
no score or target is longer; a 5,000-digit ``--option target=...`` was a traceback)."""


def _coerce(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** _OPTION_DIGITS:
        raise RulesError(msg("out of range: a number of more than %(most)s digits: %(start)s...",
                             most=_OPTION_DIGITS, start=str(value)[:20]))
    if not isinstance(value, str):
        return value
    text = value.strip()
    if len(text) > _OPTION_DIGITS and text.lstrip("+-").isdigit():
        raise RulesError(msg("out of range: a number of more than %(most)s digits: %(start)s...",
                             most=_OPTION_DIGITS, start=text[:20]))
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null", "-"):
        return None
    if text.isdigit():  # a number: also for the options whose values are a few numbers
        return int(text)
    return text


# The presets are made unchecked (no pydantic at import): tests/game/test_rules.py proves each
# equal to the ruleset checked from its values.
PRESETS: dict[str, Ruleset] = {name: Ruleset.model_construct(**options)
                               for name, options in PRESET_OPTIONS.items()}
"""Every rule system by name, made from its options (:mod:`belote_notation.game.rule_presets`)."""


def preset_names() -> list[str]:
    return list(PRESETS)
