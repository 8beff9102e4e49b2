"""Players for the arena: our levels, and external programs that speak one JSON line per decision.

An external bot (``cmd:<command line>``) is started once. For each decision it receives
``{"cards": "...", "rules": "...", "options": {...}}`` on one line and answers one line:
``{"front": ..., "middle": ..., "back": ...}`` or ``{"declare": "<special id>"}``. An answer that is
malformed, not its own cards, or not a valid declaration counts as a foul for that hand.

A bot is held to :class:`BotLimits`: one deadline (10 s) covers both handing it the question and reading
its answer, so a bot that stops reading its input cannot block the arena either; one answer line and the
output it writes unasked between two questions are capped, so a flood cannot fill memory. A bot past a
limit, or one that dies, forfeits the hand and is restarted for the next decision. Each bot runs in its own
process group (a new session), and the whole group is killed when the bot is restarted or the arena ends,
so nothing it started outlives the arena (unless it starts a session of its own).
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import signal
import subprocess
import time
from collections.abc import Sequence
from contextlib import suppress
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
_READ_CHUNK = 65536  # one pipe's worth: the most a single read takes from a bot


@dataclass(frozen=True)
class BotLimits:
    """What an external bot may take per question: time, and bytes of output held for it."""

    timeout: float = BOT_TIMEOUT  # seconds to take the question and answer it, both together
    answer_bytes: int = 64 * 1024  # one answer line (a real answer is under 100 bytes)
    unasked_bytes: int = 1024 * 1024  # what it writes between two questions (read and dropped)


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


class BotFault(Exception):
    """A bot broke a limit or the protocol's timing: the hand is forfeit and the bot is started afresh."""


class _Bot:
    """One run of a bot program: its process group, its non-blocking pipes, the bytes read past its last line.

    Every read is bounded (by a deadline and by the limits), and nothing here blocks: the pipes are
    non-blocking and waits go through a selector with the question's deadline.
    """

    def __init__(self, argv: list[str]) -> None:
        # A new session makes the bot the leader of its own process group, so ending the group ends
        # whatever it started too (and a Ctrl+C meant for the arena is not delivered to it).
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._pending = bytearray()  # read but not yet taken: the start of the next line
        self.exited = False  # its output reached end-of-file

    def alive(self) -> bool:
        """Whether the program still runs and can still answer."""
        return not self.exited and self.proc.poll() is None

    def _read(self, most: int) -> bytes | None:
        """Up to ``most`` bytes the bot has written; None if none are there now, b"" at end-of-file."""
        try:
            chunk = os.read(self._out, max(1, min(most, _READ_CHUNK)))
        except BlockingIOError:
            return None
        if not chunk:
            self.exited = True
        return chunk

    def drop_unasked(self, limits: BotLimits) -> None:
        """Throw away the lines the bot wrote since its last answer; BotFault if they pass the limits."""
        dropped = 0
        while True:
            cut = self._pending.rfind(b"\n") + 1
            dropped += cut
            del self._pending[:cut]
            if dropped > limits.unasked_bytes:
                raise BotFault(f"wrote more than {limits.unasked_bytes:,} bytes without being asked")
            if len(self._pending) > limits.answer_bytes:
                raise BotFault(f"wrote a line longer than {limits.answer_bytes:,} bytes")
            chunk = self._read(_READ_CHUNK)  # so at most answer_bytes + one chunk is ever held
            if not chunk:  # nothing more for now, or end-of-file (the caller restarts it)
                return
            self._pending += chunk

    def ask(self, request: bytes, deadline: float, limits: BotLimits) -> bytes:
        """Hand the bot ``request`` and return its answer line, all before ``deadline`` (a monotonic time)."""
        with selectors.DefaultSelector() as sel:
            sel.register(self._in, selectors.EVENT_WRITE)
            rest = memoryview(request)
            while rest:
                wait = deadline - time.monotonic()
                if wait <= 0 or not sel.select(wait):
                    raise BotFault(f"did not take the question within {limits.timeout:g} s (not reading its input)")
                try:
                    rest = rest[os.write(self._in, rest) :]
                except BlockingIOError:
                    continue
                except OSError as exc:  # BrokenPipeError: it closed its input or exited
                    raise BotFault(f"bot is not reading its input ({exc.__class__.__name__})") from None
            sel.unregister(self._in)
            sel.register(self._out, selectors.EVENT_READ)
            while (end := self._pending.find(b"\n")) < 0:
                if len(self._pending) > limits.answer_bytes:
                    raise BotFault(f"answer longer than {limits.answer_bytes:,} bytes")
                wait = deadline - time.monotonic()
                if wait <= 0 or not sel.select(wait):
                    raise BotFault(f"no answer within {limits.timeout:g} s")
                chunk = self._read(limits.answer_bytes + 1 - len(self._pending))
                if chunk == b"":
                    raise BotFault("bot exited")
                self._pending += chunk or b""
        if end > limits.answer_bytes:
            raise BotFault(f"answer longer than {limits.answer_bytes:,} bytes")
        line = bytes(self._pending[:end])
        del self._pending[: end + 1]
        return line

    def end(self) -> None:
        """Kill the bot's whole process group, close the pipes and reap the bot."""
        # The group first, while the bot's pid still names it (its number is not reused until it is reaped).
        with suppress(OSError):  # ProcessLookupError: the group is already empty
            os.killpg(self.proc.pid, signal.SIGKILL)
        with suppress(OSError):
            self.proc.kill()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                with suppress(OSError):
                    pipe.close()
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)


@dataclass
class ExternalPlayer:
    """A program speaking the JSON-lines protocol, held to ``limits``; restarted if it hangs, floods or dies."""

    command: str
    limits: BotLimits = field(default_factory=BotLimits)
    name: str = ""
    _bot: _Bot | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.name = self.name or f"cmd:{self.command}"
        self.argv = shlex.split(self.command)
        if not self.argv:
            raise ValueError("an external bot needs a command line after 'cmd:'")

    def _running(self) -> _Bot:
        """The bot, started (again) if it is not running."""
        if self._bot is None or not self._bot.alive():
            self.close()
            self._bot = _Bot(self.argv)
        return self._bot

    def _ask(self, request: bytes) -> bytes:
        deadline = time.monotonic() + self.limits.timeout
        try:
            bot = self._running()
            # Lines the bot wrote unasked (a second answer to the last question) must not answer this one.
            bot.drop_unasked(self.limits)
            if not bot.alive():
                bot = self._running()
            return bot.ask(request, deadline, self.limits)
        except BotFault:
            self.close()  # out of step with the questions (a late answer would answer the next): start afresh
            raise

    def decide(self, hand: Sequence[Card], view: TableView, seed: int) -> Played:
        """Ask the program; any failure is a forfeit (a fouled arrangement), never an exception."""
        question: dict[str, object] = {
            "cards": format_cards(sorted(hand, reverse=True)),
            "rules": view.preset.value,
            "options": view.rules_options.to_dict(),
        }
        if view.turned is not None:
            question["turned"] = str(view.turned)  # the joker game: the card turned up (rules/RULES.md §20.2)
        request = json.dumps(question)
        began = time.perf_counter()
        try:
            answer = self._ask((request + "\n").encode())
            decision = _read_answer(answer.decode("utf-8", errors="replace"), hand, view)
            return Played(decision, None, time.perf_counter() - began)
        except Exception as exc:  # whatever a bot sends or does, it must never stop the arena
            seconds = time.perf_counter() - began
            return Played(forfeit_arrangement(hand, view.rules_options), None, seconds, forfeit=str(exc))

    def close(self) -> None:
        """Stop the program and everything it started (it is started again by the next question)."""
        if self._bot is not None:
            self._bot.end()
            self._bot = None


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
        except (ValueError, TypeError):  # TypeError: an unhashable value such as a list
            raise ValueError(f"unknown special {str(data['declare'])[:60]!r}") from None
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
