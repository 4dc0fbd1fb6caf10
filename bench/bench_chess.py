"""Side by side with a peer: python-chess reading PGN against ``belote-replay validate``.

    .venv/bin/python bench/bench_chess.py            # needs the bench extra: pip install -e '.[bench]'
    .venv/bin/python bench/bench_chess.py --deals 20000 --games 300 --repeat 3
    .venv/bin/python bench/bench_chess.py --baseline /work/main   # and today's validate, alternated
    .venv/bin/python bench/bench_chess.py --records-anchor /tmp/pre  # git worktree add /tmp/pre c2ce6c8

This machine's speed moves by 2x with other tenants' load, so a figure in deals per second
means little alone. Both sides are measured in the same run, alternated, best of ``--repeat``,
in CPU seconds (user + system of the process measured: a loaded machine stretches wall time
far more than CPU time; ``--jobs 2`` alone is in wall time):

- chess: a corpus of random legal games (fixed seed) written to a temporary PGN, then read
  with ``chess.pgn.read_game``, which replays every move on a board as it reads it: chess
  moves per second;
- belote: ``belote-replay validate --jobs 1`` on a ``belote-replay generate --rules R
  --deals N --seed 1`` file (``--rules``: classic unless told, e.g. ``contree``, ``coinche``),
  as a user runs it (a fresh process): calls and cards per second,
  on the compiled path (the optional C accelerators: the reader of canonical deals, the
  engine's ``play_cards``) and on the pure-Python path (``BELOTE_PURE_PYTHON=1``), both in
  the same run, alternated; the first line says whether the C accelerators are built.
  Calls are the ``SEAT:...`` words of the bidding (``take``, ``pass``, a contrée bid,
  ``coinche``: each an act, in every rule system); cards every card written in a deal
  (dealt: ``tafr9a``, ``offer``, ``rest``, ``hand``; played: ``trick``), each one a token
  the reader reads and the engine applies, as a chess move is;
- their ratio (issue 7: 3.1 before the rewrite, target at least 6), also counting the calls
  and the cards played only, for comparison; and the same ratio for the deals alone, the start
  of the process left out as python-chess's import is: the CPU of validate on the whole file
  minus its CPU on a quarter of it, over the acts of the other three quarters (what each more
  deal costs; both files measured in the same alternation);
- ``--jobs 2`` against ``--jobs 1`` (target at least 1.8x);
- peak memory (max RSS of the validate process) on a quarter of the deals and on all of
  them (target: flat);
- reading the file to full pydantic records (``notation.read.reader.iter_games``), timed inside a
  fresh process on each path, with Python's collector as it is, then tuned as the
  ``belote-replay`` process tunes it (the library never switches the collector: issue 17):
  calls and cards per second and the ratio to chess (issue 23: at least the 8,682 deals/s of
  the reader before its redesign, measured on a quiet machine; with ``--records-anchor`` that
  reader is measured in the same run, alternated, and the ratio printed).

It prints figures and the calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from calibration import calibration_line  # bench/ is on sys.path when run as a script

BIN = Path(sys.executable).parent / "belote-replay"
CALL = re.compile(r"\b[NESW]:(?=\S)")  # every call: take, pass, a contrée bid, coinche, ...
CARD_LINE = re.compile(r"^(?:tafr9a|offer|rest|hand|trick)\b")
WORD = re.compile(r"\S+")


# ----------------------------------------------------------------------------- the corpora
def write_chess_corpus(path: Path, games: int, seed: int, max_plies: int = 160) -> int:
    """Random legal games (each move drawn among the legal ones) as PGN; returns the moves."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    moves = 0
    with path.open("w", encoding="utf-8") as out:
        for number in range(1, games + 1):
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and board.ply() < max_plies:
                board.push(rng.choice(list(board.legal_moves)))
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"Random game {number}"
            moves += board.ply()
            print(game, file=out, end="\n\n")
    return moves


def write_belote_file(path: Path, deals: int, rules: str = "classic") -> None:
    subprocess.run([str(BIN), "generate", "--rules", rules, "--deals", str(deals), "--seed", "1",
                    "-o", str(path)], check=True, capture_output=True)


def count_calls_and_cards(path: Path) -> tuple[int, int, int]:
    """(calls, cards dealt, cards played) written in a ``.bel`` file."""
    calls = dealt = played = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("smsara"):
                calls += len(CALL.findall(line))
            elif CARD_LINE.match(line):
                words = WORD.findall(line.split("{", 1)[0])
                if words[0] == "trick":
                    played += sum(1 for w in words if len(w) > 2 and w[1] == ":")
                elif words[0] == "offer":
                    dealt += 1
                else:
                    dealt += len(words) - 2  # the keyword and the seat
    return calls, dealt, played


# ----------------------------------------------------------------------------- the measurements
def read_chess(path: Path) -> int:
    """Read every game with ``chess.pgn.read_game``: the moves read.

    ``read_game`` replays each move on a board as it reads it (a SAN move only means something
    in its position, and an illegal one is recorded in ``game.errors``), so reading is replaying.
    """
    import chess.pgn

    moves = 0
    with path.open(encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            moves += sum(1 for _ in game.mainline_moves())
    return moves


HERE = Path(__file__).resolve().parent.parent
"""This checkout: what "this code" runs, whichever checkout the venv's install points at."""


def path_env(pure_python: bool) -> dict[str, str]:
    """The environment of a run of this checkout's code (first on the path: the venv's
    ``belote-replay`` may be an editable install of another checkout, which a run from a
    worktree measured instead before) on the compiled path (the C accelerators, where built) or
    on the pure-Python path (``BELOTE_PURE_PYTHON=1``). A baseline's run puts its own first."""
    return {**os.environ, "BELOTE_PURE_PYTHON": "1" if pure_python else "0",
            "PYTHONPATH": os.pathsep.join((str(HERE), str(HERE / "cli")))}


def run_validate(path: Path, jobs: int, pure_python: bool = False,
                 checkout: Path | None = None) -> tuple[float, int, float]:
    """Wall seconds, peak RSS (kB) and CPU seconds (user + system, its workers included) of
    ``belote-replay validate --jobs N`` in a fresh process (``checkout``: the code of another
    checkout of the project, run by this interpreter, its library and CLI first on the path)."""
    args = [str(BIN), "validate", "--jobs", str(jobs), "--no-progress", str(path)]
    env = path_env(pure_python)
    if checkout is not None:
        args = [sys.executable, "-c", "import sys; from belote_replay.main import cli; sys.argv[0] = "
                "'belote-replay'; cli()", *args[1:]]
        env["PYTHONPATH"] = os.pathsep.join((str(checkout), str(checkout / "cli")))
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        # in the checkout's folder: the folder a script runs from comes first on the path, and
        # the bench run from this checkout's root would import this checkout's code instead
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errors, env=env,
                                cwd=checkout if checkout is not None else None)
        _, status, usage = os.wait4(proc.pid, 0)  # the rusage of this process alone
        seconds = time.perf_counter() - started
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: findings, which a generated file should not have anyway
            errors.seek(0)
            raise SystemExit(f"validate failed ({code}): {errors.read().decode(errors='replace')}")
    return seconds, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def read_records(path: Path) -> int:
    """Read the file to full pydantic records in this process: the games read."""
    from belote_notation.notation.read.reader import iter_games

    with path.open("rb") as handle:
        return sum(1 for _ in iter_games(handle, name=str(path)))


def read_records_tuned(path: Path) -> int:
    """:func:`read_records` with the collector tuned as the ``belote-replay`` process tunes it
    around its commands (``cli/belote_replay/main.py``): the library itself never touches it."""
    import gc

    from belote_replay.main import YOUNG_COLLECTION_THRESHOLD

    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *thresholds[1:])
    try:
        return read_records(path)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


_READ_ELSEWHERE = """
import sys, time
sys.path.insert(0, sys.argv[2])
import bench_chess
started, cpu = time.perf_counter(), time.process_time()
read = bench_chess.read_records_tuned if sys.argv[3] == "tuned" else bench_chess.read_records
read(bench_chess.Path(sys.argv[1]))
print(time.perf_counter() - started, time.process_time() - cpu)
"""


def read_records_in_process(path: Path, tuned: bool, pure_python: bool,
                            checkout: Path | None = None) -> float:
    """CPU seconds of :func:`read_records` (or the tuned one) in a fresh process on one path:
    the reading alone is timed there (not the start of the process). ``checkout``: the library
    of another checkout (e.g. the reader before its redesign, ``git worktree add /tmp/pre c2ce6c8``)."""
    env = path_env(pure_python)
    if checkout is not None:
        env["PYTHONPATH"] = str(checkout)
    out = subprocess.run([sys.executable, "-c", _READ_ELSEWHERE, str(path), str(Path(__file__).parent),
                          "tuned" if tuned else "plain"], env=env, check=True,
                         capture_output=True, text=True, cwd=checkout if checkout is not None else None)
    return float(out.stdout.strip().splitlines()[-1].split()[1])


def compile_bytecode(*checkouts: Path | None) -> None:
    """Write the bytecode of this checkout (and of ``checkouts``), as an installed copy has it:
    where ``PYTHONDONTWRITEBYTECODE`` is set (this machine sets it), an editable install would
    compile every module from source at each start of ``belote-replay``."""
    import compileall

    for root in (HERE, *(c for c in checkouts if c is not None)):
        for folder in ("belote_notation", "cli"):
            if (root / folder).is_dir():
                compileall.compile_dir(root / folder, quiet=1)
    print("bytecode: compiled (as an installed copy has it)")


def compiled_built() -> bool:
    """True when the C accelerators are built in this install (else both paths are Python)."""
    out = subprocess.run([sys.executable, "-c", "from belote_notation.notation.read.canon import compiled_reader; "  # noqa: E501
                          "from belote_notation.game.engine import play_cards; "
                          "print(compiled_reader() is not None and type(play_cards).__name__ != 'function')"],
                         env=path_env(False), check=True, capture_output=True, text=True)
    return out.stdout.strip() == "True"


def best(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


def timed(action: Callable[[], object]) -> float:
    """CPU seconds of ``action`` in this process."""
    started = time.process_time()
    action()
    return time.process_time() - started


# ----------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals in the belote file")
    parser.add_argument("--rules", default="classic",
                        help="the rule system of the generated belote file (classic, contree, coinche, ...)")
    parser.add_argument("--games", type=int, default=300, help="random chess games")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout of the project (e.g. /work/main): its validate --jobs 1 is "
                        "measured in the same alternation on both paths, as the figures to compare with")
    parser.add_argument("--records-anchor", type=Path, default=None,
                        help="a checkout of the reader before its redesign (commit c2ce6c8): its reading to "
                        "records is measured in the same alternation, the anchor of issue 23's 1.0x")
    args = parser.parse_args(argv)

    print(calibration_line())
    compile_bytecode(args.baseline, args.records_anchor)
    with tempfile.TemporaryDirectory() as tmp:
        pgn, bel, small = Path(tmp, "random.pgn"), Path(tmp, "big.bel"), Path(tmp, "small.bel")
        moves = write_chess_corpus(pgn, args.games, seed=1)
        write_belote_file(bel, args.deals, args.rules)
        write_belote_file(small, args.deals // 4, args.rules)
        calls, dealt, played = count_calls_and_cards(bel)
        units = calls + dealt + played
        small_calls, _, small_played = count_calls_and_cards(small)
        print(f"corpora: {args.games} chess games, {moves:,} moves; {args.deals:,} {args.rules} deals, "
              f"{calls:,} calls, {dealt:,} cards dealt, {played:,} cards played "
              f"({units / args.deals:.1f} per deal)")

        print(f"compiled path: {'built' if compiled_built() else 'NOT built (both paths are Python)'}")
        chess_s, belote_s, pure_s, belote_wall, base_s, base_pure_s = [], [], [], [], [], []
        small_s: list[float] = []
        small_pure_s: list[float] = []
        records_s, tuned_s, pure_records_s, pure_tuned_s, anchor_s = [], [], [], [], []
        for _ in range(args.repeat):  # alternated, so every side sees the same load
            chess_s.append(timed(lambda: read_chess(pgn)))
            wall, _, cpu = run_validate(bel, 1)
            belote_s.append(cpu)
            belote_wall.append(wall)
            pure_s.append(run_validate(bel, 1, pure_python=True)[2])
            small_s.append(run_validate(small, 1)[2])
            small_pure_s.append(run_validate(small, 1, pure_python=True)[2])
            if args.baseline is not None:
                base_s.append(run_validate(bel, 1, checkout=args.baseline)[2])
                base_pure_s.append(run_validate(bel, 1, pure_python=True, checkout=args.baseline)[2])
            records_s.append(read_records_in_process(bel, tuned=False, pure_python=False))
            tuned_s.append(read_records_in_process(bel, tuned=True, pure_python=False))
            pure_records_s.append(read_records_in_process(bel, tuned=False, pure_python=True))
            pure_tuned_s.append(read_records_in_process(bel, tuned=True, pure_python=True))
            if args.records_anchor is not None:
                anchor_s.append(read_records_in_process(bel, tuned=False, pure_python=True,
                                                        checkout=args.records_anchor))
        chess_rate = moves / min(chess_s)
        print(f"python-chess read_game (replays each move): {chess_rate:,.0f} moves/s "
              f"(best of {args.repeat})")
        sides = [("compiled path", belote_s), ("pure-Python path", pure_s)]
        if base_s:
            sides.append((f"baseline {args.baseline}, compiled path", base_s))
            sides.append((f"baseline {args.baseline}, pure-Python path", base_pure_s))
        for label, seconds in sides:
            belote_rate = units / min(seconds)
            played_rate = (calls + played) / min(seconds)
            print(f"belote-replay validate --jobs 1, {label}: {belote_rate:,.0f} calls+cards/s, "
                  f"{args.deals / min(seconds):,.0f} deals/s (best of {args.repeat}); ratio to chess "
                  f"{belote_rate / chess_rate:.2f} counting every card (dealt, played), "
                  f"{played_rate / chess_rate:.2f} counting calls and cards played only")
        acts = calls + played - small_calls - small_played
        for label, seconds, small_seconds in (("compiled path", belote_s, small_s),
                                              ("pure-Python path", pure_s, small_pure_s)):
            more, extra = min(seconds) - min(small_seconds), args.deals - args.deals // 4
            start = min(small_seconds) - more / 3
            ratio = acts / more / chess_rate
            print(f"  the deals alone, {label}: {extra:,} more deals cost {more:.2f} s CPU, "
                  f"{extra / more:,.0f} deals/s; ratio to chess {ratio:.2f} counting calls and "
                  f"cards played (the start of the process, {start:.2f} s, left out)")
        print(f"  compiled / pure-Python: {min(pure_s) / min(belote_s):.2f}x   (issue 23: validate at least "
              "10x chess per act on the compiled path, the pure-Python path at least its ratio before)")
        for label, plain, tuned in (("compiled path", records_s, tuned_s),
                                    ("pure-Python path", pure_records_s, pure_tuned_s)):
            records_rate = units / min(plain)
            tuned_rate = units / min(tuned)
            print(f"reading to pydantic records (iter_games), {label}: {records_rate:,.0f} calls+cards/s, "
                  f"{args.deals / min(plain):,.0f} deals/s, ratio to chess {records_rate / chess_rate:.2f}; "
                  f"with the collector tuned as the belote-replay process tunes it: "
                  f"{args.deals / min(tuned):,.0f} deals/s, ratio {tuned_rate / chess_rate:.2f}")
            if anchor_s:
                print(f"  {label} / the reader before its redesign ({args.records_anchor}, its own collector "
                      f"handling, {args.deals / min(anchor_s):,.0f} deals/s): "
                      f"{min(anchor_s) / min(plain):.2f}x "
                      "untouched collector (issue 23: at least 1.0x)")

        two = best(args.repeat, lambda: run_validate(bel, 2)[0])
        print(f"--jobs 2, compiled path (wall time): {args.deals / two:,.0f} deals/s, "
              f"{min(belote_wall) / two:.2f}x --jobs 1 (best of {args.repeat}; target >= 1.8)")

        for label, pure in (("compiled path", False), ("pure-Python path", True)):
            small_kb = run_validate(small, 1, pure)[1]
            big_kb = run_validate(bel, 1, pure)[1]
            print(f"peak RSS of validate --jobs 1, {label}: {small_kb / 1024:.0f} MB on {args.deals // 4:,} "
                  f"deals, {big_kb / 1024:.0f} MB on {args.deals:,} deals ({big_kb / small_kb:.2f}x; "
                  "target: flat)")
    print(calibration_line())


if __name__ == "__main__":
    main()
