"""Issue 38: the compiled extensions through their Python-facing functions, given foreign
objects. Each case runs in a subprocess (a crash must fail the test, not the test run) and must
end in a clean ``TypeError``:

* ``play_cards`` (``game/engine/_play.c``) on an object whose class wears another class's slot
  descriptors (their offsets are the other class's layout): it read past the object (SIGSEGV);
* ``_canon.new_record`` with ``dict`` or ``type`` (a zero-filled instance of a class that is not
  a record), ``make_plays`` with a caller's class and descriptors (no longer taken: the extension
  looks its classes up itself);
* the compiled reader (``notation/read/_canon.c``) with a visitor whose ``DEAL_PARTS`` names a class
  wearing another's slots, or a subclass of ``dict``: it wrote past the object (now the reader's
  BEL099 finding names the TypeError).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from belote_notation.game.compiled import compiled
from tests.formats.helpers import ROOT

pytestmark = pytest.mark.skipif(compiled(lambda: True) is None, reason="the C extensions are not built")

PLAY_FOREIGN = """
from belote_notation.game.engine import DealState, play_cards
from belote_notation.game.engine.state import FIELDS as names
Big = type("Big", (), {"__slots__": tuple(f"pad{i}" for i in range(PADS)) + tuple(names)})
Small = type("Small", (), {"__slots__": (), **{name: Big.__dict__[name] for name in names}})
objects = [(Small(), 10 ** 30 + i, "x" * (i % 50)) for i in range(1000)]
try:
    for small, _, _ in objects:
        play_cards(small, [0], [0], [None])
    print("no error")
except TypeError as exc:
    print("TypeError:", exc)
"""

RECORD_FOREIGN = """
from belote_notation.notation.read import build
from belote_notation.notation.read._canon import new_record
try:
    new_record(KIND, {})
    print("no error")
except TypeError as exc:
    print("TypeError:", exc)
"""

PLAYS_FOREIGN = """
from belote_notation.notation.read import build
from belote_notation.notation.read._canon import make_plays
try:
    make_plays(KIND, (), set(), [0], [0], [None], [(1, 1)])
    print("no error")
except TypeError as exc:
    print("TypeError:", exc)
plays = make_plays([0], [5], [None], [(1, 1)])
print(type(plays[0]).__name__, plays[0].card)
"""

FACTS_FOREIGN = """
from belote_notation.check.checker import GameChecker as Checker
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.visitor import PART_FIELDS
names = PART_FIELDS["hand"]
if KIND == "borrowed":
    Big = type("Big", (), {"__slots__": tuple(f"pad{i}" for i in range(400)) + names})
    foreign = type("Foreign", (), {"__slots__": (), **{n: Big.__dict__[n] for n in names}})
else:
    foreign = type("Foreign", (dict,), {"__slots__": names})

class Foreign(Checker):
    DEAL_PARTS = Checker.DEAL_PARTS._replace(hand=foreign)

from belote_notation.notation.read.reader import iter_games
from belote_notation.notation.write.writer import write_game
text = write_game(next(iter(iter_games(SAMPLE))).game)  # the canonical layout: the compiled reader's
for _ in range(50):  # the reader reports what its visitor raised as BEL099
    report = read_game_events(text, Foreign(ValidationConfig(), "x.bel"))
print(*[f"{f.code} {f.message}" for f in report.findings], sep=chr(10))
"""


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


@pytest.mark.parametrize("pads", [0, 1, 2])
def test_play_cards_refuses_a_class_wearing_another_class_slots(pads: int) -> None:
    done = _run(PLAY_FOREIGN.replace("PADS", str(pads)))
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.startswith("TypeError: descriptor 'fast_path_ready' for 'Big' objects doesn't apply")


@pytest.mark.parametrize("kind", ["dict", "type"])
def test_new_record_refuses_a_class_that_is_not_a_record(kind: str) -> None:
    done = _run(RECORD_FOREIGN.replace("KIND", kind))
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout == f"TypeError: new_record: a record class (a pydantic model), not {kind}\n"


@pytest.mark.parametrize("kind", ["dict", "type"])
def test_make_plays_takes_no_class_from_its_caller(kind: str) -> None:
    done = _run(PLAYS_FOREIGN.replace("KIND", kind))
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.splitlines() == ["TypeError: function takes exactly 4 arguments (7 given)", "Play 5"]


@pytest.mark.parametrize("kind", ["borrowed", "dict"])
def test_the_compiled_reader_refuses_fact_classes_it_cannot_fill(kind: str) -> None:
    sample = ROOT / "samples" / "classic" / "capot-and-belote.bel"
    done = _run(FACTS_FOREIGN.replace("KIND", repr(kind)).replace("SAMPLE", repr(str(sample))))
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.startswith("BEL099 internal error while reading this game: TypeError(")
    assert "scan_deal: the field 'seat' of Foreign is another class's slot" in done.stdout or (
        "scan_deal: a part's class is a plain class of slots, not Foreign" in done.stdout), done.stdout
