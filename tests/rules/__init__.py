"""Scenario tests by rule area, one module per area of bragrules/rules/ (table, pack, ranking, stakes,
seeing, folding, blind, session, disputes, format), each scenario from its rule text's words.

What every area must give under any profile (refusals naming a rule, money, cards, views, the log,
the explainers) is checked once for every field by tests/test_conformance.py.
"""
