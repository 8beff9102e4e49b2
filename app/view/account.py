"""The deal's account for one seat (issue 30 #1): every item it won or paid against each seat it met, in
aligned columns that add up, zeros shown, each item with the Rules section that explains it.

The account is read from the scored record's own pair items (:meth:`DealRecord.pair_items`), the very items
the totals are summed from, so it cannot disagree with them: each column (one seat met) adds down to that
pair's total, each line adds across to its total column, and the totals add up to the seat's units for the
deal. Below it, where the table has money, the units turned into points or coins (arcade: the stake, what
overdraft left unpaid, the rake), again adding up to what the seat's money changed by.

Plain Python (no Textual): the results panel (:mod:`app.screens.results`) draws :class:`Account` as a table,
the table's board (:mod:`app.view.presenter`) draws :func:`board_lines`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rich.cells import cell_len
from rich.text import Text

from app.game import DealRecord
from app.i18n import Translator
from app.view.formatting import deal_units_text, item_name, seat_name, signed
from rules.arrangement import Row
from rules.deal import Outcome
from rules.ledger import Currency, MoneyStyle
from rules.presets import Preset

ROW_IDS = {r.id: r for r in Row}


class Section(StrEnum):
    """The Rules screen's sections an item can point at (the ``rules.heading.*`` keys)."""

    SCORING = "scoring"
    SWEEPS_TAIWAN = "sweeps_taiwan"
    BONUSES_TAIWAN = "bonuses_taiwan"
    DRAGONS = "dragons"
    SWEEPS_ARCADE = "sweeps_arcade"
    SHAPES = "shapes"
    DOUBLE = "double"
    TREASURE = "treasure"
    COINS = "coins"
    ROW_BONUSES = "row_bonuses"
    SWEEPS_SHISANSHUI = "sweeps_shisanshui"
    SPECIALS = "specials"
    BANKER = "banker"
    REPORTS_HONGKONG = "reports_hongkong"
    MAJORITY_WESTERN = "majority_western"
    ROYALTIES_WESTERN = "royalties_western"
    BACKROW = "backrow"
    LADDER = "ladder"
    EXEMPT = "exempt"
    FOUL = "foul"
    SESSION = "session"


@dataclass(frozen=True)
class Sections:
    """Where a preset's Rules document (:class:`app.view.rules_text.RulesText`) explains each kind of item: its
    rows, its sweeps (打槍, 輾過, 全壘打), its bonuses and its declared hands. A test holds every section named here
    to a heading of that preset's document."""

    rows: Section = Section.SCORING
    sweeps: Section = Section.SCORING
    bonuses: Section = Section.SCORING
    specials: Section = Section.SPECIALS


_TAIWAN = Sections(sweeps=Section.SWEEPS_TAIWAN, bonuses=Section.BONUSES_TAIWAN, specials=Section.DRAGONS)

#: Each preset's :class:`Sections`, every preset listed (a test fails for one that is not).
SECTIONS: dict[Preset, Sections] = {
    Preset.TAIWAN: _TAIWAN,
    Preset.TOURNAMENT: _TAIWAN,
    Preset.ARCADE: Sections(sweeps=Section.SWEEPS_ARCADE, bonuses=Section.SHAPES, specials=Section.DRAGONS),
    Preset.SHISANSHUI: Sections(sweeps=Section.SWEEPS_SHISANSHUI, bonuses=Section.ROW_BONUSES),
    Preset.WESTERN: Sections(),
    Preset.HONGKONG: Sections(specials=Section.REPORTS_HONGKONG),
    Preset.BACKROW: Sections(rows=Section.BACKROW),
    Preset.LADDER: Sections(rows=Section.LADDER),
}

#: The sections of items every preset that scores them explains in the same place.
_FIXED = {
    "majority": Section.MAJORITY_WESTERN,
    "stake": Section.BANKER,
    "exempt": Section.EXEMPT,
    "ladder": Section.LADDER,
    "treasure": Section.TREASURE,
    "double": Section.DOUBLE,
    "rake": Section.COINS,
}


def rule_section(preset: Preset, kind: str) -> Section:
    """The Rules section that explains an item ``kind`` (a row id, ``sweep``, a bonus, a special …)."""
    sections = SECTIONS[preset]
    if kind in ROW_IDS or kind == "rows":
        return sections.rows
    if kind in ("sweep", "crush", "home_run"):
        return sections.sweeps
    if kind in _FIXED:
        return _FIXED[kind]
    if kind == "specials" or _is_special(preset, kind):
        return sections.specials
    return sections.bonuses  # the group's line, or one of the preset's bonus items


@dataclass(frozen=True)
class Cell:
    """One item against one seat: its value (None: nothing there to score, e.g. rows never compared, or a
    taiwan row, which is settled with the others at the back) and a row's result mark."""

    value: int | None
    mark: str = ""

    @property
    def amount(self) -> int:
        """The value as it adds up (nothing counts 0)."""
        return self.value or 0


@dataclass(frozen=True)
class AccountLine:
    """One item of the account: its name, the Rules section, one cell per seat met and the line's total."""

    kind: str
    label: str
    section: Section
    cells: tuple[Cell, ...]

    @property
    def total(self) -> int | None:
        """The line across every seat met (None when no cell has a value)."""
        if all(c.value is None for c in self.cells):
            return None
        return sum(c.amount for c in self.cells)


@dataclass(frozen=True)
class MoneyLine:
    """A step from the deal's units to the money: its label and amount, in the table's currency."""

    label: str
    value: int | None
    section: Section
    text: str = ""  # shown instead of the bare number (units with their points)


@dataclass(frozen=True)
class Account:
    """``seat``'s account for one deal against each seat in ``others`` (column heads ``names``)."""

    seat: int
    others: tuple[int, ...]
    names: tuple[str, ...]
    lines: tuple[AccountLine, ...]
    totals: tuple[int, ...]  # one per seat met: the sum of its column
    total: int  # the deal's units for ``seat``: the sum of ``totals``
    money: tuple[MoneyLine, ...] = ()

    @property
    def sections(self) -> tuple[Section, ...]:
        """The Rules sections the account's items point at, the largest item's first."""
        weight: dict[Section, int] = {}
        for line in self.lines:
            weight[line.section] = max(weight.get(line.section, 0), abs(line.total or 0))
        for m in self.money:
            weight[m.section] = max(weight.get(m.section, 0), abs(m.value or 0))
        return tuple(sorted(weight, key=lambda s: -weight[s]))


def _label(t: Translator, kind: str, preset: Preset) -> str:
    if kind in ROW_IDS:
        return t(f"results.account.row.{kind}")
    if kind in ("rows", "bonuses", "specials"):
        return t(f"results.account.kind.{kind}")
    name = item_name(t, kind, preset)
    return name[:1].upper() + name[1:]


def _marks(t: Translator) -> dict[Outcome, str]:
    return {o: t(f"results.account.mark.{o.value}") for o in Outcome}


def opponents(rec: DealRecord, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` met this deal, in seat order (in a banker game: the bank, or every player)."""
    return tuple(o for o in rec.seats if rec.compared(seat, o))


def _fixed_kinds(rec: DealRecord) -> list[str]:
    """The item kinds ``rec``'s table always has a line for (zeros shown): the majority, 打槍 and its kin, arcade's
    treasure and 賭倍, the ladder's pattern."""
    preset, fixed = rec.preset, []
    if preset.majority:
        fixed.append("majority")
    if preset.bonuses:
        fixed.append("sweep")
        if preset.taiwan_family:
            fixed.append("crush")
        if rec.players == 4 and len(rec.seats) == 4 and rec.banker is None:
            fixed.append("home_run")
    if preset.treasure:
        fixed.append("treasure")
    if preset.doubling(rec.banker is not None):
        fixed.append("double")
    if not preset.arranged:
        fixed.append("ladder")
    return fixed


def build_account(
    t: Translator,
    rec: DealRecord,
    seat: int,
    human: int | None,
    style: MoneyStyle | None = None,
    banker_game: bool = False,
) -> Account | None:
    """``seat``'s account of the scored deal ``rec`` (None when it did not play it); ``human`` names "You",
    ``style`` the table's money (for the lines from units to points or coins)."""
    if rec.result is None or seat not in rec.seats:
        return None
    others = opponents(rec, seat)
    per_pair, outcomes, order = _pair_values(rec, seat, others)
    lines = _row_lines(t, rec.preset, per_pair, outcomes) + _item_lines(t, rec, per_pair, order)
    if banker_game or rec.banker is not None:
        lines.append(_stake_line(t, rec, seat, others, per_pair))
    totals = tuple(sum(v.values()) for v in per_pair)
    total = sum(totals)
    names = tuple(seat_name(t, o, human) for o in others)
    money = _money_lines(t, rec, seat, total, style) if style is not None else ()
    return Account(seat, others, names, tuple(lines), totals, total, money)


Outcomes = list[tuple[Outcome, ...] | None]  # each pair's rows, from ``seat``'s side (None: no rows compared)


def _pair_values(
    rec: DealRecord, seat: int, others: tuple[int, ...]
) -> tuple[list[dict[str, int]], Outcomes, list[str]]:
    """Each pair's items from ``seat``'s side, split per row (with its treasure) and by kind; each pair's rows;
    and the kinds in the order they were first scored."""
    assert rec.result is not None  # build_account reads a scored deal only
    per_pair: list[dict[str, int]] = []
    outcomes: Outcomes = []
    order: list[str] = []
    for other in others:
        values: dict[str, int] = {}
        for item in rec.pair_items(seat, other):
            kind = item.kind  # arcade's 寶牌 follow their row; the treasure line gathers them all
            values[kind] = values.get(kind, 0) + item.value
            if kind not in order:
                order.append(kind)
        per_pair.append(values)
        pair = rec.result.pair(rec.position(seat), rec.position(other))
        outcomes.append(pair.rows)
    return per_pair, outcomes, order


def _line(t: Translator, preset: Preset, kind: str, cells: list[Cell]) -> AccountLine:
    return AccountLine(kind, _label(t, kind, preset), rule_section(preset, kind), tuple(cells))


def _row_lines(t: Translator, preset: Preset, per_pair: list[dict[str, int]], outcomes: Outcomes) -> list[AccountLine]:
    """A line a row that pays, each pair's outcome its mark; the taiwan family's rows settled together on one more
    (none at the pattern ladder, which has no rows)."""
    if not preset.arranged:
        return []
    marks = _marks(t)
    lines = []
    for row in Row:
        if not preset.pays(row):
            continue
        cells = []
        for values, rows in zip(per_pair, outcomes, strict=True):
            mark = "—" if rows is None else marks[rows[row]]
            own = not preset.taiwan_family and rows is not None  # taiwan settles the rows together
            cells.append(Cell(values.get(row.id, 0) if own else None, mark))
        lines.append(_line(t, preset, row.id, cells))
    if preset.taiwan_family:
        cells = [Cell(v.get("rows", 0), _record(rows)) for v, rows in zip(per_pair, outcomes, strict=True)]
        lines.append(_line(t, preset, "rows", cells))
    return lines


def _item_lines(t: Translator, rec: DealRecord, per_pair: list[dict[str, int]], order: list[str]) -> list[AccountLine]:
    """The lines the table always has (zeros shown), then the bonuses and the specials scored, each group's
    line of zeros when the preset has the group but none was scored."""
    preset = rec.preset
    fixed = _fixed_kinds(rec)
    lines = [_line(t, preset, kind, [Cell(v.get(kind, 0)) for v in per_pair]) for kind in fixed]
    rest = [k for k in order if k not in fixed and k not in ROW_IDS and k not in ("rows", "stake")]
    bonuses = [k for k in rest if not _is_special(preset, k)]
    specials = [k for k in rest if _is_special(preset, k)]
    for group, kinds in (("bonuses", bonuses), ("specials", specials)):
        for kind in kinds:
            lines.append(_line(t, preset, kind, [Cell(v.get(kind, 0)) for v in per_pair]))
        if not kinds and _has_group(preset, group):
            lines.append(_line(t, preset, group, [Cell(0) for _ in per_pair]))
    return lines


def _stake_line(
    t: Translator, rec: DealRecord, seat: int, others: tuple[int, ...], per_pair: list[dict[str, int]]
) -> AccountLine:
    """A banker game's stake: the multiplier is the player's stake (the bank stakes nothing), the item the rest of
    the pair times (stake − 1), so the mark says what it was multiplied by."""
    stakes = [rec.stakes.get(o if seat == rec.banker else seat, 1) for o in others]
    cells = [Cell(v.get("stake", 0), f"×{n}") for v, n in zip(per_pair, stakes, strict=True)]
    return _line(t, rec.preset, "stake", cells)


def _is_special(preset: Preset, kind: str) -> bool:
    # A declared hand of this preset (taiwan's 六對半 bonus shares its id with shisanshui's special), or the
    # taiwan dragon's own bonus.
    return kind == "dragon" or kind in {s.value for s in preset.specials}


def _record(rows: tuple[Outcome, ...] | None) -> str:
    if rows is None:
        return "—"
    return f"{rows.count(Outcome.WIN)}-{rows.count(Outcome.TIE)}-{rows.count(Outcome.LOSS)}"


def _has_group(preset: Preset, group: str) -> bool:
    if group == "bonuses":
        return preset.bonuses
    return bool(preset.specials)


def _money_lines(t: Translator, rec: DealRecord, seat: int, total: int, style: MoneyStyle) -> tuple[MoneyLine, ...]:
    """From the deal's units to the money: points (taiwan, tournament) or coins at the stake, overdraft and
    the rake (arcade); nothing when units are all there is."""
    if not style.counted:
        return ()
    if style.currency is Currency.COINS and rec.settlement is not None:
        s = rec.settlement.seats[seat]
        out = [MoneyLine(t("results.account.money.stake", stake=rec.settlement.stake), s.due, Section.COINS)]
        short = s.due - (s.received if s.due > 0 else -s.paid)
        if short:
            out.append(MoneyLine(t("results.account.money.overdraft"), -short, Section.COINS))
        pct = round(rec.settlement.rake_rate * 100)
        out.append(
            MoneyLine(t("results.account.money.rake", pct=pct, received=f"{s.received:,}"), -s.rake, Section.COINS)
        )
        out.append(MoneyLine(t("results.account.money.net"), s.net, Section.COINS))
        return tuple(out)
    if style.unit_worth is not None and style.currency is not Currency.COINS:
        worth = style.points_of(total)
        label = t("results.account.money.points", worth=style.unit_worth)
        return (MoneyLine(label, worth, Section.SESSION, deal_units_text(t, style, total)),)
    return ()


# ------------------------------------------------------------------------------------------- as text


def cell_text(cell: Cell) -> tuple[str, str]:
    """A cell's mark and its number as shown (a taiwan row, which has no value of its own: a dot)."""
    return cell.mark, "·" if cell.value is None else signed(cell.value)


def pad(text: str, width: int, right: bool = True) -> str:
    """``text`` padded to ``width`` terminal cells (CJK counts two)."""
    gap = " " * max(0, width - cell_len(text))
    return gap + text if right else text + gap


def board_lines(t: Translator, account: Account, seat: str, compact: bool = False) -> list[str]:
    """The account in a few aligned lines for the board: one a seat met (its rows' marks, what the rows took,
    the sweeps where the preset has them, everything else, the pair's total), then the deal's total, which the
    pair totals add up to (``seat``: the name it is shown under). Every figure is shown, zeros too. ``compact``:
    the seats met alone, each figure named in its own cell (no header, no total line: the board's first line
    gives the deal's total)."""
    kinds = {line.kind for line in account.lines}
    has_rows = bool(kinds & {*ROW_IDS, "rows"})
    sweep_kinds = {"sweep", "crush", "home_run"}
    has_sweep = bool(kinds & sweep_kinds)
    heads = ["", ""]  # the seat and the rows' marks
    if has_rows:
        heads.append(t("results.account.board.rows"))
    if has_sweep:
        heads.append(t("results.account.board.sweep"))
    heads += [t("results.account.board.other"), t("results.account.board.pair")]
    body: list[list[str]] = []
    for k, name in enumerate(account.names):
        marks = "".join(line.cells[k].mark for line in account.lines if line.kind in ROW_IDS)
        rows = sum(line.cells[k].amount for line in account.lines if line.kind in ROW_IDS or line.kind == "rows")
        sweep = sum(line.cells[k].amount for line in account.lines if line.kind in sweep_kinds)
        cells = [t("results.account.board.against", seat=name), marks]
        if has_rows:
            cells.append(signed(rows))
        if has_sweep:
            cells.append(signed(sweep))
        cells += [signed(account.totals[k] - rows - sweep), signed(account.totals[k])]
        body.append(cells)
    if compact:
        # Each figure after its name, the names lined up and the figures right-aligned under each other.
        vw = [max(cell_len(r[c]) for r in body) for c in range(len(heads))]
        body = [
            [
                r[0],
                r[1],
                *(f"{h} {pad(c, w)}" for h, c, w in zip(heads[2:-1], r[2:-1], vw[2:-1], strict=True)),
                f"= {pad(r[-1], vw[-1])}",
            ]
            for r in body
        ]
    widths = [max(cell_len(r[c]) for r in [heads, *body]) for c in range(len(heads))]

    def line(cells: list[str]) -> str:
        first = pad(cells[0], widths[0], right=False) + " " + pad(cells[1], widths[1], right=False)
        return (first + "".join("  " + pad(c, w) for c, w in zip(cells[2:], widths[2:], strict=True))).rstrip()

    if compact:
        return [line(r) for r in body]
    out = [line(heads), *(line(r) for r in body)]
    sums = " ".join(signed(v) for v in account.totals) if len(account.totals) > 1 else ""
    out.append(
        t("results.account.board.total", seat=seat, sums=f"{sums} = " if sums else "", total=signed(account.total))
    )
    return out


def seat_account_text(t: Translator, rec: DealRecord, seat: int, human: int | None, compact: bool = False) -> Text:
    """``seat``'s account of ``rec`` as the board shows it (:func:`board_lines`: the header dim, the deal's
    total bold); empty when the deal is not scored or ``seat`` did not play it."""
    account = build_account(t, rec, seat, human)
    return Text() if account is None else built_account_text(t, account, human, compact)


def built_account_text(t: Translator, account: Account, human: int | None, compact: bool = False) -> Text:
    """An account built already, as :func:`seat_account_text` shows it (the board tries it in full, then
    ``compact``, without building it twice)."""
    lines = board_lines(t, account, seat_name(t, account.seat, human), compact)
    if compact:
        return Text("\n".join(lines))
    out = Text()  # not Text(style=...): a base style would dim every line
    out.append(lines[0], style="dim")
    for line in lines[1:-1]:
        out.append("\n" + line)
    out.append("\n" + lines[-1], style="bold")
    return out


__all__ = [
    "Account",
    "AccountLine",
    "Cell",
    "MoneyLine",
    "Section",
    "board_lines",
    "build_account",
    "built_account_text",
    "cell_text",
    "opponents",
    "pad",
    "rule_section",
    "seat_account_text",
]
