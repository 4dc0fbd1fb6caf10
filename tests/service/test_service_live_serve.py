"""Live games against a real ``belote-replay serve`` process: one client plays over the
WebSocket while two followers read Server-Sent Events; an illegal card is answered with its
code before the next act is taken; ``kill -9`` mid-game, a restart, the client resumes from the
game's count of acts and the stored game is the file's (the same fingerprint). The CLI's
``live`` (exit 1 on a refusal) and ``follow`` (a game printed as it is played, then once over).
Bad messages answered with problems on a real socket, and one above the protocol's limit closing
that socket alone (1009)."""

from __future__ import annotations

import json
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from belote_notation.check.live import acts_of_text
from belote_notation.service.live_client import play_acts, record_opening
from tests.service.support import CLI, SAMPLES, Server, cli

pytestmark = pytest.mark.slow
MATCH = SAMPLES / "moroccan" / "club-match-1.bel"
ILLEGAL = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"


class Follower(threading.Thread):
    """Reads a live game's events as Server-Sent Events until its stream ends."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.events = url, []
        self.connected = threading.Event()

    def saw(self, seq: int, timeout: float = 30) -> None:
        """Waits until the act numbered ``seq`` has come (a follower's copy is sent after the
        player's verdict: killing the server at once could cut the last one in flight)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not any(
                e.get("type") == "act" and e.get("seq") == seq for e in list(self.events)):
            time.sleep(0.05)

    def run(self) -> None:
        try:
            with httpx.stream("GET", self.url, headers={"Accept": "text/event-stream"},
                              timeout=httpx.Timeout(10, read=120)) as answer:
                self.connected.set()
                for line in answer.iter_lines():
                    if line.startswith("data: "):
                        self.events.append(json.loads(line[6:]))
        except httpx.HTTPError:
            pass  # the server was killed: the stream ends
        finally:
            self.connected.set()


def _not_held(position: dict[str, Any], seat: str) -> str:
    """A card another seat holds: the seat to play cannot have it."""
    return next(card for other, cards in position["hands"].items() if other != seat for card in cards)


def test_a_game_streamed_followed_killed_resumed_and_stored(database_url: str, tmp_path: Path) -> None:
    from websockets.sync.client import connect

    url = database_url
    if not url.startswith("sqlite"):
        assert cli("serve", "--database", url, "migrate", cwd=tmp_path).returncode == 0
    token = cli("serve", "--database", url, "token", "create", "club", cwd=tmp_path).stdout.strip()
    headers = {"Authorization": f"Bearer {token}"}
    env = {"BELOTE_RATE_PER_MINUTE": "0", "BELOTE_HEADER_TIMEOUT": "1"}  # a table's pauses outlast it
    server = Server(url, tmp_path, "--jobs", "0", env=env).start()
    text = MATCH.read_text(encoding="utf-8")
    items = [data for data, _ in acts_of_text(text)]
    live = httpx.post(server.url + "/v1/live", json=record_opening(text, MATCH.name),
                      headers=headers).json()
    followers = [Follower(f"{server.url}/v1/live/{live['id']}/events") for _ in range(2)]
    for follower in followers:
        follower.start()
        follower.connected.wait(30)
    half = len(items) // 2
    ws_url = server.url.replace("http", "ws") + f"/v1/live/{live['id']}/play?token={live['token']}"
    try:
        with connect(ws_url) as ws:
            assert json.loads(ws.recv(timeout=30))["seq"] == 0
            position: dict[str, Any] = {}
            refusals = 0
            for number, act in enumerate(items[:half], 1):
                if act["act"] == "card" and number > half // 2 and not refusals:
                    refusals += 1
                    bad = {**act, "card": _not_held(position, act["seat"]), "seq": number}
                    ws.send(json.dumps(bad))
                    refused = json.loads(ws.recv(timeout=30))  # answered before the next act goes
                    assert not refused["accepted"] and refused["seq"] == number - 1
                    assert refused["findings"] and refused["findings"][0]["code"].startswith("BEL")
                if number == 3:
                    time.sleep(1.5)  # a table thinks longer than a request's headers may take
                ws.send(json.dumps({**act, "seq": number}))
                answer = json.loads(ws.recv(timeout=30))
                assert answer["accepted"] and answer["seq"] == number, answer
                position = answer["position"]
        for follower in followers:
            follower.saw(half)
        server.kill()  # mid-game: every acknowledged act must have been written
        for follower in followers:
            follower.join(30)
        for follower in followers:  # each saw the state, then every act in order, no hand
            assert follower.events[0]["type"] == "state"
            seen = [e for e in follower.events if e["type"] == "act"]
            assert [e["seq"] for e in seen] == list(range(1, half + 1))
            assert [e["act"]["act"] for e in seen] == [a["act"] for a in items[:half]]
            assert all(isinstance(n, int) for n in seen[0]["act"].get("tafr9a", {"N": 0}).values())
        server.start()
        result = play_acts(server.url, live["id"], live["token"], items)  # resumes at the game's count
        assert not result.refused and result.game
        upload = httpx.post(server.url + "/v1/games?name=club-match-1.bel", content=MATCH.read_bytes(),
                            headers=headers).json()
        assert [d["id"] for d in upload["duplicates"]] == [result.game]  # the stored game is the file's
        state = httpx.get(f"{server.url}/v1/live/{live['id']}").json()
        assert (state["state"], state["seq"]) == ("finished", len(items))
    finally:
        if server.process.poll() is None:
            assert server.stop() == 0


def text_cards(path: Path) -> int:
    return sum(act["act"] == "card" for act, _ in acts_of_text(path.read_text(encoding="utf-8")))


def test_the_cli_plays_a_file_and_follows_a_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    token = cli("serve", "--database", url, "token", "create", "club", cwd=tmp_path).stdout.strip()
    server = Server(url, tmp_path, "--jobs", "0", env={"BELOTE_RATE_PER_MINUTE": "0"}).start()
    try:
        played = cli("live", str(ILLEGAL), "--url", server.url, cwd=tmp_path, env={"BELOTE_TOKEN": token})
        assert played.returncode == 1, played.stderr
        validated = cli("validate", "-q", str(ILLEGAL), cwd=tmp_path).stdout.splitlines()
        assert played.stdout.splitlines()[0] == validated[0]  # the file's place, not the live record's
        assert validated[0] == f"{ILLEGAL}:43:19: error BEL303 N did not follow ♥: held 10♥, K♥"
        opened = httpx.post(server.url + "/v1/live", json=record_opening(MATCH.read_text(encoding="utf-8")),
                            headers={"Authorization": f"Bearer {token}"}).json()
        address = f"{server.url}/v1/live/{opened['id']}"
        with subprocess.Popen([*CLI, "follow", address], cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) as following:
            assert following.stdout is not None
            first = following.stdout.readline()  # connected before the first act is played
            assert first.startswith(f"live game {opened['id']} (moroccan): 0 acts, playing"), first
            played = cli("live", str(MATCH), "--url", address, cwd=tmp_path,
                         env={"BELOTE_TOKEN": opened["token"]})
            assert played.returncode == 0 and "0 refused; stored as" in played.stderr, played.stderr
            printed, errors = following.communicate(timeout=60)  # it ends with the game
        assert following.returncode == 0, errors
        assert printed.count(" card ") == text_cards(MATCH) and printed.splitlines()[0].startswith("1. deal")
        followed = cli("follow", address, cwd=tmp_path)  # a finished game: its state, then the end
        assert followed.returncode == 0 and followed.stdout.startswith("live game "), followed.stderr
        assert followed.stdout.count(" card ") == text_cards(MATCH)
        wrong = cli("live", str(MATCH), "--url", server.url, cwd=tmp_path, env={"BELOTE_TOKEN": "bn_nothing"})
        assert wrong.returncode == 2 and "unauthorized" in wrong.stderr and "Traceback" not in wrong.stderr
    finally:
        assert server.stop() == 0


def test_bad_messages_get_problems_and_an_oversized_one_closes_only_its_socket(tmp_path: Path) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = f"sqlite:///{tmp_path / 'bad.db'}"
    token = cli("serve", "--database", url, "token", "create", "club", cwd=tmp_path).stdout.strip()
    server = Server(url, tmp_path, "--jobs", "0", env={"BELOTE_RATE_PER_MINUTE": "0"}).start()
    try:
        headers = {"Authorization": f"Bearer {token}"}
        live = httpx.post(server.url + "/v1/live", json={}, headers=headers).json()
        ws_url = server.url.replace("http", "ws") + f"/v1/live/{live['id']}/play?token={live['token']}"
        first = next(data for data, _ in acts_of_text(MATCH.read_text(encoding="utf-8")))
        with connect(ws_url, max_size=None) as ws:
            ws.recv(timeout=30)
            for message, code in (("{not json", "bad-request"), ("7", "bad-request"),
                                  ('{"act": "card", "seat": "N"}', "invalid"),
                                  ('{"act": "x" , "pad": "' + "x" * 20_000 + '"}', "too-large")):
                ws.send(message)
                answer = json.loads(ws.recv(timeout=30))
                assert answer["problem"]["code"] == code, (message[:40], answer)
            ws.send(json.dumps({**first, "seq": 1}))  # the socket still plays
            assert json.loads(ws.recv(timeout=30))["accepted"]
            ws.send("x" * (2 << 20))  # beyond what the protocol layer takes: the socket is closed
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with connect(ws_url) as ws:  # the server and the game go on
            assert json.loads(ws.recv(timeout=30))["seq"] == 1
    finally:
        assert server.stop() == 0
