"""The fork server: one process that has loaded the game and played a deal unseen, from which every served tab's
game is forked (`chinese-poker serve`, issue 44: each further tab in at most 40 MB).

A game started on its own loads Textual, numpy, the game and the computer's tables into memory of its own: some
60 MB for each tab. Forked from a process that has already loaded them (and played a deal, which fills the
caches a deal fills), a tab shares those pages with the fork server and its sibling tabs until it writes to them;
``gc.freeze`` keeps the collector from writing to every object it would otherwise visit. What a tab then adds is
what its own play writes (``chinese-poker bench`` measures it).

The server's side is :func:`main` (``python -m app.forkserver FD HOME``: the end of a socket pair its parent holds the
other end of); the parent's side is :class:`ForkServer` (asyncio), whose :meth:`ForkServer.spawn` returns a
:class:`Forked` process, standing in for asyncio's ``Process`` where textual-serve reads and writes a game.
One request a message on a ``SOCK_SEQPACKET`` pair: the module to run as ``__main__``, its arguments and its
environment as JSON, with the child's standard input, output and error as passed descriptors; the answers are
``{"pid": …}`` and, when a child ends, ``{"exited": pid, "status": code}``.

POSIX only (``fork``); where the server cannot start, ``serve`` starts each game as a process of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import json
import logging
import os
import random
import runpy
import selectors
import shutil
import signal
import socket
import sys
import tempfile
import traceback
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from app.paths import pid_alive

READY_WITHIN = 60.0
"""Seconds the fork server may take to load the game and play its unseen deal before the parent gives up on it."""
MESSAGE = 1 << 16  # the largest request or answer (an environment is some kilobytes)
STREAMS = 3  # standard input, output and error

PR_SET_PDEATHSIG = 1  # linux/prctl.h

log = logging.getLogger("chinese-poker.serve")


class ForkServerError(Exception):
    """The fork server could not be started, or has ended."""


# ---------------------------------------------------------------- the fork server's own process


def main(argv: Sequence[str] | None = None) -> int:
    """The fork server: load the game, play a deal unseen, then fork a child for each request until the parent
    closes its end."""
    args = sys.argv[1:] if argv is None else argv
    # Ctrl+C reaches the whole process group: `serve` handles it and ends this process through the channel.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    channel = socket.socket(fileno=int(args[0]))
    from app.heap import give_back, keep_heap_small

    keep_heap_small()  # as a game does, before numpy allocates anything: the children inherit it
    _warm_up(args[1])
    gc.collect()
    give_back()  # the warm-up's freed heap would be resident, shared with every child and counted in its share
    gc.freeze()  # the collector never visits what is loaded: those pages stay shared with every child
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        channel.send(json.dumps({"ready": os.getpid()}).encode())
        return _serve(channel)
    except (BrokenPipeError, ConnectionResetError):
        return 0  # the parent went while this loaded, or while it served: nothing is left to do


def _warm_up(home: str) -> None:
    """Load what a game loads and play one quick deal unseen, in the data folder ``home`` (the parent's, thrown
    away afterwards): every cache a deal fills (the rules' and the computer's tables, the strings, Textual's
    styles) is then shared."""
    import asyncio as run_loop

    from app.screens.headless import play_headless

    saved = os.environ.get("CHINESE_POKER_HOME")
    os.environ["CHINESE_POKER_HOME"] = home
    try:
        run_loop.run(play_headless("table", 1))
    finally:
        if saved is None:
            os.environ.pop("CHINESE_POKER_HOME", None)
        else:
            os.environ["CHINESE_POKER_HOME"] = saved
        shutil.rmtree(home, ignore_errors=True)


def _serve(channel: socket.socket) -> int:
    """Fork a child for each request; tell the parent each child's end; return when the parent has gone."""
    woken_r, woken_w = os.pipe()
    os.set_blocking(woken_w, False)
    signal.set_wakeup_fd(woken_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that the wake-up pipe hears of each end
    selector = selectors.DefaultSelector()
    selector.register(channel, selectors.EVENT_READ)
    selector.register(woken_r, selectors.EVENT_READ)
    own = (channel, selector, woken_r, woken_w)
    while True:
        for key, _ in selector.select():
            if key.fileobj == woken_r:
                os.read(woken_r, 512)
                _reap(channel)
                continue
            message, fds, flags, _addr = socket.recv_fds(channel, MESSAGE, STREAMS)
            if not message:
                return 0  # the parent has gone: its games go with it (each is hung up as this process ends)
            channel.send(json.dumps(_answer(message, flags, fds, own)).encode())


def _answer(message: bytes, flags: int, fds: Sequence[int], own: tuple[Any, ...]) -> dict[str, Any]:
    """Fork the game a request asks for; the answer names the request and the game's pid, or what went wrong. A
    request that cannot be served (cut short, malformed, a fork the system refuses) is refused alone: the games
    already running must not end with this process."""
    try:
        request = json.loads(message)
        ident = request.get("id") if isinstance(request, dict) else None
        shaped = isinstance(request, dict) and isinstance(request.get("module"), str)
        shaped = shaped and isinstance(request.get("argv"), list) and isinstance(request.get("env"), dict)
        if flags & socket.MSG_TRUNC or len(fds) != STREAMS or not shaped:
            return {"id": ident, "error": "a request cut short or malformed"}
        try:
            return {"id": ident, "pid": _fork(request, fds, own)}
        except (OSError, KeyError, TypeError, ValueError) as exc:
            return {"id": ident, "error": f"the game could not be forked: {exc}"}
    except ValueError:
        return {"id": None, "error": "a request that is not JSON"}
    finally:
        for fd in fds:
            os.close(fd)


def _reap(channel: socket.socket) -> None:
    """Tell the parent of every child that has ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        with contextlib.suppress(OSError):
            channel.send(json.dumps({"exited": pid, "status": os.waitstatus_to_exitcode(status)}).encode())


def _fork(request: Mapping[str, Any], fds: Sequence[int], own: tuple[Any, ...]) -> int:
    """Fork a child that runs ``request``'s module; returns the child's pid (in the fork server)."""
    server = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        _become_the_game(request, fds, own, server)
        runpy.run_module(str(request["module"]), run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as ended:
        code = ended.code if isinstance(ended.code, int) else (0 if ended.code is None else 1)
        if isinstance(ended.code, str):
            print(ended.code, file=sys.stderr)  # as Python says a SystemExit's words
    except BaseException:
        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _become_the_game(request: Mapping[str, Any], fds: Sequence[int], own: tuple[Any, ...], server: int) -> None:
    """In the child: let go of the fork server's channel and signals, take the request's streams, environment
    and arguments, draw its own random numbers, and end with the fork server (as a game ends with ``serve``)."""
    channel, selector, woken_r, woken_w = own
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    selector.close()
    channel.close()
    os.close(woken_r)
    os.close(woken_w)
    for target, fd in zip(range(STREAMS), fds, strict=True):
        os.dup2(fd, target)
    for fd in fds:
        if fd >= STREAMS:
            os.close(fd)  # copied onto 0-2: nothing the game starts may inherit them again
    # The request carries what differs from the environment this process started with (a tab's size, its data
    # folder), so that it stays small whatever the environment holds.
    for name in request.get("unset", ()):
        os.environ.pop(str(name), None)
    os.environ.update({str(k): str(v) for k, v in request["env"].items()})
    # A fork copies the generator's state: without a new seed every tab would deal the same "random" seeds. (The
    # game draws nothing from numpy's global generator: each search makes its own from a seed it is given.)
    random.seed()
    _end_with(server, signal.SIGHUP, _prctl())  # a game keeps its table's session for Continue, then quits
    sys.argv = [str(request["module"]), *(str(a) for a in request["argv"])]


def _prctl() -> Callable[..., int] | None:
    """Linux's ``prctl``, looked up before any fork (None elsewhere): looking it up loads and locks, which a
    child forked from a process with threads must not do before its exec."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        call: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return call


def _end_with(parent: int, sig: int, prctl: Callable[..., int] | None) -> None:
    """The kernel sends this process ``sig`` when ``parent`` ends, however it ended (``kill -9`` included);
    ``prctl`` from :func:`_prctl`. Runs between fork and exec too: it calls only what was looked up before."""
    if prctl is None:
        return
    prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    if os.getppid() != parent:  # the parent ended between the fork and the call: no signal would come
        os.kill(os.getpid(), sig)


# ---------------------------------------------------------------- the parent's side


class Forked:
    """A game forked by the fork server: what textual-serve and ``serve`` use of an asyncio ``Process`` (its
    streams, ``pid``, ``returncode``, :meth:`terminate`, :meth:`kill` and :meth:`wait`)."""

    def __init__(
        self,
        pid: int,
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
        ended: asyncio.Future[int],
    ) -> None:
        self.pid, self.stdin, self.stdout, self.stderr = pid, stdin, stdout, stderr
        self._ended = ended

    @property
    def returncode(self) -> int | None:
        return self._ended.result() if self._ended.done() else None

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)


HOME_PREFIX = "cp-fork-"
"""The unseen deal's data folders, in the temporary directory: ``cp-fork-<pid of serve>-<random>``."""


def _remove_left_behind() -> None:
    """Remove the unseen deals' data folders whose `serve` has ended (one killed outright removes nothing)."""
    for folder in Path(tempfile.gettempdir()).glob(f"{HOME_PREFIX}*-*"):
        pid = folder.name.removeprefix(HOME_PREFIX).split("-", 1)[0]
        if pid.isdigit() and not pid_alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)  # another user's is not ours to remove: it stays


class ForkServer:
    """The parent's handle on a running fork server (see the module docstring)."""

    def __init__(self, process: asyncio.subprocess.Process, channel: socket.socket) -> None:
        self.process, self.channel = process, channel
        self.pid = process.pid
        self.env: dict[str, str] = {}  # the environment it started with: a request sends what differs
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}  # requests by id, until answered
        self._sent = 0
        self._closing = False
        self._ends: dict[int, asyncio.Future[int]] = {}
        self.alive = True
        self.home: str | None = None  # the unseen deal's data folder, removed when the fork server ends

    @classmethod
    async def start(cls, env: Mapping[str, str] | None = None) -> ForkServer:
        """Start a fork server with ``env`` (the environment its games share: Textual reads some of it once, at
        import) and wait until it is ready; :class:`ForkServerError` if it cannot be. It is killed when this
        process ends, however it ends (Linux): a game of its own, even its unseen one, would take a hang-up for a
        closed terminal and carry on; its games are hung up in turn."""
        if not hasattr(os, "fork") or not hasattr(socket, "send_fds"):
            raise ForkServerError("this system cannot fork a game")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        shared = dict(os.environ if env is None else env)
        # The unseen deal's data folder is made and removed here, not in the fork server: a fork server ended while
        # it loads (`serve` stopped at once) never gets to remove one of its own. Its name holds this process's
        # pid, so that a later start removes what a `serve` killed outright (kill -9) left behind.
        _remove_left_behind()
        home = tempfile.mkdtemp(prefix=f"{HOME_PREFIX}{os.getpid()}-")
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "app.forkserver",
                str(theirs.fileno()),
                home,
                pass_fds=(theirs.fileno(),),
                env=shared,
                stdin=asyncio.subprocess.DEVNULL,
                preexec_fn=partial(_end_with, os.getpid(), signal.SIGKILL, _prctl()),
            )
        except OSError as exc:
            ours.close()
            shutil.rmtree(home, ignore_errors=True)
            raise ForkServerError(f"the fork server could not be started: {exc}") from exc
        finally:
            theirs.close()
        ours.setblocking(False)
        server = cls(process, ours)
        server.home = home
        server.env = shared
        loop = asyncio.get_running_loop()
        try:
            ready = await asyncio.wait_for(loop.sock_recv(ours, MESSAGE), READY_WITHIN)
        except (TimeoutError, OSError) as exc:
            await server.close()
            raise ForkServerError(f"the fork server did not start: {exc!r}") from exc
        except asyncio.CancelledError:  # the parent stops while it loads: it goes too
            await server.close()
            raise
        if not ready:
            await server.close()
            raise ForkServerError(f"the fork server ended as it started (status {process.returncode})")
        loop.add_reader(ours.fileno(), server._read)
        return server

    def _read(self) -> None:
        """The channel is readable: the answer to a request, or a child's end."""
        try:
            message = self.channel.recv(MESSAGE)
        except BlockingIOError:
            return
        except OSError:
            message = b""
        if not message:
            self._gone()
            return
        answer = json.loads(message)
        if "exited" not in answer:
            waiting = self._waiting.pop(answer.get("id"), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(answer)
            elif "pid" in answer:  # its spawn was given up meanwhile: nobody would ever end that game
                with contextlib.suppress(OSError):
                    os.kill(int(answer["pid"]), signal.SIGKILL)
            return
        pid = int(answer["exited"])
        # Its Forked holds the future; a game that ended before spawn took it leaves it here, done, for spawn.
        future = self._ends.pop(pid, None)
        if future is None:
            future = self._ends[pid] = asyncio.get_running_loop().create_future()
        future.set_result(int(answer["status"]))

    def _end_of(self, pid: int) -> asyncio.Future[int]:
        """The future of a game's exit status, for its Forked: already done when the game ended before this was
        asked (the fork server tells a child's end after its pid, and the channel may be read in between)."""
        future = self._ends.pop(pid, None)
        if future is None or not future.done():
            future = self._ends[pid] = future or asyncio.get_running_loop().create_future()
        return future

    def _gone(self) -> None:
        """The fork server ended: no more games from it (its games were hung up with it)."""
        if not self.alive:
            return
        if not self._closing:
            log.warning("the fork server ended (status %s): the next games start on their own", self.process.returncode)
        self.alive = False
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
        for future in self._ends.values():
            if not future.done():
                future.set_result(-int(signal.SIGHUP))
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_result({"error": "the fork server has ended"})
        self._waiting.clear()

    async def spawn(self, module: str, argv: Sequence[str], env: Mapping[str, str]) -> Forked:
        """Fork a game running ``python -m module *argv`` with ``env``; :class:`ForkServerError` when the fork
        server has ended or cannot fork it (the caller then starts the game on its own)."""
        loop = asyncio.get_running_loop()
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        ours, theirs = (in_w, out_r, err_r), (in_r, out_w, err_w)
        self._sent += 1
        ident = self._sent
        unset = [name for name in self.env if name not in env]
        changed = {name: value for name, value in env.items() if self.env.get(name) != value}
        request = json.dumps({"id": ident, "module": module, "argv": list(argv), "env": changed, "unset": unset})
        answered: asyncio.Future[dict[str, Any]] = loop.create_future()
        self._waiting[ident] = answered
        try:
            try:
                if not self.alive:
                    raise ForkServerError("the fork server has ended")
                socket.send_fds(self.channel, [request.encode()], list(theirs))
            except OSError as exc:
                raise ForkServerError(f"the fork server has ended: {exc}") from exc
            finally:
                for fd in theirs:
                    os.close(fd)
            answer = await answered
            if "pid" not in answer:
                raise ForkServerError(str(answer.get("error") or "the fork server has ended"))
            pid = int(answer["pid"])
            stdout, stderr = asyncio.StreamReader(), asyncio.StreamReader()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdout), os.fdopen(out_r, "rb", 0))
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stderr), os.fdopen(err_r, "rb", 0))
            transport, protocol = await loop.connect_write_pipe(_PipeWriter, os.fdopen(in_w, "wb", 0))
        except BaseException:
            self._waiting.pop(ident, None)
            for fd in ours:
                with contextlib.suppress(OSError):
                    os.close(fd)  # not yet a pipe's (a pipe closes its own once it holds it)
            raise
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        return Forked(pid, stdin, stdout, stderr, self._end_of(pid))

    async def close(self) -> None:
        """End the fork server (its games end with it) and wait for it."""
        self._closing = True
        self._gone()
        with contextlib.suppress(OSError):
            self.channel.close()
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 5.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)


class _PipeWriter(asyncio.streams.FlowControlMixin):
    """The protocol a StreamWriter over a pipe needs: asyncio's flow control (``drain`` waits while the pipe is
    full), and the close waiter ``wait_closed`` asks for."""

    def __init__(self) -> None:
        super().__init__()
        self._closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if not self._closed.done():
            self._closed.set_result(None)

    def _get_close_waiter(self, stream: object) -> asyncio.Future[None]:
        return self._closed


if __name__ == "__main__":
    raise SystemExit(main())
