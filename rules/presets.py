"""The scoring presets and the options a deal is scored under (RULES.md §5–§8, §11, §15–§19)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from .row import Row
from .specials import DRAGONS, Special

# What a hongkong hand may declare (報到, S5): the 3-注 hands and the dragons (§16.3).
HONGKONG_SPECIALS = frozenset(
    {
        Special.THREE_STRAIGHTS,
        Special.THREE_FLUSHES,
        Special.SIX_PAIRS,
        Special.ALL_BIG,
        Special.ALL_SMALL,
        *DRAGONS,
    }
)


class Wheel(StrEnum):
    """Where ``A2345`` ranks among straights (the `wheel` toggle)."""

    LOW = "low"  # the lowest straight
    SECOND = "second"  # just below AKQJT


class Preset(StrEnum):
    """Scoring presets; the value is the §11 id."""

    TAIWAN = "taiwan"
    TOURNAMENT = "tournament"
    ARCADE = "arcade"
    SHISANSHUI = "shisanshui"
    WESTERN = "western"
    HONGKONG = "hongkong"
    BACKROW = "backrow"
    LADDER = "ladder"

    @property
    def default_options(self) -> Options:
        return Options(
            wheel=Wheel.SECOND if self is Preset.ARCADE else Wheel.LOW,
            three_flush_straight=self is Preset.ARCADE,
        )

    @property
    def specials(self) -> frozenset[Special]:
        """What may be declared instead of arranging: dragons, all 13 in shisanshui, nothing in western (§15)
        or backrow (§17)."""
        if self in (Preset.WESTERN, Preset.BACKROW, Preset.LADDER):
            return frozenset()
        if self is Preset.HONGKONG:
            return HONGKONG_SPECIALS
        return frozenset(Special) if self is Preset.SHISANSHUI else DRAGONS

    @property
    def points_per_unit(self) -> int:
        """Points of one unit (賭/堵/墩) in the session display (§5, §6); arcade pays its stake instead."""
        return {Preset.TAIWAN: 100, Preset.TOURNAMENT: 20}.get(self, 1)

    def pays(self, row: Row) -> bool:
        """Whether ``row`` is compared for units: every row, but the back alone in backrow (§17)."""
        return self is not Preset.BACKROW or row is Row.BACK

    @property
    def arranged(self) -> bool:
        """False for the pattern ladder (§19), where nobody arranges: every hand is read as dealt."""
        return self is not Preset.LADDER

    @property
    def taiwan_family(self) -> bool:
        """The Taiwanese scoring (§5, §6): a pair's rows settle together, 打槍 doubles them, 紅不讓 and 加賭 are its
        bonuses, and a sweep is every row that is not tied won (elsewhere all three won)."""
        return self in (Preset.TAIWAN, Preset.TOURNAMENT)

    @property
    def rows_priced(self) -> bool:
        """Whether a won row takes its own worth (its category's, a royalty, arcade's shape), as in every arranged
        preset but the Taiwanese family, where the pair's rows settle together (§5–§17)."""
        return self.arranged and not self.taiwan_family

    @property
    def double_picks(self) -> bool:
        """Whether a deal holds each seat's 賭倍 pick (§7.5), recorded with its decision: arcade's, in a banker game
        too, where nobody is picked since :meth:`doubling` is off there (§16.1)."""
        return self is Preset.ARCADE

    def doubling(self, banker: bool) -> bool:
        """Whether 賭倍 is played (§7.5): arcade's, and never in a banker game (§16.1), whose pairs are scored as if
        the two were alone."""
        return self.double_picks and not banker

    @property
    def shape_bonus(self) -> bool:
        """Whether 三同花 and 三順子 earn their +2 from each opponent when the option ``three_flush_straight`` is
        on (§7.4): arcade's; every other preset ignores the option."""
        return self is Preset.ARCADE

    @property
    def plays_for_coins(self) -> bool:
        """Whether a scored session is played for coins at a stake, with the rake and 透支 (§7.7): arcade's."""
        return self is Preset.ARCADE

    @property
    def default_time_limit(self) -> int | None:
        """The seconds a host's choice of this preset sets the clock to: tournament's 60 (§6.1, S4); None keeps
        the host's."""
        return 60 if self is Preset.TOURNAMENT else None

    @property
    def bonuses(self) -> bool:
        """Whether a pair scores more than its rows: 打槍 and the preset's bonus items (§5–§8). Western's
        majority unit (§15), hongkong (§16), backrow (§17) and the ladder (§19) have none, nor a sweep bonus
        against a foul."""
        return self in (Preset.TAIWAN, Preset.TOURNAMENT, Preset.ARCADE, Preset.SHISANSHUI)

    @property
    def majority(self) -> bool:
        """Whether the one of a pair who won more rows than it lost takes a unit more, an item of its own beside
        the rows (§15.1): western's."""
        return self is Preset.WESTERN

    @property
    def treasure(self) -> bool:
        """Whether treasure cards (寶牌, §7.6) are in force, cut before each deal, multiplying the rows that hold
        them: arcade's, in a banker game too (unlike 賭倍, :meth:`doubling`)."""
        return self is Preset.ARCADE

    @property
    def banker_by_default(self) -> bool:
        """True where a table is a banker game (莊家) unless the host turns it off: hongkong (§16)."""
        return self is Preset.HONGKONG


class OptionError(ValueError):
    """An unknown option, or a value an option cannot take."""


class TieRule(StrEnum):
    """How a row the banker and a player tie on is settled in a banker game (§16.2); the value is the §11 id."""

    TIE = "tie"  # a tie (和), unless the suit tie-break splits it
    BANKER = "banker"  # equal rows go to the banker (S5's rule seven: 同樣的牌，莊家比閒家大)
    TOP_CARD = "top_card"  # within a category only the leading card counts, and the banker wins what is equal


@dataclass(frozen=True)
class Options:
    """Toggles that change how rows compare or score (the `score` command accepts exactly these)."""

    wheel: Wheel = Wheel.LOW
    suit_tiebreak: bool = False
    three_flush_straight: bool = False  # arcade's +2 for 三同花/三順子; other presets ignore it
    royalties: bool = False  # western's row royalties (§15.2); other presets ignore it
    ties: TieRule = TieRule.TIE  # banker games only (§16.2)
    rule_seven: bool = False  # hongkong's second payout table (§16.4); other presets ignore it
    exempt: bool = False  # 免擺 (§18): a straight flush or four of a kind wins without arranging
    joker: bool = False  # 鬼牌 (§20): a joker replaces a dealt card and is wild; never in the ladder

    def __post_init__(self) -> None:
        # Accept "low"/"second" as well as Wheel members, so that scoring never sees a bare string.
        try:
            object.__setattr__(self, "wheel", Wheel(self.wheel))
        except ValueError:
            raise OptionError(f"option 'wheel' must be 'low' or 'second', not {self.wheel!r}") from None
        try:
            object.__setattr__(self, "ties", TieRule(self.ties))
        except ValueError:
            names = ", ".join(repr(t.value) for t in TieRule)
            raise OptionError(f"option 'ties' must be one of {names}, not {self.ties!r}") from None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready options; ``joker`` only when on, so that every record made before it reads the same."""
        out: dict[str, Any] = {
            "wheel": self.wheel.value,
            "suit_tiebreak": self.suit_tiebreak,
            "three_flush_straight": self.three_flush_straight,
            "royalties": self.royalties,
            "ties": self.ties.value,
            "rule_seven": self.rule_seven,
            "exempt": self.exempt,
        }
        if self.joker:
            out["joker"] = True
        return out

    @classmethod
    def for_preset(cls, preset: Preset, overrides: dict[str, Any] | None = None) -> Options:
        """The preset's defaults with ``overrides`` (as read from JSON) applied and checked."""
        opts = preset.default_options
        known = {f.name for f in fields(cls)}
        for name, value in (overrides or {}).items():
            if name not in known:
                raise OptionError(f"unknown option {name!r} (options are {', '.join(sorted(known))})")
            # The wheel and the tie rule are coerced and checked by __post_init__; the others are booleans.
            if name not in ("wheel", "ties") and not isinstance(value, bool):
                raise OptionError(f"option {name!r} must be true or false, not {value!r}")
            opts = replace(opts, **{name: value})
        if opts.joker and not preset.arranged:
            # The ladder reads each hand's patterns as dealt (§19); a wild card there is another game (§20.1).
            raise OptionError(f"the joker (option 'joker') is not played in {preset.value}")
        return opts


def parse_preset(name: str) -> Preset:
    """The preset named ``name``; :class:`OptionError` naming the valid ones otherwise."""
    try:
        return Preset(name)
    except ValueError:
        raise OptionError(f"unknown preset {name!r} (presets are {', '.join(p.value for p in Preset)})") from None
