"""The `host` and `join` subcommands: a lobby for friends on the local network (issue 43; the [web] extra's
aiohttp). `host` runs the lobby's server in the foreground and prints the address to join; `join ADDRESS` opens
the game on that lobby. Their imports are lazy, as `serve`'s are."""

from __future__ import annotations

import argparse
import getpass
from importlib.util import find_spec

from app.commands.common import CommandParser, add_command, fail
from app.commands.serve_cmds import PORT
from app.i18n import LANGUAGES

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
INSTALL_HINT = "a lobby needs the web extra: pip install 'chinese-poker[web]' (in a clone: pip install -e '.[web]')"


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add ``host`` and ``join`` to the command line."""
    p = add_command(sub, "host", cmd_host, help="host a lobby: tables for friends on this network (the [web] extra)")
    p.add_argument(
        "--host", default=DEFAULT_HOST, help=f"the address to listen on (default {DEFAULT_HOST}, this machine only)"
    )
    p.add_argument("--port", type=PORT, default=DEFAULT_PORT, metavar="P", help=f"the port (default {DEFAULT_PORT})")
    j = add_command(sub, "join", cmd_join, help="join a lobby at ADDRESS, as `chinese-poker host` printed it")
    j.add_argument("address", help="http://HOST:PORT/lobby?token=TOKEN")
    j.add_argument("--name", help="your name at the table (default: your user name)")
    j.add_argument("--lang", choices=list(LANGUAGES), help="language (default: the settings, then the locale)")


def _installed() -> bool:
    return find_spec("aiohttp") is not None


def cmd_host(args: argparse.Namespace) -> int:
    """Run a lobby until Ctrl+C."""
    if not _installed():
        fail(INSTALL_HINT)
    from app.lobby.server import serve_forever

    def announce(address: str) -> None:
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            print(f"warning: anyone who can reach {args.host} and has this address can join your lobby")
        print(f"lobby open; join with: chinese-poker join '{address}'", flush=True)

    try:
        serve_forever(args.host, args.port, announce)
    except OSError as exc:
        fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
    return 0


def cmd_join(args: argparse.Namespace) -> int:
    """Open the game on the lobby at ``args.address``."""
    if not _installed():
        fail(INSTALL_HINT)
    from app.lobby.client import JoinError, lobby_url

    try:
        lobby_url(args.address)
    except JoinError as exc:
        fail(str(exc))
    from app.tui import ChinesePokerApp

    app = ChinesePokerApp(lobby=args.address, lobby_name=args.name or getpass.getuser(), lang=args.lang)
    app.run()
    return 1 if app.return_code else 0
