"""The Rules screen's parts for the rarer variants of seeds 002 and 003: preset `backrow` (RULES.md §17), the
免擺 host setting (§18), the pattern ladder (§19), the joker 鬼牌 (§20) and the three-card exchange 換三張
(§21).

Kept apart from `rules_screen` so that each variant's text stays small; the amounts are read from
`rules.backrow`, `rules.exempt` and `rules.ladder`, never typed into the sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules import backrow, exempt, ladder
from rules.cards import Card
from rules.exchange import PASS_SIZE, Direction
from rules.presets import Options, Preset

Tr = Callable[..., str]
Exchange = tuple[int, Direction]  # 換三張 as a table hosts it: rounds (0 to 2) and the way
NO_EXCHANGE: Exchange = (0, Direction.CLOCKWISE)


def backrow_lines(tr: Tr) -> Iterator[str]:
    """The scoring section of a `backrow` table (``tr`` reads ``rules.toml``)."""
    yield f"## {tr('heading.backrow')}"
    yield ""
    yield tr("backrow.rows", win=backrow.BACK_WIN)
    yield ""
    for key in ("wheel", "foul", "nothing_else", "ai"):
        yield f"- {tr(f'backrow.{key}')}"
    yield ""


def exempt_lines(tr: Tr, preset: Preset, options: Options) -> Iterator[str]:
    """The 免擺 section, stating whether the table plays it (every arranged preset may)."""
    yield f"## {tr('heading.exempt')}"
    yield ""
    state = tr("exempt.state_on") if options.exempt else tr("exempt.state_off")
    yield f"{state} {tr('exempt.rule')}"
    yield ""
    sentences = (
        tr("exempt.automatic"),
        tr("exempt.pays", win=exempt.WIN[preset]),
        tr("exempt.order"),
        tr("exempt.others"),
        tr("exempt.specials"),
    )
    for sentence in sentences:
        yield f"- {sentence}"
    yield ""


def joker_lines(tr: Tr, options: Options, turned: Card | None = None) -> Iterator[str]:
    """The joker section (鬼牌, §20), every arranged preset's: whether the table plays it, and each reading."""
    yield f"## {tr('heading.joker')}"
    yield ""
    if options.joker:
        where = tr("joker.turned", card=turned.symbol()) if turned is not None else tr("joker.turned_none")
        state = tr("joker.state_on", turned=where)
    else:
        state = tr("joker.state_off")
    yield f"{state} {tr('joker.rule')}"
    yield ""
    for key in ("stands", "strongest", "foul", "specials", "bonuses"):
        yield f"- {tr(f'joker.{key}')}"
    yield ""


def ladder_lines(tr: Tr, t: Tr) -> Iterator[str]:
    """The pattern ladder's sections (§19): the tiers as a table, then the ties (``t`` reads any file, for the
    pattern names of ``ladder.toml``)."""
    yield f"## {tr('heading.ladder')}"
    yield ""
    yield tr("ladder.intro", win=ladder.WIN)
    yield ""
    yield f"| {tr('ladder.col_tier')} | {tr('ladder.col_pattern')} | {tr('ladder.col_cards')} |"
    yield "|---:|---|---|"
    for pattern in ladder.Pattern:
        yield f"| {pattern.tier} | {t(f'ladder.pattern.{pattern.id}')} | {t(f'ladder.about.{pattern.id}')} |"
    yield ""
    for key in ("first", "ranges", "twelve"):
        yield f"- {tr(f'ladder.{key}')}"
    yield ""
    yield f"## {tr('heading.ladder_ties')}"
    yield ""
    for key in ("ties_top", "ties_sf", "ties_four", "ties_pairs", "suits", "table"):
        yield f"- {tr(f'ladder.{key}')}"
    yield ""


def exchange_lines(tr: Tr, exchange: Exchange) -> Iterator[str]:
    """The 換三張 section (§21), stating whether and how the table passes cards."""
    rounds, way = exchange
    yield f"## {tr('heading.exchange')}"
    yield ""
    state = (
        tr("exchange.state_on", rounds=rounds, way=tr(f"exchange.way_{way.value}"))
        if rounds
        else tr("exchange.state_off")
    )
    yield f"{state} {tr('exchange.rule', n=PASS_SIZE)}"
    yield ""
    for key in ("at_once", "ways", "three", "clock", "after", "ai", "known", "coach"):
        yield f"- {tr(f'exchange.{key}')}"
    yield ""


__all__ = ["NO_EXCHANGE", "Exchange", "backrow_lines", "exchange_lines", "exempt_lines", "joker_lines", "ladder_lines"]
