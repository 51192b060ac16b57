"""The rules compiled: the ranking and the policies the engine asks."""
