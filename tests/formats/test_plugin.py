"""A real plugin distribution: a module and its ``.dist-info`` (METADATA, entry_points.txt) in a
temporary directory put on the path of a subprocess; the entry-point machinery is not mocked."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.formats.helpers import ROOT

PLUGIN = '''
"""A tiny format shipped by an app maker: one line per card played, "SEAT CARD"."""
from belote_notation.formats import Format
from belote_notation.formats.base import issue
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, parse_card, CardError
from belote_notation.notation.records import Deal, Game, Play, Trick


class PlaysFormat(Format):
    name = "plays"
    title = "card plays, one per line"
    extensions = (".plays",)

    def read(self, source, name="<input>"):
        plays = []
        for number, raw in enumerate(source, 1):
            seat, _, card = raw.decode().strip().partition(" ")
            try:
                plays.append(Play(seat=SEAT_NAMES.index(seat), card=parse_card(card, Deck.FRENCH),
                                  line=number, col=1))
            except (ValueError, CardError):
                yield issue("BEL803", f"cannot read {raw!r}", number, number)
        tricks = [Trick(number=i // 4 + 1, plays=plays[i:i + 4]) for i in range(0, len(plays), 4)]
        yield Game(deals=[Deal(number=1, tricks=tricks)])

    def write(self, games, out):
        for game in games:
            for deal in game.deals:
                for trick in deal.tricks:
                    for play in trick.plays:
                        out.write(f"{SEAT_NAMES[play.seat]} {card_name(play.card, Deck.FRENCH)}\\n")
        return iter(())


class NotBel(PlaysFormat):
    name = "bel"
'''


def install(site: Path, entry_points: str) -> None:
    (site / "plays_plugin.py").write_text(PLUGIN, encoding="utf-8")
    info = site / "plays_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plays-plugin\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points), encoding="utf-8")
    (info / "RECORD").write_text("", encoding="utf-8")


def run(site: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "belote_replay", *args], input=stdin,
                          capture_output=True, text=True, env=env, cwd=site, timeout=120)


def test_a_plugin_is_listed_and_converts_both_ways(tmp_path: Path) -> None:
    install(tmp_path, """\
        [belote_notation.formats]
        plays = plays_plugin:PlaysFormat
        """)
    listed = run(tmp_path, "formats")
    assert listed.returncode == 0, listed.stderr
    line = next(row for row in listed.stdout.splitlines() if row.startswith("plays "))
    assert "read/write" in line and ".plays" in line and "(plugin)" in line

    sample = ROOT / "samples" / "partial" / "tricks-only.bel"
    out = run(tmp_path, "convert", str(sample), "-o", "game.plays")
    assert out.returncode == 0, out.stderr
    lines = (tmp_path / "game.plays").read_text(encoding="utf-8").splitlines()
    assert len(lines) % 4 == 0 and lines[0].split()[0] in "NESW"

    back = run(tmp_path, "convert", "game.plays", "--to", "bel")
    assert back.returncode == 0, back.stderr
    assert back.stdout.count("trick ") == len(lines) // 4


def test_a_broken_plugin_is_reported_and_the_rest_works(tmp_path: Path) -> None:
    install(tmp_path, """\
        [belote_notation.formats]
        plays = plays_plugin:PlaysFormat
        broken = no_such_module:Nothing
        fake-bel = plays_plugin:NotBel
        """)
    listed = run(tmp_path, "formats")
    assert listed.returncode == 0
    assert "not loaded: plugin broken" in listed.stderr
    assert "not loaded: plugin fake-bel (plays_plugin:NotBel): the name 'bel' is taken" in listed.stderr
    assert any(row.startswith("plays ") for row in listed.stdout.splitlines())
    assert any(row.startswith("bel ") and "(plugin)" not in row for row in listed.stdout.splitlines())
