"""A real browser against JupyterLab: on each ruleset, the chance panel forces an outcome of each
kind the ruleset declares, the next step shows it, and a forced outcome at an earlier step starts a
new line.

For each ruleset and kind the test finds, with the library, a moment just before a step that draws
that kind and an outcome that step would take (a legal one, other than what chance gave), then opens a
notebook that replays the same choices to that moment and shows a workbench per kind. In the browser
it picks the kind, the player and the outcome in the panel, clicks *force*, then *step ▶*: the step
view shows the outcome, marked forced. The server, its helpers and the waits are those of
``test_lab.py`` (never a fixed sleep). With ``HISOUTAB_SCREENSHOTS`` set, a picture of each ruleset's
workbench with the chance panel open is kept there (``docs/images/workbench-<ruleset>.png``).
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from hisoutab import Game
from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.chance import kinds_declared
from hisoutab.engine.ruleset import all_rulesets

from .test_lab import SHOTS, _in_browser, _notebook, _run_notebook, _settled, lab  # noqa: F401

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(all_rulesets())
# rule options under which every declared kind is drawn (0.45.2 picks the first player only when
# setup.first_player is random)
OPTIONS: dict[str, dict[str, Any]] = {"hisoutab-0.45.2": {"setup.first_player": "random"}}
SEED = 3


def _chance_events(step: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in step.events if e.get("type") == "chance" and e.get("kind") == kind]


def _replay(rs_id: str, choices: list[dict[str, str] | None]) -> Game:
    game = Game(rs_id, seed=SEED, options=OPTIONS.get(rs_id))
    for choice in choices:
        if choice is None:
            game.step()
        else:
            game.choose(choice)
    return game


def _plan(rs_id: str, kind: str, steps: int = 3000) -> dict[str, Any]:
    """The choices up to a step that draws ``kind``, and a (player, outcome) that step takes when
    forced: checked by forcing it on a replayed game (an unforced draw from a pile leaves no
    event, so every automatic step that declares the kind is tried)."""
    game = Game(rs_id, seed=SEED, options=OPTIONS.get(rs_id))
    agent = RandomAgent(SEED)
    tried = 0
    for _ in range(steps):
        if game.over or tried > 6:
            break
        d = game.pending
        if d is not None:
            chosen = {p: agent.choose(game.state, d, p) for p in d.players}
            game.choose(chosen if d.joint else chosen[d.players[0]])
            continue
        nxt = game.next_step()
        if nxt is not None and kind in nxt.chance:
            tried += 1
            choices = [s.choice for s in game.line.steps[: game.cursor]]
            for player in (None, *game.players):
                for value in _candidates(game, kind, player):
                    trial = _replay(rs_id, choices)
                    trial.force(kind, value, player=player)
                    if any(e.get("forced") for e in _chance_events(trial.step(), kind)):
                        return {"choices": choices, "player": player, "value": value}
        game.step()
    pytest.fail(f"{rs_id}: no step draws a {kind} that can be forced within {steps} steps")


def _candidates(game: Game, kind: str, player: str | None) -> list[Any]:
    legal = list(game.chance_outcomes(kind, player))
    return legal[1:4] + legal[:1]  # not only the first, which chance may give anyway


def _code(rs_id: str, plans: dict[str, dict[str, Any]]) -> str:
    lines = [
        "import os, sys",
        f"sys.path.insert(0, {str(ROOT)!r})",
        "os.environ.setdefault('HISOUTAB_PLUGINS', 'tests.toy')",
        "from IPython.display import display",
        "from hisoutab import Game",
        "from hisoutab.widgets import Workbench",
        f"OPTIONS = {OPTIONS.get(rs_id)!r}",
        "def replay(choices):",
        f"    game = Game({rs_id!r}, seed={SEED}, options=OPTIONS)",
        "    for choice in choices:",
        "        game.step() if choice is None else game.choose(choice)",
        "    return game",
        "benches = {}",
    ]
    for kind, plan in plans.items():
        lines += [f"benches[{kind!r}] = wb = Workbench(replay({json.dumps(plan['choices'])}))",
                  "wb.children[-1].selected_index = 3  # the chance panel open",
                  "display(wb)"]
    return "\n".join(lines).replace("null", "None")


def _put(lab_url: str, name: str, code: str) -> str:
    body = json.dumps({"type": "notebook", "format": "json",
                       "content": json.loads(_notebook(code))}).encode()
    req = urllib.request.Request(f"{lab_url}/api/contents/notebooks/{name}", data=body,
                                 method="PUT", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        assert r.status in (200, 201)
    return f"{lab_url}/lab/tree/notebooks/{name}?reset"


def _label(rs_id: str, plan: dict[str, Any], kind: str) -> tuple[str, int]:
    """The words the panel's outcome list shows for the planned outcome, and how many outcomes it
    lists (a sign that the kernel has answered the choice of kind and player)."""
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    wb = Workbench(_replay(rs_id, plan["choices"]))
    wb.c_kind.value = kind
    wb.c_player.value = plan["player"] or ""
    label = next(label for label, v in wb.c_value.options if v == plan["value"])
    return label, len(wb.c_value.options)


# every ruleset's panel under the ``slow`` mark (``make test-long``, which CI runs after ``make
# test``): each costs a JupyterLab server, a notebook run and a minute of browser work, too long for
# the developer's loop; ``make test`` keeps one real-browser smoke test (test_lab.py)
@pytest.mark.slow
@pytest.mark.parametrize("rs_id", RULESETS)
def test_the_chance_panel_forces_each_declared_kind(lab: str, rs_id: str,  # noqa: F811
                                                    tmp_path: Path) -> None:
    kinds = kinds_declared(Game(rs_id).ruleset.flow)
    plans = {kind: _plan(rs_id, kind) for kind in kinds}
    labels = {kind: _label(rs_id, plans[kind], kind) for kind in kinds}
    url = _put(lab, f"chance-{rs_id}.ipynb", _code(rs_id, plans))

    def drive(page: Any) -> None:
        _run_notebook(page, url)
        benches = page.locator(".hs-workbench")
        expect(benches).to_have_count(len(kinds))
        for k, kind in enumerate(kinds):
            wb = benches.nth(k)
            plan = plans[kind]
            wb.locator(".hs-chance-kind select").wait_for(state="visible")
            options = wb.locator(".hs-chance-kind select option")
            expect(options).to_have_count(len(kinds))  # exactly the declared kinds
            _choose(wb, kind, plan["player"], *labels[kind])
            expect(wb.locator(".hs-chance-msg")).to_contain_text(f"forced {kind}")
            expect(wb.locator(".hs-chance-queue")).to_contain_text("queued")
            wb.locator("button.hs-step").click()
            shown = wb.locator(".hs-stepview .hs-chance-events")
            expect(shown).to_contain_text("forced")
            expect(shown).to_contain_text(kind)
            expect(wb.locator(".hs-chance-queue")).to_contain_text("applied on this line")
            if k == 0:
                _settled_shot(page, wb, tmp_path, f"workbench-{rs_id}")
                # back one step: forcing there starts a new line, the old one kept
                wb.locator("button.hs-back").click()
                expect(wb.locator(".hs-status")).to_contain_text(f"step {len(plan['choices'])}/")
                _choose(wb, kind, plan["player"], *labels[kind])
                expect(wb.locator(".hs-chance-msg")).to_contain_text("a new line main.1 starts")
                expect(wb.locator(".hs-lineinfo")).to_contain_text("forked from")
                wb.locator("button.hs-step").click()
                expect(wb.locator(".hs-stepview .hs-chance-events")).to_contain_text("forced")

    _in_browser(tmp_path, (1280, 800), drive)


def _choose(wb: Any, kind: str, player: str | None, label: str, count: int) -> None:
    """Pick the kind, the player and the outcome in the panel, each once the kernel has answered
    the one before, and click *force*."""
    wb.locator(".hs-chance-kind select").select_option(label=kind)
    expect(wb.locator(".hs-chance-kind select")).to_have_value(re.compile(".+"))
    wb.locator(".hs-chance-player select").select_option(label=player or "anyone")
    outcome = wb.locator(".hs-chance-value select")
    expect(outcome.locator("option")).to_have_count(count)
    expect(outcome.locator("option", has_text=label).first).to_be_attached()
    outcome.select_option(label=label)
    expect(outcome.locator("option:checked")).to_have_text(label)
    wb.locator("button.hs-chance-force").click()


def _settled_shot(page: Any, wb: Any, tmp_path: Path, name: str) -> None:
    """A picture of the workbench ``wb`` (the whole widget: its picture, the step with what chance
    decided, and the chance panel open), once its layout stopped moving; kept in
    ``HISOUTAB_SCREENSHOTS`` too when that is set."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 3600})  # the whole widget in view
    page.wait_for_function("window.innerHeight === 3600")
    wb.scroll_into_view_if_needed()
    _settled(page)
    wb.screenshot(path=str(tmp_path / f"{name}.png"))
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        wb.screenshot(path=str(Path(SHOTS) / f"{name}.png"))
    page.set_viewport_size(size)
    page.wait_for_function(f"window.innerHeight === {size['height']}")
