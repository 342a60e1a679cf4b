"""The table around a game: table options (privacy, chat, clocks), the host's key, chat,
accounts and their sessions, seat tokens that can be revoked or owned by an account.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("pk", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("pk", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "account_pk",
            sa.Integer(),
            sa.ForeignKey("accounts.pk", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("table_options", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
    op.create_index("ix_games_private", "games", ["private"])
    with op.batch_alter_table("seat_tokens") as batch:
        batch.drop_constraint("uq_seat_tokens_game_seat", type_="unique")
        batch.add_column(
            sa.Column(
                "account_pk",
                sa.Integer(),
                sa.ForeignKey("accounts.pk", name="fk_seat_tokens_account", ondelete="SET NULL"),
                nullable=True,
            )
        )
        batch.add_column(sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "chat",
        sa.Column("pk", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_pk",
            sa.Integer(),
            sa.ForeignKey("games.pk", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    with op.batch_alter_table("seat_tokens") as batch:
        batch.drop_column("revoked_at")
        batch.drop_constraint("fk_seat_tokens_account", type_="foreignkey")
        batch.drop_column("account_pk")
        batch.create_unique_constraint("uq_seat_tokens_game_seat", ["game_pk", "seat"])
    op.drop_index("ix_games_private", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("host_hash")
        batch.drop_column("table_options")
        batch.drop_column("private")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
