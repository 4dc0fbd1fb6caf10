"""The browser of the render tests: Debian's Chromium driven by Playwright, headless.

Without a browser (Playwright not installed, or no Chromium) the browser tests SKIP with the
reason on a developer's machine, but FAIL when ``CI`` is set: CI installs both (``.ci/run``)
and must never turn green by skipping them. ``BELOTE_CHROMIUM`` names another Chromium;
``BELOTE_ARTIFACTS`` the folder the screenshots go to (default: a folder of pytest's
temporary directory; its path is printed at the end of the run).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",  # the CI container runs as root
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-gpu",
]
HOW_TO = ("the browser tests need Playwright for Python and Chromium: "
          "pip install -e '.[browser]' and apt-get install chromium (see README.md)")

SHOTS = pytest.StashKey[list[Path]]()


def chromium_path() -> str | None:
    wanted = os.environ.get("BELOTE_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _missing(what: str) -> None:
    reason = f"{what}; {HOW_TO}"
    if os.environ.get("CI"):
        pytest.fail(f"CI is set and {reason}", pytrace=False)
    pytest.skip(reason)


def open_browser() -> Iterator[Any]:
    """The session's Chromium (the fixture ``browser`` of tests/conftest.py: one Playwright for
    every browser test of a process, tests/render and tests/service)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed")
    executable = chromium_path()
    if executable is None:
        _missing("no Chromium found (chromium, chromium-browser, google-chrome or BELOTE_CHROMIUM)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("BELOTE_ARTIFACTS") or tmp_path_factory.getbasetemp() / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def screenshot(artifacts: Path, pytestconfig: pytest.Config) -> Any:
    """``screenshot(page, name)``: the whole page saved as ``name`` in the artifacts folder; the
    run prints where."""

    def save(page: Any, name: str) -> Path:
        path = artifacts / name
        page.screenshot(path=str(path), full_page=True)
        pytestconfig.stash.setdefault(SHOTS, []).append(path)
        return path

    return save


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    for path in config.stash.get(SHOTS, []):
        terminalreporter.write_line(f"render screenshot: {path}")
