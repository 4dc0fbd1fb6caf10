"""The tables of the service (SQLAlchemy Core), the same on SQLite and PostgreSQL.

The migrations (``migrations/versions``) create exactly these; ``tests/service`` checks that a
migrated database matches them. Every query of the service is built from these tables with
bound parameters: no SQL is ever assembled from text.

>>> sorted(METADATA.tables)  # doctest: +NORMALIZE_WHITESPACE
['game_deals', 'game_findings', 'game_renders', 'game_tags', 'games', 'jobs', 'live_acts',
 'live_games', 'tokens', 'webhook_deliveries', 'webhooks']
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = ["DEALS", "DELIVERIES", "FINDINGS", "GAMES", "JOBS", "LIVE_ACTS", "LIVE_GAMES", "METADATA",
           "RENDERS", "TAGS", "TOKENS", "WEBHOOKS"]

METADATA = MetaData()

TOKENS = Table(
    "tokens", METADATA,
    Column("id", String(32), primary_key=True),
    Column("owner", String(100), nullable=False, index=True),
    Column("scope", String(10), nullable=False),
    Column("hash", String(64), nullable=False, unique=True),
    Column("created_at", DateTime(), nullable=False),
    Column("expires_at", DateTime(), nullable=True),
    Column("last_used_at", DateTime(), nullable=True),
)
"""An API token: only the SHA-256 of its secret is kept; ``owner`` is the name it was created with.
``expires_at``: refused from then on (``None``: never); ``last_used_at``: to the minute."""

GAMES = Table(
    "games", METADATA,
    Column("id", String(32), primary_key=True),
    Column("owner", String(100), nullable=False),
    Column("fingerprint", String(64), nullable=False),
    Column("version", Integer, nullable=False, default=1),
    Column("parent_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=True),
    Column("annotated", Boolean, nullable=False, default=False),
    Column("private", Boolean, nullable=False, default=False),
    Column("source_format", String(32), nullable=False),
    Column("bel", Text, nullable=False),
    Column("report", Text, nullable=False),
    Column("errors", Integer, nullable=False),
    Column("warnings", Integer, nullable=False),
    Column("infos", Integer, nullable=False),
    Column("deal_count", Integer, nullable=False),
    Column("rules", String(32), nullable=True),
    Column("event", String(200), nullable=True),
    Column("date", String(10), nullable=True),
    Column("result", String(16), nullable=True),
    Column("winner", String(4), nullable=True),
    Column("created_at", DateTime(), nullable=False),
    Column("source_name", String(200), nullable=True),
    Column("first_line", Integer, nullable=True),
    Column("recorded", String(64), nullable=False, server_default=""),
    UniqueConstraint("owner", "fingerprint", "recorded", "version",
                     name="uq_games_owner_print_recorded_version"),
    Index("ix_games_owner_created", "owner", "created_at", "id"),
)
"""A stored game: its ``.bel`` text, its report (JSON) and what the filters read;
``source_name`` and ``first_line``: the file its report's lines belong to, and where its text
starts there (its replay page is drawn with the same lines). ``recorded``: ``""`` when every
deal records cards, else what tells a score sheet from another with the same fingerprint (its
claimed scores and identifying tags: ``service/columns.py`` ``recorded_key``); a game is one
stored game by both. A review is a new version (``parent_id``: the original) with the same
fingerprint and ``recorded``."""

TAGS = Table(
    "game_tags", METADATA,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("name", String(64), nullable=False),
    Column("value", String(200), nullable=False),
    Index("ix_game_tags_name_value", "name", "value"),
)
"""Every tag pair of a game, its name in lower case (players and teams are tags)."""

DEALS = Table(
    "game_deals", METADATA,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("taker", String(1), nullable=True),
    Column("trump", String(16), nullable=True),
    Column("contract", String(16), nullable=True),
    Column("outcome", String(8), nullable=True),
)
"""What the checks recomputed of each deal: taker (seat letter), trump, contract, outcome."""

FINDINGS = Table(
    "game_findings", METADATA,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("code", String(16), nullable=False),
    Column("severity", String(8), nullable=False),
    Index("ix_game_findings_code", "code"),
)

RENDERS = Table(
    "game_renders", METADATA,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("kind", String(40), primary_key=True),
    Column("media_type", String(60), nullable=False),
    Column("body", LargeBinary, nullable=False),
    Column("created_at", DateTime(), nullable=False),
)
"""What a game's replay page, report or diagram rendered once (a game never changes under its id)."""

JOBS = Table(
    "jobs", METADATA,
    Column("id", String(32), primary_key=True),
    Column("owner", String(100), nullable=False, index=True),
    Column("kind", String(16), nullable=False),
    Column("state", String(10), nullable=False),
    Column("payload", Text, nullable=False),
    Column("data", LargeBinary, nullable=True),
    Column("progress", Float, nullable=False, default=0.0),
    Column("result", Text, nullable=True),
    Column("error", Text, nullable=True),
    Column("attempts", Integer, nullable=False, default=0),
    Column("worker", String(64), nullable=True),
    Column("lease_until", DateTime(), nullable=True),
    Column("created_at", DateTime(), nullable=False),
    Column("updated_at", DateTime(), nullable=False),
    Index("ix_jobs_state_created", "state", "created_at"),
)
"""A review or import job: ``queued`` → ``running`` (a worker's lease, renewed by heartbeats) →
``done`` or ``failed``. A running job whose lease ran out is claimed again."""

WEBHOOKS = Table(
    "webhooks", METADATA,
    Column("id", String(32), primary_key=True),
    Column("owner", String(100), nullable=False, index=True),
    Column("token_id", String(32), nullable=True),
    Column("url", String(2000), nullable=False),
    Column("secret", String(64), nullable=False),
    Column("job_id", String(32), nullable=True, index=True),
    Column("created_at", DateTime(), nullable=False),
)
"""Where an owner's job events are pushed: every job of the owner finished after ``created_at``,
or only the job ``job_id`` (a webhook given with one upload or review). ``secret`` signs them."""

DELIVERIES = Table(
    "webhook_deliveries", METADATA,
    Column("id", String(32), primary_key=True),
    Column("webhook_id", String(32), ForeignKey("webhooks.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("job_id", String(32), nullable=False),
    Column("event", String(32), nullable=False),
    Column("payload", Text, nullable=False),
    Column("state", String(10), nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("next_attempt_at", DateTime(), nullable=False),
    Column("last_status", Integer, nullable=True),
    Column("last_error", Text, nullable=True),
    Column("created_at", DateTime(), nullable=False),
    Column("delivered_at", DateTime(), nullable=True),
    UniqueConstraint("webhook_id", "job_id", name="uq_webhook_deliveries_webhook_job"),
    Index("ix_webhook_deliveries_state_next", "state", "next_attempt_at"),
)
"""One event of a job for one webhook: ``pending`` (tried again at ``next_attempt_at``), then
``delivered`` or ``failed`` (its attempts used up). The owner reads them as the delivery log."""

LIVE_GAMES = Table(
    "live_games", METADATA,
    Column("id", String(32), primary_key=True),
    Column("owner", String(100), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("rules", String(32), nullable=False),
    Column("tags", Text, nullable=False),
    Column("options", Text, nullable=False, server_default="{}"),
    Column("private", Boolean, nullable=False, default=False),
    Column("show_hands", Boolean, nullable=False, default=False),
    Column("state", String(10), nullable=False),
    Column("seq", Integer, nullable=False, default=0),
    Column("game_id", String(32), nullable=True),
    Column("created_at", DateTime(), nullable=False),
    Column("updated_at", DateTime(), nullable=False),
    Index("ix_live_games_owner_state", "owner", "state"),
)
"""A game played live (``service/live.py``): ``playing``, then ``finished`` (``game_id``: the
game stored from it) or ``closed`` (idle past the timeout). ``tags`` and ``options`` (the rule
system's, as ``--option`` takes them): JSON objects; ``seq``:
its last act's number; ``token_hash``: the SHA-256 of the table's write token."""

LIVE_ACTS = Table(
    "live_acts", METADATA,
    Column("live_id", String(32), ForeignKey("live_games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("act", Text, nullable=False),
    Column("created_at", DateTime(), nullable=False),
)
"""The acts a live game accepted, by number (1, 2, ...): written before each is acknowledged, so
a restart rebuilds the game from them. An undone act's row is deleted. The key keeps two
writers of one table from both taking a number."""
