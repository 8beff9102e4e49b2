"""The bounds every value from outside is held to, the checks a format is built of, the one error of a row that
does not read back (:class:`DamagedRow`) and the one place where what a reader may raise becomes it
(:func:`reading`); and the formats of the history's data besides the deal's (a review, a session, the columns a
list of deals shows). A deal's own format, and the export line that carries it, are :mod:`.deal_format`.

Import, ``replay``, the History screen, export and the salvage of a damaged file all read through here, so that
a value from outside (a file, or a row someone edited) is bounded before any other code sees it: the nesting
depth, the length of every string, list and object, every number (finite, and an integer small enough for
SQLite), and each known field's type and range. :class:`DamagedRow` names the field
(``deal.result.pairs[2].score``) and what is wrong with it. What a deal *means* (its hands are the seed's, its
result is what the rules score) is checked above this floor, by :meth:`app.game.record.DealRecord.from_dict`,
once the shape is known good; it raises the same error.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from itertools import accumulate
from typing import Any

MAX_FILE = 64 * 1024 * 1024  # an import reads at most this many bytes (some 15,000 deals)
MAX_LINE = 256 * 1024  # a deal is a few kilobytes; a longer line is not one
MAX_DEPTH = 12  # the deepest a deal goes is 6 (deal.result.pairs[k].items[i].kind)
MAX_STRING = 4096
MAX_ITEMS = 1000  # in one list or object
MAX_DIGITS = 20  # an integer's digits: more cannot be a value this game wrote, and cost time to convert
MAX_INT = 2**63 - 1  # what a SQLite INTEGER holds
MAX_TIME = 2.0**34  # seconds since 1970 (the year 2514): time.localtime() takes it on every platform
MAX_UNITS = 10**9


class Mode(StrEnum):
    """Where a deal was played."""

    TABLE = "table"  # a seat at a table
    WATCH = "watch"  # the computer played every seat (觀戰, or after the player left)
    RETRY = "retry"  # the player played a stored deal again (practice, not scored)
    DRILL = "drill"  # a drill's arrangement


class Status(StrEnum):
    """A session's state: it can be continued, or it is over."""

    OPEN = "open"
    OVER = "over"


class DamagedRow(ValueError):
    """A stored or imported row (a deal, its review, a session, a line of an export) that does not read back:
    ``field`` is where (its path, ``deal.result.pairs[2].score``; empty: the row as a whole) and ``reason`` what
    is wrong. Every reader of the history's data raises it and nothing else: this floor's checks, the game's
    record (:meth:`app.game.record.DealRecord.from_dict`), import; so a row that does not read back is caught as
    this one type, wherever it is met."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.field, self.reason = field, reason

    def within(self, outer: str) -> DamagedRow:
        """The same damage, its field named from ``outer`` (``seats`` within ``deal``: ``deal.seats``)."""
        if not outer:
            return self
        return DamagedRow(f"{outer}.{self.field}" if self.field else outer, self.reason)


UNREADABLE: tuple[type[Exception], ...] = (ValueError, TypeError, LookupError, AttributeError, ArithmeticError)
"""What the readers the history's readers call may raise on a damaged value (the rules' and the coach's
``from_dict``, an enum of a value it does not know, a key that is not there, and what a value of the right shape
but the wrong meaning raises on the way): :func:`reading` turns it into a :class:`DamagedRow`."""


@contextmanager
def reading(field: str = "") -> Iterator[None]:
    """Read a stored value in this block: whatever reading a damaged one raises comes out as a
    :class:`DamagedRow` at ``field`` (one already raised is named from ``field``). The one place where the
    errors of :data:`UNREADABLE` are caught."""
    try:
        yield
    except DamagedRow as exc:
        raise exc.within(field) from None
    except UNREADABLE as exc:
        raise DamagedRow(field, f"missing {exc}" if isinstance(exc, KeyError) else str(exc)) from None


class _Huge:
    """An integer of more than :data:`MAX_DIGITS` digits, kept unconverted so that the walk names its field."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _parse_int(text: str) -> int | _Huge:
    digits = len(text) - text.startswith("-")
    return _Huge(digits) if digits > MAX_DIGITS else int(text)


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+")
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the JSON ``text`` nests (strings do not count), found without parsing it: the parser recurses,
    and a line of 100,000 ``[`` would exhaust the stack before any check could see it."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate((_STEP[c] for c in brackets), initial=0))


class _OutOfBounds(Exception):
    """Raised by the quick reading's hooks; the thorough one then finds the field to name."""


def _quick_int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS or not -MAX_INT <= (value := int(text)) <= MAX_INT:
        raise _OutOfBounds
    return value


def _quick_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _OutOfBounds
    return value


def _quick_constant(name: str) -> float:
    raise _OutOfBounds


def _quick_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_ITEMS:
        raise _OutOfBounds
    return dict(pairs)


def parse_quick(text: str, field: str = "") -> Any:
    """JSON ``text`` with the bounds that keep it storable (integers, finite numbers, object sizes) checked as
    it is read, and the rest (nesting, lengths) left to the typed checks: about three times faster than
    :func:`parse`, for the export's reading of rows this game stored. A value out of bounds is named by
    :func:`parse`'s thorough reading."""
    if len(text) > MAX_LINE:
        raise DamagedRow(field, f"longer than {MAX_LINE:,} characters")
    try:
        return json.loads(
            text,
            parse_int=_quick_int,
            parse_float=_quick_float,
            parse_constant=_quick_constant,
            object_pairs_hook=_quick_object,
        )
    except (_OutOfBounds, RecursionError, ValueError):
        return parse(text, field)


def parse(text: str, field: str = "") -> Any:
    """JSON ``text`` read with every bound applied (:func:`bounded`); :class:`DamagedRow` otherwise."""
    if len(text) > MAX_LINE:
        raise DamagedRow(field, f"longer than {MAX_LINE:,} characters")
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise DamagedRow(field, f"nested {depth:,} deep (at most {MAX_DEPTH})")
    try:
        value = json.loads(text, parse_int=_parse_int, parse_constant=lambda name: math.nan)
    except json.JSONDecodeError as exc:
        raise DamagedRow(field, f"not JSON ({exc.msg} at column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:  # RecursionError: cannot happen after nesting(), kept as a net
        raise DamagedRow(field, f"not JSON ({exc})") from None
    bounded(value, field)
    return value


def bounded(value: Any, field: str = "", depth: int = 0) -> None:
    """Every bound of the module docstring, on a parsed value and all it holds."""
    if depth > MAX_DEPTH:
        raise DamagedRow(field, f"nested deeper than {MAX_DEPTH}")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, _Huge):
        raise DamagedRow(field, f"a number of {value.digits:,} digits")
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise DamagedRow(field, f"a number beyond ±{MAX_INT}")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DamagedRow(field, "not a finite number")
        return
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise DamagedRow(field, f"a text of {len(value):,} characters (at most {MAX_STRING:,})")
        return
    if isinstance(value, list | dict):
        if len(value) > MAX_ITEMS:
            raise DamagedRow(field, f"{len(value):,} items (at most {MAX_ITEMS:,})")
        if isinstance(value, list):
            for k, item in enumerate(value):
                bounded(item, f"{field}[{k}]", depth + 1)
        else:
            for key, item in value.items():
                bounded(key, field, depth + 1)
                bounded(item, _join(field, key), depth + 1)
        return
    raise DamagedRow(field, f"not a JSON value ({type(value).__name__})")


def _join(field: str, key: str) -> str:
    """A field's path; a key that is long or not a plain name is shown quoted and cut, so that the error stays
    one short line."""
    plain = isinstance(key, str) and len(key) <= 32 and _PLAIN_KEY.fullmatch(key) is not None
    shown = key if plain else json.dumps(str(key))
    if len(shown) > 34:
        shown = shown[:32] + '…"'
    return f"{field}.{shown}" if field else shown


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    names = {
        bool: "true or false",
        int: "an integer",
        float: "a number",
        str: "a text",
        list: "a list",
        dict: "an object",
    }
    return names.get(type(value), type(value).__name__)


Check = Callable[[Any, str], None]


def integer(low: int, high: int) -> Check:
    """An integer from ``low`` to ``high``."""

    def check(value: Any, field: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise DamagedRow(field, f"must be an integer, not {_kind(value)}")
        if not low <= value <= high:
            raise DamagedRow(field, f"must be from {low:,} to {high:,}, not {value:,}")

    return check


def one_of(*values: int) -> Check:
    """An integer that is one of ``values`` (a few, named in the error: "must be 2, 3 or 4")."""
    whole = integer(-MAX_INT, MAX_INT)  # the type's error first; the range is the values' own
    named = ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])

    def check(value: Any, field: str) -> None:
        whole(value, field)
        if value not in values:
            raise DamagedRow(field, f"must be {named}, not {value:,}")

    return check


def number(low: float, high: float) -> Check:
    """A number (integer or not) from ``low`` to ``high``."""

    def check(value: Any, field: str) -> None:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise DamagedRow(field, f"must be a number, not {_kind(value)}")
        if not low <= value <= high:
            raise DamagedRow(field, f"must be from {low:,g} to {high:,g}, not {value:,g}")

    return check


def text(longest: int = 64, *, choices: Iterable[str] | None = None, pattern: str | None = None) -> Check:
    """A string of at most ``longest`` characters, one of ``choices``, or matching ``pattern``."""
    allowed = None if choices is None else tuple(choices)
    matcher = None if pattern is None else re.compile(pattern)

    def check(value: Any, field: str) -> None:
        if not isinstance(value, str):
            raise DamagedRow(field, f"must be a text, not {_kind(value)}")
        if len(value) > longest:
            raise DamagedRow(field, f"must be at most {longest} characters")
        if allowed is not None and value not in allowed:
            raise DamagedRow(field, f"must be one of {', '.join(allowed)}")
        if matcher is not None and not matcher.fullmatch(value):
            raise DamagedRow(field, f"must match {pattern}")

    return check


def boolean(value: Any, field: str) -> None:
    """True or false."""
    if not isinstance(value, bool):
        raise DamagedRow(field, f"must be true or false, not {_kind(value)}")


def anything(value: Any, field: str) -> None:
    """Any JSON value (its own reader checks it; the bounds already hold)."""


def nullable(check: Check) -> Check:
    """``check``, or null."""

    def inner(value: Any, field: str) -> None:
        if value is not None:
            check(value, field)

    return inner


def list_of(check: Check, longest: int, shortest: int = 0) -> Check:
    """A list of ``shortest`` to ``longest`` items, each passing ``check``."""

    def inner(value: Any, field: str) -> None:
        if not isinstance(value, list):
            raise DamagedRow(field, f"must be a list, not {_kind(value)}")
        if not shortest <= len(value) <= longest:
            raise DamagedRow(field, f"must hold {shortest} to {longest} items, not {len(value)}")
        for k, item in enumerate(value):
            check(item, f"{field}[{k}]")

    return inner


def obj(fields: dict[str, Check], required: Iterable[str] = (), *, extra: bool = False) -> Check:
    """An object with ``fields`` (each optional but ``required``); other keys only when ``extra``."""
    needed = tuple(required)

    def inner(value: Any, field: str) -> None:
        if not isinstance(value, dict):
            raise DamagedRow(field, f"must be an object, not {_kind(value)}")
        for key in needed:
            if key not in value:
                raise DamagedRow(_join(field, key), "is missing")
        for key, item in value.items():
            check = fields.get(key)
            if check is None:
                if not extra:
                    raise DamagedRow(_join(field, key), "is not a field of this format")
                continue
            check(item, _join(field, key))

    return inner


def seat_map(check: Check) -> Check:
    """An object keyed by table seat ("0" to "3")."""
    return obj(dict.fromkeys(("0", "1", "2", "3"), check))


UID = r"[0-9a-f]{16}"
TIME = number(-MAX_TIME, MAX_TIME)  # whatever the clock said: a machine whose clock is before 1970 keeps its deals
SEAT = integer(0, 3)
UNITS = integer(-MAX_UNITS, MAX_UNITS)
CARDS = text(80)  # 13 cards and their spaces
CARD = text(4)
ANY_OBJECT = obj({}, extra=True)
# rules.presets.Preset's values: this floor imports the standard library only (a test keeps the two equal).
PRESETS = ("taiwan", "tournament", "arcade", "shisanshui", "western", "hongkong", "backrow", "ladder")

_PRICED = obj(
    {
        "decision": ANY_OBJECT,
        "ev": number(-1e6, 1e6),
        "row_wins": nullable(list_of(number(0, 1), 3, 3)),
        "sweeps_given": number(0, 1e6),
        "sweeps_taken": number(0, 1e6),
    },
    ("decision", "ev", "sweeps_given", "sweeps_taken"),
)
_PART = obj(
    {
        "kind": text(choices=["pass", "rows"]),
        "loss": number(-1e6, 1e6),
        "ci95": number(0, 1e6),
        "verdict": text(32),
        "round": integer(0, 8),
    },
    ("kind", "loss", "ci95", "verdict"),
)
REVIEW = obj(
    {
        "preset": text(choices=PRESETS),
        "played": _PRICED,
        "best": _PRICED,
        "alternatives": list_of(_PRICED, 64),
        "loss": number(-1e6, 1e6),
        "ci95": number(0, 1e6),
        "verdict": text(32),
        "tables": integer(0, MAX_INT),
        "parts": list_of(_PART, 9),
    },
)  # each field checked when present; the coach's reader (Review.from_dict) requires them
_SESSION_COLUMNS: dict[str, Check] = {
    "uid": text(16, pattern=UID),
    "started": TIME,
    "updated": TIME,
    "preset": text(choices=PRESETS),
    "mode": text(choices=[m.value for m in Mode]),
    "status": text(choices=[s.value for s in Status]),
}
SESSION_COLUMNS = obj(_SESSION_COLUMNS, tuple(_SESSION_COLUMNS))  # a stored session's plain columns
SESSION = obj({**_SESSION_COLUMNS, "config": ANY_OBJECT, "state": ANY_OBJECT}, (*_SESSION_COLUMNS, "config", "state"))


def stored(text_: Any, check: Check, field: str, *, quick: bool = False) -> Any:
    """A JSON column of a stored row (a deal's ``data``, a session's ``config``), read and checked (``quick``:
    :func:`parse_quick`)."""
    if not isinstance(text_, str):
        raise DamagedRow(field, f"must be JSON text, not {type(text_).__name__}")
    value = parse_quick(text_, field) if quick else parse(text_, field)
    check(value, field)
    return value


_LISTING: tuple[tuple[str, Check], ...] = (
    ("id", integer(1, MAX_INT)),
    ("uid", nullable(text(16))),
    ("session", nullable(integer(1, MAX_INT))),
    ("number", integer(1, MAX_INT)),
    ("played", TIME),
    ("preset", text(choices=PRESETS)),
    ("mode", text(choices=[m.value for m in Mode])),
    ("human", nullable(SEAT)),
    ("units", nullable(UNITS)),
    ("rows_won", nullable(integer(0, 12))),
    ("sweeps_given", nullable(integer(0, 3))),
    ("sweeps_taken", nullable(integer(0, 3))),
    ("fouled", nullable(integer(0, 1))),
    ("special", nullable(text(64))),
    ("seconds", nullable(number(0, 10**7))),
    ("verdict", nullable(text(32))),
    ("loss", nullable(number(-1e6, 1e6))),
    ("retry_of", nullable(integer(1, MAX_INT))),
    ("players", integer(2, 4)),
    ("decider", nullable(text(16))),
    ("people", integer(0, 1)),
)
LISTING_COLUMNS = tuple(name for name, _ in _LISTING)


def _sound(column: str, kinds: str, low: float | None = None, high: float | None = None) -> str:
    bounds = "" if low is None else f" AND coalesce({column} BETWEEN {low!r} AND {high!r}, 1)"
    return f"typeof({column}) IN ({kinds}, 'null'){bounds}"


# The listing's bounds in SQL, for the aggregates that count rows without reading each (the statistics): a row
# that fails them is left out there, as the lists skip it.
SOUND_DEAL = " AND ".join(
    (
        _sound("units", "'integer'", -MAX_UNITS, MAX_UNITS),
        _sound("rows_won", "'integer'", 0, 12),
        _sound("rows_lost", "'integer'", 0, 12),
        _sound("sweeps_given", "'integer'", 0, 3),
        _sound("sweeps_taken", "'integer'", 0, 3),
        _sound("fouled", "'integer'", 0, 1),
        _sound("special", "'text'"),
        _sound("seconds", "'integer', 'real'", 0, 10**7),
        _sound("loss", "'integer', 'real'", -1e6, 1e6),
        _sound("verdict", "'text'"),
        _sound("played", "'integer', 'real'", 0, MAX_TIME),
        _sound("decider", "'text'"),
    )
)


def listing(row: tuple[Any, ...]) -> None:
    """The columns a list of deals shows (``database._LIST``), each of its type and range."""
    for (name, check), value in zip(_LISTING, row, strict=False):
        check(value, name)
