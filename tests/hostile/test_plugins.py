"""Issue 22 item 9: a misbehaving plugin is isolated as a failed import is ("not loaded: ..."),
never taking ``formats``, ``convert`` or content detection down with it. Real plugin
distributions in a temporary folder (tests/formats/test_plugin.py's ``install``), run in a
subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.formats.helpers import ROOT
from tests.formats.test_plugin import install, run

BROKEN = '''
from belote_notation.formats import Format


class NoExtensions(Format):
    name = "noext"
    title = "extensions of None"
    extensions = None

    def read(self, source, name="<input>"):
        return iter(())


class RaisingSniff(Format):
    name = "raiser"
    title = "a sniff that raises"
    extensions = (".raiser",)

    def sniff(self, head):
        raise RuntimeError("sniff exploded")

    def read(self, source, name="<input>"):
        return iter(())


class OddSniff(RaisingSniff):
    name = "odd"
    title = "a sniff that answers a string"

    def sniff(self, head):
        return "yes"
'''


def _install(site: Path) -> None:
    install(site, """\
        [belote_notation.formats]
        noext = broken_plugins:NoExtensions
        odd = broken_plugins:OddSniff
        raiser = broken_plugins:RaisingSniff
        """)
    (site / "broken_plugins.py").write_text(BROKEN, encoding="utf-8")


def test_a_plugin_with_bad_extensions_is_not_loaded_and_the_rest_works(tmp_path: Path) -> None:
    _install(tmp_path)
    listed = run(tmp_path, "formats")
    assert listed.returncode == 0, listed.stderr
    assert ("not loaded: plugin noext (broken_plugins:NoExtensions): TypeError: its extensions"
            in listed.stderr)
    assert "Traceback" not in listed.stderr
    assert [row.split()[0] for row in listed.stdout.splitlines()][:2] == ["bel", "json"]
    sample = ROOT / "samples" / "classic" / "capot-and-belote.bel"
    out = run(tmp_path, "convert", str(sample), "-o", "game.json")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    back = run(tmp_path, "convert", "game.json", "-o", "back.bel")
    assert back.returncode == 0, back.stderr
    assert (tmp_path / "back.bel").read_text("utf-8").count("\ndeal ") >= 1


def test_a_plugin_whose_sniff_raises_leaves_detection_to_the_others(tmp_path: Path) -> None:
    _install(tmp_path)
    sample = ROOT / "samples" / "formats" / "coinche-server.coinche-ws.jsonl"
    unnamed = tmp_path / "log.txt"  # no extension says what it is: every sniff is asked
    unnamed.write_bytes(sample.read_bytes())
    checked = run(tmp_path, "validate", str(unnamed), "-q")
    assert "Traceback" not in checked.stdout + checked.stderr
    direct = run(tmp_path, "validate", str(sample), "-q")
    assert checked.returncode == direct.returncode and checked.returncode in (0, 1)
    named = tmp_path / "game.raiser"  # the plugin's own name: its sniff raises, the content decides
    named.write_bytes((ROOT / "samples" / "classic" / "capot-and-belote.bel").read_bytes())
    shown = run(tmp_path, "show", str(named))
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    assert "Deal 1" in shown.stdout or "deal 1" in shown.stdout.lower()


def test_the_sniff_failures_are_said_like_a_failed_import(tmp_path: Path) -> None:
    _install(tmp_path)
    script = ("from belote_notation.formats.registry import guess_format, load_errors\n"
              "print(guess_format('x.txt', b'nothing anyone knows'))\n"
              "print(guess_format('x.txt', b'{\"type\": \"match_start\", \"version\": 1}').name)\n"
              "print(*load_errors(), sep='\\n')\n")
    (tmp_path / "probe.py").write_text(script, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    probe = subprocess.run([sys.executable, "probe.py"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=120)
    assert probe.returncode == 0, probe.stderr
    lines = probe.stdout.splitlines()
    assert lines[:2] == ["None", "events"]
    assert any("'raiser': its sniff failed: RuntimeError: sniff exploded" in line for line in lines[2:])
    assert any("'odd': its sniff failed: TypeError: sniff answered 'yes'" in line for line in lines[2:])


# Issue 38: plugins that misbehave while they answer. Each reads its input as .bel (so that the
# input's size is not what stops it) and then breaks the contract in its own way.
HOSTILE = '''
import io
from belote_notation.formats import Format
from belote_notation.notation.read.reader import iter_games


def _game(source):
    return next(iter(iter_games(io.BytesIO(source.read())))).game


class RaisesAfterOne(Format):
    name = "boom"
    title = "a read that raises after one game"
    extensions = (".boom",)

    def read(self, source, name="<input>"):
        yield _game(source)
        raise RuntimeError("boom after one game")


class NotGames(Format):
    name = "junk"
    title = "a read that yields what is not a game"
    extensions = (".junk",)

    def read(self, source, name="<input>"):
        yield _game(source)
        yield "a string"


class Million(Format):
    name = "million"
    title = "the same game a million times"
    extensions = (".million",)

    def read(self, source, name="<input>"):
        game = _game(source)
        for _ in range(1_000_000):
            yield game


class Copies(Format):
    name = "copies"
    title = "a million copies of a game"
    extensions = (".copies",)

    def read(self, source, name="<input>"):
        game = _game(source)
        for _ in range(1_000_000):
            yield game.model_copy()


class Huge(Format):
    name = "huge"
    title = "one game of 100,000 deals"
    extensions = (".huge",)

    def read(self, source, name="<input>"):
        game = _game(source)
        yield game.model_copy(update={"deals": game.deals[:1] * 100_000})


class Greedy(Format):
    name = "greedy"
    title = "a sniff that claims every file"
    extensions = (".greedy",)

    def sniff(self, head):
        return True

    def read(self, source, name="<input>"):  # a file it took reads as no game at all
        return iter(())


class WriteRaises(Format):
    name = "wboom"
    title = "a write that raises"
    extensions = (".wboom",)

    def write(self, games, out):
        for game in games:
            out.write("x\\n")
            raise RuntimeError("write exploded")
        return iter(())
'''

SAMPLE = ROOT / "samples" / "classic" / "capot-and-belote.bel"
COMMANDS = [("validate",), ("convert", "-o", "out.json"), ("select", "-o", "out.bel"),
            ("dedupe", "-o", "out.bel"), ("render", "-o", "out.html"), ("export", "-o", "out.parquet"),
            ("stats",)]
CASES = {
    "boom": "after 1 game: RuntimeError: boom after one game",
    "junk": "after 1 game it gave a str, not a game or an issue",
    "million": "it gave game 1 again (the same object)",
    "copies": "bytes of input (a game or a deal is made of at least a byte)",
    "huge": "game 1 holds 100,000 deals, more than the reader's limit of 50,000 items in a game",
}


def _install_hostile(site: Path) -> None:
    install(site, "[belote_notation.formats]\n" + "".join(
        f"{name} = hostile_plugins:{cls}\n" for name, cls in [
            ("boom", "RaisesAfterOne"), ("junk", "NotGames"), ("million", "Million"), ("copies", "Copies"),
            ("huge", "Huge"), ("greedy", "Greedy"), ("wboom", "WriteRaises")]))
    (site / "hostile_plugins.py").write_text(HOSTILE, encoding="utf-8")


def _timed(site: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    import time

    started = time.monotonic()
    done = run(site, *args)
    return done, time.monotonic() - started


@pytest.mark.slow
@pytest.mark.parametrize("plugin", sorted(CASES))
def test_a_misbehaving_read_is_said_by_every_command(tmp_path: Path, plugin: str) -> None:
    _install_hostile(tmp_path)
    given = tmp_path / f"games.{plugin}"
    given.write_bytes(SAMPLE.read_bytes())
    for command in COMMANDS:
        done, seconds = _timed(tmp_path, command[0], given.name, *command[1:])
        said = f"the plugin format {plugin!r} failed reading: "
        # validate checks the games read before the plugin failed (exit 1), and the rest of its inputs
        assert done.returncode == 2 or command == ("validate",) and done.returncode == 1, (
            command, done.returncode, done.stderr[-1500:])
        line = next((line for line in done.stderr.splitlines() if said in line), "")
        assert f"{given.name}: " in line and CASES[plugin] in line, (command, done.stderr[-1500:])
        assert "Traceback" not in done.stderr, (command, done.stderr[-1500:])
        assert seconds < 60, (command, seconds)
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "out.bel").exists()


def test_a_read_that_raises_is_one_line_in_convert(tmp_path: Path) -> None:
    _install_hostile(tmp_path)
    (tmp_path / "games.boom").write_bytes(SAMPLE.read_bytes())
    done = run(tmp_path, "convert", "games.boom", "-o", "out.json")
    assert done.returncode == 2 and done.stderr == (
        "belote-replay: games.boom: the plugin format 'boom' failed reading: after 1 game: "
        "RuntimeError: boom after one game\n"), done.stderr
    assert not (tmp_path / "out.json").exists()


def test_a_write_that_raises_is_said_and_nothing_is_left(tmp_path: Path) -> None:
    _install_hostile(tmp_path)
    for command in ("convert", "select", "dedupe"):
        done = run(tmp_path, command, str(SAMPLE), "-o", "out.wboom")
        assert done.returncode == 2 and "Traceback" not in done.stderr, (command, done.stderr[-1500:])
        assert ("the plugin format 'wboom' failed writing: at game 1: RuntimeError: write exploded"
                in done.stderr), (command, done.stderr)
        assert not (tmp_path / "out.wboom").exists(), command


def test_a_sniff_that_claims_every_file_is_not_asked_again(tmp_path: Path) -> None:
    _install_hostile(tmp_path)
    unnamed = tmp_path / "game.txt"
    unnamed.write_bytes(SAMPLE.read_bytes())
    checked = run(tmp_path, "validate", "game.txt", "--format", "json")
    assert checked.returncode in (0, 1) and "Traceback" not in checked.stderr, checked.stderr
    import json

    assert json.loads(checked.stdout)["files"][0]["games"][0]["deal_count"] == 10  # read as .bel
    listed = run(tmp_path, "formats")
    assert "plugin format 'greedy': its sniff claims any content" in listed.stderr, listed.stderr
    named = run(tmp_path, "validate", str(tmp_path / "game.greedy"))
    assert "Traceback" not in named.stderr
