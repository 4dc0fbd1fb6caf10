"""The JSON twin's reading issues (BEL801) and the internal errors' sentences (BEL099, BEL911) as
messages (issue 37): English byte for byte as before, French and Arabic from the catalogues, the
program's own words (json's, pydantic's, an exception's) kept as a parameter."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.formats.native import JsonFormat, JsonlFormat
from belote_notation.game.lang import render
from belote_notation.notation.read.jsonio import JsonReadError, read_json_games
from belote_replay.main import cli

BAD = b'[{"result": "NS"}, {"deals": [{"number": "x"}]}, 42 7]'
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "classic" / "partie-1.bel"


def _issues(fmt: JsonFormat, data: bytes) -> list:
    return [item for item in fmt.read(io.BytesIO(data)) if not hasattr(item, "deals")]


def test_the_json_twins_issues_keep_their_english_and_speak_french_and_arabic() -> None:
    found = _issues(JsonFormat(), BAD)
    assert [f.message for f in found] == [
        "not a valid game: deals.0.number: Input should be a valid integer, unable to parse string as an "
        "integer (game 2 is left out)",
        "a game must be a JSON object (game 3 is left out)",
        "not JSON (expected , or ], found '7') (reading stops here)"]
    assert all(f.msg is not None and render(f.msg) == f.message for f in found)
    french = [render(f.msg, "fr") for f in found]
    arabic = [render(f.msg, "ar") for f in found]
    assert french == ["pas une partie valide : deals.0.number : Input should be a valid integer, unable to "
                      "parse string as an integer (la partie 2 est laissée de côté)",
                      "une partie doit être un objet JSON (la partie 3 est laissée de côté)",
                      "pas du JSON (attendu , ou ], trouvé '7') (la lecture s'arrête ici)"]
    assert arabic[1] == "يجب أن تكون اللعبة كائن JSON (اللعبة 3 متروكة)"
    assert arabic[2] == "ليس JSON (المتوقع , أو ]، والموجود '7') (القراءة تتوقف هنا)"


@pytest.mark.parametrize(("data", "french"), [
    (b"", "entrée JSON vide (la lecture s'arrête ici)"),
    (b'[{"deals": "\xff"}]', "pas du texte UTF-8 (octet 12) (la partie 1 est laissée de côté)"),
    (b'[{"result": 1' + b"9" * 19 + b"}]",
     "un nombre de 20 chiffres : le lecteur lit des nombres d'au plus 15 chiffres (la partie 1 est "
     "laissée de côté)"),
    (b'{"games": [], "games": []}',
     'pas un fichier valide : une seconde liste "games" (la lecture s\'arrête ici)'),
    (b'[{"headers": {"variations": [1]}}]',
     "headers.variations.0 : pas un objet (la partie 1 est laissée de côté)"),
])
def test_each_reason_of_the_reader_is_in_the_catalogues(data: bytes, french: str) -> None:
    [found] = _issues(JsonFormat(), data)
    assert found.msg is not None and render(found.msg, "fr") == french


def test_a_json_lines_issue_and_the_strict_reader_carry_the_message() -> None:
    [found] = _issues(JsonlFormat(), b'{"deals": [}\n')
    assert found.message.endswith("(the game of this line is left out)")
    assert render(found.msg, "ar").endswith("(لعبة هذا السطر متروكة)")  # type: ignore[arg-type]
    with pytest.raises(JsonReadError) as raised:
        list(read_json_games('{"games": [{"deals": 5}]}'))
    assert str(raised.value).startswith("line 1 column 12: not a valid game: deals: ")
    assert render(raised.value.reason, "fr").startswith("pas une partie valide : deals : ")


@pytest.mark.parametrize(("lang", "words"), [("fr", "une partie doit être un objet JSON"),
                                             ("ar", "يجب أن تكون اللعبة كائن JSON"),
                                             ("en", "a game must be a JSON object")])
def test_validate_says_the_json_twins_issues_in_the_language_asked(tmp_path: Path, lang: str,
                                                                   words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(BAD)
    asked = ["validate", "--isolated", "--lang", lang, str(path)]
    assert f"BEL801 {words}" in CliRunner().invoke(cli, [*asked, "--no-source"]).output
    out = CliRunner().invoke(cli, [*asked, "--format", "json"]).output
    finding = json.loads(out)["files"][0]["games"][2]["findings"][0]
    assert finding["message"].startswith(words) and finding["message_id"] == "%(reason)s (%(lost)s)"
    assert finding["args"]["reason"] == {"message": "a game must be a JSON object", "args": {}}


def test_an_internal_error_of_the_reader_keeps_the_programs_words_in_a_translated_sentence() -> None:
    from belote_notation.notation.read.build import RecordBuilder
    from belote_notation.notation.read.reader import read_game_events

    class Broken(RecordBuilder):
        def begin_deal(self, *args: object) -> None:  # type: ignore[override]
            raise TypeError("the program's words")

    [issue] = [e for e in read_game_events("deal 1\nend\n", Broken()).errors if e.code == "BEL099"]
    assert issue.message == "internal error while reading this game: TypeError(\"the program's words\")"
    words = "TypeError(\"the program's words\")"
    assert render(issue.msg, "fr") == f"erreur interne en lisant cette partie : {words}"
    assert render(issue.msg, "ar") == "خطأ داخلي أثناء قراءة هذه اللعبة: TypeError(\"the program's words\")"


def test_an_engine_failure_keeps_the_programs_words_in_a_translated_sentence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from belote_notation.check import match
    from belote_notation.pipeline.api import validate

    def broken(self: object) -> None:
        raise RuntimeError("the program's words")

    monkeypatch.setattr(match.DealCheck, "run", broken)
    reports = validate(SAMPLE.read_bytes(), "x.bel")
    [failure, *_] = [f for r in reports for f in r.findings if f.code == "BEL911"]
    assert failure.message == "could not check deal 1: internal error RuntimeError: the program's words"
    assert failure.text("fr") == ("impossible de vérifier la donne 1 : erreur interne RuntimeError : "
                                  "the program's words")
    assert failure.text("ar") == "تعذّر التحقق من التوزيعة 1: خطأ داخلي RuntimeError: the program's words"
