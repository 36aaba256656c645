"""HisouTab, the tabletop edition of Touhou Hisoutensoku: rules 0.45.2 and the early draft, and
the helpers both versions share (``duel.py``)."""
