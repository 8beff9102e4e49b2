"""A table's host settings (開闢新局, rules/RULES.md §10–§11) as plain, serialisable data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ai import Level
from rules.presets import Options, Preset

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
