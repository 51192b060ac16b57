"""The fixed rules: what every Brag table shares, named where an action or a history breaks it.

A profile field's rule is declared in its area (:func:`~bragrules.core.rule_id.field_rule`);
these hold under every profile, so they are declared here, each with the sentence that
states it and the rule texts it comes from. Their names are a public interface (the
audit's violations and ``arbitrate --json`` print them).

>>> from bragrules.core.rule_id import fixed_sentence, fixed_sources
>>> TURN_ORDER, fixed_sentence(TURN_ORDER)
('turn_order', "players act in turn, clockwise from the dealer's left")
>>> fixed_sources(HISTORY_CARDS)
'the history'
"""

from __future__ import annotations

from bragrules.core.rule_id import fixed_rule

# -- the deal -----------------------------------------------------------------

TURN_ORDER = fixed_rule("turn_order", "players act in turn, clockwise from the dealer's left")
DEAL_OVER = fixed_rule("deal_over", "nothing more is done in a deal that is over")
FOLDED = fixed_rule("folded", "a player who has folded takes no further part in the deal")
PLAYERS = fixed_rule("players", "only the players dealt in take part in the deal")
AT_LEAST_LEVEL = fixed_rule(
    "betting.at_least_level",
    "a bet is at least the current level (a blind player pays the blind rate of it)",
)  # 003: "跟注（至少付当前注额）" (call: pay at least the current bet)
SEE_TWO = fixed_rule("seeing.two_players", "only the last two players in a deal may see")  # 003: "只有两人才能摊牌"

# -- a history ----------------------------------------------------------------

HISTORY_CARDS = fixed_rule("history.cards", "a showdown needs the cards of the players shown", "the history")
HISTORY_RESULT = fixed_rule("history.result", "a deal's written result is the one its actions lead to", "the history")
HISTORY_DEAL = fixed_rule("history.deal", "a history's deals are written whole and in order", "the history")
HISTORY_END = fixed_rule("history.end", "a history's written end is the session's", "the history")
HISTORY_PROFILE_HASH = fixed_rule(
    "history.profile_hash", "a log is audited under the profile it was written under", "the history")
HISTORY_UNFINISHED = fixed_rule("history.unfinished", "a history's last deal is played to its end", "the history")
HISTORY_TIME = fixed_rule("history.time", "a history's times run forward", "the history")
HISTORY_SEED = fixed_rule("history.seed", "a seeded log's cards are the ones its seed deals", "the history")
