"""Live games through the application (docs/live.md, "The service"): a game opened, played over
the WebSocket and as NDJSON, refused acts, resends, undo, problems on the socket, the limits,
followers (hidden hands), and a game rebuilt from its stored acts by a new application."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from belote_notation.check.live import acts_of_text
from belote_notation.service.live_client import record_opening
from tests.service.support import SAMPLES, Service, make_service

MATCH = SAMPLES / "moroccan" / "club-match-1.bel"
ILLEGAL = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"


def acts(path: Path) -> list[dict[str, Any]]:
    return [dict(data) for data, _ in acts_of_text(path.read_text(encoding="utf-8"))]


def open_live(service: Service, headers: dict[str, str] | None = None, **body: Any) -> dict[str, Any]:
    answer = service.client.post("/v1/live", json={"rules": "moroccan", **body},
                                 headers=headers or service.alice)
    assert answer.status_code == 201, answer.text
    opened: dict[str, Any] = answer.json()
    return opened


def play_all(ws: Any, items: list[dict[str, Any]], start: int = 1) -> list[dict[str, Any]]:
    answers = []
    seq = start
    for act in items:
        ws.send_text(json.dumps({**act, "seq": seq}))
        answers.append(ws.receive_json())
        if answers[-1].get("accepted"):
            seq += 1
    return answers


def opening(path: Path) -> dict[str, Any]:
    return record_opening(path.read_text(encoding="utf-8"), path.name)


@pytest.mark.parametrize("path", [MATCH, SAMPLES / "coinche" / "generale-and-180.bel"], ids=lambda p: p.name)
def test_a_game_played_over_the_websocket_is_stored_as_its_upload(service: Service, path: Path) -> None:
    live = open_live(service, **opening(path))
    with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
        hello = ws.receive_json()
        assert (hello["type"], hello["seq"], hello["state"]) == ("state", 0, "playing")
        answers = play_all(ws, acts(path))
    assert all(a["type"] == "verdict" and a["accepted"] for a in answers), [a for a in answers
                                                                            if not a["accepted"]]
    assert [a["seq"] for a in answers] == list(range(1, len(answers) + 1))
    stored = answers[-1]["game"]
    assert stored
    upload = service.client.post(f"/v1/games?name={path.name}", content=path.read_bytes(),
                                 headers=service.alice).json()
    assert [d["id"] for d in upload["duplicates"]] == [stored], upload  # the same fingerprint
    state = service.client.get(f"/v1/live/{live['id']}").json()
    assert (state["state"], state["game"], state["seq"]) == ("finished", stored, len(answers))


def test_an_illegal_card_is_refused_with_validates_finding_and_not_taken(service: Service) -> None:
    report = service.client.post("/v1/validate?name=x.bel", content=ILLEGAL.read_bytes()).json()
    expected = [(f["code"], f["message"]) for file in report["files"] for g in file["games"]
                for f in g["findings"]]
    assert [code for code, _ in expected] == ["BEL303"]
    live = open_live(service, **opening(ILLEGAL))
    url = f"/v1/live/{live['id']}/play"
    with service.client.websocket_connect(url, headers=_bearer(live["token"])) as ws:
        ws.receive_json()
        answers = play_all(ws, acts(ILLEGAL))
    refused = [a for a in answers if not a["accepted"]]
    assert [(f["code"], f["message"]) for f in refused[0]["findings"]] == expected
    assert refused[0]["seq"] == answers[answers.index(refused[0]) - 1]["seq"]  # not taken
    assert refused[0]["position"] == answers[answers.index(refused[0]) - 1]["position"]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_resends_conflicts_undo_and_bad_messages_on_one_socket(service: Service) -> None:
    first, second, *_ = acts(MATCH)
    live = open_live(service)
    with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({**first, "seq": 1}))
        taken = ws.receive_json()
        ws.send_text(json.dumps({**first, "seq": 1}))  # a resend after a lost answer: the same verdict
        again = ws.receive_json()
        assert again["duplicate"] and again["seq"] == taken["seq"] == 1
        assert again["position"] == taken["position"]
        for message, code in ((json.dumps({**second, "seq": 1}), "conflict"),  # another act, a taken number
                              (json.dumps({**second, "seq": 5}), "conflict"),  # a gap
                              ("not json", "bad-request"), ("[1, 2]", "bad-request"),
                              (json.dumps({"act": "card", "seat": "X", "card": "AH", "seq": 2}), "invalid"),
                              (json.dumps({**second, "seq": "two"}), "invalid"),
                              (json.dumps({"act": "card", "card": "A" * 20_000}), "too-large")):
            ws.send_text(message)
            answer = ws.receive_json()
            assert answer["type"] == "problem" and answer["problem"]["code"] == code, (message[:60], answer)
        ws.send_text(json.dumps({"seq": 1, "undo": True}))
        assert ws.receive_json()["type"] == "undone"
        ws.send_text(json.dumps({**first, "seq": 1}))  # the socket still plays
        assert ws.receive_json()["accepted"]
    state = service.client.get(f"/v1/live/{live['id']}", headers=service.alice).json()
    assert state["seq"] == 1 and state["acts"][0]["act"] == first


def test_acts_as_ndjson_and_the_tokens_that_play(service: Service) -> None:
    items = acts(MATCH)[:6]
    live = open_live(service)
    body = "".join(json.dumps({**act, "seq": n}) + "\n" for n, act in enumerate(items, 1)) + "oops\n"
    url = f"/v1/live/{live['id']}/acts"
    assert service.client.post(url, content=body).status_code == 401
    assert service.client.post(url, content=body, headers=service.bob).status_code == 403  # not bob's
    sent = service.client.post(url, content=body, headers=service.alice)
    answers = [json.loads(line) for line in sent.text.splitlines()]
    assert [a.get("seq") for a in answers[:-1]] == list(range(1, 7)) and answers[-1]["type"] == "problem"
    again = service.client.post(url, content=body, headers=_bearer(live["token"])).text.splitlines()
    assert all(json.loads(line).get("duplicate") for line in again[:-1])
    with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token=bt_nothing") as ws:
        assert ws.receive_json()["problem"]["code"] == "forbidden"


def test_the_limits_of_live_games(tmp_path: Path) -> None:
    for service in make_service(f"sqlite:///{tmp_path / 'limits.db'}", live_max_acts=3, live_per_owner=1):
        live = open_live(service)
        refused = service.client.post("/v1/live", json={}, headers=service.alice)
        assert refused.status_code == 429 and refused.json()["code"] == "rate-limited"
        open_live(service, headers=service.bob)  # another account's own limit
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
            ws.receive_json()
            answers = play_all(ws, acts(MATCH)[:4])
        assert [a.get("accepted") for a in answers[:3]] == [True] * 3
        assert answers[3]["problem"]["code"] == "too-large"


def _events(service: Service, live_id: str, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    with service.client.stream("GET", f"/v1/live/{live_id}/events", headers=headers or {}) as answer:
        assert answer.status_code == 200
        return [json.loads(line) for line in answer.iter_lines() if line.strip()]


def test_followers_see_the_state_then_each_act_and_spectators_no_hand(service: Service) -> None:
    items = acts(MATCH)
    live = open_live(service)
    with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
        ws.receive_json()
        play_all(ws, items[:3])
    spectator = service.client.get(f"/v1/live/{live['id']}").json()
    owner = service.client.get(f"/v1/live/{live['id']}", headers=service.alice).json()
    assert owner["acts"][0]["act"] == items[0]
    dealt = spectator["acts"][0]["act"]
    hidden = [k for k in ("hands", "tafr9a") if k in dealt]
    assert hidden and all(isinstance(n, int) for k in hidden for n in dealt[k].values())
    assert "AH" not in json.dumps(spectator["position"]) or "AH" in json.dumps(items[3:])
    with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
        assert ws.receive_json()["seq"] == 3
        play_all(ws, items[3:], start=4)
    events = _events(service, live["id"])  # finished: the state (hands shown), then the stream ends
    assert [e["type"] for e in events] == ["state"] and events[0]["acts"][0]["act"] == items[0]


def test_a_private_game_is_followed_by_its_owner_only(service: Service) -> None:
    live = open_live(service, private=True, show_hands=True)
    assert service.client.get(f"/v1/live/{live['id']}").status_code == 404
    assert service.client.get(f"/v1/live/{live['id']}", headers=service.bob).status_code == 404
    assert service.client.get(f"/v1/live/{live['id']}", headers=service.reader).json()["seq"] == 0


@pytest.mark.parametrize("bad", [{"players": {"X": "Hugo"}}, {"tags": [{"name": "bad name", "value": "x"}]},
                                 {"rules": "chess"}, {"rules": ""}, {"options": ["no_such_option=1"]},
                                 {"tags": [{"name": "Event", "value": "two\nlines"}]}, {"more": 1}])
def test_a_game_opened_with_bad_values_is_refused(service: Service, bad: dict[str, Any]) -> None:
    answer = service.client.post("/v1/live", json=bad, headers=service.alice)
    assert answer.status_code == 422, answer.text


def test_a_new_application_rebuilds_the_game_from_its_acts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.db'}"
    items = acts(MATCH)
    for service in make_service(url):
        live = open_live(service)
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
            ws.receive_json()
            play_all(ws, items[:10])
    for service in make_service(url):
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
            assert ws.receive_json()["seq"] == 10
            answers = play_all(ws, items[10:], start=11)
        assert all(a["accepted"] for a in answers) and answers[-1]["game"]


def test_live_sync_normal_writes_every_act_before_its_verdict(database_url: str) -> None:
    from sqlalchemy import func, select

    from belote_notation.service.schema import LIVE_ACTS

    for service in make_service(database_url, live_sync="normal"):
        live = open_live(service)
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
            ws.receive_json()
            for number, act in enumerate(acts(MATCH)[:5], 1):
                ws.send_text(json.dumps({**act, "seq": number}))
                assert ws.receive_json()["accepted"]
                with service.engine.connect() as conn:  # written when answered: read from another connection
                    count = conn.execute(select(func.count()).select_from(LIVE_ACTS)
                                         .where(LIVE_ACTS.c.live_id == live["id"])).scalar_one()
                assert count == number


def test_a_game_opened_with_show_hands_shows_them_to_spectators(service: Service) -> None:
    items = acts(MATCH)
    shown, hidden_game = open_live(service, show_hands=True), open_live(service)
    for live in (shown, hidden_game):
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
            ws.receive_json()
            play_all(ws, items[:3])
    owner = service.client.get(f"/v1/live/{shown['id']}", headers=service.alice).json()
    spectator = service.client.get(f"/v1/live/{shown['id']}").json()  # no token: a spectator
    assert spectator["acts"] == owner["acts"] and spectator["position"] == owner["position"]
    assert all(isinstance(cards, list) for cards in spectator["position"]["hands"].values())
    followed = service.client.get(f"/v1/live/{hidden_game['id']}").json()
    assert all(isinstance(n, int) for n in followed["position"]["hands"].values())
