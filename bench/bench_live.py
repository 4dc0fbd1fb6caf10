"""Live games under load: ``--tables`` concurrent live tables on a real ``belote-replay serve``
(127.0.0.1 only), bounded in count and time.

    .venv/bin/python bench/bench_live.py                          # 200 tables, 40 acts each, an act a second
    .venv/bin/python bench/bench_live.py --tables 50 --acts 231 --pause 0

Each table is one WebSocket client (asyncio, one process: the load client shares the cores
with the server) that plays the acts of ``samples/moroccan/club-match-1.bel`` one at a time:
it sends an act, waits for its verdict, waits about ``--pause`` seconds (uniform in 0.5 to 1.5
times it; a table plays an act every few seconds), and sends the next. The tables start at random
phases within one pause, as at a club; ``--in-step`` makes them all act in the same instant, the
worst case. Printed:

- act-to-verdict latency over every act of every table: p50, p99, max (the issue's target:
  p99 < 20 ms), and acts per second;
- nothing lost: every act acknowledged is in the game the server holds (``GET /v1/live/{id}``,
  read after the run) and in ``live_acts``, in order;
- the anchor, side by side: the same acts checked in this process by ``LiveGame.play`` alone
  (no socket, no database), p50 and p99, before and after the load (alternated, best of them);
- CPU time (user + sys) of the server process and of the load client during the load.

It prints figures and asserts nothing; this machine's speed moves with other tenants' load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from calibration import calibration_line  # noqa: E402

MATCH = ROOT / "samples" / "moroccan" / "club-match-1.bel"
LIMIT_SECONDS = 600
"""The load stops after this long, whatever was asked."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def process_cpu(pid: int) -> float:
    """User + sys CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def anchor(acts: list[dict], rules: str, tags: dict[str, str]) -> list[float]:
    """Seconds of ``LiveGame.play`` per act, in this process: the check alone."""
    from belote_notation.check.live import LiveGame

    game, times = LiveGame(rules, tags=tags), []
    for act in acts:
        start = time.perf_counter()
        game.play(act)
        times.append(time.perf_counter() - start)
    return times


class Serve:
    def __init__(self, folder: Path, tables: int, sync: str) -> None:
        import httpx

        from tests.service.support import free_port

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        database = f"sqlite:///{folder / 'live.db'}"
        env = {**os.environ, "BELOTE_RATE_PER_MINUTE": "0", "BELOTE_ACCESS_LOG": "false",
               "BELOTE_LIVE_PER_OWNER": str(tables + 10), "BELOTE_MAX_CONNECTIONS": str(tables + 100),
               "BELOTE_LIVE_SYNC": sync}
        cli = [sys.executable, "-m", "belote_replay", "serve", "--database", database]
        token = subprocess.run([*cli, "token", "create", "bench"], check=True, capture_output=True, text=True,
                               cwd=folder, env=env).stdout.strip()
        self.headers = {"Authorization": f"Bearer {token}"}
        self.database = database
        log = (folder / "serve.log").open("wb")
        self.process = subprocess.Popen([*cli, "--port", str(self.port), "--jobs", "0"], cwd=folder, env=env,
                                        stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise SystemExit("the server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(60)


async def open_table(serve: Serve, body: dict, gate: asyncio.Semaphore) -> dict:
    """A table opened (a few at a time: tables open over an evening, not in one instant)."""
    import httpx

    async with gate, httpx.AsyncClient() as client:
        answer = await client.post(serve.url + "/v1/live", json=body, headers=serve.headers, timeout=60)
    if answer.status_code != 201:
        raise SystemExit(f"POST /v1/live: {answer.status_code} {answer.text[:300]}")
    opened: dict = answer.json()
    return opened


async def table(serve: Serve, opened: dict, acts: list[dict], pause: float, deadline: float,
                latencies: list[float], start: asyncio.Event, phase: random.Random,
                in_step: bool) -> tuple[str, int, list[str]]:
    """One table: its acts played one by one once every table is connected; (its id, acts
    acknowledged, problems)."""
    from websockets.asyncio.client import connect

    url = serve.url.replace("http", "ws") + f"/v1/live/{opened['id']}/play?token={opened['token']}"
    acknowledged, problems = 0, []
    async with connect(url, open_timeout=120, max_size=1 << 24) as socket:
        await socket.recv()
        await start.wait()
        if not in_step:  # tables are not in step: each starts when it starts and plays at its pace
            await asyncio.sleep(phase.uniform(0, pause))
        for number, act in enumerate(acts, 1):
            if time.monotonic() > deadline:
                break
            start = time.perf_counter()
            await socket.send(json.dumps({**act, "seq": number}))
            answer = json.loads(await socket.recv())
            latencies.append(time.perf_counter() - start)
            if answer.get("accepted"):
                acknowledged += 1
            else:
                problems.append(json.dumps(answer)[:200])
            if pause:
                await asyncio.sleep(pause if in_step else phase.uniform(0.5 * pause, 1.5 * pause))
    return opened["id"], acknowledged, problems


def lost(serve: Serve, results: list[tuple[str, int, list[str]]], acts: list[dict]) -> int:
    """Acts acknowledged but missing from the server's game or from its table of acts."""
    import httpx
    from sqlalchemy import create_engine, func, select

    from belote_notation.service.schema import LIVE_ACTS

    engine = create_engine(serve.database)
    with engine.connect() as conn:
        query = select(LIVE_ACTS.c.live_id, func.count()).group_by(LIVE_ACTS.c.live_id)
        stored = dict(conn.execute(query).all())
    engine.dispose()
    missing = 0
    for live_id, acknowledged, _ in results:
        state = httpx.get(f"{serve.url}/v1/live/{live_id}", headers=serve.headers, timeout=60).json()
        held = [item["act"] for item in state["acts"]]
        missing += max(0, acknowledged - min(len(held), stored.get(live_id, 0)))
        missing += held != acts[:len(held)]
    return missing


async def load(serve: Serve, args: argparse.Namespace, body: dict,
               acts: list[dict]) -> tuple[list, list[float]]:
    latencies: list[float] = []
    gate, start = asyncio.Semaphore(8), asyncio.Event()
    opened = await asyncio.gather(*(open_table(serve, body, gate) for _ in range(args.tables)))
    deadline = time.monotonic() + LIMIT_SECONDS
    phase = random.Random(args.seed)
    playing = [asyncio.ensure_future(table(serve, one, acts, args.pause, deadline, latencies, start, phase,
                                                 args.in_step))
               for one in opened]
    await asyncio.sleep(1.0)  # the sockets connect
    start.set()
    began = time.perf_counter()
    results = await asyncio.gather(*playing)
    args.played_in = time.perf_counter() - began
    return list(results), latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--acts", type=int, default=40, help="acts per table (the sample has 231)")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between a verdict and the next act")
    parser.add_argument("--seed", type=int, default=1, help="the tables' phases and pauses")
    parser.add_argument("--in-step", action="store_true",
                        help="every table acts in the same instant (the worst case, not a club's evening)")
    parser.add_argument("--sync", choices=("full", "normal"), default="full",
                        help="the server's BELOTE_LIVE_SYNC (docs/live.md)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from belote_notation.check.live import acts_of_text
    from belote_notation.service.live_client import record_opening, tags_of_text

    text = MATCH.read_text(encoding="utf-8")
    acts = [data for data, _ in acts_of_text(text)][:args.acts]
    rules, tags = tags_of_text(text, MATCH.name)
    body = record_opening(text, MATCH.name)
    print(calibration_line())
    kept = {k: v for k, v in tags.items() if k not in ("Rules", "Result")}
    before = anchor(acts, rules or "moroccan", kept)
    with tempfile.TemporaryDirectory(prefix="bench-live-") as folder:
        serve = Serve(Path(folder), args.tables, args.sync)
        try:
            cpu_server, cpu_client, wall = process_cpu(serve.process.pid), own_cpu(), time.perf_counter()
            results, latencies = asyncio.run(load(serve, args, body, acts))
            wall = args.played_in
            cpu_server, cpu_client = process_cpu(serve.process.pid) - cpu_server, own_cpu() - cpu_client
            missing = lost(serve, results, acts)
        except BaseException:
            serve.stop()
            kept = Path(tempfile.gettempdir()) / "bench_live-serve.log"
            kept.write_bytes((Path(folder) / "serve.log").read_bytes())
            print(f"the server's log: {kept}", file=sys.stderr)
            raise
        finally:
            serve.stop()
    after = anchor(acts, rules or "moroccan", kept)
    best = min((before, after), key=lambda times: percentile(times, 0.99))
    acknowledged = sum(r[1] for r in results)
    problems = [p for r in results for p in r[2]]
    ms = 1000.0
    print(f"{args.tables} tables x {len(acts)} acts, a pause of {args.pause:g} s, live_sync={args.sync}: "
          f"{len(latencies)} acts in "
          f"{wall:.1f} s ({len(latencies) / wall:.0f} acts/s), {acknowledged} acknowledged, {len(problems)} "
          f"refused or problems, {missing} lost")
    print(f"  act-to-verdict over the socket   p50 {percentile(latencies, 0.5) * ms:7.1f} ms   "
          f"p99 {percentile(latencies, 0.99) * ms:7.1f} ms   max {max(latencies) * ms:7.1f} ms   "
          "(target: p99 < 20 ms)")
    print(f"  anchor: LiveGame.play in-process p50 {percentile(best, 0.5) * ms:7.1f} ms   "
          f"p99 {percentile(best, 0.99) * ms:7.1f} ms   (best of before/after the load)")
    per_act = cpu_server / max(1, len(latencies)) * ms
    print(f"  CPU (user+sys): server {cpu_server:.1f} s ({per_act:.1f} ms an act), "
          f"load client {cpu_client:.1f} s")
    for problem in problems[:3]:
        print("  e.g.", problem)


if __name__ == "__main__":
    main()
