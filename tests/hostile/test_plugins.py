"""Issue 22 item 9: a misbehaving plugin is isolated as a failed import is ("not loaded: ..."),
never taking ``formats``, ``convert`` or content detection down with it. Real plugin
distributions in a temporary folder (tests/formats/test_plugin.py's ``install``), run in a
subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
