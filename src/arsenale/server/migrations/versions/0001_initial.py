"""Games, seat tokens (hashed) and one row per accepted action.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("pk", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("id", sa.String(40), nullable=False, unique=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "seat_tokens",
        sa.Column("pk", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_pk", sa.Integer(), sa.ForeignKey("games.pk", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.UniqueConstraint("game_pk", "seat", name="uq_seat_tokens_game_seat"),
    )
    op.create_index("ix_seat_tokens_game_pk", "seat_tokens", ["game_pk"])
    op.create_table(
        "actions",
        sa.Column("pk", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_pk", sa.Integer(), sa.ForeignKey("games.pk", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_pk", "ply", name="uq_actions_game_ply"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seat_tokens")
    op.drop_index("ix_games_status", "games")
    op.drop_table("games")
