"""A configuration checks itself when built; the selection makes a new report."""

from __future__ import annotations

import pickle

import pytest

from belote_notation.check.findings import Finding
from belote_notation.check.report import CodeSelection, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.suggest import ConfigError
from belote_notation.game.lang import msg
from belote_notation.pipeline import ReportOptions


@pytest.mark.parametrize(("kwargs", "field", "meant"), [
    ({"rules": "moroccn"}, "rules", "moroccan"),
    ({"options": (("traget", "500"),)}, "options", "target"),
    ({"rules": "classic", "options": (("both_past_target", "takers_wn"),)}, "options", "takers_win"),
])
def test_a_bad_configuration_is_refused_when_built(kwargs: dict, field: str, meant: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ConfigError) as caught:
        ValidationConfig(**kwargs)
    assert caught.value.field == field
    assert f"(did you mean {meant!r}?)" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_option_texts_are_read_or_refused() -> None:
    assert ValidationConfig.from_text("moroccan", ["target=500"]).options == (("target", "500"),)
    with pytest.raises(ConfigError) as caught:
        ValidationConfig.from_text(None, ["noequals"])
    assert caught.value.field == "options" and "'noequals' is not KEY=VALUE" in str(caught.value)


def test_a_configuration_travels_to_workers() -> None:
    config = ValidationConfig("contree", (("target", "1000"),), keep_deals=False)
    assert pickle.loads(pickle.dumps(config)) == config
    error = ConfigError("rules", msg("unknown rule system %(name)s; known: %(known)s", name="'x'", known="y"))
    back = pickle.loads(pickle.dumps(error))
    assert (back.field, str(back)) == ("rules", "unknown rule system 'x'; known: y")
    assert back.reason == error.reason


@pytest.mark.parametrize(("select", "ignore", "field", "meant"), [
    (["BEL3O3"], [], "select", "BEL303"),
    ([], ["BEL303", "bel99x"], "ignore", None),
])
def test_an_unknown_code_is_refused_when_the_options_are_built(select: list[str], ignore: list[str],
                                                               field: str, meant: str | None) -> None:
    with pytest.raises(ConfigError) as caught:
        ReportOptions.from_text(select, ignore)
    assert caught.value.field == field
    assert str(caught.value).startswith("no finding code starts with")
    if meant:
        assert f"(did you mean {meant!r}?)" in str(caught.value)
    with pytest.raises(ConfigError):
        ReportOptions(CodeSelection(ignore=("BEL000X",)))


def test_the_selection_leaves_the_report_as_it_was() -> None:
    findings = [Finding("BEL303", "error", "did not follow", "g.bel", 4, 1),
                Finding("BEL912", "info", "rules assumed", "g.bel", 1, 1),
                Finding("BEL803", "warning", "unknown card", "g.bel", 2, 1)]
    report = GameReport("g.bel", 1, findings=list(findings))
    before = [(f.code, f.severity) for f in report.findings]
    view = ReportOptions.from_text(ignore=["BEL9"], strict=True).view(report)
    assert [(f.code, f.severity) for f in view.findings] == [("BEL303", "error"), ("BEL803", "error")]
    assert [(f.code, f.severity) for f in report.findings] == before
    assert report.findings == findings and view is not report
    assert view.counts() == {"error": 2, "warning": 0, "info": 0}
    assert report.counts() == {"error": 1, "warning": 1, "info": 1}
