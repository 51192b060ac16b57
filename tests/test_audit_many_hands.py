"""The audit and ``arbitrate`` on Thirteen-Card arrangements: the player's own cards, three to a hand,
the order rule, and the wrong-order penalty applied (thirteen-card.yaml, ``format.wrong_order``)."""

from __future__ import annotations

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.history import parse_sheet
from bragrules.profile import load_profile

CARDS = "{A: 3h 3d 3c Ah Kh Qh 9s 9d 2c 7c 7d 4s 5h, B: Ks Kd Kc 8s 9h Tc Jc Jd 2d 6s 6d 3s 4d}"
A_IN_ORDER = "A arrange 3h 3d 3c | Ah Kh Qh | 9s 9d 2c | 7c 7d 4s"
A_OUT_OF_ORDER = "A arrange Ah Kh Qh | 3h 3d 3c | 9s 9d 2c | 7c 7d 4s"
B_ARRANGES = "B arrange Ks Kd Kc | 8s 9h Tc | Jc Jd 2d | 6s 6d 3s"


def sheet(actions: str, result: str = "", dispute: str = "", profile: str = "thirteen-card") -> object:
    text = (f"format: bragrules-history/1\nprofile: {profile}\nplayers: [A, B]\ndealer: B\ndeals:\n"
            f"  - cards: {CARDS}\n    actions: [{actions}]\n")
    if result:
        text += f"    result: {result}\n"
    if dispute:
        text += f"    dispute: {dispute}\n"
    return parse_sheet(text, filename="sheet.yaml")


def test_arrangements_in_order_audit_clean() -> None:
    report = audit(sheet(f"{A_IN_ORDER}, {B_ARRANGES}", result="{winner: A, net: {A: 1, B: -1}}"))
    assert report.ok, [str(v) for v in report.violations]


def test_the_audit_applies_the_wrong_order_penalty() -> None:
    """A's hands out of order stand and win nothing, so a claim that A won is wrong: B won."""
    report = audit(sheet(f"{A_OUT_OF_ORDER}, {B_ARRANGES}", result="{winner: A}"))
    assert [v.rule for v in report.violations] == ["history.result"]
    assert "the history says A won; replayed, B won" in report.violations[0].message


def test_the_audit_refuses_a_card_not_dealt_and_a_short_hand() -> None:
    for bad in ("A arrange 3h 3d 3c | Ah Kh Qh | 9s 9d 2c | 7c 7d 4d", "A arrange 3h 3d 3c | Ah Kh Qh | 9s 9d 2c | 7c 7d"):
        report = audit(sheet(f"{bad}, {B_ARRANGES}"))
        assert [v.rule for v in report.violations][:1] == ["format.hands"], [str(v) for v in report.violations]


def test_the_audit_refuses_a_wrong_order_where_the_profile_refuses_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = load_profile("thirteen-card").model_dump(mode="json")
    data["format"]["wrong_order"] = "refused"
    data["name"] = "thirteen-refused"
    path = tmp_path / "thirteen-refused.yaml"
    import yaml

    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    report = audit(sheet(f"{A_OUT_OF_ORDER}, {B_ARRANGES}", profile=str(path)))
    assert [v.rule for v in report.violations][:1] == ["format.hand_order"], [str(v) for v in report.violations]


def test_arbitrate_rules_on_an_arrangement() -> None:
    """An arrangement out of order is allowed under thirteen-card, with the penalty said and cited; a card
    not dealt is refused, naming format.hands."""
    (ruling,) = arbitrate(sheet("", dispute=A_OUT_OF_ORDER)).rulings
    assert ruling.allowed and "A wins no hand this deal" in ruling.summary
    assert {c.path for c in ruling.citations} >= {"format.hand_order", "format.wrong_order"}
    (refused,) = arbitrate(sheet("", dispute="A arrange 3h 3d 3c | Ah Kh Qh | 9s 9d 2c | 7c 7d 4d")).rulings
    assert not refused.allowed and "4d is not among the cards dealt" in refused.summary
    assert "format.hands" in {c.path for c in refused.citations}
