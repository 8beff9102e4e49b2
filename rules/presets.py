"""The scoring presets and the options a deal is scored under (RULES.md §5–§8, §11, §15)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from .evaluate import Wheel
from .specials import DRAGONS, Special


class Preset(StrEnum):
    """Scoring presets; the value is the §11 id."""

    TAIWAN = "taiwan"
    TOURNAMENT = "tournament"
    ARCADE = "arcade"
    SHISANSHUI = "shisanshui"
    WESTERN = "western"

    @property
    def default_options(self) -> Options:
        return Options(
            wheel=Wheel.SECOND if self is Preset.ARCADE else Wheel.LOW,
            three_flush_straight=self is Preset.ARCADE,
        )

    @property
    def specials(self) -> frozenset[Special]:
        """What may be declared instead of arranging: dragons, all 13 in shisanshui, nothing in western (§15)."""
        if self is Preset.WESTERN:
            return frozenset()
        return frozenset(Special) if self is Preset.SHISANSHUI else DRAGONS

    @property
    def points_per_unit(self) -> int:
        """Points of one unit (賭/堵/墩) in the session display (§5, §6); arcade pays its stake instead."""
        return {Preset.TAIWAN: 100, Preset.TOURNAMENT: 20}.get(self, 1)


class OptionError(ValueError):
    """An unknown option, or a value an option cannot take."""


@dataclass(frozen=True)
class Options:
    """Toggles that change how rows compare or score (the `score` command accepts exactly these)."""

    wheel: Wheel = Wheel.LOW
    suit_tiebreak: bool = False
    three_flush_straight: bool = False  # arcade's +2 for 三同花/三順子; other presets ignore it
    royalties: bool = False  # western's row royalties (§15.2); other presets ignore it

    def __post_init__(self) -> None:
        # Accept "low"/"second" as well as Wheel members, so that scoring never sees a bare string.
        try:
            object.__setattr__(self, "wheel", Wheel(self.wheel))
        except ValueError:
            raise OptionError(f"option 'wheel' must be 'low' or 'second', not {self.wheel!r}") from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "wheel": self.wheel.value,
            "suit_tiebreak": self.suit_tiebreak,
            "three_flush_straight": self.three_flush_straight,
            "royalties": self.royalties,
        }

    @classmethod
    def for_preset(cls, preset: Preset, overrides: dict[str, Any] | None = None) -> Options:
        """The preset's defaults with ``overrides`` (as read from JSON) applied and checked."""
        opts = preset.default_options
        known = {f.name for f in fields(cls)}
        for name, value in (overrides or {}).items():
            if name not in known:
                raise OptionError(f"unknown option {name!r} (options are {', '.join(sorted(known))})")
            # The wheel is coerced and checked by __post_init__; the other options are booleans.
            if name != "wheel" and not isinstance(value, bool):
                raise OptionError(f"option {name!r} must be true or false, not {value!r}")
            opts = replace(opts, **{name: value})
        return opts


def parse_preset(name: str) -> Preset:
    """The preset named ``name``; :class:`OptionError` naming the valid ones otherwise."""
    try:
        return Preset(name)
    except ValueError:
        raise OptionError(f"unknown preset {name!r} (presets are {', '.join(p.value for p in Preset)})") from None
