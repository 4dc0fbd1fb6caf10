"""The XML outputs (the SVG diagram, ``validate --format junit``) stay XML whatever text the
input holds: a character XML 1.0 forbids (a control character, U+FFFE) in a player's name or a
file's name is drawn as U+FFFD, and the record keeps its text. The render fuzz target found the
first (CI, stop 29)."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import junitparser
from click.testing import CliRunner

from belote_notation.pipeline.records import iter_replays
from belote_notation.render import deal_svg
from belote_replay.main import cli

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
MOROCCAN = SAMPLES / "moroccan/forced-take-dead-deal-litige-pot.bel"
BEL303 = SAMPLES / "invalid/BEL303-did-not-follow.bel"
SVG = "{http://www.w3.org/2000/svg}"


def test_a_name_with_characters_xml_forbids_still_makes_a_well_formed_svg() -> None:
    text = MOROCCAN.read_text(encoding="utf-8")
    text = re.sub(r'\[North "[^"]*"\]', '[North "A\x01B\x0bC\ufffeD"]', text)
    replay = next(iter_replays(io.StringIO(text), "names.bel"))
    assert replay.game.header("North") == "A\x01B\x0bC\ufffeD"
    root = ET.fromstring(deal_svg(replay, 0, trick=1))
    heads = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any("A\ufffdB\ufffdC\ufffdD" in head for head in heads)


def test_junit_of_a_file_whose_name_holds_a_control_character_is_still_xml(tmp_path: Path) -> None:
    """ElementTree writes a control character as it is; the report draws it as U+FFFD instead."""
    odd = tmp_path / "match\x01one.bel"
    odd.write_bytes(BEL303.read_bytes())
    result = CliRunner().invoke(cli, ["validate", "--format", "junit", str(odd)])
    assert result.exit_code == 1, result.output
    report = tmp_path / "report.xml"
    report.write_text(result.stdout, encoding="utf-8")
    (suite,) = junitparser.JUnitXml.fromfile(str(report))
    assert suite.name == str(tmp_path / "match\ufffdone.bel")
    assert [case.name for case in suite] == ["BEL303 at 43:19"]
