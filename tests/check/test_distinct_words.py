"""Two different English words never share one Arabic word (docs/languages.md, "Deal and hand
in Arabic"): in the catalogue and on the replay page. The pairs allowed say the same thing."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from babel.messages.pofile import read_po

from belote_notation.render.labels import texts

ROOT = Path(__file__).resolve().parent.parent.parent
SAME_THING = [{"a position", "a seat"},  # coinched's seat number: a seat
              {"replay at first finding", "replay at the first finding"},
              {"pot", "litige"},  # the page's pot is the litige pot (French: litige too)
              {"capot", "capots"}, {"end", "end of the game"}]  # the live page's last phase
"""Groups of English words that name one thing, so may share a translation."""


def _shared(pairs: list[tuple[str, str]]) -> dict[str, set[str]]:
    by: dict[str, set[str]] = defaultdict(set)
    for english, said in pairs:
        by[said].add(english.lower().removeprefix("the ").replace("_", " "))  # a key, spelled out
    return {said: words for said, words in by.items() if len(words) > 1 and words not in SAME_THING}


def test_the_arabic_catalogue_gives_two_english_words_two_arabic_ones() -> None:
    path = ROOT / "belote_notation" / "game" / "lang" / "locale" / "ar" / "LC_MESSAGES" / "belote.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle)
    pairs = [(m.id, m.string) for m in catalogue if isinstance(m.id, str) and m.id and m.string
             and not m.context]
    assert _shared(pairs) == {}


def test_the_arabic_page_gives_two_english_words_two_arabic_ones() -> None:
    english, arabic = texts("en"), texts("ar")
    assert _shared([(english[key], arabic[key]) for key in english]) == {}
    assert arabic["deals"] != arabic["hands"]
