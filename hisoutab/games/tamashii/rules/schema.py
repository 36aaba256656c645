"""TAMASHII's setup schema: how many players (1 to 4) and, optionally, each player's class."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

CLASS_ORDER = ("assassin", "guardian", "trickster", "hacker")


class TamashiiSetup(BaseModel):
    """``players``: 1 to 4 players, P1…Pn; ``classes``: each player's class, in seat order (by
    default assassin, guardian, trickster, hacker); no two players share a class."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, ge=1, le=4, description="how many players (P1…Pn)")
    classes: tuple[str, ...] = Field((), description="each player's class, in seat order")

    @field_validator("classes")
    @classmethod
    def _distinct(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        bad = [c for c in value if c not in CLASS_ORDER]
        if bad:
            raise ValueError(f"unknown class {bad[0]!r}; expected one of {', '.join(CLASS_ORDER)}")
        if len(set(value)) != len(value):
            raise ValueError("no two players share a class")
        return value

    def class_of(self, seat: int) -> str:
        """The class of the player in ``seat`` (0-based)."""
        if seat < len(self.classes):
            return self.classes[seat]
        free = [c for c in CLASS_ORDER if c not in self.classes]
        return free[seat - len(self.classes)]
