"""Validation results for CI: GitHub workflow annotations, SARIF 2.1.0, JUnit XML.

Each writer takes the same events as the text and JSON writers of
:mod:`belote_notation.pipeline.output` (``begin``, ``file_start``, ``game``, ``file_end``, ``problem``,
``end``). GitHub annotations are streamed; SARIF and JUnit are one document each, written
at the end from the findings kept (findings are few; the games themselves are not kept).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from importlib import resources
from pathlib import Path, PurePath
from typing import Any
from xml.etree import ElementTree

from belote_notation import __version__
from belote_notation.check.findings import Finding, fix_in, fix_message
from belote_notation.game.code_table import CODES
from belote_notation.game.lang.render import chosen_lang, message_key, positional, render_args
from belote_notation.notation.xml_text import xml_chars
from belote_notation.pipeline.output.base import InputInfo, RenderedGame, Stream, Summary, Writer

__all__ = ["GithubWriter", "JunitWriter", "SarifWriter"]

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

DOCS_URL_ENV = "BELOTE_REPLAY_DOCS_URL"
"""The environment variable naming where ``docs/findings.md`` is published, e.g.
``https://github.com/ORG/belote-notation/blob/main/docs/findings.md``: each SARIF rule's
``helpUri`` is that address and ``#`` the code in lower case (the anchor of the code's
heading). Unset, it is the ``findings.md`` installed with the package, as a ``file:`` URI
(an absolute URI, as SARIF asks, that works on the machine that ran the check)."""


def findings_doc_uri() -> str:
    """Where the documentation of the finding codes is: :data:`DOCS_URL_ENV`, else the
    installed ``findings.md``.

    >>> findings_doc_uri().startswith(("file:", "http"))
    True
    """
    published = os.environ.get(DOCS_URL_ENV, "").strip()
    if published:
        return published
    shipped = resources.files("belote_notation.pipeline.output").joinpath("findings.md")
    return Path(str(shipped)).resolve().as_uri()


def help_uri(code: str, base: str | None = None) -> str:
    """The address of a code's section of the documentation (``base``: :func:`findings_doc_uri`).

    >>> help_uri("BEL303", "https://example.org/docs/findings.md")
    'https://example.org/docs/findings.md#bel303'
    """
    return f"{base or findings_doc_uri()}#{code.lower()}"
_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


class _Collector(Writer):
    """Keeps the findings of every input, and the inputs read, for a report written at the end."""

    def __init__(self, out: Stream, err: Stream) -> None:
        super().__init__(out, err)
        self.files: dict[str, list[Finding]] = {}
        self.errors: dict[str, str] = {}

    def file_start(self, info: InputInfo) -> None:
        self.files.setdefault(info.name, [])

    def game(self, game: RenderedGame) -> None:
        for f in game.findings:
            self.files.setdefault(f.file, []).append(f)

    def file_end(self, path: str, error: str | None) -> None:
        if error:
            self.errors[path] = error
        super().file_end(path, error)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubWriter(Writer):
    """GitHub Actions workflow commands: ``::error file=…,line=…,col=…,title=BEL303::message``,
    shown on the lines of the pull request; infos are notices. The summary line follows."""

    def game(self, game: RenderedGame) -> None:
        for f in game.findings:
            where = [f"file={_escape_property(f.file)}"]
            if f.line > 0:
                where.append(f"line={f.line}")
                if f.col > 0:
                    where.append(f"col={f.col}")
            where.append(f"title={_escape_property(f.code)}")
            self.out.write(f"::{_GITHUB_LEVEL.get(f.severity, 'notice')} {','.join(where)}::"
                           f"{_escape_data(f'{f.code} {f.text()}')}\n")

    def file_end(self, path: str, error: str | None) -> None:
        if error:
            self.out.write(f"::error file={_escape_property(path)}::{_escape_data(error)}\n")

    def problem(self, path: str, message: str) -> None:
        self.out.write(f"::error title=belote-replay::{_escape_data(f'{path}: {message}')}\n")

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        self.out.write(summary.text() + "\n")
        self.out.flush()


def _uri(path: str) -> str:
    return PurePath(path).as_posix()


class SarifWriter(_Collector):
    """One SARIF 2.1.0 log: a run of the ``belote-replay`` tool, its rules (the codes
    reported, with their titles) and one result per finding."""

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        codes = sorted({f.code for findings in self.files.values() for f in findings})
        index = {code: i for i, code in enumerate(codes)}
        docs = findings_doc_uri()
        results = [self._result(f, index) for findings in self.files.values() for f in findings]
        notes = [{"level": "error", "message": {"text": f"{path}: {message}"}}
                 for path, message in problems]
        log = {
            "$schema": SARIF_SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "belote-replay", "version": __version__,
                    "rules": [self._rule(code, docs, self._strings(code)) for code in codes]}},
                "invocations": [{"executionSuccessful": not problems,
                                 "toolExecutionNotifications": notes}],
                "artifacts": [{"location": {"uri": _uri(path)}} for path in self.files],
                "results": results,
            }],
        }
        self.out.write(json.dumps(log, ensure_ascii=False, indent=2) + "\n")
        self.out.flush()

    def _strings(self, code: str) -> dict[str, Any]:
        """SARIF's ``messageStrings`` of ``code``: each message it was raised with, by its id, in
        the chosen language, with ``{0}`` places for the result's ``arguments``."""
        lang = chosen_lang()
        out: dict[str, Any] = {}
        for findings in self.files.values():
            for f in findings:
                if f.code == code and f.msg is not None:
                    out.setdefault(message_key(f.msg), {"text": positional(f.msg, lang)[0]})
                said = fix_message(f.fix) if f.code == code and f.fix is not None else None
                if said is not None:  # a fix's description: its template, then its applicability
                    template, names = positional(said, lang)
                    out.setdefault(message_key(said), {"text": f"{template} ({{{len(names)}}})"})
        return out

    @staticmethod
    def _rule(code: str, docs: str, strings: dict[str, Any]) -> dict[str, Any]:
        info = CODES.get(code)
        rule: dict[str, Any] = {"id": code, "help": {"text": f"belote-replay rule {code}"},
                                "helpUri": help_uri(code, docs)}
        if strings:
            rule["messageStrings"] = strings
        if info is not None:
            rule["shortDescription"] = {"text": info.title}
            rule["defaultConfiguration"] = {"level": _SARIF_LEVEL[info.severity]}
            rule["properties"] = {"area": info.area}
        return rule

    @staticmethod
    def _result(f: Finding, index: dict[str, int]) -> dict[str, Any]:
        location: dict[str, Any] = {"artifactLocation": {"uri": _uri(f.file)}}
        if f.line > 0:
            location["region"] = {"startLine": f.line, **({"startColumn": f.col} if f.col > 0 else {})}
        result = {"ruleId": f.code, "ruleIndex": index[f.code],
                  "level": _SARIF_LEVEL.get(f.severity, "note"),
                  "message": _message(f),
                  "locations": [{"physicalLocation": location}]}
        if f.fix is not None:  # SARIF's fix object: the replacements of one artifact
            result["fixes"] = [{
                "description": _fix_description(f.fix),
                "artifactChanges": [{"artifactLocation": {"uri": _uri(f.file)}, "replacements": [
                    {"deletedRegion": {"startLine": e["line"], "startColumn": e["col"],
                                       "endLine": e["end_line"], "endColumn": e["end_col"]},
                     "insertedContent": {"text": e["replacement"]}} for e in f.fix["edits"]]}]}]
        return result


def _message(f: Finding) -> dict[str, Any]:
    """A result's message: its text in the chosen language and, for a message as data, its id in
    the rule's ``messageStrings`` and its arguments (each parameter named in that language)."""
    lang = chosen_lang()
    if f.msg is None:
        return {"text": f.text(lang)}
    names = positional(f.msg, lang)[1]
    named = render_args(f.msg, lang)
    return {"text": f.text(lang), "id": message_key(f.msg), "arguments": [named[n] for n in names]}


def _fix_description(fix: dict[str, Any]) -> dict[str, Any]:
    """A fix's description in the chosen language and its applicability (``safe``, ``unsafe``: a
    token, as ruff's), with its id in the rule's ``messageStrings`` and its arguments."""
    lang = chosen_lang()
    out: dict[str, Any] = {"text": f"{fix_in(fix, lang)['message']} ({fix['applicability']})"}
    said = fix_message(fix)
    if said is not None:
        named = render_args(said, lang)
        out["id"] = message_key(said)
        out["arguments"] = [named[n] for n in positional(said, lang)[1]] + [fix["applicability"]]
    return out


def _drop_what_xml_forbids(root: ElementTree.Element) -> None:
    """Each text and attribute of ``root``'s tree made XML (ElementTree escapes ``<`` and ``&``
    but writes a control character of a file's name as it is, which no XML reader accepts)."""
    for element in root.iter():
        if element.text:
            element.text = xml_chars(element.text)
        for name, value in element.attrib.items():
            element.set(name, xml_chars(value))


class JunitWriter(_Collector):
    """JUnit XML: one test suite per input, one test case per finding (an error is a
    failure; warnings and infos pass, their message in ``system-out``), and a passing case
    for an input without findings."""

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        root = ElementTree.Element("testsuites", name="belote-replay")
        totals: dict[str, int] = defaultdict(int)
        for path, findings in self.files.items():
            suite = ElementTree.SubElement(root, "testsuite", name=path)
            counts = self._cases(suite, path, findings)
            for key, value in counts.items():
                suite.set(key, str(value))
                totals[key] += value
        for path, message in problems:
            if path in self.errors:
                continue  # a read error of an input already in its own suite
            suite = ElementTree.SubElement(root, "testsuite", name=path, tests="1", failures="0",
                                           errors="1")
            case = ElementTree.SubElement(suite, "testcase", name="read", classname=path)
            ElementTree.SubElement(case, "error", message=message)
            totals["tests"] += 1
            totals["errors"] += 1
        for key in ("tests", "failures", "errors"):
            root.set(key, str(totals[key]))
        _drop_what_xml_forbids(root)
        ElementTree.indent(root)
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                       + ElementTree.tostring(root, encoding="unicode") + "\n")
        self.out.flush()

    def _cases(self, suite: ElementTree.Element, path: str, findings: list[Finding]) -> dict[str, int]:
        counts = {"tests": 0, "failures": 0, "errors": 0}
        for f in findings:
            case = ElementTree.SubElement(suite, "testcase", name=f"{f.code} at {f.line}:{f.col}",
                                          classname=path, file=path, line=str(f.line))
            text = f.format_text()
            if f.severity == "error":
                failure = ElementTree.SubElement(case, "failure", message=f.text(), type=f.code)
                failure.text = text
                counts["failures"] += 1
            else:
                ElementTree.SubElement(case, "system-out").text = text
            counts["tests"] += 1
        error = self.errors.get(path)
        if error:
            case = ElementTree.SubElement(suite, "testcase", name="read", classname=path)
            ElementTree.SubElement(case, "error", message=error)
            counts["tests"] += 1
            counts["errors"] += 1
        if counts["tests"] == 0:
            ElementTree.SubElement(suite, "testcase", name="valid", classname=path)
            counts["tests"] = 1
        return counts
