"""The table's running account in each reader's language: a Chinese reader, a Hindi reader and an English reader
at one table each read the same feed in their own words, the game's own moves in it (Zha Jin Hua's 跟注 and 弃牌,
Teen Patti's चाल and पैक); the English feed and the log stay English.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import List, Set

import pytest

from bragrules.core.i18n import speaking
from bragrules.profile import load_profile
from bragrules.web.service import Refusal, TableService

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
"""An English word (a card is written ``Kc``, ``10h``: never three letters in a row)."""


def play(tmp_path: Path, profile: str) -> tuple[TableService, str]:
    """A table of one person (Ann, who bets or calls where she can, else takes the first choice) and two bots,
    played for several deals."""
    service = TableService(load_profile(profile), profile, seats=3, bots=["cautious", "loose"], seed=11, hands=6,
                           log_path=tmp_path / "table.jsonl", turn_timeout=3600)
    token = service.join("Ann")
    service.start(service.host_token)
    for _ in range(400):
        state = service.state(token)
        if state["phase"] != "play":
            break
        legal = state.get("view", {}).get("legal") or []
        if not legal:
            break
        choice = next((o for o in legal if o["kind"] in ("bet", "see")), legal[0])
        message = {"kind": choice["kind"], "turn": state["turn"], "target": choice["target"],
                   "amount": choice["amount"]}
        service.act(token, message)
    assert service.table is not None and service.table.deals_played >= 3
    return service, token


def english_words(text: str, names: Set[str]) -> List[str]:
    """The Latin words of ``text`` that are not a player's name."""
    return [w for w in LATIN_WORD.findall(text) if w not in names]


@pytest.mark.parametrize("profile, lang, own", [
    ("zha-jin-hua", "zh", ("跟注", "弃牌", "比牌")),
    ("teen-patti", "hi", ("चाल", "पैक", "शो")),
])
def test_each_reader_reads_the_feed_in_their_language(tmp_path: Path, profile: str, lang: str,
                                                     own: tuple[str, ...]) -> None:
    service, token = play(tmp_path, profile)
    names = set(service.places)
    english = service.feed_read_by("Ann", "en")
    spoken = service.feed_read_by("Ann", lang)
    assert len(spoken) == len(english) > 5
    assert not [line for line in spoken if english_words(line, names)], spoken
    assert any(word in line for line in spoken for word in own), spoken  # the game's own words
    assert any(re.fullmatch(r"deal \d+: \w+ wins [\d½]+ \(.+\)", line) for line in english), english  # as ever
    assert not any(re.search("[\u0900-\u097F]", line) for line in english), english
    with speaking(lang):  # the state sent to a reader of ``lang``: its feed and how the last deal ended
        state = service.state(token)
    assert state["feed"] == spoken
    assert state["last"] is not None and not english_words(state["last"]["why"], names), state["last"]
    assert not english_words(" ".join(filter(None, state["last"]["shown_names"].values())), names), state["last"]
    assert service.state(token)["feed"] == english  # an English reader at the same table
    assert service.feed_read_by(None, lang) and not any(
        english_words(line, names) for line in service.feed_read_by(None, lang))
    records = [json.loads(line) for line in (tmp_path / "table.jsonl").read_text(encoding="utf-8").splitlines()]
    reasons = [r["reason"] for r in records if r.get("type") == "result"]
    assert reasons and all(re.fullmatch(r"[ -~½]+", reason) for reason in reasons), reasons  # the log records English


def test_a_spectator_in_chinese_reads_no_hidden_card(tmp_path: Path) -> None:
    """The words of each language hold only the cards their reader may see: the spectator's Chinese feed names
    no card that its English feed does not (and a seat's private words stay its own)."""
    service, _ = play(tmp_path, "zha-jin-hua")
    cards = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")
    for lang in ("zh", "hi"):
        shown = {c for line in service.feed_read_by(None, lang) for c in cards.findall(line)}
        assert shown <= {c for line in service.feed_read_by(None, "en") for c in cards.findall(line)}
    assert json.dumps(service.feed_read_by(None, "zh"), ensure_ascii=False)


def test_the_paused_table_and_a_refusal_in_the_readers_language(tmp_path: Path) -> None:
    """The host's pause is told in each language, the page's words instead of the buttons too, and a refused action
    is refused in the words of whoever reads the refusal (English as ever for an English reader)."""
    service = TableService(load_profile("teen-patti"), "teen-patti", seats=2, bots=["cautious"], seed=3,
                           log_path=tmp_path / "table.jsonl", turn_timeout=3600)
    token = service.join("Ann")
    service.start(service.host_token)
    service.control(service.host_token, "pause")
    assert service.feed_read_by("Ann", "en")[-1] == "the host pauses the table: nothing is played until the host resumes it"
    assert service.feed_read_by("Ann", "hi")[-1] == "होस्ट ने मेज़ रोकी: होस्ट के फिर शुरू करने तक कुछ नहीं खेला जाता"
    with speaking("zh"):
        withheld = service.state(token)["view"]["withheld"][0]
    assert withheld["why"] == "房主已暂停牌桌：房主恢复之前不进行任何操作" and withheld["words"] == "所有操作"
    with pytest.raises(Refusal) as refused:
        service.act(token, {"kind": "fold", "turn": service.turn})
    english = refused.value.message
    assert english == "the host has paused the table: nothing is played until the host resumes it"
    with speaking("hi"):
        assert refused.value.message == "होस्ट ने मेज़ रोक दी है: होस्ट के फिर शुरू करने तक कुछ नहीं खेला जाता"
    service.control(service.host_token, "resume")
    with speaking("zh"):
        with pytest.raises(Refusal) as late:
            service.act(token, {"kind": "fold", "turn": service.turn - 1})
        assert late.value.to_json()["error"].startswith("这个操作针对的是之前的回合")
