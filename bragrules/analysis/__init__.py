"""Analysis: equity of hands and batches of sessions."""
