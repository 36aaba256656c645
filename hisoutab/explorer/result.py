"""What a search found: the tree of positions and moves, the verdict, the lines and the escapes."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hisoutab.engine.chance import Forced
from hisoutab.engine.record import stable_hash

#: the kinds of node: a decision to search, the goal met or broken, the game over, the depth reached
NODE_KINDS = ("decision", "start", "goal", "failed", "over", "depth")


@dataclass(frozen=True)
class StepDone:
    """One step a move ran: its name, the clauses it applied, its sentence."""

    name: str
    clauses: tuple[str, ...]
    sentence: str
    choice: dict[str, str] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.name, "clauses": list(self.clauses), "sentence": self.sentence,
                "choice": self.choice}


@dataclass(frozen=True)
class Draw:
    """A chance outcome a move forced (chance averaged): taken by the draw of the move's
    ``offset``-th step (0: the step the choice runs)."""

    offset: int
    kind: str
    value: Any
    player: str | None
    what: str | None

    def describe(self) -> str:
        who = f" ({self.player})" if self.player else ""
        first = "first " if self.kind == "shuffle" else ""
        return f"{self.what or self.kind}{who} = {first}{self.value}"

    def forced(self) -> Forced:
        """The outcome as the engine forces it (a shuffle: this item first, the rest shuffled)."""
        value = (self.value,) if self.kind == "shuffle" else self.value
        return Forced(self.kind, value, player=self.player, what=self.what)

    def to_dict(self) -> dict[str, Any]:
        return {"offset": self.offset, "kind": self.kind, "value": self.value, "player": self.player,
                "what": self.what}


@dataclass(eq=False)
class Move:
    """An edge: a choice (None: no decision, the steps before the first one), the chance outcomes
    it was played with, its probability among the outcomes of that choice, the steps it ran, and
    the position it led to."""

    choice: dict[str, str] | None
    draws: tuple[Draw, ...]
    probability: Fraction
    steps: tuple[StepDone, ...]
    child: Node

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clauses its steps applied, each once, in order."""
        return tuple(dict.fromkeys(c for s in self.steps for c in s.clauses))

    def words(self, skip: tuple[str, ...] = ()) -> str:
        """The choice and the chance outcomes in words (leaving out the players in ``skip``)."""
        choice = ", ".join(f"{p}: {label}" for p, label in self.choice.items()
                           if p not in skip) if self.choice else "—"
        return choice + "".join(f"; {d.describe()}" for d in self.draws)

    def to_dict(self) -> dict[str, Any]:
        return {"choice": self.choice, "draws": [d.to_dict() for d in self.draws],
                "probability": str(self.probability), "clauses": list(self.clauses),
                "steps": [s.to_dict() for s in self.steps], "to": self.child.id}


@dataclass(eq=False)
class Node:
    """A position of the search: a decision (or the end of the search there), its value for the
    goal's side — the probability that side reaches its goal against the best answers (1: forced) —
    and whether any line through it reaches the goal (``possible``)."""

    state: Any
    kind: str
    left: int  # decisions left to search from here
    players: tuple[str, ...] = ()
    decision_kind: str = ""
    clauses: tuple[str, ...] = ()
    side: tuple[str, ...] = ()  # the deciding players on the goal's side
    value: Fraction = Fraction(0)
    possible: bool = False
    moves: list[Move] = field(default_factory=list)
    _id: str = ""

    @property
    def id(self) -> str:
        """The position's short stable hash (the first 12 hex digits of :func:`stable_hash`)."""
        if not self._id:
            self._id = stable_hash(self.state)[:12]
        return self._id

    @property
    def answers(self) -> tuple[str, ...]:
        """The deciding players who answer (not on the goal's side)."""
        return tuple(p for p in self.players if p not in self.side)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "left": self.left, "players": list(self.players),
                "decision": self.decision_kind, "clauses": list(self.clauses), "side": list(self.side),
                "value": str(self.value), "possible": self.possible,
                "moves": [m.to_dict() for m in self.moves]}


def choice_key(move: Move, players: tuple[str, ...]) -> tuple[str, ...]:
    return tuple((move.choice or {}).get(p, "") for p in players)


def split(node: Node) -> dict[tuple[str, ...], dict[tuple[str, ...], list[Move]]]:
    """The node's moves by the goal side's part of the choice, then by the answering part."""
    out: dict[tuple[str, ...], dict[tuple[str, ...], list[Move]]] = {}
    for m in node.moves:
        out.setdefault(choice_key(m, node.side), {}).setdefault(choice_key(m, node.answers), []).append(m)
    return out


def expected(moves: list[Move]) -> Fraction:
    return sum((m.probability * m.child.value for m in moves), Fraction(0))


def best_part(node: Node) -> tuple[str, ...] | None:
    """The goal side's best part of the choice at ``node`` (the first of the best), or None."""
    parts = split(node)
    if not parts:
        return None
    return max(parts, key=lambda k: (min(expected(ms) for ms in parts[k].values()),
                                     any(m.child.possible for ms in parts[k].values() for m in ms)))


@dataclass(eq=False)
class Exploration:
    """A finished search: the goal, for whom, the depth, how chance was taken, the tree and the
    figures (positions searched, transpositions merged)."""

    goal: str
    side: tuple[str, ...]
    depth: int
    chance: str  # "averaged" | "forced"
    root: Node
    positions: int
    merged: int
    players: tuple[str, ...]
    ruleset: str
    safety: bool = False  # a goal "PLAYER avoids …": met by the lines that never break it

    @property
    def verdict(self) -> str:
        """``forced`` (the side reaches the goal whatever the answers and chance), ``possible`` (some
        line reaches it: with probability :attr:`probability` against the best answers) or
        ``impossible`` (no line within the depth)."""
        if self.root.value == 1:
            return "forced"
        return "possible" if self.root.possible else "impossible"

    @property
    def probability(self) -> Fraction:
        return self.root.value

    def nodes(self) -> list[Node]:
        """Every position once (transpositions are one node), in the order first reached."""
        seen: dict[int, Node] = {}
        todo = [self.root]
        while todo:
            n = todo.pop(0)
            if id(n) in seen:
                continue
            seen[id(n)] = n
            todo.extend(m.child for m in n.moves)
        return list(seen.values())

    def lines(self, limit: int = 50) -> list[list[Move]]:
        """The lines found: from the start to each position where the goal is met (for ``avoids``:
        each line that reaches the depth or the end without breaking it); when the goal is forced,
        only the lines of the winning strategy (the side's best choice, every answer)."""
        good = ("depth", "over") if self.safety else ("goal",)
        out: list[list[Move]] = []

        def walk(node: Node, path: list[Move]) -> None:
            if len(out) >= limit:
                return
            if node.kind in good and (not self.safety or node.value == 1):
                out.append(path)
                return
            moves = node.moves
            if self.root.value == 1 and node.side:
                best = best_part(node)
                moves = [m for m in moves if choice_key(m, node.side) == best]
            for m in moves:
                if m.child.possible or m.child.value > 0:
                    walk(m.child, [*path, m])

        walk(self.root, [])
        return out

    def escapes(self) -> list[tuple[list[Move], Fraction]]:
        """The answers that keep the goal from being forced: along the side's best play, each
        answer after which the side's chance falls below 1, with that chance (0: a full escape)."""
        out: list[tuple[list[Move], Fraction]] = []

        def walk(node: Node, path: list[Move]) -> None:
            if node.value == 1 or not node.moves:
                return
            parts = split(node)
            best = best_part(node) if node.side else ()
            for ms in parts.get(best or (), {}).values():
                chance = expected(ms)
                if node.answers and chance < 1:
                    out.append(([*path, ms[0]], chance))
                elif chance < 1:
                    for m in ms:
                        walk(m.child, [*path, m])

        walk(self.root, [])
        return out

    def to_dict(self) -> dict[str, Any]:
        nodes = self.nodes()
        return {
            "ruleset": self.ruleset, "goal": self.goal, "for": list(self.side), "depth": self.depth,
            "chance": self.chance, "verdict": self.verdict, "probability": str(self.probability),
            "positions": self.positions, "merged": self.merged, "root": self.root.id,
            "lines": [[line_entry(m) for m in line] for line in self.lines()],
            "escapes": [{"line": [line_entry(m) for m in line], "probability": str(p)}
                        for line, p in self.escapes()],
            "nodes": [n.to_dict() for n in nodes],
        }


def line_entry(m: Move) -> dict[str, Any]:
    return {"choice": m.choice, "draws": [d.to_dict() for d in m.draws], "clauses": list(m.clauses),
            "to": m.child.id}
