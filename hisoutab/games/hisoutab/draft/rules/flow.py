"""The declared steps of the HisouTab early draft live on this one Flow; the modules of this package
add them."""

from hisoutab.engine.flow import Flow

PHASES = ("setup", "timeline", "special line", "resolve", "attack", "cancel", "recover", "play",
          "cast", "end")

FLOW = Flow("hisoutab-draft", phases=PHASES, start="setup.hp")

#: the steps that may run once an attack (or a move that ends on a bullet) is done: the rest of the
#: card being resolved, more bullet hits, the rest of the special line, or the end of the game
RESUME = (("eff.move", "the card's next effect"), ("eff.dash", "the card's next effect"),
          ("eff.forward", "the card's next effect"), ("eff.physical", "the card's next effect"),
          ("eff.bullet", "the card's next effect"), ("eff.knockback", "a damage: effect"),
          ("res.discard", "the card's effects are done"), ("bullet.hit", "another bullet hits"),
          ("time.gravity", "the special line goes on"), ("time.line", "the next special line"),
          ("turn.begin", "the special lines are done"), ("game.over", "a player is at 0 HP"))
