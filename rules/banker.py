"""The banker game (莊家, RULES.md §16): every other seat compares with the banker alone, for its stake.

Each banker–player pair is scored by the table's own preset as if the two were alone at the table (so no
紅不讓 or 全壘打, which need the whole table), with the host's tie rule applied to the rows they tie on,
and multiplied by what the player staked.

The same concept on another floor: the scoring side of :mod:`app.game.banker` (the table's bank seats and stakes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .deal import Deal, Item, PairResult, Seat
from .evaluate import top_card_key
from .presets import TieRule

Scorer = Callable[[Deal, list[Seat]], list[PairResult]]


def tie_keys(seat: Seat, banker: bool, ties: TieRule) -> Seat:
    """``seat`` with its strength keys laid out so that plain comparison applies ``ties`` between the banker
    and a player: doubled, and one more for the banker's, so that equal rows go to the banker and unequal
    rows keep their order; under ``top_card`` only the category and the leading card are kept first."""
    if ties is TieRule.TIE or seat.keys is None:
        return seat
    keys = [top_card_key(k) if ties is TieRule.TOP_CARD else k for k in seat.keys]
    return replace(seat, keys=tuple(2 * k + (1 if banker else 0) for k in keys))  # type: ignore[arg-type]


def banker_pairs(deal: Deal, seats: list[Seat], scorer: Scorer) -> list[PairResult]:
    """The pairs of a banker game: the banker against each other seat, in seat order, each from the lower
    seat's side as everywhere else; a stake above 1 adds a ``stake`` item of the rest times (stake − 1)."""
    assert deal.banker is not None
    b = deal.banker
    out = []
    for p in range(deal.players):
        if p == b:
            continue
        i, j = sorted((b, p))
        pair_deal = Deal(
            deal.preset,
            deal.options,
            (deal.decisions[i], deal.decisions[j]),
            treasure=deal.treasure,
            banker=0 if i == b else 1,
        )
        pair_seats = [tie_keys(seats[i], i == b, deal.options.ties), tie_keys(seats[j], j == b, deal.options.ties)]
        (result,) = scorer(pair_deal, pair_seats)
        items = list(result.items)
        subtotal = sum(it.value for it in items)
        stake = deal.stake(p)
        if stake > 1 and subtotal:
            items.append(Item("stake", subtotal * (stake - 1)))
        out.append(PairResult(i, j, result.rows, tuple(items)))
    return out
