"""Frames a scenario puts on the agenda (``setup.next``, ``setup.state.agenda``): parsed, and each
one run once at load (the steps are pure) so that a frame that cannot run is refused at its line:
the top frame on the start state, each frame below it on the state the frames above it leave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from hisoutab.engine.agents import FirstLegalAgent
from hisoutab.engine.game import Game
from hisoutab.engine.record import replace
from hisoutab.engine.yamlio import Located


def apply_next(loc: Located, rs: Any, state: Any, value: Any, has_agenda: bool) -> Any:
    """The state with the agenda ``setup.next`` says (``turn``, ``keep``, a step, frames)."""
    if has_agenda:
        raise loc.error(("setup", "next"), "give either next or state.agenda, not both")
    steps = rs.flow.steps
    if value == "keep":
        return state
    if value == "turn":
        if "timeline.advance" not in steps:
            raise loc.error(("setup", "next"), f"ruleset {rs.id} has no step timeline.advance; give "
                            "the frames as a list")
        return replace(state, agenda=(("timeline.advance",),))
    if isinstance(value, str):
        if value not in steps:
            raise loc.error(("setup", "next"), f"{value!r}: expected turn, keep, a step name or a "
                            "list of frames; known steps: " + ", ".join(sorted(steps)))
        return replace(state, agenda=((value,),))
    if isinstance(value, list):
        frames = []
        for k, f in enumerate(value):
            f = f if isinstance(f, list) else [f]
            if not f or not isinstance(f[0], str) or f[0] not in steps:
                raise loc.error(("setup", "next", k), f"unknown step {f[0] if f else f!r}; known "
                                "steps: " + ", ".join(sorted(steps)))
            frames.append(tuple(_frozen(x) for x in f))
        return replace(state, agenda=tuple(reversed(frames)))
    raise loc.error(("setup", "next"), f"{value!r}: expected turn, keep, a step name or a list of "
                    "frames")


def _frozen(value: Any) -> Any:
    return tuple(_frozen(x) for x in value) if isinstance(value, list) else value


def show_frame(frame: tuple[Any, ...]) -> str:
    return "[" + ", ".join(str(x) for x in frame) + "]"


class _Probe(tuple[Any, ...]):
    """A frame that notes which of its items the step reads."""

    read: set[int]
    whole: bool

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, int):
            self.read.add(key if key >= 0 else len(self) + key)
        else:
            self.whole = True
        return tuple.__getitem__(self, key)

    def __iter__(self) -> Any:
        self.whole = True
        return tuple.__iter__(self)

    def __len__(self) -> int:
        self.whole = True
        return tuple.__len__(self)


def dry_run_all(loc: Located, game_at: Callable[[Any], Game], state: Any,
                given: list[tuple[str | int, ...]]) -> None:
    """Dry-run each frame the file gave (``given``: their paths, bottom first): the top one on the
    start state; each one below it on the state it meets, reached by playing the frames above it
    (the first legal option at each decision). A frame the play does not reach (the game ends, or
    a frame above it fails: that one is reported when the scenario runs) is not tried."""
    agenda = state.agenda
    n = min(len(given), len(agenda))
    if not n:
        return
    dry_run(loc, game_at(state), given[n - 1])
    game = game_at(state)
    agent = FirstLegalAgent()
    for j in range(n - 2, -1, -1):
        if not _reach(game, agent, j + 1):
            return
        here = game.state
        if len(here.agenda) != j + 1 or here.agenda[-1] != agenda[j]:
            return
        dry_run(loc, game_at(here), given[j])


def _reach(game: Game, agent: FirstLegalAgent, depth: int) -> bool:
    """Play on until the agenda is ``depth`` frames deep (its frame ``depth - 1`` on top); False
    when the play does not get there (the game ends, it takes too long, or a frame above fails:
    the run reports that one, at its line)."""
    try:
        for _ in range(REACH_STEPS):
            if len(game.state.agenda) <= depth:
                return len(game.state.agenda) == depth
            _play_one(game, agent)
    except Exception:
        return False
    return False


#: how many steps the play from the start state may take to reach a frame below the top
REACH_STEPS = 2000


def _play_one(game: Game, agent: FirstLegalAgent) -> None:
    d = game.pending
    if d is None:
        game.step()
        return
    chosen = {p: agent.choose(game.state, d, p) for p in d.players}
    game.choose(chosen if d.joint else chosen[d.players[0]])


def dry_run(loc: Located, game: Game, where: tuple[str | int, ...]) -> None:
    """Run the frame on top of the game's agenda once (the steps are pure): a frame whose step
    cannot run there (missing, extra or wrong arguments) is refused at its line."""
    frame = game.state.agenda[-1]
    probe = _Probe(frame)
    probe.read, probe.whole = set(), False
    game.initial = replace(game.state, agenda=game.state.agenda[:-1] + (probe,))
    try:
        _run_once(game)
    except Exception as exc:
        _refuse(loc, where, frame, probe, exc)
    # a step that reads no argument at all was given some: a frame of the wrong shape (a step that
    # reads some arguments may well carry more, for other readers of the agenda)
    if not probe.whole and len(frame) > 1 and not probe.read - {0}:
        raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: step {frame[0]} "
                        f"takes no arguments; the frame gives {len(frame) - 1}")


def _run_once(game: Game) -> None:
    d = game.pending
    if d is None:
        game.step()
    else:
        labels = {p: d.labels(p) for p in d.players}
        empty = [p for p, ls in labels.items() if not ls]
        if empty:
            raise ValueError(f"{empty[0]} would have to choose among no options")
        game.choose({p: ls[0] for p, ls in labels.items()} if d.joint
                    else labels[d.players[0]][0])


def _refuse(loc: Located, where: tuple[str | int, ...], frame: tuple[Any, ...], probe: _Probe,
            exc: Exception) -> NoReturn:
    if isinstance(exc, IndexError):
        wanted = max(probe.read, default=0)
        if wanted < len(frame):  # not a missing argument: an argument out of range
            raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: "
                            f"IndexError: {exc}") from None
        raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: step {frame[0]} "
                        f"reads argument {wanted}; the frame gives {len(frame) - 1}") from None
    text = str(exc).splitlines()[0][:300] if str(exc) else ""
    raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: "
                    f"{type(exc).__name__}: {text}") from None
