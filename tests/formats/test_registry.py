"""The registry's shortcut: a ``.bel`` name decides alone, without importing every format, and
only where loading every format would decide the same."""

from __future__ import annotations

import json
import sys
from importlib.metadata import distributions
from pathlib import Path

import pytest

from belote_notation.formats import registry
from belote_notation.formats.base import Format
from tests.formats.test_plugin import install
from tests.formats.test_plugin import run as run_with_plugin

HEADS = [b"", b"deal 1\nend *\n", b'{"games": []}', b'{"type": "deal", "deal": 1}\n',
         b"Donne,Preneur,Atout\n1,N,H\n", b"\xff\xfe not text"]
"""Heads of every kind: empty, .bel, the JSON twin, an event log, a score sheet, bytes."""


@pytest.mark.parametrize(("extension", "name"), list(registry.NAME_DECIDES.items()))
def test_a_name_that_decides_alone_holds_what_the_shortcut_assumes(extension: str, name: str) -> None:
    fmt = registry.get_format(name)
    assert fmt is not None and extension in fmt.extensions
    assert type(fmt).sniff is Format.sniff, "a format that sniffs can be overruled by another's content"
    assert fmt.can_read and fmt.can_write
    others = [(other.name, ext) for other in registry.all_formats() if other is not fmt
              for ext in other.extensions if ext.endswith(extension)]
    assert others == [], "a longer extension of another built-in would win over the name"


@pytest.mark.parametrize("path", ["game.bel", "GAME.BEL", "some/dir/x.events.bel", "a.json.bel"])
@pytest.mark.parametrize("head", HEADS)
@pytest.mark.parametrize("writing", [False, True])
def test_the_shortcut_decides_as_loading_every_format_does(path: str, head: bytes, writing: bool,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    quick = registry.guess_format(path, head, writing=writing)
    monkeypatch.setattr(registry, "NAME_DECIDES", {})
    assert quick is registry.guess_format(path, head, writing=writing)


def test_an_installed_plugin_keeps_its_say_over_a_bel_name(tmp_path: Path) -> None:
    """A plugin's extensions are only known once it is loaded: with one installed, a ``.bel``
    name goes through the whole registry, and a longer extension of the plugin wins."""
    install(tmp_path, """\
        [belote_notation.formats]
        plays-bel = plays_bel:PlaysBel
        """)
    (tmp_path / "plays_bel.py").write_text("from plays_plugin import PlaysFormat\n\n\n"
                                           "class PlaysBel(PlaysFormat):\n    name = 'plays-bel'\n"
                                           "    extensions = ('.plays.bel',)\n", encoding="utf-8")
    (tmp_path / "game.plays.bel").write_text("N 7S\nE 8S\nS ZZ\nW 9S\n", encoding="utf-8")
    done = run_with_plugin(tmp_path, "validate", "--no-progress", "--format", "json", "game.plays.bel")
    document = json.loads(done.stdout)
    findings = [(f["code"], f["line"]) for g in document["files"][0]["games"] for f in g["findings"]]
    assert ("BEL803", 3) in findings, done.stdout  # read by the plugin: its issue for "S ZZ"


def test_no_distribution_names_a_group_exactly_where_importlib_metadata_finds_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry tells that no plugin is installed without importlib.metadata: every group of
    an installed distribution's entry points is seen as named, a group nobody names is not,
    and a plugin put on the path (a folder's ``.dist-info``, an egg's ``EGG-INFO``) is seen."""
    groups = {point.group for dist in distributions() for point in dist.entry_points}
    assert groups and [g for g in groups if registry.named_by_no_distribution(g)] == []
    assert registry.named_by_no_distribution("no.such.group")
    install(tmp_path, """\
        [belote_notation.formats]
        plays = plays_plugin:PlaysFormat
        """)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert not registry.named_by_no_distribution(registry.ENTRY_POINT_GROUP)
    assert registry.named_by_no_distribution("no.such.group")
    egg = tmp_path / "old_plugin-1.0.egg" / "EGG-INFO"
    egg.mkdir(parents=True)
    (egg / "entry_points.txt").write_text("[no.such.group]\nx = y:Z\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(egg.parent))
    assert not registry.named_by_no_distribution("no.such.group")


def test_where_it_cannot_tell_importlib_metadata_answers(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A file on the path (a zip may hold distributions) or another finder of distributions:
    the registry asks importlib.metadata."""
    zipped = tmp_path / "site.zip"
    zipped.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip archive
    monkeypatch.syspath_prepend(str(zipped))
    assert not registry.named_by_no_distribution("no.such.group")
    monkeypatch.undo()
    assert registry.named_by_no_distribution("no.such.group")

    class Finder:
        @staticmethod
        def find_distributions(context: object = None) -> list[object]:
            return []

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert not registry.named_by_no_distribution("no.such.group")
