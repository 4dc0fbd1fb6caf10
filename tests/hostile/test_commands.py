"""Issue 13, "done means": every reproducer through every command of the installed
``belote-replay`` that reads or writes it, in a subprocess: no traceback, no BEL099, peak memory
under 300 MB, a located finding where the input has a problem, the exit code of the command's
contract. Sizes are kept small enough for the suite (tests/hostile/measure.py runs the full
sizes of the issue)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.hostile.measure import commands, run
from tests.hostile.reproducers import REPRODUCERS, Reproducer

SIZES = {"tag-pairs": 20_000, "json-many-tricks": 500, "many-nags": 60_000, "many-comments": 60_000}
"""Smaller than the issue's where the size only makes the run longer (the limits are reached)."""
FINDING = {  # what `validate` must say, located, for the .bel reproducers with a problem
    "open-braces": "BEL002", "quote-escapes": "BEL001", "long-numbers": "BEL012",
    "many-nags": "BEL013", "many-comments": "BEL013", "bad-utf8-far": "BEL007",
    "show-syntax-error": "BEL001",
}
JSON_ERROR = {  # what `convert` must say of the JSON reproducers it refuses
    "json-long-number": r"line 1, column \d+: BEL801 a number of 5,000 digits",
    "json-deep": r"line 1, column \d+: BEL801 JSON nested more than",
    "json-surrogate": r"line 1, column \d+: BEL801 headers.0.value: .* lone surrogate",
    "json-negative": r"deal number -1",
    "json-crlf-comment": r"deck 'tarot' is unknown",
}
MAX_MEMORY_KB = 300 * 1024
MAX_CPU_SECONDS = 20.0
"""A hang detector, not a speed test: every run here takes about a second of CPU."""


def _run(args: list[str]) -> tuple[int, str, int, float]:
    """(exit code, output, peak kB, CPU seconds) of one command."""
    _, cpu, peak, code, out = run(args, timeout=300)
    assert code != "timeout", f"belote-replay {' '.join(args)} did not finish"
    return int(code), out, peak, cpu


@pytest.mark.slow  # every command on every reproducer: about 40 s
@pytest.mark.parametrize("case", REPRODUCERS, ids=lambda r: f"{r.item:02d}-{r.name}")
def test_every_command_survives_the_reproducer(case: Reproducer, tmp_path: Path) -> None:
    data = case.make(SIZES.get(case.name, case.size))
    json_input = case.suffix == ".json"
    runs = []
    for label, args in commands(tmp_path / f"in{case.suffix}", json_input)[:-1]:  # not "convert back"
        folder = tmp_path / label.replace(" ", "_")
        folder.mkdir()
        (folder / f"in{case.suffix}").write_bytes(data)
        runs.append((label, [a.replace(str(tmp_path), str(folder)) for a in args], folder))
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda run: _run(run[1]), runs))
    for (label, _, folder), (code, out, peak, cpu) in zip(runs, results, strict=True):
        where = f"{label}: exit {code}, {peak // 1024} MB, {cpu:.1f} s CPU\n{out[:2000]}"
        assert "Traceback" not in out and "BEL099" not in out, where
        assert code in (0, 1, 2) and peak < MAX_MEMORY_KB and cpu < MAX_CPU_SECONDS, where
        if label.startswith("validate") and case.name in FINDING:
            assert code == 1 and re.search(rf":\d+:\d+: error {FINDING[case.name]} ", out), where
        if label.startswith("convert") and json_input:
            if case.name in JSON_ERROR:  # exit 1: a located finding, or 2: nothing could be read
                assert code in (1, 2) and re.search(JSON_ERROR[case.name], out), where
            else:
                assert code == 0, where
                back = _run(["convert", str(folder / "in.json.bel"), "-o", str(folder / "back.json")])
                assert back[0] == 0, back
        if label.startswith("convert") and not json_input and code == 0:
            back = _run(["convert", str(folder / "in.bel.json"), "-o", str(folder / "back.bel")])
            assert back[0] == 0, back
