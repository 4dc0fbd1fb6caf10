"""The idle limit of live games (docs/live.md, "Limits"): a game without an act for
``BELOTE_LIVE_IDLE_TIMEOUT`` seconds is closed (its acts kept, nothing stored), its followers are
told so and their streams end even when no other request comes, it takes no more acts, it no
longer counts among its owner's games in progress; a socket with no message for as long is closed
with 1001."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from belote_notation.check.live import acts_of_text
from belote_notation.service import routes_live
from tests.service.support import SAMPLES, make_service

MATCH = SAMPLES / "moroccan" / "club-match-1.bel"
IDLE = 1.0
"""Seconds without an act before a game is closed, here."""


def _first_acts(count: int) -> list[dict[str, Any]]:
    return [dict(data) for data, _ in acts_of_text(MATCH.read_text(encoding="utf-8"))][:count]


def _opened(service: Any) -> dict[str, Any]:
    answer = service.client.post("/v1/live", json={"rules": "moroccan"}, headers=service.alice)
    assert answer.status_code == 201, answer.text
    opened: dict[str, Any] = answer.json()
    return opened


def test_an_idle_game_is_closed_and_its_follower_told_without_another_request(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routes_live, "KEEPALIVE", 0.1)
    url = f"sqlite:///{tmp_path / 'idle.db'}"
    for service in make_service(url, live_idle_timeout=IDLE, live_per_owner=1):
        live = _opened(service)
        body = "".join(json.dumps({**act, "seq": n}) + "\n" for n, act in enumerate(_first_acts(3), 1))
        played = service.client.post(f"/v1/live/{live['id']}/acts", content=body,
                                     headers={"Authorization": f"Bearer {live['token']}"})
        assert [json.loads(line)["accepted"] for line in played.text.splitlines()] == [True] * 3
        events, keepalives = [], 0
        with service.client.stream("GET", f"/v1/live/{live['id']}/events") as stream:
            for line in stream.iter_lines():  # no other request is made while it is read
                if line.strip():
                    events.append(json.loads(line))
                else:
                    keepalives += 1
                    assert keepalives < 40 * IDLE / 0.1, f"the stream was not ended: {events}"
        assert [e["type"] for e in events] == ["state", "end"]
        assert (events[0]["seq"], events[-1]["state"], events[-1]["game"]) == (3, "closed", None)
        state = service.client.get(f"/v1/live/{live['id']}").json()
        assert (state["state"], state["seq"], len(state["acts"])) == ("closed", 3, 3)  # its acts kept
        more = service.client.post(f"/v1/live/{live['id']}/acts", content=json.dumps(_first_acts(4)[3]),
                                   headers={"Authorization": f"Bearer {live['token']}"}).text
        assert json.loads(more)["problem"]["code"] == "conflict"
        _opened(service)  # the closed game no longer counts among alice's one game in progress


def test_a_socket_without_a_message_is_closed_as_idle(tmp_path: Path) -> None:
    for service in make_service(f"sqlite:///{tmp_path / 'socket.db'}", live_idle_timeout=IDLE):
        live = _opened(service)
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_text(json.dumps({**_first_acts(1)[0], "seq": 1}))
            assert ws.receive_json()["accepted"]
            started = time.monotonic()
            told = ws.receive_json()["problem"]  # why, in the connection's language, then the close
            closing = ws.receive()
        assert told["status"] == 408
        assert (closing["type"], closing["code"], closing.get("reason")) == ("websocket.close", 1001, "idle")
        assert time.monotonic() - started >= IDLE * 0.9
