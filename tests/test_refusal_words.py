"""The engine's refusals in the players' own words and languages (issue 36).

An illegal action is refused with a sentence a person reads: at the terminal, on the web table, in
the audit. Every such sentence is a catalogue message (its English the identifier, its placeholders
named), read in the reader's language: a Hindi reader of a Teen Patti table and a Chinese reader of a
Zha Jin Hua table read no English sentence when a move is refused, and the English stays as it was.
"""

from __future__ import annotations

import ast
import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Later, Message, catalogue, with_language
from bragrules.engine.actions import Action
from bragrules.engine.session import Session
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.session import COVERING_RULE
from bragrules.rules.stakes import CHECK_RULE

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh", "hi")

PASSED_ON = {
    "refused.words()": "a rule's refusal (rules/hooks.refusal), a Message made where the rule words it",
    "deal.rules.stakes.refusal_words(broken, deal, state, units, amount, most)": "the stakes' refusal, a Message",
    "problem": "an action built in code with a wrong shape (the Python API's English; no person types it)",
}
"""The refusals whose sentence is made elsewhere: each a Message from a marked text, but one."""


def _text_of(node: ast.expr) -> Optional[List[str]]:
    """The messages an argument marks: a literal, or a choice between two marked literals (``N_``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_" and len(node.args) == 1:
        return _text_of(node.args[0])
    if isinstance(node, ast.IfExp):
        body, orelse = node.body, node.orelse
        if all(isinstance(b, ast.Call) and getattr(b.func, "id", None) == "N_" for b in (body, orelse)):
            found = [*(_text_of(body) or []), *(_text_of(orelse) or [])]
            return found or None
    return None


def refusals_in(source: str) -> Iterator[Tuple[int, str, Optional[List[str]]]]:
    """Each refusal made in ``source`` (``RuleViolation(rule, text, ...)`` or ``refusal(rule, text, ...)``): its
    line, its text argument as written, and the messages it marks (None: not a marked message).

    >>> [(line, marked) for line, _, marked in refusals_in('RuleViolation(R, "a {x}", x=1)\\nrefusal(R, f"{y}")')]
    [(1, ['a {x}']), (2, None)]
    """
    names = {"RuleViolation"}
    if re.search(r"^from bragrules\.rules\.hooks import .*\brefusal\b|^def refusal\(rule", source, re.M) \
            or source.startswith("RuleViolation"):  # hooks.refusal, not a local name that happens to be the same
        names.add("refusal")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in names and len(node.args) >= 2:
            yield node.lineno, ast.unparse(node.args[1]), _text_of(node.args[1])


def test_every_refusal_in_the_sources_is_a_translated_message() -> None:
    """A refusal written as an f-string, or joined from pieces, is English for everyone: every one is a marked
    message, translated in each shipped language."""
    unmarked, untranslated, passed = [], [], set()
    count = 0
    for folder in ("bragrules", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = str(path.relative_to(ROOT))
            if where == "bragrules/core/errors.py":
                continue  # the class itself
            for line, written, marked in refusals_in(path.read_text(encoding="utf-8")):
                if marked is None:
                    if written in PASSED_ON:
                        passed.add(written)
                    else:
                        unmarked.append(f"{where}:{line}: {written[:80]}")
                    continue
                for text in marked:
                    count += 1
                    for lang in LANGS:
                        if not isinstance(catalogue(lang).get(text), str):
                            untranslated.append(f"{where}:{line}: {lang}: {text!r}")
    assert unmarked == [], "refusals that are not catalogue messages"
    assert untranslated == []
    assert count > 200 and passed == set(PASSED_ON), (count, passed)


def test_the_scan_finds_an_unmarked_refusal() -> None:
    """The scan above fails on what it should: an f-string, a joined sentence, an English choice of words."""
    source = ('RuleViolation(R, f"{p} has folded")\nRuleViolation(R, "a " + b)\n'
              'RuleViolation(R, "x" if c else "y")\nRuleViolation(R, N_("x") if c else N_("y"))\n')
    assert [marked for _, _, marked in refusals_in(source)] == [None, None, None, ["x", "y"]]


def _messages(said: Any) -> Iterator[Message]:
    """A message and every message among its placeholders."""
    if isinstance(said, Message):
        yield said
        for value in said.placeholders.values():
            yield from _messages(value)


def _probes(deal: Any, player: str, others: List[str]) -> List[Action]:
    """Moves that a person might try and the rules may refuse: each kind of move, wrong amounts, out of turn."""
    big, odd = Fraction(100000), Fraction(7, 3)
    out = [Action(player, kind) for kind in ("check", "look", "fold", "sideshow", "knock", "stand", "retain")]
    out += [Action(player, "bet", amount=big), Action(player, "bet", amount=odd), Action(player, "see", amount=big),
            Action(player, "see", amount=Fraction(0)), Action(player, "bet", amount=Fraction(0))]
    out += [Action(other, "fold") for other in others[:1]]
    return out


def refusals_of_a_walk(profile: str, deals: int, seed: int) -> Dict[str, RuleViolation]:
    """Deals of ``profile`` played at random to the end, each decision probed first with moves that may be
    refused: the refusals met, one for each message."""
    rules = compile_rules(load_profile(profile))
    rng = random.Random(seed)
    players = ["Ada", "Bo", "Cy", "Di"]
    session = Session(rules, players, seed=seed)
    met: Dict[str, RuleViolation] = {}
    for _ in range(deals):
        if session.is_over:
            break
        deal = session.start_deal()
        for _turn in range(200):
            if deal.is_over or deal.to_act is None:
                break
            player = deal.to_act
            for probe in _probes(deal, player, [p for p in players if p != player]):
                try:
                    deal.verify(probe)
                except RuleViolation as exc:
                    met.setdefault(exc.said.message, exc)
            options = deal.legal_actions()
            if not options:
                break
            option = rng.choice(options)
            amounts = option.amounts(5)
            session.act(option.action(rng.choice(amounts)) if option.kind == "bet" and amounts else option.action())
        if not deal.is_over:
            break
        session.finish_deal()
    return met


@pytest.mark.parametrize("profile, lang", [("teen-patti", "hi"), ("zha-jin-hua", "zh"), ("traditional", "zh"),
                                           ("traditional", "hi")])
def test_a_walk_meets_refusals_and_each_is_read_in_the_readers_language(profile: str, lang: str) -> None:
    met = refusals_of_a_walk(profile, deals=6, seed=36)
    assert len(met) >= 6, sorted(met)  # the walk does meet refusals: a check, a see out of place, a huge bet, ...
    for text, exc in met.items():
        for said in _messages(exc.said):
            assert isinstance(catalogue(lang).get(said.message), str), (lang, said.message)
        read = with_language(lang, exc.text)
        assert read != exc.message or not re.search(r"[a-z]{3,}", text.replace("{", " ")), (lang, text)
        assert exc.message == exc.said.english() and str(exc) == f"{exc.rule}: {exc.message}"
        if lang == "zh":  # no English sentence: no run of three English words
            assert not re.search(r"\b[a-z]+ [a-z]+ [a-z]+\b", read), (read, text)


def test_a_refusal_is_formatted_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine tests moves by refusing them (is this open now?): nobody reads those, and none is formatted."""
    calls: List[str] = []
    original = Message.text

    def counted(self: Message) -> str:
        calls.append(self.message)
        return original(self)

    monkeypatch.setattr(Message, "text", counted)
    refusals_of_a_walk("teen-patti", deals=2, seed=5)
    assert calls == []
    exc = RuleViolation(CHECK_RULE, "{player} has folded", player="Ada")
    assert exc.message == "Ada has folded" and calls == ["{player} has folded"]


def test_a_refusal_survives_pickling_with_its_placeholders() -> None:
    """The parallel audit sends refusals between processes: one arrives with the words it was made with."""
    import pickle

    exc = RuleViolation(COVERING_RULE, "{player} is short and may only go all in for {low}", player="Ada",
                        low=Fraction(5, 2))
    back = pickle.loads(pickle.dumps(exc))
    assert (back.rule, back.message) == (COVERING_RULE, "Ada is short and may only go all in for 2½")
    assert with_language("zh", back.text) == "Ada 筹码不足，只能全下 2½"
    later = Message("at most {times}", times=Later(str.upper, "twice"))
    assert later.text() == "at most TWICE"


def test_amounts_in_a_hindi_refusal_are_grouped_the_indian_way() -> None:
    exc = RuleViolation(COVERING_RULE, "{player} has only {stack} and cannot pay {amount}", player="Ada",
                        stack=Fraction(150000), amount=Fraction(250001, 2))
    assert exc.message == "Ada has only 150000 and cannot pay 125000½"
    assert with_language("hi", exc.text) == "Ada के पास सिर्फ़ 1,50,000 है और वह 1,25,000½ नहीं दे सकता"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "BRAGRULES_LANG"}
    env["NO_COLOR"] = "1"
    return subprocess.run([sys.executable, "-m", "bragrules_cli.app", *args], capture_output=True, text=True,
                          env=env, timeout=120)


@pytest.mark.parametrize("profile, lang, refused, expected", [
    ("teen-patti", "hi", "अनुमति नहीं", ("मुफ़्त चेक नहीं: चाल, शो या पैक", "You पत्ते देख चुका है")),
    ("zha-jin-hua", "zh", "不允许", ("不能免费过牌：跟注、比牌或弃牌", "You 已经看过牌了", "此玩法不与中间的牌换牌")),
])
def test_a_refusal_at_the_terminal_is_in_the_players_language(tmp_path: Path, profile: str, lang: str,
                                                              refused: str, expected: Tuple[str, ...]) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("check\nknock\nsideshow\nlook\nlook\nfold\n", encoding="utf-8")
    done = _cli("--lang", lang, "play", "-p", profile, "-n", "3", "--hands", "1", "--seed", "3",
                "--log", str(tmp_path / "play.jsonl"), "--script", str(script))
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith(refused)]
    assert len(lines) >= 4, done.stdout
    for line in lines:
        sentence = line.split("): ", 1)[1]  # after the rule's path
        assert not re.search(r"\b[a-z]+ [a-z]+\b", sentence), line  # no two English words together
    for words in expected:
        assert any(words in line for line in lines), (words, lines)
    english = _cli("play", "-p", profile, "-n", "3", "--hands", "1", "--seed", "3",
                   "--log", str(tmp_path / "english.jsonl"), "--script", str(script))
    assert "no free check: " in english.stdout and "You have already looked" in english.stdout


@pytest.mark.parametrize("profile, accept, expected", [
    ("zha-jin-hua", "zh-CN,zh;q=0.9,en;q=0.5", "不能免费过牌：跟注、比牌或弃牌"),
    ("teen-patti", "hi-IN,hi;q=0.9", "मुफ़्त चेक नहीं: चाल, शो या पैक"),
    ("teen-patti", "en-GB", "no free check: chaal, show or pack"),
])
def test_a_refusal_on_the_web_table_is_in_the_readers_language(tmp_path: Path, profile: str, accept: str,
                                                             expected: str) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
    pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from bragrules.web.app import create_app
    from bragrules.web.service import TableService
    from tests.web_checks import LOCAL

    service = TableService(load_profile(profile), profile, seats=3, bots=[], seed=11, hands=2,
                           log_path=tmp_path / "table.jsonl", turn_timeout=3600)
    with TestClient(create_app(service), base_url=LOCAL) as client:
        tokens = {}
        for name in ("Ann", "Bob", "Cat"):
            joined = client.post("/api/join", json={"name": name})
            assert joined.status_code == 200, joined.text
            tokens[name] = joined.json()["token"]
            client.cookies.clear()
        now = client.get("/api/state", headers={"X-Seat-Token": tokens["Ann"]}).json()
        to_act = now["view"]["to_act"]
        before = len(service.deal.actions) if service.deal else 0
        refused = client.post("/api/action", json={"kind": "check", "turn": now["turn"]},
                              headers={"X-Seat-Token": tokens[to_act], "Accept-Language": accept})
        assert refused.status_code == 409, refused.text
        body = refused.json()
        assert body["rule"] == "stakes.check" and body["error"] == expected
        assert (len(service.deal.actions) if service.deal else 0) == before  # refused: nothing changed


def test_the_audit_tells_a_refusal_in_the_readers_language_and_keeps_english_in_its_records(tmp_path: Path) -> None:
    from bragrules.audit import audit

    text = (ROOT / "tests/data/histories/casual_example.yaml").read_text(encoding="utf-8")
    history = tmp_path / "illegal.yaml"
    history.write_text(text.replace("      - P2 bet 5\n", "      - P2 bet 5\n      - P3 see 40\n"), encoding="utf-8")
    report = audit(str(history))
    violation = next(v for v in report.violations if v.rule == "seeing.two_players")
    assert violation.message == "only two players may see; 4 are still betting"
    assert violation.to_json()["message"] == violation.message  # the JSON record: English, whoever reads it
    assert with_language("zh", str, violation).endswith("seeing.two_players: 只有剩两名玩家时才能比牌；还有 4 人在下注")
    assert str(violation).endswith("seeing.two_players: only two players may see; 4 are still betting")
