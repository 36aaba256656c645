"""The co-operative toy's setup schema: how many explorers (1 to 4)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class CoopSetup(BaseModel):
    """``players``: 1 to 4 explorers, named P1…Pn."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, ge=1, le=4, description="how many explorers (P1…Pn)")
