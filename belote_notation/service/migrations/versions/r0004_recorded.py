"""games: the key that tells two score sheets with the same fingerprint apart

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05

Two club nights' score sheets of the same four players (deals with score lines only, no card)
have the same fingerprint, which reads what was played: the store took the second for a
duplicate of the first. ``recorded`` holds what tells them apart (their claimed scores and
identifying tags, ``service/columns.py`` ``recorded_key``; ``""`` when every deal records
cards), and a game is the same stored game by its fingerprint and ``recorded`` both. The games
stored before get their key here, read from their text.
"""
import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

_GAMES = sa.table('games', sa.column('id', sa.String), sa.column('bel', sa.Text),
                  sa.column('recorded', sa.String))


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('recorded', sa.String(length=64), nullable=False, server_default=''))
    _fill_recorded()
    with op.batch_alter_table('games') as batch:
        batch.drop_constraint('uq_games_owner_fingerprint_version', type_='unique')
        batch.create_unique_constraint('uq_games_owner_print_recorded_version',
                                       ['owner', 'fingerprint', 'recorded', 'version'])


def _fill_recorded() -> None:
    """Each stored game's key, read as the store reads an upload (records for score sheets only)."""
    from belote_notation.check.as_read import AsReadChecker
    from belote_notation.notation.read.reader import parse_game_text, read_game_events
    from belote_notation.service.columns import recorded_key

    conn = op.get_bind()
    keys = {}
    for game_id, bel in conn.execute(sa.select(_GAMES.c.id, _GAMES.c.bel)):
        checker = AsReadChecker(file="game.bel", keeps_deals=False)
        read_game_events(bel, checker, "game.bel")
        if checker.card_less:
            keys[game_id] = recorded_key(parse_game_text(bel, "game.bel").game)
    for game_id, key in keys.items():
        if key:
            conn.execute(sa.update(_GAMES).where(_GAMES.c.id == game_id).values(recorded=key))


def downgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.drop_constraint('uq_games_owner_print_recorded_version', type_='unique')
        batch.create_unique_constraint('uq_games_owner_fingerprint_version',
                                       ['owner', 'fingerprint', 'version'])
        batch.drop_column('recorded')
