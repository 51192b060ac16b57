"""Load on a served table: eight players and a spectator in one ``bragrules serve``, on 127.0.0.1.

Run from the repository root (the ``web`` extra installed)::

    python bench/bench_serve.py [--deals 200] [--limit 600] [--profile standard]

Starts the real server (``bragrules serve``, its own process, a free port on
127.0.0.1 only), seats eight clients that join over HTTP and play over
websockets (a random legal move each turn, as quickly as the table allows),
plus a spectator, until the table has played ``--deals`` deals or
``--limit`` seconds have passed (the bound: it then stops and reports what
it measured). Prints the round trip of an action (from sending it to
receiving the table's new state) as median and 99th percentile, beside
the same run's baseline: the round trip of a ``ping`` that the server
answers without touching the table, so the ratio says what the table's
work adds whatever the machine's load. The log is then audited.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py, beside this script

from harness import ROOT  # noqa: E402  (it also puts an uninstalled checkout on the path)

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gil", "Hal"]


def percentile(values: List[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def post(link: str, path: str, body: Dict[str, Any]) -> Dict[str, Any]:
    request = urllib.request.Request(link + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 - 127.0.0.1 only
        return dict(json.loads(response.read()))


def choose(view: Dict[str, Any], rng: random.Random) -> Dict[str, Any]:
    """A random legal move, leaning towards moves that end deals (see, fold) so that deals stay short."""
    options = {o["kind"]: o for o in view["legal"]}
    if "see" in options and rng.random() < 0.6:
        return {"kind": "see", "amount": options["see"]["amount"]}
    if "look" in options and rng.random() < 0.4:
        return {"kind": "look"}
    if "fold" in options and rng.random() < 0.4:
        return {"kind": "fold"}
    if "bet" in options:
        return {"kind": "bet", "amount": rng.choice(options["bet"]["amounts"][:3])}
    option = rng.choice(view["legal"])
    return {"kind": option["kind"], **({"target": option["target"]} if option["target"] else {})}


async def player(link: str, token: str, seed: int, deadline: float, latencies: List[float],
                 refusals: List[str]) -> None:
    import websockets

    rng = random.Random(seed)
    url = link.replace("http://", "ws://") + f"ws?seat={token}"
    async with websockets.connect(url, max_size=None) as socket:
        sent_turn: Optional[int] = None
        sent_at = 0.0
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return
            message = json.loads(raw)
            if message.get("type") == "error":
                refusals.append(message["error"])
                sent_turn = None
                continue
            if message.get("type") != "state":
                continue
            if message["phase"] == "over":
                return
            if sent_turn is not None and message["turn"] > sent_turn:
                latencies.append(time.perf_counter() - sent_at)
                sent_turn = None
            view = message.get("view")
            if sent_turn is None and view and view["legal"]:
                sent_turn = message["turn"]
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "action", "turn": sent_turn, **choose(view, rng)}))


async def spectator(link: str, deadline: float, pings: List[float], seen: List[int]) -> None:
    import websockets

    async with websockets.connect(link.replace("http://", "ws://") + "ws", max_size=None) as socket:
        while time.monotonic() < deadline:
            start = time.perf_counter()
            await socket.send(json.dumps({"type": "ping"}))
            while True:
                try:
                    raw = await asyncio.wait_for(socket.recv(), timeout=max(0.1, deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    return
                message = json.loads(raw)
                if message.get("type") == "pong":
                    pings.append(time.perf_counter() - start)
                    break
                if message.get("type") == "state":
                    seen.append(message.get("deals_played") or 0)
                    if message["phase"] == "over":
                        return
            await asyncio.sleep(0.02)


async def play(link: str, tokens: Dict[str, str], limit: float) -> Dict[str, Any]:
    deadline = time.monotonic() + limit
    latencies: List[float] = []
    refusals: List[str] = []
    pings: List[float] = []
    seen: List[int] = []
    start = time.perf_counter()
    tasks = [player(link, token, index, deadline, latencies, refusals) for index, token in enumerate(tokens.values())]
    await asyncio.gather(spectator(link, deadline, pings, seen), *tasks)
    return {"latencies": latencies, "refusals": refusals, "pings": pings, "seconds": time.perf_counter() - start,
            "spectator_states": len(seen)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--limit", type=float, default=600.0, help="seconds before the run stops, finished or not")
    parser.add_argument("--profile", default="standard")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bragrules-serve-"))
    log = workdir / "load.jsonl"
    err = workdir / "serve.txt"
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    with open(err, "w") as stderr:
        server = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", "-p", args.profile,
                                   "--host", "127.0.0.1", "--port", "0", "--seats", str(len(PLAYERS)),
                                   "--bots", "none", "--hands", str(args.deals), "--seed", "1",
                                   "--turn-timeout", "3600", "--log", str(log)],
                                  stdout=subprocess.DEVNULL, stderr=stderr, env=env, cwd=ROOT)
    try:
        started = time.monotonic()
        while "Join link" not in err.read_text():
            if server.poll() is not None or time.monotonic() - started > 60:
                raise SystemExit("the server did not start: " + err.read_text())
            time.sleep(0.01)
        link = err.read_text().split("Join link to share: ")[1].split()[0]
        tokens = {name: post(link, "api/join", {"name": name})["token"] for name in PLAYERS}
        found = asyncio.run(play(link, tokens, args.limit))
    finally:
        server.terminate()
        server.wait(timeout=60)
    from bragrules.audit import audit

    report = audit(log)
    latencies = [x * 1000 for x in found["latencies"]]
    pings = [x * 1000 for x in found["pings"]]
    print(f"bragrules serve under load: {len(PLAYERS)} players and a spectator, profile {args.profile}, 127.0.0.1")
    print(f"  deals played       {len(report.deals)} of {args.deals} in {found['seconds']:.1f} s "
          f"(limit {args.limit:g} s); log audited {'clean' if report.ok else 'WITH VIOLATIONS'}")
    print(f"  actions            {len(latencies)} ({len(latencies) / found['seconds']:.0f} a second), "
          f"refused {len(found['refusals'])}")
    if latencies:
        print(f"  action round trip  median {statistics.median(latencies):.2f} ms, "
              f"p99 {percentile(latencies, 0.99):.2f} ms, max {max(latencies):.2f} ms")
    if pings:
        print(f"  ping round trip    median {statistics.median(pings):.2f} ms, "
              f"p99 {percentile(pings, 0.99):.2f} ms ({len(pings)} pings: the same run's baseline)")
    if latencies and pings:
        print(f"  action / ping      median {statistics.median(latencies) / statistics.median(pings):.1f}x, "
              f"p99 {percentile(latencies, 0.99) / percentile(pings, 0.99):.1f}x")
    print(f"  spectator states   {found['spectator_states']}")


if __name__ == "__main__":
    main()
