"""Side by side with a peer: python-chess reading PGN against ``belote-replay validate``.

    .venv/bin/python bench/bench_chess.py            # needs the bench extra: pip install -e '.[bench]'
    .venv/bin/python bench/bench_chess.py --deals 20000 --games 300 --repeat 3

This machine's speed moves by 2x with other tenants' load, so a figure in deals per second
means little alone. Both sides are measured in the same run, alternated, best of ``--repeat``:

- chess: a corpus of random legal games (fixed seed) written to a temporary PGN, then read
  with ``chess.pgn.read_game``, which replays every move on a board as it reads it: chess
  moves per second;
- belote: ``belote-replay validate --jobs 1`` on a ``belote-replay generate --rules classic
  --deals N --seed 1`` file, as a user runs it (a fresh process): calls and cards per second.
  Calls are the ``SEAT:take``/``SEAT:pass`` of the bidding; cards every card written in a
  deal (dealt: ``tafr9a``, ``offer``, ``rest``, ``hand``; played: ``trick``), each one a token
  the reader reads and the engine applies, as a chess move is;
- their ratio (issue 7: 3.1 before the rewrite, target at least 6), also counting the calls
  and the cards played only, for comparison;
- ``--jobs 2`` against ``--jobs 1`` (target at least 1.8x);
- peak memory (max RSS of the validate process) on a quarter of the deals and on all of
  them (target: flat);
- reading the file to full pydantic records in this process (``notation.reader.iter_games``),
  with Python's collector as it is, then tuned as the ``belote-replay`` process tunes it (the
  library never switches the collector: issue 17):
  calls and cards per second and the ratio to chess (target: 1.5x today's).

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
CALL = re.compile(r"\b[NESW]:(?:take|pass)\b", re.IGNORECASE)
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


def write_belote_file(path: Path, deals: int) -> None:
    subprocess.run([str(BIN), "generate", "--rules", "classic", "--deals", str(deals), "--seed", "1",
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


def run_validate(path: Path, jobs: int) -> tuple[float, int]:
    """Wall seconds and peak RSS (kB) of ``belote-replay validate --jobs N`` in a fresh process."""
    args = [str(BIN), "validate", "--jobs", str(jobs), "--no-progress", str(path)]
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(proc.pid, 0)  # the rusage of this process alone
        seconds = time.perf_counter() - started
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: findings, which a generated file should not have anyway
            errors.seek(0)
            raise SystemExit(f"validate failed ({code}): {errors.read().decode(errors='replace')}")
    return seconds, usage.ru_maxrss


def read_records(path: Path) -> int:
    """Read the file to full pydantic records in this process: the games read."""
    from belote_notation.notation.reader import iter_games

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


def best(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


# ----------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals in the belote file")
    parser.add_argument("--games", type=int, default=300, help="random chess games")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)

    print(calibration_line())
    with tempfile.TemporaryDirectory() as tmp:
        pgn, bel, small = Path(tmp, "random.pgn"), Path(tmp, "big.bel"), Path(tmp, "small.bel")
        moves = write_chess_corpus(pgn, args.games, seed=1)
        write_belote_file(bel, args.deals)
        write_belote_file(small, args.deals // 4)
        calls, dealt, played = count_calls_and_cards(bel)
        units = calls + dealt + played
        print(f"corpora: {args.games} chess games, {moves:,} moves; {args.deals:,} deals, {calls:,} calls, "
              f"{dealt:,} cards dealt, {played:,} cards played ({units / args.deals:.1f} per deal)")

        chess_s, belote_s, records_s, tuned_s = [], [], [], []
        for _ in range(args.repeat):  # alternated, so every side sees the same load
            chess_s.append(timed(lambda: read_chess(pgn)))
            belote_s.append(run_validate(bel, 1)[0])
            records_s.append(timed(lambda: read_records(bel)))
            tuned_s.append(timed(lambda: read_records_tuned(bel)))
        chess_rate = moves / min(chess_s)
        belote_rate = units / min(belote_s)
        played_rate = (calls + played) / min(belote_s)
        print(f"python-chess read_game (replays each move): {chess_rate:,.0f} moves/s "
              f"(best of {args.repeat})")
        print(f"belote-replay validate --jobs 1: {belote_rate:,.0f} calls+cards/s, "
              f"{args.deals / min(belote_s):,.0f} deals/s (best of {args.repeat})")
        print(f"ratio validate / chess: {belote_rate / chess_rate:.2f} counting every card (dealt, played), "
              f"{played_rate / chess_rate:.2f} counting calls and cards played only   "
              f"(issue 7: 3.1 before, target >= 6)")
        records_rate = units / min(records_s)
        print(f"reading to pydantic records (iter_games, in process): {records_rate:,.0f} calls+cards/s, "
              f"{args.deals / min(records_s):,.0f} deals/s; ratio to chess {records_rate / chess_rate:.2f} "
              f"({(calls + played) / min(records_s) / chess_rate:.2f} counting calls and cards played)")
        tuned_rate = units / min(tuned_s)
        print(f"  the same with the collector tuned as the belote-replay process tunes it: "
              f"{tuned_rate:,.0f} calls+cards/s, {args.deals / min(tuned_s):,.0f} deals/s; ratio to chess "
              f"{tuned_rate / chess_rate:.2f}")

        two = best(args.repeat, lambda: run_validate(bel, 2)[0])
        print(f"--jobs 2: {args.deals / two:,.0f} deals/s, {min(belote_s) / two:.2f}x --jobs 1 "
              f"(best of {args.repeat}; target >= 1.8)")

        small_kb = run_validate(small, 1)[1]
        big_kb = run_validate(bel, 1)[1]
        print(f"peak RSS of validate --jobs 1: {small_kb / 1024:.0f} MB on {args.deals // 4:,} deals, "
              f"{big_kb / 1024:.0f} MB on {args.deals:,} deals ({big_kb / small_kb:.2f}x; target: flat)")
    print(calibration_line())


if __name__ == "__main__":
    main()
