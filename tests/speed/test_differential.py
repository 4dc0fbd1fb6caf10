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
from belote_notation.notation.read.canon import compiled_reader
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


def _deal_with_announcement() -> tuple[str, int]:
    """A generated classic game with an announcement, and the line of its first one."""
    from belote_notation.game.rules import Ruleset
    from tests.speed.corpus import _games_text

    for seed in range(50):
        text = _games_text(Ruleset.preset("classic"), 12, seed)
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if line.startswith("announce "):
                return text, i
    raise AssertionError("no generated game announces")


def _variants(text: str, at: int) -> dict[str, str]:
    lines = text.split("\n")
    offer = max(i for i in range(at) if lines[i].startswith("offer "))

    def changed(i: int, line: str) -> str:
        return "\n".join([*lines[:i], line, *lines[i + 1:]])
    words = lines[at].split(" ")
    when = [w for w in words if "=" in w]
    return {
        "a second offer": changed(offer, f"{lines[offer]}\n{lines[offer]}"),
        "an offer of no deck": changed(offer, "offer 11H"),
        "a Spanish offer": changed(offer, "offer 1E"),
        "a Spanish card announced": changed(at, " ".join([*words[:3], "12O", *words[4:]])),
        "before= first": changed(at, " ".join([w for w in words if "=" not in w] + when[::-1])),
        "only trick=": changed(at, " ".join([w for w in words if not w.startswith("before=")])),
        "the announcement twice": changed(at, f"{lines[at]}\n{lines[at]}"),
    }


def _findings(text: str) -> list[list[tuple[str, int, int, str]]]:
    """Each game's findings (code, place, message), validated in this process."""
    from belote_notation.check.validator import validate_text

    reports = validate_text(text, "t.bel")
    return [[(f.code, f.line, f.col, f.message) for f in report.findings] for report in reports]


@needs_compiled
def test_offer_and_announcement_lines_read_as_the_general_reader_reads_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick readers of offer and announcement lines (C, and Python when the compiled
    reader is off) report what the general reader reports: the same text with a comment on
    each deal heading (which sends the deal to the general reader) gives the same findings."""
    import belote_notation.notation.read.canonical as canonical

    text, at = _deal_with_announcement()
    for name, variant in _variants(text, at).items():
        general = "\n".join(line + " {read the general way}" if line.startswith("deal ") else line
                            for line in variant.split("\n"))
        compiled = _findings(variant)
        with monkeypatch.context() as patch:
            patch.setattr(canonical, "compiled_reader", lambda: None)
            python = _findings(variant)
        assert compiled == python == _findings(general), name
        found = any(game for game in compiled)
        accepted = {"only trick=", "before= first"}  # the general reader finds nothing wrong there
        assert found == (name not in accepted), name
