"""Comparing records without their source positions (for round-trip checks), and a content key
to index, group or deduplicate records by what they say.

Both are linear in the size of the records and never recurse (alternative lines may nest
deeply). :func:`same_records` compares two records; :func:`content_key` gives one record a
hashable key, so that n records are grouped in one pass (a ``dict`` or a ``set``) instead of
n² comparisons. For a key that lasts across versions and processes, over what was played only
(not the comments), use the fingerprints (:mod:`belote_notation.notation.fingerprint`).

>>> from belote_notation.notation.records import Deal, Play, Trick
>>> a = Deal(number=1, tricks=[Trick(number=1, plays=[Play(seat=0, card=3, line=4, col=9)])])
>>> b = Deal(number=1, tricks=[Trick(number=1, plays=[Play(seat=0, card=3)])], line=12)
>>> content_key(a) == content_key(b), same_records(a, b), a == b
(True, True, False)
>>> len({content_key(d) for d in (a, b, Deal(number=2))})
2
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from belote_notation.notation.records import Record

__all__ = ["content_key", "same_records", "without_positions"]

M = TypeVar("M", bound=BaseModel)


def _position_free(name: str) -> bool:
    return name not in ("line", "col", "positions") and not name.endswith("_pos")


def _cleared(name: str) -> Any:
    return 0 if name in ("line", "col") else [] if name == "positions" else None


def without_positions(record: M) -> M:
    """A copy of ``record`` with every ``line``/``col`` set to 0, every ``positions`` emptied
    and every ``*_pos`` (``winner_pos``, ``pot_pos``, ``result_pos``) set to ``None``.
    Nested alternative lines of any depth are copied without recursion."""
    copies: dict[int, Any] = {}
    # post-order: a value is copied once everything it holds is
    stack: list[tuple[Any, bool]] = [(record, False)]
    while stack:
        value, ready = stack.pop()
        if not isinstance(value, (Record, list)) or id(value) in copies:
            continue
        children = ([getattr(value, n) for n in type(value).model_fields if _position_free(n)]
                    if isinstance(value, Record) else value)
        if not ready:
            stack.append((value, True))
            stack.extend((child, False) for child in children)
            continue
        if isinstance(value, list):
            copies[id(value)] = [copies.get(id(v), v) for v in value]
            continue
        data = {}
        for name in type(value).model_fields:
            item = getattr(value, name)
            data[name] = copies.get(id(item), item) if _position_free(name) else _cleared(name)
        copies[id(value)] = type(value).model_construct(**data)
    stripped: M = copies[id(record)]
    return stripped


def same_records(a: BaseModel, b: BaseModel) -> bool:
    """Equal apart from source positions (nested alternative lines of any depth compared
    without recursion)."""
    stack: list[tuple[Any, Any]] = [(a, b)]
    while stack:
        x, y = stack.pop()
        if isinstance(x, BaseModel) or isinstance(y, BaseModel):
            if type(x) is not type(y):
                return False
            stack.extend((getattr(x, n), getattr(y, n)) for n in type(x).model_fields
                         if _position_free(n))
        elif isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y, strict=True))
        elif x != y:
            return False
    return True


def content_key(record: BaseModel) -> tuple[object, ...]:
    """A hashable key of ``record`` without its source positions: equal keys, equal records
    apart from positions (:func:`same_records`). A flat tuple, in the order of the fields:
    each record as its class name then its fields, each list as its length then its items
    (markers are 1-tuples and 2-tuples, which no field value is, so the key is unambiguous).
    Valid for the life of the process (it holds class names and values, not a digest)."""
    out: list[object] = []
    stack: list[Any] = [record]
    while stack:
        value = stack.pop()
        if isinstance(value, BaseModel):
            out.append((type(value).__name__,))
            stack.extend(reversed([getattr(value, n) for n in type(value).model_fields if _position_free(n)]))
        elif isinstance(value, list):
            out.append(("list", len(value)))
            stack.extend(reversed(value))
        else:
            out.append(value)
    return tuple(out)
