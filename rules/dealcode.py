"""Deal codes and the deal of the day (RULES.md §23.6–§23.7): twelve typeable characters that carry a deal's
preset, table size, the options that change the cards (the joker, 換三張) and its key, with a check that
refuses any one mistyped or two swapped characters; and the key of a calendar date's deal.

A code names a deal, not a session: what the key deals is :func:`rules.dealing.deal_by_key`'s. It takes and
gives plain values (a preset id, whole numbers, a :class:`~rules.exchange.Direction`), so that the command
line, the table and a friend's program read it alike.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from enum import StrEnum

from .dealing import KEY_BITS, KEY_LIMIT, key_from_text
from .exchange import MAX_ROUNDS, Direction
from .presets import Preset

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O or U
# Read as the digit they look like (Crockford's rule), so a code copied by hand still reads.
_ALIASES = {"O": "0", "I": "1", "L": "1"}
_VALUE = {c: i for i, c in enumerate(ALPHABET)} | {a: ALPHABET.index(d) for a, d in _ALIASES.items()}
_SEPARATORS = " -"  # ignored wherever they are typed; the game writes three groups of four
LENGTH = 12
_PAYLOAD_CHARS = LENGTH - 2
_CHECK_MODULUS = 1024
# Each character's weight in the check (§23.6): the ten payload characters 2 to 11, the two check characters
# 32 and 1 (so that they spell the check as one number). All twelve are distinct and lie within 1–32, which
# is what makes every substitution and every swap of two characters change the sum by less than 1024.
_WEIGHTS: tuple[int, ...] = (*range(2, 2 + _PAYLOAD_CHARS), 32, 1)
FORMAT = 0  # the field a later layout would change; codes of another format are refused, never misread

# A preset's number in a code is fixed for ever (a code written today must deal the same preset later); the
# order is §11's. Numbers 8–15 are free for new presets.
PRESET_NUMBERS: dict[Preset, int] = {
    Preset.TAIWAN: 0,
    Preset.TOURNAMENT: 1,
    Preset.ARCADE: 2,
    Preset.SHISANSHUI: 3,
    Preset.WESTERN: 4,
    Preset.HONGKONG: 5,
    Preset.BACKROW: 6,
    Preset.LADDER: 7,
}
_PRESETS_BY_NUMBER = {n: p for p, n in PRESET_NUMBERS.items()}
_WAYS = (Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.ACROSS)  # a pass's way, numbered 0–2

FIRST_DAY = dt.date(2000, 1, 1)
LAST_DAY = dt.date(2100, 12, 31)
_DAILY_TAG = "cp-daily"
_DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


class Fault(StrEnum):
    """What is wrong with a code or a date, for a caller that words it in the player's language."""

    CHARACTER = "character"  # a character no code holds
    LENGTH = "length"  # not twelve characters
    CHECKSUM = "checksum"  # the check characters do not match: something is mistyped
    PRESET = "preset"  # a preset number (or name) the game does not know
    FORMAT = "format"  # a field holds a value no code of this format holds
    DEAL = "deal"  # values that make no deal (a table of five, the joker in the ladder…)
    DATE = "date"  # not a date, or outside 2000-01-01 – 2100-12-31


class DealCodeError(ValueError):
    """A code, a date or values that do not make a deal code; ``fault`` says which kind (:class:`Fault`) and the
    message names what is wrong."""

    def __init__(self, fault: Fault, message: str) -> None:
        super().__init__(message)
        self.fault = fault


@dataclass(frozen=True)
class DealCode:
    """What a deal code carries (§23.6): the preset, the seats in play (2–4), the joker, the rounds of 換三張
    (0–2) and their way (``None`` without them; a concrete way, never ``rotate``), and the deal's key.

    Made from plain values and checked as it is made: ``preset`` may be the §11 id. :attr:`text` is the code.
    """

    preset: Preset
    players: int
    key: int
    joker: bool = False
    exchange: int = 0
    way: Direction | None = None

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "preset", Preset(self.preset))
        except ValueError:
            raise DealCodeError(Fault.PRESET, f"no preset is called {self.preset!r}") from None
        if self.preset not in PRESET_NUMBERS:  # a preset added to the game without a number of its own
            raise DealCodeError(Fault.PRESET, f"preset {self.preset.value!r} has no number in deal codes")
        _whole(self.players, "the table's size")
        if not 2 <= self.players <= 4:
            raise DealCodeError(Fault.DEAL, f"a table seats 2 to 4 players, not {self.players}")
        _whole(self.key, "the deal's key")
        if not 0 <= self.key < KEY_LIMIT:
            raise DealCodeError(Fault.DEAL, f"a deal code's key is from 0 to 2**{KEY_BITS} - 1, not {self.key}")
        if not isinstance(self.joker, bool):
            raise DealCodeError(Fault.DEAL, f"the joker is on or off (true or false), not {self.joker!r}")
        _whole(self.exchange, "the rounds of 換三張")
        if not 0 <= self.exchange <= MAX_ROUNDS:
            raise DealCodeError(Fault.DEAL, f"換三張 is 0 to {MAX_ROUNDS} rounds, not {self.exchange}")
        self._check_way()
        # The pattern ladder (§19) reads hands as dealt: no wild card, nothing to pass (§20.1, §21).
        if not self.preset.arranged and (self.joker or self.exchange):
            raise DealCodeError(Fault.DEAL, f"{self.preset.value} is played without the joker and without 換三張")

    def _check_way(self) -> None:
        if self.exchange == 0:
            if self.way is not None:
                raise DealCodeError(Fault.DEAL, "a way to pass is given without 換三張")
            return
        try:
            way = Direction(self.way) if self.way is not None else None
        except ValueError:
            way = None
        if way not in _WAYS:
            ways = ", ".join(w.value for w in _WAYS)
            raise DealCodeError(Fault.DEAL, f"換三張 needs the way this deal passes ({ways}), not {self.way!r}")
        object.__setattr__(self, "way", way)

    @property
    def text(self) -> str:
        """The code as the game writes it: twelve characters in three groups of four (``5F6C-AM7W-10BF``)."""
        raw = _with_check(_digits(self._payload()))
        return "-".join(raw[i : i + 4] for i in range(0, LENGTH, 4))

    def __str__(self) -> str:
        return self.text

    def _payload(self) -> int:
        way = 0 if self.way is None else _WAYS.index(self.way)
        exchange = 0 if self.exchange == 0 else 3 * (self.exchange - 1) + way + 1
        fields = FORMAT << 10 | PRESET_NUMBERS[self.preset] << 6 | (self.players - 2) << 4 | self.joker << 3 | exchange
        return self.key << 12 | fields


def _whole(value: object, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DealCodeError(Fault.DEAL, f"{what} is a whole number, not {value!r}")


def _digits(payload: int) -> str:
    """The ten payload characters of ``payload`` (50 bits), most significant first."""
    return "".join(ALPHABET[payload >> (5 * (_PAYLOAD_CHARS - 1 - i)) & 31] for i in range(_PAYLOAD_CHARS))


def _check_sum(values: list[int]) -> int:
    return sum(w * v for w, v in zip(_WEIGHTS, values, strict=False)) % _CHECK_MODULUS


def _with_check(payload: str) -> str:
    check = -_check_sum([_VALUE[c] for c in payload]) % _CHECK_MODULUS
    return payload + ALPHABET[check >> 5] + ALPHABET[check & 31]


def parse_deal_code(text: str) -> DealCode:
    """The deal a code names; :class:`DealCodeError` naming what is wrong otherwise (a character no code holds,
    the length, the check, an unknown preset, a field no code holds). Case, spaces and hyphens do not matter,
    and O, I and L read as 0, 1 and 1."""
    if not isinstance(text, str):
        raise DealCodeError(Fault.CHARACTER, f"a deal code is text, not {text!r}")
    chars = [c.upper() for c in text if c not in _SEPARATORS]
    for place, c in enumerate(chars, 1):
        if c not in _VALUE:
            where = f"character {place} of the code"
            raise DealCodeError(
                Fault.CHARACTER, f"{c!r} ({where}) is not in a deal code: it is made of 0-9 and the letters A-Z but U"
            )
    if len(chars) != LENGTH:
        raise DealCodeError(Fault.LENGTH, f"a deal code has {LENGTH} characters, not {len(chars)}")
    values = [_VALUE[c] for c in chars]
    if _check_sum(values) != 0:
        raise DealCodeError(Fault.CHECKSUM, "the deal code's check does not match: a character is mistyped")
    payload = 0
    for v in values[:_PAYLOAD_CHARS]:
        payload = payload << 5 | v
    return _read_fields(payload)


def _read_fields(payload: int) -> DealCode:
    fmt, number = payload >> 10 & 3, payload >> 6 & 15
    size, joker, exchange = payload >> 4 & 3, payload >> 3 & 1, payload & 7
    if fmt != FORMAT:
        raise DealCodeError(Fault.FORMAT, f"this deal code is of format {fmt}, which this game does not read")
    if number not in _PRESETS_BY_NUMBER:
        raise DealCodeError(Fault.PRESET, f"this deal code's preset (number {number}) is not one this game has")
    if size == 3:
        raise DealCodeError(Fault.FORMAT, "this deal code's table size field holds no table (2 to 4 players)")
    if exchange == 7:
        raise DealCodeError(Fault.FORMAT, "this deal code's 換三張 field holds no way to pass")
    rounds, way = (0, None) if exchange == 0 else ((exchange - 1) // 3 + 1, _WAYS[(exchange - 1) % 3])
    return DealCode(_PRESETS_BY_NUMBER[number], size + 2, payload >> 12, bool(joker), rounds, way)


def daily_family(preset: Preset | str) -> str:
    """The family whose deal of the day ``preset`` plays (§23.7): taiwan and tournament, one scoring at two
    tables, share the taiwan deal; every other preset is its own family."""
    try:
        p = Preset(preset)
    except ValueError:
        raise DealCodeError(Fault.PRESET, f"no preset is called {preset!r}") from None
    return Preset.TAIWAN.value if p.taiwan_family else p.value


def family_presets(preset: Preset | str) -> tuple[str, ...]:
    """The arranged presets of ``preset``'s family: one deal of the day, and one rating (RULES.md §24)."""
    family = daily_family(preset)
    return tuple(p.value for p in Preset if p.arranged and daily_family(p) == family)


def parse_day(text: str) -> dt.date:
    """A calendar date written ``YYYY-MM-DD``, from 2000-01-01 to 2100-12-31; :class:`DealCodeError` otherwise."""
    try:
        if not _DAY_RE.fullmatch(text):
            raise ValueError
        day = dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise DealCodeError(Fault.DATE, f"a date is written YYYY-MM-DD (2026-12-05), not {text!r}") from None
    return _check_day(day)


def _check_day(day: dt.date) -> dt.date:
    if isinstance(day, dt.datetime) or not isinstance(day, dt.date):
        raise DealCodeError(Fault.DATE, f"a deal of the day needs a calendar date, not {day!r}")
    if not FIRST_DAY <= day <= LAST_DAY:
        raise DealCodeError(Fault.DATE, f"deals of the day run from {FIRST_DAY} to {LAST_DAY}, not {day}")
    return day


def daily_key(day: dt.date, preset: Preset | str) -> int:
    """The key of ``day``'s deal (a UTC calendar date, 2000-01-01 to 2100-12-31) for ``preset``'s family
    (§23.7): the same everywhere, for everyone, from the date and the family's name alone."""
    return key_from_text(f"{_DAILY_TAG}:{_check_day(day).isoformat()}:{daily_family(preset)}")


def daily_code(day: dt.date, preset: Preset | str) -> DealCode:
    """``day``'s deal for ``preset`` as a code: the day's key at a full table of four, without the joker or
    換三張 (§23.7)."""
    key = daily_key(day, preset)
    return DealCode(Preset(preset), 4, key)
