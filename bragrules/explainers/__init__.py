"""The rules in words: each field's sentence, the diff, the rulebook, the field reference."""
