"""The refusal body `{error, rule}` as a response model, for the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Problem(BaseModel):
    """Every refusal: what was wrong and the rule (or part of the API contract) it breaks."""

    error: str
    rule: str | None


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route that may refuse with these statuses."""
    return {code: {"model": Problem} for code in codes}
