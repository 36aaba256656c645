"""Hooks of the documentation site (``mkdocs.yml`` → ``hooks``).

- The notebooks of ``notebooks/`` join the site: mkdocs-jupyter renders them with their stored
  outputs (they are not run). The nav's "Notebooks" section names them in ``mkdocs.yml``; a notebook
  it does not name yet joins the section in file-name order, titled by its first heading.
- A link from a page to a file outside ``docs/`` — a notebook, a scenario file, a module, the README —
  is pointed at that file's page in the site: the notebook's page, or a *source view* made for the
  file under ``source/<path>`` (a Markdown file is rendered, another text file is shown as code, a
  picture is copied). The links stay relative paths in the Markdown, so they work on the file system
  (``tests/test_links.py``) and in the site alike.
- The links of a notebook page (rendered by nbconvert, not by mkdocs) are rewritten the same way, and
  their anchors are checked like those of any page: a clause link such as
  ``../docs/rules/recast-rift.md#RR-COMP-1`` lands on the clause.
- A line holding only an anchor (``<a id="H-KD"></a>``) directly above a list item is followed by a
  blank line, as GitHub reads it; Python-Markdown would otherwise fold the list into a paragraph.
- A widget output of a notebook (the workbench) needs a running kernel: on its page it becomes a note
  pointing at the workbench guide, and the page loads no widget script from the network.
- A notebook page requests nothing outside the site (``tests/test_site_offline.py``): nbconvert's
  MathJax loader and its mermaid.js loader (both from a CDN) are taken out; a notebook that needs
  them (math in its text, a mermaid diagram) is reported, which fails the strict build.
- The search index takes a notebook page without its pictures: their SVG text (card names, cell
  labels…) is no help in a search, and reading it was half the time of a build.
"""

from __future__ import annotations

import copy
import logging
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

log = logging.getLogger("mkdocs.hooks.hisoutab")

NOTEBOOKS = "notebooks"  # the notebooks' folder, in the repository and in the site
SOURCE = "source"  # the site folder of the source views
#: files shown as code in a source view, by suffix → the highlighter's language
LANGUAGES = {".yaml": "yaml", ".yml": "yaml", ".py": "python", ".json": "json", ".toml": "toml",
             ".txt": "text", ".cfg": "ini", ".ini": "ini", ".sh": "sh", ".dot": "dot", ".gv": "dot",
             "": "text"}
#: folders of the repository a source view never shows
PRIVATE = (".git", ".venv", "site", ".cache", "build", "dist")

LINK = re.compile(r"(?P<head>!?\[[^\]]*\]\()(?P<target>[^)\s]+)(?P<tail>(?:\s+\"[^\"]*\")?\))")
ATTR = re.compile(r"""(?P<head>\b(?:href|src)=(?P<q>["']))(?P<target>[^"']+)(?P<tail>(?P=q))""")
FENCE = re.compile(r"```.*?```", re.S)  # a code block: its text is no link
CODE = re.compile(r"`[^`\n]*`")  # inline code: neither (but a link's text may be code)
ANCHOR_LINE = re.compile(r"^(<a\s+(?:id|name)=[\"'][^\"']+[\"']\s*>\s*</a>)[ \t]*\n(?=[ \t]*[-*+] )",
                         re.M)
ID = re.compile(r"""\bid=["']([^"']+)["']""")
SVG = re.compile(r"<svg\b.*?</svg>", re.S)
#: what nbconvert writes for a widget: the view of each output, the state of all, the loader of the
#: renderer (from a CDN)
WIDGET_VIEW = re.compile(r'<script type="text/javascript">\s*var element = document\.getElementById\('
                         r'[^)]*\);\s*</script>\s*'
                         r'<script type="application/vnd\.jupyter\.widget-view\+json">.*?</script>', re.S)
WIDGET_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">.*?</script>',
                          re.S)
WIDGET_LOADER = re.compile(r"<script>\s*\(function\(\) \{\s*function addWidgetsRenderer\(\).*?</script>",
                           re.S)
GUIDE = "workbench.md"  # the page a widget's note points at
#: what nbconvert writes on every notebook page to render math and mermaid diagrams, from a CDN
MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S)
MERMAID = re.compile(r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async '
                     r'\(\) => \{\s*const diagrams = document\.querySelectorAll\("\.jp-Mermaid.*?</script>',
                     re.S)
#: math as Jupyter's MathJax reads a notebook's text: $$, \( or \[, or $x$ (not "$2 and $3")
MATH = re.compile(r"\$\$|\\\(|\\\[|(?<![\\$])\$[^$\s](?:[^$\n]*[^$\s\\])?\$(?!\d)")


class _Site:
    """What :func:`on_files` found: the site file of each linked path outside ``docs/``, and where
    each page's source lies in the repository (its links are relative to that place)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.root = Path()
        self.docs = Path()
        self.uri_of: dict[Path, str] = {}  # a path of the repository → the src_uri of its page
        self.origin: dict[str, Path] = {}  # a page's src_uri → its file in the repository


SITE = _Site()


# --------------------------------------------------------------------------- links in text
def _is_relative(target: str) -> bool:
    return not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) and not target.startswith(("#", "/"))


def _split(target: str) -> tuple[str, str]:
    path, _, anchor = target.partition("#")
    return path, anchor


def _outside_fences(text: str, fn: Any) -> str:
    """``text`` with ``fn`` applied to the parts outside code blocks."""
    out, at = [], 0
    for m in FENCE.finditer(text):
        out.append(fn(text[at:m.start()]))
        out.append(m.group(0))
        at = m.end()
    out.append(fn(text[at:]))
    return "".join(out)


def _sub_links(part: str, fn: Any) -> str:
    """``part`` (no code block in it) with each link whose target is not inline code replaced by
    ``fn(match)``: Markdown links first, then ``href`` / ``src`` attributes."""
    for pattern in (LINK, ATTR):
        code = [m.span() for m in CODE.finditer(part)]

        def one(m: re.Match[str], code: list[tuple[int, int]] = code) -> str:
            at = m.start("target")
            return m.group(0) if any(a <= at < b for a, b in code) else str(fn(m))

        part = pattern.sub(one, part)
    return part


def _targets(text: str) -> list[str]:
    found: list[str] = []

    def collect(m: re.Match[str]) -> str:
        found.append(m.group("target"))
        return m.group(0)

    _outside_fences(text, lambda part: _sub_links(part, collect))
    return [t for t in found if _is_relative(t) and _split(t)[0]]


def _markdown_of_notebook(path: Path) -> str:
    import json

    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    return "\n\n".join("".join(c.get("source", "")) for c in cells if c.get("cell_type") == "markdown")


# --------------------------------------------------------------------------- the nav
SECTION = "Notebooks"  # the nav section of the notebooks


def _title(path: Path) -> str:
    """``NN · first heading`` of a notebook (its file name without a heading)."""
    number = path.stem.split("-", 1)[0]
    for line in _markdown_of_notebook(path).splitlines():
        if line.startswith("# "):
            return f"{number} · {line[2:].strip()}" if number.isdigit() else line[2:].strip()
    return path.stem


def on_config(config: Any) -> Any:
    """Every notebook of ``notebooks/`` in the nav's notebook section, in file-name order."""
    root = Path(config["config_file_path"]).resolve().parent
    nav = config["nav"]
    section = next((item for item in nav or () if isinstance(item, dict) and SECTION in item), None)
    if section is None or not isinstance(section[SECTION], list):
        return config
    entries: list[Any] = section[SECTION]
    named = {next(iter(e.values())) if isinstance(e, dict) else e for e in entries}
    for nb in sorted((root / NOTEBOOKS).glob("*.ipynb")):
        uri = f"{NOTEBOOKS}/{nb.name}"
        if uri not in named:
            entries.append({_title(nb): uri})

    def where(entry: Any) -> str:
        return str(next(iter(entry.values())) if isinstance(entry, dict) else entry)

    entries.sort(key=where)
    return config


# --------------------------------------------------------------------------- the site's files
def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _source_view(config: Any, path: Path) -> File:
    """The site file showing ``path`` (a file or folder of the repository outside ``docs/``)."""
    rel = path.relative_to(SITE.root).as_posix()
    if path.is_dir():
        names = sorted(p.name + ("/" if p.is_dir() else "") for p in path.iterdir()
                       if not p.name.startswith("."))
        body = "\n".join(f"- `{n}`" for n in names)
        return File.generated(config, f"{SOURCE}/{rel}/index.md",
                              content=f"# `{rel}/`\n\nThe folder `{rel}/` of the repository holds:\n\n"
                                      f"{body}\n")
    if path.suffix == ".md":
        return File.generated(config, f"{SOURCE}/{rel}", content=path.read_text(encoding="utf-8"))
    if path.suffix.lower() in LANGUAGES:
        text = path.read_text(encoding="utf-8")
        ticks = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", text)), default=0))
        return File.generated(config, f"{SOURCE}/{rel}.md",
                              content=f"# `{rel}`\n\nThe file `{rel}` of the repository:\n\n"
                                      f"{ticks}{LANGUAGES[path.suffix.lower()]}\n{text.rstrip()}\n{ticks}\n")
    return File.generated(config, f"{SOURCE}/{rel}", abs_src_path=str(path))  # a picture, a PDF…


@event_priority(100)  # before mkdocs-jupyter, which makes pages of the .ipynb files
def on_files(files: Files, config: Any) -> Files:
    SITE.reset()
    SITE.docs = Path(config["docs_dir"]).resolve()
    SITE.root = Path(config["config_file_path"]).resolve().parent
    for f in files.documentation_pages():
        if f.abs_src_path:
            SITE.origin[f.src_uri] = Path(f.abs_src_path).resolve()
    pending: list[Path] = list(SITE.origin.values())
    for nb in sorted((SITE.root / NOTEBOOKS).glob("*.ipynb")):
        uri = f"{NOTEBOOKS}/{nb.name}"
        # a file of its own folder (not a generated one: mkdocs-jupyter reads it from src_dir)
        files.append(File(uri, src_dir=str(SITE.root), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
        SITE.uri_of[nb.resolve()] = uri
        SITE.origin[uri] = nb.resolve()
        pending.append(nb.resolve())
    seen: set[Path] = set()
    while pending:  # the pages, the notebooks and the Markdown files they link to, transitively
        page = pending.pop()
        if page in seen:
            continue
        seen.add(page)
        text = (_markdown_of_notebook(page) if page.suffix == ".ipynb"
                else page.read_text(encoding="utf-8"))
        for target in _targets(text):
            path = (page.parent / _unquote(_split(target)[0])).resolve()
            if (path in SITE.uri_of or _inside(path, SITE.docs) or not path.exists()
                    or not _inside(path, SITE.root)
                    or path.relative_to(SITE.root).parts[0] in PRIVATE):
                continue  # a page of docs/, a page made already, or left to mkdocs to report
            view = _source_view(config, path)
            files.append(view)
            SITE.uri_of[path] = view.src_uri
            SITE.origin[view.src_uri] = path / "index.md" if path.is_dir() else path
            if path.suffix == ".md":
                pending.append(path)
    return files


def _unquote(text: str) -> str:
    from urllib.parse import unquote

    return unquote(text)


def _site_uri(path: Path) -> str | None:
    """The src_uri of the site file for a path of the repository (None: not in the site)."""
    if path in SITE.uri_of:
        return SITE.uri_of[path]
    if _inside(path, SITE.docs):
        return path.relative_to(SITE.docs).as_posix()
    return None


def _rewritten(target: str, page_uri: str) -> tuple[str, str | None, str]:
    """(the link as the site needs it, the target's src_uri or None, its anchor) for a relative
    link of the page ``page_uri``."""
    path_part, anchor = _split(target)
    origin = SITE.origin.get(page_uri)
    if origin is None:
        return target, None, anchor
    path = (origin.parent / _unquote(path_part)).resolve()
    uri = _site_uri(path)
    if uri is None:
        return target, None, anchor
    rel = posixpath.relpath(uri, posixpath.dirname(page_uri) or ".")
    return rel + (f"#{anchor}" if anchor else ""), uri, anchor


# --------------------------------------------------------------------------- pages
def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """A Markdown page: its links leaving ``docs/`` point at the site's pages (mkdocs then checks
    them, anchors too), and its anchor lines are read as GitHub reads them."""
    uri = page.file.src_uri
    if uri.endswith(".ipynb"):
        return markdown

    def fix(part: str) -> str:
        def one(m: re.Match[str]) -> str:
            target = m.group("target")
            if not _is_relative(target) or not _split(target)[0]:
                return m.group(0)
            return m.group("head") + _rewritten(target, uri)[0] + m.group("tail")

        return ANCHOR_LINE.sub(r"\1\n\n", _sub_links(part, one))

    return _outside_fences(markdown, fix)


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """A notebook page: its links point at the site's pages, and are checked."""
    uri = page.file.src_uri
    if not uri.endswith(".ipynb"):
        return html
    page.present_anchor_ids = set(ID.findall(html))
    links: dict[Any, dict[str, str]] = page.links_to_anchors or {}

    def one(m: re.Match[str]) -> str:
        target = m.group("target").replace("&amp;", "&")
        if not _is_relative(target) or not _split(target)[0]:
            return m.group(0)
        _, to_uri, anchor = _rewritten(target, uri)
        to_file = files.get_file_from_path(to_uri) if to_uri else None
        if to_file is None:
            log.warning("Notebook '%s' links to '%s', which is not a file of the site", uri, target)
            return m.group(0)
        if anchor:
            links.setdefault(to_file, {}).setdefault(anchor, target)
        url = to_file.url_relative_to(page.file) + (f"#{anchor}" if anchor else "")
        return m.group("head") + url + m.group("tail")

    html = ATTR.sub(one, html)
    page.links_to_anchors = links
    return _without_widgets(_without_cdn_scripts(html, uri), page, files)


def _without_cdn_scripts(html: str, uri: str) -> str:
    """``html`` (a notebook page) without nbconvert's MathJax and mermaid.js loaders; a page that
    would need one is reported (nothing of the site renders it offline)."""
    origin = SITE.origin.get(uri)
    if origin is not None and MATH.search(_markdown_of_notebook(origin)):
        log.warning("Notebook '%s' has math in its text: the site has no MathJax to render it", uri)
    if 'class="jp-Mermaid' in html:
        log.warning("Notebook '%s' has a mermaid diagram: the site has no mermaid.js to draw it", uri)
    return MERMAID.sub("", MATHJAX.sub("", html))


def _without_widgets(html: str, page: Any, files: Files) -> str:
    """``html`` with each widget output replaced by a note, and no widget state or loader."""
    if not WIDGET_VIEW.search(html):
        return WIDGET_LOADER.sub("", html)
    guide = files.get_file_from_path(GUIDE)
    where = (f' — <a href="{guide.url_relative_to(page.file)}">the workbench</a> describes its '
             "controls" if guide is not None else "")
    note = ('<p class="hs-widget-note"><em>A live widget: it runs in a notebook with a kernel (<code>make '
            f"lab</code>), not on this page{where}.</em></p>")
    html = WIDGET_VIEW.sub(lambda _m: note, html)
    return WIDGET_LOADER.sub("", WIDGET_STATE.sub("", html))


@event_priority(100)  # before the search plugin indexes the page
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """A notebook page goes into the search index without its pictures (the search plugin then
    skips it); without the plugin's index at hand, the page is left to it as it is."""
    if not page.file.src_uri.endswith(".ipynb"):
        return context
    search = config["plugins"].get("material/search") or config["plugins"].get("search")
    index = getattr(search, "search_index", None)
    if index is None or not hasattr(index, "add_entry_from_context"):
        return context
    if (page.meta.get("search") or {}).get("exclude"):
        return context
    text = copy.copy(page)
    text.content = SVG.sub("", page.content)
    text.meta = {}
    index.add_entry_from_context(text)
    page.meta = {**page.meta, "search": {**(page.meta.get("search") or {}), "exclude": True}}
    return context
