"""The ranking compiler as it was before hand patterns: the reference the pattern compiler is checked against."""
