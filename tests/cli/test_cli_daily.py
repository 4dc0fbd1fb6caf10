"""The everyday command line: `rule`, text on a terminal (caret, colour), narrow consoles,
the JSON twin in `validate` and `fmt`, `fmt -` and `--diff`, progress, "did you mean"."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from belote_notation.check.codes import CODES
from belote_notation.check.findings import Finding
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.jsonio import games_to_json_text
from tests.cli.cli_support import BIN, ROOT, SAMPLES

INVALID = SAMPLES / "invalid"
BEL303 = INVALID / "BEL303-did-not-follow.bel"
FINDING = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): "
                     r"(?P<severity>\w+) (?P<code>BEL\d{3}) (?P<message>.*)$")
LENIENT = ('[Rules "classic"]\nDeal 1 Dealer s\ncinq n 7♥ 8♥ d♥ d♦ v♣\n'
           "pli 1 w:8♦ n:D♦ e:7♦ s:9♦ gagne n\nmarque 64 98\nfin *\n")
CANONICAL = ('[Rules "classic"]\n\ndeal 1 dealer S\ntafr9a N 7H 8H QH QD JC\n'
             "trick 1 W:8D N:QD E:7D S:9D winner N\nscore 64 98\n\nend *\n")

pytest_plugins = ["tests.cli.cli_fixture"]  # the `belote` fixture


def findings(output: str) -> list[tuple[str, str, str]]:
    return [(m["severity"], m["code"], m["message"]) for line in output.splitlines()
            if (m := FINDING.match(line))]


# ----------------------------------------------------------------------------- rule
def _section(code: str) -> str:
    text = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    return text.split(f"### {code}\n", 1)[1].split("\n#", 1)[0].strip()


def test_rule_prints_the_documentation_of_a_code(belote) -> None:
    result = belote("rule", "BEL303")
    assert result.returncode == 0
    assert result.stdout.startswith("BEL303 (error, play): did not follow the suit led\n")
    assert "N did not follow ♠: held 9♠, Q♠, K♠" in result.stdout
    assert _section("BEL303").splitlines()[0].replace("**", "") in result.stdout
    assert "    + trick 2 E:8S S:7S W:JS N:8C\n" in result.stdout  # the example, indented
    assert belote("rule", "303").stdout == result.stdout


def test_rule_all_and_unknown_codes(belote) -> None:
    every = belote("rule", "--all").stdout
    assert all(f"\n{code} (" in "\n" + every for code in CODES)
    unknown = belote("rule", "BEL33")
    assert unknown.returncode == 2 and "did you mean 'BEL303'?" in unknown.stderr
    assert belote("rule").returncode == 2


def test_the_shipped_documentation_is_docs_findings_md() -> None:
    """``rule`` reads the package's findings.md; it must be docs/findings.md's text (a link in
    the repository, a copy in a wheel), not a stale copy nor the link's target path."""
    shipped = resources.files("belote_replay").joinpath("findings.md").read_text(encoding="utf-8")
    assert shipped == (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"belote_replay" = ["findings.md"]' in pyproject


def test_help_points_at_rule_not_at_the_repository(belote) -> None:
    text = belote("validate", "--help").stdout
    assert "belote-replay rule" in text and "docs/findings.md" not in text


def test_str_of_a_finding_is_its_line() -> None:
    finding = Finding("BEL301", "error", "W did not overtrump", "club.bel", 41, 17, game=1, deal=3)
    assert str(finding) == "club.bel:41:17: error BEL301 W did not overtrump"


# ----------------------------------------------------------------------------- terminal
def _on_a_terminal(*args: str, env: dict[str, str]) -> str:
    """Run with stdout on a pseudo-terminal; returns what the terminal shows."""
    leader, follower = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | env
    process = subprocess.Popen([str(BIN), *args], stdout=follower, stderr=subprocess.PIPE,
                               env=environment)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_terminal_shows_the_source_line_with_a_caret_in_colour() -> None:
    shown = _on_a_terminal("validate", "--no-progress", str(BEL303), env={"TERM": "xterm"})
    lines = shown.splitlines()
    assert "\x1b[1;31merror\x1b[0m" in lines[0] and "BEL303" in lines[0]
    assert lines[1].endswith("| \x1b[0mtrick 2 S:7H W:AC N:9S E:9H winner W")
    caret = re.sub(r"\x1b\[[0-9;]*m", "", lines[2])
    source = re.sub(r"\x1b\[[0-9;]*m", "", lines[1])
    assert caret.index("^") == source.index("N:9S")  # column 19, under the card played
    plain = _on_a_terminal("validate", "--no-progress", str(BEL303), env={"NO_COLOR": "1"})
    assert "\x1b[" not in plain and "^" in plain  # NO_COLOR: no colour, still the caret


def test_colour_and_source_are_off_in_a_pipe_unless_asked(belote) -> None:
    piped = belote("validate", BEL303).stdout
    assert "\x1b[" not in piped and "^" not in piped
    forced = belote("validate", "--color", "always", "--source", BEL303).stdout
    assert "\x1b[1;31m" in forced and "   43 | trick 2" in re.sub(r"\x1b\[[0-9;]*m", "", forced)


# ----------------------------------------------------------------------------- narrow consoles
def test_a_cp1252_console_gets_letters_not_a_traceback(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with open(out, "wb") as handle:
        done = subprocess.run([str(BIN), "validate", str(BEL303)], stdout=handle, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONIOENCODING": "cp1252"}, timeout=120)
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr, done.stderr
    text = out.read_bytes().decode("cp1252")
    assert f"{BEL303}:43:19: error BEL303 N did not follow H: held 10H, KH" in text
    rule = subprocess.run([str(BIN), "rule", "BEL303"], capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert rule.returncode == 0 and b"held 9S, QS, KS" in rule.stdout


def test_fmt_writes_utf8_whatever_the_locale(belote, tmp_path: Path) -> None:
    path = tmp_path / "a.bel"
    path.write_text(LENIENT.replace("fin *", "{belote à ♠}\nfin *"), encoding="utf-8")
    narrow = {"PYTHONIOENCODING": "cp1252", "LC_ALL": "C", "PYTHONUTF8": "0"}
    assert belote("fmt", path, env=narrow).returncode == 0
    assert "{belote à ♠}" in path.read_bytes().decode("utf-8")
    piped = subprocess.run([str(BIN), "fmt", "-"], input=LENIENT.encode("utf-8"), capture_output=True,
                           env={**os.environ, **narrow}, timeout=120)
    assert piped.returncode == 0 and piped.stdout.decode("utf-8") == CANONICAL


# ----------------------------------------------------------------------------- the JSON twin
@pytest.mark.parametrize("sample", ["BEL303-did-not-follow.bel", "BEL503-wrong-deal-score.bel",
                                    "BEL406-belote-not-held.bel"])
def test_validate_json_twin_gives_the_same_findings(belote, tmp_path: Path, sample: str) -> None:
    source = INVALID / sample
    twin = tmp_path / (source.stem + ".json")
    twin.write_text(games_to_json_text(p.game for p in parse_text(source.read_text("utf-8"))),
                    encoding="utf-8")
    as_bel, as_json = belote("validate", source), belote("validate", twin)
    assert as_json.returncode == as_bel.returncode == 1
    assert findings(as_json.stdout) == findings(as_bel.stdout) != []
    if sample != "BEL303-did-not-follow.bel":
        return
    # by content too: a twin without the extension, and on stdin
    sniffed = tmp_path / "twin.txt"
    sniffed.write_bytes(twin.read_bytes())
    assert findings(belote("validate", sniffed).stdout) == findings(as_bel.stdout)
    assert findings(belote("validate", "-", input=twin.read_bytes()).stdout) == findings(as_bel.stdout)


def test_validate_json_twin_with_worker_processes_and_json_output(belote, tmp_path: Path) -> None:
    twin = tmp_path / "x.json"
    twin.write_text(games_to_json_text(p.game for p in parse_text(BEL303.read_text("utf-8"))),
                    encoding="utf-8")
    assert findings(belote("validate", "-j", "2", twin, BEL303).stdout).count(
        ("error", "BEL303", "N did not follow ♥: held 10♥, K♥")) == 2
    document = json.loads(belote("validate", "--format", "json", twin).stdout)
    assert [f["code"] for f in document["files"][0]["games"][0]["findings"]] == ["BEL303"]


def test_a_broken_json_twin_is_a_finding_of_that_input(belote, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"games": [{"deals": 3}]}', encoding="utf-8")
    result = belote("validate", broken)
    assert result.returncode == 2  # issue 22 item 12: no game read from it: unreadable, as the help says
    # issue 31: a game that cannot be read is an error
    assert f"{broken}:" in result.stdout and "error BEL801 not a valid game" in result.stdout
    beside = tmp_path / "fine.bel"
    beside.write_text(CANONICAL, encoding="utf-8")
    assert belote("validate", broken, beside).returncode == 1  # unreadable among others: 1


def test_fmt_keeps_the_json_twin_a_json_twin(belote, tmp_path: Path) -> None:
    twin = tmp_path / "x.json"
    twin.write_text(json.dumps(json.loads(games_to_json_text(p.game for p in parse_text(CANONICAL))),
                               indent=4), encoding="utf-8")
    assert belote("fmt", "--check", twin).returncode == 1
    assert belote("fmt", twin).returncode == 0
    assert twin.read_text("utf-8") == games_to_json_text(p.game for p in parse_text(CANONICAL)) + "\n"
    assert belote("fmt", "-", input=twin.read_bytes()).stdout == twin.read_text("utf-8")


# ----------------------------------------------------------------------------- fmt - and --diff
def test_fmt_stdin_to_stdout(belote) -> None:
    result = belote("fmt", "-", input=LENIENT)
    assert result.returncode == 0 and result.stdout == CANONICAL
    broken = belote("fmt", "-", input=LENIENT.replace("7♦", "7X"))
    assert broken.returncode == 2 and broken.stdout == "" and "<stdin>:4:" in broken.stderr
    assert belote("fmt", "--check", "-", input=LENIENT).returncode == 1
    assert belote("fmt", "--check", "-", input=CANONICAL).returncode == 0


def test_fmt_diff_shows_what_would_change_and_writes_nothing(belote, tmp_path: Path) -> None:
    path = tmp_path / "a.bel"
    path.write_text(LENIENT, encoding="utf-8")
    result = belote("fmt", "--diff", path)
    assert result.returncode == 1
    assert f"--- {path}\t(original)\n+++ {path}\t(formatted)\n" in result.stdout
    assert "-pli 1 w:8♦ n:D♦ e:7♦ s:9♦ gagne n\n" in result.stdout
    assert "+trick 1 W:8D N:QD E:7D S:9D winner N\n" in result.stdout
    assert path.read_text("utf-8") == LENIENT
    assert list(tmp_path.iterdir()) == [path]
    path.write_text(CANONICAL, encoding="utf-8")
    same = belote("fmt", "--diff", path)
    assert same.returncode == 0 and same.stdout == ""
    stdin = belote("fmt", "--diff", "-", input=LENIENT)
    assert stdin.returncode == 1 and "+score 64 98\n" in stdin.stdout


# ----------------------------------------------------------------------------- progress
def test_progress_forced_when_stderr_is_not_a_terminal(belote, tmp_path: Path) -> None:
    generated = belote("generate", "--deals", "60", "--progress", "-o", tmp_path / "g.bel")
    assert generated.returncode == 0
    assert re.search(r"^generating: 100% \(60 of 60 deals\), \d+ games \[\d+s\]$", generated.stderr, re.M)
    assert "generating" not in belote("generate", "--deals", "5", "-o", tmp_path / "h.bel").stderr
    assert "generating" not in belote("generate", "--deals", "5", "--no-progress").stderr

    checked = belote("validate", "--progress", tmp_path / "g.bel")
    assert checked.returncode == 0
    assert re.search(r"^validating: 100% \([\d,]+ of [\d,]+ bytes\), \d+ games, 60 deals",
                     checked.stderr, re.M)
    assert "validating" not in belote("validate", tmp_path / "g.bel").stderr

    (tmp_path / "h.bel").write_text(LENIENT, encoding="utf-8")
    formatted = belote("fmt", "--progress", tmp_path / "g.bel", tmp_path / "h.bel")
    assert re.search(r"^formatting: 100% \(2 of 2 files\)", formatted.stderr, re.M)


# ----------------------------------------------------------------------------- did you mean
def test_did_you_mean(belote, tmp_path: Path) -> None:
    command = belote("valdate", BEL303)
    assert command.returncode == 2
    assert "No such command 'valdate' (did you mean 'validate'?)" in command.stderr
    option = belote("validate", "--stirct", BEL303)
    assert option.returncode == 2 and "--strict" in option.stderr
    rules = belote("validate", "--rules", "moroccn", BEL303)
    assert rules.returncode == 2 and "did you mean 'moroccan'?" in rules.stderr
    name = belote("validate", "--option", "traget=500", BEL303)
    assert name.returncode == 2 and "unknown rule option 'traget' (did you mean 'target'?)" in name.stderr
    value = belote("generate", "--option", "both_past_target=takers_wn", "--deals", "1")
    assert value.returncode == 2 and "did you mean 'takers_win'?" in value.stderr
