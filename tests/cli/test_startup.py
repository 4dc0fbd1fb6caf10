"""The start of ``belote-replay validate`` on a ``.bel`` file stays cheap: what it must not import.

Every user waits for the start on a small file (issue 23: 0.45-0.6 s of CPU before this was
held, most of it importing). A module listed here, imported on the validate path of a canonical
``.bel`` file, fails the test: the Lark parser (canonical text is read by the quick readers,
which take the grammar's terminals from the cache), pydantic and the records (the checks read
the reader's events; a rule set is checked by pydantic only when an option is set), the other
formats and the writers, and the packages that validate never uses. ``bench/bench_startup.py``
measures the start itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from belote_notation.notation.grammar_cache import CACHE_ENV
from belote_replay.main import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "classic" / "partie-1.bel"
CHECKOUT_FIRST = {"PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli"),
                                                 os.environ.get("PYTHONPATH", "")])}
"""The environment's change for a process run in another folder: this checkout's library and
command line first on its path (a relative ``PYTHONPATH`` would name that folder's)."""

VALIDATE = """
import json, sys
from belote_replay.main import cli
sys.argv = ["belote-replay", "validate", "--jobs", "1", "--no-progress", *sys.argv[2:], sys.argv[1]]
try:
    cli()
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

NEVER = ("lark", "belote_notation.analysis", "belote_notation.service", "belote_notation.collections",
         "belote_notation.render", "belote_notation.cluster", "belote_notation.notation.read.jsonio",
         "belote_notation.notation.write.writer", "concurrent.futures.process",
         "pydantic", "belote_notation.notation.records", "belote_notation.notation.read.build",
         "typing_extensions", "importlib.metadata", "importlib.resources", "tempfile", "hashlib")
"""Packages and modules the validate path of a ``.bel`` file never needs (``--jobs 1``: no pool;
the checks read events, not records, and the rule presets are made without pydantic, whose
import was a third of the start; the plugin formats and the installed Lark are found without
importlib.metadata, the grammar read without importlib.resources, the cache written, with
tempfile, only when it is made, and hashlib imported for fingerprints, which the text output
makes none of). A module the bare interpreter imports (its ``site``) is not the
project's and not held here."""
TEXT_NEVER = ("belote_notation.pipeline.fixable", "belote_notation.pipeline.text_edits",
              "belote_notation.pipeline.batches")
"""What the text output of ``validate --jobs 1`` never needs besides :data:`NEVER`: which codes
have a fix (the JSON outputs show each finding's fix; the text output does not), the fixes'
edits, and the batches sent to worker processes (each dataclass made at import is ~0.35 ms)."""
FORMATS_NEEDED = {"belote_notation.formats", "belote_notation.formats.base", "belote_notation.formats.native",
                  "belote_notation.formats.registry"}
"""The only modules of ``belote_notation.formats`` it needs: a ``.bel`` name decides the format."""


def validate_modules(path: Path, cache: Path, *options: str) -> list[str]:
    """The modules imported by ``validate --jobs 1 [OPTIONS] PATH`` in a fresh process (the
    grammar's cache at ``cache``), after checking that it validated the file."""
    env = {**os.environ, **CHECKOUT_FIRST, CACHE_ENV: str(cache)}
    done = subprocess.run([sys.executable, "-c", VALIDATE, str(path), *options], env=env, cwd=path.parent,
                          capture_output=True, text=True, timeout=120)
    result = json.loads(done.stderr.strip().splitlines()[-1])
    assert result["code"] in (0, 1), done.stderr
    if "json" in options:
        summary = json.loads(done.stdout)["summary"]
        assert (summary["files"], summary["games"]) == (1, 1), done.stdout + done.stderr
    else:
        assert "Checked 1 file, 1 game" in done.stdout, done.stdout + done.stderr
    modules: list[str] = result["modules"]
    return modules


def interpreter_modules() -> set[str]:
    """The modules of a bare interpreter of this environment (its ``site`` may import some)."""
    done = subprocess.run([sys.executable, "-c", "import sys; print(*sys.modules)"], capture_output=True,
                          text=True, check=True, timeout=60)
    return set(done.stdout.split())


def test_validating_a_bel_file_imports_no_parser_exporter_or_service(tmp_path: Path) -> None:
    game = tmp_path / "game.bel"
    game.write_bytes(SAMPLE.read_bytes())
    validate_modules(game, tmp_path / "cache")  # the first run of a user keeps the terminals
    modules = validate_modules(game, tmp_path / "cache")
    assert "belote_notation.check.checker" in modules  # the run did check the file
    bare = interpreter_modules()
    imported = [m for m in modules if m not in bare
                and any(m == name or m.startswith(name + ".") for name in NEVER + TEXT_NEVER)]
    assert imported == [], f"the validate path of a .bel file imports {imported}"
    formats = [m for m in modules if m.startswith("belote_notation.formats.") and m not in FORMATS_NEEDED]
    assert formats == [], f"a .bel file's detection imports other formats: {formats}"


def test_validate_format_json_of_a_game_without_a_fixable_finding_imports_no_fix_planner(
        tmp_path: Path) -> None:
    """The JSON outputs show each finding's fix; a game with no fixable finding (most of them)
    is written without the fix planner, whose replay imports the records and pydantic (a tenth
    of a second of CPU: a sixth of a 20,000-deal run's difference to the text output)."""
    from belote_notation.check.validator import validate_text
    from belote_notation.pipeline.fixable import FIXABLE

    game = tmp_path / "game.bel"
    game.write_bytes(SAMPLE.read_bytes())
    assert not [f for r in validate_text(SAMPLE.read_text(encoding="utf-8")) for f in r.findings
                if f.code in FIXABLE]
    validate_modules(game, tmp_path / "cache", "--format", "json")
    modules = validate_modules(game, tmp_path / "cache", "--format", "json")
    assert "belote_notation.pipeline.output.jsonout" in modules  # the run did write JSON
    bare = interpreter_modules()
    never = [name for name in NEVER if name != "hashlib"] + ["belote_notation.pipeline.fix_plan"]
    imported = [m for m in modules
                if m not in bare and any(m == name or m.startswith(name + ".") for name in never)]
    assert imported == [], f"validate --format json of a .bel file imports {imported}"


def test_the_groups_help_reads_each_commands_line_as_its_module_makes_it() -> None:
    """``--help`` lists the commands from their modules' source (``main.outline``), not importing
    them: every line is the one of the command made by importing its module, at any width."""
    import click

    from belote_replay import main

    outlined = 0
    for name in main.COMMANDS:
        made = main.outline(name)
        real = main.cli.get_command(click.Context(main.cli), name)
        assert real is not None
        if made is None:  # said plainly in the source or not: the module is imported
            continue
        outlined += 1
        assert (made.name, made.hidden, made.deprecated) == (real.name, real.hidden, real.deprecated)
        for limit in (20, 45, 80, 300):
            assert made.get_short_help_str(limit) == real.get_short_help_str(limit), name
    assert outlined >= len(main.COMMANDS) - 1


def test_the_groups_help_imports_neither_pydantic_nor_the_commands(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", HELP], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, **CHECKOUT_FIRST}, timeout=120)
    modules = json.loads(done.stderr.strip().splitlines()[-1])
    listed = [line.split()[0] for line in done.stdout.split("Commands:")[1].splitlines() if line.strip()]
    assert listed == sorted(COMMANDS)
    bare = interpreter_modules()
    assert [m for m in modules if m not in bare and (m == "pydantic" or m.startswith("pydantic."))] == []
    assert [m for m in modules if m.startswith("belote_replay.") and m != "belote_replay.main"
            and m not in ("belote_replay.validate", *VALIDATE_IMPORTS)] == []


HELP = """
import json, sys
from belote_replay.main import cli
sys.argv = ["belote-replay", "--help"]
try:
    cli()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
VALIDATE_IMPORTS = ("belote_replay.cluster", "belote_replay.config", "belote_replay.config_file",
                    "belote_replay.click_words", "belote_replay.lang",
                    "belote_replay.output", "belote_replay.progress", "belote_replay.suggest")
"""The command line's modules that ``validate`` imports (its class of command is not outlined)."""


def test_the_collector_is_tuned_before_the_command_is_imported_and_put_back_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's module is imported with the collector tuned (its imports made ten young
    collections that freed nothing), and an in-process run leaves the collector as it found it."""
    import gc

    from belote_replay import main

    seen = []
    load = main.LazyGroup._load

    def loading(name: str) -> click.Command | None:
        seen.append((gc.get_threshold()[0], gc.get_freeze_count() > 0))
        return load(name)

    monkeypatch.setattr(main.LazyGroup, "_load", staticmethod(loading))
    before = (gc.get_threshold(), gc.get_freeze_count())
    result = CliRunner().invoke(main.cli, ["validate", "--jobs", "1", "--no-progress", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    assert seen and set(seen) == {(main.YOUNG_COLLECTION_THRESHOLD, True)}
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count() > 0))
from belote_replay.main import cli
sys.argv = ["belote-replay", "validate", "--jobs", "1", "--no-progress", sys.argv[1]]
cli()
"""


def test_the_process_freezes_its_objects_at_exit_and_still_writes_everything(tmp_path: Path) -> None:
    """Python's last collections walk no object of a ``belote-replay`` process (they freed
    nothing it needed: ~29 M instructions of a one-deal run); the report is written whole."""
    done = subprocess.run([sys.executable, "-c", EXIT, str(SAMPLE)], capture_output=True, text=True,
                          cwd=tmp_path, env={**os.environ, **CHECKOUT_FIRST}, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "frozen at exit: True"
    assert lines[-2].startswith("Checked 1 file, 1 game")
