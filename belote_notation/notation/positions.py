"""Comparing records without their source positions (for round-trip checks)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from belote_notation.notation.records import Record

__all__ = ["same_records", "without_positions"]

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
