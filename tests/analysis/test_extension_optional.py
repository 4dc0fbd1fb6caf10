"""The solver's C extension is optional, and it refuses every bad argument with an exception.

Without the extension (no C compiler at install), importing the library works, the solver's
entry points raise ``SolverUnavailable``, ``solve`` and ``annotate`` say so in one line with
exit 2, and every other command works. Here the extension's absence is made by blocking its
import in a child process; ``.ci/no-compiler`` (run by the slow test at the end) proves it on a
real install with the compiler disabled.

Calls that used to crash the interpreter run in a child process, so that a segfault fails the
test instead of ending pytest.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from belote_notation.analysis import SolverUnavailable
from belote_notation.analysis.tables import solver_for
from belote_notation.game.rules import Ruleset
from tests.analysis.test_review import DEAL

ROOT = Path(__file__).resolve().parents[2]
BLOCK = "import sys; sys.modules['belote_notation.analysis._dds'] = None  # as if never built\n"
CLI = "from belote_replay.main import cli; cli(prog_name='belote-replay')\n"


def _python(code: str, *args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture()
def deal_file(tmp_path: Path) -> Path:
    path = tmp_path / "deal.bel"
    path.write_text(DEAL, encoding="utf-8")
    return path


# ------------------------------------------------------------------ without the extension

def test_the_library_imports_and_says_what_is_missing(tmp_path: Path) -> None:
    code = BLOCK + (
        "import belote_notation, belote_notation.analysis\n"
        "from belote_notation.analysis import DoubleDummy, SolverUnavailable\n"
        "try:\n    DoubleDummy()\nexcept SolverUnavailable as exc:\n    print(exc)\n"
        "else:\n    print('DoubleDummy() made without the extension')\n")
    result = _python(code, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("the double-dummy solver was not built")
    assert "install a C compiler" in result.stdout and result.stdout.count("\n") == 1


@pytest.mark.parametrize("args", [
    ("solve", "{file}", "--at", "2.1"),
    ("solve", "{file}", "--format", "json"),
    ("annotate", "{file}"),
    ("annotate", "{file}", "--jobs", "2"),
], ids=" ".join)
def test_the_solver_commands_say_it_in_one_line(deal_file: Path, args: tuple[str, ...]) -> None:
    result = _python(BLOCK + CLI, *(a.format(file=deal_file) for a in args), cwd=deal_file.parent)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("belote-replay: the double-dummy solver was not built")
    assert "install a C compiler" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [
    ("validate", "{file}"),
    ("show", "{file}"),
    ("fmt", "{file}"),
    ("convert", "{file}", "-o", "{file}.json"),
    ("render", "{file}", "-o", "{file}.html"),
    ("generate", "--seed", "1"),
], ids=" ".join)
def test_every_other_command_works(deal_file: Path, args: tuple[str, ...]) -> None:
    result = _python(BLOCK + CLI, *(a.format(file=deal_file) for a in args), cwd=deal_file.parent)
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_exception_crosses_processes() -> None:
    """annotate --jobs: a worker's SolverUnavailable comes back to the parent as itself."""
    again = pickle.loads(pickle.dumps(SolverUnavailable()))
    assert type(again) is SolverUnavailable and str(again) == str(SolverUnavailable())


# ------------------------------------------------------------------ the extension's arguments

PROBE = """
import json, sys
from belote_notation.analysis.tables import obligation_codes, solver_type
from belote_notation.game.cards import LAST_TRICK_BONUS
from belote_notation.game.engine.state import flags_for
from belote_notation.game.engine.tables import BEATS, HIGHER_TRUMP, POINTS
from belote_notation.game.rules import Ruleset

RULES = Ruleset.preset("classic")
TABLES = dict(beats=BEATS[0], points=list(POINTS[0]), higher=list(HIGHER_TRUMP),
              code=list(obligation_codes(RULES)), trump=0, step=flags_for(RULES).play_step, capot=250,
              bonus=LAST_TRICK_BONUS)
HANDS = [0xFF, 0xFF00, 0xFF0000, 0xFF000000]  # N holds every spade (trump)
Solver = solver_type()
solver = Solver(**TABLES)

def tables(**changes):
    return {**TABLES, **changes}

def item(values, index, value):
    out = list(values)
    out[index] = value
    return out

def position(hands=HANDS, trick=(), leader=0, ns=0, ew=0, ns_tricks=0, ew_tricks=0):
    return hands, trick, leader, ns, ew, ns_tricks, ew_tricks

def outcome(call):
    try:
        call()
    except Exception as exc:
        return [type(exc).__name__, str(exc)]
    return ["no exception", ""]

for case, kind, source in json.loads(sys.stdin.read()):
    print(case, file=sys.stderr, flush=True)  # the last case named is the one that crashed
    value = eval(source)
    if kind == "tables":
        found = [outcome(lambda: Solver(**value))]
    else:
        found = [outcome(lambda m=m: getattr(solver, m)(*value)) for m in ("value", "values", "legal")]
    print(json.dumps([case, found]), flush=True)
"""

# (case, "tables" or "position", the arguments as Python source, the exception, a part of its message)
CASES = [
    ("beats None", "tables", "tables(beats=None)", "TypeError", "bytes-like"),
    ("beats 1023 bytes", "tables", "tables(beats=bytes(1023))", "ValueError", "1024 bytes"),
    ("beats a str", "tables", "tables(beats='x' * 1024)", "TypeError", "bytes-like"),
    ("points None", "tables", "tables(points=None)", "TypeError", "points"),
    ("points 31", "tables", "tables(points=[0] * 31)", "ValueError", "expected 32 values"),
    ("points negative", "tables", "tables(points=item(TABLES['points'], 3, -1))", "ValueError", "points[3]"),
    ("points huge", "tables", "tables(points=item(TABLES['points'], 0, 2**70))", "ValueError", "points[0]"),
    ("points float", "tables", "tables(points=item(TABLES['points'], 0, 1.5))", "TypeError", "points[0]"),
    ("higher 33", "tables", "tables(higher=[0] * 33)", "ValueError", "expected 32 values"),
    ("higher negative", "tables", "tables(higher=item(TABLES['higher'], 1, -1))", "ValueError", "higher[1]"),
    ("higher 33 bits", "tables", "tables(higher=item(TABLES['higher'], 1, 2**32))", "ValueError",
     "higher[1]"),
    ("code 64", "tables", "tables(code=[0] * 64)", "ValueError", "expected 65 values"),
    ("code 5", "tables", "tables(code=item(TABLES['code'], 2, 5))", "ValueError", "code[2]"),
    ("code follow, cannot", "tables", "tables(code=item(TABLES['code'], 0, 1))", "ValueError", "code[0]"),
    ("code higher, none", "tables", "tables(code=item(TABLES['code'], 4, 3))", "ValueError", "code[4]"),
    ("code lead", "tables", "tables(code=item(TABLES['code'], 64, 2))", "ValueError", "code[64]"),
    ("code a dict", "tables", "tables(code={i: 0 for i in range(65)})", "TypeError", "code"),
    ("trump 6", "tables", "tables(trump=6)", "ValueError", "trump"),  # 4 and 5: sans-atout, tout-atout
    ("trump negative", "tables", "tables(trump=-1)", "ValueError", "trump"),
    ("trump None", "tables", "tables(trump=None)", "TypeError", "trump"),
    ("step 2", "tables", "tables(step=2)", "ValueError", "step"),
    ("step 0", "tables", "tables(step=0)", "ValueError", "step"),
    ("capot negative", "tables", "tables(capot=-250)", "ValueError", "capot"),
    ("capot huge", "tables", "tables(capot=10**6)", "ValueError", "capot"),
    ("bonus negative", "tables", "tables(bonus=-10)", "ValueError", "bonus"),
    ("a table missing", "tables", "{k: v for k, v in TABLES.items() if k != 'code'}", "TypeError", "code"),
    ("hands None", "position", "position(hands=None)", "TypeError", "hands"),
    ("hands 3", "position", "position(hands=HANDS[:3])", "ValueError", "expected 4 values"),
    ("hands 5", "position", "position(hands=HANDS + [0])", "ValueError", "expected 4 values"),
    ("hands an int", "position", "position(hands=0xFF)", "TypeError", "hands"),
    ("hands a generator", "position", "position(hands=(h for h in HANDS))", "TypeError", "hands"),
    ("hand None", "position", "position(hands=item(HANDS, 2, None))", "TypeError", "hands[2]"),
    ("hand negative", "position", "position(hands=item(HANDS, 0, -1))", "ValueError", "hands[0]"),
    ("hand 33 bits", "position", "position(hands=item(HANDS, 0, 0xFF | 2**32))", "ValueError", "hands[0]"),
    ("hand huge", "position", "position(hands=item(HANDS, 0, 2**100))", "ValueError", "hands[0]"),
    ("a card in two hands", "position", "position(hands=item(HANDS, 1, 0xFF01))", "ValueError", "two hands"),
    ("a hand short", "position", "position(hands=item(HANDS, 1, 0x7F00))", "ValueError", "hand 1 holds 7"),
    ("trick None", "position", "position(trick=None)", "TypeError", "trick"),
    ("trick 4 cards", "position", "position(trick=[8, 16, 24, 0])", "ValueError", "0 to 3 values"),
    ("trick endless", "position", "position(trick=range(10**12))", "ValueError", "0 to 3 values"),
    ("trick a str", "position", "position(trick='7S')", "TypeError", "trick"),
    ("trick card 32", "position", "position(trick=[32])", "ValueError", "trick[0]"),
    ("trick card negative", "position", "position(trick=[-1])", "ValueError", "trick[0]"),
    ("trick card held", "position", "position(trick=[0])", "ValueError", "still in a hand"),
    ("trick card twice", "position", "position(hands=item(HANDS, 0, 0xFE), trick=[0, 0])", "ValueError",
     "played twice"),
    ("leader None", "position", "position(leader=None)", "TypeError", "leader"),
    ("leader 4", "position", "position(leader=4)", "ValueError", "leader"),
    ("leader negative", "position", "position(leader=-1)", "ValueError", "leader"),
    ("points so far negative", "position", "position(ns=-1)", "ValueError", "ns"),
    ("points so far huge", "position", "position(ew=2**70)", "ValueError", "ew"),
    ("points so far a str", "position", "position(ew='0')", "TypeError", "ew"),
    ("tricks negative", "position", "position(ns_tricks=-1)", "ValueError", "ns_tricks"),
    ("tricks 9", "position", "position(ew_tricks=9)", "ValueError", "ew_tricks"),
    ("tricks 5 + 4", "position", "position(ns_tricks=5, ew_tricks=4)", "ValueError", "at most 8"),
    ("a trick after the 8th", "position", "position(hands=[0, 0, 0, 0], trick=[0], ns_tricks=8)",
     "ValueError", "empty trick"),
    ("an argument missing", "position", "position()[:6]", "TypeError", "7 arguments"),
    # the table stores values relative to the points so far: exact only when they are the
    # points of the finished tricks (a side's capot is absolute)
    ("points with no trick played", "position", "position(ns=1)", "ValueError", "ns + ew"),
    ("points a side without a trick", "position",
     "position(hands=[0x7F, 0x7F00, 0x7F0000, 0x7F000000], ns=0, ew=44, ns_tricks=1, ew_tricks=0)",
     "ValueError", "ns + ew"),
    ("points not the tricks'", "position",
     "position(hands=[0xFE, 0xFE00, 0xFE0000, 0xFE000000], ns=10, ns_tricks=1)", "ValueError", "ns + ew"),
]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Every case run in one child process: case -> outcomes, or the process's end."""
    payload = json.dumps([(case, kind, source) for case, kind, source, _, _ in CASES])
    result = _python(PROBE, cwd=tmp_path_factory.mktemp("probe"), stdin=payload)
    found: dict[str, object] = dict(map(json.loads, result.stdout.splitlines()))
    found["<end>"] = (result.returncode, result.stderr[-2000:])
    return found


@pytest.mark.parametrize(("case", "error", "message"), [(c[0], c[3], c[4]) for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_bad_argument_is_an_exception(outcomes: dict[str, object], case: str, error: str,
                                        message: str) -> None:
    assert case in outcomes, f"the process died at or before this case: exit, stderr = {outcomes['<end>']}"
    for name, text in outcomes[case]:  # type: ignore[attr-defined]
        assert name == error, text
        assert message in text


def test_a_solver_made_without_init_raises(tmp_path: Path) -> None:
    """``Solver.__new__(Solver)`` leaves no table: every method says so (it used to segfault)."""
    code = (
        "from belote_notation.analysis.tables import solver_type\n"
        "Solver = solver_type()\n"
        "bare = Solver.__new__(Solver)\n"
        "print(bare.nodes)\n"
        "position = ([0xFF, 0xFF00, 0xFF0000, 0xFF000000], [], 0, 0, 0, 0, 0)\n"
        "for call in (bare.clear, lambda: bare.value(*position), lambda: bare.values(*position),\n"
        "             lambda: bare.legal(*position)):\n"
        "    try:\n        call()\n    except ValueError as exc:\n        print(exc)\n"
        "    else:\n        print('no exception')\n")
    result = _python(code, cwd=tmp_path)
    assert result.returncode == 0, (result.returncode, result.stderr)
    lines = result.stdout.splitlines()
    assert lines[0] == "0" and len(lines) == 5
    assert all(line.startswith("this Solver was not initialised") for line in lines[1:]), lines


def test_the_budget_is_checked_and_a_stopped_question_leaves_the_table_exact() -> None:
    searcher = solver_for(Ruleset.preset("classic"), trump=1)
    for bad, error in ((-1, ValueError), (2**70, ValueError), ("10", TypeError), (None, TypeError)):
        with pytest.raises(error, match="budget"):
            searcher.budget = bad  # type: ignore[assignment]
    with pytest.raises(TypeError, match="budget"):
        del searcher.budget
    hands = [0x000F000F, 0x00F000F0, 0x0F000F00, 0xF000F000]
    fresh = solver_for(Ruleset.preset("classic"), trump=1).values(hands, [], 0, 0, 0, 0, 0)
    limit = type(searcher).__module__
    for budget in (1, 50, 5000):
        searcher.budget = budget
        with pytest.raises(RuntimeError, match=f"budget of {budget} positions") as caught:
            searcher.values(hands, [], 0, 0, 0, 0, 0)
        assert type(caught.value).__name__ == "SearchLimit" and type(caught.value).__module__ == limit
    searcher.budget = 0
    assert searcher.values(hands, [], 0, 0, 0, 0, 0) == fresh


def test_a_failed_init_leaves_the_solver_as_it_was() -> None:
    searcher = solver_for(Ruleset.preset("classic"), trump=0)
    hands = [0xFF, 0xFF00, 0xFF0000, 0xFF000000]
    before = searcher.value(hands, [], 0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="trump"):
        searcher.__init__(bytes(1024), [0] * 32, [0] * 32, [0] * 65, 7, 3, 0, 0)  # type: ignore[misc]
    assert searcher.value(hands, [], 0, 0, 0, 0, 0) == before == 250


# ------------------------------------------------------------------ a real install, no compiler

@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="copies the checkout's tracked files with git")
def test_install_without_a_compiler() -> None:
    """``.ci/no-compiler regular``: a fresh venv, the compiler disabled (about 15 s idle)."""
    result = subprocess.run(["bash", str(ROOT / ".ci" / "no-compiler"), "regular"], capture_output=True,
                            text=True, timeout=600, env={**os.environ, "PYTHON": sys.executable})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no-compiler: passed" in result.stdout
