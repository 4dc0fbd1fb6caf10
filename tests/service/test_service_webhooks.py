"""Webhooks: a job's end pushed by a real ``serve`` process to a tiny receiver on 127.0.0.1,
signed (the signature verified here), a failing receiver retried with backoff then logged as
failed; and the URLs the service refuses to send to (SSRF)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from belote_notation.service.webhooks import verify
from tests.service.support import Server, Service, cli, sample


class Receiver:
    """An HTTP server on 127.0.0.1: ``/ok`` answers 204, ``/fail`` 500; every request kept."""

    def __init__(self) -> None:
        received: list[dict[str, Any]] = []
        self.received = received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                received.append({"path": self.path, "headers": dict(self.headers), "body": body,
                                 "at": time.monotonic()})
                self.send_response(204 if self.path == "/ok" else 500)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def on(self, path: str) -> list[dict[str, Any]]:
        return [r for r in self.received if r["path"] == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    made = Receiver()
    yield made
    made.close()


def _wait(check: Any, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("timed out waiting")


@pytest.mark.server
def test_webhooks_are_signed_retried_and_logged(database_url: str, tmp_path: Path,
                                               receiver: Receiver) -> None:
    if not database_url.startswith("sqlite"):
        assert cli("serve", "--database", database_url, "migrate", cwd=tmp_path).returncode == 0
    token = cli("serve", "--database", database_url, "token", "create", "club", cwd=tmp_path).stdout.strip()
    rival = cli("serve", "--database", database_url, "token", "create", "rival", cwd=tmp_path).stdout.strip()
    headers = {"Authorization": f"Bearer {token}"}
    env = {"BELOTE_JOB_THRESHOLD": "1000", "BELOTE_WEBHOOK_PRIVATE": "true", "BELOTE_WEBHOOK_BACKOFF": "0.5",
           "BELOTE_WEBHOOK_ATTEMPTS": "3"}
    server = Server(database_url, tmp_path, "--jobs", "1", env=env).start()
    try:
        made = httpx.post(server.url + "/v1/webhooks", json={"url": receiver.url + "/ok"}, headers=headers,
                          timeout=30)
        assert made.status_code == 201, made.text
        hook = made.json()
        accepted = httpx.post(server.url + "/v1/games", params={"webhook": receiver.url + "/fail"},
                              content=sample("classic/partie-1.bel"), headers=headers, timeout=30)
        assert accepted.status_code == 202, accepted.text
        job, failing = accepted.json()["job"], accepted.json()["webhook"]
        assert failing["job"] == job and failing["secret"]

        delivered = _wait(lambda: receiver.on("/ok"))[0]
        stamp = delivered["headers"]["Belote-Webhook-Timestamp"]
        signed = delivered["headers"]["Belote-Webhook-Signature"]
        assert verify(hook["secret"], stamp, delivered["body"], signed)
        assert not verify(failing["secret"], stamp, delivered["body"], signed)
        payload = json.loads(delivered["body"])
        assert payload["event"] == "job.done" == delivered["headers"]["Belote-Webhook-Event"]
        assert payload["job"]["id"] == job and payload["job"]["state"] == "done"
        assert len(payload["job"]["result"]["imported"]) == 1

        attempts = _wait(lambda: len(receiver.on("/fail")) >= 3 and receiver.on("/fail"))
        gaps = [b["at"] - a["at"] for a, b in zip(attempts, attempts[1:], strict=False)]
        assert gaps[0] >= 0.4 and gaps[1] >= 0.9, gaps  # 0.5 s, then twice as long
        assert all(verify(failing["secret"], a["headers"]["Belote-Webhook-Timestamp"], a["body"],
                          a["headers"]["Belote-Webhook-Signature"]) for a in attempts)

        def log_of(webhook_id: str) -> list[dict[str, Any]]:
            answer = httpx.get(f"{server.url}/v1/webhooks/{webhook_id}/deliveries", headers=headers,
                               timeout=30)
            assert answer.status_code == 200, answer.text
            entries: list[dict[str, Any]] = answer.json()
            return entries

        failed = _wait(lambda: [e for e in log_of(failing["id"]) if e["state"] == "failed"])[0]
        assert (failed["attempts"], failed["last_status"], failed["job"]) == (3, 500, job)
        assert "500" in failed["last_error"]
        time.sleep(1.5)
        assert len(receiver.on("/fail")) == 3  # no attempt after the last
        ok = log_of(hook["id"])
        assert [(e["state"], e["last_status"], e["attempts"]) for e in ok] == [("delivered", 204, 1)]
        others = httpx.get(f"{server.url}/v1/webhooks/{hook['id']}/deliveries",
                           headers={"Authorization": f"Bearer {rival}"}, timeout=30)
        assert others.status_code == 404
        listed = httpx.get(server.url + "/v1/webhooks", headers=headers, timeout=30).json()
        assert {w["id"] for w in listed} == {hook["id"], failing["id"]}
        assert all("secret" not in w for w in listed)
    finally:
        code = server.stop()
    assert code == 0


@pytest.mark.parametrize("url", ["ftp://example.org/hook", "http://127.0.0.1:9/hook", "http://localhost/hook",
                                 "http://10.0.0.7/hook", "http://[::1]/hook", "http://169.254.169.254/latest",
                                 "http://user:pw@example.org/hook"])
def test_webhook_urls_the_service_does_not_send_to(service: Service, url: str) -> None:
    answer = service.client.post("/v1/webhooks", json={"url": url}, headers=service.alice)
    assert answer.status_code == 422 and answer.json()["code"] == "invalid", answer.text
    upload = service.client.post("/v1/games", params={"webhook": url}, content=b"", headers=service.alice)
    assert upload.status_code == 422
    assert service.client.get("/v1/webhooks", headers=service.alice).json() == []


def test_a_public_webhook_is_taken_and_removed_by_its_owner_only(service: Service) -> None:
    made = service.client.post("/v1/webhooks", json={"url": "https://hooks.example.org/belote"},
                               headers=service.alice)
    assert made.status_code == 201 and len(made.json()["secret"]) == 64
    hook = made.json()["id"]
    assert service.client.post("/v1/webhooks", json={"url": "https://x.example.org"},
                               headers=service.reader).status_code == 403
    assert service.client.delete(f"/v1/webhooks/{hook}", headers=service.bob).status_code == 404
    assert service.client.delete(f"/v1/webhooks/{hook}", headers=service.alice).status_code == 204
    assert service.client.get(f"/v1/webhooks/{hook}/deliveries", headers=service.alice).status_code == 404
