"""How the HisouTab draft is shown (the generic presentation until its own pictures are drawn)."""

from __future__ import annotations

from hisoutab.presentation.base import Presentation

PRESENTATION = Presentation(ruleset_id="hisoutab-draft", rules_doc="docs/rules/hisoutab-draft.md",
                            aliases={"facing": {"right": 1, "left": -1}})
