"""The core: cards, exact money, the shuffle, text safe to print, errors that name a rule."""
