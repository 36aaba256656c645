"""The declared steps of HisouTab 0.45.2 live on this one Flow; the modules of this package add them."""

from hisoutab.engine.flow import Flow

PHASES = ("setup", "timeline", "adjustment", "bullet movement", "maintenance", "resolve",
          "attack", "play", "end")

FLOW = Flow("hisoutab-0.45.2", phases=PHASES, start="setup.hp")
