"""Live verdicts in the players' language (issue 37): ``?lang=`` on the socket's or the acts' URL,
else the connection's ``Accept-Language``; ``POST /v1/live?lang=`` hands back URLs that carry it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.service.support import Service
from tests.service.test_service_live import ILLEGAL, acts, open_live, opening, play_all


def _refused(answers: list[dict[str, Any]]) -> dict[str, Any]:
    refused = [a for a in answers if a.get("accepted") is False]
    assert refused, answers
    return refused[0]


@pytest.mark.parametrize(("query", "headers", "words"), [
    ("&lang=fr", {}, "n'a pas fourni"),
    ("", {"Accept-Language": "ar-MA, fr;q=0.8"}, "لم يتبع"),
    ("", {}, "did not follow"),
])
def test_the_socket_speaks_the_language_asked(service: Service, query: str, headers: dict[str, str],
                                              words: str) -> None:
    live = open_live(service, **opening(ILLEGAL))
    url = f"/v1/live/{live['id']}/play?token={live['token']}{query}"
    with service.client.websocket_connect(url, headers=headers) as ws:
        ws.receive_json()
        refused = _refused(play_all(ws, acts(ILLEGAL)))
    finding = refused["findings"][0]
    assert finding["code"] == "BEL303" and words in finding["message"]
    assert finding["args"]["who"] == {"seat": "N"} and finding["message_id"].startswith("%(who)s")


def test_the_opening_hands_back_urls_in_its_language_and_the_acts_speak_it(service: Service) -> None:
    live = service.client.post("/v1/live", params={"lang": "ar"},
                               json={"rules": "moroccan", **opening(ILLEGAL)}, headers=service.alice).json()
    assert all(live[name].endswith("?lang=ar") for name in ("play", "acts", "events"))
    assert "?" not in live["state"]
    path = live["acts"].split("/v1/", 1)[1]
    body = "".join(json.dumps({**act, "seq": n}) + "\n" for n, act in enumerate(acts(ILLEGAL), 1))
    answer = service.client.post("/v1/" + path, content=body.encode(),
                                 headers={"Authorization": f"Bearer {live['token']}"})
    lines = [json.loads(line) for line in answer.text.splitlines() if line]
    refused = _refused(lines)
    assert "لم يتبع" in refused["findings"][0]["message"]
    english = open_live(service, **opening(ILLEGAL))
    assert english["play"].endswith("/play")  # no language asked: the URLs as before
    assert service.client.post("/v1/live", params={"lang": "xx"}, json={"rules": "moroccan"},
                               headers=service.alice).status_code == 422
