"""A co-operative toy (ruleset ``toy-coop``) written only against the engine's ruleset contract:
1 to 4 explorers win or lose together; a 3×3 map of face-down tiles (a hidden grid whose cells play
turns face up), a bag of tokens drawn at random, two dice rolled at once against an enemy's die.
``tests.toy`` registers it beside the dice race."""

from .ruleset import RULESET, ToyCoop

__all__ = ["RULESET", "ToyCoop"]
