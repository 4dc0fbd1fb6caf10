"""The ``Contract`` tag: a contrée contract recorded without its auction.

A one-deal record may give the contract the deal was played in and no auction, as a CFN
import does (docs/formats/cfn.md): ``[Contract "130hEW"]``, ``[Contract "250sNSx"]``. The
checks then play the deal in that contract (the trump, who is taking, the value and the
doubling) and say that the auction could not be checked. A record that gives both has its
tag checked against the auction (:func:`disagreement`, BEL713).

The value is ``<points><strain><takers>[x|xx]``, letters in any case: points (``250`` is the
capot bid, ``500`` the générale under the default values), the strain ``s h d c`` (the
suits in CFN's order, as in the French deck's letters) or ``sa``/``ta`` (sans-atout,
tout-atout), the takers as a team (``NS``, ``EW``) or a seat (``N E S W``), then ``x`` for
coinché and ``xx`` for surcoinché. ``0`` (everybody passed) and anything else give no
contract.

>>> parse_contract_tag("130hEW")
ContractTag(value=130, strain=1, seat=None, team=1, doubled=0)
>>> parse_contract_tag("250SAnx")
ContractTag(value=250, strain=4, seat=0, team=0, doubled=1)
>>> parse_contract_tag("0") is None, parse_contract_tag("90z") is None
(True, True)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from belote_notation.game.cards import SANS_ATOUT, SEAT_NAMES, TOUT_ATOUT, Deck, suit_display
from belote_notation.game.engine import Contract, strain_name
from belote_notation.game.lang import Message, msg
from belote_notation.game.rules import Ruleset

__all__ = ["CONTRACT_TAG", "ContractTag", "disagreement", "parse_contract_tag"]

CONTRACT_TAG = "Contract"
"""The tag's name."""

_PATTERN = r"(\d{2,3})(sa|ta|[shdc])(ns|ew|[nesw])(x{0,2})\Z"
"""Compiled by ``re`` the first time a tag is read (most games have none: 0.5 ms of a start)."""
_STRAINS = {"s": 0, "h": 1, "d": 2, "c": 3, "sa": SANS_ATOUT, "ta": TOUT_ATOUT}
_TAKERS = {"ns": (None, 0), "ew": (None, 1), "n": (0, 0), "e": (1, 1), "s": (2, 0), "w": (3, 1)}


class ContractTag(NamedTuple):
    """A contract as the tag gives it."""

    value: int
    strain: int
    """0-3 a suit (♠ ♥ ♦ ♣), 4 sans-atout, 5 tout-atout."""
    seat: int | None
    """The taker when the tag names a seat; ``None`` when it names only the team."""
    team: int
    """0 N-S, 1 E-W."""
    doubled: int
    """0, 1 coinché, 2 surcoinché."""


def parse_contract_tag(text: str) -> ContractTag | None:
    """The contract a ``Contract`` tag gives, ``None`` when it gives none."""
    found = re.match(_PATTERN, text.strip(), re.IGNORECASE)
    if found is None:
        return None
    points, strain, takers, doubled = found.groups()
    seat, team = _TAKERS[takers.lower()]
    return ContractTag(int(points), _STRAINS[strain.lower()], seat, team, len(doubled))


def disagreement(tag: ContractTag, taken: Contract | None, dead: bool, rules: Ruleset,
                 deck: Deck) -> Message | None:
    """What the ``Contract`` tag says that the recorded auction does not (``None``: they agree,
    or the auction is not finished).

    >>> rules = Ruleset.preset("contree")
    >>> tag = parse_contract_tag("130hEW")
    >>> disagreement(tag, Contract(1, 1, "points", 130), False, rules, Deck.FRENCH) is None
    True
    >>> from belote_notation.game.lang import render
    >>> render(disagreement(tag, Contract(0, 0, "points", 110, 1), False, rules, Deck.FRENCH))
    'the Contract tag says 130 ♥ by E-W; the recorded auction gives 110 ♠ by N-S (N), coinché'
    """
    if dead:
        return msg("the Contract tag says %(tag)s; in the recorded auction everybody passed",
                   tag=_words(tag, rules, deck))
    if taken is None or taken.kind is None or taken.trump is None:
        return None
    value = (rules.capot_bid_value if taken.kind == "capot" else
             rules.generale_bid_value if taken.kind == "generale" else taken.value)
    auction = ContractTag(value or 0, taken.trump, taken.taker, taken.taker & 1, taken.doubled)
    same_takers = tag.team == auction.team and (tag.seat is None or tag.seat == auction.seat)
    if same_takers and tag[:2] == auction[:2] and tag.doubled == auction.doubled:
        return None
    return msg("the Contract tag says %(tag)s; the recorded auction gives %(auction)s",
               tag=_words(tag, rules, deck), auction=_words(auction, rules, deck))


def _words(tag: ContractTag, rules: Ruleset, deck: Deck) -> str:
    value = ("capot" if tag.value == rules.capot_bid_value else
             "générale" if tag.value == rules.generale_bid_value else str(tag.value))
    strain = suit_display(tag.strain, deck) if tag.strain < 4 else strain_name(tag.strain)
    team = ("N-S", "E-W")[tag.team]
    takers = f"{team} ({SEAT_NAMES[tag.seat]})" if tag.seat is not None else team
    doubled = ("", ", coinché", ", surcoinché")[min(tag.doubled, 2)]
    return f"{value} {strain} by {takers}{doubled}"
