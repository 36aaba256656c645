"""Frames a scenario puts on the agenda (``setup.next``): parsed, and the first one run once at load
on the start state (the steps are pure) so that a frame that cannot run there is refused at its
line."""

from __future__ import annotations

from typing import Any

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


def dry_run(loc: Located, game: Game, where: tuple[str | int, ...]) -> None:
    """Run the first frame the file gave once, on the start state (the steps are pure): a frame
    whose step cannot run there (missing, extra or wrong arguments) is refused at its line."""
    frame = game.state.agenda[-1]
    probe = _Probe(frame)
    probe.read, probe.whole = set(), False
    game.initial = replace(game.state, agenda=game.state.agenda[:-1] + (probe,))
    try:
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
    except IndexError as exc:
        wanted = max(probe.read, default=0)
        if wanted < len(frame):  # not a missing argument: an argument out of range
            raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: "
                            f"IndexError: {exc}") from None
        raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: step {frame[0]} "
                        f"reads argument {wanted}; the frame gives {len(frame) - 1}") from None
    except Exception as exc:
        text = str(exc).splitlines()[0][:300] if str(exc) else ""
        raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: "
                        f"{type(exc).__name__}: {text}") from None
    # a step that reads no argument at all was given some: a frame of the wrong shape (a step that
    # reads some arguments may well carry more, for other readers of the agenda)
    if not probe.whole and len(frame) > 1 and not probe.read - {0}:
        raise loc.error(where, f"the frame {show_frame(frame)} cannot run here: step {frame[0]} "
                        f"takes no arguments; the frame gives {len(frame) - 1}")
