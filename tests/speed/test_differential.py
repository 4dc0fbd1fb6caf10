"""The compiled path against the pure-Python path (issue 23): identical reports.

Generated games of every rule system, a share of their lines made wrong (illegal cards and
calls, wrong winners and scores, unknown words, comments, variations...: tests/speed/corpus.py),
validated by ``belote-replay validate --format json`` with the compiled accelerators and with
``BELOTE_PURE_PYTHON=1``: every game's report is the same, findings (codes, positions,
messages) and recomputed scores alike. The default run checks a few thousand deals; the
``slow`` run (CI's full run) 102,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.game.rules import preset_names
from belote_notation.notation.canon import compiled_reader
from tests.speed.corpus import compare_paths, corpus_text

needs_compiled = pytest.mark.skipif(compiled_reader() is None, reason="the C extensions are not built")


def _write(tmp_path: Path, deals_per_system: int, seed: int, rate: float) -> Path:
    path = tmp_path / f"corpus-{seed}.bel"
    path.write_text("\n".join(corpus_text(deals_per_system, seed, rate)), encoding="utf-8")
    return path


@needs_compiled
def test_both_paths_report_the_same_on_flawed_games(tmp_path: Path) -> None:
    games, findings = compare_paths(_write(tmp_path, 400, seed=1, rate=0.02))
    assert games > 6 * 20     # every rule system's matches were compared...
    assert findings > 100     # ...with flaws that the checks found


@needs_compiled
def test_both_paths_report_the_same_on_whole_games(tmp_path: Path) -> None:
    games, findings = compare_paths(_write(tmp_path, 150, seed=2, rate=0.0))
    assert games > 6 * 5
    assert findings == 0      # generated games are legal: the compiled path took them all


@pytest.mark.slow
@needs_compiled
@pytest.mark.parametrize("seed", range(3, 9))
def test_both_paths_report_the_same_on_many_deals(tmp_path: Path, seed: int) -> None:
    """6 seeds x 6 rule systems x 2,834 deals: 102,024 deals."""
    games, findings = compare_paths(_write(tmp_path, 2834, seed=seed, rate=0.01))
    assert games > 6 * 100 and findings > 500


def test_the_corpus_covers_every_rule_system() -> None:
    texts = list(corpus_text(3, seed=0, rate=0.0))
    assert len(texts) == len(preset_names())
    assert all(text.count("\ndeal ") + text.startswith("deal ") >= 3 for text in texts)
