"""``belote-replay serve`` as a user runs it: a real subprocess on a free port, its job worker,
its migrations, its tokens, and a graceful stop."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from tests.service.support import Server, cli, sample


def test_serve_end_to_end(database_url: str, tmp_path: Path) -> None:
    if not database_url.startswith("sqlite"):
        refused = cli("serve", "--database", database_url, "--port", "1", cwd=tmp_path)
        assert refused.returncode == 2 and "serve migrate" in refused.stderr
        migrated = cli("serve", "--database", database_url, "migrate", cwd=tmp_path)
        assert migrated.returncode == 0 and "0001" in migrated.stdout, migrated.stderr
    made = cli("serve", "--database", database_url, "token", "create", "club", "--scope", "write",
               cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    headers = {"Authorization": f"Bearer {made.stdout.strip()}"}
    server = Server(database_url, tmp_path, "--jobs", "1").start()
    try:
        body = sample("invalid/BEL203-forced-take-refused.bel")
        stored = httpx.post(server.url + "/v1/games", content=body, headers=headers, timeout=30).json()
        game_id = stored["imported"][0]["id"]
        job = httpx.post(f"{server.url}/v1/games/{game_id}/review", headers=headers, timeout=30).json()
        deadline = time.monotonic() + 90
        state = {}
        while time.monotonic() < deadline:
            state = httpx.get(server.url + job["url"], headers=headers, timeout=30).json()
            if state["state"] in ("done", "failed"):
                break
            time.sleep(0.3)
        assert state["state"] == "done", state
        assert httpx.get(server.url + state["result"]["replay"], timeout=30).status_code == 200
    finally:
        code = server.stop()
    assert code == 0, server.log.read_text()[-2000:]
    log = server.log.read_text()
    assert '"path": "/v1/games"' in log and '"status": 200' in log  # the access log, one JSON per request


def test_the_default_database_is_an_sqlite_file_in_wal_mode_here(tmp_path: Path) -> None:
    import sqlite3

    made = cli("serve", "token", "create", "solo", cwd=tmp_path, env={"BELOTE_DATABASE_URL": ""})
    assert made.returncode == 0 and made.stdout.startswith("bn_"), made.stderr
    with sqlite3.connect(tmp_path / "belote-replay.db") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("SELECT owner, scope FROM tokens").fetchall() == [("solo", "write")]
