"""hisoutab's mark: exact, at one fixed place per format, with the hash of the content it wrote.

A file is hisoutab's own (replaceable without --force) only when it parses as its format, carries the
mark at its place and the mark's hash is that of its content with the hash field blanked; a file that
merely mentions the phrase, an old mark without a hash, or an own file edited by hand is not.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from pathlib import Path

import pytest

from hisoutab import InputError
from hisoutab.engine import filemarks
from hisoutab.engine.files import check_target, mark, own_file_state, write_file, written_by_hisoutab
from hisoutab.engine.schemas import schema_text

SVG = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><text>é</text></svg>\n'
HTML = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>t</title></head>\n'
        "<body><p>a page</p></body></html>\n")
DOT = "// a graph\ndigraph {\n  a -> b\n}\n"
JSON = json.dumps({"$schema": "http://json-schema.org/draft-07/schema#", "$comment": "do not edit it",
                   "type": "object"}, indent=2) + "\n"


def png() -> bytes:
    def chunk(kind: bytes, payload: bytes) -> bytes:
        crc = zlib.crc32(kind + payload).to_bytes(4, "big")
        return len(payload).to_bytes(4, "big") + kind + payload + crc

    ihdr = (1).to_bytes(4, "big") + (1).to_bytes(4, "big") + bytes([8, 0, 0, 0, 0])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00\x00"))
            + chunk(b"IEND", b""))


SAMPLES: dict[str, str | bytes] = {".svg": SVG, ".html": HTML, ".dot": DOT, ".json": JSON, ".png": png()}
#: the fixed place of each mark, as the start of the file
HEX = rb"([0-9a-f]{64})"
PLACES = {
    ".svg": rb'<\?xml version="1.0" encoding="UTF-8"\?>\n<!-- written by hisoutab (?:\S+ )?sha256=' + HEX
            + rb" -->\n<svg",
    ".html": rb'<!DOCTYPE html>\n<html lang="en"><head><meta name="generator" content="hisoutab sha256=' + HEX
             + rb'"><meta charset',
    ".dot": rb"// written by hisoutab sha256=" + HEX + rb"\n// a graph\n",
    ".json": rb'\{\n  "\$schema": "[^"]+",\n  "\$comment": "written by hisoutab sha256=' + HEX
             + rb': do not edit it",\n',
    ".png": rb"\x89PNG\r\n\x1a\n.{25}.{4}tEXtSoftware\x00written by hisoutab sha256=" + HEX,
}


def raw(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def marked_file(tmp_path: Path, suffix: str) -> Path:
    f = tmp_path / f"out{suffix}"
    f.write_bytes(raw(mark(SAMPLES[suffix], suffix)))
    return f


@pytest.mark.parametrize("suffix", sorted(SAMPLES))
def test_the_mark_sits_at_its_fixed_place_and_the_file_is_hisoutabs_own(tmp_path: Path, suffix: str) -> None:
    f = marked_file(tmp_path, suffix)
    assert re.match(PLACES[suffix], f.read_bytes(), re.DOTALL)
    assert written_by_hisoutab(f) and own_file_state(f) == "own"
    assert check_target(f, replaceable=True) == f
    again = mark(SAMPLES[suffix], suffix)
    assert type(again) is type(SAMPLES[suffix])
    assert raw(again) == f.read_bytes()  # the same content, the same mark


@pytest.mark.parametrize("suffix", sorted(SAMPLES))
def test_the_hash_is_that_of_the_content_with_the_hash_field_blanked(tmp_path: Path, suffix: str) -> None:
    data = marked_file(tmp_path, suffix).read_bytes()
    found = re.match(PLACES[suffix], data, re.DOTALL)
    assert found
    digest = found.group(1)
    blanked = data.replace(digest, b"", 1)
    if suffix == ".png":  # the chunk of the shorter text, its length and CRC its own
        text = b"Software\x00written by hisoutab sha256="
        old = b"Software\x00written by hisoutab sha256=" + digest
        start = data.index(old) - 8
        blanked = (data[:start] + len(text).to_bytes(4, "big") + b"tEXt" + text
                   + zlib.crc32(b"tEXt" + text).to_bytes(4, "big") + data[start + 12 + len(old):])
    assert hashlib.sha256(blanked).hexdigest() == digest.decode()


#: edits by hand that keep the file of its format: near its start, in its middle, at its end
EDITS = {
    ".svg": {"start": ("<svg ", '<svg id="x" '), "middle": ("é", "e"),
             "end": ("</svg>\n", "</svg>\n<!-- mine -->\n")},
    ".html": {"start": ("<title>t", "<title>T"), "middle": ("a page", "my page"),
              "end": ("</html>\n", "</html>\n<!-- mine -->\n")},
    ".dot": {"start": ("// a graph", "// my graph"), "middle": ("a -> b", "a -> c"),
             "end": ("}\n", "}\n// end\n")},
    ".json": {"start": ("{\n", "{ \n"), "middle": ('"object"', '"array"'), "end": ("}\n", "}\n\n")},
}


@pytest.mark.parametrize("suffix", sorted(SAMPLES))
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_an_own_file_edited_by_hand_is_not_own_any_more(tmp_path: Path, suffix: str, where: str) -> None:
    f = marked_file(tmp_path, suffix)
    data = bytearray(f.read_bytes())
    if suffix == ".png":  # an edit keeps the chunks well formed: the IDAT's data, its CRC fixed
        at = data.index(b"IDAT")
        size = int.from_bytes(data[at - 4:at], "big")
        data[at + 4] ^= 1
        data[at + 4 + size:at + 8 + size] = zlib.crc32(bytes(data[at:at + 4 + size])).to_bytes(4, "big")
    else:
        old, new = EDITS[suffix][where]
        text = data.decode("utf-8")
        assert old in text
        data = bytearray(text.replace(old, new, 1).encode("utf-8"))
    f.write_bytes(bytes(data))
    assert own_file_state(f) == "edited" and not written_by_hisoutab(f)
    with pytest.raises(InputError, match=r"written by hisoutab but changed since .*give --force"):
        write_file(f, mark(SAMPLES[suffix], suffix), replaceable=True)
    assert f.read_bytes() == bytes(data)
    write_file(f, mark(SAMPLES[suffix], suffix), replaceable=True, force=True)
    assert written_by_hisoutab(f)


USERS_FILES = {
    ".html": "<!DOCTYPE html>\n<html><head><title>report</title></head><body>All pictures here were "
             "written by hisoutab from my games.</body></html>\n",
    ".json": '{"notes": "the pictures were written by hisoutab"}\n',
    ".dot": "// this graph: written by hisoutab, then laid out by hand\ndigraph { a -> b }\n",
    ".svg": '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><desc>written by hisoutab?</desc>'
            "</svg>\n",
}
OLD_MARKS = {  # the marks of earlier versions: the phrase at the place, no hash
    ".svg": '<?xml version="1.0" encoding="UTF-8"?>\n<!-- written by hisoutab -->\n'
            '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    ".html": '<!DOCTYPE html>\n<html><head><meta name="generator" content="written by hisoutab"></head>'
             "</html>\n",
    ".dot": "// written by hisoutab\ndigraph { a -> b }\n",
    ".json": '{"$comment": "written by hisoutab: `hisoutab schema scenario` writes it again"}\n',
}


@pytest.mark.parametrize("suffix", sorted(USERS_FILES))
@pytest.mark.parametrize("kind", ["mentions the phrase", "an old mark without a hash"])
def test_a_file_that_mentions_the_phrase_is_the_users(tmp_path: Path, suffix: str, kind: str) -> None:
    f = tmp_path / f"mine{suffix}"
    text = USERS_FILES[suffix] if kind == "mentions the phrase" else OLD_MARKS[suffix]
    f.write_text(text, encoding="utf-8")
    assert filemarks.PHRASE.encode() in f.read_bytes()[:4096]
    assert own_file_state(f) == "other" and not written_by_hisoutab(f)
    with pytest.raises(InputError, match=f"{re.escape(str(f))}: -o: exists already; give --force to replace"):
        write_file(f, mark(SAMPLES[suffix], suffix), replaceable=True)
    assert f.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("suffix", sorted(SAMPLES))
def test_the_mark_elsewhere_than_its_place_or_in_another_format_does_not_count(tmp_path: Path,
                                                                               suffix: str) -> None:
    data = raw(mark(SAMPLES[suffix], suffix))
    other = tmp_path / "x.txt"
    other.write_bytes(data)  # a .txt has no mark: never hisoutab's own
    assert own_file_state(other) == "other"
    moved = tmp_path / f"moved{suffix}"
    if suffix == ".png":
        moved.write_bytes(data + b"\x00")  # no longer a well-formed PNG (bytes after IEND)
    else:
        moved.write_bytes(b"\n" + data)  # the mark one line down: not at its place
    assert own_file_state(moved) in ("other", "edited") and not written_by_hisoutab(moved)
    for other_suffix in sorted(set(SAMPLES) - {suffix}):
        f = tmp_path / f"as{other_suffix}"
        f.write_bytes(data)
        assert not written_by_hisoutab(f), other_suffix


def test_a_schema_stays_a_valid_draft_7_schema_with_its_note() -> None:
    import jsonschema  # here: importing it costs seconds, paid only by the tests that use it

    text = schema_text({"$schema": "http://json-schema.org/draft-07/schema#",
                        "$comment": "written by hisoutab: `x` writes it again", "type": "object"})
    schema = json.loads(text)
    jsonschema.Draft7Validator.check_schema(schema)
    assert re.fullmatch(r"written by hisoutab sha256=[0-9a-f]{64}: `x` writes it again", schema["$comment"])
    assert list(schema) == ["$schema", "$comment", "type"]
    assert schema_text(schema) == text  # marking a marked schema again gives the same text
    plain = json.loads(str(mark('{"a": 1}', ".json")))
    assert list(plain) == ["$comment", "a"] and plain["$comment"].startswith("written by hisoutab sha256=")


def test_json_whose_hash_digits_also_appear_elsewhere_is_not_own(tmp_path: Path) -> None:
    f = marked_file(tmp_path, ".json")
    data = json.loads(f.read_text())
    digits = data["$comment"].split("sha256=")[1][:64]
    f.write_text(f.read_text().replace('"object"', f'"object", "title": "{digits}"'))
    assert own_file_state(f) == "edited"


@pytest.mark.parametrize("suffix", [".pdf", ".yaml", ".txt", ".ipynb"])
def test_formats_without_a_mark_are_never_replaced_without_force(tmp_path: Path, suffix: str) -> None:
    assert mark("anything", suffix) == "anything" and mark(b"\x00", suffix) == b"\x00"
    f = tmp_path / f"out{suffix}"
    write_file(f, "one")
    with pytest.raises(InputError, match="exists already"):
        write_file(f, "two", replaceable=True)


def test_content_not_of_the_format_is_left_unmarked() -> None:
    assert mark("<p>no doctype</p>", ".html") == "<p>no doctype</p>"
    assert mark("not json", ".json") == "not json" and mark("[1, 2]", ".json") == "[1, 2]"
    assert mark("not a graph", ".dot") == "not a graph"
    assert mark(b"not a png", ".png") == b"not a png"


def test_a_missing_or_huge_file_is_not_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not written_by_hisoutab(tmp_path / "none.svg")
    f = marked_file(tmp_path, ".svg")
    monkeypatch.setattr("hisoutab.engine.files.MAX_OWN_BYTES", 100)
    assert not written_by_hisoutab(f)
