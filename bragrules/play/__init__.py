"""Playing: a table of people and bots, the bots, simulation."""
