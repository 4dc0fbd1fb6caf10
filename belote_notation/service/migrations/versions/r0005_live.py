"""live games and their acts

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05

A game played live (``POST /v1/live``) keeps each act it accepted before acknowledging it: a
restart rebuilds the games in progress from ``live_acts``.
"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('live_games',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('owner', sa.String(length=100), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('rules', sa.String(length=32), nullable=False),
    sa.Column('tags', sa.Text(), nullable=False),
    sa.Column('options', sa.Text(), server_default='{}', nullable=False),
    sa.Column('private', sa.Boolean(), nullable=False),
    sa.Column('show_hands', sa.Boolean(), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    with op.batch_alter_table('live_games', schema=None) as batch_op:
        batch_op.create_index('ix_live_games_owner_state', ['owner', 'state'], unique=False)

    op.create_table('live_acts',
    sa.Column('live_id', sa.String(length=32), nullable=False),
    sa.Column('seq', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('act', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['live_id'], ['live_games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('live_id', 'seq')
    )


def downgrade() -> None:
    op.drop_table('live_acts')
    op.drop_table('live_games')
