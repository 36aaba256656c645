"""The mark hisoutab leaves in the pictures and graphs it writes, so that writing one again over
its own earlier output needs no ``--force`` while any other file stays protected (the formats and
their marks: :mod:`hisoutab.engine.filemarks`)."""

from __future__ import annotations

from hisoutab.engine.files import mark

__all__ = ["mark"]
