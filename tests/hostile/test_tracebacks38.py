"""Issue 38, the listed tracebacks: each is now a located message or the right output.

* ``convert --to csv`` of the shipped, clean ``samples/contree/sans-atout-tout-atout.bel``
  (``IndexError``: a sans-atout trump named as a suit);
* ``annotate`` of a JSON twin with a negative deal number (``NotationWriteError``);
* ``convert``/``select --cluster`` on alternative lines nested 80 deep (the workers could not
  pickle the records; the serial run works).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests.cli.cli_support import run_belote
from tests.formats.helpers import ROOT
from tests.hostile.reproducers import nested_bel

CONTREE = ROOT / "samples" / "contree" / "sans-atout-tout-atout.bel"


def test_a_contree_game_with_sans_atout_and_tout_atout_converts_to_csv(tmp_path: Path) -> None:
    out = tmp_path / "deals.csv"
    done = run_belote("convert", str(CONTREE), "--to", "csv", "-o", str(out))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert {row["trump"] for row in rows} >= {"SA", "TA"}
    assert all(row["trump"] in {"", "S", "H", "D", "C", "SA", "TA"} for row in rows)


def test_annotate_of_a_json_twin_with_a_negative_deal_number_says_where(tmp_path: Path) -> None:
    twin = tmp_path / "game.json"
    converted = run_belote("convert", str(ROOT / "samples" / "classic" / "capot-and-belote.bel"),
                           "-o", str(twin))
    assert converted.returncode == 0, converted.stderr
    data = json.loads(twin.read_text("utf-8"))
    data["games"][0]["deals"][0]["number"] = -3
    twin.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "reviewed.bel"
    done = run_belote("annotate", str(twin), "-o", str(out))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert (f"{twin}:1:1: game 1 cannot be written as .bel: deal number -3 is not a number the "
            "notation reads") in done.stderr
    assert not out.exists()


@pytest.mark.cluster
@pytest.mark.parametrize("command", ["convert", "select"])
def test_deeply_nested_lines_on_the_cluster_give_the_serial_output(tmp_path: Path, command: str) -> None:
    deep = tmp_path / "deep.bel"
    deep.write_bytes(nested_bel(80))
    suffix = ".json" if command == "convert" else ".bel"
    serial, clustered = tmp_path / f"serial{suffix}", tmp_path / f"cluster{suffix}"
    alone = run_belote(command, str(deep), "-o", str(serial))
    assert alone.returncode == 0, alone.stderr
    done = run_belote(command, str(deep), "-o", str(clustered), "--cluster", "local:1")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert clustered.read_bytes() == serial.read_bytes()
