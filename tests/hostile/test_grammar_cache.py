"""Issue 38: the grammar's per-user cache cannot be used against its reader.

Each case fills a cache folder with a real run, then plants what an attacker would in place of
every file there (a pickle that leaves a marker, a FIFO, a pattern that backtracks
exponentially), and runs ``belote-replay validate`` in a fresh process: no code runs, nothing
hangs, nothing slows, and the findings are those of a run without a cache. A folder that others
may write or that another user owns is not used at all."""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from belote_notation.notation.grammar_cache import CACHE_ENV

# A lenient file: it is read through the parser (the general path), which the cache serves.
LENIENT = "[event \"night\"]\n\ndonne 1 donneur n xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\npli 1 n:as e:7s s:8s w:9s\n"
HOSTILE_PATTERN = "(?:x+x+)+y"


def validate(path: Path, cache: Path | str, timeout: float = 60) -> tuple[int, str]:
    """(exit code, output) of ``validate --jobs 1`` on ``path`` in a fresh process."""
    env = {**os.environ, CACHE_ENV: str(cache)}
    done = subprocess.run([sys.executable, "-m", "belote_replay", "validate", "--jobs", "1", "--no-progress",
                           str(path)], env=env, capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, re.sub(r"in [\d.]+ ?s.*", "", done.stdout)  # not the time it took


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "night.bel"
    path.write_text(LENIENT, encoding="utf-8")
    return path


def filled(tmp_path: Path, game: Path) -> Path:
    """A cache folder after a first run (what that run kept there)."""
    cache = tmp_path / "cache"
    validate(game, cache)
    assert list(cache.iterdir())
    return cache


class _Marker:
    """A pickle that creates a file when it is loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def test_a_planted_pickle_runs_nothing(tmp_path: Path, game: Path) -> None:
    expected = validate(game, "")
    cache = filled(tmp_path, game)
    marker = tmp_path / "pwned"
    for stored in cache.iterdir():
        stored.write_bytes(pickle.dumps({"data": _Marker(marker), "memo": {0: _Marker(marker)}}))
    assert validate(game, cache) == expected
    assert not marker.exists()


def test_a_planted_fifo_does_not_hang(tmp_path: Path, game: Path) -> None:
    expected = validate(game, "")
    cache = filled(tmp_path, game)
    for stored in cache.iterdir():
        stored.unlink()
        os.mkfifo(stored)
    assert validate(game, cache, timeout=30) == expected


def _poisoned(value: Any) -> Any:
    """``value`` with every string that spells the deal keyword replaced by a pattern that
    backtracks exponentially."""
    if isinstance(value, str):
        return HOSTILE_PATTERN if value.startswith("(?i:deal|donne)") else value
    if isinstance(value, list):
        return [_poisoned(item) for item in value]
    if isinstance(value, dict):
        return {key: _poisoned(item) for key, item in value.items()}
    return value


def test_a_planted_pattern_is_not_used(tmp_path: Path, game: Path) -> None:
    expected = validate(game, "")
    cache = filled(tmp_path, game)
    kept = list(cache.glob("*.json"))
    assert kept
    for stored in kept:
        data = json.loads(stored.read_bytes())
        poisoned = _poisoned(data)
        assert poisoned != data, stored.name
        stored.write_text(json.dumps(poisoned), encoding="utf-8")
    assert validate(game, cache, timeout=20) == expected


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="no file owners on this platform")
def test_a_folder_others_may_write_is_no_cache(tmp_path: Path, game: Path) -> None:
    expected = validate(game, "")
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert validate(game, shared) == expected
    assert list(shared.iterdir()) == []
    made = tmp_path / "made" / "cache"
    assert validate(game, made) == expected
    assert made.stat().st_mode & 0o777 == 0o700


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a folder away needs root")
def test_a_folder_of_another_user_is_no_cache(tmp_path: Path, game: Path) -> None:
    expected = validate(game, "")
    cache = filled(tmp_path, game)
    marker = tmp_path / "pwned"
    for stored in cache.iterdir():
        stored.write_bytes(pickle.dumps(_Marker(marker)))
    os.chown(cache, 4242, 4242)
    before = sorted((p.name, p.read_bytes()) for p in cache.iterdir())
    assert validate(game, cache) == expected
    assert sorted((p.name, p.read_bytes()) for p in cache.iterdir()) == before
    assert not marker.exists()
