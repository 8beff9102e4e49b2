"""Tiny external bots for the arena tests: ``python fake_bots.py MODE [ARG]`` speaks the JSON-lines protocol.

Modes: ``good`` (asks ai.choose; also checks the request's shape and answers garbage if it is off),
``garbage`` (not JSON), ``list`` (JSON, not an object), ``wrong`` (rows made of cards it was not dealt),
``dragon`` (declares a dragon it does not have), ``unknown`` (declares a special that does not exist),
``foul`` (its own cards, in an arrangement that fouls), ``deep`` (JSON nested too deep to decode),
``binary`` (bytes that are not UTF-8), ``late`` (never answers), ``exit`` (reads one
request, then exits without answering), ``crash`` (exits at once), ``late-once PATH`` (the first time it
runs it never answers and creates PATH; later runs answer like ``good``).

Bots that attack the arena itself: ``deaf`` (never reads; writes a line every millisecond, so the arena's
questions fill its input pipe), ``flood`` (never reads; writes short lines as fast as it can, like ``yes``),
``longline`` (never reads; writes one endless line), ``forks`` (each question starts an orphaned
grandchild that sleeps for ten minutes, then answers garbage).

With ``FAKE_BOT_PIDS=PATH`` in the environment every bot process, and every process a bot starts, appends
its pid to PATH, so a test can check that none outlives the arena.
"""

from __future__ import annotations

import json
import os
import sys
import time

RANKS = "23456789TJQKA"
SUITS = "dchs"
ALL_CARDS = [r + s for r in RANKS for s in SUITS]


def _good(request: dict) -> dict:
    from ai import Level, TableView, choose
    from rules.cards import parse_cards
    from rules.presets import Options, Preset

    preset = Preset(request["rules"])
    options = Options.for_preset(preset, request["options"])
    choice = choose(parse_cards(request["cards"], 13), TableView(preset=preset, options=options), Level.NORMAL)
    if choice.decision.declare is not None:
        return {"declare": choice.decision.declare.id}
    assert choice.decision.arrangement is not None
    return choice.decision.arrangement.to_dict()


def _well_formed(request: object) -> bool:
    if not isinstance(request, dict) or set(request) != {"cards", "rules", "options"}:
        return False
    tokens = str(request["cards"]).split()
    return (
        len(tokens) == 13
        and all(t in ALL_CARDS for t in tokens)
        and isinstance(request["rules"], str)
        and isinstance(request["options"], dict)
        and "wheel" in request["options"]
    )


def _foul(cards: list[str]) -> dict:
    from rules.arrangement import Arrangement, is_foul
    from rules.cards import parse_cards

    hand = sorted(parse_cards(" ".join(cards)), reverse=True)
    # The three highest cards in front over the five lowest in the middle; shift until it fouls.
    for k in range(11):
        front = hand[k : k + 3]
        rest = [c for c in hand if c not in front]
        arr = Arrangement.of(front, rest[-5:], rest[:-5])
        if is_foul(arr):
            return arr.to_dict()
    raise SystemExit("no foul found")


def answer(mode: str, request: dict) -> str:
    cards = request.get("cards", "").split() if isinstance(request, dict) else []
    if mode == "good":
        return json.dumps(_good(request)) if _well_formed(request) else "bad request"
    if mode == "garbage":
        return "this is not json {"
    if mode == "list":
        return "[1, 2, 3]"
    if mode == "wrong":
        others = [c for c in ALL_CARDS if c not in cards]
        return json.dumps(
            {"front": " ".join(others[:3]), "middle": " ".join(others[3:8]), "back": " ".join(others[8:13])}
        )
    if mode == "dragon":
        return json.dumps({"declare": "dragon"})
    if mode == "unknown":
        return json.dumps({"declare": "royal_flush"})
    if mode == "foul":
        return json.dumps(_foul(cards))
    if mode == "deep":
        return "[" * 100_000 + "]" * 100_000
    raise SystemExit(f"unknown mode {mode}")


def _record_pid(pid: int) -> None:
    path = os.environ.get("FAKE_BOT_PIDS")
    if path:
        with open(path, "a") as f:
            f.write(f"{pid}\n")


def _orphan() -> None:
    """Start a grandchild that sleeps, and let its parent exit: the grandchild is an orphan of this bot."""
    child = os.fork()
    if child == 0:
        grandchild = os.fork()
        if grandchild == 0:
            time.sleep(600)
            os._exit(0)
        # Recorded here, before the bot answers, so the arena cannot end (and kill the group) before the
        # grandchild is on the list: the grandchild recording itself raced with that.
        _record_pid(grandchild)
        os._exit(0)
    os.waitpid(child, 0)


def _never_read(mode: str) -> None:
    out = sys.stdout.buffer
    while True:
        if mode == "deaf":
            out.write(b"x\n")
            out.flush()
            time.sleep(0.001)
        else:
            out.write(b"y\n" * 32768 if mode == "flood" else b"y" * 65536)


def main() -> None:
    mode = sys.argv[1]
    _record_pid(os.getpid())
    if mode in ("deaf", "flood", "longline"):
        _never_read(mode)
    if mode == "crash":
        raise SystemExit(3)
    if mode == "late-once":
        marker = sys.argv[2]
        if not os.path.exists(marker):
            open(marker, "w").close()
            mode = "late"
        else:
            mode = "good"
    for line in sys.stdin:
        request = json.loads(line)
        if mode == "late":
            time.sleep(3600)  # the arena gives up (and kills this process) long before
        if mode == "exit":
            return
        if mode == "forks":
            _orphan()
            print("garbage", flush=True)
            continue
        if mode == "binary":
            sys.stdout.buffer.write(b"\xff\xfe\x00 not text\n")
            sys.stdout.buffer.flush()
            continue
        print(answer(mode, request), flush=True)


if __name__ == "__main__":
    main()
