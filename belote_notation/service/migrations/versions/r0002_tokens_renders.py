"""tokens expire and remember their last use; a game's renderings stored once; the file a
game's report lines belong to

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-04
"""
import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tokens') as batch:
        batch.add_column(sa.Column('expires_at', sa.DateTime(), nullable=True))
        batch.add_column(sa.Column('last_used_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('source_name', sa.String(length=200), nullable=True))
        batch.add_column(sa.Column('first_line', sa.Integer(), nullable=True))
    op.create_table('game_renders',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('media_type', sa.String(length=60), nullable=False),
    sa.Column('body', sa.LargeBinary(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'kind')
    )


def downgrade() -> None:
    op.drop_table('game_renders')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('first_line')
        batch.drop_column('source_name')
    with op.batch_alter_table('tokens') as batch:
        batch.drop_column('last_used_at')
        batch.drop_column('expires_at')
