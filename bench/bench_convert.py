"""Importers against the .bel reader: events -> records and CFN -> records, in one run.

    .venv/bin/python bench/bench_convert.py [--deals 4000] [--cfn-deals 2000] [--repeat 3]

* events: games of ``belote_notation.generator`` (``--preset``) written as canonical .bel and
  as an event log (``belote-replay convert --to events``); both read into records.
* CFN: deals bid and played by colver (the contrée engine, a test dependency) written by
  colver itself (``Env.to_cfn``); read into records, which are then written as canonical .bel;
  both read into records. The same deals in both forms.

Timed runs alternate (best of ``--repeat``, wall and CPU), so load hits every reader alike;
the machine's speed varies, compare the figures of one run. Peak memory (``ru_maxrss``) of a
fresh child process that reads the whole file, at the full size and a quarter of it: a
streaming importer's two peaks are about the same.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calibration import calibration_line

from belote_notation.formats import FormatIssue, get_format
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.read.reader import iter_games
from belote_notation.notation.records import Game
from belote_notation.notation.write.writer import write_game


def write_generated(bel: Path, events: Path, deals: int, preset: str, seed: int) -> int:
    """About ``deals`` generated deals as .bel and as an event log; returns the deals written."""
    writer = get_format("events")
    assert writer is not None
    written = 0
    with open(bel, "w", encoding="utf-8", newline="\n") as out_bel, \
            open(events, "w", encoding="utf-8", newline="\n") as out_events:
        games = generate_games(Ruleset.preset(preset), matches=None, deals=deals, seed=seed)
        for n, game in enumerate(games):
            out_bel.write(("\n" if n else "") + write_game(game))
            list(writer.write([game], out_events))
            written += len(game.deals)
            if written >= deals:
                break
    return written


def colver_deals(cfn: Path, bel: Path, deals: int, seed: int) -> int:
    """``deals`` colver deals as CFN (colver's own) and as .bel (our records of them)."""
    import colver

    fmt = get_format("cfn")
    assert fmt is not None
    written = 0
    with open(cfn, "w", encoding="utf-8") as out:
        n = seed
        while written < deals:
            env = colver.Env.deal(dealer=n % 4, seed=n)
            n += 1
            while not env.is_terminal():
                env.step(env.action_heuristic_play() if env.phase() == 1 else env.bid_maxi())
            if not env.get_play_order():
                continue  # everybody passed
            out.write(env.to_cfn() + "\n")
            written += 1
    with open(cfn, "rb") as source, open(bel, "w", encoding="utf-8", newline="\n") as out_bel:
        first = True
        for item in fmt.read(source):
            if isinstance(item, Game):
                out_bel.write(("" if first else "\n") + write_game(item))
                first = False
    return written


def read_bel(path: Path) -> int:
    deals = 0
    for parsed in iter_games(path):
        assert not parsed.errors
        deals += len(parsed.game.deals)
    return deals


def read_format(name: str, path: Path, strict: bool = True) -> int:
    fmt = get_format(name)
    assert fmt is not None
    deals = 0
    with open(path, "rb") as source:
        for item in fmt.read(source, str(path)):
            if isinstance(item, FormatIssue):
                assert not strict or item.severity == "info", str(item)
            else:
                deals += len(item.deals)
    return deals


def child_peak(kind: str, path: Path) -> float:
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(path)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


def timed(runs: dict[str, Callable[[], int]], repeat: int, deals: int) -> dict[str, tuple[float, float]]:
    best = {name: (float("inf"), float("inf")) for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            w0, c0 = time.perf_counter(), time.process_time()
            got = run()
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            assert got == deals, (name, got, deals)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    return best


def show(title: str, best: dict[str, tuple[float, float]], sizes: dict[str, int], deals: int) -> None:
    print(title)
    for name, (wall, cpu) in best.items():
        print(f"  {name:<16} {sizes[name] / 1e6:6.2f} MB   wall: {deals / wall:>8,.0f} deals/s ({wall:.2f} s)"
              f"   cpu: {deals / cpu:>8,.0f} deals/s")
    (a, (_, a_cpu)), (b, (_, b_cpu)) = best.items()
    print(f"  {b} / {a}: {a_cpu / b_cpu:.2f}x the speed (cpu; >= 1.00 is the target)")


def compare(what: str, bel: Path, name: str, other: Path, deals: int, repeat: int) -> None:
    """The .bel reader and one importer on the same deals, alternated; their figures."""
    runs = {".bel -> records": lambda: read_bel(bel),
            f"{name} -> records": lambda: read_format(name.lower(), other)}
    sizes = {".bel -> records": bel.stat().st_size, f"{name} -> records": other.stat().st_size}
    show(f"the same {deals} {what}, best of {repeat}:", timed(runs, repeat, deals), sizes, deals)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=4000, help="generated deals (events vs .bel)")
    ap.add_argument("--cfn-deals", type=int, default=2000, help="colver deals (CFN vs .bel)")
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.child:
        kind, path = args.child
        read_bel(Path(path)) if kind == "bel" else read_format(kind, Path(path), strict=False)
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
        return

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        t0 = time.perf_counter()
        deals = write_generated(d / "gen.bel", d / "gen.events.jsonl", args.deals, args.preset, args.seed)
        small = write_generated(d / "small.bel", d / "small.events.jsonl", args.deals // 4, args.preset,
                                args.seed + 1)
        cfn_deals = colver_deals(d / "colver.cfn", d / "colver.bel", args.cfn_deals, args.seed)
        cfn_small = colver_deals(d / "small.cfn", d / "small-cfn.bel", args.cfn_deals // 4,
                                 args.seed + 100_000)
        print(f"corpus: {deals} generated deals ({args.preset}); {cfn_deals} colver deals; "
              f"built in {time.perf_counter() - t0:.1f} s")

        for what, bel, name, other, count in (
                ("deals", d / "gen.bel", "events", d / "gen.events.jsonl", deals),
                ("colver deals", d / "colver.bel", "CFN", d / "colver.cfn", cfn_deals)):
            compare(what, bel, name, other, count, args.repeat)
        print(f"  load average while measuring: {os.getloadavg()[0]:.2f} (other processes share the cores)")
        print(f"  {calibration_line()}")

        print("peak memory of a process that reads the whole file (ru_maxrss):")
        for kind, big, little, n_big, n_small in (
                ("bel", d / "gen.bel", d / "small.bel", deals, small),
                ("events", d / "gen.events.jsonl", d / "small.events.jsonl", deals, small),
                ("cfn", d / "colver.cfn", d / "small.cfn", cfn_deals, cfn_small)):
            p_big, p_small = child_peak(kind, big), child_peak(kind, little)
            print(f"  {kind:<7} {n_small:>6} deals ({little.stat().st_size / 1e6:5.1f} MB): {p_small:6.1f} MB"
                  f"   {n_big:>6} deals ({big.stat().st_size / 1e6:5.1f} MB): {p_big:6.1f} MB"
                  f"   growth: {p_big - p_small:+.1f} MB")


if __name__ == "__main__":
    main()
