"""hisoutab's mark in the files it writes, so that it may write one of them again without ``force``
while every other file stays protected.

The mark sits at one fixed place per format and carries the SHA-256 of the file's content:

========  ======================================================================================
format    the mark
========  ======================================================================================
SVG       ``<!-- written by hisoutab VERSION sha256=HEX -->`` on its own line, right after the XML
          declaration (the first line when there is none)
HTML      ``<meta name="generator" content="hisoutab sha256=HEX">`` right after ``<head>``, which
          follows ``<!DOCTYPE html>`` and the ``<html>`` tag
JSON      the top-level ``"$comment"``: ``written by hisoutab sha256=HEX``, then ``: `` and the
          comment the data had, if any (without its own ``written by hisoutab`` head); the file
          is written as indented JSON (2 spaces, UTF-8 as it is, one final newline)
DOT       the first line: ``// written by hisoutab sha256=HEX``
PNG       a ``tEXt`` chunk right after ``IHDR``: keyword ``Software``, text
          ``written by hisoutab sha256=HEX``
========  ======================================================================================

``HEX`` is the lower-case hex SHA-256 of the file's bytes with the hash field blanked: the 64
digits left out, so that the mark ends ``sha256=`` right before what follows it (``-->``, ``">``,
``:`` or ``"``, the line's end). For PNG the blanked chunk is the chunk of that shorter text, with
its own length and CRC. A file is hisoutab's own when it parses as the format of its suffix, the
mark is at its place and the hash is that of its content; a file that mentions the phrase anywhere
else, or one edited by hand since it was written, is not.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import zlib
from typing import Literal
from xml.etree import ElementTree

OwnState = Literal["own", "edited", "other"]

PHRASE = "written by hisoutab"
_HEX = rb"([0-9a-f]{64})"
_FORMATS = {".svg": "svg", ".html": "html", ".htm": "html", ".json": "json", ".dot": "dot",
            ".gv": "dot", ".png": "png"}

_XML_DECL = re.compile(rb"<\?xml[^>]*\?>\n")
_SVG_MARK = re.compile(rb"<!-- written by hisoutab(?: [0-9][0-9A-Za-z.+!-]*)? sha256=" + _HEX + rb" -->\n")
_HTML_HEAD = re.compile(rb"<!DOCTYPE html>\s*<html(?:\s[^>]*)?>\s*<head>", re.IGNORECASE)
_HTML_MARK = re.compile(rb'<meta name="generator" content="hisoutab sha256=' + _HEX + rb'">')
# a mark, or the phrase alone at the head of a comment (a mark to be)
_JSON_MARK = re.compile(r"written by hisoutab(?: sha256=(?P<hex>[0-9a-f]{64}|))?(?:: (?P<note>.*))?",
                        re.DOTALL)
_DOT_MARK = re.compile(rb"// written by hisoutab sha256=" + _HEX + rb"\n")
_DOT_HEAD = re.compile(rb"(?:\s+|//[^\n]*\n|#[^\n]*\n|/\*.*?\*/)*(?:strict\s+)?(?:di)?graph\b",
                       re.IGNORECASE | re.DOTALL)
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def format_of(suffix: str) -> str | None:
    """The marked format a file name's ``suffix`` names (``svg``, ``html``, ``json``, ``dot``,
    ``png``), or None."""
    return _FORMATS.get(suffix.lower())


@functools.cache
def _version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hisoutab")
    except PackageNotFoundError:
        return None


def _digest(blanked: bytes) -> str:
    return hashlib.sha256(blanked).hexdigest()


# --------------------------------------------------------------------------- writing the mark
def marked(data: str | bytes, suffix: str) -> str | bytes:
    """``data`` of a ``suffix`` file with the mark (see the module docstring); unchanged when the
    format has no mark or ``data`` is not of the format. Text stays text, bytes stay bytes."""
    fmt = format_of(suffix)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    blank: tuple[bytes, int] | None = None
    if fmt == "png":
        out = _mark_png(data) if isinstance(data, bytes) else None
        return data if out is None else out
    if fmt in _BLANKERS:
        blank = _BLANKERS[fmt](raw)
    if blank is None:
        return data
    text, at = blank
    out = text[:at] + _digest(text).encode("ascii") + text[at:]
    return out.decode("utf-8") if isinstance(data, str) else out


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _blank_svg(raw: bytes) -> tuple[bytes, int] | None:
    if not _utf8(raw):
        return None
    decl = _XML_DECL.match(raw)
    head = decl.end() if decl else 0
    version = _version()
    line = f"<!-- {PHRASE}{' ' + version if version else ''} sha256=".encode()
    return raw[:head] + line + b" -->\n" + raw[head:], head + len(line)


def _blank_html(raw: bytes) -> tuple[bytes, int] | None:
    head = _HTML_HEAD.match(raw)
    if head is None or not _utf8(raw):
        return None
    meta = b'<meta name="generator" content="hisoutab sha256='
    return raw[:head.end()] + meta + b'">' + raw[head.end():], head.end() + len(meta)


def _blank_json(raw: bytes) -> tuple[bytes, int] | None:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    note = data.get("$comment")
    if isinstance(note, str) and (old := _JSON_MARK.fullmatch(note)):  # marked already: mark anew
        note = old.group("note")
    comment = f"{PHRASE} sha256=" + (f": {note}" if isinstance(note, str) and note else "")
    data = data | {"$comment": comment} if "$comment" in data else {"$comment": comment} | data
    text = (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    key = f'\n  "$comment": "{PHRASE} sha256='.encode()
    return text, text.index(key) + len(key)  # a top-level key: the only one indented by 2


def _blank_dot(raw: bytes) -> tuple[bytes, int] | None:
    if _DOT_HEAD.match(raw) is None or not _utf8(raw):
        return None
    line = f"// {PHRASE} sha256=".encode()
    return line + b"\n" + raw, len(line)


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return len(payload).to_bytes(4, "big") + kind + payload + zlib.crc32(kind + payload).to_bytes(4, "big")


def _png_mark_chunk(hexdigest: str) -> bytes:
    return _chunk(b"tEXt", f"Software\x00{PHRASE} sha256={hexdigest}".encode("latin-1"))


def _mark_png(raw: bytes) -> bytes | None:
    chunks = _png_chunks(raw)
    if chunks is None:
        return None
    end = chunks[0][2]  # after IHDR
    blanked = raw[:end] + _png_mark_chunk("") + raw[end:]
    return raw[:end] + _png_mark_chunk(_digest(blanked)) + raw[end:]


def _png_chunks(raw: bytes) -> list[tuple[bytes, int, int]] | None:
    """The chunks of a well-formed PNG (kind, start, end; the CRCs right, ``IHDR`` first, ``IEND``
    last with nothing after it), or None."""
    if not raw.startswith(_PNG_SIGNATURE):
        return None
    out: list[tuple[bytes, int, int]] = []
    at = len(_PNG_SIGNATURE)
    while at < len(raw):
        if at + 12 > len(raw):
            return None
        size = int.from_bytes(raw[at:at + 4], "big")
        end = at + 12 + size
        kind = raw[at + 4:at + 8]
        if end > len(raw) or zlib.crc32(raw[at + 4:end - 4]) != int.from_bytes(raw[end - 4:end], "big"):
            return None
        out.append((kind, at, end))
        at = end
        if kind == b"IEND":
            break
    if not out or out[0][0] != b"IHDR" or out[-1][0] != b"IEND" or at != len(raw):
        return None
    return out


# --------------------------------------------------------------------------- checking a file
def check_mark(raw: bytes, suffix: str) -> OwnState:
    """Whether ``raw``, the content of a ``suffix`` file, is hisoutab's own as it wrote it
    (``"own"``), carries the mark at its place but was changed since (``"edited"``), or neither."""
    fmt = format_of(suffix)
    found: tuple[str, bytes] | None = None
    if fmt in _FINDERS:
        found = _FINDERS[fmt](raw)
    if found is None:
        return "other"
    hexdigest, blanked = found
    return "own" if _digest(blanked) == hexdigest else "edited"


def _find_text(raw: bytes, at: int | None, pattern: re.Pattern[bytes]) -> tuple[str, bytes] | None:
    """The hash of a mark ``pattern`` found right at ``at``, and ``raw`` with it blanked."""
    if at is None or not _utf8(raw):
        return None
    found = pattern.match(raw, at)
    if found is None:
        return None
    return found.group(1).decode("ascii"), raw[:found.start(1)] + raw[found.end(1):]


def _find_svg(raw: bytes) -> tuple[str, bytes] | None:
    decl = _XML_DECL.match(raw)
    found = _find_text(raw, decl.end() if decl else 0, _SVG_MARK)
    if found is None:
        return None
    try:
        root = ElementTree.fromstring(raw)
    except ElementTree.ParseError:
        return None
    return found if root.tag.rpartition("}")[2] == "svg" else None


def _find_html(raw: bytes) -> tuple[str, bytes] | None:
    head = _HTML_HEAD.match(raw)
    return _find_text(raw, head.end() if head else None, _HTML_MARK)


def _find_json(raw: bytes) -> tuple[str, bytes] | None:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    comment = data.get("$comment") if isinstance(data, dict) else None
    found = _JSON_MARK.fullmatch(comment) if isinstance(comment, str) else None
    if found is None or not found.group("hex"):
        return None
    hexdigest = found.group("hex")
    digits = hexdigest.encode("ascii")
    if raw.count(digits) != 1:  # the digits elsewhere too: which ones to blank is unsure, not its own
        return hexdigest, b""
    return hexdigest, raw.replace(digits, b"", 1)


def _find_dot(raw: bytes) -> tuple[str, bytes] | None:
    found = _find_text(raw, 0, _DOT_MARK)
    if found is None or _DOT_HEAD.match(raw, raw.index(b"\n") + 1) is None:
        return None
    return found


def _find_png(raw: bytes) -> tuple[str, bytes] | None:
    chunks = _png_chunks(raw)
    if chunks is None or len(chunks) < 3 or chunks[1][0] != b"tEXt":
        return None
    _, start, end = chunks[1]
    found = re.fullmatch(b"Software\x00" + PHRASE.encode() + b" sha256=" + _HEX, raw[start + 8:end - 4])
    if found is None:
        return None
    return found.group(1).decode("ascii"), raw[:start] + _png_mark_chunk("") + raw[end:]


#: per format: the content with the mark's hash left out, and where the mark is (text formats; PNG
#: is marked and found by its chunks)
_BLANKERS = {"svg": _blank_svg, "html": _blank_html, "json": _blank_json, "dot": _blank_dot}
_FINDERS = {"svg": _find_svg, "html": _find_html, "json": _find_json, "dot": _find_dot,
            "png": _find_png}
