"""The rule options of Recast Rift: one or more for each ambiguity A-1 … A-30 of the reference, and one
for each reading of the original text the reference does not list (T-1), each with its default and
the reason for it (the docs' table is ``docs/rules/recast-rift.md``)."""

from __future__ import annotations

from hisoutab.engine.options import OptionSet, RuleOption

OPTIONS = OptionSet((
    RuleOption("a1.abilities", "printed", "A-1",
               "Card abilities are card data in a closed vocabulary and the rules interpret them "
               "('printed', the reference's only Reading), or every ability is ignored and cards play "
               "by their timing, type, recast time, attack value and Graze alone ('ignored').",
               choices=("printed", "ignored")),
    RuleOption("a2.card_type", "printed", "A-2",
               "The card type is a printed marker stored in the card file ('printed', Reading 1), or it "
               "is implied by the content: an attack value makes an Attack card, a trigger event a "
               "Trigger card, a continuous [While Deployed] ability a Placement card, anything else an "
               "Action card ('implied', Reading 2).", choices=("printed", "implied")),
    RuleOption("a3.start_life", 6, "A-3",
               "The starting Life. 6: the source calls 'Life 3 or less' half (L212), and the two life "
               "cards then hold 6–4 and 3–1.", minimum=4),
    RuleOption("a4.hand_size", "public", "A-4",
               "The number of cards in a hand is public in every form of play ('public', Reading 1), or "
               "hidden from the opponent ('hidden': the view shows the opponent's hand as empty).",
               choices=("public", "hidden")),
    RuleOption("a5.cast_zone", "shared", "A-5",
               "A preempt card sits on top of the card it answers in one shared cast zone ('shared', "
               "Reading 1), or in its controller's own cast zone ('own'); the processing order is the "
               "same.", choices=("shared", "own")),
    RuleOption("a6.first_player", "random", "A-6",
               "Who takes the first turn: chosen at random (a fair method, Reading 1), or fixed.",
               choices=("random", "P1", "P2")),
    RuleOption("a6.first_draw", "draw", "A-6",
               "The first turn's Draw step draws 2 as normal ('draw', Reading 1; the hands start "
               "empty), or is skipped ('skip', Reading 2).", choices=("draw", "skip")),
    RuleOption("a7.lift_step", "turn_player", "A-7",
               "The Lift step lifts the turn player's deployed cards ('turn_player', Reading 1, as "
               "L201 words it), or both players' ('both').", choices=("turn_player", "both")),
    RuleOption("a8.normal_options", "any", "A-8",
               "Each Normal-action option may be used any number of times ('any', Reading 1), or at "
               "most once per Main phase ('once').", choices=("any", "once")),
    RuleOption("a9.may_pass", True, "A-9",
               "The turn player may end the Main phase without acting (true, Reading 1: either action "
               "'may' be done), or must act while an action is possible (false)."),
    RuleOption("a10.face_down_lift", "needs_lift", "A-10",
               "'Face down 1 and lift 1' is offered only when some deployed card can lift "
               "('needs_lift', Reading 1), or also when none can ('always').",
               choices=("needs_lift", "always")),
    RuleOption("a11.principles", "five", "A-11",
               "All five listed principles are binding and No. 5 is cited as its own principle "
               "('five', Reading 1), or No. 5 is a clarification of No. 4 and cited as No. 4 ('four'); "
               "the play is the same.", choices=("five", "four")),
    RuleOption("a12.text_attack", "nested", "A-12",
               "A text «Attack» runs its «Attack», preempt timing and damage resolution inside the "
               "ability, at its place among the effects ('nested', Reading 1), or after the ability "
               "has finished ('queued', Reading 2).", choices=("nested", "queued")),
    RuleOption("a13.preempts", "one", "A-13",
               "In one preempt timing the defender makes one preempt; more preempts answer new "
               "«Attack»s ('one', Reading 1), or any number, each needing its own free position "
               "('any', Reading 2).", choices=("one", "any")),
    RuleOption("a14.short_hand", "whole_hand", "A-14",
               "When the Life side is a bar and the hand holds fewer cards than the Hand damage, the "
               "whole hand goes face down and no Life is lost ('whole_hand', Reading 1), or no damage "
               "is taken ('no_damage').", choices=("whole_hand", "no_damage")),
    RuleOption("a15.bar_and_zero", "distinct", "A-15",
               "A bar side cannot be chosen while a 0 side can (guarding with 0 cards), and two bars "
               "deal no damage ('distinct', Reading 1); or a bar and a 0 are the same value, neither "
               "side may be chosen ('same').", choices=("distinct", "same")),
    RuleOption("a16.chooser", "owner", "A-16",
               "The cards' owner picks the specific cards (which go face down when guarding, in "
               "Cleanup and by effects, which recovered card is processed next, which Graze card is "
               "revealed) ('owner', Reading 1), or the turn player ('turn_player').",
               choices=("owner", "turn_player")),
    RuleOption("a17.graze_check", "mandatory", "A-17",
               "The graze check is made whenever damage is taken with the Life ('mandatory', Reading "
               "1: L162 makes the draw automatic), or the defender may decline it ('optional').",
               choices=("mandatory", "optional")),
    RuleOption("a18.other_drawn", "hand", "A-18",
               "The cards a graze check draws are ordinary draws and stay in the hand ('hand', Reading "
               "1), or only a revealed Graze card joins the hand and the others go to the face-down "
               "pile ('face_down').", choices=("hand", "face_down")),
    RuleOption("a19.graze_draw", "all_at_once", "A-19",
               "The graze check draws all its cards, then reveals one Graze card among them "
               "('all_at_once', Reading 1), or draws one at a time and stops at the first Graze card "
               "('one_by_one').", choices=("all_at_once", "one_by_one")),
    RuleOption("a20.deploy_chooser", "turn_player", "A-20",
               "The turn player chooses where every card deploys, the opponent's preempt cards too "
               "('turn_player', Reading 1, L171 read literally), or each card's controller "
               "('controller').", choices=("turn_player", "controller")),
    RuleOption("a21.deploy_damage", "direct", "A-21",
               "The 1 damage of a failed deploy is not an «Attack»: the controller loses 1 Life "
               "directly ('direct', Reading 1), or a graze check applies ('graze').",
               choices=("direct", "graze")),
    RuleOption("a22.lift_space", "after", "A-22",
               "During a simultaneous lift, free space is judged after the movement, so cards leaving a "
               "position free it ('after', Reading 1), or before it ('before').",
               choices=("after", "before")),
    RuleOption("a23.zero_capacity", "unlimited", "A-23",
               "[0] never blocks a lift: cards pass through it to the hand ('unlimited', Reading 1), or "
               "it holds 2 cards like the other positions ('two').", choices=("unlimited", "two")),
    RuleOption("a24.awakening", "voluntary", "A-24",
               "Awakening is a choice: a Normal action, or at preempt timing for the cards that allow "
               "it, whenever Life ≤ 3 ('voluntary', Reading 1, L18 and L55), or it happens as soon as "
               "Life ≤ 3 ('automatic').", choices=("voluntary", "automatic")),
    RuleOption("a25.while_awakened", "turn_structure", "A-25",
               "[While Awakened] abilities are activated as a Normal action, or at the opponent's "
               "preempt timing when they have preempt ('turn_structure', Reading 1); or also at any "
               "preempt timing and after a Full-Power action ('any_time', Reading 2).",
               choices=("turn_structure", "any_time")),
    RuleOption("a26.win_check", "immediate", "A-26",
               "The game ends as soon as a Life reaches 0, whatever the cause ('immediate', Reading 1), "
               "or only at the end of a damage resolution or when the cast zone is empty again "
               "('end_of_processing').", choices=("immediate", "end_of_processing")),
    RuleOption("a27.cleanup", "turn_player", "A-27",
               "The Cleanup step cuts the turn player's hand ('turn_player', Reading 1), or both "
               "hands ('both'); only the turn player may rebuild in the Refresh step.",
               choices=("turn_player", "both")),
    RuleOption("a28.partial_graze", "draw_what_can", "A-28",
               "A graze check that cannot draw all its cards draws as many as it can, rebuilding when "
               "needed, and checks those ('draw_what_can', Reading 1), or is not made unless all can "
               "be drawn ('full_or_none').", choices=("draw_what_can", "full_or_none")),
    RuleOption("a29.raise_into_full", "stays", "A-29",
               "A card whose recast time is raised into a full position does not move ('stays', "
               "Reading 1), or goes on to the next free position nearer the player, or to the reserve "
               "past [III] ('next_free').", choices=("stays", "next_free")),
    RuleOption("a30.zero_deployed", True, "A-30",
               "A card in [0] is deployed until it is recovered: its [While Deployed] abilities apply "
               "(true, Reading 1, L173 and L196); false: only [III], [II], [I] count (L187)."),
    RuleOption("t1.trigger_wait", "cast", "T-1",
               "A Trigger card set off while a cast card is processed waits until that card's "
               "processing, its damage resolution and deploy included, has finished ('cast', the "
               "reading kept so far), or only until no card text is being processed ('text': L102 and "
               "L104 speak of card texts only, so it may be processed right after the cast, between "
               "[On Cast] abilities or before the card deploys).", choices=("cast", "text")),
))
