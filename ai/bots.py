"""Players for the arena: our levels, and external programs that speak one JSON line per decision.

An external bot (``cmd:<command line>``) is started once. For each decision it receives
``{"cards": "...", "rules": "...", "options": {...}}`` on one line and answers one line:
``{"front": ..., "middle": ..., "back": ...}`` or ``{"declare": "<special id>"}``. An answer that is
late (10 s), malformed, not its own cards, or not a valid declaration counts as a foul for that hand;
a bot that hangs or dies is restarted for the next decision.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from rules.arrangement import Arrangement
from rules.cards import Card, format_cards
from rules.deal import Decision
from rules.presets import Options
from rules.specials import Special

from .contract import Choice, Level, TableView
from .levels import choose
from .splits import N_SPLITS, legal_splits

BOT_TIMEOUT = 10.0


@dataclass
class Played:
    """One decision as the arena records it."""

    decision: Decision
    double: int | None
    seconds: float
    forfeit: str | None = None  # why an external bot's answer was turned into a foul


def forfeit_arrangement(hand: Sequence[int], options: Options) -> Decision:
    """A deliberately fouled arrangement of ``hand``: what an invalid bot answer is scored as."""
    hs = legal_splits(hand, options)
    illegal = np.setdiff1d(np.arange(N_SPLITS), hs.legal, assume_unique=True)
    return Decision.arranged(hs.arrangement(int(illegal[0])))


class Player(Protocol):
    """What the arena asks of a player: a name, a decision per hand, and a last call to let go."""

    name: str

    def decide(self, hand: Sequence[Card], view: TableView, seed: int) -> Played:
        """Play ``hand`` at the table ``view`` describes."""
        ...

    def close(self) -> None:
        """Release what the player holds (an external program)."""
        ...


class LevelPlayer:
    """One of our levels."""

    def __init__(self, level: Level) -> None:
        self.name = level.value
        self.level = level

    def decide(self, hand: Sequence[Card], view: TableView, seed: int) -> Played:
        """The level's choice, timed."""
        began = time.perf_counter()
        choice: Choice = choose(hand, view, self.level, seed=seed, top=0)
        return Played(choice.decision, choice.double, time.perf_counter() - began)

    def close(self) -> None:
        """Nothing to release."""


@dataclass
class ExternalPlayer:
    """A program speaking the JSON-lines protocol; restarted if it hangs or dies."""

    command: str
    timeout: float = BOT_TIMEOUT
    name: str = ""
    _proc: subprocess.Popen[str] | None = field(default=None, repr=False)
    _lines: queue.Queue[str | None] = field(default_factory=queue.Queue, repr=False)

    def __post_init__(self) -> None:
        self.name = self.name or f"cmd:{self.command}"
        self.argv = shlex.split(self.command)
        if not self.argv:
            raise ValueError("an external bot needs a command line after 'cmd:'")

    def _start(self) -> subprocess.Popen[str]:
        self._lines = queue.Queue()
        proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            errors="replace",
        )
        lines = self._lines

        def pump() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        self._proc = proc
        return proc

    def _ask(self, request: str) -> str:
        proc = self._proc if self._proc is not None and self._proc.poll() is None else self._start()
        # Lines the bot wrote unasked (a second answer to the last question) must not answer this one.
        while True:
            try:
                stale = self._lines.get_nowait()
            except queue.Empty:
                break
            if stale is None:
                self.close()
                proc = self._start()
                break
        assert proc.stdin is not None
        try:
            proc.stdin.write(request + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.close()
            raise TimeoutError(f"bot is not reading its input ({exc.__class__.__name__})") from None
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self.close()  # a late answer would answer the next question: start afresh
            raise TimeoutError(f"no answer within {self.timeout:g} s") from None
        if line is None:
            self.close()
            raise TimeoutError("bot exited")
        return line

    def decide(self, hand: Sequence[Card], view: TableView, seed: int) -> Played:
        """Ask the program; any failure is a forfeit (a fouled arrangement), never an exception."""
        request = json.dumps(
            {
                "cards": format_cards(sorted(hand, reverse=True)),
                "rules": view.preset.value,
                "options": view.rules_options.to_dict(),
            }
        )
        began = time.perf_counter()
        try:
            answer = self._ask(request)
            decision = _read_answer(answer, hand, view)
            return Played(decision, None, time.perf_counter() - began)
        except Exception as exc:  # whatever a bot sends or does, it must never stop the arena
            seconds = time.perf_counter() - began
            return Played(forfeit_arrangement(hand, view.rules_options), None, seconds, forfeit=str(exc))

    def close(self) -> None:
        """Stop the program (it is started again by the next question)."""
        if self._proc is not None:
            try:
                self._proc.kill()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
            self._proc = None


def _read_answer(line: str, hand: Sequence[Card], view: TableView) -> Decision:
    """The decision a bot's answer line stands for; ValueError says what is wrong with it."""
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, RecursionError):  # RecursionError: nested too deep to decode
        raise ValueError(f"not JSON: {line.strip()[:60]!r}") from None
    if not isinstance(data, dict):
        raise ValueError("the answer must be a JSON object")
    if data.get("declare") is not None:
        try:
            special = Special(data["declare"])
        except ValueError:
            raise ValueError(f"unknown special {data['declare']!r}") from None
        if special not in view.preset.specials:
            raise ValueError(f"{special.id} is not a special hand in {view.preset.value}")
        return Decision.declared(hand, special)
    rows = [data.get(k) for k in ("front", "middle", "back")]
    if not all(isinstance(r, str) for r in rows):
        raise ValueError("the answer needs front, middle and back")
    arrangement = Arrangement.parse(*rows)  # type: ignore[arg-type]
    if sorted(arrangement.cards) != sorted(hand):
        raise ValueError("the answer does not use exactly the cards dealt")
    return Decision.arranged(arrangement)


def make_player(name: str) -> Player:
    """A player from its arena name: a level (``easy`` … ``expert``) or ``cmd:<command line>``."""
    if name.startswith("cmd:"):
        return ExternalPlayer(name[4:].strip(), name=name)
    try:
        return LevelPlayer(Level(name))
    except ValueError:
        raise ValueError(f"unknown player {name!r} (levels: easy, normal, hard, expert; or cmd:<command>)") from None
