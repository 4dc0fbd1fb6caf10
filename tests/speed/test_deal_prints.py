"""The deal fingerprints the compiled reader makes in its pass (``notation/read/_print.c``)
against the definition's owner, :func:`belote_notation.notation.fingerprint.deal_text`.

Every canonical deal of the samples and of generated games of every rule system (some lines
made wrong: tests/speed/corpus.py) is read by the compiled reader with fingerprints asked for;
each fingerprint it gives must be the one made in Python from the same facts, and it must give
one for nearly every deal (a deal it cannot spell the common way has none: the checks make it).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from belote_notation.check.checker import GameChecker
from belote_notation.check.facts import DealFacts
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.fingerprint import deal_text, fingerprint
from belote_notation.notation.read.canon import compiled_reader
from belote_notation.notation.read.reader import iter_game_texts, read_game_events
from tests.speed.corpus import corpus_text

pytestmark = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"


class _Printing(GameChecker):
    """The checker, keeping the compiled reader's print of each deal and Python's."""

    def __init__(self, pairs: list[tuple[str | None, str, DealFacts]]) -> None:
        super().__init__(ValidationConfig(keep_deals=True), "corpus.bel")
        self.pairs = pairs

    def visit_deal_parts(self, deal: DealFacts) -> None:
        offer = deal.offer.card if deal.offer is not None else None
        python = fingerprint(deal_text(deal.dealer, deal.five, offer, deal.bids, deal.rest, deal.hands,
                                       deal.announcements, deal.tricks))
        self.pairs.append((deal.fingerprint, python, deal))
        super().visit_deal_parts(deal)


def _pairs(text: str) -> list[tuple[str | None, str, DealFacts]]:
    pairs: list[tuple[str | None, str, DealFacts]] = []
    for game in iter_game_texts(io.BytesIO(text.encode()), name="corpus.bel"):
        read_game_events(game, _Printing(pairs), "corpus.bel")
    return pairs


@pytest.mark.parametrize("rate", [0.0, 0.03])
def test_the_reader_s_prints_are_the_definition_s(rate: float) -> None:
    seen = {"announcements": 0, "marks": 0, "offer": 0, "points": 0, "five": 0}
    made = 0
    for text in corpus_text(60, seed=11, rate=rate):
        pairs = _pairs(text)
        assert len(pairs) > 30
        for compiled, python, deal in pairs:
            if compiled is not None:
                assert compiled == python
                made += 1
                seen["announcements"] += bool(deal.announcements)
                seen["marks"] += any(any(t.marks) for t in deal.tricks)
                seen["offer"] += deal.offer is not None
                seen["points"] += any(b.value is not None for b in deal.bids)
                seen["five"] += bool(deal.five)
        assert sum(c is not None for c, _, _ in pairs) > len(pairs) * 0.9
    assert made > 200 and all(seen.values()), seen


def test_the_samples_prints_are_the_definition_s() -> None:
    made = 0
    for path in sorted(SAMPLES.rglob("*.bel")):
        for compiled, python, _ in _pairs(path.read_text(encoding="utf-8", errors="replace")):
            assert compiled is None or compiled == python, path
            made += compiled is not None
    assert made > 20


def test_prints_only_when_asked() -> None:
    """A checker asked for no deal reports gets no prints (the text outputs do not pay them)."""
    kept: list[DealFacts] = []

    class Quiet(GameChecker):
        def visit_deal_parts(self, deal: DealFacts) -> None:
            kept.append(deal)
            super().visit_deal_parts(deal)

    text = next(iter(corpus_text(5, seed=3, rate=0.0)))
    for game in iter_game_texts(io.BytesIO(text.encode()), name="t.bel"):
        read_game_events(game, Quiet(ValidationConfig(keep_deals=False)), "t.bel")
    assert kept and all(deal.fingerprint is None for deal in kept)


@pytest.mark.parametrize("text", [
    "deal 3 dealer E\ntafr9a S 9S JS\ntafr9a N 8H 7H\ntafr9a N 7D\nhand W\nend\n",  # a seat twice, no cards
    "deal 1\nsmsara 1 pass N:take S:take H\ntrick 1 N:7S E:8S belote S:9S W:AS winner W\nend\n",
    "deal 2 dealer N\noffer JH\nannounce E sequence 7S 8S 9S trick=1 before=02\nannounce W belote\nend\n",
])
def test_small_deals(text: str) -> None:
    pairs = _pairs(text)
    assert pairs and all(c == p for c, p, _ in pairs), pairs


@pytest.mark.parametrize("portable", [False, True])
def test_the_reader_s_sha256_is_hashlib_s(portable: bool) -> None:
    """Both ways of the C SHA-256 (the x86 SHA extensions when the processor has them, and the
    portable one), against hashlib, on every length around the block boundaries."""
    import hashlib
    import random

    from belote_notation.notation.read._canon import sha256

    rng = random.Random(5)
    for n in [*range(0, 200), 447, 448, 511, 512, 513, 4096, 10_000]:
        data = bytes(rng.randrange(256) for _ in range(n))
        assert sha256(data, portable) == hashlib.sha256(data).hexdigest(), n
