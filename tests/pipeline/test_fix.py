"""``validate --fix`` in the library: what the engine recomputes is rewritten, and only that."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from belote_notation.check.codes import CODES
from belote_notation.check.findings import Finding
from belote_notation.pipeline.api import validate
from belote_notation.pipeline.fix import FIXABLE, NotFixable, fix_file, fix_text

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.bel"))
INVALID = [p for p in SAMPLES if p.parent.name == "invalid"]


def _findings(text: str, name: str = "t.bel") -> list[Finding]:
    return [f for r in validate(text.encode("utf-8"), name) for f in r.findings]


def _errors(text: str, name: str = "t.bel") -> list[str]:
    return [f.code for f in _findings(text, name) if f.severity == "error"]


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def test_the_fixable_codes_are_registered_claims_of_the_record() -> None:
    assert FIXABLE <= set(CODES)
    assert all(CODES[code].area in ("scoring", "match") for code in FIXABLE)


def _recomputable(path: Path) -> bool:
    errors = _errors(_read(path), str(path))
    return bool(errors) and set(errors) <= FIXABLE


def test_every_invalid_sample_with_only_recomputable_errors_is_fixed_clean() -> None:
    fixable = [p for p in INVALID if _recomputable(p)]
    assert len(fixable) >= 5, [p.name for p in fixable]
    for path in fixable:
        result = fix_text(_read(path), str(path))
        assert result.changed and result.fixed >= 1, path.name
        assert _errors(result.text, str(path)) == [], path.name
        assert result.errors_remaining == 0
        again = fix_text(result.text, str(path))
        assert not again.changed and again.fixed == 0, path.name


def test_a_card_or_call_error_is_never_touched() -> None:
    others = [p for p in INVALID if _errors(_read(p), str(p)) and not _recomputable(p)]
    assert len(others) >= 10
    for path in others:
        text = _read(path)
        result = fix_text(text, str(path))
        assert result.text == text, path.name
        assert result.errors_remaining == len(_errors(text, str(path))) > 0


def test_a_valid_sample_is_left_as_it_is() -> None:
    valid = [p for p in SAMPLES if p.parent.name != "invalid" and not _errors(_read(p), str(p))]
    assert len(valid) >= 10
    for path in valid:
        result = fix_text(_read(path), str(path))
        assert not result.changed and result.fixed == 0, path.name


DEAL = (ROOT / "samples" / "invalid" / "BEL503-wrong-deal-score.bel")


def test_comments_spacing_crlf_and_bom_are_kept_byte_for_byte() -> None:
    text = _read(DEAL).replace("score 150 52", "score   150\t52 {as typed}")
    crlf = "\ufeff" + text.replace("\n", "\r\n")
    result = fix_text(crlf, "club.bel")
    assert result.text == crlf.replace("score   150\t52", "score   140\t62")
    assert result.errors_remaining == 0


def test_a_wrong_score_carried_into_the_totals_is_fixed_through_them() -> None:
    """The total written from a wrong score shows only once the score is right: fixed too."""
    text = _read(ROOT / "samples" / "invalid" / "BEL601-wrong-match-totals.bel")
    good = fix_text(text, "m.bel").text
    assert _errors(good, "m.bel") == []
    lines = good.splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("score "))
    ns, ew = map(int, lines[first].split()[1:])
    lines[first] = f"score {ns + 10} {ew - 10}\n"
    totals = [i for i, line in enumerate(lines) if re.fullmatch(r"match -?\d+ -?\d+\n", line)]
    assert len(totals) >= 2
    for i in totals:
        a, b = map(int, lines[i].split()[1:])
        lines[i] = f"match {a + 10} {b - 10}\n"
    broken = "".join(lines)
    assert _errors(broken, "m.bel") == ["BEL503"]
    result = fix_text(broken, "m.bel")
    assert result.text == good
    # counted as validate counts (issue 31): one error found, one fixed; its fix carries the totals
    assert (result.found, result.fixed, result.errors_remaining) == (1, 1, 0)
    assert len(result.applied) == 1 and len(result.applied[0].edits) == 2 + 2 * len(totals)


def test_the_result_tag_and_the_end_line_are_fixed_together() -> None:
    path = ROOT / "samples" / "invalid" / "BEL603-wrong-match-winner.bel"
    result = fix_text(_read(path), "r.bel")
    assert '[Result "EW"]' in result.text and result.text.rstrip().endswith("end EW")
    assert result.fixed == 1 and _errors(result.text) == []


def test_a_selection_that_leaves_a_code_out_leaves_its_fix_out() -> None:
    from belote_notation.check.report import CodeSelection
    from belote_notation.pipeline.select import ReportOptions

    text = _read(DEAL)
    result = fix_text(text, "d.bel", options=ReportOptions(CodeSelection(ignore=("BEL503",))))
    assert not result.changed


def test_fix_file_writes_through_a_temporary_and_refuses_other_formats(tmp_path: Path) -> None:
    target = tmp_path / "club.bel"
    target.write_bytes(DEAL.read_bytes())
    shown = fix_file(target, write=False)
    assert shown.changed and target.read_bytes() == DEAL.read_bytes()
    target.chmod(0o600)
    written = fix_file(target)
    assert target.stat().st_mode & 0o777 == 0o600 and written.fixed == 1
    assert target.read_text("utf-8") == fix_text(_read(DEAL), str(target)).text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.bel"]
    csv = ROOT / "samples" / "formats" / "club-score-sheet.csv"
    with pytest.raises(NotFixable, match=r"\.bel files only"):
        fix_file(csv, write=False)
    latin = tmp_path / "latin.bel"
    latin.write_bytes(DEAL.read_bytes().replace(b"{", b"{\xe9", 1))
    with pytest.raises(NotFixable, match="not UTF-8"):
        fix_file(latin)


def test_a_score_sheet_total_is_the_last_total_plus_the_recorded_score() -> None:
    sheet = ('[Rules "classic"]\ndeal 1 dealer N\nscore 100 62\nmatch 100 62\n'
             'deal 2 dealer E\nscore 20 142\nmatch 120 240 ; typed\ndeal 3 dealer S\n'
             'score 90 72\nmatch 210 276\nend *\n')
    assert _errors(sheet) == ["BEL606"]
    result = fix_text(sheet, "sheet.bel")
    assert result.text == sheet.replace("match 120 240", "match 120 204")
    assert result.errors_remaining == 0 and _errors(result.text) == []


@pytest.mark.parametrize("unsafe", [False, True])
def test_fix_file_writes_what_fix_text_gives_for_every_sample(tmp_path: Path, unsafe: bool) -> None:
    """The streamed file and the text in memory agree, line ends and byte-order mark included."""
    for path in SAMPLES:
        crlf = "\ufeff" + _read(path).replace("\n", "\r\n")
        for variant, data in (("lf", _read(path)), ("crlf-bom", crlf)):
            target = tmp_path / f"{variant}-{path.name}"
            target.write_bytes(data.encode("utf-8"))
            fix_file(target, unsafe=unsafe)
            expected = fix_text(data, str(target), unsafe=unsafe).text
            assert target.read_bytes() == expected.encode("utf-8"), (variant, path.name)
