"""Ways to see games as text and HTML: terminal renderables (rich) and the step view. Pictures are
in :mod:`hisoutab.pictures`, graphs in :mod:`hisoutab.graphs`."""
