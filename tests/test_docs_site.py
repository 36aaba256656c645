"""The documentation site's hooks (docs/hooks.py), on a small site of their own: the notebooks join
it with their stored outputs (and the nav, even one it does not name), links that leave docs/ reach a
page of the site, clause anchors land, and a broken link or anchor fails the strict build. (``make
test`` builds the real site, --strict.)"""

from __future__ import annotations

import importlib.util
import json
import logging
from pathlib import Path
from typing import Any

import pytest

mkdocs_build = pytest.importorskip("mkdocs.commands.build")
from mkdocs.config import load_config  # noqa: E402
from mkdocs.exceptions import Abort  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "docs" / "hooks.py"
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
       '<text x="1" y="15">P1 HP 20</text></svg>')


def _hooks() -> Any:
    spec = importlib.util.spec_from_file_location("site_hooks", HOOKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(markdown: str) -> str:
    cells = [
        {"cell_type": "markdown", "id": "text", "metadata": {}, "source": [markdown]},
        {"cell_type": "code", "id": "code", "execution_count": 1, "metadata": {}, "source": ["picture()"],
         "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                      "data": {"image/svg+xml": [SVG], "text/plain": ["<picture>"]}}]},
    ]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                                                   "display_name": "Python 3"}},
                       "nbformat": 4, "nbformat_minor": 5})


def make_site(tmp: Path, *, clause: str = "R-1", more: str = "Not named in the nav.") -> Path:
    """A repository with docs/, notebooks/, a scenario and a README, and its mkdocs.yml."""
    (tmp / "docs" / "rules").mkdir(parents=True)
    (tmp / "notebooks").mkdir()
    (tmp / "scenarios").mkdir()
    (tmp / "docs" / "index.md").write_text(
        "# Home\n\n[the tour](../notebooks/01-tour.ipynb), [a scenario](../scenarios/a.yaml), "
        "[the README](../README.md), [a rule](rules/game.md#R-1).\n\n"
        "`[not a link](../nowhere.md)`\n", encoding="utf-8")
    (tmp / "docs" / "rules" / "game.md").write_text(
        "# The rules\n\n<a id=\"R-1\"></a>\n- **R-1** — the first rule.\n", encoding="utf-8")
    (tmp / "notebooks" / "01-tour.ipynb").write_text(
        _notebook(f"# A tour\n\nSee [the rule](../docs/rules/game.md#{clause}) and "
                  "[home](../docs/index.md)."),
        encoding="utf-8")
    (tmp / "notebooks" / "02-more.ipynb").write_text(_notebook(f"# More\n\n{more}"),
                                                     encoding="utf-8")
    (tmp / "scenarios" / "a.yaml").write_text("name: a\ndescription: b\n", encoding="utf-8")
    (tmp / "README.md").write_text("# Readme\n\nSee [the docs](docs/index.md).\n", encoding="utf-8")
    config = tmp / "mkdocs.yml"
    config.write_text(f"""site_name: test
docs_dir: docs
site_dir: site
use_directory_urls: false
hooks: [{HOOKS}]
plugins:
  - search
  - mkdocs-jupyter: {{execute: false, include: ["notebooks/*.ipynb"], cache: false, ignore_h1_titles: true}}
validation: {{omitted_files: warn, absolute_links: warn, unrecognized_links: warn, anchors: warn}}
not_in_nav: /source/
nav: [{{Home: index.md}}, {{Rules: rules/game.md}}, {{Notebooks: [{{Tour: notebooks/01-tour.ipynb}}]}}]
""", encoding="utf-8")
    return config


def build(config: Path) -> Path:
    cfg = load_config(config_file=str(config), strict=True)
    mkdocs_build.build(cfg)
    return config.parent / "site"


def test_a_site_with_notebooks_and_links_out_of_docs(tmp_path: Path) -> None:
    site = build(make_site(tmp_path))
    tour = (site / "notebooks" / "01-tour.html").read_text(encoding="utf-8")
    assert "P1 HP 20" in tour or "data:image/svg+xml;base64," in tour  # the stored picture, not run
    assert 'href="../rules/game.html#R-1"' in tour
    assert 'href="../index.html"' in tour
    assert "Load mathjax" not in tour and "mermaid.esm" not in tour  # nbconvert's CDN loaders
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="notebooks/01-tour.html"' in home
    assert 'href="source/scenarios/a.yaml.html"' in home
    assert 'href="source/index.html"' in home  # the README, rendered
    assert 'href="rules/game.html#R-1"' in home
    assert "../nowhere.md" in home  # inline code is left alone
    assert "02 · More" in home and (site / "notebooks" / "02-more.html").is_file()  # joins the nav
    view = (site / "source" / "scenarios" / "a.yaml.html").read_text(encoding="utf-8")
    assert "description: b" in view
    readme = (site / "source" / "index.html").read_text(encoding="utf-8")
    assert 'href="../index.html"' in readme  # its link to docs/index.md, from where it is shown
    rules = (site / "rules" / "game.html").read_text(encoding="utf-8")
    assert '<a id="R-1"></a>' in rules and "<li><strong>R-1</strong>" in rules


def test_a_notebook_link_to_a_missing_anchor_fails_the_strict_build(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING), pytest.raises(Abort):
        build(make_site(tmp_path, clause="R-9"))
    assert any("R-9" in r.getMessage() for r in caplog.records)


def test_a_notebook_with_math_fails_the_strict_build(tmp_path: Path,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    """The site loads no MathJax (nothing from a CDN): math in a notebook's text is reported."""
    with caplog.at_level(logging.WARNING), pytest.raises(Abort):
        build(make_site(tmp_path, more="The odds are $p^2$."))
    assert any("02-more.ipynb" in r.getMessage() and "math" in r.getMessage() for r in caplog.records)


def test_what_counts_as_math_in_a_notebook() -> None:
    hooks = _hooks()
    for text in ("odds $p^2$", "$$x$$", r"\(a\)", "a $x$."):
        assert hooks.MATH.search(text), text
    for text in ("costs $2 and $3", "one $ sign", r"a \$5 note"):
        assert not hooks.MATH.search(text), text


def test_links_in_code_are_not_links() -> None:
    hooks = _hooks()
    text = "[a](../x.md) `[b](../y.md)` [`c`](../z.md)\n```\n[d](../w.md)\n```\n"
    found = []
    hooks._outside_fences(text, lambda part: hooks._sub_links(part, lambda m: found.append(
        m.group("target")) or m.group(0)))
    assert found == ["../x.md", "../z.md"]


def test_an_anchor_line_above_a_list_gets_a_blank_line() -> None:
    hooks = _hooks()
    assert hooks.ANCHOR_LINE.sub(r"\1\n\n", '<a id="H-KD"></a>\n- **H-KD** — text\n') == \
        '<a id="H-KD"></a>\n\n- **H-KD** — text\n'
