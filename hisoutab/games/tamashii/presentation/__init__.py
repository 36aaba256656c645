"""TAMASHII's presentation: the generic picture, the state as terminal text (the map, each
player's board and enemy row), and every card in words."""

from .text import PRESENTATION, TamashiiPresentation

__all__ = ["PRESENTATION", "TamashiiPresentation"]
