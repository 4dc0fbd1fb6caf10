"""The collections tests share the render tests' browser (Debian's Chromium via Playwright)."""

from tests.render.conftest import browser  # noqa: F401 - the fixture, used by test_collections_page.py
