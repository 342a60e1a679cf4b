"""Tests of the AI adapters (they need the `ai` extra)."""
