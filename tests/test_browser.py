"""A real browser at the table: Playwright drives Debian's Chromium through two seats of a served
table, in two browser contexts (a phone and a laptop), and plays a deal to its end under the page's
strict Content-Security-Policy; then, as an attacker would, through a page on another port, a
rebinding name and a frame, none of which gets anything, and a seat that tries to act for another.

Skipped, with the reason, where the ``browser`` extra (``pip install 'bragrules[browser]'``) or
Chromium (``apt-get install chromium``; another binary with ``BRAGRULES_CHROMIUM``) is missing.
``BRAGRULES_SCREENSHOTS=1`` keeps the screenshots of both seats under ``docs/`` for the README.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from tests.helpers import wait_for

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("BRAGRULES_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP rebind.test 127.0.0.1"]  # a name that rebinds to this computer

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

PREFERENCE = ("look at your cards", "see for", "bet", "show your cards", "fold")


@pytest.fixture
def server(tmp_path: Path) -> Any:
    err = tmp_path / "serve.txt"
    log = tmp_path / "browser.jsonl"
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", "-p", "casual",
                                    "--port", "0", "--seats", "2", "--bots", "none", "--seed", "17",
                                    "--hands", "2", "--log", str(log)],
                                   stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "NO_COLOR": "1"})
    try:
        wait_for(lambda: "Join link" in err.read_text() or process.poll() is not None, "the server's join link")
        assert process.poll() is None, err.read_text()
        link = err.read_text().split("Join link to share: ")[1].split()[0]
        yield {"link": link, "log": log}
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def wait_until(page: Any, expression: str, timeout: float = 120.0) -> None:
    """Wait until ``expression`` is true in ``page``. (Playwright's ``wait_for_function`` evaluates its
    text with ``eval``, which the page's Content-Security-Policy rightly forbids; ``evaluate`` is not
    held to it, being the browser's own.) The timeout is only a guard: generous, for a loaded machine
    where the server works out a thirteen-card arrangement while other tests run."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"waited {timeout:g} s for {expression}"
        page.wait_for_timeout(25)  # the next state is on its way over the websocket


def _take_turn(page: Any) -> bool:
    """Click the preferred button of this seat's options; whether it was this seat's turn."""
    if "your turn" not in page.inner_text("#status"):
        return False
    turn = page.evaluate("document.body.dataset.turn")
    buttons = page.locator("#actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    for wanted in PREFERENCE:
        for index, label in enumerate(labels):
            if label.startswith(wanted):
                buttons.nth(index).click()
                wait_until(page, f"document.body.dataset.turn !== '{turn}' || "
                                       "!document.getElementById('error').hidden")
                assert page.locator("#error").is_hidden(), page.inner_text("#error")
                return True
    return False


def test_two_seats_in_two_browsers_play_a_deal_to_its_end(server: Dict[str, Any], tmp_path: Path) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                        is_mobile=True, has_touch=True)
            laptop = browser.new_context(viewport={"width": 1280, "height": 860})
            pages = {"Ann": phone.new_page(), "Bob": laptop.new_page()}
            refused: List[str] = []
            for page in pages.values():
                page.on("console", lambda message: refused.append(message.text)
                        if "Content Security Policy" in message.text else None)
            for name, page in pages.items():
                page.set_default_timeout(120_000)
                page.goto(server["link"])
                page.fill("#name", name)
                page.click("#join-form button")
                wait_until(page, "document.getElementById('you').textContent.includes('You are')")
            for page in pages.values():
                wait_until(page, "document.getElementById('profile').textContent.includes('deal 1')")
            blind = pages["Bob"].locator("#hand .card.back").count()
            assert blind == 3, "a blind seat's cards stay face down: the browser does not have them"
            clicks = 0
            while "Deal 1" not in pages["Ann"].inner_text("#last"):
                acted = False
                for page in pages.values():
                    if _take_turn(page):
                        acted = True
                        clicks += 1
                if not acted:
                    pages["Ann"].wait_for_timeout(50)  # the next state is on its way over the websocket
                assert clicks < 40
            for page in pages.values():
                wait_until(page, "document.getElementById('last').textContent.includes('Deal 1')")
                assert "wins" in page.inner_text("#last")
                assert page.locator("#standings tr").count() == 2
            shots: List[Path] = []
            for name, page in pages.items():
                shot = tmp_path / f"web-{name.lower()}.png"
                page.screenshot(path=str(shot), full_page=True)
                assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
                shots.append(shot)
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
    lines = [json.loads(line) for line in server["log"].read_text().splitlines()]
    assert [line["type"] for line in lines if line["type"] in ("deal", "result")][:2] == ["deal", "result"]
    if os.environ.get("BRAGRULES_SCREENSHOTS") == "1":
        for shot, target in zip(shots, ("web-phone.png", "web-laptop.png")):
            shutil.copy(shot, ROOT / "docs" / target)


# ---------------------------------------------------------------------------
# An attacker's pages
# ---------------------------------------------------------------------------

ATTACK = """<!doctype html><html><body><iframe id="frame" src="TABLE"></iframe><script>
window.found = {socket: [], posts: [], reads: []};
const socket = new WebSocket("WS/ws");
socket.onopen = () => { window.found.socket.push("open"); socket.send(JSON.stringify({type: "action", kind: "fold", turn: TURN})); };
socket.onmessage = (event) => window.found.socket.push(event.data);
socket.onclose = () => window.found.socket.push("closed");
fetch("TABLEapi/action", {method: "POST", mode: "no-cors", credentials: "include",
  headers: {"Content-Type": "text/plain"}, body: JSON.stringify({kind: "fold", turn: TURN})})
  .then(() => window.found.posts.push("sent"), () => window.found.posts.push("failed"));
fetch("TABLEapi/state", {credentials: "include"}).then((r) => r.text()).then((t) => window.found.reads.push(t),
  () => window.found.reads.push("blocked"));
</script></body></html>"""


@pytest.fixture
def attacker() -> Iterator[Dict[str, Any]]:
    """A web server on another port of this computer, serving whatever page the test gives it."""
    pages: Dict[str, str] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            body = pages.get(self.path.split("?")[0], "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"pages": pages, "url": f"http://127.0.0.1:{httpd.server_address[1]}"}
    finally:
        httpd.shutdown()
        httpd.server_close()


def _state(link: str, token: str) -> Dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(link + "api/state", headers={"X-Seat-Token": token})
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


def test_another_origin_a_rebinding_name_and_a_frame_get_nothing_and_a_seat_acts_only_for_itself(
        server: Dict[str, Any], attacker: Dict[str, Any]) -> None:
    link = server["link"]
    port = link.rsplit(":", 1)[1].strip("/")
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            tokens: Dict[str, str] = {}
            pages: Dict[str, Any] = {}
            for name in ("Ann", "Bob"):
                context = browser.new_context()
                page = context.new_page()
                page.set_default_timeout(120_000)
                page.goto(link)
                page.fill("#name", name)
                page.click("#join-form button")
                wait_until(page, "document.getElementById('you').textContent.includes('You are')")
                tokens[name] = page.evaluate("localStorage.getItem('bragrules-seat')")
                pages[name] = page
            for page in pages.values():
                wait_until(page, "document.getElementById('profile').textContent.includes('deal 1')")
            before = _state(link, tokens["Ann"])
            to_act = before["view"]["to_act"]
            other = "Bob" if to_act == "Ann" else "Ann"

            # a page on another port, opened in the browser of the seat to act (its cookie goes along)
            evil = pages[to_act].context.new_page()
            attacker["pages"]["/"] = ATTACK.replace("TABLE", link).replace("WS", f"ws://127.0.0.1:{port}") \
                .replace("TURN", str(before["turn"]))
            evil.goto(attacker["url"] + "/")
            wait_until(evil, "window.found.socket.includes('closed') && window.found.posts.length "
                                   "&& window.found.reads.length")
            found = evil.evaluate("window.found")
            assert "open" not in found["socket"] and len(found["socket"]) == 1, found["socket"]
            assert found["reads"] == ["blocked"], "the table's state is not readable from another origin"
            framed = [f for f in evil.frames if f != evil.main_frame]
            assert framed and all(f.evaluate("document.getElementById('felt') === null") for f in framed), \
                "the table cannot be framed"
            after = _state(link, tokens["Ann"])
            assert after["turn"] == before["turn"] and not after["view"]["seats"][to_act]["folded"], \
                "nothing the other page sent was applied"

            # a name that rebinds to this computer: the page, its state and its socket are refused
            rebound = pages[to_act].context.new_page()
            response = rebound.goto(f"http://rebind.test:{port}/")
            assert response is not None and response.status == 403
            seen = rebound.evaluate("""async () => {
                const state = await fetch('/api/state').then((r) => r.status + ' ' + r.headers.get('content-type'));
                const socket = await new Promise((done) => { const s = new WebSocket('ws://' + location.host + '/ws');
                    s.onopen = () => done('open'); s.onclose = () => done('closed'); });
                return [state, socket, document.body.innerText]; }""")
            assert seen[0].startswith("403") and seen[1] == "closed" and "seats" not in seen[2], seen

            # a seat acts only for itself: a dispute raised about another seat changes nothing by itself
            pages[other].fill("#dispute", f"{to_act} peeks {other}")
            pages[other].click("#dispute-form button")
            for page in pages.values():
                wait_until(page, f"document.getElementById('rulings').textContent.includes('{to_act} peeks')")
            assert pages[other].locator("#rulings button.accept").count() == 0, "only the player concerned concedes"
            assert not _state(link, tokens["Ann"])["view"]["seats"][to_act]["folded"]
            wrong = pages[other].evaluate("""(turn) => fetch('/api/action', {method: 'POST',
                headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({kind: 'fold', player: '%s', turn: turn})}).then((r) => r.json())""" % to_act,
                after["turn"])  # the seat's own page, its own cookie, naming the other player
            assert wrong["type"] == "error" and f"{to_act}'s turn" in wrong["error"], wrong
            concede = pages[to_act].locator("#rulings button.accept")
            concede.wait_for()
            concede.click()
            # the feed tells of it (the ruling itself is shown in its own deal only, which the fold may have ended)
            wait_until(pages[other], "document.getElementById('feed').textContent.includes('conceded by')")
            assert _state(link, tokens["Ann"])["view"]["seats"][to_act]["folded"] or \
                _state(link, tokens["Ann"])["deal"] != after["deal"]
        finally:
            browser.close()


# ---------------------------------------------------------------------------
# A table that stops and is resumed
# ---------------------------------------------------------------------------


def _serve(args: List[str], err: Path) -> Any:
    """``bragrules serve ARGS`` in its own process, once it has printed its join link: (process, join link)."""
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", *args],
                                   stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "NO_COLOR": "1"})
    try:
        wait_for(lambda: "Join link" in err.read_text() or process.poll() is not None, "the server's join link")
        assert process.poll() is None, err.read_text()
    except BaseException:
        _stop(process)
        raise
    return process, err.read_text().split("Join link to share: ")[1].split()[0]


def _stop(process: Any) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)


def test_a_table_that_stops_shows_a_banner_and_comes_back_on_its_old_port_with_no_stale_error(
        tmp_path: Path) -> None:
    log = tmp_path / "resumed.jsonl"
    process, link = _serve(["-p", "casual", "--port", "0", "--seats", "2", "--bots", "none", "--seed", "17",
                            "--hands", "2", "--log", str(log)], tmp_path / "first.txt")
    processes = [process]
    try:
        with playwright_api.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                refused: List[str] = []
                pages: Dict[str, Any] = {}
                sent: Dict[str, List[str]] = {"Ann": [], "Bob": []}
                for name in ("Ann", "Bob"):
                    context = browser.new_context()
                    # cookies are per host, not per port: another table of this computer left its own
                    context.add_cookies([{"name": "bragrules_seat", "value": "A" * 43, "url": link},
                                         {"name": "bragrules_seat_0123456789ab", "value": "B" * 43, "url": link}])
                    page = context.new_page()
                    page.set_default_timeout(120_000)
                    page.on("console", lambda message: refused.append(message.text)
                            if "Content Security Policy" in message.text else None)
                    page.on("websocket", lambda socket, who=name: socket.on(
                        "framesent", lambda frame: sent[who].append(str(frame))))
                    page.goto(link)
                    rule = page.locator("#name-rule")
                    rule.wait_for(state="visible")  # shown by the page's script once it has loaded: wait for it
                    assert "One word" in rule.inner_text(), "the name rule is shown up front"
                    pages[name] = page
                stray = browser.new_context().new_page()  # a link of another table: said, and kept on screen
                stray.goto(link + "?seat=" + "C" * 43)
                wait_until(stray, "document.getElementById('profile').textContent.includes('casual')")
                assert "not one of this table's" in stray.inner_text("#error")
                stray.context.close()
                ann = pages["Ann"]
                ann.fill("#name", "Ann Lee")
                ann.click("#join-form button")
                wait_until(ann, "!document.getElementById('error').hidden")
                assert "one word" in ann.inner_text("#error")
                for name, page in pages.items():
                    page.fill("#name", name)
                    page.click("#join-form button")
                    wait_until(page, "document.getElementById('you').textContent.includes('You are')")
                for page in pages.values():
                    wait_until(page, "document.getElementById('profile').textContent.includes('deal 1')")
                    assert page.locator("#error").is_hidden(), page.inner_text("#error")
                    assert "casual" in page.inner_text("#profile") and str(tmp_path) not in page.inner_text("header")

                # a double tap sends the action once, and leaves no error behind
                to_act = next(n for n, p in pages.items() if "your turn" in p.inner_text("#status"))
                page = pages[to_act]
                turn = page.evaluate("document.body.dataset.turn")
                before = len([f for f in sent[to_act] if '"action"' in f])
                page.locator("#actions button").first.dblclick()
                wait_until(page, f"document.body.dataset.turn !== '{turn}'")
                assert len([f for f in sent[to_act] if '"action"' in f]) == before + 1, sent[to_act]
                assert page.locator("#error").is_hidden(), page.inner_text("#error")

                # the server stops: every page says so at once
                _stop(processes.pop())
                for page in pages.values():
                    wait_until(page, "!document.getElementById('offline').hidden")
                    assert "Not connected" in page.inner_text("#offline")

                # resumed without --port: on the old port, so the pages come back by themselves
                process, again = _serve(["--resume", str(log)], tmp_path / "second.txt")
                processes.append(process)
                assert again == link, (again, link)
                assert "still work" in (tmp_path / "second.txt").read_text()
                for name, page in pages.items():
                    wait_until(page, "document.getElementById('offline').hidden")
                    assert f"You are {name}" in page.inner_text("#you")
                    now = _state(link, page.evaluate("localStorage.getItem('bragrules-seat')"))
                    assert now["you"] == name and page.evaluate("document.body.dataset.turn") == str(now["turn"])
                    feed = page.inner_text("#feed")
                    assert "deal 1: " in feed and "resumes from its log" in feed, feed
                    assert page.locator("#error").is_hidden(), page.inner_text("#error")
                acted = False
                for page in pages.values():
                    acted = _take_turn(page) or acted
                assert acted, "the seats' links work after the restart"
            finally:
                browser.close()
        assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
    finally:
        for process in processes:
            _stop(process)
