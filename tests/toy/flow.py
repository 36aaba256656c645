"""The toy's declared steps live on this one Flow; the step modules add them."""

from hisoutab.engine.flow import Flow

PHASES = ("setup", "round", "race", "end")

FLOW = Flow("toy-dice-race", phases=PHASES, start="setup.shuffle")
