"""The clause IDs of the co-operative toy's rules reference (``reference.md``) and its readings."""

from __future__ import annotations

CLAUSES: dict[str, str] = {
    "COOP-SETUP-MAP": "Shuffle the nine tiles and lay them face down in a 3×3 map.",
    "COOP-SETUP-BAG": "Put the five trap tokens in the bag.",
    "COOP-TURN": "The explorers take turns in order, starting with P1.",
    "COOP-FLIP": "On a turn the explorer turns one face-down tile face up.",
    "COOP-TREASURE": "A treasure is taken from the map by the explorer who found it.",
    "COOP-ENEMY": "An enemy is fought: the explorer's two dice against the enemy's die plus its strength.",
    "COOP-WOUND": "A lost fight or a spark costs the party one health.",
    "COOP-TRAP": "A trap draws one token from the bag at random: a spark or a dud.",
    "COOP-EMPTY": "An empty tile does nothing.",
    "COOP-VICTORY": "When every treasure is found the party wins together.",
    "COOP-DEFEAT": "When the party's health reaches 0 the party loses together.",
    "COOP-END": "The game ends in victory or defeat.",
}

READINGS: dict[str, str] = {
    "COOP-R1": "How much health the party starts with.",
    "COOP-R2": "How strong an enemy is (added to its die).",
}
