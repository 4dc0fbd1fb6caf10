"""The ``Contract`` tag: a contrée contract recorded without its auction.

A one-deal record may give the contract the deal was played in and no auction, as a CFN
import does (docs/formats/cfn.md): ``[Contract "130hEW"]``, ``[Contract "250sNSx"]``. The
checks then play the deal in that contract (the trump, who is taking, the value and the
doubling) and say that the auction could not be checked.

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

from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT

__all__ = ["CONTRACT_TAG", "ContractTag", "parse_contract_tag"]

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
