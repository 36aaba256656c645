"""The HisouTab game state: immutable records that share their unchanged parts between steps."""

from __future__ import annotations

from hisoutab.engine.record import record
from hisoutab.games.hisoutab.kit.state import DuelState, Piece

Slot = str | int  # a spirit-gauge slot: "up", "down" (a spirit token) or a die value ≥ 1 (broken slot)
UP = "up"
DOWN = "down"
MOTIONS = ("236", "623", "214", "421")  # the special area's motion tags


@record
class Bullet:
    """A bullet token on the board (H-EFF-BUL-1); its card holds the duration die (H-EFF-BUL-2)."""

    id: str  # unique in the game: "b1", "b2", ...
    owner: int  # player index
    card: str  # the bullet card instance
    x: int
    y: int
    dx: int  # direction of travel (each of -1, 0, 1) chosen at cast
    dy: int
    side: str = ""  # the face of the card that fired it


@record
class Player(Piece):
    """One player's pieces, tokens and zones."""

    name: str
    character: str
    hp: int
    x: int
    y: int
    facing: int  # +1 faces right (towards larger x), -1 faces left
    marker: int | None  # timeline marker cell; None while removed (H-DMG-3)
    hit: int | None  # hit token cell (H-TD-1); stands for the next turn while on the board
    spirit: tuple[Slot, ...]
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    cast: str | None = None
    cast_side: str = ""  # "top" / "bottom" for a card with two effects, else ""
    trigger: str | None = None
    trigger_side: str = ""
    missed: bool = False  # the trigger card's physical attack missed: it cannot be cancelled
    aside: tuple[str, ...] = ()  # set aside: the knockdown card while not in use
    bullet_area: tuple[str, ...] = ()  # bullet cards whose bullets are on the board
    dice: tuple[tuple[str, int], ...] = ()  # (bullet card, duration die value)
    spell_deck: tuple[str, ...] = ()
    spell_seq: tuple[str, ...] = ()  # the public spell sequence, front first (at most 5)
    spell_discard: tuple[str, ...] = ()  # never shuffled back
    special: tuple[str | None, ...] = (None, None, None, None)  # special area, per MOTIONS tag
    extra: tuple[str, ...] = ()  # extra deck: upgraded specials
    removed: tuple[str, ...] = ()  # removed from the game
    hp_mark: int | None = None  # HP marked during resolution, applied by H-RES-DMG
    marker_mark: int | None = None  # marker cell marked by H-ATK-2, applied by H-RES-DMG
    marker_off: bool = False  # marker removal marked by H-DMG-3
    recovery_override: int | None = None  # recovery after a sub-action (H-KW-SUB, S-5)

    @property
    def position(self) -> int | None:
        """The cell of this player's next turn: the later of the marker and the hit token (after a
        guard both are on the board, R-27; after damage only the hit token is)."""
        if self.hit is None:
            return self.marker
        if self.marker is None or self.marker_off or self.hit >= self.marker:
            return self.hit
        return self.marker

    @property
    def spirit_available(self) -> int:
        return self.spirit.count(UP)


@record
class State(DuelState):
    """A whole game position of HisouTab 0.45.2 (the fields of :class:`DuelState`; the first player
    is chosen at H-SETUP-7, the special cells are those of R-11)."""

    players: tuple[Player, Player]
    bullets: tuple[Bullet, ...] = ()

    def player(self, i: int) -> Player:
        return self.players[i]

    def with_player(self, i: int, p: Player) -> State:
        from hisoutab.engine.record import replace

        players = (p, self.players[1]) if i == 0 else (self.players[0], p)
        return replace(self, players=players)
