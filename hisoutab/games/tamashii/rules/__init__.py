"""TAMASHII's rules: state, zones, data, steps, the ruleset."""
