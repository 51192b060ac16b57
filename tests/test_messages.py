"""How the commands speak to people: one ``error:`` prefix for every error that has no file and line."""

from __future__ import annotations

from typing import Any, List

import pytest

from tests.helpers import run_cli


@pytest.mark.parametrize("args", [
    ["validate", "nosuch"], ["show", "nosuch"], ["diff", "nosuch", "standard"], ["rulebook", "nosuch"],
    ["rank", "--profile", "nosuch", "AcKdQh"], ["audit", "--profile", "nosuch", "tests/data/histories/worked_pot.yaml"],
])
def test_an_unknown_profile_is_an_error_line_like_any_other(capsys: Any, monkeypatch: Any, args: List[str]) -> None:
    code, out, err = run_cli(capsys, monkeypatch, *args)
    assert code == 2 and out == ""
    assert err.startswith("error: unknown profile 'nosuch'") and err.count("\n") == 1, err


def test_a_problem_in_a_file_keeps_its_compiler_style_location(capsys: Any, monkeypatch: Any, tmp_path: Any) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("stakes:\n  ante: -1\n", encoding="utf-8")
    code, _, err = run_cli(capsys, monkeypatch, "validate", str(bad))
    assert code == 2 and err.startswith(f"{bad}:2:9: stakes.ante: "), err


def _complete(words: str, cwd: Any = None) -> List[str]:
    import os
    import subprocess
    import sys

    env = {**os.environ, "_BRAGRULES_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - 1)}
    done = subprocess.run([sys.executable, "-m", "bragrules"], capture_output=True, text=True, env=env,
                          timeout=120, cwd=cwd, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_shell_completion_is_on_for_commands_options_and_profiles(tmp_path: Any) -> None:
    import os
    import subprocess
    import sys

    # the shell named, not detected: typer detects the shell from the process's parents, which a test
    # started away from any shell (a detached run, a service) does not have
    named = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    shown = subprocess.run([sys.executable, "-m", "bragrules", "--show-completion", "bash"], capture_output=True,
                           text=True, timeout=120, stdin=subprocess.DEVNULL, env=named)
    assert shown.returncode == 0 and "_BRAGRULES_COMPLETE=complete_bash" in shown.stdout, shown.stderr
    assert _complete("bragrules va") == ["validate"]
    assert _complete("bragrules play --pro") == ["--profile"]
    (tmp_path / "house-rules.yaml").write_text("name: mine\n", encoding="utf-8")
    assert _complete("bragrules show tra") == ["traditional"]
    assert _complete("bragrules diff traditional hou", cwd=tmp_path) == ["house", "house-rules.yaml"]


@pytest.mark.parametrize("command", ["validate", "show"])
def test_validate_and_show_warn_on_stderr_about_a_value_that_does_nothing(capsys: Any, monkeypatch: Any,
                                                                         tmp_path: Any, command: str) -> None:
    house = tmp_path / "h.yaml"
    house.write_text("extends: standard\nname: h\nstakes:\n  raise_limit: {kind: pot, amount: 5}\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, command, str(house))
    assert code == 0
    assert err == (f"{house}:4:36: warning: stakes.raise_limit.amount: 5 does nothing under "
                   "stakes.raise_limit.kind: pot (remove it)\n")
    assert "warning" not in out


def test_validate_json_lists_the_warnings(capsys: Any, monkeypatch: Any, tmp_path: Any) -> None:
    import json

    house = tmp_path / "h.yaml"
    house.write_text("blind:\n  allowed: false\n  look: any_time\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "validate", "--json", str(house))
    report = json.loads(out)[0]
    assert code == 0 and report["ok"] and report["warnings"][0]["path"] == "blind.look"
    assert report["warnings"][0]["line"] == 3


def test_audit_notes_are_messages_on_stderr(capsys: Any, monkeypatch: Any, tmp_path: Any) -> None:
    """A log cut short mid-deal: the note says so on stderr; the report on stdout is the findings."""
    from pathlib import Path

    whole = Path(__file__).resolve().parent / "data" / "histories" / "pot_cap_before_rename.jsonl"
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(whole.read_text(encoding="utf-8").splitlines(keepends=True)[:40]), encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "audit", "--summary", str(cut))
    assert code == 0 and "ok: every action legal" in out
    assert "note:" not in out
    assert err.startswith("note: deal 3 (line 33): deal 3 is unfinished"), err
