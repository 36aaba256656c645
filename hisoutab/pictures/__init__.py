"""SVG pictures of HisouTab states: the board, the timeline strip and both players' panels.

>>> from hisoutab.pictures import StatePicture, render_state_svg
>>> svg = render_state_svg(game.ctx, game.state, highlight=[(3, 0)])  # doctest: +SKIP
>>> StatePicture(game.ctx, game.state).save("state.svg")  # doctest: +SKIP

Standard library only; the output is plain SVG text, byte-identical for the same arguments.
"""

from .board import attack_cells
from .picture import StatePicture, render_state_svg

__all__ = ["StatePicture", "attack_cells", "render_state_svg"]
