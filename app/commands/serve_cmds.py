"""The `serve` subcommand: play the game in a browser (the ``[web]`` extra: textual-serve).

Its imports are lazy: textual-serve and aiohttp are loaded by this command only, and only when it runs, so
that neither the other commands' start-up nor an install without the extra pays for them.
"""

from __future__ import annotations

import argparse
from importlib.util import find_spec

from app.commands.common import CommandParser, add_command, fail, whole_number
from app.i18n import LANGUAGES
from app.web_input import MAX_GAMES  # no aiohttp: the server itself loads only when serve runs

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

PORT = whole_number(
    1,
    65535,
    not_whole="invalid port {text!r} (a number from 1 to 65535)",
    out_of_range="the port must be from {low} to {high}, not {value}",
)

GAMES = whole_number(
    1,
    64,
    not_whole="invalid number {text!r} (a number of games from 1 to 64)",
    out_of_range="the number of games must be from {low} to {high}, not {value}",
)

INSTALL_HINT = (
    "playing in a browser needs the web extra: pip install 'chinese-poker[web]' (in a clone: pip install -e '.[web]')"
)


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add ``serve`` to the command line."""
    p = add_command(sub, "serve", cmd_serve, help="play in a browser: serve the game on this machine (the [web] extra)")
    p.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}, this machine only; any other address "
        "needs the access token printed at start-up)",
    )
    p.add_argument("--port", type=PORT, default=DEFAULT_PORT, metavar="P", help=f"the port (default {DEFAULT_PORT})")
    p.add_argument(
        "--max-games",
        type=GAMES,
        default=MAX_GAMES,
        metavar="N",
        help=f"games served at once, one a browser tab (1 to 64, default {MAX_GAMES}; each is a "
        "process of 65-150 MB): past them the page asks to close a tab",
    )
    p.add_argument("--open", action="store_true", help="open the game in the default browser")
    p.add_argument("--lang", choices=list(LANGUAGES), help="language (default: the settings, then the locale)")


def web_installed() -> bool:
    """Whether the ``[web]`` extra is there (textual-serve and the aiohttp it runs on)."""
    return all(find_spec(name) is not None for name in ("textual_serve", "aiohttp", "aiohttp_jinja2"))


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the game until Ctrl+C; a usage error without the extra or when the address cannot be listened on."""
    if not web_installed():
        fail(INSTALL_HINT)
    from app.web import ServeError, serve  # lazy: see the module docstring

    try:
        return serve(host=args.host, port=args.port, open_browser=args.open, lang=args.lang, max_games=args.max_games)
    except ServeError as exc:
        fail(str(exc))
