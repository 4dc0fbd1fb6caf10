"""Messages as data (issue 37): every catalogue has every message with the same parameters, no
finding text of the engine or the checks is built by formatting, and --lang gives French and Arabic."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli

babel = pytest.importorskip("babel.messages.pofile")

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "belote_notation" / "game" / "lang" / "locale"
PLACE = re.compile(r"%\((\w+)\)s")
SAMPLE = ROOT / "samples" / "invalid" / "BEL303-did-not-follow.bel"


def _catalogue(lang: str) -> dict[object, object]:
    with open(LOCALE / lang / "LC_MESSAGES" / "belote.po", "rb") as handle:
        return {m.id: m.string for m in babel.read_po(handle) if m.id}


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_every_message_is_in_every_catalogue_with_the_same_parameters(lang: str) -> None:
    with open(LOCALE / "belote.pot", "rb") as handle:
        ids = [m.id for m in babel.read_po(handle) if m.id]
    found = _catalogue(lang)
    assert len(ids) > 100
    for msgid in ids:
        assert found.get(msgid), (lang, msgid)
        source = set(PLACE.findall(msgid[0] if isinstance(msgid, tuple) else msgid))
        strings = found[msgid] if isinstance(found[msgid], tuple) else (found[msgid],)
        assert all(strings), (lang, msgid, "a plural form left empty")  # gettext falls back to English
        for text in strings:
            assert set(PLACE.findall(str(text))) <= source, (lang, msgid, text)


FINDING_TEXT = re.compile(
    r"(?:(?:Violation|\.add|finding|Finding)\(\s*[A-Z_0-9.]+,\s*"  # the engine's and the checks' findings
    r"|(?:\.report|\.bad|SyntaxIssue|syntax_issue|issue|cut_issue)\(\s*[A-Z_0-9]+,\s*"  # reader, formats
    r"|FormatIssue\(\s*[A-Za-z_.]+,\s*[^,]+,\s*"
    r"|no_game_report\((?:[^,()]+,\s*){3}"  # BEL901
    r"|InputProblem\(\s*[^,()]+,\s*)"
    r"f?[\"']")
"""A finding (or an issue, or a problem that becomes one) given its text as a literal or an
f-string instead of ``msg(...)``."""
STILL_ENGLISH: set[str] = set()
"""Modules whose finding texts are not yet in the catalogues (docs/languages.md): none left. A
module added here must still hold such a text, so that it leaves this list when it is moved to
``msg(...)``."""


def _finding_texts(path: Path) -> list[str]:
    code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.lstrip().startswith((">>>", "...")))  # doctests show findings as text
    return [m.group(0) for m in FINDING_TEXT.finditer(code)]


def test_no_finding_text_is_formatted_anywhere_in_the_library() -> None:
    """A finding, an issue of the reader, a BEL901 is given msg(...), never an f-string nor a plain
    literal, in every module of the library (but those of STILL_ENGLISH, now none)."""
    library = ROOT / "belote_notation"
    found = {str(p.relative_to(library)): _finding_texts(p) for p in library.rglob("*.py")}
    assert not {name: texts for name, texts in found.items() if texts and name not in STILL_ENGLISH}
    assert all(found.get(name) for name in STILL_ENGLISH), [n for n in STILL_ENGLISH if not found.get(n)]


def test_the_grep_finds_what_it_looks_for() -> None:
    """The pattern catches each form it is meant to (so the test above cannot pass by matching nothing)."""
    for line in ['issues.report(UNKNOWN_CARD, f"unknown card `{word}`", line, col)',
                 'self.issues.report(MISSING_END, "the game does not end", line, col)',
                 'Violation(NOT_FOLLOWED, f"{who} did not follow")',
                 'SyntaxIssue(BAD_UTF8, f"cannot read the input: {exc}", 1, 1)',
                 'no_game_report(path, item.number, item.line, f"could not check this game: {exc}")',
                 'FormatIssue(UNREADABLE, ISSUE_CODES[UNREADABLE], "not JSON", 1)']:
        assert FINDING_TEXT.search(line), line
    for line in ['issues.report(UNKNOWN_CARD, msg("unknown card `%(word)s`", word=word), line, col)',
                 'no_game_report(path, item.number, item.line, msg("could not check this game"))']:
        assert not FINDING_TEXT.search(line), line


TEXT_ARGUMENT = {"Violation": 1, "add": 1, "finding": 1, "Finding": 1, "report": 1, "bad": 1,
                 "SyntaxIssue": 1, "syntax_issue": 1, "issue": 1, "cut_issue": 1, "FormatIssue": 2,
                 "no_game_report": 3, "InputProblem": 1, "JsonReadError": 0, "error": 1, "fatal": 1,
                 "ConfigError": 1, "StoreError": 0, "NotFound": 0, "Unreadable": 0, "Invalid": 0,
                 "BadCursor": 0, "TooManyGames": 0, "CpuLimit": 0, "FormRefused": 1,
                 "Fix": 2, "_add_fix": 2, "NotFixable": 0, "ApiProblem": 2, "ActError": 1, "BodyTimeout": 0,
                 "DiagramError": 0}
"""The constructors of a finding, an issue, a problem or a reading error, a configuration, the
store or a form refused, a fix and a file it cannot fix, a problem of the service and a live act
refused, and the position of their text (``self.error(pos, reason)``: the JSON reader's)."""
TEXT_KEYWORDS = {"reason", "detail", "message"}
"""A keyword argument that carries a text, wherever it is given: never built by formatting."""
NOT_YET_MESSAGES: set[str] = set()
"""Modules that still build such a text (docs/languages.md, "Not yet in the catalogues"): none
left (``pipeline/fix.py``'s reasons a fix is held back are messages now). A module added here
must still hold one, so that it leaves this list when it is moved."""


def _formatted(node: ast.expr, literal: bool = True) -> bool:
    """``node`` builds text by formatting (an f-string, ``%``, ``.format``, ``+`` of a literal),
    or, when ``literal``, is a plain literal; either branch of a conditional."""
    if isinstance(node, ast.IfExp):
        return _formatted(node.body, literal) or _formatted(node.orelse, literal)
    if isinstance(node, ast.JoinedStr):
        return literal or any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.Constant):
        return literal and isinstance(node.value, str) and bool(node.value.strip())
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
        return any(isinstance(side, (ast.JoinedStr, ast.Constant)) and _formatted(side)
                   for side in (node.left, node.right))
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str))


def _texts_assigned(scope: ast.AST) -> set[str]:
    """The names ``scope`` (a function, or a module) assigns a literal or formatted text to."""
    names = set()
    for node in ast.walk(scope):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None \
                and _formatted(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _formatted_texts(source: str) -> list[str]:
    """The texts of findings, issues and reading errors built by formatting in ``source``: given
    to their constructor as a literal or a formatted text, or as a name assigned one (in the
    same function), and every ``reason=``/``detail=``/``message=`` argument built by formatting."""
    tree = ast.parse(source)
    found = []
    scopes: list[tuple[ast.AST, set[str]]] = [(tree, _texts_assigned(tree))]
    scopes += [(f, _texts_assigned(f)) for f in ast.walk(tree)
               if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope, texts in scopes:
        for call in ast.walk(scope):
            if not isinstance(call, ast.Call):
                continue
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
            place = TEXT_ARGUMENT.get(name)
            given = call.args[place] if place is not None and len(call.args) > place else None
            if given is not None and (_formatted(given) or isinstance(given, ast.Name) and given.id in texts):
                found.append(ast.unparse(call))
            found += [ast.unparse(call) for k in call.keywords if k.arg in TEXT_KEYWORDS and (
                _formatted(k.value, literal=False) or isinstance(k.value, ast.Name) and k.value.id in texts)]
    return sorted(set(found))


def test_no_finding_text_is_formatted_into_a_variable_either() -> None:
    """The grep above sees a text written in the call; this one (Python's own parser) also sees
    a text assigned to a name, then handed on, and a ``reason=``/``detail=``/``message=``
    argument built by formatting, in every module of the library."""
    library = ROOT / "belote_notation"
    found = {str(p.relative_to(library)): _formatted_texts(p.read_text(encoding="utf-8"))
             for p in library.rglob("*.py")}
    assert not {name: texts for name, texts in found.items() if texts and name not in NOT_YET_MESSAGES}
    assert all(found.get(name) for name in NOT_YET_MESSAGES), [n for n in NOT_YET_MESSAGES
                                                               if not found.get(n)]


def test_the_parser_finds_texts_passed_as_variables() -> None:
    for code in ['def f(error):\n    message = f"{error.reason} (lost)" if error.game else error.reason\n'
                 '    return FormatIssue(UNREADABLE, "error", message, 1)',
                 'def f(self, x):\n    reason = "not JSON (expected %s)" % x\n'
                 '    raise self.fatal(self.pos, reason)',
                 'def f(x):\n    raise JsonReadError("not a valid file: " + x, 1, 1)',
                 'def f(x):\n    raise JsonReadError(f"not JSON ({x})")',
                 'def f(x):\n    return problem(code, reason="{} is bad".format(x))',
                 'def f(x):\n    why = f"bad {x}"\n    return Store(detail=why)',
                 'def f(n):\n    raise ApiProblem(429, "rate-limited", f"more than {n} requests")',
                 'def f(self, f, k):\n    self._add_fix(f, None, f"pot after deal {k}", [])',
                 'def f(x):\n    raise ActError("bad-call", f"{x!r} is not a call", "/call")']:
        assert _formatted_texts(code), code
    for code in ['def f(error):\n    message = msg("%(reason)s (lost)", reason=error.reason)\n'
                 '    return FormatIssue(UNREADABLE, "error", render(message), 1, msg=message)',
                 'def f(x):\n    raise JsonReadError(msg("not JSON (%(error)s)", error=str(x)))',
                 'def f(x):\n    return Store(detail=msg("a form is %(x)s", x=x), message="stable")']:
        assert not _formatted_texts(code), code


@pytest.mark.parametrize(("lang", "words"),
                         [("fr", "n'a pas fourni"), ("ar", "لم يتبع"), ("en", "did not follow")])
def test_validate_speaks_the_language_asked(lang: str, words: str) -> None:
    text = CliRunner().invoke(cli, ["validate", "--isolated", "--no-source", "--lang", lang, str(SAMPLE)])
    assert "BEL303" in text.output and words in text.output
    out = CliRunner().invoke(cli, ["validate", "--isolated", "--lang", lang, "--format", "json", str(SAMPLE)])
    finding = json.loads(out.output)["files"][0]["games"][0]["findings"][0]
    assert words in finding["message"] and finding["args"]["who"] == {"seat": "N"}
    sarif = json.loads(CliRunner().invoke(cli, ["validate", "--isolated", "--lang", lang, "--format", "sarif",
                                                str(SAMPLE)]).output)
    run = sarif["runs"][0]
    result = run["results"][0]
    strings = run["tool"]["driver"]["rules"][result["ruleIndex"]]["messageStrings"]
    template = strings[result["message"]["id"]]["text"]
    assert template.format(*result["message"]["arguments"]) == result["message"]["text"]
    assert words in result["message"]["text"]


def test_plurals_follow_each_catalogues_rule() -> None:
    from belote_notation.game.lang import msg_n, render

    def said(n: int, lang: str) -> str:
        return render(msg_n("trick %(trick)s has only %(cards)s card",
                            "trick %(trick)s has only %(cards)s cards", "cards", trick=3, cards=n), lang)

    assert [said(n, "en") for n in (1, 2)] == ["trick 3 has only 1 card", "trick 3 has only 2 cards"]
    assert said(1, "fr").endswith("1 carte") and said(3, "fr").endswith("3 cartes")
    arabic = [said(n, "ar") for n in (1, 2, 3, 11)]
    assert "ورقة" in arabic[0] and "ورقتان" in arabic[1] and "أوراق" in arabic[2] and len(set(arabic)) == 4


def test_the_configuration_file_gives_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "belote-replay.toml").write_text('lang = "ar"\n', encoding="utf-8")
    (tmp_path / "game.bel").write_bytes(SAMPLE.read_bytes())
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    out = CliRunner().invoke(cli, ["validate", "--no-source", "game.bel"]).output
    assert "لم يتبع" in out
    out = CliRunner().invoke(cli, ["validate", "--no-source", "--lang", "fr", "game.bel"]).output
    assert "n'a pas fourni" in out


def test_a_finding_read_back_from_json_renders_in_every_language() -> None:
    from belote_notation.check.findings import Finding
    from belote_notation.pipeline.api import validate

    findings = [f for r in validate(SAMPLE.read_bytes(), "x.bel") for f in r.findings]
    for f in findings:
        back = Finding.from_dict(f.to_dict(lang="en"))
        assert back.msg == f.msg and back.text("fr") == f.text("fr") and back.text("ar") == f.text("ar")
