"""``bragrules serve``: what the table says in words. The rule that decided an ending (a tie named
as one, in ``arbitrate``'s words), why a blind survivor's pot carries, two hands held at once, the
hands' names, the rule texts by name, the host's bot styles, and the table's icon."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict, Optional

import pytest

from bragrules.arbitrate import cite_rules
from bragrules.play.bots import ALL_STYLES
from bragrules.profile import load_profile
from bragrules.web.service import TableService

TIE_SEED = 11552
"""Under casual, two seats: the first deal gives Bob and Ann equal runs (Q-J-10)."""
CODE = re.compile(r"\b00[0-9]\b")


def seats(profile: str, names: tuple, seed: int = 5) -> tuple:
    service = TableService(load_profile(profile), profile, seats=len(names), bots=[], seed=seed, hands=6)
    return service, {name: service.join(name) for name in names}


def act(service: TableService, token: str, kind: str, **extra: Any) -> Dict[str, Any]:
    service.act(token, {"kind": kind, "turn": service.state(token)["turn"], **extra})
    return service.state(token)


def to_act(service: TableService) -> str:
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    return deal.to_act


def option(service: TableService, token: str, kind: str) -> Dict[str, Any]:
    return next(o for o in service.state(token)["view"]["legal"] if o["kind"] == kind)


def play_the_tie() -> tuple:
    """Both look, the first bets, the second sees: equal hands."""
    service, tokens = seats("casual", ("Ann", "Bob"), seed=TIE_SEED)
    first = to_act(service)
    act(service, tokens[first], "look")
    act(service, tokens[first], "bet", amount=option(service, tokens[first], "bet")["amount"])
    second = to_act(service)
    act(service, tokens[second], "look")
    act(service, tokens[second], "see", amount=option(service, tokens[second], "see")["amount"])
    return service, tokens, first, second


def test_a_tie_says_the_rule_that_decided_it_in_arbitrates_words() -> None:
    service, tokens, first, second = play_the_tie()
    last = service.last
    assert last is not None and last["deal"] == 1
    sentence = cite_rules(load_profile("casual"), ["seeing.tie"])[0].sentence
    assert sentence == "a tie goes against the player who called the see"
    assert [r["path"] for r in last["rules"]] == ["seeing.tie"]
    assert last["rules"][0]["sentence"] == sentence
    assert last["winners"] == [first], "the caller loses the tie"
    assert last["why"] == f"{second} saw {first}; equal hands: {sentence}"
    assert f"deal 1: {first} wins" in " | ".join(line.text for line in service.feed)
    assert any(line.text.endswith(f"({second} saw {first}; equal hands: {sentence})") for line in service.feed)
    assert last["rules"][0]["source_words"] == "every rules text"
    assert last["shown_names"] == {"Ann": "run, Q-J-10", "Bob": "run, Q-J-10"}


def test_an_ending_not_a_tie_says_no_tie() -> None:
    service, tokens = seats("casual", ("Ann", "Bob"), seed=17)
    first = to_act(service)
    act(service, tokens[first], "bet", amount=option(service, tokens[first], "bet")["amount"])
    act(service, tokens[to_act(service)], "fold")
    last = service.last
    assert last is not None and "equal hands" not in last["why"]
    assert all(r["path"] != "seeing.tie" for r in last["rules"])


def blind_survivor() -> tuple:
    """Traditional, three seats: the first bets blind, the others fold, so the pot carries."""
    service, tokens = seats("traditional", ("Ann", "Bob", "Cat"))
    survivor = to_act(service)
    act(service, tokens[survivor], "bet", amount=option(service, tokens[survivor], "bet")["amount"])
    act(service, tokens[to_act(service)], "fold")
    act(service, tokens[to_act(service)], "fold")
    return service, tokens, survivor


def test_retain_or_release_says_why_the_pot_carries_in_the_profiles_words() -> None:
    service, tokens, survivor = blind_survivor()
    view = service.state(tokens[survivor])["view"]
    assert {o["kind"] for o in view["legal"]} == {"retain", "release"}
    rules = view["carry_rules"]
    assert [r["path"] for r in rules] == ["folding.blind_survivor", "blind.retention"]
    profile = load_profile("traditional")
    assert [r["sentence"] for r in rules] == [c.sentence for c in cite_rules(profile, ["folding.blind_survivor",
                                                                                        "blind.retention"])]
    assert "carries" in rules[0]["sentence"] and "keep the unseen hand" in rules[1]["sentence"]
    assert rules[1]["source_words"] == "the traditional rules text, section 5"
    others = [n for n in tokens if n != survivor]
    assert "carry_rules" not in service.state(tokens[others[0]])["view"], "only the survivor is asked"
    act(service, tokens[survivor], "retain")
    assert service.last is not None and [r["path"] for r in service.last["rules"]] == [r["path"] for r in rules]


def test_two_hands_held_the_one_looked_at_is_named_and_the_other_stays_unseen() -> None:
    service, tokens, survivor = blind_survivor()
    act(service, tokens[survivor], "retain")
    while to_act(service) != survivor:
        player = to_act(service)
        act(service, tokens[player], "bet", amount=option(service, tokens[player], "bet")["amount"])
    view = service.state(tokens[survivor])["view"]
    assert view["seats"][survivor]["hands"] == 2 and view["two_hands"] is True and view["hand"] is None
    view = act(service, tokens[survivor], "look", target="old")["view"]
    assert view["inspected"] == "old" and len(view["inspected_hand"]) == 3 and view["hand"] is None
    deal = service.deal
    assert deal is not None
    new = deal.players[survivor].hands["new"]
    assert view["hand_name"] == deal.rules.ranking.ranker.describe(deal.players[survivor].hands["old"])
    assert not ({str(c) for c in new} & set(str(view))), "the hand not looked at is not sent"


def test_a_seats_own_cards_and_the_hands_shown_are_named() -> None:
    service, tokens = seats("casual", ("Ann", "Bob"), seed=TIE_SEED)
    first = to_act(service)
    view = service.state(tokens[first])["view"]
    assert view["hand_name"] is None, "a blind seat's hand is not named: it is not known"
    view = act(service, tokens[first], "look")["view"]
    assert view["hand_name"] == "run, Q-J-10"
    assert service.state(None)["view"]["shown_names"] == {}


def test_dispute_sources_name_the_rule_texts_not_their_codes() -> None:
    service, tokens = seats("traditional", ("Ann", "Bob", "Cat"))
    player = to_act(service)
    ruling = service.dispute(tokens[player], f"{player} bet 1/4")
    sources = [r["source"] for r in ruling.rules]
    assert ruling.rules and all(r["source_words"] for r in ruling.rules if r["source"])
    assert any(CODE.search(s) for s in sources), "the codes stay for programs"
    for rule in ruling.rules:
        assert not CODE.search(rule["source_words"]), rule
    sent = service.state(tokens[player])["rulings"][-1]["rules"]
    assert [r["source_words"] for r in sent] == [r["source_words"] for r in ruling.rules]


def host_state(service: TableService, token: Optional[str] = None) -> Dict[str, Any]:
    return service.state(token, service.host_token)


def test_the_host_is_offered_every_bot_style_the_default_first() -> None:
    service = TableService(load_profile("traditional"), "traditional", seats=3, bots=["loose"], seed=3, hands=2)
    ann = service.join("Ann")
    styles = host_state(service)["bot_styles"]
    assert [s["name"] for s in styles][0] == "cautious"
    assert sorted(s["name"] for s in styles) == sorted(ALL_STYLES)
    assert all(s["words"] for s in styles)
    assert "bot_styles" not in service.state(ann), "a seat without the host's link is not offered them"
    service.start(service.host_token)
    service.replace_with_bot(service.host_token, "Ann", styles[-1]["name"])
    assert service.places["Ann"].style == styles[-1]["name"]


def test_the_table_has_an_icon_a_browser_may_keep(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
    pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from bragrules.web.app import create_app
    from tests.web_checks import LOCAL

    service = TableService(load_profile("casual"), "casual", seats=2, bots=[], seed=1, hands=2)
    with TestClient(create_app(service), base_url=LOCAL) as client:
        page = client.get("/").text
        assert '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in page
        for path in ("/favicon.svg", "/favicon.ico"):
            icon = client.get(path)
            assert icon.status_code == 200
            assert icon.headers["content-type"].startswith("image/svg+xml")
            assert "max-age=86400" in icon.headers["cache-control"]
            assert "img-src 'self'" in icon.headers["content-security-policy"]
            assert icon.text.startswith("<svg") and "<script" not in icon.text


def test_a_teen_patti_table_speaks_teen_pattis_words() -> None:
    """The heading names the game, the buttons and the feed say chaal and pack, a shown hand is a trail or
    a colour (``vocabulary``); a table of a profile without words keeps Brag's."""
    service, tokens = seats("teen-patti", ("Ann", "Bob", "Cy"))
    first = to_act(service)
    state = service.state(tokens[first])
    assert state["game"] == "Teen Patti"
    labels = [o["label"] for o in state["view"]["legal"]]
    assert any(label.startswith("chaal ") for label in labels) and "pack" in labels, labels
    act(service, tokens[first], "bet", amount=option(service, tokens[first], "bet")["amount"])
    act(service, tokens[to_act(service)], "fold")
    feed = " ".join(str(line) for line in service.state(tokens[first])["feed"])
    assert f"{first} chaals" in feed and "packs" in feed, feed
    plain, plain_tokens = seats("standard", ("Ann", "Bob", "Cy"))
    assert plain.state(plain_tokens["Ann"])["game"] == ""


def test_a_teen_patti_table_refuses_and_withholds_in_teen_pattis_words() -> None:
    """A move refused (a show at three players) and a move taken away (the chaal after four blind
    turns) are said at the table in the game's words, the rule still named by its path."""
    from bragrules.web.table_state import Refusal

    service, tokens = seats("teen-patti", ("Ann", "Bob", "Cy"))
    first = to_act(service)
    with pytest.raises(Refusal) as refused:
        act(service, tokens[first], "see", amount="2")
    sent = refused.value.to_json()
    assert sent["rule"] == "seeing.two_players"
    assert sent["error"] == "only two players may show; 3 are still betting", sent
    for _ in range(12):  # four blind chaals each
        name = to_act(service)
        act(service, tokens[name], "bet", amount=option(service, tokens[name], "bet")["amount"])
    name = to_act(service)
    withheld = service.state(tokens[name])["view"]["withheld"]
    limit = next(w for w in withheld if w["rule"] == "blind.max_blind_turns")
    assert limit["actions"] == ["bet"] and limit["words"] == "chaal"
    assert limit["why"] == f"{name} has made 4 blind chaals, the most this profile allows: look at the cards, or pack"
    plain, plain_tokens = seats("standard", ("Ann", "Bob", "Cy"))
    with pytest.raises(Refusal) as refused:
        act(plain, plain_tokens[to_act(plain)], "see", amount="2")
    assert refused.value.to_json()["error"] == "only two players may see; 3 are still betting"


def test_a_ruling_at_a_teen_patti_table_is_given_in_its_words() -> None:
    """A dispute ruled against (a show asked for among three): the ruling says the game's show, and the rule
    it cites is told in the game's words too."""
    service, tokens = seats("teen-patti", ("Ann", "Bob", "Cat"))
    player = to_act(service)
    ruling = service.dispute(tokens[player], f"{player} see 2")
    assert ruling.allowed is False
    assert "only two players may show; 3 are still betting" in ruling.summary, ruling.summary
    assert "may see" not in ruling.summary
    plain, plain_tokens = seats("standard", ("Ann", "Bob", "Cat"))
    ruled = plain.dispute(plain_tokens[to_act(plain)], f"{to_act(plain)} see 2")
    assert "only two players may see" in ruled.summary, ruled.summary


def test_the_page_says_why_a_seen_player_may_not_show_a_blind_one() -> None:
    """Two left at a Teen Patti table, the one to act seen and the other blind: the show is not among the
    buttons, and the page says why in the game's words (``seeing.seen_sees_blind``)."""
    service, tokens = seats("heads-up-teen-patti", ("Ann", "Bob"))
    first = to_act(service)
    act(service, tokens[first], "look")
    act(service, tokens[first], "bet", amount=option(service, tokens[first], "bet")["amount"])
    second = to_act(service)
    act(service, tokens[second], "bet", amount=option(service, tokens[second], "bet")["amount"])  # still blind
    state = service.state(tokens[first])
    assert "see" not in [o["kind"] for o in state["view"]["legal"]]
    (gone,) = [w for w in state["view"]["withheld"] if w["actions"] == ["see"]]
    assert gone["rule"] == "seeing.seen_sees_blind" and gone["words"] == "show"
    assert gone["why"] == "a seen player cannot show a blind player: chaal or pack"
    assert gone["rule_words"] == "a seen player may not show a blind player", gone


def test_the_end_of_a_deal_is_told_in_the_games_words() -> None:
    service, tokens = seats("teen-patti", ("Ann", "Bob", "Cy"))
    for _ in range(2):
        act(service, tokens[to_act(service)], "fold")
    last = service.state(tokens["Ann"])["last"]
    assert "everyone else packed" in last["reason"] and "folded" not in last["why"], last


def test_the_side_show_button_at_a_teen_patti_table_says_the_weaker_hand_packs() -> None:
    service, tokens = seats("teen-patti", ("Ann", "Bob", "Cy"))
    for _ in range(3):  # everyone looks and chaals
        name = to_act(service)
        act(service, tokens[name], "look")
        if to_act(service) == name:
            act(service, tokens[name], "bet", amount=option(service, tokens[name], "bet")["amount"])
    labels = [o["label"] for o in service.state(tokens[to_act(service)])["view"]["legal"] if o["kind"] == "sideshow"]
    assert labels and labels[0].endswith("the weaker hand packs)"), labels
