"""The session's running totals at the table: its one :class:`rules.ledger.Ledger` (units, tournament points,
arcade coins or none in practice) and arcade's treasure queue, with what they tell the screens: each seat's
money and how it reads, the dealer, the number of deals and where a deal falls in an arcade round.

One part of :class:`app.game.table.Table`, which holds it as ``table.totals``: the table settles each deal it
scores here and turns up each deal's cut card here; a stored session puts its totals back through
:meth:`Totals.restore`.
"""

from __future__ import annotations

from typing import Protocol

from app.config import TableConfig
from rules.cards import Card
from rules.ledger import Currency, Ledger, MoneyStyle, new_ledger
from rules.session import TreasureQueue, deal_in_round, round_of

from .record import SEATS, DealRecord
from .seating import seat_ledger


class Table(Protocol):
    """What the totals read of their :class:`~app.game.table.Table` (a protocol: the table imports this module)."""

    config: TableConfig

    @property
    def number(self) -> int: ...


class Totals:
    """One table's ledger (:attr:`ledger`) and treasure queue (:attr:`treasure`)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        c = table.config
        self.ledger: Ledger = seat_ledger(
            new_ledger(c.preset, SEATS, scored=c.scored, coins=c.coins, stake=c.stake, rake=c.rake), c.seats
        )
        self.treasure = TreasureQueue()  # arcade's 寶牌 shown so far (kept in practice too)

    @property
    def currency(self) -> Currency:
        """How the session counts: units (taiwan, shisanshui), points (tournament), coins (arcade), none
        (practice)."""
        return self.ledger.currency

    @property
    def money_style(self) -> MoneyStyle:
        """How the money reads (currency, what a unit of a deal is worth): the screens' one formatter uses it."""
        return self.ledger.style

    def money(self) -> tuple[int, ...]:
        """Each seat's standing in the table's currency."""
        return self.ledger.money

    @property
    def dealer(self) -> int | None:
        """The dealer of the current (or next) deal: tournaments only (S4)."""
        return self.ledger.dealer

    @property
    def deals_limit(self) -> int | None:
        """The session's number of deals (tournaments), else None: open-ended."""
        return self.ledger.deals_limit

    @property
    def round_position(self) -> tuple[int, int] | None:
        """Arcade: (where the current deal falls in its round, 1 to 6; the round it belongs to), else None.

        From the table's deal number, not the ledger's count: the ledger counts deals settled, so between deals
        6 and 7 it still stands in round 1 while the table already shows deal 7, the first of round 2."""
        if self.ledger.round is None:
            return None
        n = max(1, self.table.number)
        return deal_in_round(n), round_of(n)

    def add_treasure(self, cut: Card) -> tuple[Card, ...]:
        """Arcade: the deal's cut card joins the treasure queue; the treasure cards of the deal."""
        self.treasure = self.treasure.add(cut)
        return self.treasure.cards

    def settle(self, rec: DealRecord) -> None:
        """Settle the scored deal ``rec`` (its units) in the ledger; the record keeps the money before and after
        and the settlement."""
        assert rec.units is not None
        rec.before = self.money()
        settled = self.ledger.settle(rec.units)
        self.ledger, rec.settlement = settled.after, settled.settlement
        rec.after = self.money()

    def restore(self, ledger: Ledger | None, treasure: TreasureQueue) -> None:
        """Stand where a stored session's totals stood (:meth:`.saving.Saving.load` reads and checks them):
        ``ledger`` None keeps a practice table's."""
        self.treasure = treasure
        if ledger is not None:
            self.ledger = ledger
