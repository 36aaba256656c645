"""TAMASHII's rule options: one for each open ambiguity of the reference (the settled ones, A-8,
A-15, A-34, A-36, A-39, A-43, A-52 and A-53, are rules), each with its default and the reason
(the table, with the source's words, is ``docs/rules/tamashii.md``)."""

from __future__ import annotations

from hisoutab.engine.options import OptionSet, RuleOption


def _o(name: str, default: object, reading: str, doc: str, *choices: object) -> RuleOption:
    return RuleOption(name, default, reading, doc, choices=tuple(choices))


OPTIONS = OptionSet((
    RuleOption("a2.content", "", "A-2",
               "The folder of content files (campaign, board, map, bodies, classes, mods, enemies, "
               "protocols); empty: the sample content that comes with the ruleset. In a scenario file, a "
               "relative folder is read against the file's folder.", kind=str, path=True),
    _o("a3.adjacency", "orthogonal", "A-3",
       "Places on the map's layout are neighbours across an edge ('orthogonal', Reading 2) or also "
       "across a corner ('diagonal').", "orthogonal", "diagonal"),
    _o("a4.damaged", "pool", "A-4",
       "The damaged chips are one finite pool of the player count, its running out the campaign's "
       "concern ('pool', Reading 1), or each player may own at most the campaign's damaged_cap "
       "(a gain past it is not taken, a removed one goes back to the pool; 'cap', Reading 2).",
       "pool", "cap"),
    _o("a5.stats", "body", "A-5",
       "Movement and attack power are the active cyberbody's ('body', Reading 1), or the "
       "Passer-by's printed values serve as the board's for every body ('board', Reading 2).",
       "body", "board"),
    _o("a6.unlocked", "light", "A-6",
       "An unlocked cell of the rightmost column is refilled like a light cell ('light') or not, "
       "like a dark cell ('dark').", "light", "dark"),
    _o("a7.bag", "own", "A-7",
       "Each player has their own bag and storage area ('own', Reading 1), or one bag and one "
       "storage area serve all players, refills drawing from it in player order ('shared', "
       "Reading 2).", "own", "shared"),
    _o("a9.start", "board", "A-9",
       "A player starts with the player board's starting resources ('board', Reading 1), or with "
       "none, every resource at 0 ('empty', Reading 2).", "board", "empty"),
    _o("a10.order", "starting", "A-10",
       "Player order runs clockwise from the starting player ('starting', Reading 1), or by seat "
       "from P1 ('seating', Reading 2).", "starting", "seating"),
    _o("a11.window", "after_a3", "A-11",
       "The Planning purchases (equip, Memory, XP, trades) are made after A3, in one window "
       "('after_a3', Reading 2), or at any time of the Planning phase: before A1, between the "
       "steps and after A3 ('any_time', Reading 1).", "after_a3", "any_time"),
    _o("a12.action", "by_player", "A-12",
       "The Action phase in order: each player takes B1-B3 in turn, in player order ('by_player', "
       "Reading 1), or only the steps are in order: every player's B1, then every player's B2, then "
       "every player's B3, each in player order ('by_step', Reading 2).", "by_player", "by_step"),
    _o("a13.stay", True, "A-13",
       "A player may stay put in B1 (true, Reading 1), or must move when a tile is reachable.",
       True, False),
    _o("a14.district", "b2", "A-14",
       "The district action is used once, in B2 ('b2', Reading 1), or once in the Action phase, in "
       "B2 or after B3 when it was not used in B2 ('any_time', Reading 2).", "b2", "any_time"),
    _o("a16.no_enemies", "skip", "A-16",
       "A player with no enemy card skips combat ('skip', Reading 1), or still rolls and may use "
       "skills that need no target ('roll', Reading 2).", "skip", "roll"),
    _o("a18.trace_die", "type", "A-18",
       "The trace check rolls the enemy type die, an enemy on its enemy face ('type', Reading 1), "
       "or the player's combat dice, an enemy on a 6 ('combat', Reading 2).", "type", "combat"),
    _o("a19.enemy", "rolled", "A-19",
       "The trace resets when a trace die shows an enemy ('rolled', Reading 1), or when the player "
       "already has an enemy card ('row', Reading 2).", "rolled", "row"),
    _o("a20.count", "per_face", "A-20",
       "One enemy card per enemy face rolled ('per_face', Reading 1), or one card however many "
       "('one', Reading 2).", "per_face", "one"),
    _o("a21.place", "left", "A-21",
       "A card the trace check draws goes in at the far left of the enemy row, under the others "
       "('left', Reading 1, as every new enemy card), or underneath in the middle of the row (the "
       "left one of two middles, never on top of the primary; 'middle', Reading 2).", "left", "middle"),
    _o("a22.draws", "with_check", "A-22",
       "Each player's whole trace check, with its enemy draws, in turn in player order "
       "('with_check', Reading 2), or every player rolls the check (with rerolls) first and then the "
       "enemy cards are drawn in player order ('after_rolls', Reading 1).", "with_check", "after_rolls"),
    _o("a23.excess", "lost", "A-23",
       "A trace increase past the top loses the excess ('lost', Reading 1) or carries it over after "
       "the reset ('carry', Reading 2).", "lost", "carry"),
    _o("a24.refill", "empty", "A-24",
       "The refill fills only the empty light cells ('empty', Reading 1), or dumps every light "
       "cell's chip to storage first and refills them all ('clear', Reading 2).", "empty", "clear"),
    _o("a26.unlock", "cell", "A-26",
       "2 XP unlock one cell of the rightmost column ('cell', Reading 1) or the whole column "
       "('column', Reading 2).", "cell", "column"),
    _o("a27.core", "position", "A-27",
       "A code's C position asks for the core data chip's colour ('position', Reading 1), or the "
       "core data chip's colour is the one colour of the player's codes: every coloured position "
       "asks for it, the experience code's four colours excepted ('throughout', Reading 2).",
       "position", "throughout"),
    _o("a28.adjacent", "orthogonal", "A-28",
       "Programming moves and swaps go across an edge ('orthogonal', Reading 1), or across a corner "
       "too ('diagonal', Reading 2).", "orthogonal", "diagonal"),
    _o("a29.wild", "any", "A-29",
       "A wild chip fills any pattern position ('any', Reading 1), or only an any-chip position "
       "('star', Reading 2).", "any", "star"),
    _o("a30.repeat", True, "A-30",
       "The same code may run again in one B3 while the launcher matches (true, Reading 1), or "
       "each code at most once per B3 (false).", True, False),
    _o("a31.stay", "no_move", "A-31",
       "The stay trace applies to a player who does not move in B1 ('no_move', Reading 1), or to "
       "every player on the tile at Cleanup ('cleanup', Reading 2).", "no_move", "cleanup"),
    _o("a32.explore", "enter", "A-32",
       "An unrevealed place is revealed when a move ends on it, its marker resolved at once "
       "('enter', Reading 1), or revealed when a move ends next to it (at setup, next to the "
       "starting places) and its marker resolved by the first player to enter, a move never ending "
       "on an unrevealed place ('adjacent', Reading 2).", "enter", "adjacent"),
    _o("a33.enemy_reroll", False, "A-33",
       "Rerolls apply to the player's own combat dice only (false, Reading 1) or to the enemy dice "
       "too (true).", False, True),
    _o("a35.over", "leftmost", "A-35",
       "A number roll above the enemy count puts the die on the leftmost card ('leftmost', "
       "Reading 1), or no enemy attacks ('none', Reading 2).", "leftmost", "none"),
    _o("a37.decline", "pass", "A-37",
       "Declining to attack skips this pass only ('pass', Reading 1), or is final for the combat "
       "('final', Reading 2).", "pass", "final"),
    _o("a40.damage", "stays", "A-40",
       "Damage on an enemy stays into later rounds ('stays', Reading 1) or is cleared at the end of "
       "each combat ('cleared', Reading 2).", "stays", "cleared"),
    _o("a42.cap", "each", "A-42",
       "The cap of five holds for each resource ('each', Reading 1) or for all four together "
       "('total', Reading 2).", "each", "total"),
    RuleOption("a44.memory_rate", 1, "A-44",
               "The Memory one chip gain or one chip removal costs (Reading 1 and 2: 1).",
               minimum=1, maximum=5),
    _o("a45.bodies", "active", "A-45",
       "Only the active cyberbody's combat skills are used ('active', Reading 1), or both held "
       "bodies' at once ('both', Reading 2).", "active", "both"),
    _o("a46.unmarked", "combat", "A-46",
       "A skill without the icon is used once per combat, one with it any number of times "
       "('combat', Reading 1); or an unmarked skill is used once per game ('game', Reading 2).",
       "combat", "game"),
    _o("a47.transfer", "taken", "A-47",
       "A cyberbody's Transfer code is the player's once the body is taken ('taken', Reading 1), "
       "or usable only while the body is active ('active', Reading 2).", "taken", "active"),
    _o("a48.unkept", "bottom", "A-48",
       "The class mod not kept goes to the bottom of the class deck ('bottom', Reading 1), or out "
       "of the game ('removed', Reading 2).", "bottom", "removed"),
    _o("a49.held", "equipped", "A-49",
       "Only equipped mods act ('equipped', Reading 1), or held mods act too ('held', Reading 2).",
       "equipped", "held"),
    _o("a50.check", "phase_end", "A-50",
       "A learning protocol's stage is checked at the end of each of the player's Planning, Action "
       "and Combat and at Cleanup ('phase_end', Reading 1: as soon as a phase of the player's brings "
       "it about), or only at Cleanup ('cleanup', Reading 2).", "phase_end", "cleanup"),
    _o("a51.xp_code", "colours", "A-51",
       "The experience code asks for chips of four different colours, as the player board prints "
       "it ('colours', Reading 1), or for four chips of one colour in the same shape "
       "('one_colour', Reading 2).", "colours", "one_colour"),
    _o("a54.xp", "planning", "A-54",
       "Every XP purchase is made in the Planning purchases ('planning', Reading 1), or all but the "
       "class draw also at any time: windows before A1, A2 and A3 (where A-11 has one window after "
       "A3), before B1 and after B3, before the combat roll and after D1 ('any_time', Reading 2).",
       "planning", "any_time"),
    _o("a55.wild", "storage", "A-55",
       "The open chip bought with XP is gained into storage ('storage', Reading 1) or placed in an "
       "empty launcher cell when there is one ('launcher', Reading 2).", "storage", "launcher"),
    _o("a56.broken", "one", "A-56",
       "One type-die face means a broken body ('one', Reading 1), or two: the broken face and the "
       "face before it on the die ('two', Reading 2).", "one", "two"),
    _o("a58.scope", "player", "A-58",
       "A reset ends the phase for the reset player only ('player', Reading 1), or for everyone "
       "('everyone', Reading 2).", "player", "everyone"),
    _o("a59.test", "campaign", "A-59",
       "The world activities decide victory and defeat ('campaign', Reading 1), or the campaign "
       "lasts its round limit and is scored then ('rounds', Reading 2).", "campaign", "rounds"),
    _o("a60.dice", "equal", "A-60",
       "The trace check rolls as many dice as the trace value ('equal', Reading 1), or one per two "
       "points, rounded up ('bands', Reading 2).", "equal", "bands"),
    _o("a61.entry", "destination", "A-61",
       "Only the destination's entry trace applies ('destination', Reading 1), or every tile's "
       "entered along the path ('path', Reading 2).", "destination", "path"),
    _o("a62.order", "trace_first", "A-62",
       "Entering an unrevealed place: reveal, entry trace, marker ('trace_first', Reading 1), or "
       "reveal, marker, entry trace ('marker_first', Reading 2).", "trace_first", "marker_first"),
    _o("a63.place", "order", "A-63",
       "Each drawn chip goes into the next empty light cell in reading order ('order', Reading 1), "
       "or the player places the drawn chips in the refilled cells as they like ('player', "
       "Reading 2).", "order", "player"),
    _o("a64.skip", "same_step", "A-64",
       "When the number die's card has left the row, the next card to the right attacks in the "
       "same step ('same_step', Reading 1), or the skip uses up that enemy attack ('next_pass').",
       "same_step", "next_pass"),
    _o("a65.excess", "lost", "A-65",
       "Damage beyond the primary enemy's HP is lost ('lost', Reading 1) or carries over to the "
       "next primary ('carry', Reading 2).", "lost", "carry"),
    _o("a66.shelter", "relocate", "A-66",
       "The reset's move to the Shelter is a relocation ('relocate', Reading 1), or the Shelter's "
       "entry trace applies ('entry', Reading 2).", "relocate", "entry"),
    _o("a67.hp", "player", "A-67",
       "One HP track per player, whichever body is active ('player', Reading 1), or each held "
       "cyberbody its own HP: a switch brings the other body's, a body taken comes full ('body', "
       "Reading 2).", "player", "body"),
    _o("a68.reroll", False, "A-68",
       "The reset die cannot be rerolled (false, Reading 1), or a Reroll may reroll it (true).",
       False, True),
    _o("a69.memory_gain", "coloured", "A-69",
       "Memory gains a coloured chip ('coloured', Reading 1) or any chip of the supply, wild ones "
       "too ('any', Reading 2).", "coloured", "any"),
    _o("a70.power", "before", "A-70",
       "Power is paid before the combat roll ('before', Reading 1), or after it for extra dice "
       "rolled apart ('after', Reading 2).", "before", "after"),
    _o("a71.empty", "campaign", "A-71",
       "An empty enemy deck means what the campaign card says ('campaign': its enemy_deck_empty), "
       "or, overriding it, defeat, a reshuffle of the enemy discard pile, or no draw.",
       "campaign", "defeat", "reshuffle", "no_draw"),
    _o("a72.trade", "exchange", "A-72",
       "A gang-mod trade is an exchange, each player giving one unequipped gang mod ('exchange', "
       "Reading 1), or a one-way gift is allowed too ('gift', Reading 2).", "exchange", "gift"),
))
