"""Which copy of the game plays each stored session: a session's row tied to its claim (the lock file of
:mod:`.claims`, by the session's uid) and its ``owner`` column, which says who holds it."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from .claims import Claims
from .failures import WriteFailed
from .validate import Status


class Sessions(Protocol):
    """What holding a session uses of :class:`.database.History` (a protocol: the history imports this module)."""

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]: ...

    def write(self, fn: Callable[[Any], Any]) -> Any: ...

    def set_status(self, session: int, status: Status, state: dict[str, Any] | None = None) -> None: ...


class Holding:
    """The sessions this copy of the game holds, and whether another live copy holds one."""

    def __init__(self, sessions: Sessions, path: Path, lock: threading.RLock) -> None:
        self._sessions, self._lock = sessions, lock
        self.claims = Claims(path)

    def _uid(self, session: int) -> str | None:
        rows = self._sessions.read("SELECT uid, status FROM sessions WHERE id = ?", (session,))
        return rows[0][0] if rows and isinstance(rows[0][0], str) else None

    def claim(self, session: int, owner: int | None = None) -> bool:
        """Take ``session`` for this copy of the game (``owner``: its process id, kept to say who holds it);
        False when another live copy holds it, or there is no such session. The claim is a lock the system
        lets go when this process ends, however it ends (:mod:`.claims`)."""
        with self._lock:
            uid = self._uid(session)
            if uid is None or not self.claims.take(uid):
                return False
            self._sessions.write(lambda db: db.execute("UPDATE sessions SET owner = ? WHERE id = ?", (owner, session)))
            return True

    def release(self, session: int) -> None:
        """This copy of the game no longer plays ``session``; a session that is over lets its lock file go too."""
        with self._lock:
            rows = self._sessions.read("SELECT uid, status FROM sessions WHERE id = ?", (session,))
            if not rows or not isinstance(rows[0][0], str):
                return
            uid, status = rows[0]
            try:
                self._sessions.write(lambda db: db.execute("UPDATE sessions SET owner = NULL WHERE id = ?", (session,)))
            finally:
                self.claims.release(uid, ended=status == Status.OVER.value)

    def mark_behind(self, session: int) -> bool:
        """The game went on past what is stored of ``session`` (a write failed: the disk is full), so its stored
        state is a deal whose cards the player has seen: it must never be continued (:meth:`passed_over` ends it
        when the history's Continue next meets it). Written where it needs no space
        (:meth:`.claims.Claims.mark_behind`)."""
        uid = self._uid(session)
        return uid is not None and self.claims.mark_behind(uid)

    def passed_over(self, session: int, uid: str) -> bool:
        """Whether Continue passes ``session`` (of ``uid``) over: another live copy plays it, or it was marked
        behind (and is ended now)."""
        return self.claims.held_elsewhere(uid) or self._behind(session, uid)

    def _behind(self, session: int, uid: str) -> bool:
        """Whether ``session`` was marked behind; if so it is ended now (when the file takes the write), its
        mark going with its lock file."""
        if not self.claims.is_behind(uid):
            return False
        with contextlib.suppress(WriteFailed):
            if self.claims.take(uid):
                self._sessions.set_status(session, Status.OVER)
                self.release(session)
        return True

    def held_elsewhere(self, session: int) -> bool:
        """Whether another live copy of the game plays ``session``."""
        uid = self._uid(session)
        return uid is not None and self.claims.held_elsewhere(uid)
