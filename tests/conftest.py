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


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects: the marker must be on the item by then
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives Chromium (it asks for the ``browser`` fixture, directly or through
    another fixture) is marked ``browser``: the default run leaves them out, ``.ci/run`` runs them."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium for the browser tests of tests/render and tests/service: one for the
    whole session, since two Playwright instances cannot run in one process."""
    from tests.render.conftest import open_browser

    yield from open_browser()


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of 2 worker processes (1 thread each), for the module (the
    tests marked ``cluster``: tests/cluster, tests/collections)."""
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()
