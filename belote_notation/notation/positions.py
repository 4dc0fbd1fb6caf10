"""Comparing records without their source positions (for round-trip checks)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from belote_notation.notation.records import Record

__all__ = ["same_records", "without_positions"]

M = TypeVar("M", bound=BaseModel)


def _strip(value: Any) -> Any:
    if isinstance(value, Record):
        data = {}
        for name in type(value).model_fields:
            item = getattr(value, name)
            if name in ("line", "col"):
                item = 0
            elif name == "positions":
                item = []
            elif name.endswith("_pos"):
                item = None
            else:
                item = _strip(item)
            data[name] = item
        return type(value).model_construct(**data)
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def without_positions(record: M) -> M:
    """A copy of ``record`` with every ``line``/``col`` set to 0, every ``positions`` emptied
    and every ``*_pos`` (``winner_pos``, ``pot_pos``, ``result_pos``) set to ``None``."""
    stripped: M = _strip(record)
    return stripped


def same_records(a: BaseModel, b: BaseModel) -> bool:
    """Equal apart from source positions."""
    return without_positions(a) == without_positions(b)
