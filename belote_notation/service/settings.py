"""The service's settings: defaults, then the project's config file, then the environment, then
flags (each later source wins).

>>> s = Settings.load(environ={"BELOTE_DATABASE_URL": "sqlite:///x.db", "BELOTE_MAX_BODY": "1000"})
>>> s.database_url, s.max_body, s.host
('sqlite:///x.db', 1000, '127.0.0.1')
>>> Settings.load(environ={}, overrides={"port": 9000}).port
9000
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from belote_notation.game.lang import Message, msg, render

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - python 3.10
    import tomli as tomllib

__all__ = ["DEFAULT_DATABASE", "ENV_PREFIX", "Settings", "SettingsError"]

DEFAULT_DATABASE = "sqlite:///belote-replay.db"
"""An SQLite file in the current folder (WAL journal)."""
ENV_PREFIX = "BELOTE_"
TABLE = "serve"
"""The table of the config file: ``[tool.belote-replay.serve]`` or ``[serve]`` in belote-replay.toml."""


class SettingsError(ValueError):
    """A setting that cannot be used (its name and why): ``reason`` a message of the catalogues
    (docs/languages.md), ``str()`` its English text."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason


@dataclass(frozen=True)
class Settings:
    """Everything ``belote-replay serve`` can be told. Sizes in bytes, times in seconds."""

    database_url: str = DEFAULT_DATABASE
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    """Web processes."""
    jobs: int = 1
    """Review and import worker processes (SQLite: one claimer at a time)."""
    max_body: int = 8 * 1024 * 1024
    """A request body above this is refused with 413."""
    max_games: int = 2000
    """Games per request (validate and upload) above this: 413."""
    job_threshold: int = 1024 * 1024
    """An upload above this many bytes becomes an import job (202 with the job's link)."""
    cpu_seconds: float = 20.0
    """CPU time a validation may take; beyond it: 503 with the game where it stopped."""
    rate_per_minute: int = 600
    """Requests per minute per token and per address (each web process counts its own)."""
    expensive_rate_per_minute: int = 60
    """Requests per minute per token and per address to the routes that render (a replay page,
    a diagram, a report, an export): a lower limit of their own, beside ``rate_per_minute``
    (whose 0 turns both off)."""
    trusted_proxies: str = ""
    """Addresses (comma-separated, or ``*``) whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed; none by default: the client is the peer of the socket."""
    header_timeout: float = 10.0
    """Seconds a connection may take to send a request's line and headers (then 408, closed)."""
    body_timeout: float = 30.0
    """Seconds a body may go without a byte arriving (then 408)."""
    idle_timeout: int = 5
    """Seconds a kept-alive connection may wait idle for its next request."""
    max_connections: int = 1000
    """Connections (and requests in flight) per web process; beyond: 503 at once."""
    page_max: int = 200
    """The largest ``limit`` of a list; the default is 50."""
    lease_seconds: float = 30.0
    """A running job whose worker sent no heartbeat for this long is taken again."""
    max_attempts: int = 5
    """A job whose worker died this many times fails."""
    review_samples_max: int = 20
    access_log: bool = True
    base_url: str = ""
    """The public address in links (``https://belote.example.org``); empty: relative links."""
    events_keepalive: float = 15.0
    """Seconds between the keep-alive comments of a job's event stream."""
    webhook_attempts: int = 8
    """Deliveries of one webhook event before it is logged as failed."""
    webhook_backoff: float = 10.0
    """Seconds before a failed delivery is tried again; twice as long after each failure (at most an hour)."""
    webhook_timeout: float = 10.0
    """Seconds a receiver has to answer a delivery."""
    webhook_private: bool = False
    """Deliver to loopback, private and link-local addresses too (tests, a trusted network). Off, a
    webhook cannot make the service reach into its own network (SSRF)."""
    live_max_acts: int = 5000
    """Acts a live game may take (a long match is about a thousand)."""
    live_per_owner: int = 20
    """Live games in progress an account may hold at once."""
    live_idle_timeout: float = 3600.0
    """Seconds a live game may go without an act before it is closed (abandoned)."""
    live_message_max: int = 16 * 1024
    """Bytes of one message of a live game (a WebSocket message, a line of NDJSON)."""
    live_sync: str = "full"
    """``full``: an act is acknowledged once its commit is synced to the disk (it survives a power
    cut). ``normal``: once committed (SQLite WAL ``synchronous=NORMAL``, PostgreSQL
    ``synchronous_commit=off``): it survives the service's crash, not the machine's; the disk's
    sync leaves the act's latency (docs/live.md, "Measured")."""

    @classmethod
    def load(cls, environ: Mapping[str, str] | None = None, overrides: Mapping[str, Any] | None = None,
             config_dir: Path | None = None) -> Settings:
        """The settings from the config file found from ``config_dir`` upwards (none when
        ``config_dir`` is ``None``), the environment (``BELOTE_<NAME>``, and
        ``BELOTE_DATABASE_URL``) and ``overrides`` (the flags; ``None`` values ignored)."""
        values: dict[str, Any] = {}
        if config_dir is not None:
            values.update(_config_file(config_dir))
        env = os.environ if environ is None else environ
        for f in fields(cls):
            raw = env.get(ENV_PREFIX + f.name.upper())
            if raw:  # an empty variable is as good as none
                values[f.name] = raw
        values.update({k: v for k, v in (overrides or {}).items() if v is not None})
        return cls(**{name: _typed(name, value) for name, value in values.items()})

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    def to_env(self) -> dict[str, str]:
        """The settings as environment variables (for the worker and web processes)."""
        return {ENV_PREFIX + f.name.upper(): str(getattr(self, f.name)) for f in fields(self)}


_TYPES = {f.name: f.type for f in fields(Settings)}


def _typed(name: str, value: Any) -> Any:
    kind = _TYPES.get(name)
    if kind is None:
        raise SettingsError(msg("unknown setting %(name)s", name=repr(name)))
    try:
        if kind == "int":
            number = int(value)
            if number < 0:
                raise ValueError("negative")
            return number
        if kind == "float":
            return float(value)
        if kind == "bool":
            return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes", "on")
        return str(value)
    except ValueError:
        raise SettingsError(msg("setting %(name)s: %(value)s is not a valid %(kind)s", name=name,
                                value=repr(value), kind=str(kind))) from None


def _config_file(start: Path) -> dict[str, Any]:
    """The ``serve`` table of the first belote-replay.toml or pyproject.toml (with a
    ``[tool.belote-replay]`` table) from ``start`` upwards; keys with ``-`` or ``_``."""
    for folder in [start, *start.parents]:
        own, project = folder / "belote-replay.toml", folder / "pyproject.toml"
        if own.is_file():
            table = tomllib.loads(own.read_text(encoding="utf-8")).get(TABLE, {})
        elif project.is_file():
            data = tomllib.loads(project.read_text(encoding="utf-8"))
            if "belote-replay" not in data.get("tool", {}):
                continue
            table = data["tool"]["belote-replay"].get(TABLE, {})
        else:
            continue
        return {str(k).replace("-", "_"): v for k, v in table.items()}
    return {}
