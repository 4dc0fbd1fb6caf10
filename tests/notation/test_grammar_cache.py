"""The grammar's parsing tables are built once per user and loaded after; a cache folder that
is missing, cannot be made or holds a damaged file is never an error. The terminals are shipped
beside the grammar (``grammar/terminals.json``), the same as the installed Lark builds them.

Each case runs in a fresh process (the tables are built once per process), with the cache
folder set by ``BELOTE_NOTATION_CACHE``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from belote_notation.notation.grammar_cache import CACHE_ENV, dumps, loads

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "moroccan" / "forced-take-dead-deal-litige-pot.bel"

READ = f"""
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.vocabulary import parser, pattern
games = parse_text(open({str(SAMPLE)!r}, encoding="utf-8").read() + "\\ndeal 2\\ntrick 1 N:QQ {{x}}\\n")
print([pattern(name) for name in ("CARD", "SEAT", "PLAY", "TRICK_KW")])
print(parser().parse("deal 1 dealer N\\ntrick 1 N:AS E:7S  S:8S W:9S {{ c }}\\n", start="deal").pretty())
print([(g.game.model_dump(), [(e.code, e.line, e.col) for e in g.errors]) for g in games])
"""
NOT_BUILT = """
import lark
def refuse(*args, **kwargs):
    raise SystemExit("the grammar was built, not loaded")
lark.Lark.__init__ = refuse
""" + READ


def run(script: str, cache: str) -> str:
    env = {**os.environ, CACHE_ENV: cache}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return done.stdout


def test_built_once_then_loaded_with_the_same_results(tmp_path: Path) -> None:
    without = run(READ, "")
    assert run(READ, str(tmp_path / "cache")) == without
    files = sorted(p.name for p in (tmp_path / "cache").iterdir())
    # Only the parser's tables, as JSON (issue 38: the terminals are shipped, nothing is a pickle)
    assert len(files) == 1 and files[0].startswith("parser-") and files[0].endswith(".json"), files
    assert (tmp_path / "cache").stat().st_mode & 0o777 == 0o700
    assert run(NOT_BUILT, str(tmp_path / "cache")) == without


CANONICAL = f"""
import sys
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.vocabulary import pattern
games = parse_text(open({str(SAMPLE)!r}, encoding="utf-8").read())
print([pattern(name) for name in ("CARD", "SEAT", "PLAY", "TRICK_KW")], [g.errors for g in games])
print(sorted(name for name in sys.modules if name == "lark" or name.startswith("lark.")))
"""


def test_canonical_text_is_read_without_lark_and_writes_no_cache(tmp_path: Path) -> None:
    """The readers of canonical text need the grammar's terminals, not Lark: they are shipped
    with the grammar, so lark is not even imported, with or without a cache, and nothing is
    written there."""
    without = run(CANONICAL, "").splitlines()
    assert without[1] == "[]"
    assert run(CANONICAL, str(tmp_path / "cache")).splitlines() == without
    assert not (tmp_path / "cache").exists()


def test_the_shipped_terminals_are_what_the_installed_lark_builds() -> None:
    """``grammar/terminals.json`` is the grammar's terminals as Lark makes them (after editing the
    grammar: ``.venv/bin/python tools/make_terminals.py``)."""
    from belote_notation.notation.vocabulary import built_terminals

    shipped = json.loads((ROOT / "grammar" / "terminals.json").read_text(encoding="utf-8"))
    assert shipped == built_terminals()


def test_a_damaged_cache_file_is_built_again(tmp_path: Path) -> None:
    without = run(READ, "")
    run(READ, str(tmp_path))
    for stored in tmp_path.iterdir():
        stored.write_bytes(b"not a pickle")  # the terminals' JSON too
    assert run(READ, str(tmp_path)) == without
    assert run(NOT_BUILT, str(tmp_path)) == without      # written again, whole


def test_a_parser_file_made_from_something_else_is_built_again(tmp_path: Path) -> None:
    """The parser's file keeps the hash of what it was made from (the grammar, the options,
    Lark's release, Python's version): one stamped otherwise, even under the same name, is not
    read but built again."""
    without = run(READ, "")
    run(READ, str(tmp_path))
    [kept] = tmp_path.glob("parser-*.json")
    data = loads(kept.read_bytes())
    data["made_from"] = "0" * 64
    kept.write_bytes(dumps(data))
    assert run(READ, str(tmp_path)) == without  # built again, through Lark
    assert loads(kept.read_bytes())["made_from"] != "0" * 64


def test_a_folder_that_cannot_be_made_is_no_cache_and_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    assert run(READ, str(blocker / "cache")) == run(READ, "")
    assert blocker.read_text() == ""
