"""the first schema: tokens, games with their tags, deals and findings, jobs

Revision ID: 0001
Revises: (none)
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The calls Alembic generated, unchanged and in their order, one function per table
    # (with its indexes) so that each stays under the size bound.
    _create_games()
    _create_jobs()
    _create_tokens()
    _create_game_deals()
    _create_game_findings()
    _create_game_tags()


def _create_games() -> None:
    op.create_table('games',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('owner', sa.String(length=100), nullable=False),
    sa.Column('fingerprint', sa.String(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('parent_id', sa.String(length=32), nullable=True),
    sa.Column('annotated', sa.Boolean(), nullable=False),
    sa.Column('private', sa.Boolean(), nullable=False),
    sa.Column('source_format', sa.String(length=32), nullable=False),
    sa.Column('bel', sa.Text(), nullable=False),
    sa.Column('report', sa.Text(), nullable=False),
    sa.Column('errors', sa.Integer(), nullable=False),
    sa.Column('warnings', sa.Integer(), nullable=False),
    sa.Column('infos', sa.Integer(), nullable=False),
    sa.Column('deal_count', sa.Integer(), nullable=False),
    sa.Column('rules', sa.String(length=32), nullable=True),
    sa.Column('event', sa.String(length=200), nullable=True),
    sa.Column('date', sa.String(length=10), nullable=True),
    sa.Column('result', sa.String(length=16), nullable=True),
    sa.Column('winner', sa.String(length=4), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['parent_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('owner', 'fingerprint', 'version', name='uq_games_owner_fingerprint_version')
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index('ix_games_owner_created', ['owner', 'created_at', 'id'], unique=False)


def _create_jobs() -> None:
    op.create_table('jobs',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('owner', sa.String(length=100), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('payload', sa.Text(), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=True),
    sa.Column('progress', sa.Float(), nullable=False),
    sa.Column('result', sa.Text(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('worker', sa.String(length=64), nullable=True),
    sa.Column('lease_until', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('jobs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_jobs_owner'), ['owner'], unique=False)
        batch_op.create_index('ix_jobs_state_created', ['state', 'created_at'], unique=False)


def _create_tokens() -> None:
    op.create_table('tokens',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('owner', sa.String(length=100), nullable=False),
    sa.Column('scope', sa.String(length=10), nullable=False),
    sa.Column('hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('hash')
    )
    with op.batch_alter_table('tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tokens_owner'), ['owner'], unique=False)


def _create_game_deals() -> None:
    op.create_table('game_deals',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('taker', sa.String(length=1), nullable=True),
    sa.Column('trump', sa.String(length=16), nullable=True),
    sa.Column('contract', sa.String(length=16), nullable=True),
    sa.Column('outcome', sa.String(length=8), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE')
    )
    with op.batch_alter_table('game_deals', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_deals_game_id'), ['game_id'], unique=False)


def _create_game_findings() -> None:
    op.create_table('game_findings',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('severity', sa.String(length=8), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE')
    )
    with op.batch_alter_table('game_findings', schema=None) as batch_op:
        batch_op.create_index('ix_game_findings_code', ['code'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_findings_game_id'), ['game_id'], unique=False)


def _create_game_tags() -> None:
    op.create_table('game_tags',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('value', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE')
    )
    with op.batch_alter_table('game_tags', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_tags_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_game_tags_name_value', ['name', 'value'], unique=False)


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    with op.batch_alter_table('game_tags', schema=None) as batch_op:
        batch_op.drop_index('ix_game_tags_name_value')
        batch_op.drop_index(batch_op.f('ix_game_tags_game_id'))

    op.drop_table('game_tags')
    with op.batch_alter_table('game_findings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_findings_game_id'))
        batch_op.drop_index('ix_game_findings_code')

    op.drop_table('game_findings')
    with op.batch_alter_table('game_deals', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_deals_game_id'))

    op.drop_table('game_deals')
    with op.batch_alter_table('tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tokens_owner'))

    op.drop_table('tokens')
    with op.batch_alter_table('jobs', schema=None) as batch_op:
        batch_op.drop_index('ix_jobs_state_created')
        batch_op.drop_index(batch_op.f('ix_jobs_owner'))

    op.drop_table('jobs')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_owner_created')

    op.drop_table('games')
    # ### end Alembic commands ###
