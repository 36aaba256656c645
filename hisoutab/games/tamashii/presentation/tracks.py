"""A player's tracks: HP out of max HP, the trace track up to its top (TM-TRACE-4: past it, the
trace overflows), the four resources with their cap of five (TM-RES-2) and XP."""

from __future__ import annotations

from hisoutab.presentation.svg import MUTED, el, text, title

CAP = 5
RESOURCES = (
    ("shield", "Shield", "#2f7d8c"),
    ("memory", "Memory", "#6a4fb3"),
    ("power", "Power", "#d07a12"),
    ("reroll", "Reroll", "#4a8a2a"),
)
HP_FILL, HP_EMPTY = "#d9423a", "#f3d6d3"
TRACE_FILL = "#505064"
ROOM = 150.0  # the width a track's boxes may take


def boxes(
    x: float,
    y: float,
    filled: int,
    total: int,
    fill: str,
    *,
    w: float = 15,
    h: float = 13,
    empty: str = "#ffffff",
) -> str:
    """``total`` boxes left to right, the first ``filled`` in ``fill``."""
    return "".join(
        el(
            "rect",
            {
                "x": x + k * (w + 2),
                "y": y,
                "width": w,
                "height": h,
                "rx": 2,
                "fill": fill if k < filled else empty,
                "stroke": "#666666",
            },
        )
        for k in range(total)
    )


def hp_track(name: str, hp: int, hp_max: int, x: float, y: float) -> tuple[str, float]:
    total = max(hp_max, hp, 1)
    w = min(15.0, ROOM / total - 2)
    label = f"{name}'s HP {hp} of {hp_max}"
    body = (
        text(x, y + 11, "HP", size=11, weight="bold")
        + boxes(x + 52, y, hp, total, HP_FILL, w=w, empty=HP_EMPTY)
        + text(x + 56 + total * (w + 2), y + 11, f"{hp}/{hp_max}", size=11)
    )
    return el("g", {"class": "track hp", "data-value": hp}, title(label), body), 18


def trace_track(name: str, trace: int, top: int, x: float, y: float) -> tuple[str, float]:
    total = max(top, 1)
    w = min(15.0, ROOM / total - 2)
    over = " — over the top: it overflows (TM-TRACE-4)" if trace > top else ""
    label = f"{name}'s trace {trace} of {top}{over}"
    body = (
        text(x, y + 11, "Trace", size=11, weight="bold")
        + "".join(
            text(x + 52 + k * (w + 2) + w / 2, y + 10, k + 1, size=8, anchor="middle", fill=MUTED)
            for k in range(total)
        )
        + boxes(x + 52, y, min(trace, total), total, TRACE_FILL, w=w, empty="none")
        + text(x + 56 + total * (w + 2), y + 11, f"{trace}/{top}", size=11)
    )
    return el("g", {"class": "track trace", "data-value": trace}, title(label), body), 18


def resource_tracks(name: str, values: dict[str, int], x: float, y: float) -> tuple[str, float]:
    """The four resources, each five boxes (the cap, TM-RES-2)."""
    parts = []
    for k, (field, word, colour) in enumerate(RESOURCES):
        v = values.get(field, 0)
        ry = y + k * 17
        label = f"{name}'s {word} {v} of {CAP}"
        parts.append(
            el(
                "g",
                {"class": f"track {field}", "data-value": v},
                title(label),
                text(x, ry + 11, word, size=11),
                boxes(x + 52, ry, min(v, CAP), CAP, colour),
                text(x + 56 + CAP * 17, ry + 11, v, size=11, weight="bold"),
            )
        )
    return "".join(parts), 4 * 17
