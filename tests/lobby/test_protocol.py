"""The protocol is written once: the document holds the spec's text, and both sides check against it."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.lobby import protocol
from app.lobby.protocol import MESSAGES, ProtocolError, decode, encode

DOC = Path(protocol.__file__).with_name("PROTOCOL.md")


def test_the_document_holds_every_message_as_the_spec_says() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert protocol.document() in text, "app/lobby/PROTOCOL.md: paste protocol.document() under ## Messages"
    for message in MESSAGES:
        assert f"#### `{message.type}`" in text


def test_both_sides_refuse_what_the_spec_does_not_hold() -> None:
    assert decode(encode("next", "client", deal=3), "client") == ("next", {"deal": 3})
    for text, reason in [
        ('{"type": "next"}', "malformed"),
        ('{"type": "next", "deal": 1, "extra": 1}', "malformed"),
        ('{"type": "next", "deal": true}', "malformed"),
        ('{"type": "welcome", "version": 1, "you": 1, "name": "x"}', "unknown_type"),  # a server's message
    ]:
        with pytest.raises(ProtocolError) as caught:
            decode(text, "client")
        assert caught.value.reason == reason
    with pytest.raises(ProtocolError):
        encode("hand", "server", deal=1)  # a mistake of ours never goes out
