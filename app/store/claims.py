"""Which copy of the game plays a session: a lock the operating system holds for it, one file a session.

A session being played is claimed by its game: an exclusive advisory lock (``flock``; ``msvcrt.locking`` on
Windows) on ``<history>-claims/<session uid>.lock``. The system lets the lock go the moment its holder ends,
however it ends (``kill -9``, a lost terminal, a crash), so a session is never held by a game that is gone,
and a process id that is reused or a zombie's counts for nothing (the ``owner`` column keeps the process id
only to say who holds it).

The locks are taken without waiting: a claim another live game holds is refused at once. A lock file is
removed when its session ends, by the holder, while it still holds the lock; whoever locked that file
between its opening and its removal finds it is no longer the file at its path and tries again, so two
games never both believe they hold one session.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

if sys.platform == "win32":  # pragma: no cover - the tests run on Linux
    import msvcrt

    def _lock(fd: int, shared: bool) -> bool:
        # msvcrt has no shared lock: a probe takes the exclusive one for the moment it looks.
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd: int, shared: bool) -> bool:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


BEHIND = b"behind"
"""The first bytes of a held session's file once the game went on past what the history holds (see
:meth:`Claims.mark_behind`)."""

ROOM = 64
"""Bytes written into a lock file when it is taken, so that :data:`BEHIND` can later be written over them in
place: on a full disk, a write into a block the file already has still succeeds."""

ATTEMPTS = 3
"""Times a claim tries when it finds its file replaced under it (its session ended in that moment)."""


class Claims:
    """The sessions this copy of the game holds, in the folder beside the history file ``path``."""

    def __init__(self, path: Path) -> None:
        self.folder = path.with_name(f"{path.name}-claims")
        self._held: dict[str, int] = {}  # session uid -> the descriptor that holds its lock

    def _file(self, uid: str) -> Path:
        # A uid is ours (hex), but a file edited by hand may hold anything: never a path outside the folder.
        safe = "".join(c for c in uid if c.isalnum() or c in "-_")[:64] or "_"
        return self.folder / f"{safe}.lock"

    def _open(self, uid: str) -> int | None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            return os.open(self._file(uid), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return None

    def _same(self, fd: int, uid: str) -> bool:
        """Whether ``fd`` is still the file at the session's path (not one removed since it was opened)."""
        try:
            return os.path.samestat(os.fstat(fd), os.stat(self._file(uid)))
        except OSError:
            return False

    def holds(self, uid: str) -> bool:
        """Whether this copy of the game holds the session."""
        return uid in self._held

    def take(self, uid: str) -> bool:
        """Claim the session; False when another live game holds it. Where no lock can be made at all (a
        folder that may not be written, a file system without locks) the claim is granted: the game goes on
        as it did before there were claims, rather than refusing every Continue."""
        if uid in self._held:
            return True
        for _attempt in range(ATTEMPTS):
            fd = self._open(uid)
            if fd is None:
                return True
            if not _lock(fd, shared=False):
                os.close(fd)
                return False
            if self._same(fd, uid):
                self._held[uid] = fd
                self._make_room(fd)
                return True
            _unlock(fd)  # its session ended as we opened it: look again at what is there now
            os.close(fd)
        return False

    @staticmethod
    def _make_room(fd: int) -> None:
        with contextlib.suppress(OSError):  # no room now: the file stays empty, and cannot be marked later
            if os.fstat(fd).st_size < ROOM:
                os.pwrite(fd, b" " * ROOM, 0)

    def mark_behind(self, uid: str) -> bool:
        """Say, in the session's own file, that the game went on past what the history holds: a write failed
        (the disk is full) and the player saw cards that were never recorded. Written over the room the file
        was given when it was taken, so it needs no space; True when it was written."""
        fd = self._held.get(uid)
        if fd is None:
            return False
        try:
            if os.fstat(fd).st_size < len(BEHIND) or os.pwrite(fd, BEHIND, 0) != len(BEHIND):
                return False
            with contextlib.suppress(OSError):
                os.fsync(fd)
        except OSError:
            return False
        return True

    def is_behind(self, uid: str) -> bool:
        """Whether the session was marked by :meth:`mark_behind` (and has not ended since)."""
        try:
            with open(self._file(uid), "rb") as fh:
                return fh.read(len(BEHIND)) == BEHIND
        except OSError:
            return False

    def held_elsewhere(self, uid: str) -> bool:
        """Whether another live game holds the session (a look that takes nothing: a shared lock, let go at once)."""
        if uid in self._held:
            return False
        path = self._file(uid)
        if not path.exists():
            return False
        fd = self._open(uid)
        if fd is None:
            return False
        try:
            if _lock(fd, shared=True):
                _unlock(fd)
                return False
            return True
        finally:
            os.close(fd)

    def release(self, uid: str, *, ended: bool = False) -> None:
        """Let the session go; ``ended``: it is over, so its file goes too (removed while still held)."""
        fd = self._held.pop(uid, None)
        if fd is None:
            if ended:
                # Ended by a game that did not hold it (a command): remove the file only if nobody holds it.
                fd = self._open(uid)
                if fd is None or not _lock(fd, shared=False):
                    if fd is not None:
                        os.close(fd)
                    return
            else:
                return
        if ended:
            with contextlib.suppress(OSError):
                self._file(uid).unlink()
        _unlock(fd)
        os.close(fd)

    def close(self) -> None:
        """Let every session go (the history is closed)."""
        for uid in list(self._held):
            self.release(uid)
