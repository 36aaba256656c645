"""TAMASHII: a co-operative game for one to four players against the game itself (clauses
``TM-…``, reference ``reference.md``)."""
