"""Webhooks: a job's end pushed to a URL of its owner, signed, retried, logged.

An owner registers a URL (``POST /v1/webhooks``: every job of theirs that finishes from then
on) or gives one with an upload or a review (``?webhook=``: that job only). When a job is done
or failed, a *delivery* is written for each webhook that wants it; a thread of each job worker
process (never a request) POSTs it::

    Belote-Webhook-Id: <delivery id>          Belote-Webhook-Event: job.done | job.failed
    Belote-Webhook-Timestamp: <unix seconds>  Belote-Webhook-Signature: sha256=<hex>

the signature being HMAC-SHA256 with the webhook's secret over ``<timestamp>.<body>``. A 2xx
answer delivers it; anything else (or no answer in ``webhook_timeout`` seconds) is tried again
after ``webhook_backoff`` seconds, twice as long each time (at most an hour), up to
``webhook_attempts`` times, then the delivery is ``failed``. Its owner reads every attempt's
outcome at ``GET /v1/webhooks/{id}/deliveries``.

SSRF: a webhook makes the service send requests where a client says. Only ``http`` and
``https`` URLs are taken, redirects are not followed, and unless ``webhook_private`` is set an
address that is loopback, private, link-local, multicast or reserved is refused, when the
webhook is registered (a literal address, ``localhost``) and again at each delivery (every
address the name resolves to).

>>> signature("s3cret", 1700000000, b'{"a": 1}')  # openssl dgst -sha256 -hmac s3cret: same hex
'sha256=82fc0b8ba35d4f5b38af534e00d41a2de7d21fa3bae904bd50a8f0c3a7afb835'
>>> verify("s3cret", "1700000000", b'{"a": 1}', signature("s3cret", 1700000000, b'{"a": 1}'), now=1700000010)
True
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import re
import secrets
import socket
import threading
import time
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Engine, and_, exists, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from belote_notation.game.lang import msg
from belote_notation.service.db import now
from belote_notation.service.models import WEBHOOK_URL, job_body
from belote_notation.service.problems import ApiProblem
from belote_notation.service.schema import DELIVERIES, JOBS, WEBHOOKS
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import new_id

__all__ = ["URL_MAX", "Deliverer", "UrlRefused", "check_url", "checked_webhook", "deliver_one", "register",
           "schedule", "signature", "verify"]

log = logging.getLogger("belote_notation.service.webhooks")
URL_MAX = 2000
BACKOFF_MAX = 3600.0
TOLERANCE = 300
RETRY_ROUND = 5.0
"""Seconds the deliverer waits after a round the database refused."""
"""Seconds a receiver should accept between a delivery's timestamp and its own clock."""


class UrlRefused(ValueError):
    """A webhook URL the service does not send to (its scheme, or its address: SSRF)."""


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """``sha256=`` and the hex HMAC-SHA256 of ``<timestamp>.<body>`` under ``secret``."""
    digest = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def verify(secret: str, timestamp: str, body: bytes, signed: str, now: float | None = None) -> bool:
    """What a receiver checks: the signature matches and the timestamp is recent."""
    if not timestamp.isdigit() or abs((now or time.time()) - int(timestamp)) > TOLERANCE:
        return False
    return hmac.compare_digest(signature(secret, int(timestamp), body), signed)


def _private(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not ip.is_global or ip.is_multicast


def check_url(url: str, allow_private: bool, resolve: bool = False) -> str:
    """``url`` if the service may send to it; else :class:`UrlRefused` saying why."""
    if len(url) > URL_MAX or not re.fullmatch(WEBHOOK_URL, url):
        raise UrlRefused(f"a webhook URL is http:// or https://, a host name or IPv4 address, a port and a "
                         f"path, at most {URL_MAX} characters (no user or password)")
    parts = urlsplit(url)
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise UrlRefused("a webhook URL's port is 1 to 65535") from None
    if allow_private:
        return url
    host = parts.hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        raise UrlRefused("a webhook cannot target this machine (localhost)")
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        if not resolve:
            return url
        try:
            addresses = [str(info[4][0]) for info in socket.getaddrinfo(host, port)]
        except OSError as exc:
            raise UrlRefused(f"{host} cannot be resolved: {exc}") from None
    for address in addresses:
        if _private(address.split("%")[0]):
            raise UrlRefused(f"{host} is a private, loopback or reserved address ({address}): refused")
    return url


def checked_webhook(url: str | None, settings: Settings) -> str | None:
    """A webhook URL of a request, refused (422, before anything is stored) when the service
    does not send there."""
    if url is None:
        return None
    try:
        return check_url(url, settings.webhook_private)
    except UrlRefused as exc:
        said = msg("webhook: %(error)s", error=str(exc))
        raise ApiProblem(422, "invalid", said, errors=[{"field": "webhook"}]) from None


def register(engine: Engine, owner: str, url: str, settings: Settings, token_id: str | None = None,
             job_id: str | None = None) -> dict[str, Any]:
    """A new webhook of ``owner`` (for every job, or the job ``job_id``): its id, url and secret."""
    check_url(url, settings.webhook_private)
    webhook_id, secret, moment = new_id(), secrets.token_hex(32), now()
    with engine.begin() as conn:
        conn.execute(insert(WEBHOOKS).values(id=webhook_id, owner=owner, token_id=token_id, url=url,
                                             secret=secret, job_id=job_id, created_at=moment))
    return {"id": webhook_id, "url": url, "secret": secret, "job": job_id, "created_at": moment.isoformat()}


def schedule(engine: Engine, limit: int = 100) -> int:
    """A delivery for each finished job a webhook wants and has none yet; how many were written."""
    wanted = or_(WEBHOOKS.c.job_id == JOBS.c.id,
                 and_(WEBHOOKS.c.job_id.is_(None), WEBHOOKS.c.owner == JOBS.c.owner,
                      JOBS.c.created_at >= WEBHOOKS.c.created_at))
    delivered = exists().where(DELIVERIES.c.webhook_id == WEBHOOKS.c.id, DELIVERIES.c.job_id == JOBS.c.id)
    query = (select(WEBHOOKS.c.id.label("webhook_id"), JOBS).join(JOBS, wanted)
             .where(JOBS.c.state.in_(("done", "failed")), ~delivered).limit(limit))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    written = 0
    for row in rows:
        moment = now()
        delivery_id = new_id()
        event = f"job.{row.state}"
        payload = {"id": delivery_id, "event": event, "created_at": moment.isoformat(), "job": job_body(row)}
        try:
            with engine.begin() as conn:
                conn.execute(insert(DELIVERIES).values(
                    id=delivery_id, webhook_id=row.webhook_id, job_id=row.id, event=event,
                    payload=json.dumps(payload), state="pending", attempts=0, next_attempt_at=moment,
                    created_at=moment))
            written += 1
        except IntegrityError:  # another worker wrote it first
            continue
    return written


def _claim(engine: Engine, lease: float) -> Any:
    """The delivery due first, leased to this worker (its next attempt pushed past the lease)."""
    moment = now()
    due = (DELIVERIES.c.state == "pending") & (DELIVERIES.c.next_attempt_at <= moment)
    with engine.connect() as conn:  # a read first: no write transaction while nothing is due
        if conn.execute(select(DELIVERIES.c.id).where(due).limit(1)).first() is None:
            return None
    with engine.begin() as conn:
        row = conn.execute(
            select(DELIVERIES, WEBHOOKS.c.url, WEBHOOKS.c.secret)
            .join(WEBHOOKS, WEBHOOKS.c.id == DELIVERIES.c.webhook_id).where(due)
            .order_by(DELIVERIES.c.next_attempt_at).limit(1)
            .with_for_update(skip_locked=True, of=DELIVERIES)).first()
        if row is not None:
            conn.execute(update(DELIVERIES).where(DELIVERIES.c.id == row.id).values(
                attempts=row.attempts + 1, next_attempt_at=moment + timedelta(seconds=lease)))
    return row


def _post(row: Any, settings: Settings) -> tuple[int | None, str | None]:
    """One attempt: the receiver's status, and what went wrong (``None`` when delivered)."""
    import httpx

    body = row.payload.encode()
    stamp = int(time.time())
    headers = {"Content-Type": "application/json", "User-Agent": "belote-replay-webhooks",
               "Belote-Webhook-Id": row.id, "Belote-Webhook-Event": row.event,
               "Belote-Webhook-Timestamp": str(stamp),
               "Belote-Webhook-Signature": signature(row.secret, stamp, body)}
    try:
        check_url(row.url, settings.webhook_private, resolve=True)
        answer = httpx.post(row.url, content=body, headers=headers, timeout=settings.webhook_timeout,
                            follow_redirects=False)
    except UrlRefused as exc:
        return None, str(exc)
    except Exception as exc:  # noqa: BLE001 - any failure of the attempt is logged, and retried
        return None, f"{type(exc).__name__}: {exc}"[:500]
    if 200 <= answer.status_code < 300:
        return answer.status_code, None
    return answer.status_code, f"the receiver answered {answer.status_code}"


def deliver_one(engine: Engine, settings: Settings) -> bool:
    """Claim and send one due delivery, and log its outcome; ``False`` when none was due."""
    row = _claim(engine, settings.webhook_timeout + 30)
    if row is None:
        return False
    status, error = _post(row, settings)
    attempts = row.attempts + 1
    values: dict[str, Any] = {"last_status": status, "last_error": error}
    if error is None:
        values.update(state="delivered", delivered_at=now())
    elif attempts >= settings.webhook_attempts:
        values["state"] = "failed"
    else:
        wait = min(BACKOFF_MAX, settings.webhook_backoff * 2 ** (attempts - 1))
        values["next_attempt_at"] = now() + timedelta(seconds=wait)
    with engine.begin() as conn:
        conn.execute(update(DELIVERIES).where(DELIVERIES.c.id == row.id).values(**values))
    log.info("webhook delivery %s (%s) attempt %d: %s", row.id, row.event, attempts, error or status)
    return True


class Deliverer(threading.Thread):
    """The thread of a job worker process that schedules and sends deliveries until ``stop``."""

    def __init__(self, engine: Engine, settings: Settings, stop: threading.Event, poll: float = 0.5) -> None:
        super().__init__(daemon=True, name="webhooks")
        self.engine, self.settings, self.stop, self.poll = engine, settings, stop, poll

    def run(self) -> None:
        while not self.stop.is_set():
            wait = self.poll
            try:
                schedule(self.engine)
                while not self.stop.is_set() and deliver_one(self.engine, self.settings):
                    pass
            except Exception as exc:  # the database busy or away: the next round tries again
                log.warning("webhook deliveries wait: %s", exc)
                wait = RETRY_ROUND
            self.stop.wait(wait)
