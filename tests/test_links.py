"""Every link in the README, the docs and the notebooks resolves: the file exists, and an anchor
names a heading or an ``<a id=...>`` of that page. Clause links the code makes (the step view, the
workbench) point at anchors that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from hisoutab.engine.ruleset import all_rulesets
from hisoutab.presentation import presentation_for

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HREF = re.compile(r"""(?:href|src)=["']([^"']+)["']""")
ANCHOR = re.compile(r"""<a\s+(?:id|name)=["']([^"']+)["']""")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
FENCE = re.compile(r"```.*?```", re.S)


def slug(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub, mkdocs) gives a heading."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[`*_]", "", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    found = set(ANCHOR.findall(text))
    body = FENCE.sub("", text)
    found |= {slug(h) for h in HEADING.findall(body)}
    return found


def markdown_sources() -> list[tuple[str, Path, str]]:
    """(label, the file links are relative to, text) for the README, docs and notebook cells."""
    out = [("README.md", ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8"))]
    for p in sorted((ROOT / "docs").rglob("*.md")):
        out.append((str(p.relative_to(ROOT)), p, p.read_text(encoding="utf-8")))
    for p in sorted((ROOT / "notebooks").glob("*.md")):
        out.append((str(p.relative_to(ROOT)), p, p.read_text(encoding="utf-8")))
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        out.append((str(nb.relative_to(ROOT)), nb, text))
    return out


def links(text: str) -> list[str]:
    body = FENCE.sub("", text)
    body = re.sub(r"`[^`\n]*`", "", body)
    return LINK.findall(body) + HREF.findall(body)


def problems(label: str, base: Path, text: str) -> list[str]:
    out = []
    for target in links(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:, data: …
            continue
        path_part, _, anchor = target.partition("#")
        path_part = unquote(path_part)
        dest = base if not path_part else (base.parent / path_part).resolve()
        if not dest.exists():
            out.append(f"{label}: {target}: no such file")
            continue
        if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            out.append(f"{label}: {target}: no anchor #{anchor} in {dest.name}")
    return out


@pytest.mark.parametrize(("label", "base", "text"), markdown_sources(),
                         ids=[s[0] for s in markdown_sources()])
def test_every_link_resolves(label: str, base: Path, text: str) -> None:
    assert problems(label, base, text) == []


def test_the_checker_finds_broken_links(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text("# Title\n\n## Two words\n<a id=\"X-1\"></a>\n")
    text = ("[ok](a.md#two-words) [ok](a.md#X-1) [bad](a.md#nope) [gone](b.md) [web](https://x.org/y)"
            " `[code](c.md)`")
    assert problems("t", tmp_path / "index.md", text) == ["t: a.md#nope: no anchor #nope in a.md",
                                                          "t: b.md: no such file"]


@pytest.mark.parametrize("rs_id", sorted(all_rulesets()))
def test_clause_links_point_at_anchors(rs_id: str) -> None:
    """Every clause of a ruleset links to an anchor that its rules page has."""
    rs = all_rulesets()[rs_id]
    pres = presentation_for(rs)
    page = ROOT / pres.docs_page()
    if not page.exists():
        pytest.skip(f"{rs_id} has no rules page in this repository ({pres.docs_page()})")
    have = anchors(page)
    missing = []
    for clause in [*rs.clauses, *getattr(rs, "readings", {})]:
        url = pres.clause_url(clause)
        _, _, anchor = url.partition("#")
        if anchor and anchor not in have:
            missing.append(f"{clause} → #{anchor}")
    assert missing == []
