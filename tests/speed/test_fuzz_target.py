"""The fuzz target ``speed`` (fuzz/speed.py) on its seeds and on mutated inputs, as CI's short
fuzzing run starts it: the compiled and the pure-Python paths agree."""

from __future__ import annotations

import random

from fuzz.corpus import seeds
from fuzz.speed import both_paths, reports_of
from fuzz.targets import TARGETS


def test_the_target_is_registered() -> None:
    assert TARGETS["speed"] is both_paths


def test_both_paths_agree_on_the_seeds_and_their_mutations() -> None:
    found = list(seeds("speed"))
    assert any(name.startswith("generated-") for name, _ in found)
    rng = random.Random(23)
    checked = 0
    for _, data in found[:40]:
        both_paths(data)
        cut = bytearray(data)
        for _ in range(3):  # what libFuzzer does first: bytes changed, inserted, removed
            at = rng.randrange(len(cut) or 1)
            cut[at:at + 1] = bytes([rng.randrange(256)]) if rng.random() < 0.7 else b""
        both_paths(bytes(cut))
        checked += 2
    assert checked >= 40


def test_the_reports_compared_are_the_validate_reports() -> None:
    reports = reports_of(b"deal 1 dealer N\ntrick 1 N:AS E:ZZ\nend\n")
    assert [r["game"] for r in reports] == [1]
    assert any(f["code"].startswith("BEL0") for f in reports[0]["findings"])
