"""Shared test set-up: the repository root on ``sys.path`` so that ``tests.support`` imports."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium for the browser tests of tests/render and tests/service: one for the
    whole session, since two Playwright instances cannot run in one process."""
    from tests.render.conftest import open_browser

    yield from open_browser()
