"""The workbench on every registered ruleset (the toy one too, with ``HISOUTAB_PLUGINS=tests.toy``):
step, decide, go back, view as each player, edit, export and re-run — headless, with no exception and
no traceback logged by the widgets' callbacks."""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from hisoutab import Game
from hisoutab.engine.errors import HisoutabError
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.presentation import presentation_for
from hisoutab.scenarios import load_scenario
from hisoutab.widgets import Workbench
from hisoutab.widgets.editing import NoSuchEdit

RULESETS = sorted(all_rulesets())
SEED = 1
HREF = re.compile(r'<a class="hs-clause" href="([^"]*)" target="_blank">([^<]*)</a>')


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def log() -> Iterator[list[logging.LogRecord]]:
    """The warnings the widgets log through traitlets (a callback's traceback lands there)."""
    handler = _Records()
    logger = logging.getLogger("traitlets")
    logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        logger.removeHandler(handler)


def _quiet(log: list[logging.LogRecord]) -> None:
    assert not log, [r.getMessage() for r in log]


def _bench(rs_id: str) -> Workbench:
    return Workbench(Game(rs_id, seed=SEED))


def _to_decision(wb: Workbench) -> None:
    wb.b_forward.click()
    assert wb.game.pending is not None or wb.game.over


def _deciders(wb: Workbench) -> set[str]:
    """The players whose options the decision box shows (buttons or a subset form)."""
    return set(wb.decisions.buttons) | set(wb.decisions.subsets)


def _choose_first(wb: Workbench) -> dict[str, str]:
    """Click the first option button of every deciding player; the labels clicked."""
    d = wb.game.pending
    chosen = {}
    for p in d.players:
        form = wb.decisions.subsets.get(p)
        if form is not None:  # a subset choice: tick cards, then confirm
            if form.confirm.disabled and form.items:
                form.select([form.items[0].hs_value])
            assert form.confirm.tooltip in d.labels(p)
            chosen[p] = form.confirm.tooltip
            form.confirm.click()
            continue
        buttons = wb.option_buttons(p)
        assert [b.hs_label for b in buttons] == list(d.labels(p))
        assert all(b.description for b in buttons)  # the words people read
        chosen[p] = buttons[0].hs_label
        buttons[0].click()
    return chosen


@pytest.mark.parametrize("rs_id", RULESETS)
def test_step_decide_back_and_goto(rs_id: str, log: list[logging.LogRecord]) -> None:
    wb = _bench(rs_id)
    assert wb.game.cursor == 0 and "<svg" in wb.picture.value and "start of the line" in wb.step_view.value
    pic0 = wb.picture.value
    wb.b_step.click()
    assert wb.game.cursor == 1 and len(wb.log_view.options) == 1 and wb.slider.max == 1
    assert wb.game.history[0].name in wb.step_view.value
    # clause links: the presentation's URL, relative to notebooks/ when it is a repository path
    pres = presentation_for(wb.game.ruleset)
    links = HREF.findall(wb.step_view.value)
    assert [c for _, c in links] == list(wb.game.history[0].clauses)
    for href, clause in links:
        url = pres.clause_url(html.unescape(clause))
        assert html.unescape(href) == (url if "://" in url else "../" + url)
    _to_decision(wb)
    assert wb.game.pending is not None, f"{rs_id}: no decision at seed {SEED}"
    assert wb.picture.value != pic0
    n = wb.game.cursor
    chosen = _choose_first(wb)
    assert wb.game.cursor == n + 1 and wb.game.history[-1].choice == chosen
    assert "▶" in wb.log_view.options[-1][0]
    wb.b_back.click()
    assert wb.game.cursor == n and wb.game.pending is not None and _deciders(wb)
    wb.slider.value = 1
    assert wb.game.cursor == 1 and wb.log_view.value == 0
    wb.slider.value = wb.slider.max
    assert wb.game.cursor == n + 1 and wb.game.history[-1].choice == chosen
    assert f"step {n + 1}/{n + 1}" in wb.status.value
    _quiet(log)


def _until_something_hidden(wb: Workbench, decisions: int = 40) -> bool:
    """Auto-play until some player's view differs from the state (True), or give up."""
    g = wb.game
    wb.auto.value = True
    try:
        for _ in range(decisions):
            if any(g.ruleset.view(g.ctx, g.state, p) != g.state for p in g.players):
                return True
            if g.over:
                return False
            wb.b_forward.click()
    finally:
        wb.auto.value = False
    return False


@pytest.mark.parametrize("rs_id", RULESETS)
def test_view_as_each_player(rs_id: str, log: list[logging.LogRecord]) -> None:
    wb = _bench(rs_id)
    g = wb.game
    assert [v for _, v in wb.view_as.options] == ["", *g.players]
    hidden = _until_something_hidden(wb)
    assert hidden == g.ruleset.capabilities.hidden_information, "views differ only with hidden information"
    designer = wb.picture.value
    for p in g.players:
        wb.view_as.value = p
        assert wb.viewing == p and f"viewing as <b>{p}</b>" in wb.status.value
        # a card the designer's picture names but the player cannot see (another player's hand);
        # a hidden pile's order is not drawn at all, so hiding it changes no picture
        owner_only = [z for z in g.ruleset.zones if z.holds_cards and z.visibility == "owner"]
        masked = any(c in designer for q in g.state.players if q.name != p for z in owner_only
                     for c in z.cards(q))  # drawn for the designer, hidden from p
        if masked:
            assert wb.picture.value != designer, f"{p}'s view is drawn as the designer's"
        d = g.pending
        if d is not None:  # only the viewer's options: none when another player decides
            assert _deciders(wb) == ({p} if p in d.players else set())
            if p in d.players and p not in wb.decisions.subsets:
                assert [b.hs_label for b in wb.option_buttons()] == list(d.labels(p))
    wb.view_as.value = ""
    assert wb.viewing is None and wb.picture.value == designer
    d = g.pending
    if d is not None:
        assert _deciders(wb) == set(d.players)
    _quiet(log)


@pytest.mark.parametrize("rs_id", RULESETS)
def test_a_simultaneous_choice_stays_hidden_from_the_other_player(rs_id: str,
                                                                  log: list[logging.LogRecord]) -> None:
    wb = _bench(rs_id)
    g = wb.game
    if not g.ruleset.capabilities.simultaneous:
        pytest.skip(f"{rs_id} has no simultaneous decision")
    wb.auto.value = True
    for _ in range(40):
        if g.over or (g.pending is not None and g.pending.joint):
            break
        wb.b_forward.click()
    wb.auto.value = False
    d = g.pending
    assert d is not None and d.joint, f"{rs_id}: no simultaneous decision within 40 decisions"
    first, second = d.players[0], d.players[1]
    wb.view(first)
    form = wb.decisions.subsets.get(first)
    if form is not None:
        label = form.confirm.tooltip
        form.confirm.click()
    else:
        label = wb.option_buttons(first)[0].hs_label
        wb.option_buttons(first)[0].click()
    assert g.hidden_choices() == (first,)
    wb.view(second)
    text = " ".join(getattr(w, "value", "") for w in wb.decision_box.children)
    assert f"<b>{first}</b>: <i>has chosen (hidden)</i>" in text
    assert _deciders(wb) == {second} and label not in wb.status.value
    assert not any(b.disabled for b in wb.option_buttons(second))
    if second in wb.decisions.subsets:
        assert not wb.decisions.subsets[second].confirm.disabled
    _quiet(log)


def _counter_zone(wb: Workbench, player: str, counter: str):
    g = wb.game
    zone = next(z for z in g.ruleset.zones if z.name == counter and z.kind == "counter")
    if player == "shared":
        assert zone.owner == "shared"
        return getattr(g.state, zone.attr)
    record = next(p for p in g.state.players if p.name == player)
    return getattr(record, zone.attr)


@pytest.mark.parametrize("rs_id", RULESETS)
def test_generic_edits_accepted_and_refused(rs_id: str, log: list[logging.LogRecord]) -> None:
    wb = _bench(rs_id)
    _to_decision(wb)
    g0 = wb.game
    offered = [op.name for op in presentation_for(g0.ruleset).edits(g0.ruleset)]
    assert list(wb.edit_ops) == offered and [v for _, v in wb.e_op.options] == offered
    assert "counter" in offered or "move" in offered  # the generic edits of the declared zones
    if "counter" in wb.edit_ops:
        wb.e_op.value = "counter"
        f = wb.e_fields
        player, counter = f["player"].value, f["counter"].value
        value = _counter_zone(wb, player, counter)
        assert f["value"].value == (value if isinstance(value, int) else 0)  # the default: the state's
        if isinstance(value, int):
            wb.b_apply.click()  # the same value: the same state, in a new game
            assert "accepted" in wb.e_msg.value and "hs-accepted" in wb.e_msg.value, wb.e_msg.value
            assert wb.game is not g0 and wb.game.state == g0.state and wb.lines.value == "edit-1\tmain"
        n = len(wb.games)
        assert not wb.apply_edit("counter", counter="no such counter")
        assert "refused" in wb.e_msg.value and "no counter" in wb.e_msg.value and len(wb.games) == n
    if "move" in wb.edit_ops:
        wb.e_op.value = "move"
        f = wb.e_fields
        card = f["card"].value
        offered = [o[1] if isinstance(o, tuple) else o for o in f["card"].options]
        assert card is not None and card in offered
        pres = presentation_for(wb.game.ruleset)
        for o in f["card"].options:  # a card the presentation names is shown by its name, never its id
            value = o[1] if isinstance(o, tuple) else o
            name = pres.card_name(wb.game.ctx, value)
            if name != value:
                assert isinstance(o, tuple) and o[0].startswith(name) and value not in o[0], o
        owner, zone = wb.game.ruleset.zone_of(wb.game.state, card)
        assert (owner or "shared") == f["player"].value
        n, state = len(wb.games), wb.game.state
        assert not wb.apply_edit("move", zone=zone.name)  # a card into the zone it is in
        assert "hs-refused" in wb.e_msg.value and "already in" in wb.e_msg.value
        assert len(wb.games) == n and wb.game.state is state
    with pytest.raises(NoSuchEdit, match="offers no edit 'no such edit'"):
        wb.apply_edit("no such edit")
    if "add_bullet" not in wb.edit_ops:
        with pytest.raises(NoSuchEdit, match=f"{rs_id} offers no edit 'add_bullet'"):
            wb.add_bullet()
    _quiet(log)


@pytest.mark.parametrize("rs_id", RULESETS)
def test_export_state_and_line_and_load_back(rs_id: str, tmp_path: Path,
                                             log: list[logging.LogRecord]) -> None:
    wb = _bench(rs_id)
    _to_decision(wb)
    target = wb.export_state(tmp_path / "state.yaml")
    assert target is not None and "equal state" in wb.x_msg.value, wb.x_msg.value
    assert load_scenario(target).start_state == wb.game.state
    _choose_first(wb)
    wb.b_forward.click()
    line = wb.export_line(tmp_path / "line.yaml")
    assert line is not None and "exported and re-checked: passed" in wb.x_msg.value, wb.x_msg.value
    _quiet(log)


def _fits(rs_id: str, game: Game) -> bool:
    """A line can move to ``rs_id`` when that ruleset shares a vocabulary with the game's and its
    setup carries over."""
    from hisoutab.presentation.rerun import vocabulary

    try:
        vocabulary(game.ruleset, rs_id)
        Game(rs_id, seed=game.seed, setup=game.setup)
    except HisoutabError:
        return False
    return True


@pytest.mark.parametrize("rs_id", RULESETS)
def test_rerun_under_every_ruleset(rs_id: str, log: list[logging.LogRecord]) -> None:
    wb = _bench(rs_id)
    _to_decision(wb)
    _choose_first(wb)
    mine = wb.game
    assert wb.compare_box.layout.display == "none"
    for other in RULESETS:
        wb.r_name.value = other
        wb.b_rerun_ruleset.click()
        assert wb.game is mine  # the workbench keeps playing its own game
        if not _fits(other, mine):
            assert "hs-refused" in wb.o_msg.value and other not in wb.compared
            continue
        there = wb.compared[other]
        assert there.ruleset.id == other
        assert html.escape(str(there.result()), quote=True) in wb.o_msg.value  # Result.__str__
        assert f"there: {html.escape(str(there.result()), quote=True)}" in wb.o_msg.value
        assert wb.compare_box.layout.display == "flex" and wb.shown_compared == other
        assert "<svg" in wb.compare_view.value and other in wb.compare_view.value
    wb.b_compare_close.click()
    assert wb.compare_box.layout.display == "none" and wb.shown_compared is None
    _quiet(log)
