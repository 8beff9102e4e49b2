"""Scoring one deal under any preset: evaluate each seat, score every pair, add up zero-sum totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import arcade, backrow, hongkong, ladder, shisanshui, taiwan, western
from .arrangement import stand_in
from .banker import banker_pairs
from .cards import Card, CardError, parse_cards
from .deal import Deal, DealError, DealResult, Decision, Seat, parse_decisions
from .exempt import exempt_seats, with_exempt
from .presets import OptionError, Options, Preset, parse_preset

_SCORERS = {
    Preset.TAIWAN: taiwan.score_pairs,
    Preset.TOURNAMENT: taiwan.score_pairs,
    Preset.ARCADE: arcade.score_pairs,
    Preset.SHISANSHUI: shisanshui.score_pairs,
    Preset.WESTERN: western.score_pairs,
    Preset.HONGKONG: hongkong.score_pairs,
    Preset.BACKROW: backrow.score_pairs,
    Preset.LADDER: ladder.score_pairs,
}

# What a sweep (打槍) and a home run (全壘打, taiwan's 紅不讓) add, from the preset's scoring module (§5, §7.2, §8.1).
_SWEEPS = {
    Preset.TAIWAN: (taiwan.SWEEP, taiwan.HOME_RUN),
    Preset.TOURNAMENT: (taiwan.SWEEP, taiwan.HOME_RUN),
    Preset.ARCADE: (arcade.SWEEP, arcade.HOME_RUN),
    Preset.SHISANSHUI: (shisanshui.SWEEP, shisanshui.HOME_RUN),
}


def sweep_bonus(preset: Preset) -> int:
    """What 打槍 (a sweep) adds under ``preset`` (its scoring module's own amount); 0 where a pair scores its rows
    alone (:attr:`Preset.bonuses` is false: western, hongkong, backrow, the ladder)."""
    return _SWEEPS[preset][0] if preset.bonuses else 0


def home_run_bonus(preset: Preset) -> int:
    """What a home run (全壘打, taiwan's 紅不讓: one seat sweeping every other) adds under ``preset``; 0 where
    a pair scores its rows alone."""
    return _SWEEPS[preset][1] if preset.bonuses else 0


def score_deal(deal: Deal) -> DealResult:
    """Score a deal: itemised pair results and units per player, which always sum to zero."""
    seats = [Seat.evaluate(d, deal.options) for d in deal.decisions]
    scorer = with_exempt(_SCORERS[deal.preset])
    pairs = scorer(deal, seats) if deal.banker is None else banker_pairs(deal, seats, scorer)
    totals = [0] * deal.players
    for p in pairs:
        totals[p.i] += p.score
        totals[p.j] -= p.score
    exempt = exempt_seats(deal, seats)  # 免擺: rows never looked at, so never a foul
    # Nor in the pattern ladder, where nobody arranges (§19).
    fouled = tuple(s.fouled and i not in exempt and deal.preset.arranged for i, s in enumerate(seats))
    return DealResult(deal.preset, tuple(totals), fouled, tuple(pairs))


def score(
    decisions: Sequence[Decision],
    preset: Preset = Preset.TAIWAN,
    options: Options | None = None,
    doubles: Sequence[int | None] = (),
    treasure: Sequence[int] = (),
    banker: int | None = None,
    stakes: Sequence[int] = (),
) -> DealResult:
    """Convenience wrapper: score decisions under a preset (its default options unless given).

    ``preset`` may also be given by name; an unknown name is an :class:`OptionError`.
    """
    preset = parse_preset(preset)
    deal = Deal(
        preset,
        options or preset.default_options,
        tuple(decisions),
        tuple(doubles),
        tuple(Card(c) for c in treasure),
        banker,
        tuple(stakes),
    )
    return score_deal(deal)


def deal_from_document(doc: Any, preset_override: str | None = None) -> Deal:
    """Read the `score` command's JSON document (app/commands/README.md). Raises DealError/OptionError/CardError."""
    if not isinstance(doc, dict):
        raise DealError("the input must be a JSON object")
    name = preset_override or doc.get("rules", "taiwan")
    if not isinstance(name, str):
        raise OptionError("'rules' must be a preset name")
    preset = parse_preset(name)
    # A key given as null counts as absent; any other value must have exactly the documented type.
    raw_options = doc.get("options")
    if raw_options is None:
        raw_options = {}
    if not isinstance(raw_options, dict):
        raise OptionError("'options' must be an object")
    options = Options.for_preset(preset, raw_options)
    decisions = ladder_decisions(doc.get("players")) if preset is Preset.LADDER else parse_decisions(doc.get("players"))
    doubles = doc.get("doubles")
    if doubles is None:
        doubles = []
    if not isinstance(doubles, list) or not all(
        x is None or (isinstance(x, int) and not isinstance(x, bool)) for x in doubles
    ):
        raise DealError("'doubles' must be a list of player indices or nulls")
    raw_treasure = doc.get("treasure")
    if raw_treasure is None:
        raw_treasure = []
    if not isinstance(raw_treasure, list) or not all(isinstance(t, str) for t in raw_treasure):
        raise DealError("'treasure' must be a list of cards, one card a string")
    treasure: list[Card] = []
    for entry in raw_treasure:
        try:
            (card,) = parse_cards(entry, 1)
        except CardError as exc:
            raise DealError(f"treasure: {exc}") from None
        treasure.append(card)
    banker = doc.get("banker")
    if banker is not None and (isinstance(banker, bool) or not isinstance(banker, int)):
        raise DealError("'banker' must be a player index")
    stakes = doc.get("stakes")
    if stakes is None:
        stakes = []
    if not isinstance(stakes, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in stakes):
        raise DealError("'stakes' must be a list of whole numbers, one per player")
    return Deal(preset, options, decisions, tuple(doubles), tuple(treasure), banker, tuple(stakes))


def ladder_decisions(players: Any) -> tuple[Decision, ...]:
    """The ``players`` of a `ladder` document: each ``{"cards": "13 cards"}`` (nobody arranges, §19), or rows,
    which are read as their 13 cards. The record keeps a legal stand-in arrangement of each hand."""
    if not isinstance(players, list):
        raise DealError("'players' must be a list of 2 to 4 players")
    out = []
    for seat, p in enumerate(players):
        try:
            if isinstance(p, dict) and isinstance(p.get("cards"), str) and p.get("declare") is None:
                cards = parse_cards(p["cards"], 13)
            else:
                cards = Decision.from_dict(p).cards
            out.append(Decision.arranged(stand_in(cards)))
        except (DealError, CardError) as exc:
            raise DealError(f"player {seat}: {exc}") from None
    return tuple(out)
