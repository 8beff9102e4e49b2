"""Deal codes and the deal of the day (rules/RULES.md §23.6–§23.7): every code reads back as what it was made
from; one character typed wrong, or any two swapped, is refused by the check; each other fault is refused with
its own message; and the book's example codes and days, read from the book itself, are the code's."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import format_cards
from rules.dealcode import (
    ALPHABET,
    LENGTH,
    PRESET_NUMBERS,
    DealCode,
    DealCodeError,
    Fault,
    daily_code,
    daily_family,
    daily_key,
    parse_day,
    parse_deal_code,
)
from rules.dealing import KEY_LIMIT, deal_by_key
from rules.exchange import Direction
from rules.presets import Preset
from tests.tiers import examples

RULES = Path(__file__).resolve().parents[2] / "rules" / "RULES.md"
WAYS = (Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.ACROSS)


def section_23() -> str:
    text = RULES.read_text(encoding="utf-8")
    start = text.index("\n## 23. ")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


# --- a code maker from the text alone (§23.6) -------------------------------------------------------------


def text_code(key: int, preset: int, players: int, joker: bool, rounds: int, way: int, fmt: int = 0) -> str:
    """The code §23.6 describes, from raw field values (any, so that the reader's refusals can be tested)."""
    exchange = 0 if rounds == 0 else 3 * (rounds - 1) + way + 1
    payload = key << 12 | fmt << 10 | preset << 6 | (players - 2) << 4 | int(joker) << 3 | exchange
    values = [payload >> (5 * (9 - i)) & 31 for i in range(10)]
    check = -sum(v * w for v, w in zip(values, range(2, 12), strict=True)) % 1024
    chars = "".join(ALPHABET[v] for v in [*values, check // 32, check % 32])
    return f"{chars[:4]}-{chars[4:8]}-{chars[8:]}"


@st.composite
def codes(draw: st.DrawFn) -> DealCode:
    preset = draw(st.sampled_from(sorted(PRESET_NUMBERS, key=PRESET_NUMBERS.__getitem__)))
    arranged = preset.arranged
    rounds = draw(st.integers(0, 2)) if arranged else 0
    way = draw(st.sampled_from(WAYS)) if rounds else None
    joker = draw(st.booleans()) if arranged else False
    return DealCode(preset, draw(st.integers(2, 4)), draw(st.integers(0, KEY_LIMIT - 1)), joker, rounds, way)


def _raw(code: DealCode) -> str:
    return code.text.replace("-", "")


@settings(max_examples=examples(100), deadline=None)
@given(codes())
def test_every_code_reads_back_as_what_it_was_made_from(code: DealCode) -> None:
    text = code.text
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", text)
    assert parse_deal_code(text) == code
    # As a friend may type it: lower case, no hyphens, spaces, O for 0 and I or L for 1.
    typed = " ".join(_raw(code).lower().replace("0", "o").replace("1", "l"))
    assert parse_deal_code(typed) == code
    way = WAYS.index(code.way) if code.way else 0
    made = text_code(code.key, PRESET_NUMBERS[code.preset], code.players, code.joker, code.exchange, way)
    assert made == text


@settings(max_examples=examples(25), deadline=None)
@given(codes())
def test_any_one_character_typed_wrong_is_refused(code: DealCode) -> None:
    raw = _raw(code)
    for place in range(LENGTH):
        for c in ALPHABET:
            if c != raw[place]:
                with pytest.raises(DealCodeError) as caught:
                    parse_deal_code(raw[:place] + c + raw[place + 1 :])
                assert caught.value.fault is Fault.CHECKSUM


@settings(max_examples=examples(40), deadline=None)
@given(codes())
def test_any_two_characters_swapped_are_refused(code: DealCode) -> None:
    # §23.6 claims every swap, of neighbours or not: all 66 pairs.
    raw = _raw(code)
    for i in range(LENGTH):
        for j in range(i + 1, LENGTH):
            if raw[i] != raw[j]:
                swapped = raw[:i] + raw[j] + raw[i + 1 : j] + raw[i] + raw[j + 1 :]
                with pytest.raises(DealCodeError) as caught:
                    parse_deal_code(swapped)
                assert caught.value.fault is Fault.CHECKSUM


def _refused(text: str, fault: Fault, words: str) -> None:
    with pytest.raises(DealCodeError, match=words) as caught:
        parse_deal_code(text)
    assert caught.value.fault is fault


def test_each_fault_has_its_message() -> None:
    good = DealCode(Preset.TAIWAN, 4, 47029769279).text
    assert good == "5F6C-AM7W-10BF"
    _refused(good[:-1], Fault.LENGTH, "has 12 characters, not 11")
    _refused(good + "0", Fault.LENGTH, "has 12 characters, not 13")
    _refused("", Fault.LENGTH, "not 0")
    _refused(good[:-1] + "G", Fault.CHECKSUM, "check does not match")
    _refused("5F6C-AM7W-1UBF", Fault.CHARACTER, r"'U' \(character 10 of the code\)")
    _refused("5F6C*AM7W-10BF", Fault.CHARACTER, r"'\*' \(character 5 of the code\)")
    _refused(text_code(5, 8, 4, False, 0, 0), Fault.PRESET, "preset .number 8. is not one this game has")
    _refused(text_code(5, 15, 4, False, 0, 0), Fault.PRESET, "number 15")
    _refused(text_code(5, 0, 4, False, 0, 0, fmt=1), Fault.FORMAT, "format 1")
    _refused(text_code(5, 0, 5, False, 0, 0), Fault.FORMAT, "table size")
    _refused(text_code(5, 0, 4, False, 3, 0), Fault.FORMAT, "換三張 field")  # 3 × 2 + 0 + 1 = 7
    _refused(text_code(5, 7, 4, True, 0, 0), Fault.DEAL, "ladder is played without the joker")
    _refused(text_code(5, 7, 4, False, 1, 0), Fault.DEAL, "ladder is played without the joker and without 換三張")


@pytest.mark.parametrize(
    ("values", "fault", "words"),
    [
        (("omaha", 4, 1), Fault.PRESET, "no preset is called 'omaha'"),
        (("taiwan", 5, 1), Fault.DEAL, "2 to 4 players, not 5"),
        (("taiwan", 4, KEY_LIMIT), Fault.DEAL, "key is from 0 to 2"),
        (("taiwan", 4, -1), Fault.DEAL, "key is from 0"),
        (("taiwan", 4, 1, False, 3, Direction.CLOCKWISE), Fault.DEAL, "0 to 2 rounds"),
        (("taiwan", 4, 1, False, 1, Direction.ROTATE), Fault.DEAL, "the way this deal passes"),
        (("taiwan", 4, 1, False, 1, None), Fault.DEAL, "the way this deal passes"),
        (("taiwan", 4, 1, False, 0, Direction.ACROSS), Fault.DEAL, "without 換三張"),
        (("taiwan", 4, 1, 1), Fault.DEAL, "on or off"),
        (("ladder", 4, 1, True), Fault.DEAL, "without the joker"),
    ],
)
def test_values_that_make_no_code_are_refused(values: tuple[object, ...], fault: Fault, words: str) -> None:
    with pytest.raises(DealCodeError, match=words) as caught:
        DealCode(*values)  # type: ignore[arg-type]
    assert caught.value.fault is fault


def test_plain_values_are_read() -> None:
    # The table hands over plain values: a preset's id and a way's.
    code = DealCode("hongkong", 3, 9, True, 2, "counterclockwise")  # type: ignore[arg-type]
    assert (code.preset, code.way) == (Preset.HONGKONG, Direction.COUNTERCLOCKWISE)
    assert parse_deal_code(str(code)) == code


def test_every_preset_has_its_own_number() -> None:
    # A preset added to the game needs a number here before its deals can be coded; numbers never move.
    assert set(PRESET_NUMBERS) == set(Preset)
    assert sorted(PRESET_NUMBERS.values()) == list(range(len(Preset)))


# --- the book's examples -----------------------------------------------------------------------------------

EXAMPLE = re.compile(
    r"^\| (\d+) \| (\w+) \| ([234]) \| (yes|no) \| (none|([12]) rounds?, ([\w-]+)) \| `([0-9A-Z-]{14})` \|$", re.M
)
BOOK_WAYS = {"clockwise": WAYS[0], "counter-clockwise": WAYS[1], "across": WAYS[2]}


def test_the_books_example_codes() -> None:
    rows = EXAMPLE.findall(section_23())
    assert len(rows) == 8
    for key, preset, players, joker, _, rounds, way, text in rows:
        code = DealCode(
            Preset(preset), int(players), int(key), joker == "yes", int(rounds or 0), BOOK_WAYS[way] if way else None
        )
        assert code.text == text
        assert parse_deal_code(text) == code


DAY = re.compile(r"^\| (\d{4}-\d\d-\d\d) \| (\w+) \| (\d+) \| `([0-9A-Z-]{14})` \| ((?:\w\w ?){13}) \|$", re.M)


def test_the_books_days() -> None:
    rows = DAY.findall(section_23())
    assert len(rows) == 9
    for day, family, key, text, hand in rows:
        date = parse_day(day)
        assert daily_key(date, family) == int(key)
        digest = hashlib.sha256(f"cp-daily:{day}:{family}".encode("ascii")).digest()
        assert int.from_bytes(digest[:8], "big") >> 26 == int(key)
        assert daily_code(date, family).text == text
        assert format_cards(deal_by_key(int(key)).hands[0]) == hand
    tournament = re.search(r"`tournament` plays taiwan's key, as `([0-9A-Z-]{14})`", section_23())
    assert tournament is not None
    code = daily_code(dt.date(2026, 12, 5), Preset.TOURNAMENT)
    assert code.text == tournament.group(1)
    assert code.key == daily_key(dt.date(2026, 12, 5), Preset.TAIWAN)


# --- the deal of the day ------------------------------------------------------------------------------------


def test_families() -> None:
    assert daily_family(Preset.TOURNAMENT) == daily_family("taiwan") == "taiwan"
    assert {daily_family(p) for p in Preset} == {p.value for p in Preset} - {"tournament"}
    with pytest.raises(DealCodeError, match="no preset is called 'omaha'") as caught:
        daily_key(dt.date(2026, 1, 1), "omaha")
    assert caught.value.fault is Fault.PRESET


def test_days_from_2000_to_2100() -> None:
    assert parse_day("2000-01-01") == dt.date(2000, 1, 1)
    assert parse_day("2100-12-31") == dt.date(2100, 12, 31)
    for text, words in [
        ("1999-12-31", "from 2000-01-01 to 2100-12-31, not 1999-12-31"),
        ("2101-01-01", "not 2101-01-01"),
        ("2026-13-01", "YYYY-MM-DD"),
        ("2026-02-30", "YYYY-MM-DD"),
        ("2026-1-5", "YYYY-MM-DD"),
        ("20261205", "YYYY-MM-DD"),
        ("", "YYYY-MM-DD"),
    ]:
        with pytest.raises(DealCodeError, match=words) as caught:
            parse_day(text)
        assert caught.value.fault is Fault.DATE
    for day in (dt.date(1999, 12, 31), dt.date(2101, 1, 1)):
        with pytest.raises(DealCodeError, match="2000-01-01 to 2100-12-31"):
            daily_key(day, "taiwan")
    with pytest.raises(DealCodeError, match="calendar date"):
        daily_key(dt.datetime(2026, 12, 5, 23, 0), "taiwan")  # a moment is not a day: whose midnight?


def test_each_day_and_family_its_own_deal() -> None:
    days = [dt.date(2026, 1, 1) + dt.timedelta(days=n) for n in range(366)]
    keys = {(d, f): daily_key(d, f) for d in days for f in ("taiwan", "arcade", "ladder")}
    assert len(set(keys.values())) == len(keys)
    assert daily_code(days[0], "ladder") == DealCode(Preset.LADDER, 4, keys[days[0], "ladder"])
