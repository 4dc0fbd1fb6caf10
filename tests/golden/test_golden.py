"""Every output of ``belote-replay`` byte-identical to the reference (issue 32).

The reference is ``tests/golden/digests.json``, written by ``tools/make_golden.py``; what is run
and how it is compared is ``tests/golden/catalogue.py``. The samples run in the default suite;
the seeded files of 10,000 generated deals per rule system are ``slow``. When an output changes on
purpose, re-run the tool and say why in the commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from belote_notation.game.rules import preset_names
from tests.golden import catalogue

REFERENCE = catalogue.load_reference()
SAMPLE_OUTPUTS = REFERENCE["samples"]["outputs"]
GENERATED_OUTPUTS = REFERENCE["generated"]["outputs"]
ON_PURPOSE = "if on purpose, re-run tools/make_golden.py and say why in the commit"


def test_every_sample_and_every_rule_system_has_a_reference() -> None:
    """No sample left out silently, no rule system forgotten, and every command pinned for each."""
    assert sorted(SAMPLE_OUTPUTS) == [catalogue.sample_key(path) for path in catalogue.sample_files()]
    assert sorted(catalogue.RULE_SYSTEMS) == sorted(preset_names())
    assert sorted(GENERATED_OUTPUTS) == sorted(catalogue.RULE_SYSTEMS)
    assert REFERENCE["generated_settings"]["deals"] == catalogue.GENERATED_DEALS == 10_000
    for entries in SAMPLE_OUTPUTS.values():
        assert list(entries) == catalogue.commands_for(generated=False)
    for generated in GENERATED_OUTPUTS.values():
        assert list(generated["outputs"]) == catalogue.commands_for(generated=True)


@pytest.mark.parametrize("key", sorted(SAMPLE_OUTPUTS))
def test_sample_outputs_are_unchanged(key: str, tmp_path: Path) -> None:
    found = catalogue.differences(catalogue.SAMPLES / key, tmp_path, SAMPLE_OUTPUTS[key],
                                  REFERENCE["samples"]["json_paths"])
    assert not found, f"{key}: outputs changed ({ON_PURPOSE}):\n" + "\n".join(found)


def test_the_console_script_gives_the_in_process_bytes(tmp_path: Path) -> None:
    """The reference is recorded in-process; the installed command gives the same bytes."""
    source = catalogue.SAMPLES / "invalid" / "BEL303-did-not-follow.bel"
    console = Path(sys.executable).with_name("belote-replay")
    if not console.exists():
        pytest.skip("no console script next to this interpreter")
    for command in ("validate-text", "render-page"):
        now = catalogue.run_command(command, source, tmp_path, via="subprocess")
        entry = SAMPLE_OUTPUTS["invalid/BEL303-did-not-follow.bel"][command]
        assert now.exit_code == entry["exit"]
        for stream, data in now.streams.items():
            assert catalogue.digest(data) == entry[stream], (command, stream)


def test_a_changed_byte_is_told() -> None:
    """The comparison fails on one changed byte of a text output and of a JSON value, and lets a new
    JSON key through."""
    known = frozenset({"a", "b", "b[].c"})
    today = b'{"a": 1, "b": [{"c": "x"}]}'
    entry = {"stdout": catalogue.digest(today),
             "canonical": catalogue.digest(catalogue.canonical(catalogue._documents(today, "json")))}
    paths = {"validate-json": sorted(known)}
    assert catalogue._same_structure("validate-json", b'{"a": 1, "new": 2, "b": [{"c": "x", "d": 0}]}',
                                     entry, paths)
    assert not catalogue._same_structure("validate-json", b'{"a": 1, "b": [{"c": "y"}]}', entry, paths)
    assert not catalogue._same_structure("validate-json", b'{"b": [{"c": "x"}], "a": 1}', entry, paths)
    assert not catalogue._same_structure("validate-json", b'{"a": 1}', entry, paths)


@pytest.mark.slow
@pytest.mark.parametrize("rules", catalogue.RULE_SYSTEMS)
def test_generated_outputs_are_unchanged(rules: str, tmp_path: Path) -> None:
    """10,000 seeded deals of ``rules``: the generator gives the same bytes twice and the recorded
    file (else it is the generator that changed), then every output is the reference's."""
    expected = GENERATED_OUTPUTS[rules]
    first = catalogue.generate(rules, tmp_path)
    again_folder = tmp_path / "again"
    again_folder.mkdir()
    again = catalogue.generate(rules, again_folder)
    assert first.read_bytes() == again.read_bytes(), "generate with one seed gave two files"
    assert catalogue.digest(first.read_bytes()) == expected["file"], (
        f"the generator's file for {rules} changed (not the outputs): {ON_PURPOSE}")
    found = catalogue.differences(first, tmp_path / "runs", expected["outputs"],
                                  REFERENCE["generated"]["json_paths"])
    assert not found, f"{rules}: outputs changed ({ON_PURPOSE}):\n" + "\n".join(found)
