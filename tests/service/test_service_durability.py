"""Durability: uploads in a loop while the server is killed with SIGKILL and restarted. Every
upload answered 2xx is stored complete, none is stored half, nothing twice, and the review
jobs left pending finish after the last restart."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, func, select

from belote_notation.service.schema import DEALS, FINDINGS, GAMES, JOBS, TAGS
from tests.service.support import Server, cli, sample

pytestmark = pytest.mark.slow
BASE = sample("classic/partie-2.bel").decode()
KILLS = 3


def _game(n: int) -> str:
    """Partie 2 with players of its own: a game of its own fingerprint."""
    return BASE.replace('[North "', f'[North "N{n} ').replace('[South "', f'[South "S{n} ')


class Uploader(threading.Thread):
    """Uploads files of three new games (each file sent twice: the second is all duplicates) and
    queues a review now and then, through the restarts; remembers every 2xx answer."""

    def __init__(self, server: Server, headers: dict[str, str]) -> None:
        super().__init__(daemon=True)
        self.server, self.headers = server, headers
        self.stop = threading.Event()
        self.stored: dict[str, str] = {}  # id -> the game's text
        self.jobs: list[str] = []
        self.failures = 0
        self.count = 0

    def run(self) -> None:
        while not self.stop.is_set():
            numbers = range(self.count * 3, self.count * 3 + 3)
            body = "\n".join(_game(n) for n in numbers)
            for _attempt in range(2):
                try:
                    answer = httpx.post(self.server.url + "/v1/games", content=body, headers=self.headers,
                                        timeout=20)
                except httpx.HTTPError:
                    self.failures += 1
                    time.sleep(0.2)
                    continue
                assert answer.status_code < 500 or answer.status_code == 503, answer.text
                if answer.status_code == 200:
                    result = answer.json()
                    for ref in result["imported"] + result["duplicates"]:
                        self.stored[ref["id"]] = _game(numbers[ref["game"] - 1])
                    if result["imported"] and random.random() < 0.3:
                        self._review(result["imported"][0]["id"])
            self.count += 1

    def _review(self, game_id: str) -> None:
        try:
            answer = httpx.post(f"{self.server.url}/v1/games/{game_id}/review", headers=self.headers,
                                timeout=20)
        except httpx.HTTPError:
            return
        if answer.status_code == 202:
            self.jobs.append(answer.json()["job"])


def test_uploads_survive_sigkill(database_url: str, tmp_path: Path) -> None:
    if not database_url.startswith("sqlite"):
        assert cli("serve", "--database", database_url, "migrate", cwd=tmp_path).returncode == 0
    made = cli("serve", "--database", database_url, "token", "create", "club", cwd=tmp_path)
    headers = {"Authorization": f"Bearer {made.stdout.strip()}"}
    env = {"BELOTE_LEASE_SECONDS": "2", "BELOTE_RATE_PER_MINUTE": "0", "BELOTE_MAX_ATTEMPTS": str(KILLS + 2)}
    server = Server(database_url, tmp_path, "--jobs", "1", env=env).start()
    uploader = Uploader(server, headers)
    uploader.start()
    try:
        for _ in range(KILLS):
            time.sleep(random.uniform(1.0, 2.5))
            server.kill()
            time.sleep(0.3)
            server.start()
        time.sleep(1.0)
    finally:
        uploader.stop.set()
        uploader.join(60)
    try:
        engine = create_engine(database_url)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                states = dict(conn.execute(select(JOBS.c.state, func.count()).group_by(JOBS.c.state)).all())
            if not states.keys() - {"done", "failed"}:
                break
            time.sleep(1)
    finally:
        assert server.stop() == 0
    assert uploader.stored, "no upload got through"
    assert set(states) <= {"done"}, states  # every review finished, none failed
    with engine.connect() as conn:
        rows = conn.execute(select(GAMES)).all()
        per_game = [select(t.c.game_id, func.count()).group_by(t.c.game_id) for t in (TAGS, DEALS, FINDINGS)]
        tags, deals, findings = (dict(conn.execute(query).all()) for query in per_game)
    engine.dispose()
    by_id = {row.id: row for row in rows}
    for game_id, text in uploader.stored.items():
        assert by_id[game_id].bel == text  # every 2xx upload stored, complete
    for row in rows:  # nothing half stored: each game with all its tags, deals and findings
        assert tags.get(row.id, 0) == row.bel.count("\n[") + 1 - row.bel.startswith("{"), row.id
        assert deals.get(row.id, 0) == row.deal_count
        assert findings.get(row.id, 0) == row.errors + row.warnings + row.infos
    keys = [(row.owner, row.fingerprint, row.version) for row in rows]
    assert len(keys) == len(set(keys))  # nothing twice
    originals = [row for row in rows if row.version == 1]
    assert len({row.bel for row in originals}) == len(originals)
    assert uploader.count >= KILLS
