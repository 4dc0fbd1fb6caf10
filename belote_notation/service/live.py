"""Live games in memory: each table's :class:`~belote_notation.check.live.LiveGame` over its
stored acts, one act at a time per table, the acts written (a group commit) before they are
acknowledged, and the followers told of each.

A table is taken from the database the first time it is asked for (after a restart too: its
game replayed from its acts), and forgotten once idle. Each act runs under the table's lock:
checked (in memory, a few microseconds), then written by the :class:`GroupWriter` (every act of
every table waiting then, in one transaction), then answered and pushed to the followers. An
act the checks refuse is answered with its findings and never written.

>>> [event["type"] for event in (act_event(3, {"card": "7S"}, {}, []), end_event("finished", None, ""))]
['act', 'end']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi.concurrency import run_in_threadpool
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from belote_notation.check.live import ActError, LiveGame, parse_act
from belote_notation.game.lang import Message, msg, msg_n
from belote_notation.service.live_store import (
    FINISHED,
    PLAYING,
    Append,
    Undo,
    acts_of,
    close_idle,
    finish,
    live_row,
    relaxed,
    write_acts,
)
from belote_notation.service.problems import ApiProblem
from belote_notation.service.settings import Settings

__all__ = ["GroupWriter", "Hub", "Table", "act_event", "end_event", "hidden"]

FOLLOWER_QUEUE = 2000
"""Events a follower may fall behind by; beyond, it is dropped (it reconnects and gets the state)."""
KEPT_VERDICTS = 64
"""Answers kept per table for a client that sends its last acts again after a reconnect."""
HIDDEN_KEYS = frozenset({"hands", "tafr9a", "legal"})
"""What a spectator of a game in progress does not see (unless its owner shows the hands): the
hands dealt, the hands held and the cards the seat to play may play (its hand, in part)."""


def hidden(value: Any) -> Any:
    """``value`` with every hand replaced by its number of cards (a spectator's view).

    >>> hidden({"hands": {"N": ["7S", "8S"]}, "seat": "N"})
    {'hands': {'N': 2}, 'seat': 'N'}
    """
    if isinstance(value, dict):
        return {k: _count(v) if k in HIDDEN_KEYS else hidden(v) for k, v in value.items()}
    if isinstance(value, list):
        return [hidden(v) for v in value]
    return value


def _count(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _count(v) for k, v in value.items()}
    if isinstance(value, (list, str)):
        return len(value) if isinstance(value, list) else len(value.split())
    return None


def act_event(seq: int, act: Mapping[str, Any], position: Any, findings: list[Any]) -> dict[str, Any]:
    return {"type": "act", "seq": seq, "act": dict(act), "findings": findings, "position": position}


def end_event(state: str, game_id: str | None, base: str) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "end", "state": state, "game": game_id}
    if game_id is not None:
        event["url"] = f"{base}/v1/games/{game_id}"
        event["replay"] = f"{base}/v1/games/{game_id}/replay"
    return event


class GroupWriter:
    """Writes the changes of every table in one transaction at a time: whatever arrived while
    the last one was written goes in the next (a group commit: one sync of the log for many acts)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pending: list[tuple[Append | Undo, asyncio.Future[None]]] = []
        self.wake: asyncio.Event | None = None
        self.task: asyncio.Task[None] | None = None

    async def write(self, change: Append | Undo) -> None:
        """Return once ``change`` is committed; raise what its transaction raised."""
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.wake = asyncio.Event()
            self.task = loop.create_task(self._run())
        done: asyncio.Future[None] = loop.create_future()
        self.pending.append((change, done))
        assert self.wake is not None
        self.wake.set()
        await done

    async def _run(self) -> None:
        assert self.wake is not None
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.pending = self.pending, []
            if batch:
                await self._commit(batch)

    async def _commit(self, batch: list[tuple[Append | Undo, asyncio.Future[None]]]) -> None:
        try:
            await run_in_threadpool(write_acts, self.engine, [change for change, _ in batch])
        except IntegrityError:  # one change taken by another writer: each alone, only it fails
            for change, done in batch:
                try:
                    await run_in_threadpool(write_acts, self.engine, [change])
                    _settle(done, None)
                except Exception as exc:  # noqa: BLE001 - handed to the act's waiter
                    _settle(done, exc)
            return
        except Exception as exc:  # noqa: BLE001 - handed to every waiter
            for _, done in batch:
                _settle(done, exc)
            return
        for _, done in batch:
            _settle(done, None)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


@dataclass(eq=False)
class Table:
    """One live game in memory."""

    id: str
    owner: str
    rules: str
    tags: dict[str, str]
    private: bool
    show_hands: bool
    game: LiveGame
    acts: list[dict[str, Any]]
    state: str = PLAYING
    game_id: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    followers: set[asyncio.Queue[dict[str, Any] | None]] = field(default_factory=set)
    answers: OrderedDict[int, dict[str, Any]] = field(default_factory=OrderedDict)
    touched: float = field(default_factory=time.monotonic)

    @property
    def seq(self) -> int:
        return len(self.acts)

    def state_event(self, spectator: bool, base: str = "") -> dict[str, Any]:
        """The whole game now: what a follower receives first."""
        event: dict[str, Any] = {
            "type": "state", "id": self.id, "rules": self.rules, "options": self.options, "tags": self.tags,
            "state": self.state,
            "seq": self.seq, "acts": [{"seq": n, "act": act} for n, act in enumerate(self.acts, 1)],
            "position": self.game.position, "finished": self.state != PLAYING}
        if self.game_id is not None:
            event["game"] = self.game_id
            event["url"] = f"{base}/v1/games/{self.game_id}"
        return self.view(event, spectator)

    def view(self, event: dict[str, Any], spectator: bool) -> dict[str, Any]:
        """``event`` as a follower sees it: the hands hidden from a spectator while it is played."""
        if spectator and not self.show_hands and self.state == PLAYING:
            return dict(hidden(event))
        return event

    def publish(self, event: dict[str, Any] | None) -> None:
        """Push ``event`` to every follower (``None``: the stream ends); a follower too far behind
        is dropped (its stream ends; it reconnects and gets the state)."""
        for queue in list(self.followers):
            try:
                queue.put_nowait(event)
            except asyncio.QueueFull:
                self.followers.discard(queue)
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
                queue.put_nowait(None)

    def follow(self) -> asyncio.Queue[dict[str, Any] | None]:
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(FOLLOWER_QUEUE)
        self.followers.add(queue)
        return queue

    def remember(self, seq: int, answer: dict[str, Any]) -> None:
        self.answers[seq] = answer
        while len(self.answers) > KEPT_VERDICTS:
            self.answers.popitem(last=False)


class Hub:
    """The live tables of this process."""

    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine, self.settings = engine, settings
        self.tables: dict[str, Table] = {}
        self.writer = GroupWriter(relaxed(engine) if settings.live_sync == "normal" else engine)
        self.loading: dict[str, asyncio.Lock] = {}
        self.swept = time.monotonic()

    async def table(self, live_id: str) -> Table | None:
        """The table ``live_id``, from memory or rebuilt from its stored acts; ``None``: no such game."""
        await self.sweep()
        table = self.tables.get(live_id)
        if table is not None:
            return table
        lock = self.loading.setdefault(live_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(live_id)
            if table is None:
                table = await run_in_threadpool(self._load, live_id)
                if table is not None:
                    self.tables[live_id] = table
        self.loading.pop(live_id, None)
        return table

    def _load(self, live_id: str) -> Table | None:
        row = live_row(self.engine, live_id)
        if row is None:
            return None
        tags = json.loads(row.tags)
        acts = [act for _, act in acts_of(self.engine, live_id)]
        options = json.loads(row.options or "{}")
        game = LiveGame.from_acts(row.rules, tags, [parse_act(act) for act in acts], options=options)
        return Table(row.id, row.owner, row.rules, tags, bool(row.private), bool(row.show_hands), game, acts,
                     row.state, row.game_id, options)

    async def sweep(self) -> None:
        """Forget the tables idle for a while (their rows stay) and close the idle games (at most
        once a quarter of the idle limit: each request and each follower's keep-alive asks)."""
        moment = time.monotonic()
        idle = self.settings.live_idle_timeout
        if moment - self.swept < min(60.0, idle / 4):
            return
        self.swept = moment
        for table in list(self.tables.values()):
            if moment - table.touched > idle and not table.followers and not table.lock.locked():
                del self.tables[table.id]
        for live_id in await run_in_threadpool(close_idle, self.engine, idle):
            closed = self.tables.pop(live_id, None)
            if closed is not None:
                closed.state = "closed"
                closed.publish(end_event("closed", None, self.settings.base_url))
                closed.publish(None)

    async def play(self, table: Table, seq: int | None, data: Any) -> dict[str, Any]:
        """Take one act (``seq``: the number it will have, ``None``: the next): its verdict; a
        number already taken by the same act answers the verdict again (a resend)."""
        async with table.lock:
            table.touched = time.monotonic()
            known = self._known(table, seq, data)
            if known is not None:
                return known
            if table.seq >= self.settings.live_max_acts:
                limit = self.settings.live_max_acts
                raise ApiProblem(413, "too-large", msg("a live game takes at most %(limit)s acts",
                                                       limit=limit))
            verdict = _verdict(table.game, _parsed(data))
            answer = {"type": "verdict", "seq": verdict.seq, "accepted": verdict.accepted,
                      "findings": verdict.findings, "position": verdict.position}
            if not verdict.accepted:
                return answer
            written = json.dumps(data, separators=(",", ":"))
            await self._written(table, Append(table.id, table.seq + 1, written))
            table.acts.append(dict(data))
            table.remember(table.seq, answer)
            table.publish(act_event(table.seq, data, verdict.position, verdict.findings))
            if table.game.finished:
                await self._finish(table)
                answer["game"] = table.game_id
            return answer

    def _known(self, table: Table, seq: int | None, data: Any) -> dict[str, Any] | None:
        if table.state != PLAYING:
            said = _over(table.state, msg("this live game is finished; it takes no more acts"),
                         msg("this live game is closed; it takes no more acts"))
            raise ApiProblem(409, "conflict", said, errors=[{"field": "seq", "expected": None}])
        if seq is None or seq == table.seq + 1:
            return None
        if 1 <= seq <= table.seq and table.acts[seq - 1] == data:
            kept = table.answers.get(seq)
            return {**(kept or {"type": "verdict", "seq": seq, "accepted": True, "findings": []}),
                    "duplicate": True}
        said = msg_n("act %(seq)s is not the next one: the game has %(n)s acts; send act %(next)s",
                     "act %(seq)s is not the next one: the game has %(n)s acts; send act %(next)s", "n",
                     seq=seq, n=table.seq, next=table.seq + 1)
        raise ApiProblem(409, "conflict", said, errors=[{"field": "seq", "expected": table.seq + 1}])

    async def _written(self, table: Table, change: Append | Undo) -> None:
        try:
            await self.writer.write(change)
        except IntegrityError:  # another process took the number: this table is stale
            self.tables.pop(table.id, None)
            table.publish(None)
            said = msg("another connection wrote this act first; resume from the game's state")
            raise ApiProblem(409, "conflict", said, errors=[{"field": "seq", "expected": None}]) from None
        except Exception:
            self.tables.pop(table.id, None)  # rebuilt from what was written at the next act
            raise

    async def undo(self, table: Table, seq: int | None) -> dict[str, Any]:
        """Take back the last act (``seq``, when given, must be its number)."""
        async with table.lock:
            table.touched = time.monotonic()
            if table.state != PLAYING:
                raise ApiProblem(409, "conflict", _over(table.state, msg("this live game is finished"),
                                                       msg("this live game is closed")))
            if table.seq == 0 or (seq is not None and seq != table.seq):
                said = msg("only the last act (%(seq)s) can be undone", seq=table.seq)
                raise ApiProblem(409, "conflict", said, errors=[{"field": "seq", "expected": table.seq}])
            await self._written(table, Undo(table.id, table.seq))
            verdict = table.game.undo()
            table.acts.pop()
            table.answers.pop(table.seq + 1, None)
            table.publish({"type": "undo", "seq": table.seq, "position": verdict.position})
            return {"type": "undone", "seq": table.seq, "accepted": True, "findings": [],
                    "position": verdict.position}

    async def _finish(self, table: Table) -> None:
        table.game_id = await run_in_threadpool(finish, self.engine, table.id, table.owner, table.private,
                                                table.game.text())
        table.state = FINISHED
        table.publish(end_event(FINISHED, table.game_id, self.settings.base_url))
        table.publish(None)


def _verdict(game: LiveGame, act: Any) -> Any:
    try:
        return game.play(act)
    except ActError as exc:  # an act after the end, one the notation cannot write
        raise _invalid(exc) from None


def _invalid(exc: ActError) -> ApiProblem:
    return ApiProblem(422, "invalid", exc.said, errors=[{"field": "act", "pointer": exc.pointer,
                                                            "code": exc.code}])


def _over(state: str, finished: Message, closed: Message) -> Message:
    """What a game no longer playing says: a sentence for each of its ends (``finished``, or
    ``closed`` when idle), so that each language says it in its words."""
    return finished if state == FINISHED else closed


def _parsed(data: Any) -> Any:
    if not isinstance(data, Mapping):
        raise ApiProblem(422, "invalid", msg("an act is a JSON object"),
                         errors=[{"field": "act", "pointer": ""}])
    try:
        return parse_act(data)
    except ActError as exc:
        raise _invalid(exc) from None
