"""A client of live games (``belote-replay live`` and ``follow``): a recorded file played into a
live game act by act over the WebSocket, resuming after a dropped connection; a live game
followed as it goes.

>>> split_url("https://belote.example.org/v1/live/Abc-12/events")
('https://belote.example.org', 'Abc-12')
>>> split_url("http://127.0.0.1:8000")
('http://127.0.0.1:8000', None)
>>> describe({"type": "act", "seq": 7, "act": {"act": "card", "seat": "N", "card": "AH"}})
'7. N card AH'
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit

from belote_notation.game.lang import Message, msg, msg_n, render
from belote_notation.game.lang.render import chosen_lang, say

__all__ = ["LiveError", "PlayResult", "describe", "follow", "play_acts", "split_url"]

RETRIES = 8
"""Reconnections tried in a row before giving up (each waits twice as long as the last, from 0.25 s)."""


class LiveError(Exception):
    """The service refused the game (no such game, a bad token) or cannot be reached:
    ``reason`` a message of the catalogues (docs/languages.md), ``str()`` its English text."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason


def _asked(url: str) -> str:
    """``url`` asking the service for the language chosen (its problems' and findings'
    ``message``); English asks nothing, as before."""
    lang = chosen_lang()
    return url if lang == "en" else url + ("&" if "?" in url else "?") + "lang=" + lang


def _failed(place: str, exc: BaseException) -> LiveError:
    """The service at ``place`` could not be reached (the library's own words kept)."""
    return LiveError(msg("%(place)s: %(error)s", place=place, error=str(exc)))


def _no_game(name: str) -> LiveError:
    return LiveError(msg("%(name)s: no game", name=name or msg("the text")))


@dataclass
class PlayResult:
    """What a file played live came to."""

    live_id: str
    acts: int = 0
    refused: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """(act number in the file, answer) of every act refused (a verdict not accepted, or a problem)."""
    game: str | None = None
    reconnections: int = 0
    in_flight: tuple[int, int] | None = None
    """(act number in the file, the number it was sent as) of the act sent and not answered yet."""


def split_url(url: str) -> tuple[str, str | None]:
    """The service's base URL and the live game's id when ``url`` names one."""
    parts = urlsplit(url.rstrip("/"))
    base = f"{parts.scheme}://{parts.netloc}"
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) >= 3 and segments[:2] == ["v1", "live"]:
        return base, segments[2]
    return base + parts.path, None


def opening_body(rules: str | None, tags: dict[str, str]) -> dict[str, Any]:
    """What ``POST /v1/live`` is sent to open a game with a record's ``rules`` and tags (its
    players among them): the stored game then has the fingerprint of the record uploaded.

    >>> opening_body("classic", {"North": "Hugo", "Event": "Final", "Result": "NS"})
    {'players': {'N': 'Hugo'}, 'tags': [{'name': 'Event', 'value': 'Final'}], 'rules': 'classic'}
    """
    seats = {"North": "N", "East": "E", "South": "S", "West": "W"}
    body: dict[str, Any] = {"players": {seats[k]: v for k, v in tags.items() if k in seats},
                            "tags": [{"name": k, "value": v} for k, v in tags.items()
                                     if k not in seats and k not in ("Rules", "Result") and k.isidentifier()]}
    if rules:
        body["rules"] = rules
    return body


def open_game(base: str, token: str, body: dict[str, Any]) -> tuple[str, str]:
    """A new live game for the owner of ``token`` (``body``: :func:`record_opening`): its id and
    its table token."""
    import httpx

    try:
        answer = httpx.post(_asked(f"{base}/v1/live"), json=body,
                            headers={"Authorization": f"Bearer {token}"}, timeout=30)
    except httpx.HTTPError as exc:
        raise _failed(base, exc) from None
    if answer.status_code != 201:
        raise LiveError(_problem_text(answer.text, answer.status_code))
    opened = answer.json()
    return str(opened["id"]), str(opened["token"])


def _problem_text(text: str, status: int | None = None) -> Message:
    """A problem the service answered: its code and its words (its ``message`` in the language
    asked for when it has one, else its ``detail``)."""
    try:
        problem = json.loads(text)
        said = (chosen_lang() != "en" and problem.get("message")) or problem.get("detail", text)
        return msg("%(code)s: %(detail)s", code=str(problem.get("code", status)), detail=str(said))
    except (ValueError, AttributeError):
        return msg("%(code)s: %(detail)s", code=str(status), detail=text[:200])


def play_acts(base: str, live_id: str, token: str, acts: list[dict[str, Any]],
              on_answer: Callable[[int, dict[str, Any]], None] | None = None) -> PlayResult:
    """Play ``acts`` (their JSON forms) into the live game ``live_id``, each answered before the
    next goes; after a dropped connection, resume from the game's count of acts."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    result = PlayResult(live_id)
    url = _asked(base.replace("http", "ws", 1) + f"/v1/live/{quote(live_id)}/play?token={quote(token)}")
    failures = 0
    while True:
        try:
            done = _session(url, acts, result, on_answer)
            if done:
                return result
        except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as exc:
            failures += 1
            if failures > RETRIES:
                lost = msg_n("%(place)s: the connection was lost %(n)s times (%(error)s)",
                             "%(place)s: the connection was lost %(n)s times (%(error)s)", "n",
                             place=base, n=failures, error=str(exc))
                raise LiveError(lost) from None
            result.reconnections += 1
            time.sleep(0.25 * 2 ** min(failures - 1, 5))
            continue
        except InvalidURI as exc:
            raise LiveError(msg("%(error)s", error=str(exc))) from None


def _session(url: str, acts: list[dict[str, Any]], result: PlayResult,
             on_answer: Callable[[int, dict[str, Any]], None] | None) -> bool:
    """One connection: the acts the game does not have yet, sent one by one. True when all went."""
    from websockets.sync.client import connect

    with connect(url, open_timeout=10, close_timeout=2, max_size=1 << 24) as socket:
        state = json.loads(socket.recv(timeout=30))
        if state.get("type") == "problem":
            raise LiveError(_problem_text(json.dumps(state["problem"])))
        seq = int(state["seq"])
        for number in range(_resume_point(seq, result), len(acts) + 1):
            result.in_flight = (number, seq + 1)
            socket.send(json.dumps({**acts[number - 1], "seq": seq + 1}))
            answer = json.loads(socket.recv(timeout=60))
            result.in_flight = None
            result.acts = number
            if answer.get("type") == "verdict" and answer.get("accepted"):
                seq = answer["seq"]
                result.game = answer.get("game") or result.game
            else:
                result.refused.append((number, answer))
            if on_answer is not None:
                on_answer(number, answer)
        return True


def _resume_point(seq: int, result: PlayResult) -> int:
    """The number (in the file) of the first act to send to a game of ``seq`` acts: the one
    after the last answered, or the one in flight when the connection dropped if the game did
    not take it (a game already played further than this client knows: after its ``seq`` acts)."""
    if result.in_flight is not None:
        number, wanted = result.in_flight
        result.in_flight = None
        if seq >= wanted:  # taken; its answer was lost
            result.acts = number
            return number + 1
        return number
    if result.acts == 0:
        return seq + 1
    return result.acts + 1


def follow(url: str, token: str | None = None, timeout: float = 60.0) -> Iterator[dict[str, Any]]:
    """The events of a live game (its state, then each act, then its end), as they come."""
    import httpx

    base, live_id = split_url(url)
    if live_id is None:
        raise LiveError(msg("%(url)s: not the address of a live game (.../v1/live/ID)", url=url))
    headers = {"Accept": "application/x-ndjson"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        with httpx.stream("GET", _asked(f"{base}/v1/live/{quote(live_id)}/events"), headers=headers,
                          timeout=httpx.Timeout(10, read=timeout)) as answer:
            if answer.status_code != 200:
                raise LiveError(_problem_text(answer.read().decode("utf-8", "replace"), answer.status_code))
            for line in answer.iter_lines():
                if line.strip():
                    yield json.loads(line)
    except httpx.HTTPError as exc:
        raise _failed(url, exc) from None


def describe(event: dict[str, Any]) -> str:
    """One line for people: what an event of a live game says."""
    kind = event.get("type")
    if kind == "state":
        head = say(msg_n("live game %(id)s (%(rules)s): %(n)s acts, %(state)s",
                         "live game %(id)s (%(rules)s): %(n)s acts, %(state)s", "n",
                         id=str(event.get("id")), rules=str(event.get("rules")), n=_count(event.get("seq")),
                         state=str(event.get("state"))))
        return "\n".join([head, *(describe({"type": "act", **item}) for item in event.get("acts", []))])
    if kind == "act":
        act = dict(event.get("act") or {})
        name = act.pop("act", "?")
        seat = act.pop("seat", None)
        words = [f"{k}={_short(v)}" if k not in ("card", "call") else str(v)
                 for k, v in act.items() if v is not None]
        return " ".join([f"{event.get('seq')}.", *([seat] if seat else []), str(name), *words])
    if kind == "undo":
        return say(msg("undo: back to act %(seq)s", seq=str(event.get("seq"))))
    if kind == "end":
        end = say(msg("end: %(state)s", state=str(event.get("state"))))
        return end + (f" {event['url']}" if event.get("url") else "")
    return json.dumps(event)


def _count(value: Any) -> int | str:
    """A count of an event as the service gave it (a number, or what it sent instead)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _short(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def tags_of_text(text: str, name: str = "") -> tuple[str, dict[str, str]]:
    """The rule system of the first game of ``text`` (as ``validate`` resolves it) and its tags
    but ``Rules``, ``Result`` and its options."""
    from belote_notation.check.live_record import recorded_games

    game = next(iter(recorded_games(text)), None)
    if game is None:
        raise _no_game(name)
    return game.rules, dict(game.tags)


def record_opening(text: str, name: str = "") -> dict[str, Any]:
    """What ``POST /v1/live`` is sent to play the first game of ``text`` live: its rules,
    options (its ``Option`` tags) and other tags, so that the stored game is the record's."""
    from belote_notation.check.live_record import recorded_games

    game = next(iter(recorded_games(text)), None)
    if game is None:
        raise _no_game(name)
    body = opening_body(game.rules, dict(game.tags))
    if game.options:
        body["options"] = [f"{k}={v}" for k, v in game.options.items()]
    return body


def play_file(text: str, name: str, url: str, token: str,
              on_answer: Callable[[int, dict[str, Any]], None] | None = None,
              on_open: Callable[[str, str], None] | None = None) -> PlayResult:
    """The game of ``text`` played live: into the live game ``url`` names (``token``: its table
    token), or into a new one opened at the service ``url`` (``token``: a write token). Each
    answer reaches ``on_answer`` with its findings placed in ``text`` (:func:`placed_answer`)."""
    from belote_notation.check.live import recorded_games

    game = next(iter(recorded_games(text)), None)
    if game is None:
        raise _no_game(name)
    base, live_id = split_url(url)
    if live_id is None:
        live_id, token = open_game(base, token, record_opening(text, name))
    if on_open is not None:
        on_open(live_id, f"{base}/v1/live/{live_id}")

    def answered(number: int, answer: dict[str, Any]) -> None:
        if on_answer is not None:
            on_answer(number, placed_answer(answer, game.places[number - 1], name))

    return play_acts(base, live_id, token, [dict(a) for a in game.acts], answered)


def placed_answer(answer: dict[str, Any], place: Any, name: str) -> dict[str, Any]:
    """``answer`` with each finding at its place in the file ``name`` (``place``: the act's
    :class:`~belote_notation.check.live_record.ActPlace`), not in the live game's record.

    >>> from belote_notation.check.live_record import ActPlace
    >>> answer = {"type": "verdict", "findings": [{"code": "BEL303", "line": 38, "col": 19}]}
    >>> placed_answer(answer, ActPlace(43, 19), "game.bel")["findings"]
    [{'code': 'BEL303', 'line': 43, 'col': 19, 'file': 'game.bel'}]
    """
    findings = []
    for finding in answer.get("findings") or []:
        line, col = place.of(finding)
        at = {"line": line, "col": col} if line else {}
        findings.append({**finding, **at, "file": name})
    return {**answer, "findings": findings} if "findings" in answer else answer


def finding_lines(name: str, number: int, answer: dict[str, Any]) -> list[str]:
    """An answer's findings as ``validate`` prints them (``path:line:col: severity CODE message``;
    the act's number in the file when a finding has no line), or its problem."""
    if answer.get("type") == "problem":
        problem = answer.get("problem") or {}
        said = (chosen_lang() != "en" and problem.get("message")) or problem.get("detail")
        return [f"{say(msg('%(file)s: act %(n)s', file=name, n=number))}: error {problem.get('code')} {said}"]
    lines = []
    for finding in answer.get("findings") or []:
        place = (f"{name}:{finding['line']}:{finding.get('col') or 0}" if finding.get("line")
                 else say(msg("%(file)s: act %(n)s", file=name, n=number)))
        severity = finding.get("severity", "error")
        lines.append(f"{place}: {severity} {finding.get('code')} {finding.get('message')}")
    return lines
