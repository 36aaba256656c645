"""Turning scenarios into notebooks (imports the Jupyter packages only when called)."""

from .scenario import scenario_notebook

__all__ = ["scenario_notebook"]
