"""One player's board: the header (seat, class, the starting player), the launcher with the core
data chip, the bag and storage, the tracks, the cyberbodies, mods and learning protocol, and the
enemy row with the number die on the card it lies on (TM-CMB-2)."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, MUTED, el, player_color, player_light, text, title

from . import cards, facts, tracks
from .cardbox import Card, card_box, card_flow, section
from .chips import chip_row, draw_chip
from .launcher import draw_launcher

WIDTH = 610
CELL = 40


def draw_board(
    ctx: Any, state: Any, seat: int, x: float, y: float, *, prefix: str, lit: frozenset[str], designer: bool
) -> tuple[str, float]:
    """The board of ``state.players[seat]`` at (x, y), :data:`WIDTH` wide; the drawing and its height."""
    p = state.players[seat]
    parts = [_header(ctx, state, seat, x, y)]
    top = y + 32
    grid, gw, gh = draw_launcher(ctx, p, x + 12, top + 14, CELL, prefix=prefix, lit=lit)
    parts += [section(x + 12, top, "launcher"), grid]
    holder = state.players[0].name if facts.shared_bag(ctx) else None
    left_h = _chips_column(
        ctx, p, x + 12, top + 20 + gh, gw, lit=lit, designer=designer, parts=parts, holder=holder
    )
    mid_h = _tracks(ctx, p, x + 196, top, parts)
    right_h = _cards_column(ctx, p, x + 430, top, WIDTH - 440, lit=lit, parts=parts)
    row_y = top + max(left_h + gh + 20, mid_h, right_h) + 8
    enemy_svg, eh = _enemy_row(ctx, state, p, x + 12, row_y, WIDTH - 24, lit=lit)
    parts.append(enemy_svg)
    height = row_y + eh + 10 - y
    frame = el(
        "rect",
        {
            "x": x,
            "y": y,
            "width": WIDTH,
            "height": height,
            "rx": 8,
            "fill": "#ffffff",
            "stroke": HIGHLIGHT if p.name in lit else player_color(seat),
            "stroke-width": 3 if p.name in lit else 2,
        },
    )
    return el("g", {"class": "board", "data-player": p.name}, frame, *parts), height


def _header(ctx: Any, state: Any, seat: int, x: float, y: float) -> str:
    p = state.players[seat]
    body = facts.name(ctx, p.bodies[0], "bodies") if p.bodies and p.bodies[0] != "?" else "no cyberbody"
    klass = facts.class_name(ctx, p.class_id)
    head = " · ".join(s for s in (p.name, klass, body) if s)
    parts = [
        el("rect", {"x": x, "y": y, "width": WIDTH, "height": 26, "rx": 8, "fill": player_light(seat)}),
        text(x + 12, y + 18, head, size=14, weight="bold", fill=player_color(seat)),
    ]
    tags = []
    if state.starting == seat:
        tags.append(("starting player", "#fff2b3", "the starting player (TM-CLN-3)"))
    if state.combat is not None and state.combat.player == p.name:
        tags.append(("in combat", "#ffd6d6", "this player's combat is under way (TM-CMB-0)"))
    if p.points:
        tags.append((f"{p.points} programming points", "#e6f2ff", "programming points left (TM-PROG-1)"))
    tx = x + WIDTH - 8
    for label, fill, words in tags:
        w = 8 + len(label) * 6.2
        tx -= w + 4
        parts.append(
            el(
                "g",
                {"class": "tag"},
                title(words),
                el(
                    "rect",
                    {
                        "x": tx,
                        "y": y + 5,
                        "width": w,
                        "height": 16,
                        "rx": 8,
                        "fill": fill,
                        "stroke": "#999999",
                    },
                ),
                text(tx + w / 2, y + 17, label, size=10, anchor="middle"),
            )
        )
    return "".join(parts)


def _chips_column(
    ctx: Any, p: Any, x: float, y: float, width: float, *, lit: frozenset[str], designer: bool,
    parts: list[str], holder: str | None = None,
) -> float:
    """The core data chip, the bag (its chips only for the designer) and the storage area; with one
    bag and storage for all (A-7 Reading 2, ``holder`` the seat that holds them) they are drawn once,
    on the holder's board, and the other boards say where they are."""
    parts.append(section(x, y, "core data chip"))
    if p.core:
        parts.append(
            draw_chip(
                p.core,
                x + 96,
                y - 6,
                20,
                core=p.core,
                words=facts.core_words(ctx, p.core),
            )
        )
    y += 20
    if holder is not None and holder != p.name:
        parts.append(section(x, y, "bag and storage", f"shared, on {holder}'s board"))
        return 36
    whose = "shared bag" if holder else "bag"
    core = "" if holder else p.core  # the shared chips are no one player's: no core-colour ring
    shown = designer and all(c != "?" for c in p.bag)
    parts.append(section(x, y, whose, f"{len(p.bag)} chips" + ("" if shown else ", unseen")))
    h = 16.0
    if shown and p.bag:
        drawn, ch = chip_row(
            tuple(sorted(p.bag)), x, y + 14, width, 18, core=core, lit=lit, where="in the bag"
        )
        parts.append(drawn)
        h += ch
    parts.append(section(x, y + h, "shared storage" if holder else "storage", str(len(p.storage))))
    drawn, sh = chip_row(p.storage, x, y + h + 14, width, 18, core=core, lit=lit, where="in storage")
    parts.append(drawn)
    return 20 + h + 16 + sh


def _tracks(ctx: Any, p: Any, x: float, y: float, parts: list[str]) -> float:
    hp, h1 = tracks.hp_track(p.name, p.hp, p.hp_max, x, y)
    tr, h2 = tracks.trace_track(p.name, p.trace, facts.trace_top(ctx), x, y + h1 + 6)
    res, h3 = tracks.resource_tracks(
        p.name, {r: getattr(p, r) for r in ("shield", "memory", "power", "reroll")}, x, y + h1 + h2 + 14
    )
    yy = y + h1 + h2 + h3 + 18
    xp = el(
        "g",
        {"class": "track xp", "data-value": p.xp},
        title(f"{p.name}'s XP {p.xp}"),
        text(x, yy + 11, "XP", size=11, weight="bold"),
        text(x + 52, yy + 11, p.xp, size=13, weight="bold"),
    )
    parts += [hp, tr, res, xp]
    if p.check:
        faces = " ".join(str(d.face) for d in p.check)
        parts.append(text(x, yy + 30, f"trace check dice: {faces}", size=10, fill=MUTED))
        return yy + 36 - y
    return yy + 18 - y


def _cards_column(
    ctx: Any, p: Any, x: float, y: float, width: float, *, lit: frozenset[str], parts: list[str]
) -> float:
    """Bodies (the active one first), the Passer-by, mods held and equipped, the protocol."""
    groups: list[tuple[str, list[Card]]] = []
    bodies = [
        Card(
            b,
            facts.name(ctx, b, "bodies") + (" ▶" if k == 0 else ""),
            cards.body_words(ctx, b, active=k == 0),
            cards.BODY_FILL,
        )
        for k, b in enumerate(p.bodies)
    ]
    if p.passer_by:
        bodies.append(
            Card(
                p.passer_by,
                "Passer-by (not in use)",
                f"the Passer-by ({p.passer_by}), not in use (TM-RESET-1.1)",
                cards.BODY_FILL,
                dashed=True,
            )
        )
    groups.append((f"cyberbodies · {len(p.bodies)} of 2", bodies))
    groups.append((f"equipped · {len(p.equipped)}", _mods(ctx, p.equipped, equipped=True)))
    groups.append((f"mods held · {len(p.mods)}", _mods(ctx, p.mods, equipped=False)))
    groups.append((f"class deck · {len(p.class_deck)}", []))
    if p.protocol:
        n = cards.protocol_stages(ctx, p.protocol)
        stage = f" {p.stage}/{n}" if n else f" stage {p.stage}"
        groups.append(
            (
                "learning protocol",
                [
                    Card(
                        p.protocol,
                        facts.name(ctx, p.protocol, "protocols") + stage,
                        cards.protocol_words(ctx, p.protocol, p.stage),
                        cards.PROTO_FILL,
                    )
                ],
            )
        )
    yy = y
    for label, items in groups:
        parts.append(text(x, yy + 10, label, size=10, weight="bold", fill=MUTED))
        yy += 14
        if items:
            drawn, h = card_flow(items, x, yy, width, lit=lit)
            parts.append(drawn)
            yy += h + 4
    return yy - y


def _mods(ctx: Any, held: tuple[str, ...], *, equipped: bool) -> list[Card]:
    """Mod cards: a gang mod (nobody's) and a class mod (its player's) told apart by fill; a held
    one dashed."""
    return [Card(m, facts.name(ctx, m, "class_mods", "gang_mods"), cards.mod_words(ctx, m, equipped=equipped),
                 cards.GANG_FILL if "/" not in m else cards.MOD_FILL, dashed=not equipped) for m in held]


def _enemy_row(
    ctx: Any, state: Any, p: Any, x: float, y: float, width: float, *, lit: frozenset[str]
) -> tuple[str, float]:
    """The enemy row, the primary enemy at the far right (TM-ENEMY-1); the number die on its card."""
    combat = state.combat if state.combat is not None and state.combat.player == p.name else None
    parts = [section(x, y, "enemy row", f"{len(p.enemies)} — the primary enemy at the right (TM-ENEMY-1)")]
    if not p.enemies:
        parts.append(text(x, y + 30, "no enemy cards", size=10, fill=MUTED))
        return "".join(parts), 40
    n = len(p.enemies)
    w = min(136.0, (width - 4 * (n - 1)) / n)
    for k, foe in enumerate(p.enemies):
        cx = x + width - (k + 1) * w - k * 4
        hp = cards.enemy_hp(ctx, foe.card)
        sub = f"damage {foe.damage}" + (f" of {hp}" if hp is not None else "")
        label = facts.name(ctx, foe.card, "enemies") + (" · primary" if k == 0 else "")
        card = Card(
            foe.card,
            label,
            cards.enemy_words(ctx, foe.card, foe.damage, primary=k == 0),
            cards.ENEMY_FILL,
            "#b03a2e",
        )
        parts.append(card_box(card, cx, y + 16, w, 48, lit=foe.card in lit, sub=sub))
        if combat is not None and combat.at == k and combat.number is not None:
            parts.append(_number_die(ctx, combat, cx + w - 12, y + 10))
    options = getattr(ctx, "options", None)
    if options is not None and options["a21.place"] == "middle":
        parts.append(_middle_mark(x + width - (n + 1) // 2 * (w + 4) + 2, y + 16))
    return "".join(parts), 70


def _middle_mark(x: float, y: float) -> str:
    """A-21 Reading 2: where the next card the trace check draws goes in, underneath in the middle
    of the row (下面中): a dashed line in the gap between two cards, a small triangle under it."""
    return el(
        "g",
        {"class": "middle-mark"},
        title("a card the trace check draws goes in here, underneath in the middle of the row "
              "(A-21, TM-TRACE-3)"),
        el("line", {"x1": x, "y1": y, "x2": x, "y2": y + 48, "stroke": "#b03a2e", "stroke-width": 2,
                    "stroke-dasharray": "4 3"}),
        el("path", {"d": f"M {x - 5} {y + 54} L {x + 5} {y + 54} L {x} {y + 48} Z", "fill": "#b03a2e"}),
    )


def _number_die(ctx: Any, combat: Any, x: float, y: float) -> str:
    value = facts.number_value(ctx, combat.number.face)
    skip = (
        " — its card left the row, so it moved on (TM-CMB-3.6)" if getattr(combat, "skipped", False) else ""
    )
    return el(
        "g",
        {"class": "number-die"},
        title(f"the enemy number die ({value}): this card attacks next (TM-CMB-2, TM-CMB-3.2){skip}"),
        el("rect", {"x": x, "y": y, "width": 18, "height": 18, "rx": 3, "fill": "#222222"}),
        text(x + 9, y + 13, value, size=12, anchor="middle", weight="bold", fill="#ffffff"),
    )
