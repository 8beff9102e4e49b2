"""What `chinese-poker serve` takes from the network, checked before the server acts on it: the names a page may be
opened at (``Host``, against DNS rebinding) and its ``Origin``, the terminal size a websocket asks for, each
websocket frame, and the one-line, token-free form of every log record remote input can cause.

Plain Python with no aiohttp, so that the ``serve`` command's options read their limits from here without loading
the web server (:mod:`app.web`, which applies these checks).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

TOKEN_PARAM = "token"
"""The query parameter that carries the access token (:mod:`app.web`)."""

MAX_GAMES = 8
"""Games served at once by default (``serve --max-games``): each is a process of 65-150 MB."""

MAX_FRAME = 16 * 1024
"""The largest websocket frame taken from a browser, in bytes. The page sends a key or a mouse event a frame (a
few bytes), its size, a ping, focus and blur; only a paste is longer, and the game has no field that takes more
than a line. The game parses its input at some 40 µs a byte (a 1 MB paste kept one busy for 40 s), so 16 KiB
keeps one frame's work under a second; a longer frame closes the connection (aiohttp answers it with 1009)."""

TERMINAL_SIZE = (1, 1000)
"""The widths and heights (cells) a browser may ask for: a 4K screen at a small font is some 700 columns."""

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

OWN_ADDRESSES = frozenset({"127.0.0.1", "localhost", "::1"})
"""The addresses served without a token: the default one and its names. Anything else, even another
loopback address (a container's port forwarding reaches those from outside), is taken as reachable by others."""


def needs_token(host: str) -> bool:
    """Whether serving on ``host`` needs the access token: any address but :data:`OWN_ADDRESSES`."""
    return host.lower() not in OWN_ADDRESSES


def as_address(name: str) -> IPAddress | None:
    """``name`` as an IP address, or None when it is a name (``localhost``, ``evil.example``)."""
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


_DIGITS = re.compile(r"[0-9]{1,5}")


def split_host(value: str) -> tuple[str, int | None] | None:
    """A ``Host`` header's name (lower case, an IPv6 address without its brackets) and port (None: none given);
    None when it is not a name with an optional port (``[::1]:8000`` is ``("::1", 8000)``)."""
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or not isinstance(as_address(name), ipaddress.IPv6Address):
            return None
    else:
        name, colon, port = value.partition(":")
        rest = colon + port
    if not name or (rest and not (rest[0] == ":" and _DIGITS.fullmatch(rest[1:]) and 0 < int(rest[1:]) < 65536)):
        return None
    return name.lower(), int(rest[1:]) if rest else None


@dataclass(frozen=True)
class ServedNames:
    """The names a page of this server may be opened at (a ``Host`` header's name; its port may be any, as
    behind port forwarding). An IP address cannot be DNS-rebound; a domain name can, so only this machine's own
    names are taken, never one a page's site picked."""

    names: frozenset[str]
    addresses: frozenset[IPAddress]
    any_address: bool = False  # bound to every address (0.0.0.0, ::): any of them reaches it

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        address = as_address(name)
        if address is None:
            return name.lower() in self.names
        return self.any_address or address in self.addresses

    def with_address(self, address: str) -> ServedNames:
        """These names and the address a socket is bound to (the one a bound name resolved to)."""
        found = as_address(address.partition("%")[0])  # an IPv6 scope (fe80::1%eth0) is no part of a Host
        return self if found is None else ServedNames(self.names, self.addresses | {found}, self.any_address)


def served_names(host: str) -> ServedNames:
    """The names of a server bound to ``host``: the loopback ones (``localhost``, 127.0.0.1, ``[::1]``: a
    container's port forwarding may reach any address by them) and ``host`` itself; for every address
    (``0.0.0.0``, ``::``), any IP address and this machine's names (its host name, its fully qualified name and
    ``<host name>.local``)."""
    names = {"localhost"}
    addresses: set[IPAddress] = {ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1")}
    bound = as_address(host)
    if bound is None:
        names.add(host.lower())
    else:
        addresses.add(bound)
    every = bound is not None and bound.is_unspecified
    if every:
        here = socket.gethostname().lower()
        names |= {here, f"{here}.local", socket.getfqdn().lower()}
    return ServedNames(frozenset(names), frozenset(addresses), any_address=every)


def same_origin(origin: str, scheme: str, host: str) -> bool:
    """Whether ``origin`` (an ``Origin`` header) is the page's own: ``scheme``://``host`` (the ``Host`` header as
    sent), a port left out being the scheme's default."""
    default = {"http": 80, "https": 443}
    where = split_host(host)
    try:
        parts = urlsplit(origin)
        port = parts.port
    except ValueError:
        return False
    if where is None or parts.scheme != scheme or origin != f"{scheme}://{parts.netloc}" or "@" in parts.netloc:
        return False  # an origin is a scheme and a host, nothing more (no path, user, query)
    return (parts.hostname, port or default.get(scheme)) == (where[0], where[1] or default.get(scheme))


def size_of(query: Mapping[str, str]) -> tuple[int, int]:
    """The terminal's width and height a websocket's query asks for (80 by 24 when not given); a 400 when one
    is not a plain whole number in :data:`TERMINAL_SIZE` (:class:`BadRequest`)."""
    low, high = TERMINAL_SIZE
    size = []
    for key, default in (("width", "80"), ("height", "24")):
        text = query.get(key, default)
        if not (_DIGITS.fullmatch(text) and low <= int(text) <= high):
            raise BadRequest(f"the terminal's {key} must be a whole number from {low} to {high}")
        size.append(int(text))
    return size[0], size[1]


def font_size(query: Mapping[str, str]) -> int:
    """The page's font size in pixels (``?fontsize=``): a whole number from 6 to 72, else 16."""
    text = query.get("fontsize", "16")
    return int(text) if _DIGITS.fullmatch(text) and 6 <= int(text) <= 72 else 16


class BadRequest(ValueError):
    """A request the page never makes; the server answers it 400 with this message."""


class BadFrame(ValueError):
    """A websocket frame the page never sends; its message says what is wrong with it (not what it held)."""


def _cells(value: object, what: str) -> int:
    low, high = TERMINAL_SIZE
    if type(value) is not int or not low <= value <= high:  # type(): a bool is an int to isinstance
        raise BadFrame(f"a resize whose {what} is not a whole number from {low} to {high}")
    return value


def read_frame(text: str) -> tuple[str, Any]:
    """A text frame from textual-serve's page, checked: ``("stdin", str)``, ``("resize", (width, height))``,
    ``("ping", str)``, ``("blur", None)`` or ``("focus", None)``; :class:`BadFrame` for anything else."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: a frame of a few thousand nested brackets
        raise BadFrame("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadFrame("not a list that starts with its type")
    kind, args = envelope[0], envelope[1:]
    if kind in ("blur", "focus") and not args:
        return kind, None
    if kind in ("stdin", "ping") and len(args) == 1 and isinstance(args[0], str):
        try:
            args[0].encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\ud800") is valid JSON but no UTF-8
            raise BadFrame(f"{kind} that is not UTF-8") from None
        return kind, args[0]
    if kind == "resize" and len(args) == 1 and isinstance(args[0], dict):
        return kind, (_cells(args[0].get("width"), "width"), _cells(args[0].get("height"), "height"))
    if kind in ("stdin", "ping", "resize", "blur", "focus"):
        raise BadFrame(f"a {kind} frame of the wrong shape")
    raise BadFrame("of an unknown type")


class OneLineLog(logging.Filter):
    """Every record that reaches the server's log made one line with no access token in it: an exception's
    traceback becomes its type and message (cut short), a ``token=`` value and the token cookie's are blanked.

    Remote input reaches the log through aiohttp (``aiohttp.server``'s "Error handling request", which quotes the
    request line) and asyncio; a filter on the handler catches them all."""

    LONGEST = 300
    SECRET = re.compile(rf"((?:\b{TOKEN_PARAM}|\bchinese-poker-[0-9]+)=)[\w%.~+/-]*", re.IGNORECASE)

    def __init__(self, token: str | None = None) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # a record whose arguments do not fit its message: still one line
            text = str(record.msg)
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            text = f"{text}: {type(error).__name__}: {error}"
        text = self.SECRET.sub(r"\1…", " ".join(text.split()))
        if self.token:
            text = text.replace(self.token, "…")
        if len(text) > self.LONGEST:
            text = text[: self.LONGEST - 1] + "…"
        record.msg, record.args = text, None
        record.exc_info = record.exc_text = record.stack_info = None
        return True
