"""The deal's account (issue 30 #1, #7): over many seeded deals in every preset — at four, three and two
players, in the banker game, with the joker and with 換三張 — every seat's account adds up exactly: each
column (a seat met) to that pair's score as the rules scored it, the pair totals to the seat's units for the
deal, each line to its Total cell, and the money lines to the seat's change in money. The panel as drawn is
read back as a player adds it up, and the board's account says the same figures.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.console import Console

from ai import Level
from app.game import Phase, Table
from app.i18n import Translator
from app.screens.results import ResultsScreen
from app.view.account import ROW_IDS, SECTIONS, Section, board_lines, build_account, rule_section
from app.view.formatting import seat_name
from app.view.results_panel import NARROW_INSIDE, WIDE_INSIDE, account_view
from app.view.rules_text import RulesText
from rules.presets import Preset
from tests.app.harness import Clock, config
from tests.tiers import sized

EN = Translator("en")
# A figure, not "2-0-1", "×2" or "15%"; "·" is a row with no value of its own (rows not compared, or
# taiwan's, settled together), which adds nothing.
NUMBER = re.compile(r"(?<![\w×-])[+-]?\d[\d,]*(?![\w%-])|·")
VARIANTS = ("four", "banker", "three", "two", "joker", "exchange")
PANEL_EVERY = 7  # prime to the six variants, so the soak tier draws the panel of each


def _table(preset: Preset, seed: int, variant: str) -> Table:
    kw: dict = {"levels": (Level.EASY,) * 3, "watch": True, "watch_level": Level.EASY}
    cfg = config(preset, seed=seed, **kw)
    if variant == "banker":
        cfg = replace(cfg, banker=True, player_stake=2)
    elif variant == "three":
        cfg = replace(cfg, players=3)
    elif variant == "two":
        cfg = replace(cfg, players=2)
    elif variant == "joker" and preset.arranged:
        cfg = replace(cfg, options=replace(cfg.options, joker=True))
    elif variant == "exchange" and preset.arranged:
        cfg = replace(cfg, exchange=1)
    elif variant not in ("four", "joker", "exchange"):
        raise AssertionError(variant)
    table = Table(cfg, now=Clock())
    table.start_deal()
    while table.phase is Phase.EXCHANGING:
        table.exchange.decide()
    table.decide_computers()
    table.reveal.finish()
    return table


def _check_deal(table: Table) -> int:
    """Every seat's account of the table's deal adds up; returns how many pairs were checked."""
    rec = table.current
    assert rec.result is not None and rec.units is not None
    checked = 0
    for seat in rec.seats:
        account = build_account(EN, rec, seat, table.human, table.totals.money_style, table.config.banker)
        assert account is not None
        for k, other in enumerate(account.others):
            pair = rec.result.pair(rec.position(seat), rec.position(other))
            column = sum(line.cells[k].amount for line in account.lines)
            assert column == account.totals[k] == pair.score, (rec.seed, seat, other, pair.items)
            checked += 1
        for line in account.lines:
            assert line.total is None or line.total == sum(c.amount for c in line.cells)
        assert sum(account.totals) == account.total == rec.units[seat]
        # Every item the rules scored has its own line (none hidden in another's).
        kinds = {it.kind for o in account.others for it in rec.pair_items(seat, o) if it.value}
        assert kinds <= {line.kind for line in account.lines}, kinds
        if rec.settlement is not None:
            due, *middle, net = account.money
            s = rec.settlement.seats[seat]
            assert due.value == account.total * rec.settlement.stake
            assert sum(m.value or 0 for m in (due, *middle)) == net.value == s.net == rec.after[seat] - rec.before[seat]
        elif account.money:
            (points,) = account.money
            assert points.value == table.totals.money_style.points_of(account.total)
    return checked


def _read(text: str) -> list[int]:
    return [0 if m.group() == "·" else int(m.group().replace(",", "")) for m in NUMBER.finditer(text)]


def _check_panel(table: Table) -> None:
    """Read the drawn account back as a player would: each line's figures add up to its last one (Total),
    and the figures above "Pair total" add up to it, column by column; nothing is wider than the panel."""
    screen = ResultsScreen(table, table.current, t=EN)
    console = Console(width=NARROW_INSIDE, record=True, file=io.StringIO())  # the panel's inside at 80 columns
    console.print(account_view(screen.view))
    lines = console.export_text().splitlines()
    assert "…" not in lines[-1] and all(cell_len(line) <= NARROW_INSIDE for line in lines)
    wide = Console(width=WIDE_INSIDE, record=True, file=io.StringIO())
    wide.print(account_view(screen.view, wide=True))
    assert wide.export_text().splitlines()[2:] and all(
        cell_len(line) <= WIDE_INSIDE for line in wide.export_text().splitlines()
    )
    account = screen.view.account()
    n = len(account.others)
    sums = [0] * (n + 1)
    for line in lines[2:]:
        if line.startswith(EN("results.account.pair_total")):
            assert _read(line) == sums, lines
            return
        values = _read(line)
        if len(values) == n + 1:
            assert sum(values[:-1]) == values[-1], line
            sums = [a + b for a, b in zip(sums, values, strict=True)]
    pytest.fail("no pair total line")


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(Preset))
@sized("deals", len(VARIANTS), 1500)  # everyday: each variant once; soak: 250 of each (10,500 deals in all)
def test_every_account_adds_up_to_the_scored_totals(preset: Preset, deals: int) -> None:
    checked = 0
    # The sums on every deal; the drawn panel (a Rich rendering, most of a deal's cost) on every deal of the
    # everyday tier's few and on one in PANEL_EVERY of the soak tier's, every variant among them.
    every = 1 if deals <= 100 else PANEL_EVERY
    for seed in range(deals):
        table = _table(preset, seed, VARIANTS[seed % len(VARIANTS)])
        checked += _check_deal(table)
        if seed % every == 0:
            _check_panel(table)
    assert checked >= deals * 2


def test_zeros_are_shown_and_a_swept_pair_keeps_its_rows() -> None:
    # The board's old tally left zero scores out and folded a swept pair into the sweep line.
    for seed in range(200):
        table = _table(Preset.TAIWAN, seed, "four")
        account = build_account(EN, table.current, 0, None, table.totals.money_style)
        sweep = next(line for line in account.lines if line.kind == "sweep")
        if any(c.value for c in sweep.cells) and not all(c.value for c in sweep.cells):
            break
    else:
        pytest.fail("no deal where seat 0 sweeps one seat and not another")
    kinds = [line.kind for line in account.lines]
    assert kinds[:4] == ["front", "middle", "back", "rows"]
    assert {"crush", "home_run", "bonuses", "specials"} <= set(kinds)
    assert all(c.value is not None for line in account.lines[3:] for c in line.cells)  # 0, never blank
    rows = account.lines[3]
    for k, cell in enumerate(sweep.cells):
        if cell.value:
            assert rows.cells[k].mark in ("3-0-0", "0-0-3") and rows.cells[k].value == 0
    board = board_lines(EN, account, seat_name(EN, 0, None))
    assert len(board) == len(account.others) + 2 and board[-1].endswith(f"= {account.total:+}".replace("+0", "0"))
    assert all(len(line) <= 60 for line in board)


def test_hong_kong_shows_where_each_row_went() -> None:
    # "1-0-2 +3" did not show where the back's +5 went: each row now has its own value.
    for seed in range(300):
        table = _table(Preset.HONGKONG, seed, "four")
        account = build_account(EN, table.current, 0, None, table.totals.money_style)
        back = next(line for line in account.lines if line.kind == "back")
        if any(abs(c.amount) > 1 for c in back.cells):
            break
    else:
        pytest.fail("no hongkong deal with a back row worth more than 1")
    assert [line.kind for line in account.lines][:3] == ["front", "middle", "back"]
    assert all(c.value is not None and c.mark for line in account.lines[:3] for c in line.cells)


def test_arcade_explains_its_rake() -> None:
    for seed in range(100):
        table = _table(Preset.ARCADE, seed, "four")
        if table.current.units[0] > 0:
            break
    account = build_account(EN, table.current, 0, None, table.totals.money_style)
    labels = [m.label for m in account.money]
    assert labels[0] == "In coins (× the stake, 10)"
    assert any(label.startswith("Rake 抽水 15% of") for label in labels)
    assert {line.kind for line in account.lines} >= {"treasure", "double", "sweep", "home_run"}


def test_each_item_names_its_rule_section() -> None:
    assert rule_section(Preset.TAIWAN, "sweep") is Section.SWEEPS_TAIWAN
    assert rule_section(Preset.TAIWAN, "six_pairs") is Section.BONUSES_TAIWAN
    assert rule_section(Preset.ARCADE, "treasure") is Section.TREASURE
    assert rule_section(Preset.HONGKONG, "three_flushes") is Section.REPORTS_HONGKONG
    assert rule_section(Preset.SHISANSHUI, "three_flushes") is Section.SPECIALS
    assert rule_section(Preset.WESTERN, "majority") is Section.MAJORITY_WESTERN
    assert rule_section(Preset.BACKROW, "back") is Section.BACKROW
    assert all(rule_section(Preset.TAIWAN, row) is Section.SCORING for row in ROW_IDS)
    for lang in ("en", "zh-TW", "zh-CN"):
        t = Translator(lang)
        assert all(t.has(f"rules.heading.{s.value}") for s in Section)


@pytest.mark.parametrize("preset", list(Preset))
def test_each_presets_sections_are_headings_of_its_rules(preset: Preset) -> None:
    """The account points each item at a section of the preset's Rules document: every section it can name for
    this preset (its rows; its sweeps and bonuses where it scores them; its declared hands where it has any) is a
    heading there, so the account and the document cannot drift apart."""
    sections = SECTIONS[preset]
    named = [sections.rows]
    if preset.bonuses:
        named += [sections.sweeps, sections.bonuses]
    if preset.specials:
        named.append(sections.specials)
    markdown = RulesText(EN, preset).markdown()
    assert [s for s in named if f"## {EN(f'rules.heading.{s.value}')}\n" not in markdown] == []
