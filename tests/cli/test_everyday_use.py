"""Issue 8, the library half, as a user meets it: ``belote-replay`` run as a command.

Assumptions said once, seats left out inferred from the hands, Spanish card names.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
BIN = Path(sys.executable).parent / "belote-replay"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, encoding="utf-8",
                          input=stdin, timeout=120, check=False)


def findings(path: Path, *options: str) -> list[dict]:
    done = run("validate", "--format", "json", "--no-progress", *options, str(path))
    assert done.returncode in (0, 1), done.stderr
    return [f for file in json.loads(done.stdout)["files"] for game in file["games"]
            for f in game["findings"]]


def without_lines(path: Path, *prefixes: str) -> str:
    return "".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                   if not line.startswith(prefixes))


# ----------------------------------------------------------------------------- assumptions
def test_a_moroccan_record_without_rules_says_once_what_was_assumed(tmp_path: Path) -> None:
    path = tmp_path / "club.bel"
    path.write_text(without_lines(SAMPLES / "moroccan" / "club-match-1.bel", "[Rules "), encoding="utf-8")
    found = findings(path)
    assert [(f["code"], f["severity"]) for f in found] == [("BEL912", "info")]
    assert "moroccan" in found[0]["message"] and '[Rules "moroccan"]' in found[0]["message"]
    assert "--rules" in found[0]["message"]
    # stated on the command line: nothing is assumed, nothing is said
    assert findings(path, "--rules", "moroccan") == []


def test_a_record_without_rules_nor_deck_is_checked_as_classic_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "partie.bel"
    path.write_text(without_lines(SAMPLES / "classic" / "partie-1.bel", "[Rules ", "[Deck "),
                    encoding="utf-8")
    found = findings(path)
    assert [f["code"] for f in found] == ["BEL912"]
    assert '[Rules "classic"]' in found[0]["message"]


# ----------------------------------------------------------------------------- seats left out
SWAPPED = ("trick 1 W:QH N:8H E:JH S:AH winner S", "trick 1 W:QH E:JH N:8H S:AH winner S")


def test_seats_left_out_give_the_same_findings_as_seats_written(tmp_path: Path) -> None:
    text = (SAMPLES / "invalid" / "BEL303-did-not-follow.bel").read_text(encoding="utf-8")
    assert SWAPPED[0] in text
    seated = text.replace(*SWAPPED)  # one more mistake: E's card written before N's
    seatless = re.sub(r"^(trick \d+)(.*?)( winner)", lambda m: m[1] + re.sub(r" [NESW]:", " ", m[2]) + m[3],
                      seated, flags=re.M)
    assert not re.search(r"^trick .*[NESW]:", seatless, re.M)
    (tmp_path / "seated.bel").write_text(seated, encoding="utf-8")
    (tmp_path / "seatless.bel").write_text(seatless, encoding="utf-8")
    with_seats = [(f["code"], f["line"], f["message"]) for f in findings(tmp_path / "seated.bel")]
    without = [(f["code"], f["line"], f["message"]) for f in findings(tmp_path / "seatless.bel")]
    assert without == with_seats
    assert [code for code, _, _ in with_seats] == ["BEL301", "BEL301", "BEL301", "BEL303"]


# ----------------------------------------------------------------------------- Spanish names
def test_spanish_deck_findings_use_spanish_names(tmp_path: Path) -> None:
    found = findings(SAMPLES / "invalid" / "BEL203-forced-take-refused.bel")
    assert [f["code"] for f in found] == ["BEL203"]
    message = found[0]["message"]
    assert "10C" in message and not re.search("[♠♥♦♣]", message), message
