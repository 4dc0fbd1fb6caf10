"""The formats' last English-only texts as messages (issue 37): a deal CFN cannot write, a game
.bel or the JSON twin cannot hold, the count of issues left unlisted and a cluster's refusal
keep their English text byte for byte and are said in French and Arabic."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.formats.base import CANNOT_WRITE, UNREADABLE, FormatIssue, issue
from belote_notation.formats.cfn import CfnFormat
from belote_notation.formats.limits import bounded_issues
from belote_notation.formats.native import BelFormat, JsonFormat
from belote_notation.game.lang import msg, render
from belote_notation.notation.limits import MAX_DEPTH
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Header
from belote_notation.notation.write.jsonio import JsonWriteError, check_depth
from belote_notation.notation.write.writer import NotationWriteError, write_game
from belote_notation.pipeline.inputs import InputProblem, Source
from belote_notation.pipeline.ranges import cut_input
from belote_replay.main import cli
from tests.hostile import reproducers as rep

HANDS = ("hand N 7S 8S 9S 10S JS QS KS AS\nhand E 7H 8H 9H 10H JH QH KH AH\n"
         "hand S 7D 8D 9D 10D JD QD KD AD\nhand W 7C 8C 9C 10C JC QC KC AC\n")


def _said(found: FormatIssue) -> tuple[str, str, str]:
    assert found.msg is not None and render(found.msg) == found.message
    return found.message, render(found.msg, "fr"), render(found.msg, "ar")


def test_a_deal_cfn_cannot_write_is_said_in_every_language() -> None:
    text = f'[Rules "contree"]\ndeal 1 dealer S\nsmsara W:80S N:pass E:pass S:pass\n{HANDS}end\n'
    out = io.StringIO()
    [found] = list(CfnFormat().write([parse_text(text)[0].game], out))
    assert out.getvalue() == "" and found.code == CANNOT_WRITE
    en, fr, ar = _said(found)
    assert en == ("game 1, deal 1: CFN plays N E S W in turn, the seat after the dealer leading; this deal "
                  "is played counter-clockwise: left out")
    assert fr.startswith("partie 1, donne 1 : le CFN joue N E S W") and "sens inverse" in fr
    assert ar.startswith("اللعبة 1، التوزيعة 1: CFN يلعب") and "عكس عقارب الساعة" in ar


def test_a_game_bel_cannot_write_carries_its_reason() -> None:
    game = parse_text(f"deal 1 dealer S\n{HANDS}end\n")[0].game
    bad = game.model_copy(update={"headers": [Header(name="bad name", value="x")]})
    with pytest.raises(NotationWriteError) as raised:
        write_game(bad)
    assert str(raised.value) == "tag name 'bad name' must be letters, digits, _ . -"
    assert render(raised.value.reason, "fr") == ("le nom d'étiquette 'bad name' doit être fait de lettres, "
                                                 "de chiffres, de _ . -")
    [found] = list(BelFormat().write([bad], io.StringIO()))
    en, fr, ar = _said(found)
    assert en == "game 1 cannot be written as .bel: tag name 'bad name' must be letters, digits, _ . -"
    assert fr.startswith("la partie 1 ne peut pas être écrite en .bel : le nom d'étiquette 'bad name'")
    assert ar.startswith("لا يمكن كتابة اللعبة 1 بصيغة .bel: اسم الوسم 'bad name'")


def test_a_game_the_json_twin_cannot_hold_carries_its_reason() -> None:
    game = parse_text(rep.nested_bel(MAX_DEPTH + 1).decode())[0].game
    with pytest.raises(JsonWriteError) as raised:
        check_depth(game)
    assert str(raised.value).startswith(f"alternative lines nested more than {MAX_DEPTH} deep (line ")
    out = io.StringIO()
    found = [item for item in JsonFormat().write([game], out) if item.code == CANNOT_WRITE]
    en, fr, ar = _said(found[0])
    assert en == f"game 1 cannot be written as JSON: {raised.value}"
    assert fr.startswith("la partie 1 ne peut pas être écrite en JSON : variantes imbriquées sur plus de "
                         f"{MAX_DEPTH}")
    assert ar.startswith("لا يمكن كتابة اللعبة 1 بصيغة JSON: تنويعات متداخلة")


def test_the_count_of_unlisted_issues_follows_each_language() -> None:
    bad = [issue(UNREADABLE, msg("not UTF-8 text (%(error)s)", error="x"), n, n) for n in range(1, 1101)]
    en, fr, ar = _said(list(bounded_issues(bad))[-1])
    assert en == "1,000 more issues here are not listed (BEL801: 1,000): the first 100 are"
    assert fr == ("1\u202f000 autres problèmes ne sont pas listés ici (BEL801 : 1\u202f000) : les 100 "
                  "premiers le sont")
    assert ar == "لم تُذكر 1,000 مشكلة أخرى هنا (BEL801: 1,000): ذُكرت أول 100 فقط"
    one = _said(list(bounded_issues(bad[:101]))[-1])
    assert one[0] == "1 more issues here are not listed (BEL801: 1): the first 100 are"  # English as before
    assert one[1].startswith("1 autre problème n'est pas listé") and "مشكلة أخرى واحدة" in one[2]


def test_a_cluster_refuses_a_stream_in_every_language() -> None:
    problem = cut_input(Source("<stream>", data=io.BytesIO(b"deal 1\nend\n")))
    assert isinstance(problem, InputProblem) and problem.msg is not None
    assert problem.message == ("cannot be cut for a cluster: its workers read files by path (or URL); give a "
                               "file, not a stream")
    assert render(problem.msg, "fr").startswith("ne peut pas être découpé pour une grappe")
    assert render(problem.msg, "ar").startswith("لا يمكن تقسيمه لمجموعة حاسوبية")


@pytest.mark.parametrize(("lang", "words"), [("en", "no such file or folder"),
                                             ("fr", "fichier ou dossier introuvable"),
                                             ("ar", "لا يوجد ملف أو مجلد بهذا الاسم")])
def test_validate_says_an_input_problem_in_the_language_asked(lang: str, words: str, tmp_path: Path) -> None:
    gone = str(tmp_path / "gone.bel")
    text = CliRunner().invoke(cli, ["validate", "--isolated", "--no-source", "--lang", lang, gone])
    assert f"belote-replay: {gone}: {words}\n" in text.output
    out = CliRunner().invoke(cli, ["validate", "--isolated", "--lang", lang, "--format", "json", gone]).stdout
    assert json.loads(out)["problems"] == [{"path": gone, "message": words}]


def test_the_rule_texts_refused_are_said_in_every_language() -> None:
    from belote_notation.pipeline.api import validate

    text = f'[Rules "morrocan"]\n[Option "nope=1"]\n[Option "target=abc"]\ndeal 1 dealer S\n{HANDS}end\n'
    findings = [f for r in validate(text.encode(), "x.bel") for f in r.findings]
    [unknown] = [f for f in findings if f.code == "BEL701"]
    assert unknown.message.startswith("unknown rule system 'morrocan'; known: moroccan, classic, ")
    assert unknown.text("fr").startswith("règle du jeu inconnue 'morrocan' ; connues : moroccan, classic, ")
    assert unknown.text("ar").startswith("قواعد لعب غير معروفة 'morrocan'؛ المعروفة: moroccan، classic، ")
    said = [f.text("fr") for f in findings if f.code == "BEL702"]
    assert "option de règle inconnue 'nope'" in said[0]
    assert said[1].startswith("mauvaise valeur pour l'option de règle 'target' : ")
