"""The typed contract of API v1: the bodies every route answers (pydantic models, so the
OpenAPI document names and describes them) and the closed sets its parameters take.

The game report is not written again here: its JSON Schema (``check/game-report.schema.json``,
the one ``validate --format json`` follows) is put in the document's components as
``GameReport`` (and ``ReportFinding``, ``ReportDeal``) by :func:`report_components`.

>>> sorted(report_components())
['GameReport', 'ReportDeal', 'ReportFinding']
>>> import re
>>> bool(re.fullmatch(option_pattern(), "target=501")), bool(re.fullmatch(option_pattern(), "target=x"))
(True, False)
"""

from __future__ import annotations

import json
import re
from enum import Enum
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["GAMES_REF", "REPORT_REF", "SARIF", "Count", "FindingCounts", "Format", "GameSummary",
           "GamesDocument", "Health", "Job", "JobAccepted", "JobKind", "JobState", "Page", "Ready",
           "ReviewResult", "StoredGame", "UploadResult", "VALIDATION_REPORT", "Delivery", "DeliveryState",
           "Webhook", "WebhookCreated", "WebhookRequest",
           "code_prefixes", "format_names", "job_body", "option_pattern", "report_components", "rules_names"]

REPORT_REF = "#/components/schemas/GameReport"
GAMES_REF = "#/components/schemas/GamesDocument"
FINDING_REF = "#/components/schemas/ReportFinding"
ID_PATTERN = "^[A-Za-z0-9_-]+$"
_PORT = "([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
WEBHOOK_URL = rf"^https?://[A-Za-z0-9][A-Za-z0-9.-]{{0,252}}(:{_PORT})?(/[^\x00-\x20\x7f]*)?$"
"""A webhook's URL: ``http`` or ``https``, a host name or IPv4 address, a port, a path (and query)."""
TEXT_PATTERN = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$"
"""Text of a parameter: any character but the control ones (a NUL never reaches the database)."""


class Body(BaseModel):
    """An answer's object: fields may be added in a minor version (a reader ignores the others)."""

    model_config = ConfigDict(extra="allow")


class JobKind(str, Enum):
    review = "review"
    import_ = "import"


class JobState(str, Enum):
    queued = "queued"
    running = "running"
    done = "done"
    failed = "failed"


class FindingCounts(Body):
    errors: int = Field(ge=0)
    warnings: int = Field(ge=0)
    infos: int = Field(ge=0)


class GameSummary(Body):
    """A stored game as the list shows it."""

    id: str = Field(pattern=ID_PATTERN, description="The game's id (its link).")
    url: str = Field(description="GET: the game (`.bel`, JSON twin or events).")
    replay: str = Field(description="GET: its replay page.")
    fingerprint: str = Field(description="`bel1:` and 32 hex digits: the same game in any format.")
    version: int = Field(ge=1, description="1: as uploaded; 2 and on: reviews.")
    parent: str | None = Field(description="The original of a review.")
    annotated: bool
    private: bool
    format: str = Field(description="The format it was uploaded in.")
    event: str | None
    date: str | None
    rules: str | None
    result: str | None = Field(description="The result as recorded.")
    winner: Literal["NS", "EW"] | None = Field(description="The recomputed winner.")
    deals: int = Field(ge=0)
    findings: FindingCounts
    created_at: str = Field(description="When it was stored (ISO 8601, UTC).")


class Page(Body):
    """A page of games, newest first."""

    games: list[GameSummary]
    next: str | None = Field(description="The cursor of the next page (`?cursor=`); null on the last.")


class Count(Body):
    count: int = Field(ge=0)


class StoredGame(Body):
    """A game of an upload: its number in the file, and its id unless it was rejected."""

    game: int = Field(ge=1, description="Its number in the uploaded file.")
    id: str | None = Field(description="The stored game's id; null when rejected.")
    fingerprint: str | None
    errors: int = Field(ge=0)
    warnings: int = Field(ge=0)
    url: str | None = Field(None, description="GET: the game (left out when rejected).")
    replay: str | None = Field(None, description="GET: its replay page (left out when rejected).")
    private: bool | None = Field(None, description="Its visibility now (left out when rejected).")
    made_private: bool | None = Field(
        None, description="True on a duplicate that this upload's `private=true` made private.")
    findings: list[dict[str, Any]] | None = Field(
        None, description="A rejected game's findings, located in the uploaded file.",
        json_schema_extra={"items": {"$ref": FINDING_REF}})


class UploadResult(Body):
    """What became of each game of an upload."""

    imported: list[StoredGame]
    duplicates: list[StoredGame] = Field(description="Already stored by this owner: a no-op success.")
    rejected: list[StoredGame] = Field(description="Not read whole: not stored, with their findings.")


class WebhookRequest(BaseModel):
    """A URL to push job events to (``http`` or ``https``)."""

    model_config = ConfigDict(extra="forbid")

    url: str = Field(max_length=2000, pattern=WEBHOOK_URL)


class Webhook(Body):
    """A webhook: every job of its owner, or one job (``job``)."""

    id: str = Field(pattern=ID_PATTERN)
    url: str
    job: str | None = Field(description="The one job it is for; null: every job of its owner.")
    created_at: str


class WebhookCreated(Webhook):
    secret: str = Field(description="The key of the deliveries' HMAC-SHA256 signatures; shown once.")


class DeliveryState(str, Enum):
    pending = "pending"
    delivered = "delivered"
    failed = "failed"


class Delivery(Body):
    """One event pushed to a webhook, and the outcome of its last attempt."""

    id: str = Field(pattern=ID_PATTERN)
    event: Literal["job.done", "job.failed"]
    job: str
    state: DeliveryState
    attempts: int = Field(ge=0)
    last_status: int | None = Field(description="The receiver's last HTTP status; null: no answer.")
    last_error: str | None
    created_at: str
    next_attempt_at: str | None = Field(description="When it is tried again (pending only).")
    delivered_at: str | None


class JobAccepted(Body):
    """A job was queued: follow it at ``url`` (or its events at ``url`` + ``/events``)."""

    job: str = Field(pattern=ID_PATTERN)
    url: str
    state: JobState
    webhook: WebhookCreated | None = Field(None, description="The webhook given with the request, if any.")


class ReviewResult(Body):
    """A finished review: the reviewed copy, stored as a new version."""

    game: str = Field(pattern=ID_PATTERN)
    url: str
    replay: str
    players: list[dict[str, Any]] = Field(description="Per player, the review's counts.")


class Job(Body):
    """A review or an import and how far it got."""

    id: str = Field(pattern=ID_PATTERN)
    kind: JobKind
    state: JobState
    progress: float = Field(ge=0, le=1)
    attempts: int = Field(ge=0)
    result: UploadResult | ReviewResult | None = Field(description="When done: an import's upload answer, "
                                                                   "or a review's new version.")
    error: str | None = Field(description="When failed: why.")
    created_at: str
    updated_at: str


class GamesDocument(Body):
    """Games as the JSON twin writes them (``belote-replay convert --to json``)."""

    games: list[dict[str, Any]] = Field(description="Each game: its tag pairs, deals, cards and comments, "
                                                    "with their lines and columns.")


VALIDATION_REPORT: dict[str, Any] = {
    "type": "object", "description": "The document of `belote-replay validate --format json`.",
    "required": ["schema_version", "files", "problems", "summary"],
    "properties": {
        "schema_version": {"type": "string"},
        "files": {"type": "array", "items": {
            "type": "object", "required": ["path", "games", "error"], "properties": {
            "path": {"type": "string"}, "games": {"type": "array", "items": {"$ref": REPORT_REF}},
            "error": {"type": ["string", "null"], "description": "Why the file could not be read at all."}}}},
        "problems": {"type": "array", "items": {"type": "object"}, "description": "Inputs not opened."},
        "summary": {"type": "object", "additionalProperties": {"type": "number"},
                    "description": "Counts (files, games, deals, errors, ...) and seconds."}}}
"""The JSON answer of ``POST /v1/validate`` (each game's report is a ``GameReport``)."""
SARIF: dict[str, Any] = {"type": "object", "required": ["version", "runs"], "description": "SARIF 2.1.0",
                         "properties": {"version": {"const": "2.1.0"}, "runs": {"type": "array"}}}


class Format(Body):
    name: str
    title: str
    extensions: list[str]
    read: bool
    write: bool


class Health(Body):
    status: Literal["ok"]


class Ready(Body):
    status: Literal["ready"]


@cache
def report_components() -> dict[str, Any]:
    """The game report's JSON Schema as OpenAPI components (its ``$defs`` beside it)."""
    from belote_notation.check.report import report_schema

    text = json.dumps(report_schema())
    for name in report_schema().get("$defs", {}):
        text = text.replace(f'"#/$defs/{name}"', f'"#/components/schemas/Report{name.capitalize()}"')
    schema = json.loads(text)
    defs = schema.pop("$defs", {})
    for key in ("$schema", "$id"):
        schema.pop(key, None)
    return {"GameReport": schema, **{f"Report{name.capitalize()}": value for name, value in defs.items()}}


@cache
def rules_names() -> list[str]:
    """Every name ``?rules=`` takes: the rule systems and their aliases (empty: the game's own)."""
    from belote_notation.game.cards import RULE_SYSTEM_ALIASES, RULE_SYSTEM_DECKS

    return ["", *sorted({*RULE_SYSTEM_DECKS, *RULE_SYSTEM_ALIASES})]


def format_names(readable: bool = True) -> list[str]:
    """The installed formats' names (the readable ones, or the writable ones)."""
    from belote_notation.formats.registry import all_formats

    return sorted(f.name for f in all_formats() if (f.can_read if readable else f.can_write))


_NUMBER = "(0|[1-9][0-9]{0,5})"


def _values(annotation: Any, metadata: list[Any]) -> str:
    """A regular expression of the text values a rule option takes."""
    from typing import Union, get_args, get_origin

    if annotation is bool:
        return "(true|false)"
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return "(" + "|".join(re.escape(str(m.value)) for m in annotation) + ")"
    if annotation is int:
        low = max([0, *(getattr(m, "ge", 0) for m in metadata),
                   *(getattr(m, "gt", -1) + 1 for m in metadata)])
        high = min([getattr(m, "le", 10**6) for m in metadata] + [10**6])
        if high < 10**6:  # a short range: every value named
            return "(" + "|".join(str(v) for v in range(low, high + 1)) + ")"
        return "([1-9][0-9]{0,5})" if low >= 1 else _NUMBER
    if get_origin(annotation) is Literal:
        return "(" + "|".join(re.escape(str(a)) for a in get_args(annotation)) + ")"
    if get_origin(annotation) in (Union, type(int | None)):
        parts = [_values(a, metadata) for a in get_args(annotation) if a is not type(None)]
        return "(" + "|".join([*parts, "none"]) + ")"
    raise TypeError(f"no pattern for a rule option of type {annotation!r}")


@cache
def option_pattern() -> str:
    """``NAME=VALUE`` for every rule option and every value it takes (``?option=``)."""
    from belote_notation.game.rules import Ruleset

    parts = []
    for name in Ruleset.option_names():
        field = Ruleset.model_fields[name]
        parts.append(f"{name}={_values(field.annotation, list(field.metadata))}")
    return "^(" + "|".join(parts) + ")$"


@cache
def code_prefixes() -> list[str]:
    """What ``?select=`` and ``?ignore=`` take: ``ALL``, every finding code and every prefix of one
    (and the empty text: nothing)."""
    from belote_notation.game.code_table import CODES

    return ["", "ALL", *sorted({code[:n] for code in CODES for n in range(3, len(code) + 1)})]


def job_body(row: Any) -> dict[str, Any]:
    """A row of the jobs table as a :class:`Job` (``GET /v1/jobs/{id}``, its events, webhooks)."""
    return {"id": row.id, "kind": row.kind, "state": row.state, "progress": row.progress,
            "attempts": row.attempts, "result": json.loads(row.result) if row.result else None,
            "error": row.error, "created_at": row.created_at.isoformat(),
            "updated_at": row.updated_at.isoformat()}
