"""The command line in the players' own words: each command's sentences in Chinese and Hindi (``--lang``),
English unchanged, JSON for machines in English whatever the language.

Each test runs a command in a language and asserts that the English sentences it prints are gone and the
language's own are there; card strings, profile names, numbers and paths stay as they are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from bragrules.core.i18n import set_language

from .helpers import run_cli, wait_for

BAD = Path(__file__).parent / "data" / "bad_profiles"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The command sets the language of this process: each test leaves it English again."""
    yield
    set_language("en")


def _run(capsys: Any, monkeypatch: Any, lang: str, *args: str) -> Dict[str, Any]:
    code, out, err = run_cli(capsys, monkeypatch, "--lang", lang, *args)
    return {"code": code, "out": out, "err": err, "all": out + err}


def _absent(text: str, english: List[str]) -> None:
    for sentence in english:
        assert sentence not in text, sentence


SOLVE = ["-p", "heads-up", "--max-raises", "1", "--levels", "1", "-n", "20", "--target", "0", "--every", "10"]
SOLVE_ENGLISH = ["iteration 10 of at most 20", "per deal", "of the ante", "elapsed", "left", "iterations in",
                 "decisions", "exploitability", "no target: every iteration run", "strategy:",
                 "a zero-sum game", "first to act", "dealer", "each seat's gain by deviating"]
SOLVE_SAID = {
    "zh": ["heads-up：第 10 次迭代，至多 20 次：可剥削度每局", "底注的", "没有目标：所有迭代都已运行",
           "零和博弈：座位 1 的价值是座位 2 的相反数", "座位 1（先行动）：", "座位 2（发牌人）：", "策略："],
    "hi": ["heads-up: अधिक से अधिक 20 में से पुनरावृत्ति 10: शोषणीयता हर बाज़ी", "एंटी का",
           "कोई लक्ष्य नहीं: हर पुनरावृत्ति चली", "शून्य-योग खेल", "सीट 1 (पहले चलने वाला):", "सीट 2 (डीलर):",
           "रणनीति:"],
}


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_solve_in_the_language_spoken(capsys: Any, monkeypatch: Any, tmp_path: Path, lang: str) -> None:
    pytest.importorskip("numpy")
    said = _run(capsys, monkeypatch, lang, "solve", *SOLVE, "--value", "-o", str(tmp_path / "s.npz"))
    assert said["code"] == 0, said["err"]
    _absent(said["all"], SOLVE_ENGLISH)
    for sentence in SOLVE_SAID[lang]:
        assert sentence in said["all"], sentence
    english = run_cli(capsys, monkeypatch, "solve", *SOLVE, "--value", "-o", str(tmp_path / "e.npz"))
    assert "heads-up: iteration 10 of at most 20: exploitability " in english[2]
    assert "  seat 1 (first to act): " in english[1] and "no target: every iteration run" in english[1]


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_solve_json_stays_english(capsys: Any, monkeypatch: Any, tmp_path: Path, lang: str) -> None:
    pytest.importorskip("numpy")
    said = _run(capsys, monkeypatch, lang, "solve", *SOLVE, "--json", "-o", str(tmp_path / "s.npz"))
    row = json.loads(said["out"])
    assert row["carry"] == "split" and row["seats"][0]["role"] == "first to act"
    assert said["err"] == ""


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["heads-up，3 个座位：外部抽样 MCCFR", "每个座位单独采取最佳应对的收益", "座位 1（先行动）：", "策略已写入"]),
    ("hi", ["3 सीटों पर heads-up: बाहरी-नमूना MCCFR", "अकेले सबसे अच्छा जवाब देकर", "सीट 1 (पहले चलने वाला):",
            "रणनीति"]),
])
def test_a_multiway_solve_in_the_language_spoken(capsys: Any, monkeypatch: Any, tmp_path: Path, lang: str,
                                                 said: List[str]) -> None:
    pytest.importorskip("numpy")
    out = _run(capsys, monkeypatch, lang, "solve", "-p", "heads-up", "--seats", "3", "--max-raises", "1",
               "--levels", "1", "-n", "50", "--value", "-o", str(tmp_path / "m.npz"))
    assert out["code"] == 0, out["err"]
    _absent(out["out"], ["seats: external-sampling", "each seat's gain by best-responding", "per deal",
                         "strategy written to"])
    for sentence in said:
        assert sentence in out["out"], sentence


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["所给的牌", "牌型", "牌力", "成牌", "standard 的牌型大小：牌力从 0 到 740，高者胜",
            "第2手: 'Kx' 不是一张牌（先写点数再写花色", "第3手: Kc 在一手牌中出现了两次"]),
    ("hi", ["दिए गए पत्ते", "श्रेणी", "ताक़त", "standard की रैंकिंग: ताक़त 0 से 740 तक, ऊँची जीतती है",
            "हाथ 2: 'Kx' कोई पत्ता नहीं है", "Kc एक हाथ में दो बार आया है"]),
])
def test_rank_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str, said: List[str]) -> None:
    out = _run(capsys, monkeypatch, lang, "rank", "Kc Kd Kh", "Kx Kd Kh", "Kc Kc Kd")
    assert out["code"] == 2
    _absent(out["all"], ["category", "strength", "plays", "ranking of", "the higher wins", "is not a card",
                         "appears twice"])
    for sentence in said:
        assert sentence in out["all"], sentence
    assert "Kc Kd Kh" in out["out"]  # the hand as typed


BAD_ENGLISH = {
    "anchor_alias.yaml": "anchors and aliases are not allowed",
    "bad_literal.yaml": "is not allowed; choose one of",
    "cycle_a.yaml": "extends cycle",
    "deep_nesting.yaml": "nested too deeply",
    "duplicate_key.yaml": "duplicate key",
    "empty.yaml": "the file is empty",
    "float_amount.yaml": "is a floating-point number",
    "missing_parent.yaml": "not found: no such file",
    "misspelled_builtin_parent.yaml": "unknown parent profile",
    "misspelled_nested.yaml": "unknown key",
    "negative_ante.yaml": "ante cannot be negative",
    "nine_card_ten_players.yaml": "but the pack has",
    "opening_range.yaml": "is below opening_min",
    "python_tag.yaml": "is not allowed in profiles",
    "syntax.yaml": "YAML syntax error",
    "tab_indent.yaml": "tab character in the indentation",
    "top_level_list.yaml": "must be a mapping of keys to values",
    "unknown_key.yaml": "unknown key",
    "wrong_type.yaml": "expected a whole number",
}
BAD_SAID = {
    "zh": {"negative_ante.yaml": "stakes.ante: 底注不能为负", "misspelled_nested.yaml": "未知的键 'antee'（是不是 'ante'？）",
           "wrong_type.yaml": "table.max_players: 应为整数，给的是 'eight'", "empty.yaml": "文件是空的",
           "tab_indent.yaml": "缩进中有制表符"},
    "hi": {"negative_ante.yaml": "stakes.ante: एंटी ऋणात्मक नहीं हो सकती",
           "misspelled_nested.yaml": "अनजानी कुंजी 'antee' (क्या आपका मतलब 'ante' था?)",
           "wrong_type.yaml": "table.max_players: पूर्ण संख्या चाहिए थी, मिला 'eight'", "empty.yaml": "फ़ाइल ख़ाली है",
           "tab_indent.yaml": "इंडेंटेशन में टैब अक्षर"},
}


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_every_bad_profile_is_explained_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str) -> None:
    for name, english in BAD_ENGLISH.items():
        path = str(BAD / name)
        out = _run(capsys, monkeypatch, lang, "validate", path)
        assert out["code"] == 2 and out["err"].startswith(str(BAD)), (name, out["err"])
        assert english not in out["err"], (name, out["err"])
        if name in BAD_SAID[lang]:
            assert BAD_SAID[lang][name] in out["err"], (name, out["err"])
        set_language("en")
        plain = run_cli(capsys, monkeypatch, "validate", path)
        assert english in plain[2], (name, plain[2])


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_validate_json_and_a_good_profile(capsys: Any, monkeypatch: Any, lang: str) -> None:
    out = _run(capsys, monkeypatch, lang, "validate", "--json", str(BAD / "negative_ante.yaml"))
    assert json.loads(out["out"])[0]["problems"][0]["message"] == "ante cannot be negative"
    good = _run(capsys, monkeypatch, lang, "validate", "teen-patti")
    assert good["code"] == 0
    assert good["out"] == {"zh": "正确  teen-patti（teen-patti，继承 standard）\n",
                           "hi": "ठीक  teen-patti (teen-patti, standard पर आधारित)\n"}[lang]


@pytest.mark.parametrize(("lang", "error", "unknown"), [
    ("zh", "错误：--bots 要指定两个机器人，而不是 1 个", "错误：未知的规则 'nosuch'"),
    ("hi", "त्रुटि: --bots में दो बॉट चाहिए, 1 नहीं", "त्रुटि: अनजानी प्रोफ़ाइल 'nosuch'"),
])
def test_the_common_error_line(capsys: Any, monkeypatch: Any, lang: str, error: str, unknown: str) -> None:
    out = _run(capsys, monkeypatch, lang, "duel", "--bots", "loose")
    assert out["code"] == 2 and out["err"].startswith(error)
    missing = _run(capsys, monkeypatch, lang, "show", "nosuch")
    assert missing["code"] == 2 and missing["err"].startswith(unknown), missing["err"]
    assert "error:" not in missing["err"] and "unknown profile" not in missing["err"]
    set_language("en")
    assert run_cli(capsys, monkeypatch, "show", "nosuch")[2].startswith("error: unknown profile 'nosuch'")


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["局，", "名玩家", "种子 0", "比牌（摊牌）", "风格", "胜率", "赢的场次", "场次：共 1 场",
            "金额守恒", "95% 区间", "在比牌或摊牌时赢下的局", "loose：赢下的局", "说明：95% 区间。"]),
    ("hi", ["बाज़ियाँ", "खिलाड़ी", "सीड 0", "शो हुआ", "शैलियाँ", "जीत दर", "जीते सत्र", "सत्र: 1 खेले",
            "पैसा संरक्षित", "95% अंतराल", "शो पर जीती गई बाज़ियाँ", "loose: जीती बाज़ियाँ", "टिप्पणी: 95% अंतराल।"]),
])
def test_simulate_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str, said: List[str]) -> None:
    out = _run(capsys, monkeypatch, lang, "simulate", "--hands", "200", "-n", "3")
    assert out["code"] == 0, out["err"]
    _absent(out["all"], ["deals won", "players (", "seed 0", "seen (showdown)", "win rate", "sessions won",
                         "money conserved", "95% intervals", "a second", "worker"])
    for sentence in said:
        assert sentence in out["all"], sentence


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["K♣ K♦ K♥：三条（三张K）（规则 standard，对 18,424 种对手牌中的每一种）", "概率", "百分比"]),
    ("hi", ["(standard के तहत, विरोधी के 18,424 हाथों में से हर एक के ख़िलाफ़)", "संभावना", "प्रतिशत", "जीत"]),
])
def test_equity_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str, said: List[str]) -> None:
    out = _run(capsys, monkeypatch, lang, "equity", "Kc Kd Kh")
    assert out["code"] == 0, out["err"]
    _absent(out["out"], ["under standard", "opponent hands", "chance", "percent", "win", "lose"])
    for sentence in said:
        assert sentence in out["out"], sentence
    table = _run(capsys, monkeypatch, lang, "equity", "-p", "heads-up")
    _absent(table["out"], ["strengths under", "best first", "ordered pairs"])


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["loose 对 cautious，规则 heads-up：20 对牌局（共 40 局）", "loose 的净额：总计", "基于 20 对牌局的 Student t 分布",
            "40 局，用时"]),
    ("hi", ["heads-up के तहत loose बनाम cautious: 20 जोड़ी बाज़ियाँ (40 बाज़ियाँ)", "loose का शुद्ध: कुल",
            "20 जोड़ी बाज़ियों पर Student t", "40 बाज़ियाँ"]),
])
def test_duel_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str, said: List[str]) -> None:
    out = _run(capsys, monkeypatch, lang, "duel", "-p", "heads-up", "--bots", "loose,cautious", "--pairs", "20")
    assert out["code"] == 0, out["err"]
    _absent(out["all"], [" against ", "pairs of deals", "'s net", "per deal", "deals in"])
    for sentence in said:
        assert sentence in out["all"], sentence


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["内置规则", "名称", "继承", "玩法", "按名称使用（--profile house）"]),
    ("hi", ["अंतर्निहित प्रोफ़ाइलें", "नाम", "खेल", "नाम से चुनें (--profile house)"]),
])
def test_profiles_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str, said: List[str]) -> None:
    out = _run(capsys, monkeypatch, lang, "profiles")
    _absent(out["out"], ["Built-in profiles", "Use one by name"])
    for sentence in said:
        assert sentence in out["out"], sentence
    listed = _run(capsys, monkeypatch, lang, "profiles", "--json")
    assert json.loads(listed["out"])[0]["game"]  # JSON as before


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["bragrules serve · 规则 standard · 种子 ", "正在 http://", "分享给他人的加入链接：", "主持人链接（开始，替换玩家；请勿外传）："]),
    ("hi", ["bragrules serve · प्रोफ़ाइल standard · सीड ", "पर सुन रहे हैं", "साझा करने का जुड़ने वाला लिंक:",
            "मेज़बान लिंक (शुरू करना, खिलाड़ी बदलना; इसे अपने पास रखें):"]),
])
def test_serve_starts_in_the_language_spoken(tmp_path: Path, lang: str, said: List[str]) -> None:
    pytest.importorskip("uvicorn")
    err = tmp_path / "serve.txt"
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "--lang", lang, "serve", "--port", "0",
                                    "--log", str(tmp_path / "t.jsonl")],
                                   stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "NO_COLOR": "1"})
    try:
        wait_for(lambda: said[-1] in err.read_text() or process.poll() is not None, "the host link")
        text = err.read_text()
        assert process.poll() is None, text
    finally:
        process.terminate()
        process.wait(timeout=30)
    for sentence in said:
        assert sentence in text, sentence
    _absent(text, ["Listening on", "Join link", "Host link", "keep it to yourself"])


def test_a_raked_solve_says_what_the_house_takes_in_the_language_spoken(capsys: Any, monkeypatch: Any,
                                                                       tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    raked = tmp_path / "raked.yaml"
    raked.write_text("extends: heads-up\nhouse:\n  rake: 1/20\n", encoding="utf-8")
    args = ("solve", "-p", str(raked), *SOLVE[2:], "-o", str(tmp_path / "r.npz"))
    said = _run(capsys, monkeypatch, "zh", *args, "--value")
    assert "一般和博弈：庄家从每个赢得的底池中抽取 1/20（house.rake）" in said["out"]
    assert "the house rakes" not in said["out"]
    row = json.loads(_run(capsys, monkeypatch, "zh", *args, "--json")["out"])
    assert row["house_takes"] == ["the house rakes 1/20 of each pot won (house.rake)"]


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["17 条规则不同，分布在 5 个领域。", "牌桌与发牌 (table)", "继承：standard", "出处："]),
    ("hi", ["17 नियम अलग हैं, 5 क्षेत्रों में।", "मेज़ और बँटवारा (table)", "आधार: standard", "स्रोत:"]),
])
def test_diff_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str, said: List[str]) -> None:
    out = _run(capsys, monkeypatch, lang, "diff", "standard", "teen-patti")
    assert out["code"] == 1, out["err"]
    _absent(out["out"], ["rules differ", "Table and deal", "extends:", "source:"])
    for sentence in said:
        assert sentence in out["out"], sentence


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["错误：crash: 求解器不支持：format.betting：没有可求解的下注", "按这些选项建的博弈树需要大约"]),
    ("hi", ["त्रुटि: crash: हल करने वाला यह नहीं संभालता: format.betting: हल करने को कोई दाँव नहीं",
            "इन विकल्पों के पेड़ को लगभग"]),
])
def test_a_solve_refused_in_the_language_spoken(capsys: Any, monkeypatch: Any, tmp_path: Path, lang: str,
                                               said: List[str]) -> None:
    pytest.importorskip("numpy")
    unsupported = _run(capsys, monkeypatch, lang, "solve", "-p", "crash", "-n", "5")
    assert unsupported["code"] == 2 and unsupported["err"].startswith(said[0]), unsupported["err"]
    large = _run(capsys, monkeypatch, lang, "solve", "-p", "standard", "-n", "5", "--memory", "0.01",
                 "-o", str(tmp_path / "x.npz"))
    assert large["code"] == 2 and said[1] in large["err"], large["err"]
    _absent(unsupported["err"] + large["err"], ["error:", "does not model", "would need", "the budget is"])


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["错误：standard 可坐 3 到 8 名玩家，而不是 99 名", "错误：这个玩法发 3 张牌：请给出 3 张的一手牌，而不是 1 张"]),
    ("hi", ["त्रुटि: standard में 3 से 8 खिलाड़ी बैठते हैं, 99 नहीं", "त्रुटि: यह प्रारूप 3 पत्ते बाँटता है: 3 पत्तों का हाथ दें, 1 नहीं"]),
])
def test_simulate_and_equity_refusals_in_the_language_spoken(capsys: Any, monkeypatch: Any, lang: str,
                                                            said: List[str]) -> None:
    seats = _run(capsys, monkeypatch, lang, "simulate", "-n", "99")
    hand = _run(capsys, monkeypatch, lang, "equity", "Kc")
    assert seats["code"] == hand["code"] == 2
    assert seats["err"].strip() == said[0] and hand["err"].strip() == said[1]
