"""Histories: sheets and logs read in constant memory, the log writer, the pack's order."""
