"""The clause IDs of the toy's rules reference (``reference.md``), the readings its options name, and
the clause only an option reaches."""

from __future__ import annotations

CLAUSES: dict[str, str] = {
    "TOY-GOAL": "The first racer to reach the last square of the track wins at once.",
    "TOY-SETUP-DECK": "Shuffle the boost cards into a face-down deck.",
    "TOY-SETUP-HAND": "Each racer draws a hand of boost cards, hidden from the others.",
    "TOY-SETUP-FIRST": "Pick the first racer at random.",
    "TOY-ROUND": "A round begins.",
    "TOY-BOOST": "Every racer holding cards chooses in secret: play one boost card, or pass.",
    "TOY-REVEAL": "The choices are revealed together; played cards lie face up.",
    "TOY-ROLL": "In turn order from the first racer, each racer rolls the dice.",
    "TOY-MOVE": "The racer moves the dice plus the boost, stopping on the last square.",
    "TOY-DOUBLE": "Two dice showing the same face move the racer one more square.",
    "TOY-DISCARD": "A played boost card goes to the shared discard pile.",
    "TOY-SPRINT": "Each racer owns a sprint card (+4); played, it is set aside before its owner.",
    "TOY-DRAW": "A racer who played draws back up to the hand size.",
    "TOY-RESHUFFLE": "An empty deck is replaced by the discard pile, shuffled.",
    "TOY-ROTATE": "The first-racer token passes to the next racer.",
    "TOY-LIMIT": "After the last round the game is a draw.",
    "TOY-END": "The game ends.",
}

#: the readings: points the rules leave open, each one a rule option
READINGS: dict[str, str] = {
    "TOY-R1": "How many faces the die has.",
    "TOY-R2": "How many cards a hand holds.",
    "TOY-R3": "How many rounds the race lasts at most.",
    "TOY-R4": "Whether the first-racer token passes on after each round.",
    "TOY-R5": "How many dice a racer rolls.",
}

#: a clause that random games with the default options never reach: the option that switches it on
REACHED_WITH: dict[str, dict[str, object]] = {"TOY-DOUBLE": {"dice.count": 3}}
