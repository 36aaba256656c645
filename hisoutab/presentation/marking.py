"""The mark hisoutab leaves in the pictures and graphs it writes, so that writing one again over
its own earlier output needs no ``--force`` while any other file stays protected."""

from __future__ import annotations

import zlib

from hisoutab.engine.files import MARK

_TEXT = MARK.decode()


def mark(data: str | bytes, suffix: str) -> str | bytes:
    """``data`` of a ``suffix`` file (``.svg``, ``.html``, ``.dot``/``.gv``, ``.png``) with the mark
    in a comment, a meta tag or a PNG text chunk; other formats unchanged."""
    suffix = suffix.lower()
    if isinstance(data, bytes) and suffix == ".png" and data.startswith(b"\x89PNG\r\n\x1a\n"):
        end = 8 + 12 + int.from_bytes(data[8:12], "big")  # after the IHDR chunk
        payload = b"Software\x00" + MARK
        chunk = (len(payload).to_bytes(4, "big") + b"tEXt" + payload
                 + zlib.crc32(b"tEXt" + payload).to_bytes(4, "big"))
        return data[:end] + chunk + data[end:]
    if suffix in (".dot", ".gv"):
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        return f"// {_TEXT}\n{text}"
    if suffix == ".svg":
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        head, sep, rest = text.partition("?>\n") if text.startswith("<?xml") else ("", "", text)
        out = f"{head}{sep}<!-- {_TEXT} -->\n{rest}"
        return out.encode("utf-8") if isinstance(data, bytes) else out
    if suffix in (".html", ".htm") and isinstance(data, str):
        return data.replace("<head>", f'<head><meta name="generator" content="{_TEXT}">', 1)
    return data
