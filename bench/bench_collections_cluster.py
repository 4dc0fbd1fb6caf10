"""The collections on a cluster (issue 34): each command serial and on ``--cluster local:2``, the
outputs compared byte for byte, and the share of the CPU the submitting process used.

    .venv/bin/python bench/bench_collections_cluster.py                     # 200,000 deals
    .venv/bin/python bench/bench_collections_cluster.py --deals 20000 --commands dedupe,stats
    .venv/bin/python bench/bench_collections_cluster.py --check             # exit 1 past the targets

One ``belote-replay generate --rules classic --deals N --seed 1`` file with duplicates planted
at its end (a copy of every 40th game, and the first two deals of every 60th game as a game of
their own: a feed stopped early) goes through ``dedupe``, ``stats``, ``select`` and ``export``,
each as a user runs it (a fresh process), serial then on a LocalCluster of 2 workers started
by the command (``local:2``: its start-up included).

The CPU of a run is read from ``/proc`` (psutil): the command's own process (user + system: the
client, and the scheduler it runs for ``local:N``) is read when it has exited and is not yet
reaped (a zombie keeps its times), its descendants (the nannies and the workers) by polling
them every 50 ms and by the times of the children it reaped, whichever is larger. The share is
the command's own CPU / the CPU of the whole tree; issue 34's target: under 10%. The outputs of
the two runs must be the same bytes (``export``: the same rows in every table).

It prints figures and the calibration line; with ``--check`` it exits 1 when an output differs
or a share is 10% or more.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import psutil  # a dependency of distributed (the cluster extra)
from calibration import calibration_line  # bench/ is on sys.path when run as a script

BIN = Path(sys.executable).parent / "belote-replay"
POLL = 0.05
SHARE = 0.10
COMMANDS = ("dedupe", "stats", "select", "export")


def planted_file(path: Path, deals: int) -> int:
    """A generated file with exact copies and prefixes planted at its end; the games it holds."""
    from belote_notation.notation.read.stream import iter_game_texts, text_source

    subprocess.run([str(BIN), "generate", "--rules", "classic", "--deals", str(deals), "--seed", "1",
                    "--no-progress", "-o", str(path)], check=True, capture_output=True)
    games = [game.text for game in iter_game_texts(text_source(path.read_text(encoding="utf-8")), path.name)]
    planted: list[str] = []
    for number, game in enumerate(games):
        if number % 40 == 7:
            planted.append(game)
        if number % 60 == 11:
            cut = game.find("\ndeal ", game.find("\ndeal ", game.find("\ndeal ") + 1) + 1)
            if cut > 0:
                planted.append(game[:cut + 1] + "end\n")
    with path.open("a", encoding="utf-8") as out:
        for game in planted:
            out.write("\n" + game)
    return len(games) + len(planted)


@dataclass
class Run:
    """One command's run: its exit code, wall seconds, its own CPU and its descendants'."""

    code: int
    wall: float
    own: float
    below: float

    @property
    def share(self) -> float:
        total = self.own + self.below
        return self.own / total if total > 0 else 0.0


def measured(args: list[str]) -> Run:
    """Run ``belote-replay ARGS``; its CPU and its descendants' (see the module's text)."""
    started = time.perf_counter()
    proc = psutil.Popen([str(BIN), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen: dict[int, float] = {}
    times = None
    while True:
        try:
            for child in proc.children(recursive=True):
                try:
                    cpu = child.cpu_times()
                    seen[child.pid] = max(seen.get(child.pid, 0.0), cpu.user + cpu.system)
                except psutil.Error:
                    pass
            if proc.status() == psutil.STATUS_ZOMBIE:
                times = proc.cpu_times()  # its own and its reaped children's, kept by the zombie
                break
        except psutil.Error:
            break
        time.sleep(POLL)
    _, errors = proc.communicate()
    wall = time.perf_counter() - started
    if proc.returncode not in (0, 1) or times is None:
        raise SystemExit(f"{args[:1]} failed ({proc.returncode}): {errors.decode(errors='replace')[-2000:]}")
    below = max(times.children_user + times.children_system, sum(seen.values()))
    return Run(proc.returncode, wall, times.user + times.system, below)


def command_args(command: str, path: Path, out: Path) -> list[str]:
    """The command line of ``command`` on ``path``, its outputs under ``out`` (made for it)."""
    out.mkdir(parents=True, exist_ok=True)
    return {
        "dedupe": ["dedupe", str(path), "-o", str(out / "unique.bel"), "--report", str(out / "report.json"),
                   "--report-format", "json"],
        "stats": ["stats", str(path), "--format", "json", "-o", str(out / "stats.json")],
        "select": ["select", "--taker", "N", str(path), "-o", str(out / "picked.bel")],
        "export": ["export", str(path), "-o", str(out / "tables")],
    }[command]


def same_outputs(serial: Path, spread: Path) -> bool:
    """The same files with the same bytes (Parquet tables: the same rows)."""
    if (serial / "tables").is_dir():  # a table's rows, however the files of its folder are cut
        import pyarrow.parquet as pq

        tables = sorted(p.name for p in (serial / "tables").iterdir())
        if tables != sorted(p.name for p in (spread / "tables").iterdir()):
            return False
        return all(pq.read_table(serial / "tables" / t).to_pylist()
                   == pq.read_table(spread / "tables" / t).to_pylist() for t in tables)
    names = sorted(p.relative_to(serial) for p in serial.rglob("*") if p.is_file())
    if names != sorted(p.relative_to(spread) for p in spread.rglob("*") if p.is_file()):
        return False
    return all((serial / name).read_bytes() == (spread / name).read_bytes() for name in names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200_000, help="Deals generated (default 200000).")
    parser.add_argument("--commands", default=",".join(COMMANDS), help="Which (default: all four).")
    parser.add_argument("--check", action="store_true", help="Exit 1 past the targets.")
    parser.add_argument("--max-share", type=float, default=SHARE,
                        help=f"The share --check allows the submitting process (default {SHARE}).")
    args = parser.parse_args(argv)
    commands = [c for c in args.commands.split(",") if c]
    print(calibration_line(), flush=True)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "planted.bel"
        games = planted_file(path, args.deals)
        print(f"{args.deals} classic deals (seed 1) and duplicates planted: {games} games, "
              f"{path.stat().st_size / 1e6:.0f} MB", flush=True)
        print(f"{'command':<8} {'run':<8} {'wall s':>7} {'own cpu s':>10} {'workers s':>10} "
              f"{'own share':>10} {'deals/s cpu':>12}  same")
        for command in commands:
            runs = {}
            for where, extra in (("serial", []), ("local:2", ["--cluster", "local:2"])):
                out = Path(folder) / command / where.replace(":", "")
                runs[where] = run = measured([*command_args(command, path, out), *extra])
                total = run.own + run.below
                print(f"{command:<8} {where:<8} {run.wall:7.1f} {run.own:10.2f} {run.below:10.2f} "
                      f"{run.share:9.1%} {args.deals / total if total else 0:12,.0f}", end="", flush=True)
                if where == "serial":
                    print(flush=True)
            same = same_outputs(Path(folder) / command / "serial", Path(folder) / command / "local2")
            same = same and runs["serial"].code == runs["local:2"].code
            print(f"  {'yes' if same else 'NO'}", flush=True)
            failed = failed or not same or runs["local:2"].share >= args.max_share
    print(f"target: the submitting process under {SHARE:.0%} of the CPU on local:2 (checked: under "
          f"{args.max_share:.0%}), outputs the same")
    print(calibration_line())
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
