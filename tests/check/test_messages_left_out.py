"""The last English inside French and Arabic (issue 37): BEL910's left-out parts, the solver's
refusals and the lists said in Arabic.

``validate --lang fr`` on a deal with an unknown card said ``vérifiée sans trick 3 (line 34; its
unread cards worked out from the hands as E's 7O, ...)``: the parts were English texts joined
with ``", "``. They are messages now (the worked-out card a seat and a card), the solver's
refusals too, and a list in Arabic is separated by ``"، "``.
"""

from __future__ import annotations

import io
import json
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.analysis.refusal import Refusal
from belote_notation.analysis.solver import SearchTooLong
from belote_notation.check.findings import Finding
from belote_notation.game.lang import Number, msg_n, render
from belote_notation.game.lang.render import listed
from belote_notation.pipeline.api import validate
from belote_replay.main import cli
from belote_replay.progress import ProgressDisplay

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "invalid" / "BEL004-unknown-card.bel"
SOLVABLE = ROOT / "samples" / "classic" / "capot-and-belote.bel"
SAID = {
    "en": "deal 1 has a syntax error: checked without trick 3 (line 34; its unread cards worked out from the "
          "hands as E's 7O, to check the tricks after it)",
    "fr": "la donne 1 a une erreur de syntaxe : vérifiée sans le pli 3 (ligne 34 ; ses cartes illisibles "
          "déduites des mains : 7O de E, pour vérifier les plis suivants)",
    "ar": "في التوزيعة 1 خطأ في الكتابة: تم التحقق منها دون الطرح 3 (السطر 34؛ أوراقه غير المقروءة مستنتجة "
          "من الأيادي: 7O عند E، للتحقق من الطروح التي بعده)",
}
LEFT_OUT = {"list": [{
    "message": "trick %(trick)s (line %(line)s; its unread cards worked out from the hands as %(cards)s, to "
               "check the tricks after it)",
    "args": {"trick": 3, "line": 34, "cards": {"list": [
        {"message": "%(who)s's %(card)s",
         "args": {"who": {"seat": "E"}, "card": {"card": "7O", "deck": "spanish"}}},
    ]}},
}]}


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.output


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_bel910_is_said_in_the_language_asked(lang: str) -> None:
    text = _invoke("validate", "--isolated", "--no-source", "--lang", lang, str(SAMPLE))
    line = next(line for line in text.splitlines() if "BEL910" in line)
    assert line.endswith("info BEL910 " + SAID[lang])
    if lang != "en":
        assert "line" not in line and "worked out" not in line and "trick" not in line


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_bel910_in_json_carries_its_parts_as_messages(lang: str) -> None:
    out = json.loads(_invoke("validate", "--isolated", "--lang", lang, "--format", "json", str(SAMPLE)))
    finding = next(f for f in out["files"][0]["games"][0]["findings"] if f["code"] == "BEL910")
    assert finding["message"] == SAID[lang]
    assert finding["message_id"] == "deal %(deal)s has a syntax error: checked without %(left_out)s"
    assert finding["args"] == {"deal": 1, "left_out": LEFT_OUT}
    back = Finding.from_dict(finding)
    assert back.msg is not None and render(back.msg, "en") == SAID["en"] and back.text(lang) == SAID[lang]


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_bel910_in_sarif_is_a_template_and_its_arguments(lang: str) -> None:
    sarif = json.loads(_invoke("validate", "--isolated", "--lang", lang, "--format", "sarif", str(SAMPLE)))
    run = sarif["runs"][0]
    result = next(r for r in run["results"] if r["ruleId"] == "BEL910")
    strings = run["tool"]["driver"]["rules"][result["ruleIndex"]]["messageStrings"]
    template = strings[result["message"]["id"]]["text"]
    arguments = result["message"]["arguments"]
    assert template.format(*arguments) == result["message"]["text"] == SAID[lang]
    assert "7O" in arguments[1] and "trick" not in arguments[1]


PARTS = {"the dealt cards (line %(line)s)", "the offer (line %(line)s)",
         "the bidding and the dealt cards (line %(line)s)", "an announcement (line %(line)s)",
         "what could not be read of trick %(trick)s (line %(line)s)", "trick %(trick)s on (line %(line)s)",
         LEFT_OUT["list"][0]["message"], "the deal score (line %(line)s)",
         "the running totals (line %(line)s)"}


def _broken_records() -> list[str]:
    """The sample's first deal (its unknown card corrected) with a syntax error on each of its
    lines in turn, and in two tricks at once."""
    lines = SAMPLE.read_text(encoding="utf-8").replace("E:9O", "E:7O").splitlines()
    first = lines.index("deal 2 dealer S")
    out = []
    for number in range(lines.index("deal 1 dealer W"), first):
        line = lines[number]
        for broken in {line + " ZZ9", line.replace(":", ":9", 1)} - {line}:
            out.append("\n".join(lines[:number] + [broken] + lines[number + 1:]))
    out.append("\n".join(line.replace("N:1O", "N:91O").replace("N:11C", "N:911C") for line in lines))
    return out


def test_every_left_out_part_is_in_the_catalogues() -> None:
    """Each kind of part BEL910 names is said in French and Arabic, not in English."""
    seen = set()
    for text in _broken_records():
        for report in validate(text.encode("utf-8"), "x.bel"):
            for finding in report.findings:
                if finding.code != "BEL910" or finding.msg is None:
                    continue
                parts = finding.msg.arg("left_out")
                seen |= {part.id for part in getattr(parts, "items", ())}
                for lang, english in (("fr", "line"), ("ar", "the ")):
                    assert english not in finding.text(lang), finding.text(lang)
    assert seen == PARTS


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "deal 1, before 1.1: the solver gave up: this question needs more than 5 positions (its budget)"),
    ("fr", "donne 1, avant 1.1 : le solveur a abandonné : cette question demande plus de 5 positions (son "
           "budget)"),
    ("ar", "التوزيعة 1، قبل 1.1: توقف الحلّال: هذا السؤال يحتاج أكثر من 5 وضعيات (ميزانيته)"),
])
def test_the_solvers_refusal_is_said_in_the_language_asked(lang: str, words: str) -> None:
    result = CliRunner().invoke(cli, ["solve", "--lang", lang, "--budget", "5", str(SOLVABLE)])
    assert result.exit_code == 1
    assert f"belote-replay: {SOLVABLE}: {words}" in result.output


def test_a_refusal_is_english_as_text_and_crosses_processes() -> None:
    reason = msg_n("the solver gave up: this question needs more than %(budget)s positions (its budget)",
                   "the solver gave up: this question needs more than %(budget)s positions (its budget)",
                   "budget", budget=Number(40_000_000))
    refused = pickle.loads(pickle.dumps(SearchTooLong(reason)))
    assert isinstance(refused, SearchTooLong) and isinstance(refused, Refusal)
    assert str(refused) == ("the solver gave up: this question needs more than 40,000,000 positions "
                            "(its budget)")
    assert render(refused.reason, "fr").endswith("plus de 40\u202f000\u202f000 de positions (son budget)")


def test_lists_in_arabic_use_its_separator() -> None:
    assert listed(["7O", "1E"], "ar") == "7O، 1E" and listed(["7O", "1E"], "en") == "7O, 1E"
    svg = _invoke("render", "--svg", "--deal", "1", "--lang", "ar", "-o", "-",
                  str(ROOT / "samples" / "moroccan" / "club-match-1.bel"))
    titles = [t.split("</title>")[0] for t in svg.split("<title>")[1:]]
    assert any("، " in t for t in titles) and not any(", " in t for t in titles)


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "validating: 50% (5 of 10 bytes), 2 games"),
    ("ar", "التحقق: 50% (5 من 10 بايت)، 2 games"),
])
def test_the_progress_line_uses_the_languages_separator(lang: str, line: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from belote_notation.game.lang import msg
    from belote_notation.game.lang.render import say

    monkeypatch.setenv("BELOTE_LANG", lang)
    stream = io.StringIO()
    with ProgressDisplay(say(msg("validating")), 10, say(msg("bytes")), True, stream) as display:
        display.update(5, "2 games")
    assert stream.getvalue().startswith(line + " [")
