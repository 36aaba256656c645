"""A real browser against JupyterLab: run the quick-tour notebook and drive its workbench (step,
next decision, an option button, the "view as" selector).

JupyterLab runs on a free localhost port with HOME, JUPYTER_* and IPYTHONDIR in a temporary folder and
a copy of ``notebooks/01-quick-tour.ipynb`` (so autosave never touches the stored notebook); Playwright
drives Debian's ``/usr/bin/chromium`` (no ``playwright install``). The test is skipped only when that
browser is missing (``make system`` installs it); the server and its kernel are always stopped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "01-quick-tour.ipynb"
CHROMIUM = os.environ.get("HISOUTAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
TIMEOUT_MS = 60_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                       reason=f"no Chromium at {CHROMIUM} (run `make system` to install it)"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[str]:
    """A JupyterLab server serving a copy of the quick tour; yields its base URL."""
    home = tmp_path / "home"
    root = tmp_path / "root"
    for d in (home, root):
        d.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    env = dict(os.environ)
    env.update(HOME=str(home), IPYTHONDIR=str(home / ".ipython"),
               JUPYTER_CONFIG_DIR=str(home / ".jupyter"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
               JUPYTER_PLATFORM_DIRS="1")
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={root}",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           "--LabApp.expose_app_in_browser=True",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    def stop(signum: int, frame: Any) -> None:  # `timeout`/CI cancelling pytest: still clean up
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    log = (tmp_path / "lab.log").open("w")
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n"
                            + (tmp_path / "lab.log").read_text()[-3000:])
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("JupyterLab did not answer /api/status within 60 s:\n"
                            + (tmp_path / "lab.log").read_text()[-3000:])
            time.sleep(0.2)
        yield url
    finally:
        # stop the server (it shuts its kernels down), then anything left in its process group
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
        signal.signal(signal.SIGTERM, previous)


COUNT_LOG = "() => document.querySelectorAll('.hs-workbench .hs-log select option').length"
KERNEL_IDLE = ("() => { const w = window.jupyterapp.shell.currentWidget; const k = w && w.sessionContext"
               " && w.sessionContext.session && w.sessionContext.session.kernel;"
               " return !!k && k.status === 'idle'; }")
WORKBENCH_OR_ERROR = (
    "() => { const e = document.querySelector(\"[data-mime-type='application/vnd.jupyter.stderr']\");"
    " if (e && /Error|Traceback/.test(e.innerText)) return e.innerText.slice(-1500);"
    " return document.querySelector('.hs-workbench button.hs-step') ? '' : null; }")
PICTURE = "() => document.querySelector('.hs-workbench .hs-picture').innerHTML"
HIDDEN_CARD = 'data-card="?"'  # a card of the picture the viewer cannot see


def test_quick_tour_workbench_in_a_real_browser(lab: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(TIMEOUT_MS)
            console: list[str] = []
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            try:
                _drive(page, lab)
            except Exception:
                shot = tmp_path / "failure.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot: {shot}\nbrowser console:\n" + "\n".join(console[-40:]))
                raise
        finally:
            browser.close()


def _drive(page: Any, lab: str) -> None:
    page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}?reset")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    # the kernel may start by itself or after JupyterLab's "Select Kernel" dialog: accept it
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(KERNEL_IDLE):
        dialog = page.locator(".jp-Dialog .jp-mod-accept")
        if dialog.count() and dialog.first.is_visible():
            dialog.first.click()
        assert time.monotonic() < deadline, "the notebook's kernel did not start"
        page.wait_for_timeout(200)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    step = page.locator(".hs-workbench button.hs-step")
    page.wait_for_function(f"({WORKBENCH_OR_ERROR})() !== null")
    error = page.evaluate(WORKBENCH_OR_ERROR)
    assert error == "", f"a notebook cell failed:\n{error}"
    step.wait_for(state="visible")
    step.scroll_into_view_if_needed()
    page.wait_for_function(f"({PICTURE})().includes('<svg')")
    picture0 = page.evaluate(PICTURE)
    assert page.evaluate(COUNT_LOG) == 0  # the workbench starts at the start of its game

    for k in range(1, 4):
        step.click()
        page.wait_for_function(f"({COUNT_LOG})() >= {k}")
    assert page.evaluate(COUNT_LOG) == 3
    picture3 = page.evaluate(PICTURE)
    assert picture3 != picture0
    assert "setup.markers" in page.locator(".hs-workbench .hs-stepview").inner_text()

    page.locator(".hs-workbench button.hs-forward").click()
    option = page.locator(".hs-workbench button.hs-option").first
    option.wait_for(state="visible")
    before = page.evaluate(COUNT_LOG)
    label = option.inner_text().strip()
    option.click()
    page.wait_for_function(f"({COUNT_LOG})() > {before}")
    log_text = page.locator(".hs-workbench .hs-log select").inner_text().replace("\xa0", " ")
    assert "▶ " in log_text and "setup.first_player" in log_text, log_text[-500:]
    assert page.evaluate(PICTURE) != picture0
    assert label

    # view as P1: the other player's hand is drawn hidden ("?"); then the designer's view again
    viewer = page.locator(".hs-workbench .hs-viewer select")
    viewer.select_option(label="P1")
    page.wait_for_function(f"({PICTURE})().includes({HIDDEN_CARD!r})")
    assert "viewing as P1" in page.locator(".hs-workbench .hs-status").inner_text()
    viewer.select_option(label="designer (everything)")
    page.wait_for_function(f"!({PICTURE})().includes({HIDDEN_CARD!r})")
