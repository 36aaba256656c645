"""How Recast Rift is shown (the generic presentation until its own pictures are drawn)."""

from __future__ import annotations

from hisoutab.presentation.base import Presentation

PRESENTATION = Presentation(ruleset_id="recast-rift", rules_doc="docs/rules/recast-rift.md")
