"""Ways to see games and rules: terminal renderables (and, later, pictures and graphs)."""
