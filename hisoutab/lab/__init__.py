"""The balance lab: agents that play plausibly, sweeps of seeded games over rule options and setups
on every core or a Dask cluster, their results as Parquet, and the reading of those results.

It stands above the engine and uses the games only through the ruleset contract (the ruleset's
``evaluate``, zones, result and steps), so every registered ruleset works with it.
"""

from hisoutab.lab.agents import AGENT_KINDS, HeuristicAgent, SearchAgent, lab_agent

__all__ = ["AGENT_KINDS", "HeuristicAgent", "SearchAgent", "lab_agent"]
