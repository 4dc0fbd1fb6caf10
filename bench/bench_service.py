"""``belote-replay serve`` under load, on loopback only, bounded in count and time.

    .venv/bin/python bench/bench_service.py                       # SQLite, and PostgreSQL when it answers
    .venv/bin/python bench/bench_service.py --clients 8 --requests 800 --workers 2

Measured in one run, on the same cores:

- a 10-deal match (``samples/classic/capot-and-belote.bel``) posted to ``POST /v1/validate``
  by ``--clients`` concurrent clients (threads, one keep-alive connection each, ``http.client``:
  the lightest client, since it shares the cores), ``--requests`` in all: requests per second,
  p50 and p99 latency;
- the same games validated in-process through the pipeline over as many processes as the
  service has web processes (``pipeline.run(..., Backend.processes(N))`` on a file of ``--requests`` copies):
  games per second, and the ratio of the service's games per second to it;
- the p50 of that validate with one web process and with ``--workers`` (issue 35: within 1.5x);
- games per CPU-second (user + sys) of requests of ``--games`` games (10) in the service (its
  processes' CPU time, read from /proc) against the pipeline in this process (issue 35: the
  ratio >= 0.5);
- ``POST /v1/games`` of files of ``--batch`` distinct games (``--uploads`` files) into SQLite
  and into PostgreSQL (a throwaway database, dropped after): games stored per second.

The server is a real ``belote-replay serve`` subprocess on a free port of 127.0.0.1. It prints
figures and asserts nothing; this machine's speed moves with other tenants' load.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MATCH = ROOT / "samples" / "classic" / "capot-and-belote.bel"
POSTGRES = os.environ.get("BELOTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
LIMIT_SECONDS = 300
"""Every phase stops after this long, whatever was asked."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(self, database: str, workers: int, folder: Path) -> None:
        self.port = free_port()
        env = {**os.environ, "BELOTE_RATE_PER_MINUTE": "0", "BELOTE_ACCESS_LOG": "false",
               "BELOTE_MAX_GAMES": "100000"}
        cli = [sys.executable, "-m", "belote_replay", "serve", "--database", database]
        if not database.startswith("sqlite"):
            subprocess.run([*cli, "migrate"], check=True, capture_output=True, cwd=folder, env=env)
        token = subprocess.run([*cli, "token", "create", "bench"], check=True, capture_output=True, text=True,
                               cwd=folder, env=env).stdout.strip()
        self.headers = {"Authorization": f"Bearer {token}"}
        self.log = (folder / f"serve-{self.port}.log").open("wb")
        flags = ["--port", str(self.port), "--workers", str(workers), "--jobs", "0"]
        self.process = subprocess.Popen([*cli, *flags], cwd=folder, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status, _ = request(self.connect(), "GET", "/readyz")
                if status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit("the server did not start")

    def connect(self) -> http.client.HTTPConnection:
        """A keep-alive connection without Nagle's delay: http.client writes the headers and the
        body apart, and the body would wait for the delayed ACK of the headers (~40 ms)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.connect()
        assert conn.sock is not None
        conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(60)
        self.log.close()


def request(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    return response.status, response.read()


def hammer(server: Server, clients: int, total: int, path: str, bodies: list[bytes],
           headers: dict[str, str] | None = None) -> tuple[float, list[float]]:
    """``total`` requests over ``clients`` threads; (seconds, latencies)."""
    latencies: list[float] = []
    lock = threading.Lock()
    counter = iter(range(total))
    deadline = time.monotonic() + LIMIT_SECONDS

    def client() -> None:
        conn = server.connect()
        for n in counter:
            if time.monotonic() > deadline:
                return
            started = time.perf_counter()
            status, _ = request(conn, "POST", path, bodies[n % len(bodies)], headers)
            if status >= 300:
                raise SystemExit(f"{path}: {status}")
            with lock:
                latencies.append(time.perf_counter() - started)
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started, latencies


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + sys) of a process and its live descendants (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                total += tree_cpu(int(child))
    except (FileNotFoundError, ProcessLookupError):
        pass
    return total


def cpu_ratio(args: argparse.Namespace, folder: Path) -> tuple[float, float]:
    """Games per CPU-second: the service (one web process) and the pipeline in this process."""
    body = b"\n".join([MATCH.read_bytes()] * args.games)
    server = Server(f"sqlite:///{folder / 'cpu.db'}", 1, folder)
    try:
        path = "/v1/validate?name=m.bel"
        hammer(server, 1, 20, path, [body])  # warm up
        before = tree_cpu(server.process.pid)
        _, latencies = hammer(server, args.clients, args.requests // 2, path, [body])
        service = len(latencies) * args.games / (tree_cpu(server.process.pid) - before)
    finally:
        server.stop()
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.pipeline.inputs import Source
    from belote_notation.pipeline.pool import GameChecked, run

    data = b"\n".join([body] * (args.requests // 2))
    started = time.process_time()
    events = run([Source("m.bel", data=data)], ValidationConfig(), "json")
    games = sum(isinstance(e, GameChecked) for e in events)
    return service, games / (time.process_time() - started)


def in_process(copies: int, jobs: int) -> float:
    """Games per second of the pipeline validating ``copies`` of the match over ``jobs`` processes."""
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.pipeline.executor import Backend
    from belote_notation.pipeline.inputs import Source
    from belote_notation.pipeline.pool import GameChecked, run

    text = MATCH.read_bytes()
    data = b"\n".join([text] * copies)
    started = time.perf_counter()
    events = run([Source("m.bel", data=data)], ValidationConfig(), "json", Backend.processes(jobs))
    games = sum(isinstance(e, GameChecked) for e in events)
    return games / (time.perf_counter() - started)


def distinct_games(count: int) -> list[bytes]:
    text = MATCH.read_text(encoding="utf-8")
    return [text.replace('[North "', f'[North "B{n} ', 1).encode() for n in range(count)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def upload_throughput(database: str, args: argparse.Namespace, folder: Path) -> float:
    server = Server(database, args.workers, folder)
    try:
        games = distinct_games(args.uploads * args.batch)
        files = [b"\n".join(games[i:i + args.batch]) for i in range(0, len(games), args.batch)]
        seconds, _ = hammer(server, args.clients, len(files), "/v1/games?name=up.bel", files, server.headers)
        return len(games) / seconds
    finally:
        server.stop()


def postgres_database() -> tuple[str, object] | None:
    try:
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        admin = create_engine(make_url(POSTGRES), isolation_level="AUTOCOMMIT")
        name = f"belote_bench_{secrets.token_hex(4)}"
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        return make_url(POSTGRES).set(database=name).render_as_string(hide_password=False), (admin, name)
    except Exception as exc:  # noqa: BLE001 - no PostgreSQL here: said, and skipped
        print(f"PostgreSQL: not measured ({type(exc).__name__}: {str(exc).splitlines()[0]})")
        return None


def drop_postgres(handle: object) -> None:
    from sqlalchemy import text

    admin, name = handle  # type: ignore[misc]
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def uploads(args: argparse.Namespace, folder: Path, figures: dict[str, float]) -> None:
    """Games stored per second by uploads into SQLite, and into PostgreSQL when it answers."""
    sqlite = f"sqlite:///{folder / 'up.db'}"
    figures["sqlite_upload_games_per_s"] = upload_throughput(sqlite, args, folder)
    print(f"upload into SQLite: {figures['sqlite_upload_games_per_s']:.1f} games/s "
          f"({args.uploads} files of {args.batch} games, {args.clients} clients)")
    made = postgres_database()
    if made is not None:
        url, handle = made
        try:
            figures["postgres_upload_games_per_s"] = upload_throughput(url, args, folder)
        finally:
            drop_postgres(handle)
        print(f"upload into PostgreSQL: {figures['postgres_upload_games_per_s']:.1f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="web processes")
    parser.add_argument("--games", type=int, default=10, help="games per request of the CPU ratio")
    parser.add_argument("--uploads", type=int, default=40, help="files uploaded per database")
    parser.add_argument("--batch", type=int, default=10, help="games per uploaded file")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object too")
    parser.add_argument("--no-uploads", action="store_true", help="measure validation only")
    args = parser.parse_args()
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-service-") as tmp:
        folder = Path(tmp)
        body = MATCH.read_bytes()
        path = "/v1/validate?name=m.bel"
        if args.workers > 1:
            server = Server(f"sqlite:///{folder / 'one.db'}", 1, folder)
            try:
                hammer(server, args.clients, min(40, args.requests), path, [body])  # warm up
                _, alone = hammer(server, args.clients, args.requests, path, [body])
                figures["p50_ms_one_process"] = percentile(alone, 0.5) * 1000
            finally:
                server.stop()
        server = Server(f"sqlite:///{folder / 'validate.db'}", args.workers, folder)
        try:
            hammer(server, args.clients, min(40, args.requests), path, [body])  # warm up
            seconds, latencies = hammer(server, args.clients, args.requests, path, [body])
        finally:
            server.stop()
        local = in_process(args.requests, args.workers)
        figures.update(requests_per_s=len(latencies) / seconds, p50_ms=percentile(latencies, 0.5) * 1000,
                       p99_ms=percentile(latencies, 0.99) * 1000, in_process_games_per_s=local)
        figures["ratio"] = figures["requests_per_s"] / local
        print(f"validate a 10-deal match: {args.clients} clients, {len(latencies)} requests, "
              f"{args.workers} web process(es): {figures['requests_per_s']:.1f} req/s (= games/s), "
              f"p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
        print(f"in-process pipeline, jobs={args.workers}: {local:.1f} games/s; service/in-process ratio "
              f"{figures['ratio']:.2f}")
        if "p50_ms_one_process" in figures:
            figures["p50_ratio"] = figures["p50_ms"] / figures["p50_ms_one_process"]
            print(f"p50 with {args.workers} web processes / with one: {figures['p50_ms']:.1f} / "
                  f"{figures['p50_ms_one_process']:.1f} ms = {figures['p50_ratio']:.2f} (target <= 1.5)")
        service_cpu, local_cpu = cpu_ratio(args, folder)
        figures.update(service_games_per_cpu_s=service_cpu, in_process_games_per_cpu_s=local_cpu,
                       cpu_ratio=service_cpu / local_cpu)
        print(f"games per CPU-second, {args.games}-game requests: service {service_cpu:.0f}, in-process "
              f"{local_cpu:.0f}: ratio {figures['cpu_ratio']:.2f} (target >= 0.5)")
        if not args.no_uploads:
            uploads(args, folder, figures)
    if args.json:
        print(json.dumps({k: round(v, 2) for k, v in figures.items()}))


if __name__ == "__main__":
    main()
