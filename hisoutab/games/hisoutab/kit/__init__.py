"""The drawing kit and the loaders both HisouTab versions share (0.45.2 and its draft). Each module
takes what a version's rules make different (clause IDs, wording, fields) as arguments; nothing here
knows one version. The rules' modules (cards, context, state, ruleset) import no drawing module."""
