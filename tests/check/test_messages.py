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
left. A module added here must still hold one, so that it leaves this list when it is moved."""


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


PROSE = re.compile(r"[^\W\d_](?= )|(?<= )[^\W\d_]")
"""Words in a text written in code: a letter beside a space (``"the dealt cards (line "``,
``"'s "``); not a number's format nor a token's punctuation (``0x``, ``" ("``, ``": "``)."""
SEPARATOR = re.compile(r"[,;\u060c]|[^\W\d_] ")
"""A separator of a list in words (``", "``, ``" and "``), not of a token (``"."``, ``"/"``, ``" "``)."""
TOKEN = "# token:"
"""The comment that accepts a text built in code as a verbatim token of a record (a keyword of
the notation, a comment written into a file, which stays English: docs/languages.md), saying why,
on the line of the text."""


def _written(node: ast.expr) -> list[str]:
    """The parts of a text built by formatting that are written in the code (not those of a
    nested call, which has its own owner)."""
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) else []
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    if isinstance(node, ast.BinOp):
        return _written(node.left) + _written(node.right)
    if isinstance(node, ast.IfExp):
        return _written(node.body) + _written(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return _written(node.func.value)
    return []


def _prose(node: ast.expr) -> bool:
    """``node`` builds text with words in it: formatting (an f-string, ``%``, ``.format``, ``+``)
    whose written parts hold words, or ``str.join`` with a list's separator (``", ".join(...)``:
    each language has its own, ``Listed``). Markup (a page's or a picture's element, whose
    words are rendered on their own) is not prose."""
    if isinstance(node, ast.IfExp):
        return _prose(node.body) or _prose(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str) \
            and bool(SEPARATOR.search(node.func.value.value))
    if not _formatted(node, literal=False):
        return False
    written = _written(node)
    return not any("<" in text for text in written) and any(PROSE.search(text) for text in written)


def _prose_assigned(scope: ast.AST) -> set[str]:
    """The names a function (or a module, at its top level) assigns a text with words built in code."""
    body = ast.walk(scope) if not isinstance(scope, ast.Module) else iter(scope.body)
    names = set()
    for node in body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _prose(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _built(node: ast.expr, built: set[str]) -> ast.expr | None:
    """The part of ``node`` (a message's parameter, or what is put into a list) that is a text with
    words built in code (a name assigned one: ``built``), inside a tuple or a list too."""
    if isinstance(node, (ast.Tuple, ast.List)):
        return next((found for item in node.elts if (found := _built(item, built)) is not None), None)
    if isinstance(node, ast.Starred):
        return _built(node.value, built)
    return node if _prose(node) or isinstance(node, ast.Name) and node.id in built else None


MESSAGE_CALLS = {"msg": 1, "msg_n": 3, "msg_p": 2, "Message": 1, "Listed": 0}
"""The constructors of a message (and of a list of parameters) and the position of their first
parameter: each parameter is a typed value, a nested message or a verbatim token of the record,
never a text with words built in code (it would stay in one language inside every other)."""
MESSAGE_FIELDS = {"plural", "count", "context"}
PUT_METHODS = {"append", "extend", "insert"}


def _message_parameters(call: ast.Call, built: set[str]) -> list[ast.expr]:
    """The parameters of a message built by ``call`` that are texts with words built in code."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    first = MESSAGE_CALLS.get(name)
    if first is None:
        return []
    given = [*call.args[first:], *(k.value for k in call.keywords if k.arg not in MESSAGE_FIELDS)]
    found = [_built(value, built) for value in given]
    return [node for node in found if node is not None]


def _put_texts(scope: ast.AST, built: set[str]) -> dict[str, list[ast.AST]]:
    """What is put into a list with a text with words built in code (``.append``, ``.extend``,
    ``.insert``, ``+= [...]``, a list literal), by the list's name (``left_out``, ``unread.worked_out``)."""
    puts: dict[str, list[ast.AST]] = {}
    for node in ast.walk(scope):
        target, value = None, None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in PUT_METHODS and node.args:
            target, value = node.func.value, node.args[-1]
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) \
                and isinstance(node.value, ast.List):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
            target, value = node.targets[0], node.value
        if target is not None and value is not None and (text := _built(value, built)) is not None:
            puts.setdefault(ast.unparse(target), []).append(text)
    return puts


def _handed_on(scope: ast.AST, puts: dict[str, list[ast.AST]]) -> set[str]:
    """The lists of ``puts`` that leave ``scope`` as lists: on an object (``unread.worked_out``: it
    outlives the call), given to a call (but ``str.join``'s, which makes one text) or returned."""
    handed = {name for name in puts if not name.isidentifier()}
    for node in ast.walk(scope):
        if isinstance(node, ast.Return) and node.value is not None:
            handed |= {ast.unparse(node.value)} & set(puts)
            handed |= {ast.unparse(item) for item in getattr(node.value, "elts", [])} & set(puts)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") != "join":
            given = [*node.args, *(k.value for k in node.keywords)]
            handed |= {ast.unparse(arg) for arg in given} & set(puts)
    return handed


def _formatted_texts(source: str) -> list[str]:
    """The texts of findings, issues and reading errors built by formatting in ``source``: given
    to their constructor as a literal or a formatted text, or as a name assigned one (in the
    same function), and every ``reason=``/``detail=``/``message=`` argument built by formatting;
    a message's parameter with words built by formatting or joined (``", ".join``), and such a
    text put into a list that is handed on (words that end up in a finding): each unless the
    line of the text says why it is a verbatim token (:data:`TOKEN`)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found = []
    scopes: list[tuple[ast.AST, set[str]]] = [(tree, _texts_assigned(tree))]
    scopes += [(f, _texts_assigned(f)) for f in ast.walk(tree)
               if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]

    def token(node: ast.AST) -> bool:
        return TOKEN in lines[getattr(node, "lineno", 1) - 1]

    for scope, texts in scopes:
        built = _prose_assigned(scope)
        if scope is not tree:
            puts = _put_texts(scope, built)
            found += [ast.unparse(text) for name in _handed_on(scope, puts) for text in puts[name]
                      if not token(text)]
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
            if any(not token(p) for p in _message_parameters(call, built)):
                found.append(ast.unparse(call))
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
                 'def f(x):\n    raise ActError("bad-call", f"{x!r} is not a call", "/call")',
                 # a message's parameter built in code: the list of BEL910 as it was, a sentence
                 'def f(part):\n    return msg("checked without %(out)s", out=", ".join(part.left_out))',
                 'def f(n):\n    return msg_n("%(n)s: %(x)s", "%(n)s: %(x)s", "n", n=n, x=f"trick {n} on")',
                 'def f(seats):\n    who = ", ".join(seats)\n    return msg("%(who)s did not", who=who)',
                 'def f(xs):\n    return Message("", (("items", "; ".join(xs)),))',
                 'def f(n):\n    return Listed((f"trick {n} on",))',
                 # words put into a list handed on (followable.py and play.py as they were)
                 'def f(line):\n    left_out = []\n    left_out.append(f"the dealt cards (line {line})")\n'
                 '    return Followable(left_out)',
                 'def f(unread, seat, card):\n    unread.worked_out.append(f"{seat}\'s {card}")',
                 'def f(n):\n    notes = [f"trick {n} on"]\n    return notes',
                 'def f(n, notes):\n    notes += [f"trick {n} on"]\n    hand(notes)']:
        assert _formatted_texts(code), code
    for code in ['def f(error):\n    message = msg("%(reason)s (lost)", reason=error.reason)\n'
                 '    return FormatIssue(UNREADABLE, "error", render(message), 1, msg=message)',
                 'def f(x):\n    raise JsonReadError(msg("not JSON (%(error)s)", error=str(x)))',
                 'def f(x):\n    return Store(detail=msg("a form is %(x)s", x=x), message="stable")',
                 'def f(part):\n    return msg("checked without %(out)s", out=Listed(tuple(part.left_out)))',
                 'def f(x):\n    return msg("%(p)s %(s)s %(b)s", p=".".join(x), s=f"{x:.2f}",\n'
                 '               b="0x" + format(x, "02x"))',
                 'def f(x):\n    lines = []\n    lines.append(f"points: N-S {x}")\n'
                 '    return "\\n".join(lines)',
                 'def f(out, x):\n    out.append(f\'<text x="{x}" fill="#111">{x}</text>\')',
                 'def f(deal, x):\n    deal.comments.append(f"DD not reviewed: {x}")  # token: the file']:
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
