"""The table's page in the reader's language: Accept-Language (or ?lang=) chooses it per request and per
websocket, never for the whole table: two seats at one table each read their own language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")

import warnings  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from bragrules.core.i18n import language  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.web.app import create_app  # noqa: E402
from bragrules.web.page_words import STATIC  # noqa: E402
from bragrules.web.service import TableService  # noqa: E402
from tests.web_checks import LOCAL, WS  # noqa: E402


def make(tmp_path: Path, profile: str) -> TableService:
    return TableService(load_profile(profile), profile, seats=2, bots=[], seed=5, hands=2,
                        log_path=tmp_path / "table.jsonl", turn_timeout=3600)


def test_the_page_in_chinese_and_in_hindi(tmp_path: Path) -> None:
    with TestClient(create_app(make(tmp_path, "zha-jin-hua")), base_url=LOCAL) as client:
        chinese = client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
        assert chinese.status_code == 200
        assert '<html lang="zh">' in chinese.text and ">坐下<" in chinese.text and ">提出争议 <" in chinese.text
        words = json.loads(re.search(r'<script id="words" type="application/json">(.*?)</script>', chinese.text,
                                     re.S).group(1))  # type: ignore[union-attr]
        assert words["Watching"] == "观战" and words["Pot "] == "底池 "
        hindi = client.get("/?lang=hi")
        assert '<html lang="hi">' in hindi.text and ">बैठें<" in hindi.text
        english = client.get("/", headers={"Accept-Language": "fr, en;q=0.5"})
        assert english.text == (STATIC / "index.html").read_text(encoding="utf-8")
        assert '<html lang="en">' in english.text
    assert language() == "en", "a request's language is its own, not the process's"


def _labels(state: Dict[str, Any]) -> str:
    return json.dumps(state, ensure_ascii=False)


def test_two_seats_each_read_their_own_language(tmp_path: Path) -> None:
    """A Teen Patti table: Ann reads Hindi, Bob English, on their websockets and their answers."""
    service = make(tmp_path, "teen-patti")
    host = service.host_token
    with TestClient(create_app(service), base_url=LOCAL) as client:
        ann = client.post("/api/join", json={"name": "Ann"}, headers={"Accept-Language": "hi-IN,hi"}).json()
        client.cookies.clear()
        bob = client.post("/api/join", json={"name": "Bob"}, headers={"Accept-Language": "en-GB"}).json()
        client.cookies.clear()
        with client.websocket_connect(f"{WS}/ws?seat={ann['token']}&lang=hi") as ann_page, \
                client.websocket_connect(f"{WS}/ws?seat={bob['token']}",
                                         headers={"Accept-Language": "en-GB,en"}) as bob_page:
            ann_state, bob_state = ann_page.receive_json(), bob_page.receive_json()
            if ann_state.get("phase") != "play":  # a full table may have started already
                started = client.post(f"/api/start?host={host}", json={}, headers={"Accept-Language": "zh"})
                assert started.status_code == 200, started.text
                ann_state, bob_state = ann_page.receive_json(), bob_page.receive_json()
            assert ann_state["phase"] == bob_state["phase"] == "play"
        told_ann, told_bob = _labels(ann_state), _labels(bob_state)
        assert ann_state["game"] == "तीन पत्ती" and bob_state["game"] == "Teen Patti"
        labels = [option["label"] for option in bob_state["view"]["legal"]]
        assert any(label.startswith("chaal") for label in labels) and "pack" in labels, labels
        assert not re.search("[\u0900-\u097F]", told_bob), "Bob reads English"
        assert not re.search("[\u4e00-\u9fff]", told_ann + told_bob), "the host's Chinese request spoke to nobody"
        in_hindi = client.get("/api/state", headers={"X-Seat-Token": bob["token"], "Accept-Language": "hi"}).json()
        labels = [option["label"] for option in in_hindi["view"]["legal"]]
        assert any(label.startswith("चाल") for label in labels) and "पैक" in labels, labels


def test_a_translated_page_keeps_every_id_and_name() -> None:
    """Only the words change: the script finds every element it finds in English."""
    from bragrules.web.page_words import page_html

    english = (STATIC / "index.html").read_text(encoding="utf-8")
    for lang in ("zh", "hi"):
        page = page_html(lang)
        ids = re.findall(r' id="([^"]*)"', page)
        assert [i for i in ids if i != "words"] == re.findall(r' id="([^"]*)"', english)
