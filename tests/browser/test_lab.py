"""A real browser against JupyterLab: run the quick-tour notebook and drive its workbench (step,
next decision, an option button, the "view as" selector).

JupyterLab runs on a free localhost port with HOME, JUPYTER_* and IPYTHONDIR in a temporary folder and
a copy of ``notebooks/01-quick-tour.ipynb`` (so autosave never touches the stored notebook); Playwright
drives Debian's ``/usr/bin/chromium`` (no ``playwright install``). The test is skipped only when that
browser is missing (``make system`` installs it); the server and its kernel are always stopped.

The tests wait for what they need — a selector, a text, a count, a layout that stopped moving —
never for a fixed time, with generous timeouts (the machine may be busy with other tests: ``make
test`` runs the suite on both cores, a module's tests in one worker, so its tests share one server; the
layout drive is ``slow``: ``make test-long``, which CI runs).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "01-quick-tour.ipynb"
CHROMIUM = os.environ.get("HISOUTAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
TIMEOUT_MS = 120_000  # for any one wait: generous, a busy machine starts JupyterLab slowly
START_S = 180  # for the server to answer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                       reason=f"no Chromium at {CHROMIUM} (run `make system` to install it)"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


WORKBENCH_NB = "workbench-check.ipynb"
WORKBENCH_CODE = ('from hisoutab import Game\nfrom hisoutab.widgets import Workbench\n'
                  'Workbench(Game("hisoutab-0.45.2", seed=7))')


def _notebook(code: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "id": "wb", "metadata": {},
                                  "outputs": [], "source": code}],
                       "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                   "name": "python3"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server whose root looks like the repository: ``notebooks/`` (a copy of the quick
    tour and a workbench notebook) and ``docs/`` (so clause links open the rules pages); yields its
    base URL."""
    tmp_path = tmp_path_factory.mktemp("lab")
    home = tmp_path / "home"
    root = tmp_path / "root"
    for d in (home, root, root / "notebooks"):
        d.mkdir()
    shutil.copy(NOTEBOOK, root / "notebooks" / NOTEBOOK.name)
    (root / "notebooks" / WORKBENCH_NB).write_text(_notebook(WORKBENCH_CODE))
    shutil.copytree(ROOT / "docs", root / "docs")
    news = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)  # no "would you like news?" toast over the screenshots
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = dict(os.environ)
    env.update(HOME=str(home), IPYTHONDIR=str(home / ".ipython"),
               JUPYTER_CONFIG_DIR=str(home / ".jupyter"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
               JUPYTER_PLATFORM_DIRS="1")

    def stop(signum: int, frame: Any) -> None:  # `timeout`/CI cancelling pytest: still clean up
        raise SystemExit(128 + signum)

    main = threading.current_thread() is threading.main_thread()  # signals: the main thread only
    previous = signal.signal(signal.SIGTERM, stop) if main else None
    log = (tmp_path / "lab.log").open("w")
    proc: subprocess.Popen[bytes] | None = None
    try:
        for _attempt in range(5):  # another process may take the free port before the server does
            port = _free_port()
            proc = subprocess.Popen(_lab_command(port, root), cwd=root, env=env, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            url = f"http://127.0.0.1:{port}"
            if _wait_ready(proc, url, tmp_path / "lab.log"):
                break
            _stop(proc)
        else:
            pytest.fail("JupyterLab could not listen on a free port (5 tries):\n"
                        + (tmp_path / "lab.log").read_text()[-3000:])
        yield url
    finally:
        if proc is not None:
            _stop(proc)
        log.close()
        if main:
            signal.signal(signal.SIGTERM, previous)


def _lab_command(port: int, root: Path) -> list[str]:
    return [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
            "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={root}",
            "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]


def _wait_ready(proc: subprocess.Popen[bytes], url: str, log: Path) -> bool:
    """Wait until the server answers both its status API and the Lab page: True; False when it
    exited because its port was taken; the test fails on any other exit or after ``START_S``."""
    deadline = time.monotonic() + START_S
    ready = {f"{url}/api/status": False, f"{url}/lab": False}
    while not all(ready.values()):
        if proc.poll() is not None:
            text = log.read_text()
            if "already in use" in text or "Address already" in text:
                return False
            pytest.fail(f"JupyterLab exited with {proc.returncode}:\n" + text[-3000:])
        for address, ok in ready.items():
            if not ok:
                try:
                    with urllib.request.urlopen(address, timeout=10) as r:
                        ready[address] = r.status == 200
                except OSError:
                    pass
        if time.monotonic() > deadline:
            pytest.fail(f"JupyterLab did not answer within {START_S} s:\n" + log.read_text()[-3000:])
        if not all(ready.values()):
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=0.2)  # polls the server: returns at once if it exits
    return True


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server (it shuts its kernels down), then anything left in its process group."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


COUNT_LOG = "() => document.querySelectorAll('.hs-workbench .hs-log select option').length"
KERNEL_IDLE = ("() => { const w = window.jupyterapp.shell.currentWidget; const k = w && w.sessionContext"
               " && w.sessionContext.session && w.sessionContext.session.kernel;"
               " return !!k && k.status === 'idle'; }")
WORKBENCH_OR_ERROR = (
    "() => { const e = document.querySelector(\"[data-mime-type='application/vnd.jupyter.stderr']\");"
    " if (e && /Error|Traceback/.test(e.innerText)) return e.innerText.slice(-1500);"
    " return document.querySelector('.hs-workbench button.hs-step') ? '' : null; }")
CELLS_DONE = ("() => ![...document.querySelectorAll('.jp-Cell .jp-InputPrompt')]"
              ".some(e => e.innerText.includes('*'))")
PICTURE = "() => document.querySelector('.hs-workbench .hs-picture').innerHTML"
ACCEPT = ".jp-Dialog .jp-mod-accept"  # the accept button of JupyterLab's "Select Kernel" dialog
HIDDEN_CARD = 'data-card="?"'  # a card of the picture the viewer cannot see


def _in_browser(tmp_path: Path, size: tuple[int, int], drive: Any) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": size[0], "height": size[1]})
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            expect.set_options(timeout=TIMEOUT_MS)
            console: list[str] = []
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            try:
                drive(page)
            except Exception:
                shot = tmp_path / "failure.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot: {shot}\nbrowser console:\n" + "\n".join(console[-40:]))
                raise
        finally:
            browser.close()


def test_quick_tour_workbench_in_a_real_browser(lab: str, tmp_path: Path) -> None:
    _in_browser(tmp_path, (1400, 1000), lambda page: _drive(page, lab))


def _run_notebook(page: Any, url: str) -> None:
    """Open the notebook at ``url``, start its kernel, run every cell and wait for the workbench."""
    page.goto(url)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    # the kernel may start by itself or after JupyterLab's "Select Kernel" dialog: accept it
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(KERNEL_IDLE):
        page.wait_for_function(f"({KERNEL_IDLE})() || !!document.querySelector('{ACCEPT}')")
        dialog = page.locator(ACCEPT)
        if dialog.count() and dialog.first.is_visible():
            dialog.first.click()
        assert time.monotonic() < deadline, "the notebook's kernel did not start"
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(f"({WORKBENCH_OR_ERROR})() !== null")
    error = page.evaluate(WORKBENCH_OR_ERROR)
    assert error == "", f"a notebook cell failed:\n{error}"
    page.locator(".hs-workbench button.hs-step").first.wait_for(state="visible")
    # every cell run to its end (a cell that builds several workbenches shows the first long before
    # the last on a busy machine): the kernel idle and no cell waiting or running ("[*]")
    page.wait_for_function(f"({KERNEL_IDLE})() && ({CELLS_DONE})()", timeout=3 * TIMEOUT_MS)


def _drive(page: Any, lab: str) -> None:
    _run_notebook(page, f"{lab}/lab/tree/notebooks/{NOTEBOOK.name}?reset")
    step = page.locator(".hs-workbench button.hs-step")
    step.scroll_into_view_if_needed()
    page.wait_for_function(f"({PICTURE})().includes('<svg')")
    picture0 = page.evaluate(PICTURE)
    assert page.evaluate(COUNT_LOG) == 0  # the workbench starts at the start of its game

    for k in range(1, 4):
        step.click()
        page.wait_for_function(f"({COUNT_LOG})() >= {k}")
    assert page.evaluate(COUNT_LOG) == 3
    page.wait_for_function(f"({PICTURE})() !== {json.dumps(picture0)}")
    expect(page.locator(".hs-workbench .hs-stepview")).to_contain_text("setup.markers")

    page.locator(".hs-workbench button.hs-forward").click()
    option = page.locator(".hs-workbench button.hs-option").first
    option.wait_for(state="visible")
    before = page.evaluate(COUNT_LOG)
    label = option.inner_text().strip()
    option.click()
    page.wait_for_function(f"({COUNT_LOG})() > {before}")
    log = page.locator(".hs-workbench .hs-log select")
    expect(log).to_contain_text("setup.first_player")
    expect(log).to_contain_text(re.compile("▶[\xa0 ]"))
    assert page.evaluate(PICTURE) != picture0
    assert label

    # view as P1: the other player's hand is drawn hidden ("?"); then the designer's view again
    viewer = page.locator(".hs-workbench .hs-viewer select")
    viewer.select_option(label="P1")
    page.wait_for_function(f"({PICTURE})().includes({HIDDEN_CARD!r})")
    expect(page.locator(".hs-workbench .hs-status")).to_contain_text("viewing as P1")
    viewer.select_option(label="designer (everything)")
    page.wait_for_function(f"!({PICTURE})().includes({HIDDEN_CARD!r})")


# ----------------------------------------------------------------------------- the layout and more
SHOTS = os.environ.get("HISOUTAB_SCREENSHOTS")  # a folder: also keep the screenshots there (docs/images)
BOXES = """() => { const q = (s) => document.querySelector('.hs-workbench ' + s).getBoundingClientRect();
  const svg = document.querySelector('.hs-workbench .hs-picture svg').getBoundingClientRect();
  const wb = document.querySelector('.hs-workbench').getBoundingClientRect();
  const r = (b) => [b.left, b.top, b.right, b.bottom];
  return { picture: r(q('.hs-picture')), log: r(q('.hs-log')), decision: r(q('.hs-decision')),
           svg: r(svg), workbench: r(wb), width: window.innerWidth }; }"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def _check_layout(page: Any, tmp_path: Path, name: str) -> dict[str, Any]:
    """Picture, log and decision do not overlap; the picture fits its box and the window."""
    page.evaluate("document.querySelector('.hs-workbench .hs-toolbar').scrollIntoView({block: 'start'});"
                  "document.querySelector('.hs-workbench .hs-picture').scrollTop = 0")
    boxes = _settled(page)
    for a, b in (("picture", "log"), ("picture", "decision"), ("log", "decision")):
        assert not _overlap(boxes[a], boxes[b]), f"{name}: {a} and {b} overlap: {boxes}"
    pic, svg = boxes["picture"], boxes["svg"]
    assert svg[2] <= pic[2] + 1 and svg[0] >= pic[0] - 1, f"{name}: the picture is wider than its box"
    assert pic[2] <= boxes["width"], f"{name}: the picture leaves the window: {boxes}"
    assert svg[2] - svg[0] > 300, f"{name}: the picture is too small to read: {boxes}"
    _shot(page, tmp_path, name)
    if boxes["decision"][1] >= boxes["picture"][3] - 1:  # below the picture: show that part too
        page.evaluate("document.querySelector('.hs-workbench .hs-side').scrollIntoView({block: 'start'})")
        _settled(page)
        _shot(page, tmp_path, f"{name}-below")
    return boxes


# the boxes of BOXES once they are the same over five animation frames in a row (a resize, a scroll
# or a new picture has been laid out)
SETTLED = f"""() => new Promise((resolve) => {{
  let last = null, same = 0;
  const tick = () => {{
    const now = JSON.stringify(({BOXES})());
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 5) resolve(JSON.parse(now)); else requestAnimationFrame(tick);
  }};
  requestAnimationFrame(tick);
}})"""


def _settled(page: Any) -> dict[str, Any]:
    return page.evaluate(SETTLED)


def _shot(page: Any, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


# the layout at two sizes, card faces, subsets, keys and rules links: a long drive (half a minute
# of one core), under the ``slow`` mark (``make test-long``, which CI runs); ``make test`` keeps the
# quick tour above as its real-browser smoke test
@pytest.mark.slow
def test_workbench_layout_cards_subsets_keys_and_rules_links(lab: str, tmp_path: Path) -> None:
    def drive(page: Any) -> None:
        _run_notebook(page, f"{lab}/lab/tree/notebooks/{WORKBENCH_NB}?reset")
        # the file browser is open (JupyterLab's default) at 1280×800
        expect(page.locator(".jp-FileBrowser").first).to_be_visible()
        page.wait_for_function(f"({PICTURE})().includes('<svg')")

        # keyboard: with the picture focused, → steps and ← goes back
        page.locator(".hs-workbench .hs-picture").click(position={"x": 5, "y": 5})
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"({COUNT_LOG})() >= 1")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"({COUNT_LOG})() >= 2")
        page.keyboard.press("ArrowLeft")
        expect(page.locator(".hs-workbench .hs-status")).to_contain_text("step 1/")

        # the mulligan: a checkbox per card and one confirm button per player
        page.locator(".hs-workbench button.hs-forward").click()
        item = page.locator(".hs-workbench .hs-subset-P1 input[type=checkbox]").first
        item.wait_for(state="visible")
        expect(page.locator(".hs-workbench button.hs-option")).to_have_count(0)
        item.check()
        confirm = page.locator(".hs-workbench button.hs-subset-confirm-P1")
        expect(confirm).to_contain_text("discard 1")
        confirm.click()
        expect(page.locator(".hs-workbench .hs-status")).to_contain_text("hidden")
        before = page.evaluate(COUNT_LOG)
        page.locator(".hs-workbench button.hs-subset-confirm-P2").click()
        page.wait_for_function(f"({COUNT_LOG})() > {before}")
        log = page.locator(".hs-workbench .hs-log select")
        expect(log).to_contain_text("setup.mulligan")
        expect(log).to_contain_text(re.compile("▶[\xa0 ]"))

        # a card's whole face: click a card in the picture
        card = page.locator(".hs-workbench .hs-picture [data-card]:not([data-card='?'])").first
        card.click()
        page.locator(".hs-workbench .hs-card-detail .hs-card").wait_for(state="visible")
        detail = page.locator(".hs-workbench .hs-card-detail")
        expect(detail).not_to_have_text(re.compile(r"^\s*$"))
        expect(detail).not_to_contain_text("no card face")
        # …or give another card keyboard focus: its face shows there too
        cards = page.locator(".hs-workbench .hs-picture [data-card]:not([data-card='?'])")
        other = cards.nth(1)
        other.focus()
        name = page.evaluate("(id) => document.querySelector(`.hs-workbench .hs-picture "
                             "[data-card='${id}'] title`)?.textContent ?? ''",
                             other.get_attribute("data-card"))
        shown = name.splitlines()[0].split(" · ")[0].split(" (")[0].strip() if name.strip() else ""
        assert shown, f"the focused card has no title naming it: {name!r}"
        expect(detail).to_contain_text(shown)

        # the layout at 1280×800 with the file browser open: the decision and the log below the picture
        narrow = _check_layout(page, tmp_path, "workbench-1280x800")
        assert narrow["decision"][1] >= narrow["picture"][3] - 1

        # a clause link opens its rules page
        link = page.locator(".hs-workbench .hs-stepview a.hs-clause").first
        clause = link.inner_text().strip()
        href = link.get_attribute("href") or ""
        assert "/docs/rules/" in href and href.endswith(f"#{clause}"), href
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.set_default_timeout(TIMEOUT_MS)
        rules.wait_for_load_state()
        # JupyterLab may rewrite the address once its router runs (a workspace, no anchor): the page
        # is the rules page when it shows the clause
        assert "/docs/rules/" in rules.url, rules.url
        rules.wait_for_function(f"document.body && document.body.innerText.includes({clause!r})")
        rules.close()

        # wide: 1920×1080, the log and decision beside the picture
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.wait_for_function("window.innerWidth === 1920")
        wide = _check_layout(page, tmp_path, "workbench-1920x1080")
        assert wide["decision"][0] >= wide["picture"][2] - 1, wide

    _in_browser(tmp_path, (1280, 800), drive)
