"""The replay page in French and Arabic in a real headless Chromium (issue 37): no horizontal
overflow on a phone (390x844) nor on a laptop (1280x800); the Arabic page runs right to left
(``dir="rtl"``) but its table is the players' table: every seat where the English page has it,
every hand's cards in the same order from the left, each card's rank above its suit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote_notation.pipeline.records import iter_replays
from belote_notation.render import write_page

ROOT = Path(__file__).resolve().parents[2]
INVALID = ROOT / "samples/invalid/BEL303-did-not-follow.bel"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
WORDS = {"en": "did not follow", "fr": "n'a pas fourni", "ar": "لم يتبع"}

LAYOUT_JS = """() => {
  const table = document.getElementById("table").getBoundingClientRect();
  const rel = (r) => [(r.left - table.left) / table.width, (r.top - table.top) / table.height,
                      r.width / table.width];
  const seats = [0, 1, 2, 3].map((p) => rel(document.querySelector(`.seat[data-pos="${p}"]`)
                                              .getBoundingClientRect()));
  const hands = [0, 1, 2, 3].map((s) => Array.from(document.querySelectorAll(`.hand[data-seat="${s}"] .card`))
    .map((c) => [c.getBoundingClientRect().left, c.getBoundingClientRect().top, +c.dataset.card])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]).map((c) => c[2]));
  const card = document.querySelector(".hand .card");
  const rank = card.firstElementChild.getBoundingClientRect();
  const suit = card.lastElementChild.getBoundingClientRect();
  return {seats, hands, rankAboveSuit: rank.bottom <= suit.top + 1,
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          dir: document.documentElement.dir, lang: document.documentElement.lang,
          findings: Array.from(document.querySelectorAll("#findings-here .finding"), (f) => f.textContent)};
}"""


@pytest.fixture
def pages(browser: Any, tmp_path: Path) -> Iterator[Any]:
    contexts = []

    def opened(lang: str, size: str) -> tuple[Any, list[str]]:
        path = tmp_path / f"{lang}.html"
        with path.open("w", encoding="utf-8") as handle:
            write_page(handle, iter_replays(str(INVALID)), INVALID.name, lang)  # type: ignore[arg-type]
        context = browser.new_context(viewport=SIZES[size], device_scale_factor=1,
                                      is_mobile=size == "phone", has_touch=size == "phone")
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path.as_uri())
        page.keyboard.press("n")  # the next finding: the card the validator marked
        return page, errors

    yield opened
    for context in contexts:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_the_page_fits_and_the_table_is_not_mirrored(pages: Any, lang: str, size: str) -> None:
    english, english_errors = pages("en", size)
    page, errors = pages(lang, size)
    base, seen = english.evaluate(LAYOUT_JS), page.evaluate(LAYOUT_JS)
    assert seen["overflow"] <= 0, f"{lang} at {size}: {seen['overflow']}px wider than the screen"
    assert (seen["lang"], seen["dir"]) == (lang, "rtl" if lang == "ar" else "")
    assert any(WORDS[lang] in text for text in seen["findings"]), seen["findings"]
    assert any(WORDS["en"] in text for text in base["findings"]), base["findings"]
    for pos, (mine, theirs) in enumerate(zip(seen["seats"], base["seats"], strict=True)):
        assert abs(mine[0] - theirs[0]) < 0.06 and abs(mine[1] - theirs[1]) < 0.06, (pos, mine, theirs)
    west, east = seen["seats"][3], seen["seats"][1]
    assert west[0] < east[0]  # West on the left, East on the right, as the players sit
    assert seen["hands"] == base["hands"] and any(seen["hands"])  # the same cards, in the same order
    assert seen["rankAboveSuit"] and base["rankAboveSuit"]
    assert errors == [] and english_errors == []


def test_the_screenshots_of_the_french_and_arabic_pages(pages: Any, screenshot: Any) -> None:
    """The pictures of docs/render.md: each page on a phone at the card the validator marked."""
    for lang in ("fr", "ar"):
        page, errors = pages(lang, "phone")
        shot = screenshot(page, f"render-{lang}-phone.png")
        assert shot.stat().st_size > 10_000 and errors == []
