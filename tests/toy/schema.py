"""The toy's setup schema: how many racers and how long the track is. The players come from it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ToySetup(BaseModel):
    """``players``: 2 to 4 racers, named P1…Pn; ``goal``: the last square of the track."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(3, ge=2, le=4, description="how many racers (P1…Pn)")
    goal: int = Field(30, ge=5, le=200, description="the last square of the track")
