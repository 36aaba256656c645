"""Every clause, Reading or settled-question ID a notebook's text names is a link to its rules page:
a reader is never sent to a page the notebook does not link. (Whether the anchor exists is checked by
``tests/test_links.py``.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# an ID: RR-… (Recast Rift), A-n (its ambiguities), H-… R-n S-n (HisouTab 0.45.2), D-… DR-n DS-n (the draft)
ID = re.compile(r"(?<![\w#/.-])((?:RR|DR|DS|H|D|A|R|S)-[A-Z0-9](?:[A-Z0-9.\-]*[A-Z0-9])?)(?![\w-])")
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
FENCE = re.compile(r"```.*?```", re.S)
PAGE = {"RR": "recast-rift.md", "A": "recast-rift.md", "H": "hisoutab-0.45.2.md", "R": "hisoutab-0.45.2.md",
        "S": "hisoutab-0.45.2.md", "D": "hisoutab-draft.md", "DR": "hisoutab-draft.md",
        "DS": "hisoutab-draft.md"}


def markdown_of(nb: Path) -> str:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def id_problems(text: str) -> list[str]:
    """The IDs named outside a link, and the links whose text is an ID but whose target is not
    that ID's rules page."""
    body = FENCE.sub("", text)
    out = []
    for label, target in LINK.findall(body):
        m = ID.fullmatch(label)
        if m:
            page = PAGE[label.split("-")[0]]
            path = target.partition("#")[0]
            if not path.endswith("docs/rules/" + page) or "#" not in target:
                out.append(f"{label} links to {target}, not to an anchor of docs/rules/{page}")
    rest = LINK.sub(" ", body)
    rest = re.sub(r"`[^`\n]*`", " ", rest)
    out += [f"{m.group(1)} is named without a link" for m in ID.finditer(rest)]
    return out


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_id_a_notebook_names_is_linked(nb: Path) -> None:
    assert id_problems(markdown_of(nb)) == []


def test_the_checker_finds_bare_and_misdirected_ids() -> None:
    text = ("[RR-TURN-1](../docs/rules/recast-rift.md#RR-TURN-1) ok; R-8 bare; "
            "[S-3](../docs/rules/hisoutab-0.45.2.md#settled-questions) ok; "
            "[H-MAINT-3](../docs/rules/recast-rift.md#H-MAINT-3) wrong page; [A-23] no target; "
            "`RR-DEP-4` in code is not prose; [II] and (x,y) are not IDs")
    assert id_problems(text) == [
        "H-MAINT-3 links to ../docs/rules/recast-rift.md#H-MAINT-3, not to an anchor of "
        "docs/rules/hisoutab-0.45.2.md",
        "R-8 is named without a link",
        "A-23 is named without a link",
    ]
