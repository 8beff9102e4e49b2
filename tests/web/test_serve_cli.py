"""`chinese-poker serve` on the command line, without a browser: the missing extra, a bad or taken port, an
address that is not this machine's, and which addresses need the access token. These need no ``[web]`` extra
(where one needs textual-serve it skips, except under CI)."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from app.cli import build_parser
from app.commands import serve_cmds
from tests.cli.runner import in_process
from tests.web.served import ROOT, need


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


def test_without_the_extra_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # as if not installed: find_spec answers None
    line = one_error_line(in_process("serve"))
    assert "pip install" in line and "[web]" in line


@pytest.mark.parametrize(
    ("port", "says"),
    [("x", "invalid port 'x'"), ("0", "not 0"), ("65536", "not 65536"), ("-1", "not -1"), ("8_000", "invalid port")],
)
def test_a_bad_port_is_one_error_line(port: str, says: str) -> None:
    assert says in one_error_line(in_process("serve", "--port", port))


def test_a_port_in_use_is_one_error_line() -> None:
    need(serve_cmds.web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert f"port {port} on 127.0.0.1 is in use" in one_error_line(in_process("serve", "--port", str(port)))


@pytest.mark.parametrize("host", ["192.0.2.1", "nosuch.invalid"])  # TEST-NET-1: never this machine's
def test_an_address_not_of_this_machine_is_one_error_line(host: str) -> None:
    need(serve_cmds.web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    assert host in one_error_line(in_process("serve", "--host", host, "--port", "8000"))


def test_only_the_default_address_goes_without_a_token() -> None:
    need(serve_cmds.web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    from app.web_input import needs_token

    assert not any(needs_token(h) for h in ("127.0.0.1", "localhost", "LOCALHOST", "::1"))
    assert all(needs_token(h) for h in ("127.0.0.2", "0.0.0.0", "::", "192.168.1.5", "myhost"))


def test_the_other_commands_do_not_load_the_web_server() -> None:
    code = (
        "import sys, app.cli; app.cli.build_parser(); "
        "print(sorted(m for m in sys.modules if m == 'app.web' or m.split('.')[0] in ('textual_serve', 'aiohttp'))"
        ")"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_help_lists_serve() -> None:
    assert "play in a browser" in build_parser().format_help()


@pytest.mark.parametrize(
    ("given", "says"),
    [("0", "not 0"), ("65", "not 65"), ("x", "invalid number 'x'"), ("-1", "not -1"), ("1_0", "invalid number")],
)
def test_a_bad_max_games_is_one_error_line(given: str, says: str) -> None:
    line = one_error_line(in_process("serve", "--max-games", given))
    assert says in line and "from 1 to 64" in line, line


def test_the_names_a_server_answers_to() -> None:
    """A name a page's site may choose is never one (DNS rebinding); an IP address, the loopback names and this
    machine's own (for a server on every address) are."""
    need(serve_cmds.web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    from app.web_input import served_names, split_host

    default, other, every = served_names("127.0.0.1"), served_names("127.0.0.2"), served_names("0.0.0.0")
    for names in (default, other, every):
        assert {"127.0.0.1", "::1", "localhost", "LOCALHOST"} <= {
            n for n in ("127.0.0.1", "::1", "localhost", "LOCALHOST") if n in names
        }
        assert "evil.example" not in names and "localhost.evil.example" not in names
    assert "127.0.0.2" in other and "127.0.0.2" not in default and "192.168.1.5" not in other
    assert {"192.168.1.5", "10.0.0.1", "fe80::1"} <= {n for n in ("192.168.1.5", "10.0.0.1", "fe80::1") if n in every}
    assert socket.gethostname() in every and f"{socket.gethostname()}.local" in every
    assert "mybox.lan" in served_names("mybox.lan") and "mybox.lan" not in every
    assert split_host("[::1]:8000") == ("::1", 8000) and split_host("LocalHost") == ("localhost", None)
    assert all(
        split_host(bad) is None
        for bad in ("", ":8000", "::1", "[::1", "[evil]:80", "a:0", "a:65536", "a:x", "a:", "a:8000:1", "[::1]x")
    )


def test_a_log_line_is_one_line_without_the_token() -> None:
    need(serve_cmds.web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    import logging

    from app.web_input import OneLineLog

    try:
        raise ValueError("bad request line /?token=s3cret&x=1\n  and more")
    except ValueError:
        record = logging.LogRecord(
            "aiohttp.server", logging.ERROR, __file__, 1, "Error handling %s", ("/?token=abc",), sys.exc_info()
        )
    assert OneLineLog("s3cret").filter(record)
    text = logging.Formatter("%(message)s").format(record)
    assert text == "Error handling /?token=…: ValueError: bad request line /?token=…&x=1 and more", text
