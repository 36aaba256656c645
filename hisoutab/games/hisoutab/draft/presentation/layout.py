"""Measuring and placing text for the draft's picture: the kit's text fitting
(:mod:`hisoutab.presentation.textfit`) — widths, wrapping, shrinking, rows of chips. A card name is
never cut: it is shrunk down to a smallest size, then wrapped on word boundaries."""

from __future__ import annotations

from hisoutab.presentation.textfit import Chip, Fitted, fit_text, flow_chips, text_width, wrap, wrap_parts

__all__ = ["Chip", "Fitted", "fit_text", "flow_chips", "text_width", "wrap", "wrap_parts"]
