"""The protocol examples of docs/live.md, "The service", played as an app maker would copy them,
against a service on a port of 127.0.0.1: the ``curl`` that opens a game, the socket's state, the
messages and every answer shown (verdicts, a refusal, a problem), the NDJSON ``curl``, the
followers' ``curl``, and the Python client of "From an app" finishing the deal."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote_notation.service.app import create_app
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import create_token
from tests.service.support import served_in_thread

PAGE = Path(__file__).parents[2] / "docs" / "live.md"
DOCS_URL = "http://127.0.0.1:8000"


def _section(title: str) -> str:
    """The text of the docs' section ``title`` (up to the next heading)."""
    page = PAGE.read_text(encoding="utf-8")
    start = page.index(f"### {title}\n")
    end = re.compile(r"\n#{2,3} ").search(page, start + 4)  # a shell comment's "# " is no heading
    return page[start:end.start() if end else len(page)]


def _blocks(title: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", _section(title), re.S)


def _lines(block: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in block.splitlines() if line.strip()]


def _shown(doc: Any, real: Any, where: str = "") -> None:
    """What the docs show of an answer is the answer's (a position may be cut short: every key
    shown is there, with its value)."""
    if isinstance(doc, dict):
        assert isinstance(real, dict), (where, real)
        for key, value in doc.items():
            assert key in real, f"{where}.{key} is not in the answer: {real}"
            _shown(value, real[key], f"{where}.{key}")
    elif isinstance(doc, list):
        assert isinstance(real, list) and len(real) == len(doc), (where, doc, real)
        for n, (a, b) in enumerate(zip(doc, real, strict=True)):
            _shown(a, b, f"{where}[{n}]")
    else:
        assert doc == real, (where, doc, real)


def _shell(command: str, url: str, **env: str) -> str:
    """A ``sh`` example of the docs run by bash against ``url`` in place of the docs' address."""
    done = subprocess.run(["bash", "-c", command.replace(DOCS_URL, url)], capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", **env}, check=True)
    return done.stdout


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[dict[str, Any]]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'docs.db'}", access_log=False, rate_per_minute=0)
    app = create_app(settings, migrate=True)
    with served_in_thread(app) as url:
        yield {"url": url, "token": create_token(app.state.service.engine, "club", "write")}


def test_the_protocol_examples_of_docs_live_md(served: dict[str, Any]) -> None:
    from websockets.sync.client import connect

    url = served["url"]
    [opening] = _blocks("Open a game", "sh")
    live = json.loads(_shell(opening, url, TOKEN=served["token"]))
    assert set(live) == {"id", "token", "play", "acts", "events", "state"} and live["token"].startswith("bt_")
    state, messages, verdicts = _blocks("Play: the WebSocket", "json")
    [problem] = _blocks("Errors on the socket", "json")
    answers = {}
    with connect(url.replace("http", "ws") + f"/v1/live/{live['id']}/play?token={live['token']}") as ws:
        hello = json.loads(ws.recv(timeout=30))
        _shown({**json.loads(state), "id": live["id"]}, hello)
        for message in _lines(messages):
            ws.send(json.dumps(message))
            answers[message["seq"]] = json.loads(ws.recv(timeout=30))
        shown_problem = json.loads(problem)
        ws.send(json.dumps({"seq": shown_problem["seq"], "act": "card", "seat": "S", "card": "7C"}))
        _shown(shown_problem, json.loads(ws.recv(timeout=30)))
    for verdict in _lines(verdicts):
        asked = verdict["seq"] + (0 if verdict["accepted"] else 1)  # a refusal: the number before its own
        _shown(verdict, answers[asked], f"answer to act {asked}")
    [acts] = _blocks("Play: NDJSON over HTTP", "sh")
    sent = [json.loads(line) for line in _shell(acts, url, LIVE=live["id"], TABLE=live["token"]).splitlines()]
    assert [(a["type"], a["seq"], a["accepted"], a["findings"]) for a in sent] == [
        ("verdict", 5, True, []), ("verdict", 6, True, [])]
    [follow] = _blocks("Follow", "sh")
    first = follow.splitlines()[0]  # an NDJSON follower of the game in progress: its state first
    command = f"{first} --max-time 3 | head -n 1"  # it stays open while the game is played
    followed = json.loads(_shell(command, url, LIVE=live["id"]))
    assert (followed["type"], followed["seq"]) == ("state", 6)
    assert all(isinstance(n, int) for n in followed["position"]["hands"].values())  # a spectator's


def test_the_python_client_of_docs_live_md_finishes_the_deal(served: dict[str, Any]) -> None:
    [client] = _blocks("From an app", "python")
    scope: dict[str, Any] = {}
    exec(compile(client, str(PAGE), "exec"), scope)  # noqa: S102 - the docs' own example, as copied
    deal = _lines(re.findall(r"```json\n(.*?)```", _section("The messages"), re.S)[0])
    import httpx

    headers = {"Authorization": f"Bearer {served['token']}"}
    live = httpx.post(served["url"] + "/v1/live", json={"rules": "moroccan"}, headers=headers).json()
    socket = served["url"].replace("http", "ws") + f"/v1/live/{live['id']}/play?token={live['token']}"
    scope["play"](socket, deal[:4])
    scope["play"](socket, deal)  # connected again: it resumes after the 4 acts the game holds
    state = httpx.get(f"{served['url']}/v1/live/{live['id']}", headers=headers).json()
    assert [item["act"] for item in state["acts"]] == deal
