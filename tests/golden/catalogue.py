"""Which outputs the golden test pins, how each is produced, and how it is compared.

One owner for ``tools/make_golden.py`` (which records the reference digests) and
``tests/golden/test_golden.py`` (which checks them): both run the same commands through
:func:`outputs_of`, so the reference and the check cannot drift apart.

Every command runs ``belote-replay`` in-process through click's ``CliRunner`` (the same click
command the console script runs; ``tools/make_golden.py --via subprocess`` runs the installed
console script instead and must give the same digests). Each output is kept as its exit code, its
standard output, its standard error and, for commands that write a file (``render -o``, ``fmt``'s
rewrite in place), the file written, each as a SHA-256 digest and a size.

What truly varies from run to run is normalised, nothing else (found by running twice, with
different hash seeds): the time ``validate``'s summary gives (``in 0.13s, 85 deals/s.`` in text,
``"seconds": 0.132`` in JSON, JSON lines and SARIF). Paths are relative: the commands run from the
folder that holds the input and name it by a relative path.

JSON outputs ("JSON apart from fields you add"): besides the digest of the bytes, the reference
keeps the key paths each kind of JSON output has today (``deals[].tricks[].cards``: list indices
folded to ``[]``) and the digest of the canonical dump of the document. When the bytes differ,
the check drops every key whose path is not among today's, dumps the rest canonically and
compares that digest: a new key passes, a changed, missing or reordered value does not.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "samples"
DIGESTS = Path(__file__).resolve().parent / "digests.json"

RULE_SYSTEMS = ("moroccan", "classic", "gameduell", "traditional", "contree", "coinche")
"""Every preset of ``belote_notation.game.rules.PRESETS`` (the test checks the list is whole)."""
GENERATED_DEALS = 10_000
GENERATED_SEED = 32
"""The seed of the generated files (issue 32)."""

_VALIDATE = ["validate", "--isolated", "--no-source", "--color", "never", "--no-progress"]

# name -> (arguments after ``belote-replay``, with {in} the input and {out} a file to write;
#          kind of output: "text" or "json" (one document) or "jsonl" (a document a line)).
COMMANDS: dict[str, tuple[list[str], str]] = {
    "validate-text": ([*_VALIDATE, "{in}"], "text"),
    "validate-statistics": ([*_VALIDATE, "--statistics", "{in}"], "text"),
    "validate-json": ([*_VALIDATE, "--format", "json", "{in}"], "json"),
    "validate-jsonl": ([*_VALIDATE, "--format", "jsonl", "{in}"], "jsonl"),
    "validate-sarif": ([*_VALIDATE, "--format", "sarif", "{in}"], "json"),
    "validate-github": ([*_VALIDATE, "--format", "github", "{in}"], "text"),
    "validate-junit": ([*_VALIDATE, "--format", "junit", "{in}"], "text"),
    "show-text": (["show", "{in}"], "text"),
    "show-ascii": (["show", "--ascii", "{in}"], "text"),
    "show-json": (["show", "--format", "json", "{in}"], "json"),
    "render-page": (["render", "{in}", "-o", "{out}"], "text"),
    "render-page-fr": (["render", "--lang", "fr", "{in}", "-o", "{out}"], "text"),
    "render-svg-deal": (["render", "--svg", "--deal", "1", "{in}", "-o", "{out}"], "text"),
    "render-svg-trick": (["render", "--svg", "--deal", "1", "--trick", "4", "{in}", "-o", "{out}"], "text"),
    "fmt-stdout": (["fmt", "-"], "text"),
    "fmt-file": (["fmt", "--no-progress", "{copy}"], "text"),
    "convert-json": (["convert", "{in}", "--to", "json", "--no-progress"], "json"),
    "convert-bel": (["convert", "{in}", "--to", "bel", "--no-progress"], "text"),
    "stats-text": (["stats", "{in}"], "text"),
    "stats-json": (["stats", "--format", "json", "{in}"], "json"),
    "dedupe-bel": (["dedupe", "{in}"], "text"),
    "select-bel": (["select", "--taker", "N", "{in}"], "text"),
    "select-deals": (["select", "--output-deals", "--taker", "N", "{in}"], "text"),
}

DOCS_URL_ENV = "BELOTE_REPLAY_DOCS_URL"
DOCS_URL = "https://belote-notation.invalid/docs/findings.md"
"""Where every run says the finding codes are documented (SARIF's ``helpUri``): unset, it is the
``file:`` URI of the installed ``findings.md``, a path of the checkout that differs from machine
to machine (pipeline/output/ci.py ``DOCS_URL_ENV``)."""

SLOW_LEFT_OUT = frozenset({"render-page-fr", "show-ascii", "convert-bel"})
"""Left out on the generated files (each a second spelling of an output kept there): the
10,000-deal part stays within minutes."""

_TIMINGS = [
    (re.compile(rb" in \d+\.\d\ds(, [\d,]+ deals/s)?\."), rb" in <seconds>."),
    (re.compile(rb'"seconds": ?-?\d+(\.\d+)?(e-?\d+)?'), rb'"seconds": 0'),
]


def normalise(data: bytes) -> bytes:
    """``data`` with what varies from run to run (the time ``validate`` took) made constant.

    >>> normalise(b'1 file, 11 deals: no finding in 0.13s, 85 deals/s.')
    b'1 file, 11 deals: no finding in <seconds>.'
    >>> normalise(b'{"unreadable": 0, "seconds": 0.132}')
    b'{"unreadable": 0, "seconds": 0}'
    """
    for pattern, replacement in _TIMINGS:
        data = pattern.sub(replacement, data)
    return data


def digest(data: bytes) -> str:
    """``sha256:HEX/SIZE`` of ``data``."""
    return f"sha256:{hashlib.sha256(data).hexdigest()}/{len(data)}"


@dataclass
class Output:
    """What one command gave: its exit code and its streams (and the file it wrote), normalised."""

    exit_code: int
    streams: dict[str, bytes]
    """``stdout``, ``stderr`` and, when the command wrote one, ``file``."""


def _arguments(template: list[str], name: str, out: str) -> list[str]:
    return [{"{in}": name, "{out}": out, "{copy}": name}.get(part, part) for part in template]


@contextmanager
def _inside(folder: Path) -> Iterator[None]:
    before = os.getcwd()
    address = os.environ.get(DOCS_URL_ENV)
    os.chdir(folder)
    os.environ[DOCS_URL_ENV] = DOCS_URL
    try:
        yield
    finally:
        os.chdir(before)
        if address is None:
            os.environ.pop(DOCS_URL_ENV, None)
        else:
            os.environ[DOCS_URL_ENV] = address


def run_command(command: str, source: Path, work: Path, via: str = "inprocess") -> Output:
    """Run ``command`` of :data:`COMMANDS` on ``source`` from a fresh folder under ``work``.

    The input is copied into that folder and named by its bare file name, so that no output holds
    a path of this machine; ``fmt-file`` rewrites that copy in place.
    """
    template, _kind = COMMANDS[command]
    folder = work / command
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    name = source.name
    shutil.copyfile(source, folder / name)
    out = "written.out"
    args = _arguments(template, name, out)
    stdin = source.read_bytes() if args[-1] == "-" else b""
    if via == "subprocess":
        console = Path(sys.executable).with_name("belote-replay")
        done = subprocess.run([str(console), *args], cwd=folder, input=stdin, capture_output=True,
                              env={**os.environ, DOCS_URL_ENV: DOCS_URL})
        exit_code, stdout, stderr = done.returncode, done.stdout, done.stderr
    else:
        exit_code, stdout, stderr = _in_process(args, folder, stdin)
    streams = {"stdout": normalise(stdout), "stderr": normalise(stderr)}
    if "{out}" in template:
        written = folder / out
        if written.exists():
            streams["file"] = written.read_bytes()
    if "{copy}" in template:
        streams["file"] = (folder / name).read_bytes()
    shutil.rmtree(folder, ignore_errors=True)
    return Output(exit_code, streams)


def _in_process(args: list[str], folder: Path, stdin: bytes) -> tuple[int, bytes, bytes]:
    from click.testing import CliRunner

    from belote_replay.main import cli

    with _inside(folder):
        result = CliRunner().invoke(cli, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.stdout_bytes, result.stderr_bytes


# ---------------------------------------------------------------------------------------------
# JSON compared as structure: today's key paths, and the canonical dump pruned to them.

def _documents(data: bytes, kind: str) -> list[Any]:
    if kind == "jsonl":
        return [json.loads(line) for line in data.splitlines() if line.strip()]
    return [json.loads(data)]


def key_paths(value: Any, prefix: str = "") -> Iterator[str]:
    """The key paths of ``value``, list indices folded to ``[]``.

    >>> sorted(key_paths({"a": [{"b": 1}, {"c": 2}], "d": {}}))
    ['a', 'a[].b', 'a[].c', 'd']
    """
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            yield from key_paths(item, path)
    elif isinstance(value, list):
        for item in value:
            yield from key_paths(item, prefix + "[]")


def pruned(value: Any, known: frozenset[str], prefix: str = "") -> Any:
    """``value`` without the keys whose path is not in ``known`` (the fields added since).

    >>> pruned({"a": 1, "new": 2, "b": [{"c": 3, "new": 4}]}, frozenset({"a", "b", "b[].c"}))
    {'a': 1, 'b': [{'c': 3}]}
    """
    if isinstance(value, dict):
        kept = {}
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            if path in known:
                kept[key] = pruned(item, known, path)
        return kept
    if isinstance(value, list):
        return [pruned(item, known, prefix + "[]") for item in value]
    return value


def canonical(documents: list[Any]) -> bytes:
    """One canonical dump of ``documents`` (keys in their order, compact, UTF-8)."""
    return b"\n".join(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
                      for document in documents)


def json_kind(command: str) -> str | None:
    """``json`` or ``jsonl`` when ``command``'s standard output is JSON, else ``None``."""
    kind = COMMANDS[command][1]
    return kind if kind in ("json", "jsonl") else None


def parsed(data: bytes, kind: str) -> list[Any] | None:
    """The JSON documents of ``data``, or ``None`` when it is not JSON (an error message)."""
    try:
        return _documents(data, kind)
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------
# The inputs.

def sample_files() -> list[Path]:
    """Every file under ``samples/`` but the READMEs, sorted: all kinds, none left out."""
    return sorted(path for path in SAMPLES.rglob("*")
                  if path.is_file() and path.name != "README.md")


def sample_key(path: Path) -> str:
    return path.relative_to(SAMPLES).as_posix()


def generate(rules: str, folder: Path, via: str = "inprocess") -> Path:
    """The seeded file of :data:`GENERATED_DEALS` deals of ``rules``, written in ``folder``."""
    target = folder / f"generated-{rules}.bel"
    args = ["generate", "--rules", rules, "--deals", str(GENERATED_DEALS), "--seed", str(GENERATED_SEED),
            "--no-progress", "-o", target.name]
    if via == "subprocess":
        console = Path(sys.executable).with_name("belote-replay")
        subprocess.run([str(console), *args], cwd=folder, check=True)
    else:
        exit_code, _out, err = _in_process(args, folder, b"")
        if exit_code != 0:
            raise RuntimeError(f"generate --rules {rules} failed: {err.decode(errors='replace')}")
    return target


def commands_for(generated: bool) -> list[str]:
    return [name for name in COMMANDS if not (generated and name in SLOW_LEFT_OUT)]


def dump_reference(reference: dict[str, Any]) -> str:
    """``reference`` as the text of ``digests.json``: one line per output of an input, so that a
    change on purpose reads as a diff of the lines of the outputs that changed."""
    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{"]
    keys = list(reference)
    for k, key in enumerate(keys):
        end = "," if k < len(keys) - 1 else ""
        value = reference[key]
        if key not in ("samples", "generated"):
            lines.append(f" {compact(key)}: {compact(value)}{end}")
            continue
        lines.append(f" {compact(key)}: {{")
        lines.append('  "json_paths": {')
        paths = list(value["json_paths"].items())
        lines.extend(f"   {compact(command)}: {compact(seen)}{',' if i < len(paths) - 1 else ''}"
                     for i, (command, seen) in enumerate(paths))
        lines.append("  },")
        lines.append('  "outputs": {')
        inputs = list(value["outputs"].items())
        for i, (name, entries) in enumerate(inputs):
            lines.append(f"   {compact(name)}: {{")
            if "file" in entries and "outputs" in entries:  # a generated input: its file's digest too
                lines.append(f'    "file": {compact(entries["file"])},')
                lines.append('    "outputs": {')
                commands, close, indent = list(entries["outputs"].items()), "    }", "     "
            else:
                commands, close, indent = list(entries.items()), None, "    "
            lines.extend(f"{indent}{compact(command)}: {compact(entry)}{',' if j < len(commands) - 1 else ''}"
                         for j, (command, entry) in enumerate(commands))
            if close:
                lines.append(close)
            lines.append(f"   }}{',' if i < len(inputs) - 1 else ''}")
        lines.append("  }")
        lines.append(f" }}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_reference() -> dict[str, Any]:
    with open(DIGESTS, encoding="utf-8") as handle:
        reference: dict[str, Any] = json.load(handle)
    return reference


# ---------------------------------------------------------------------------------------------
# Recording and comparing one input's outputs.

Recorded = tuple[dict[str, Any], dict[str, set[str]]]


def record(source: Path, work: Path, commands: list[str], via: str = "inprocess") -> Recorded:
    """The reference entries of ``source``'s outputs, and the JSON key paths seen per command."""
    entries: dict[str, Any] = {}
    paths: dict[str, set[str]] = {}
    for command in commands:
        output = run_command(command, source, work, via)
        entry: dict[str, Any] = {"exit": output.exit_code}
        for stream, data in output.streams.items():
            entry[stream] = digest(data)
        kind = json_kind(command)
        documents = parsed(output.streams["stdout"], kind) if kind else None
        if documents is not None:
            entry["canonical"] = digest(canonical(documents))
            paths.setdefault(command, set()).update(p for d in documents for p in key_paths(d))
        entries[command] = entry
    return entries, paths


def differences(source: Path, work: Path, expected: dict[str, Any],
                json_paths: dict[str, list[str]]) -> list[str]:
    """What differs between ``source``'s outputs now and the ``expected`` entries (empty: none)."""
    found = []
    for command, entry in expected.items():
        output = run_command(command, source, work)
        if output.exit_code != entry["exit"]:
            found.append(f"{command}: exit {output.exit_code}, was {entry['exit']}")
        for stream in ("stdout", "stderr", "file"):
            now = output.streams.get(stream)
            was = entry.get(stream)
            if now is None or was is None:
                if (now is None) != (was is None):
                    found.append(f"{command}: {stream} {'missing' if now is None else 'new'}")
                continue
            if digest(now) == was:
                continue
            if stream == "stdout" and "canonical" in entry and _same_structure(command, now, entry,
                                                                                json_paths):
                continue
            found.append(f"{command}: {stream} is {digest(now)}, was {was}")
    return found


def _same_structure(command: str, data: bytes, entry: dict[str, Any],
                    json_paths: dict[str, list[str]]) -> bool:
    kind = json_kind(command)
    documents = parsed(data, kind) if kind else None
    if documents is None:
        return False
    known = frozenset(json_paths.get(command, ()))
    return digest(canonical([pruned(d, known) for d in documents])) == entry["canonical"]
