"""The documentation site works offline, opened from the file system: the real site is built once
(``mkdocs build --strict``, as ``make docs`` does) and

- no built page, style sheet or picture requests anything outside the site: every URL that a browser
  would fetch by itself (``<script src>``, ``<link href>``, ``<img>``, ``<iframe>``, ``<source>``,
  ``<object>``, a style's ``url()`` and ``@import``, a URL in an inline script) is a path inside the
  site — links a reader clicks (``<a href>``) may leave it;
- the search index is also a script (``search/search_index.js``, which a ``file://`` page can load)
  and the worker shim is the site's own;
- in a real Chromium, ``file:///…/index.html`` finds pages by a word typed in the search box.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("HISOUTAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
SHOTS = os.environ.get("HISOUTAB_SCREENSHOTS")  # a folder: also keep the screenshot there

#: a URL that leaves the site: a scheme that is fetched over the network, or protocol-relative
OUTSIDE = re.compile(r"^\s*(?:(?:https?|wss?|ftp):|//)", re.I)
#: in CSS text: url(...) and @import "..."
CSS_URL = re.compile(r"""url\(\s*(?P<q>["']?)(?P<url>[^"')]*)(?P=q)\s*\)""", re.I)
CSS_IMPORT = re.compile(r"""@import\s+(?P<q>["'])(?P<url>[^"']*)(?P=q)""", re.I)
#: in an inline script: a string that is an absolute or protocol-relative URL
SCRIPT_URL = re.compile(r"""(?P<q>["'`])(?P<url>(?:https?:)?//[^"'`\s]+)(?P=q)""")
#: the attributes of each element whose URL the browser fetches without a click
FETCHED = {"script": ("src",), "link": ("href",), "img": ("src", "srcset"), "iframe": ("src",),
           "frame": ("src",), "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
           "track": ("src",), "embed": ("src",), "object": ("data",), "input": ("src",),
           "image": ("href", "xlink:href"), "use": ("href", "xlink:href"), "feimage": ("href", "xlink:href")}
#: <link rel=...> values that name a page rather than fetch a resource
LINK_NOT_FETCHED = {"prev", "next", "canonical", "alternate", "author", "help", "license", "search"}


class _Requests(HTMLParser):
    """The URLs a page would request by itself, as (where, URL)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._in: str | None = None  # "script" / "style" while inside one
        self._script_is_code = False
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        names = FETCHED.get(tag, ())
        if tag == "link" and set(values.get("rel", "").lower().split()) <= LINK_NOT_FETCHED \
                and values.get("rel"):
            names = ()
        for name in names:
            value = values.get(name, "")
            urls = [part.strip().split()[0] for part in value.split(",") if part.strip()] \
                if name == "srcset" else [value]
            self.found += [(f"<{tag} {name}>", u) for u in urls]
        if "style" in values:
            self.found += [("style attribute", u) for u in css_urls(values["style"])]
        if tag in ("script", "style"):
            self._in, self._text = tag, []
            kind = values.get("type", "text/javascript").lower()
            self._script_is_code = tag == "script" and "src" not in values and (
                "javascript" in kind or kind == "module")

    def handle_data(self, data: str) -> None:
        if self._in:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag != self._in:
            return
        text = "".join(self._text)
        if tag == "style":
            self.found += [("<style>", u) for u in css_urls(text)]
        elif self._script_is_code:
            self.found += [("<script>", m.group("url")) for m in SCRIPT_URL.finditer(text)]
        self._in = None


def css_urls(text: str) -> list[str]:
    return [m.group("url") for m in (*CSS_URL.finditer(text), *CSS_IMPORT.finditer(text))]


def requests_outside(kind: str, text: str) -> list[str]:
    """What a built file of ``kind`` (html, css, svg) would request outside the site."""
    if kind == "css":
        found = [("css", u) for u in css_urls(text)]
    else:
        parser = _Requests()
        parser.feed(text)
        parser.close()
        found = parser.found
    return [f"{where} {url}" for where, url in found if OUTSIDE.match(url)]


def site_problems(site: Path) -> list[str]:
    out = []
    for path in sorted(site.rglob("*")):
        kind = path.suffix.lstrip(".").lower()
        if kind in ("html", "css", "svg") and path.is_file():
            rel = path.relative_to(site).as_posix()
            out += [f"{rel}: {p}" for p in requests_outside(kind, path.read_text(encoding="utf-8"))]
    return out


# --------------------------------------------------------------------------- the checker itself
def test_the_checker_finds_what_a_page_would_fetch() -> None:
    page = """<html><head>
      <script src="https://unpkg.com/x/shim"></script><script src="../assets/a.js"></script>
      <link rel="stylesheet" href="//fonts.example.org/css"><link rel="next" href="https://x.org/2">
      <link rel="icon" href="http://x.org/i.png">
      <style>@import "https://x.org/a.css"; .a { background: url('img/b.png') }</style>
      <script type="module">const m = await import("https://cdn.example.org/mermaid.mjs");</script>
      <script type="application/json">{"home": "https://x.org"}</script>
      </head><body>
      <a href="https://squidfunk.github.io/">made with</a>
      <img srcset="a.png 1x, https://x.org/b.png 2x"><iframe src="https://x.org/frame"></iframe>
      <div style="background: url(http://x.org/c.png)"></div>
      <svg xmlns="http://www.w3.org/2000/svg"><image href="https://x.org/d.png"/></svg>
      </body></html>"""
    assert requests_outside("html", page) == [
        "<script src> https://unpkg.com/x/shim", "<link href> //fonts.example.org/css",
        "<link href> http://x.org/i.png", "<style> https://x.org/a.css",
        "<script> https://cdn.example.org/mermaid.mjs", "<img srcset> https://x.org/b.png",
        "<iframe src> https://x.org/frame", "style attribute http://x.org/c.png",
        "<image href> https://x.org/d.png"]
    assert requests_outside("css", "@font-face{src:url(https://x.org/f.woff2)} a{b:url(data:x)}") == [
        "css https://x.org/f.woff2"]


# --------------------------------------------------------------------------- the real site
@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                          "--site-dir", str(out)], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    return out


@pytest.mark.slow
def test_the_built_site_requests_nothing_outside_itself(site: Path) -> None:
    assert (site / "index.html").is_file() and (site / "notebooks" / "01-quick-tour.html").is_file()
    assert site_problems(site) == []


@pytest.mark.slow
def test_the_search_index_is_a_script_and_the_worker_shim_is_the_sites_own(site: Path) -> None:
    script = (site / "search" / "search_index.js").read_text(encoding="utf-8")
    assert script.startswith("var __index = {") and '"location":"engine.html"' in script.replace(" ", "")
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<script src="javascripts/iframe-worker.js"></script>' in home
    assert (site / "javascripts" / "iframe-worker.js").is_file()
    tour = (site / "notebooks" / "01-quick-tour.html").read_text(encoding="utf-8")
    assert '<script src="../javascripts/iframe-worker.js"></script>' in tour
    assert "mathjax" not in tour.lower() and "mermaid.esm" not in tour


# --------------------------------------------------------------------------- in a browser
def _search(page: object, word: str) -> list[str]:
    """Type ``word`` in the search box of the open page; the titles of the results."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    box = page.locator("input.md-search__input")  # in the header of a wide page
    box.click()
    box.press_sequentially(word, delay=20)  # the search listens to the keys, not to a filled value
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=20_000)
    return [t.strip() for t in page.locator(".md-search-result__item h1, .md-search-result__item h2")
            .all_inner_texts()]


@pytest.fixture
def chromium() -> Iterator[object]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(f"no Chromium at {CHROMIUM} (run `make system` to install it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.mark.browser
@pytest.mark.slow
def test_search_works_from_the_file_system(site: Path, chromium: object, tmp_path: Path) -> None:
    from playwright.sync_api import Browser, Request

    assert isinstance(chromium, Browser)
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    inside: list[str] = []

    def record(request: Request) -> None:
        local = request.url.startswith(("file:", "data:", "blob:", "about:"))
        (inside if local else outside).append(request.url)

    page.on("request", record)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((site / "index.html").as_uri())
    titles = _search(page, "knockdown")
    page.screenshot(path=str(tmp_path / "site-search.png"))
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "site-search.png"))
    assert titles, "no search result"
    assert any(u.endswith("/search/search_index.js") for u in inside)  # the index, as a script
    assert any("knock" in t.lower() for t in titles), titles
    # a result opens its page, still from the file system
    page.locator(".md-search-result__item a").first.click()
    page.wait_for_load_state()
    assert page.url.startswith("file://") and ".html" in page.url
    # a notebook page too requests nothing outside the site
    page.goto((site / "notebooks" / "01-quick-tour.html").as_uri())
    page.wait_for_load_state("load")
    assert _search(page, "workbench")
    assert outside == [] and errors == []
