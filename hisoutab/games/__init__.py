"""The games on the engine, one folder each; each version of a game holds its rules,
presentation and data. Rulesets are found through the ``hisoutab.rulesets`` entry points."""
