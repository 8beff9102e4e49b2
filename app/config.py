"""A table's host settings (開闢新局, rules/RULES.md §10–§11) as plain, serialisable data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ai import Level
from rules.dealcode import DealCode
from rules.dealing import KEY_LIMIT
from rules.exchange import MAX_ROUNDS, Direction
from rules.presets import OptionError, Options, Preset, TieRule, parse_preset

TIME_LIMITS = (0, 30, 60, 90, 120)  # seconds; 0 = no limit
PLAYERS = (2, 3, 4)  # how many sit at a table (rules/RULES.md §10.1)
STAKES = (1, 2, 3, 5)  # what the player may stake against the banker (rules/RULES.md §16.1)
# The chairs each table size uses (0 South, the player; 1 East, 2 North, 3 West). Three leave North empty so
# that both opponents sit beside the player, as round a real table; two face each other across it.
_SEATS_FOR = {4: (0, 1, 2, 3), 3: (0, 1, 3), 2: (0, 2)}


def seats_for(players: int) -> tuple[int, ...]:
    """The seats a table of ``players`` uses, in seat order (the others are empty chairs);
    :class:`OptionError` for a table size the game does not seat."""
    if not isinstance(players, int) or isinstance(players, bool) or players not in _SEATS_FOR:
        raise OptionError(f"a table seats 2, 3 or 4 players, not {players!r}")
    return _SEATS_FOR[players]


def seated_banker(chosen: int, seats: tuple[int, ...]) -> int:
    """``chosen`` if that chair is in use, else the next seat in use round the table (the first banker of a
    table whose chosen chair is empty, rules/RULES.md §16.1)."""
    if chosen in seats:
        return chosen
    later = [s for s in seats if s > chosen]
    return later[0] if later else seats[0]


@dataclass(frozen=True)
class TableConfig:
    """Everything the host chooses before the first deal; the seed makes the whole session replayable."""

    preset: Preset = Preset.TAIWAN
    options: Options = field(default_factory=Options)
    scored: bool = True  # 本局計分; False = practice
    time_limit: int = 60
    takeover: bool = True  # 允許電腦接玩
    players: int = 4  # 2, 3 or 4 at the table (:func:`seats_for`); the empty chairs' levels are not used
    levels: tuple[Level, Level, Level] = (Level.NORMAL, Level.NORMAL, Level.NORMAL)  # seats 1–3
    watch: bool = False  # 觀戰: every seat at the table a computer, seat 0 played by `watch_level`
    watch_level: Level = Level.NORMAL
    stake: int = 10  # arcade: coins per unit
    rake: float = 0.15  # arcade: share of a win paid to the house
    coins: int = 1000  # arcade: starting coins per player
    banker: bool = False  # 莊家: a banker game (rules/RULES.md §16); hongkong's default
    banker_moves: bool = True  # the bank passes to the next seat each deal (else it stays)
    first_banker: int = 1  # who holds the bank first (East; 0 is the player); always a seat in use (below)
    player_stake: int = 1  # banker game: what the player stakes as a 閒家 (one of STAKES)
    exchange: int = 0  # 換三張 (rules/RULES.md §21): rounds of passing three cards before arranging, 0 to 2
    exchange_way: Direction = Direction.CLOCKWISE  # which way the cards go (or rotate, deal by deal)
    seed: int | None = None
    # A deal code's key (rules/RULES.md §23.6): deal 1 deals it, the later deals the session's own keys.
    deal_key: int | None = None
    # The deal of the day (rules/RULES.md §23.7): its date, YYYY-MM-DD; the table plays that one deal and ends.
    # Scored, it is the day's record (app/store/daily.py); in practice (``scored`` off), a later try of the day.
    daily: str | None = None
    # The computer seats (1–3) whose level is `matched` (RULES.md §24.5): the level nearest the player's rating in
    # the preset's family, chosen when the table starts (app.game.rating.resolve_matched) and set in ``levels``.
    matched: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        seats_for(self.players)  # refuses a table size the game does not seat
        if self.first_banker not in range(4):
            raise OptionError(f"table setting 'first_banker' must be a seat 0 to 3, not {self.first_banker!r}")
        # An empty chair cannot hold the bank: the next seat in play does, as the table always did (RULES.md
        # §16.1). Fixed up here, so that a settings record made before the host offered only seated players
        # reads as what it played, and no TableConfig names an empty chair.
        object.__setattr__(self, "first_banker", seated_banker(self.first_banker, seats_for(self.players)))
        rounds = self.exchange
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= MAX_ROUNDS:
            raise OptionError(f"table setting 'exchange' must be 0, 1 or 2 rounds, not {self.exchange!r}")
        try:
            object.__setattr__(self, "exchange_way", Direction(self.exchange_way))
        except ValueError:
            names = ", ".join(d.value for d in Direction)
            way = self.exchange_way
            raise OptionError(f"table setting 'exchange_way' must be one of {names}, not {way!r}") from None
        key = self.deal_key
        if key is not None and (not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < KEY_LIMIT):
            raise OptionError(f"table setting 'deal_key' must be a deal code's key, 0 to 2**38 - 1, not {key!r}")
        if self.player_stake not in STAKES:
            raise OptionError(
                f"table setting 'player_stake' must be one of {', '.join(map(str, STAKES))}, not {self.player_stake!r}"
            )

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in use at this table, in seat order."""
        return seats_for(self.players)

    @classmethod
    def quick(cls, preset: Preset = Preset.TAIWAN) -> TableConfig:
        """馬上加入: the preset's defaults, takeover on."""
        return cls(
            preset=preset, options=preset.default_options, takeover=True, time_limit=60, banker=preset.banker_by_default
        )

    @classmethod
    def for_code(cls, code: DealCode) -> TableConfig:
        """The table a deal code names (rules/RULES.md §23.6): its preset with quick play's defaults, its seats, the
        joker and 換三張 as the code carries them, and deal 1 dealt from its key."""
        config = cls.quick(code.preset)
        options = replace(config.options, joker=code.joker)
        way = code.way if code.way is not None else config.exchange_way
        return replace(
            config, options=options, players=code.players, exchange=code.exchange, exchange_way=way, deal_key=code.key
        )

    @property
    def daily_record(self) -> bool:
        """True for the deal of the day played for the record (its first try, scored)."""
        return self.daily is not None and self.scored

    def with_preset(self, preset: Preset) -> TableConfig:
        """Switch preset and reset the options to its defaults."""
        limit = self.time_limit if preset.default_time_limit is None else preset.default_time_limit
        # 免擺 and the joker are rules of the table, not of a preset: they stay as the host set them (RULES.md
        # §18, §20), but for the joker in the ladder, which reads hands as dealt.
        options = replace(
            preset.default_options, exempt=self.options.exempt, joker=self.options.joker and preset.arranged
        )
        return replace(self, preset=preset, options=options, time_limit=limit, banker=preset.banker_by_default)

    @property
    def passes(self) -> bool:
        """Whether the table passes cards (換三張) before arranging: set, and never on a ladder table, where
        nothing is arranged (rules/RULES.md §21)."""
        return bool(self.exchange) and self.preset.arranged

    def exchange_for(self, number: int, players: int) -> Direction | None:
        """How deal ``number`` passes with ``players`` in play (None where the table does not pass,
        :attr:`passes`)."""
        if not self.passes:
            return None
        return self.exchange_way.for_deal(number, players)

    def with_rule_seven(self, on: bool) -> TableConfig:
        """Hongkong's rule seven on or off; turning it on brings its own tie rule, "同样的牌，庄家比闲家大"
        (rules/RULES.md §16.4), which the host may still change."""
        ties = TieRule.BANKER if on else self.options.ties
        return replace(self, options=replace(self.options, rule_seven=on, ties=ties))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (enums by value), as a table's saved state records its host settings."""
        d = asdict(self)
        d["preset"] = self.preset.value
        d["options"] = self.options.to_dict()
        d["levels"] = [lv.value for lv in self.levels]
        d["watch_level"] = self.watch_level.value
        d["exchange_way"] = self.exchange_way.value
        if self.players == 4:
            # Written only for a smaller table: a table of four saves exactly what it did before the setting
            # existed, and a build that does not know it can still read those.
            del d["players"]
        if not self.banker:
            # Likewise the banker game's settings, written only for a banker game.
            for name in ("banker", "banker_moves", "first_banker", "player_stake"):
                del d[name]
        if not self.exchange:
            del d["exchange"], d["exchange_way"]  # 換三張 off: saved as before the setting existed
        if self.deal_key is None:
            del d["deal_key"]  # a table not started from a code: saved as before codes existed
        if self.daily is None:
            del d["daily"]
        if not self.matched:
            del d["matched"]  # no matched seat: saved as before the choice existed
        else:
            d["matched"] = list(self.matched)
        return d

    @classmethod
    def from_dict(cls, data: Any) -> TableConfig:
        """Read :meth:`to_dict`'s output back; :class:`rules.presets.OptionError` names what is wrong."""
        if not isinstance(data, dict):
            raise OptionError("a table's settings must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionError(f"unknown table setting {unknown[0]!r}")
        preset = parse_preset(str(data.get("preset", Preset.TAIWAN.value)))
        values: dict[str, Any] = {"preset": preset}
        if "options" in data:
            values["options"] = Options.for_preset(preset, data["options"])
        try:
            if "levels" in data:
                levels = tuple(Level(v) for v in data["levels"])
                if len(levels) != 3:
                    raise ValueError
                values["levels"] = levels
            if "watch_level" in data:
                values["watch_level"] = Level(data["watch_level"])
            if "matched" in data:
                matched = tuple(data["matched"])
                if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 3 for v in matched):
                    raise ValueError
                values["matched"] = tuple(sorted(set(matched)))
        except (TypeError, ValueError):
            raise OptionError("'levels' are three of easy, normal, hard, expert ('matched': seats 1 to 3)") from None
        kinds: dict[str, tuple[type, ...]] = {
            "scored": (bool,),
            "takeover": (bool,),
            "watch": (bool,),
            "time_limit": (int,),
            "stake": (int,),
            "coins": (int,),
            "rake": (float, int),
            "seed": (int, type(None)),
            "deal_key": (int, type(None)),
            "daily": (str, type(None)),
            "players": (int,),
            "banker": (bool,),
            "banker_moves": (bool,),
            "player_stake": (int,),
            "first_banker": (int,),
            "exchange": (int,),
            "exchange_way": (str,),
        }
        for name, kind in kinds.items():
            if name in data:
                value = data[name]
                if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kind):
                    raise OptionError(f"table setting {name!r} cannot be {value!r}")
                values[name] = float(value) if name == "rake" and isinstance(value, int | float) else value
        if "players" in values and values["players"] not in PLAYERS:
            raise OptionError(f"table setting 'players' must be 2, 3 or 4, not {values['players']!r}")
        return cls(**values)
