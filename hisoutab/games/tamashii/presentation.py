"""TAMASHII's presentation: the generic one for now."""

from __future__ import annotations

from hisoutab.presentation.base import Presentation

PRESENTATION = Presentation()
