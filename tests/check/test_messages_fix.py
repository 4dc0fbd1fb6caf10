"""``validate --fix``'s words in the language asked (issue 37): each fix's description and each
reason a fix is unsafe or held back is a message, printed by ``--fix``/``--diff`` in French or
Arabic, carried by JSON and SARIF as an id and its parameters; English as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli

ROOT = Path(__file__).resolve().parents[2]
CLUB = ROOT / "tests" / "pipeline" / "data" / "club-night-fix.bel"
SCORE = ROOT / "samples" / "invalid" / "BEL503-wrong-deal-score.bel"

WORDS = {
    "en": ("Not applied", "(unsafe: deal 2 has an error in its play (BEL304 at 50:", "total after deal 3"),
    "fr": ("Non appliquée", "(pas sûre : la donne 2 a une erreur dans son jeu (BEL304 en 50:",
           "total après la donne 3"),
    "ar": ("لم يُطبَّق", "(غير مأمون: في التوزيعة 2 خطأ في لعبها (BEL304 في 50:", "المجموع بعد التوزيعة 3"),
}


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_diff_says_each_fix_and_why_it_is_held_back_in_the_language(lang: str, tmp_path: Path) -> None:
    target = tmp_path / "club.bel"
    shutil.copy(CLUB, target)
    out = CliRunner().invoke(cli, ["validate", "--isolated", "--diff", "--lang", lang, str(target)]).output
    held, unsafe, total = WORDS[lang]
    assert f"{held}" in out and unsafe in out and total in out, out
    assert target.read_bytes() == CLUB.read_bytes()


def test_the_english_of_a_fix_is_as_it_was() -> None:
    from belote_notation.pipeline.fix import fix_text

    held = {f.finding.code: f for f in fix_text(CLUB.read_text("utf-8"), "club.bel").held_back}
    fix = held["BEL503"]
    assert fix.message.startswith("deal 2 score ") and " -> 153 9" in fix.message
    assert fix.reason.startswith("deal 2 has an error in its play (BEL304 at 50:")
    assert fix.reason.endswith("): the engine's value counts it")
    assert fix.describe("en").endswith(f"BEL503 {fix.message} (unsafe: {fix.reason})")
    data = fix.to_dict()
    assert (data["message"], data["reason"]) == (fix.message, fix.reason)
    assert data["message_id"] == "deal %(deal)s score %(old)s -> %(new)s" and data["args"]["deal"] == 2


def test_a_file_it_cannot_fix_is_said_in_the_language(tmp_path: Path) -> None:
    target = tmp_path / "sheet.csv"
    shutil.copy(ROOT / "samples" / "formats" / "club-score-sheet.csv", target)
    said = {lang: CliRunner().invoke(cli, ["validate", "--isolated", "--fix", "--lang", lang, str(target)])
            for lang in ("en", "fr", "ar")}
    assert all(r.exit_code == 2 for r in said.values())
    assert "--fix rewrites .bel files only; this is " in said["en"].output
    assert "--fix ne réécrit que des fichiers .bel ; celui-ci est du " in said["fr"].output
    assert "--fix يعيد كتابة ملفات .bel فقط" in said["ar"].output


@pytest.mark.parametrize(("lang", "words"), [("fr", "marque de la donne 2 : 150 52 -> "),
                                             ("ar", "نتيجة التوزيعة 2: 150 52 -> "),
                                             ("en", "deal 2 score 150 52 -> ")])
def test_json_and_sarif_carry_the_fix_as_a_message(lang: str, words: str) -> None:
    run = ["validate", "--isolated", "--lang", lang, "--format"]
    data = json.loads(CliRunner().invoke(cli, [*run, "json", str(SCORE)]).output)
    fix = next(f["fix"] for f in data["files"][0]["games"][0]["findings"] if "fix" in f)
    assert fix["message"].startswith(words), fix
    assert fix["message_id"] == "deal %(deal)s score %(old)s -> %(new)s" and fix["args"]["deal"] == 2
    sarif = json.loads(CliRunner().invoke(cli, [*run, "sarif", str(SCORE)]).output)["runs"][0]
    result = next(r for r in sarif["results"] if "fixes" in r)
    description = result["fixes"][0]["description"]
    strings = sarif["tool"]["driver"]["rules"][result["ruleIndex"]]["messageStrings"]
    template = strings[description["id"]]["text"]
    assert template.format(*description["arguments"]) == description["text"]
    assert description["text"].startswith(words) and description["text"].endswith(" (safe)")


def test_a_fix_read_back_from_json_renders_in_every_language() -> None:
    from belote_notation.check.findings import fix_in

    out = CliRunner().invoke(cli, ["validate", "--isolated", "--lang", "en", "--format", "json", str(SCORE)])
    fix = next(f["fix"] for f in json.loads(out.output)["files"][0]["games"][0]["findings"] if "fix" in f)
    assert fix_in(fix, "en") == fix
    assert fix_in(fix, "fr")["message"].startswith("marque de la donne 2 : ")
    stored = {k: v for k, v in fix.items() if k not in ("message_id", "args")}  # a fix stored before
    assert fix_in(stored, "fr") == stored
