"""Without a browser the browser tests skip on a developer's machine and FAIL under CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run_without_browser(ci: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["BELOTE_CHROMIUM"] = str(ROOT / "no-such-browser")
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-n", "0",
         "-m", "browser", "tests/render/test_browser.py::test_no_request_leaves_the_page"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("ci", [False, True], ids=["locally", "under CI"])
def test_a_missing_browser_skips_locally_and_fails_under_ci(ci: bool) -> None:
    result = _run_without_browser(ci)
    if ci:
        assert result.returncode == 1, result.stdout
        # Whichever part is missing (Playwright without the `browser` extra, or Chromium), it is named.
        assert "CI is set and" in result.stdout
        assert "no Chromium found" in result.stdout or "Playwright is not installed" in result.stdout
    else:
        assert result.returncode == 0, result.stdout
        assert "SKIPPED" in result.stdout and "pip install -e '.[browser]'" in result.stdout
