"""The contracts app makers build on: the OpenAPI document complete (named operations, typed
answers, links, optional auth, 429s), and a job's progress pushed as Server-Sent Events by a
real ``serve`` process."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from belote_notation.service.openapi import shipped
from belote_notation.service.settings import Settings
from tests.service.support import Server, cli, sample


def test_the_document_names_types_and_links_every_operation() -> None:
    document = shipped()
    operations = {(method, path): op for path, ops in document["paths"].items() for method, op in ops.items()}
    ids = [op["operationId"] for op in operations.values()]
    assert len(ids) == len(set(ids)) and not any("_" in i for i in ids), ids  # not FastAPI's defaults
    for (method, path), op in operations.items():
        ok = [code for code in op["responses"] if code.startswith("2")]
        assert ok, (method, path)
        assert "security" in op, (method, path)  # a token needed, optional ([{token}, {}]) or none ([])
        if path not in ("/healthz", "/readyz"):
            assert "Retry-After" in json.dumps(op["responses"]["429"]), (method, path)
        for code in ok:
            for media, content in op["responses"][code].get("content", {}).items():
                if media.endswith("json"):
                    assert content["schema"] not in ({}, {"type": "object"}), (method, path, code, media)
    schemas = document["components"]["schemas"]
    assert {"GameSummary", "Page", "UploadResult", "Job", "GameReport", "ReportFinding"} <= set(schemas)
    assert schemas["Job"]["properties"]["state"] == {"$ref": "#/components/schemas/JobState"}
    assert operations[("get", "/v1/games/{game_id}")]["security"] == [{"token": []}, {}]
    assert operations[("post", "/v1/validate")]["security"] == []
    links = operations[("post", "/v1/games")]["responses"]["200"]["links"]
    assert {link["operationId"] for link in links.values()} >= {"getGame", "getGameReport", "getGameReplay"}
    assert operations[("post", "/v1/games")]["responses"]["202"]["links"]["Job"]["operationId"] == "getJob"


def _events(response: httpx.Response) -> list[dict[str, Any]]:
    """The stream read to its end: each event (``id``, ``event``, ``data``) or comment."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for line in response.iter_lines():
        if line.startswith(":"):
            out.append({"comment": line[1:].strip()})
        elif line.startswith(("id:", "event:", "data:", "retry:")):
            name, _, value = line.partition(":")
            current[name] = value.strip()
        elif not line and current:
            if "data" in current:
                current["data"] = json.loads(current["data"])
            out.append(current)
            current = {}
    return out


@pytest.mark.server
def test_an_import_job_followed_over_server_sent_events(database_url: str, tmp_path: Path) -> None:
    if not database_url.startswith("sqlite"):
        assert cli("serve", "--database", database_url, "migrate", cwd=tmp_path).returncode == 0
    token = cli("serve", "--database", database_url, "token", "create", "club", cwd=tmp_path).stdout.strip()
    other = cli("serve", "--database", database_url, "token", "create", "rival", cwd=tmp_path).stdout.strip()
    headers = {"Authorization": f"Bearer {token}"}
    env = {"BELOTE_JOB_THRESHOLD": "1000", "BELOTE_EVENTS_KEEPALIVE": "0.3"}
    server = Server(database_url, tmp_path, "--jobs", "0", env=env).start()  # no worker: the job waits
    stop = threading.Event()
    try:
        accepted = httpx.post(server.url + "/v1/games?name=p.bel", content=sample("classic/partie-1.bel"),
                              headers=headers, timeout=30)
        assert accepted.status_code == 202, accepted.text
        events_url = f"{server.url}/v1/jobs/{accepted.json()['job']}/events"
        assert httpx.get(events_url, timeout=10).status_code == 401
        rival = {"Authorization": f"Bearer {other}"}
        assert httpx.get(events_url, headers=rival, timeout=10).status_code == 404
        with httpx.stream("GET", events_url, headers=headers, timeout=60) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            lines = response.iter_lines()
            seen = []
            for line in lines:  # the queued job's event, then keep-alive comments while it waits
                seen.append(line)
                if line.startswith(": keep-alive"):
                    break
            assert "id: 0" in seen and "event: progress" in seen, seen
            from belote_notation.service.jobs import run_worker

            settings = Settings(database_url=database_url)
            worker = threading.Thread(target=run_worker, args=(settings, stop, 0.1))
            worker.start()
            rest = "\n".join(lines)  # read to the end: the stream closes when the job is done
        assert "event: done" in rest, rest
        final = json.loads(rest.split("event: done\ndata: ", 1)[1].split("\n", 1)[0])
        assert final["state"] == "done" and len(final["result"]["imported"]) == 1
        ids = [int(line[4:]) for line in ["\n".join(seen), rest] for line in line.split("\n")
               if line.startswith("id: ")]
        assert ids == sorted(set(ids)) and ids[-1] == 1002, ids
        resume = {**headers, "Last-Event-ID": "0"}
        with httpx.stream("GET", events_url, headers=resume, timeout=30) as resumed:
            after = [e for e in _events(resumed) if "event" in e]
        assert [(e["id"], e["event"]) for e in after] == [("1002", "done")]
        resume["Last-Event-ID"] = "1002"
        with httpx.stream("GET", events_url, headers=resume, timeout=30) as done:
            assert [e for e in _events(done) if "event" in e] == []
    finally:
        stop.set()
        server.stop()
