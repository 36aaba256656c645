"""The declared steps of Recast Rift live on this one Flow; the modules of this package add them.

A step that pushes nothing is followed by the frame below its own on the agenda. The groups below
name those frames, worked out from who pushes what on top of what: what waits under a cast card's
processing, under a damage resolution, under a card text, under a recovery."""

from hisoutab.engine.flow import Flow

PHASES = ("setup", "draw & lift", "main", "cast", "text", "preempt", "damage", "deploy", "recovery",
          "refresh & cleanup", "end")

FLOW = Flow("recast-rift", phases=PHASES, start="setup.fighters")

#: the effect steps (``eff.<effect>``) of the closed effect vocabulary
EFFECT_STEPS = ("eff.draw", "eff.face_down", "eff.face_down_any", "eff.raise", "eff.lower", "eff.attack",
                "eff.lift", "eff.lift_all", "eff.delay", "eff.reserve", "eff.reserve_self", "eff.rebuild",
                "eff.custom")

#: below a cast card's processing: the Main phase, or the preempt timing it answered
AFTER_CAST = ("main.act", "seq.damage", "seq.preempt")
#: below a damage resolution: the deploy of its card, or the end of its text «Attack»
AFTER_DAMAGE = ("seq.deploy", "seq.text_end")
#: below a card text (and below the waiting cards processed after one)
AFTER_TEXT = ("text", "seq.on_cast", "seq.after_cast", "recover.done", *AFTER_CAST, *AFTER_DAMAGE,
              "text.next", "wait", "win.check", "eff.attack", "lift.step", "refresh", "cleanup", "turn.end",
              "recover.pick")
#: below a recovery: the Lift step's Main phase, the Refresh step's Cleanup, the lift that caused it
AFTER_RECOVERY = ("main.act", "cleanup", "recover.pick", "eff.lift", "text.next", "win.check", "wait",
                  "seq.damage", "seq.preempt")
