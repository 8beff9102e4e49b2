"""A table's host settings (開闢新局, rules/RULES.md §10–§11) as plain, serialisable data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ai import Level
from rules.presets import OptionError, Options, Preset, parse_preset

TIME_LIMITS = (0, 30, 60, 90, 120)  # seconds; 0 = no limit


@dataclass(frozen=True)
class TableConfig:
    """Everything the host chooses before the first deal; the seed makes the whole session replayable."""

    preset: Preset = Preset.TAIWAN
    options: Options = field(default_factory=Options)
    scored: bool = True  # 本局計分; False = practice
    time_limit: int = 60
    takeover: bool = True  # 允許電腦接玩
    levels: tuple[Level, Level, Level] = (Level.NORMAL, Level.NORMAL, Level.NORMAL)  # seats 1–3
    watch: bool = False  # 觀戰: four computer players, seat 0 played by `watch_level`
    watch_level: Level = Level.NORMAL
    stake: int = 10  # arcade: coins per unit
    rake: float = 0.15  # arcade: share of a win paid to the house
    coins: int = 1000  # arcade: starting coins per player
    seed: int | None = None

    @classmethod
    def quick(cls, preset: Preset = Preset.TAIWAN) -> TableConfig:
        """馬上加入: the preset's defaults, takeover on."""
        return cls(preset=preset, options=preset.default_options, takeover=True, time_limit=60)

    def with_preset(self, preset: Preset) -> TableConfig:
        """Switch preset and reset the options to its defaults."""
        limit = 60 if preset is Preset.TOURNAMENT else self.time_limit
        return replace(self, preset=preset, options=preset.default_options, time_limit=limit)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (enums by value), as a table's saved state records its host settings."""
        d = asdict(self)
        d["preset"] = self.preset.value
        d["options"] = self.options.to_dict()
        d["levels"] = [lv.value for lv in self.levels]
        d["watch_level"] = self.watch_level.value
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
        except (TypeError, ValueError):
            raise OptionError("'levels' are three of easy, normal, hard, expert") from None
        kinds: dict[str, tuple[type, ...]] = {
            "scored": (bool,), "takeover": (bool,), "watch": (bool,), "time_limit": (int,), "stake": (int,),
            "coins": (int,), "rake": (float, int), "seed": (int, type(None)),
        }
        for name, kind in kinds.items():
            if name in data:
                value = data[name]
                if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kind):
                    raise OptionError(f"table setting {name!r} cannot be {value!r}")
                values[name] = float(value) if name == "rake" else value
        return cls(**values)
