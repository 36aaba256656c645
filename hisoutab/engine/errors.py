"""Errors with one clear message each: what went wrong, where, and what was expected."""

from __future__ import annotations

MAX_MESSAGE = 1000  # characters of a message's own text (the file, line and field come on top)


class HisoutabError(Exception):
    """Base of every error the library raises on purpose."""


class IllegalChoice(HisoutabError):
    """A choice that is not one of the pending decision's options. Nothing was changed."""

    def __init__(self, message: str, legal: tuple[str, ...] = ()) -> None:
        self.legal = legal
        if legal:
            message += "; legal options: " + ", ".join(repr(label) for label in legal)
        super().__init__(message)


class NoDecision(HisoutabError):
    """A choice was given but the game is not waiting for one."""


class InputError(HisoutabError):
    """Bad input in a file or an argument: names the file, line and field, and what was expected."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        if len(message) > MAX_MESSAGE:  # a 10 MB bad value makes no 10 MB message
            message = message[: MAX_MESSAGE - 1] + "…"
        self.file = file
        self.line = line
        self.field = field
        self.detail = message
        where = ""
        if file:
            where = file
            if line is not None:
                where += f":{line}"
            where += ": "
        if field:
            where += f"{field}: "
        super().__init__(where + message)


class OptionError(InputError):
    """An unknown rule option or a bad value for one."""


class ScriptError(HisoutabError):
    """A scripted agent met a decision its script does not answer, or a line that matches none."""
