"""Re-running a line of play: the same choices on a new game, of the same ruleset or of another.

:func:`replay` plays recorded choices on a game and says where they stop fitting. Under another
ruleset (:func:`rerun_under`) the two rulesets must share a vocabulary: the target ruleset declares
it for the source in ``compatible_with`` (a plain mapping, read with ``getattr``)::

    compatible_with = {
        "hisoutab-0.45.2": {
            "setup": {"characters": "characters"},       # its setup field -> this one's
            "kinds": {"play": "play"},                   # its decision kind -> this one's (default: the same)
            "labels": {"play": {"take recovery": "wait"}},  # its label -> this one's (default: the same)
            "as_options": {"first player": {"P1 goes first": {"setup.first_player": "p1"}}},
            "not_here": {"mulligan": "why its mulligan has no counterpart here",
                         "spell": {"passes": ["no spell"], "why": "…"}},  # others part the lines
            "only_here": {"skill": "why this ruleset's extra choice is answered with the first option",
                          "cancel": {"answer": "no cancel", "why": "…"}},
        },
    }

A decision kind under ``only_here`` is one the source line never meets: each player takes the
declared ``answer`` (or the first option offered), and the notes say so. A kind under ``not_here``
is a choice of the source line the target never asks: it is passed over — only the ``passes``
labels when some are declared, another label parts the lines there (``as_options`` first turns
such a choice into rule options of the new game when it can). The rule options both rulesets
declare under one name keep the source's values. Everything else is compared by label; where a
label is not offered, or another decision comes, the lines part and :attr:`Rerun.report` says
where and why. No game is named here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.errors import IllegalChoice, InputError, OptionError
from hisoutab.engine.game import Game, Step
from hisoutab.engine.ruleset import get_ruleset

__all__ = ["VOCABULARY_KEYS", "Rerun", "Vocabulary", "decision_kind", "options_from_choices", "replay",
           "rerun_under", "vocabulary"]

VOCABULARY_KEYS = ("setup", "kinds", "labels", "as_options", "not_here", "only_here")


@dataclass(frozen=True)
class Vocabulary:
    """What a target ruleset shares with a source ruleset (see the module docstring)."""

    source: str
    target: str
    setup: Mapping[str, str] = field(default_factory=dict)
    kinds: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    as_options: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    not_here: Mapping[str, Any] = field(default_factory=dict)
    only_here: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def identity(cls, ruleset_id: str) -> Vocabulary:
        """A ruleset shares everything with itself."""
        return cls(ruleset_id, ruleset_id)

    @property
    def own(self) -> tuple[frozenset[str], frozenset[str]]:
        """The decision kinds only the source asks and only the target asks (for
        :func:`~hisoutab.presentation.compare.compare_games`)."""
        return frozenset(self.not_here), frozenset(self.only_here)

    def kind(self, source_kind: str) -> str:
        return self.kinds.get(source_kind, source_kind)

    def label(self, kind: str, label: str) -> str:
        return self.labels.get(kind, {}).get(label, label)

    def passes(self, kind: str) -> tuple[str, ...] | None:
        """The labels of a ``not_here`` kind that may be passed over (None: any)."""
        entry = self.not_here.get(kind)
        return tuple(entry["passes"]) if isinstance(entry, Mapping) and "passes" in entry else None

    def why_not_here(self, kind: str) -> str:
        entry = self.not_here.get(kind, "")
        return str(entry.get("why", "")) if isinstance(entry, Mapping) else str(entry)

    def answer(self, kind: str, offered: tuple[str, ...]) -> str:
        """How an ``only_here`` decision is answered: the declared label when offered, else the
        first option."""
        entry = self.only_here.get(kind)
        wanted = entry.get("answer") if isinstance(entry, Mapping) else None
        return wanted if wanted in offered else offered[0]

    def answer_text(self, kind: str) -> str:
        entry = self.only_here.get(kind)
        wanted = entry.get("answer") if isinstance(entry, Mapping) else None
        return f"'{wanted}' (else the first option)" if wanted else "the first option"

    def why_only_here(self, kind: str) -> str:
        entry = self.only_here.get(kind, "")
        return str(entry.get("why", "")) if isinstance(entry, Mapping) else str(entry)


def vocabulary(source: Any, target: Any) -> Vocabulary:
    """The vocabulary ``target`` declares for ``source`` (rulesets or ids); a pair that shares none
    is refused with a message saying so."""
    src, tgt = _ruleset(source), _ruleset(target)
    if src.id == tgt.id:
        return Vocabulary.identity(src.id)
    declared = getattr(tgt, "compatible_with", {}) or {}
    raw = declared.get(src.id)
    if raw is None:
        shared = sorted(declared)
        raise InputError(
            f"{tgt.id} shares no vocabulary with {src.id}: a line of {src.id} cannot be re-run under "
            f"{tgt.id} (its setup, decisions and cards mean nothing there)"
            + (f"; {tgt.id} declares one for {', '.join(shared)}" if shared else ""),
            field="ruleset")
    if not isinstance(raw, Mapping) or any(k not in VOCABULARY_KEYS for k in raw):
        bad = sorted(k for k in raw if k not in VOCABULARY_KEYS) if isinstance(raw, Mapping) else []
        raise InputError(f"{tgt.id}.compatible_with[{src.id!r}]: expected a mapping of "
                         + ", ".join(VOCABULARY_KEYS) + (f"; unknown: {', '.join(bad)}" if bad else ""),
                         field="compatible_with")
    for k, v in raw.items():
        if not isinstance(v, Mapping):
            raise InputError(f"{tgt.id}.compatible_with[{src.id!r}].{k}: expected a mapping, got "
                             f"{type(v).__name__}", field="compatible_with")
    return Vocabulary(src.id, tgt.id, **{k: dict(v) for k, v in raw.items()})


def _ruleset(r: Any) -> Any:
    return get_ruleset(r) if isinstance(r, str) else r


@dataclass
class Rerun:
    """A line re-run: the new ``game``, how many of the ``total`` recorded choices were played,
    where and why the lines parted (``parted``, "" when they did not) and what was mapped
    (``notes``)."""

    game: Game
    total: int
    vocab: Vocabulary | None = None
    replayed: int = 0
    source: Game | None = None  # the game whose line was re-run (its cards are named too)
    passed: int = 0  # choices of kinds the target never asks, passed over
    parted: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def report(self) -> str:
        """``all 24 choices replayed`` (``… carried over: 22 by label, 2 passed over``) or
        ``diverged at choice 3 of 24 (step 40): …``, then the notes."""
        head = self.parted or f"all {self.total} choices replayed"
        if not self.parted and self.passed:
            head = (f"all {self.total} choices carried over: {self.replayed} by label, "
                    f"{self.passed} passed over")
        return self._named(head + "".join(f"; {n}" for n in self.notes))

    def _named(self, text: str) -> str:
        """``text`` with the cards it names by id (an instance ``P1/orb_upgrade#1`` or, inside a
        label, the card's id ``orb_upgrade``) named as a reader knows them."""
        from .step import card_names, named_text

        names = card_names(self.game.ctx, self.game.initial)
        if self.source is not None:
            names = {**card_names(self.source.ctx, self.source.initial), **names}
        by_id = {iid.split("/", 1)[-1].split("#", 1)[0]: name for iid, name in names.items()}
        # a card's bare id is named only inside a quoted label ('play orb_upgrade'): elsewhere it
        # may be a word of the sentence ("step")
        return re.sub(r"'([^']*)'", lambda m: "'" + named_text(m.group(1), by_id) + "'",
                      named_text(text, names))


def replay(game: Game, choices: Iterable[Step], max_steps: int = 100_000,
           vocab: Vocabulary | None = None,
           kind_of: Callable[[Step], str | None] | None = None) -> Rerun:
    """Play the recorded ``choices`` (steps with a choice) on ``game``, running the automatic steps
    between them, through ``vocab`` (default: the same ruleset). ``kind_of`` tells the decision
    kind each recorded choice answered (default: not told, not checked)."""
    choices = list(choices)
    vocab = vocab or Vocabulary.identity(game.ruleset.id)
    out = Rerun(game, len(choices), vocab)
    answered: set[str] = set()
    passed: dict[str, int] = {}
    k = 0
    while k < len(choices):
        old = choices[k]
        choice = old.choice or {}
        kind = kind_of(old) if kind_of is not None else None
        where = f"diverged at choice {k + 1} of {len(choices)} (step {old.index})"
        if kind is not None and kind in vocab.not_here:
            passes = vocab.passes(kind)
            refused = [f"{p} {c!r}" for p, c in choice.items() if passes is not None and c not in passes]
            if refused:
                out.parted = (f"{where}: {', '.join(refused)} ({kind}) has no counterpart in "
                              f"{vocab.target}: {vocab.why_not_here(kind)}")
                break
            passed[kind] = passed.get(kind, 0) + 1
            k += 1
            continue
        game.run(until="decision", max_steps=max_steps)
        d = game.pending
        if d is None:
            out.parted = f"{where}: the game {'is over' if game.over else 'asks nothing'} there"
            break
        if d.kind in vocab.only_here:
            answers = {p: vocab.answer(d.kind, d.labels(p)) for p in d.players}
            game.choose(answers if d.joint else answers[d.players[0]])
            answered.add(d.kind)
            continue
        if tuple(d.players) != tuple(choice) or (kind is not None and d.kind != vocab.kind(kind)):
            asked = f"{', '.join(d.players)} must decide ({d.kind})"
            had = f"{', '.join(choice)} ({kind})" if kind else ", ".join(choice)
            out.parted = f"{where}: {asked}, where the line has {had}"
            break
        mapped = {p: vocab.label(kind or d.kind, c) for p, c in choice.items()}
        bad = [f"{p} {c!r}" for p, c in mapped.items() if c not in d.labels(p)]
        if bad:
            offered = "; ".join(f"{p}: " + ", ".join(d.labels(p)[:8])
                                + (" …" if len(d.labels(p)) > 8 else "") for p in d.players)
            verb = "is" if len(bad) == 1 else "are"
            out.parted = (f"{where}: {', '.join(bad)} {verb} not offered there ({d.kind}; offered: "
                          f"{offered})")
            break
        try:
            game.choose(dict(mapped) if d.joint else mapped[d.players[0]])
        except IllegalChoice as exc:
            out.parted = f"{where}: {exc}"
            break
        out.replayed += 1
        k += 1
    else:  # the line is used up: what only the target asks is still answered, up to the next decision
        game.run(until="decision", max_steps=max_steps)
        while (d := game.pending) is not None and d.kind in vocab.only_here:
            answers = {p: vocab.answer(d.kind, d.labels(p)) for p in d.players}
            game.choose(answers if d.joint else answers[d.players[0]])
            answered.add(d.kind)
            game.run(until="decision", max_steps=max_steps)
    out.passed = sum(passed.values())
    for kind in sorted(passed):
        out.notes.append(f"{passed[kind]} '{kind}' choice(s) passed over: {vocab.why_not_here(kind)}")
    for kind in sorted(answered):
        out.notes.append(f"'{kind}' (asked only in {vocab.target}) answered with "
                         f"{vocab.answer_text(kind)}: {vocab.why_only_here(kind)}")
    return out


def rerun_under(game: Game, ruleset: Any, *, max_steps: int = 100_000) -> Rerun:
    """Play the choices of ``game``'s line (up to its cursor) again under ``ruleset``, from its
    standard setup with the same seed: the setup and the rule options mapped through the
    vocabulary the rulesets share (refused when they share none), then the choices by label."""
    target = _ruleset(ruleset)
    vocab = vocabulary(game.ruleset, target)
    notes: list[str] = []
    setup = {}
    for key, value in (game.setup or {}).items():
        if key in vocab.setup:
            setup[vocab.setup[key]] = value
        elif target.id == game.ruleset.id:
            setup[key] = value
        else:
            notes.append(f"setup {key} left out (no counterpart in {target.id})")
    steps = [s for s in game.history if s.choice is not None]
    options = _options(game, target, notes)
    chosen, said = options_from_choices(game, vocab)
    options.update(chosen)
    notes += said
    try:
        other = Game(target, seed=game.seed, options=options, setup=setup)
    except InputError as exc:
        raise InputError(f"the setup does not carry over to {target.id}: {exc}", field="setup") from None
    result = replay(other, steps, max_steps, vocab, lambda s: decision_kind(game, s))
    result.notes[:0] = notes
    result.source = game
    return result


def options_from_choices(game: Game, vocab: Vocabulary) -> tuple[dict[str, Any], list[str]]:
    """The rule options of the target that choices of ``game``'s line become (``as_options``),
    and a note for each."""
    options: dict[str, Any] = {}
    notes: list[str] = []
    for step in game.history:
        if step.choice is None:
            continue
        kind = decision_kind(game, step)
        table = vocab.as_options.get(kind or "", {})
        for p, label in step.choice.items():
            if label in table:
                options.update(table[label])
                notes.append(f"{p}'s '{label}' ({kind}) becomes "
                             + ", ".join(f"{k} = {v}" for k, v in table[label].items()))
    return options, notes


def decision_kind(game: Game, step: Step) -> str | None:
    """The kind of the decision a recorded step of ``game`` answered (None: it answered none)."""
    from .compare import decision_at

    d = decision_at(game.ruleset, game.ctx, step.before)
    return None if d is None else str(d.kind)


def _options(game: Game, target: Any, notes: list[str]) -> dict[str, Any]:
    """The rule options the source changed that the target declares under the same name and
    accepts; the others are said to be left out."""
    changed = game.options.changed(game.ruleset.options)
    if target.id == game.ruleset.id:
        return dict(changed)
    known = {o.name for o in target.options}
    out: dict[str, Any] = {}
    for name, value in changed.items():
        if name not in known:
            notes.append(f"option {name} = {value} left out (not an option of {target.id})")
            continue
        try:
            target.options.resolve({name: value})
        except OptionError as exc:
            notes.append(f"option {name} left out ({exc.detail})")
            continue
        out[name] = value
    return out
