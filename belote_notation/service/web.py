"""The small web front placeholder (filled below)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(include_in_schema=False)
