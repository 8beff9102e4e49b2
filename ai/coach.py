"""The coach: what one decision was worth against the best play `expert` finds, with its ± and a verdict.

How a play is priced:

- the best play is `expert`'s choice, made on its own samples (its bank, :mod:`ai.bank`); the pricing
  tables are drawn afresh, so the best is never chosen on the samples that price it (no winner's curse);
- the pricing tables are opponents dealt from the 39 cards the player cannot see and arranged by `hard`
  (batched, :mod:`ai.sampling`), the same tables for every play priced (paired: the table's luck cancels
  from the difference, which is far less noisy than either value);
- every play is scored exactly: vectorised for legal arrangements (:mod:`ai.showdown`), and by the rules
  scorer for a foul, a declaration, or a table where an opponent declares a special.

The loss is the best play's mean less the player's over the pricing tables, with a 95% half-width from the
paired differences. It is reported as 0 when the player's play does as well (a play with the best's rows is
exactly 0): the coach never calls a play worse than a best that the same samples do not show better.

The same concept on another floor: priced here; the table's requests are :mod:`app.game.coach`, the words
:mod:`app.view.coach`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules.arrangement import Arrangement, foul_reason
from rules.cards import Card
from rules.deal import Deal, Decision
from rules.exempt import WIN, exempt_rank
from rules.presets import Options, Preset
from rules.scoring import score_deal

from .bank import Bank, bank_for
from .contract import Choice, Distinct, Fixed, Level, PricedDecision, TableView
from .levels import choose
from .policy import best_declaration, table_doubles
from .policy import double_factors as _factors
from .reviews import Budget, PricedPlay, Review, same_play
from .sampling import Imagined, imagine
from .showdown import SideRows, decisions_rows, pair_scores, sample_scores, tie_rows
from .unseen import bank_constraints, deal_unseen
from .verdicts import THRESHOLDS as THRESHOLDS  # re-exported: the coach's bounds, as before
from .verdicts import Verdict as Verdict
from .verdicts import verdict_for as verdict_for

TABLES = {Budget.QUICK: 150, Budget.STANDARD: 500, Budget.DEEP: 2000}
# Pricing tables a preset spends for one of the budget's, so that every preset is priced about as precisely (issue
# 44: a 95% half-width of at most 0.25 units at the standard budget). 十三水's rows pay up to 13 and its scores
# spread twice as wide as the others' (0.36 at 500 tables, `chinese-poker bench`); 2.25 times the tables narrows
# that by 1.5. The bank's hands cost little beside expert's choice that a review starts with (+5-10% of its
# time); a smaller table, whose opponents are arranged one by one, prices on the budget's tables as before.
# Every preset named, so that a new one is priced by a choice rather than by a default.
SPREAD = {
    Preset.TAIWAN: 1.0,
    Preset.TOURNAMENT: 1.0,
    Preset.ARCADE: 1.0,
    Preset.SHISANSHUI: 2.25,
    Preset.WESTERN: 1.0,
    Preset.HONGKONG: 1.0,
    Preset.BACKROW: 1.0,
    Preset.LADDER: 1.0,  # never used: nothing is priced in the pattern ladder
}
RowStats = tuple[tuple[float, float, float] | None, float, float]
"""A priced play's row chances (None for a foul or a declaration), sweep share and swept share."""
BANK_HANDS = 16  # bank hands a pricing table's worth of time buys (four-player tables, legal plays)
ROUND = 50  # tables arranged at once


def _strength(d: Decision, options: Options) -> tuple[object, ...]:
    """What a play is to a player: its declaration, or each row's strength under the table's ranking."""
    if d.arrangement is None:
        return (d.declare,)
    return tuple(v.key(options.suit_tiebreak) for v in d.arrangement.values(options.wheel))


def review(
    hand: Sequence[int],
    played: Decision,
    view: TableView,
    *,
    tables: int | Budget = Budget.STANDARD,
    seed: int = 0,
    best: Decision | None = None,
) -> Review:
    """Price ``played`` (the seat's decision for ``hand``) against the best play at ``view``'s table.

    ``best`` overrides `expert`'s choice (a test, or a review of a seat whose best is already known)."""
    cards = tuple(sorted(Card(c) for c in hand))
    if sorted(played.cards) != list(cards):
        raise ValueError("the play does not use exactly the hand's 13 cards")
    count = TABLES[tables] if isinstance(tables, Budget) else max(2, int(tables))
    options = view.rules_options
    if not view.preset.arranged:  # the pattern ladder (§19): nobody arranges, so nothing to price
        same = PricedPlay(played, 0.0, None, 0.0, 0.0)
        return Review(view.preset, same, same, (), 0.0, 0.0, Verdict.BEST, 0)
    if played.declare is None and options.exempt and exempt_rank(cards, options.wheel) is not None:
        # 免擺 (RULES.md §18): the rows are never compared, so there is no decision to price.
        won = PricedPlay(played, view.weight * WIN[view.preset] * (view.players - 1), None, 0.0, 0.0)
        return Review(view.preset, won, won, (), 0.0, 0.0, Verdict.BEST, 0)
    choice = choose(cards, view, Level.EXPERT, seed=seed, top=3, distinct=Distinct.STRUCTURE)
    # A banker game is priced pair by pair, as `choose` does it, and scaled back by the seat's weight.
    weight, view = view.weight, view.heads_up()
    # An overriding best leaves expert's own choice among the plays priced next to it.
    top = [best or choice.decision, choice.decision, *(a.decision for a in choice.alternatives)]
    plays: list[Decision] = [played]
    for d in top:
        if not any(same_play(d, p) for p in plays):
            plays.append(d)
    x, rows = _price(plays, cards, view, count, seed)
    x = x * weight
    best_col = next(k for k, d in enumerate(plays) if same_play(d, top[0]))
    diff = x[:, best_col] - x[:, 0]
    mean = float(diff.mean())
    ci = 0.0 if best_col == 0 else float(1.96 * diff.std(ddof=1) / np.sqrt(len(diff)))
    loss = max(0.0, mean)
    priced = [PricedPlay(d, float(x[:, k].mean()), *rows[k]) for k, d in enumerate(plays)]
    others = sorted((p for k, p in enumerate(priced) if k not in (0, best_col)), key=lambda p: -p.ev)
    # The next best by what the pricing tables say they are worth, each a play of its own: one whose rows are as
    # strong as the played, the best or an earlier one's (two suits swapped) is the same play to a player.
    shown = [_strength(priced[0].decision, options), _strength(priced[best_col].decision, options)]
    alternatives: list[PricedPlay] = []
    for p in others:
        if _strength(p.decision, options) not in shown and len(alternatives) < 3:
            alternatives.append(p)
            shown.append(_strength(p.decision, options))
    return Review(
        view.preset,
        priced[0],
        priced[best_col],
        tuple(alternatives),
        round(loss, 4),
        round(ci, 4),
        verdict_for(loss, view.preset),
        len(x),
    )


def losses(
    hand: Sequence[int],
    plays: Sequence[Decision],
    view: TableView,
    *,
    tables: int | Budget = Budget.STANDARD,
    seed: int = 0,
) -> list[float]:
    """What each of ``plays`` loses against the coach's best, as :func:`review` reports it for that play alone
    (the pricing tables depend only on the seed and the hand, so a play's loss does not depend on what it is
    priced beside): every play priced on one set of tables, `expert`'s choice found once. The levels' ladder
    (:mod:`ai.skill`) prices four plays a hand this way for the cost of one review."""
    cards = tuple(sorted(Card(c) for c in hand))
    for played in plays:
        if sorted(played.cards) != list(cards):
            raise ValueError("a play does not use exactly the hand's 13 cards")
    options = view.rules_options
    if not view.preset.arranged:
        return [0.0 for _ in plays]
    if options.exempt and exempt_rank(cards, options.wheel) is not None:
        # 免擺 (§18): rare, and priced as review prices it (an arrangement is never compared there).
        return [review(cards, p, view, tables=tables, seed=seed).loss for p in plays]
    count = TABLES[tables] if isinstance(tables, Budget) else max(2, int(tables))
    best = choose(cards, view, Level.EXPERT, seed=seed, top=0, distinct=Distinct.STRUCTURE).decision
    weight, heads = view.weight, view.heads_up()
    priced: list[Decision] = [best]
    column: list[int] = []
    for played in plays:
        k = next((j for j, d in enumerate(priced) if same_play(d, played)), None)
        if k is None:
            priced.append(played)
            k = len(priced) - 1
        column.append(k)
    x, _ = _price(priced, cards, heads, count, seed)
    x = x * weight
    return [round(max(0.0, float((x[:, 0] - x[:, k]).mean())), 4) for k in column]


def advise(
    hand: Sequence[int],
    view: TableView,
    *,
    tables: int | Budget = Budget.STANDARD,
    seed: int = 0,
    fixed: Fixed | None = None,
) -> Choice:
    """Auto-arrange's plays priced the coach's way, so that advice and judgement are one estimator: the plays are
    `expert`'s on the coach's own seed (:func:`review` with that seed finds the first of them best), each with
    the units the coach's pricing tables give it, which are the units a review of that play reports (the tables
    are drawn from the seed and the hand alone, so a play's value does not depend on what it is priced beside).
    The hand's best declaration, when it has one, comes among the alternatives with its own price. ``fixed``
    keeps placed cards, as :func:`ai.levels.choose` does; a hand with nothing to arrange (the pattern ladder,
    免擺) gets `expert`'s choice as it is."""
    cards = tuple(sorted(Card(c) for c in hand))
    choice = choose(cards, view, Level.EXPERT, seed=seed, top=3, distinct=Distinct.STRUCTURE, fixed=fixed)
    options = view.rules_options
    if not view.preset.arranged or (options.exempt and exempt_rank(cards, options.wheel) is not None):
        return choice
    count = TABLES[tables] if isinstance(tables, Budget) else max(2, int(tables))
    weight, heads = view.weight, view.heads_up()
    plays = [choice.decision, *(a.decision for a in choice.alternatives)]
    x, _ = _price(plays, cards, heads, count, seed)
    evs = [float(v) for v in (x * weight).mean(axis=0)]
    # (rank, play): the plays in the order the coach's prices put them, each shown at that price.
    ranked = [(ev, PricedDecision(d, ev)) for d, ev in zip(plays, evs, strict=True)]
    declaration = best_declaration(cards, view)
    if declaration is not None and all(d.declare is None for d in plays):
        declared = Decision.declared(cards, declaration[0])
        # Priced as a review of it would be, beside the plays the coach compares it with (a declaration is
        # scored by the rules on tables of their own); ranked by what it gains on the best on those tables.
        dx = _price([declared, *plays], cards, heads, count, seed)[0] * weight
        ev, gain = float(dx[:, 0].mean()), float((dx[:, 0] - dx[:, 1]).mean())
        ranked.append((evs[0] + gain, PricedDecision(declared, ev)))
    ranked.sort(key=lambda r: -r[0])  # stable: expert's order where the prices tie
    first, rest = ranked[0][1], tuple(p for _, p in ranked[1:])
    return Choice(first.decision, first.ev, choice.double, rest, choice.kept_fixed)


def _price(
    plays: Sequence[Decision], cards: tuple[Card, ...], view: TableView, count: int, seed: int
) -> tuple[np.ndarray, list[RowStats]]:
    """(tables, plays) exact scores of each play on ``count`` fresh tables, and each play's row chances and
    sweep shares."""
    seats = [s for s in range(view.players) if s != view.seat]
    # Not expert's stream: the pricing tables are independent of the samples that chose the best play.
    rng = np.random.default_rng([0xC0AC, seed & 0xFFFFFFFF, *(int(c) for c in cards)])
    legal, ours = _our_rows(plays, view)
    factors = _factors(view, seats)
    bank = bank_for(view)
    if bank is not None and ours is not None and all(legal) and not view.rules_options.suit_tiebreak:
        count = round(count * SPREAD[view.preset])  # the bank's hands are cheap; arranged tables are not
        if view.held:  # 換三張: each seat's hands hold what we know it holds
            # Half as many whole tables as the plain pricing meets hands: about its precision on 12 hands (a
            # quarter as many left the 95% interval up to half as wide again), at some 0.23 s a review.
            return _price_on_known_bank(
                bank, ours, view.known_naturals(cards), view, count * BANK_HANDS // 2, factors, rng
            )
        return _price_on_bank(bank, ours, view.known_naturals(cards), view, count * BANK_HANDS, factors, rng)
    return _price_on_tables(plays, legal, ours, cards, view, count, factors, rng)


def _our_rows(plays: Sequence[Decision], view: TableView) -> tuple[list[bool], SideRows | None]:
    """Which of ``plays`` are legal arrangements, and the rows of those, scored vectorised (None when no play
    is: every one is then scored by the rules)."""
    options = view.rules_options
    legal = [d.arrangement is not None and foul_reason(d.arrangement, options.wheel) is None for d in plays]
    if not any(legal):
        return legal, None
    arranged = [d for d, ok in zip(plays, legal, strict=True) if ok]
    return legal, tie_rows(decisions_rows(arranged, view.preset, options, view.treasure), view)


def _price_on_tables(
    plays: Sequence[Decision],
    legal: list[bool],
    ours: SideRows | None,
    cards: tuple[Card, ...],
    view: TableView,
    count: int,
    factors: np.ndarray | None,
    rng: np.random.Generator,
) -> tuple[np.ndarray, list[RowStats]]:
    """Every play priced on ``count`` whole tables of opponents dealt from the unseen cards and arranged by
    `hard`, :data:`ROUND` at a time: the legal plays (``ours``) vectorised, the rest by the rules; and the
    legal plays' row chances and sweep shares over those tables."""
    seats = [s for s in range(view.players) if s != view.seat]
    k = len(seats)
    unseen = view.unseen(cards)  # the joker and the turned-up card as RULES.md §20.6 says
    cols = np.flatnonzero(legal)
    out: list[np.ndarray] = []
    wins = np.zeros((len(plays), 3))
    given = np.zeros(len(plays))
    taken = np.zeros(len(plays))
    compared = 0
    for start in range(0, count, ROUND):
        size = min(ROUND, count - start)
        deals = [deal_unseen(unseen, seats, view, rng) for _ in range(size)]
        im = imagine(np.concatenate(deals), view)
        declared = np.array([d is not None for d in im.declared]).reshape(size, k)
        plain = np.flatnonzero(~declared.any(axis=1))
        x = np.empty((size, len(plays)))
        if ours is not None and len(plain):
            opp = im.rows.take((plain[:, None] * k + np.arange(k)).ravel())
            opp = tie_rows(opp, view, ours=False)
            x[np.ix_(plain, cols)] = sample_scores(view.preset, ours, opp, k, view.players, factors)
            diff = ours.keys[:, None, :] - opp.keys[None, :, :]
            wins[cols] += ((diff > 0) + 0.5 * (diff == 0)).sum(axis=1)
            _, swept, was_swept = pair_scores(view.preset, ours, opp)
            given[cols] += swept.sum(axis=1)
            taken[cols] += was_swept.sum(axis=1)
            compared += len(opp.keys)
        # The rest by the rules: a foul or a declaration of ours, or a table where an opponent declares.
        for t in range(size):
            for j, d in enumerate(plays):
                if legal[j] and t in set(plain.tolist()):
                    continue
                x[t, j] = _rules_score(d, im, t, seats, view)
        out.append(x)
    return np.concatenate(out), _tallied_chances(legal, wins, given, taken, compared)


def _tallied_chances(
    legal: list[bool], wins: np.ndarray, given: np.ndarray, taken: np.ndarray, compared: int
) -> list[RowStats]:
    """Each play's row chances and sweep shares from its tallies over ``compared`` opponents' hands (none for a
    play scored by the rules only)."""
    rows: list[RowStats] = []
    for j in range(len(legal)):
        if legal[j] and compared:
            w = wins[j] / compared
            rows.append(
                ((float(w[0]), float(w[1]), float(w[2])), float(given[j] / compared), float(taken[j] / compared))
            )
        else:
            rows.append((None, 0.0, 0.0))
    return rows


def _price_on_bank(
    bank: Bank,
    ours: SideRows,
    cards: Sequence[int],
    view: TableView,
    count: int,
    factors: np.ndarray | None,
    rng: np.random.Generator,
) -> tuple[np.ndarray, list[RowStats]]:
    """Legal plays priced on the bank's relabelled hands (:meth:`ai.bank.Bank.relabelled`): thousands of
    opponents in the time a few hundred arranged tables take, none of them among those `expert` chose on.

    Each hand meets every play once per seat, and random tables of three price 紅不讓/全壘打. Returns one row
    a hand: the pair terms (weighted by each seat's 賭倍) plus its table's home-run term, so that the mean is
    the play's value and the paired spread is the noise of that mean. The bank holds no declarers: a play's
    value leaves out what declarers take, which is the same whatever is played."""
    entries, moved = bank.relabelled(cards, rng, limit=count)
    opp = bank.relabelled_rows(entries, moved, view.treasure)
    n, k = len(entries), view.players - 1
    score, swept, was_swept = pair_scores(view.preset, ours, opp)  # (plays, hands)
    weights = factors if factors is not None else np.ones(k)
    seating = np.stack([rng.permutation(n) for _ in range(k)], axis=1)
    tables = sample_scores(view.preset, ours, opp.take(seating.ravel()), k, view.players, factors)  # (n, plays)
    pairs = sum(weights[i] * score[:, seating[:, i]] for i in range(k))  # (plays, n)
    home_runs = tables - pairs.T
    x = float(weights.sum()) * score.T + home_runs
    return x, _row_chances(ours, opp, swept, was_swept)


def _row_chances(ours: SideRows, opp: SideRows, swept: np.ndarray, was_swept: np.ndarray) -> list[RowStats]:
    """Each play's chance of winning each row (a tie counts half) against the hands ``opp``, and the shares
    of them it sweeps and is swept by."""
    diff = ours.keys[:, None, :] - opp.keys[None, :, :]
    wins = ((diff > 0) + 0.5 * (diff == 0)).mean(axis=1)
    return [
        ((float(w[0]), float(w[1]), float(w[2])), float(g), float(t))
        for w, g, t in zip(wins, swept.mean(axis=1), was_swept.mean(axis=1), strict=True)
    ]


def _price_on_known_bank(
    bank: Bank,
    ours: SideRows,
    cards: Sequence[int],
    view: TableView,
    count: int,
    factors: np.ndarray | None,
    rng: np.random.Generator,
) -> tuple[np.ndarray, list[RowStats]]:
    """:func:`_price_on_bank` when the seat knows cards other seats hold (換三張, RULES.md §21): the seats are
    not alike, so each draws its own relabelled hands, holding what it is known to hold and missing what
    the others are, and ``count`` whole tables are priced. A seat holding three given cards has some
    900 such hands in the bank; they are drawn again where the tables need more."""
    seats = [s for s in range(view.players) if s != view.seat]
    columns = []
    for avoid, hold in bank_constraints(view, cards, seats):
        entries, moved = bank.relabelled(avoid, rng, limit=count, holding=hold)
        if not len(entries):  # nothing in the bank holds them: the seat is drawn as if unknown
            entries, moved = bank.relabelled(cards, rng, limit=count)
        rows = bank.relabelled_rows(entries, moved, view.treasure)
        columns.append(rows.take(rng.choice(len(entries), size=count, replace=len(entries) < count)))
    k = len(columns)
    order = np.arange(count * k).reshape(k, count).T.ravel()  # table by table: seat 0, 1, 2 of table 0, ...
    opp = SideRows(
        *(np.concatenate([getattr(c, f) for c in columns])[order] for f in ("keys", "worth", "bonus", "shape"))
    )
    x = sample_scores(view.preset, ours, opp, k, view.players, factors)  # (count, plays)
    _, swept, was_swept = pair_scores(view.preset, ours, opp)
    return x, _row_chances(ours, opp, swept, was_swept)


def _rules_score(play: Decision, im: Imagined, table: int, seats: list[int], view: TableView) -> float:
    """``play``'s units on one imagined table, scored by the rules (slow, for the rare cases)."""
    k = len(seats)
    decisions: list[Decision] = [play] * view.players
    for i, q in enumerate(seats):
        idx = table * k + i
        declared = im.declared[idx]
        decisions[q] = declared if declared is not None else Decision.arranged(im.arrangement(idx))
    doubles = table_doubles(view)
    result = score_deal(
        Deal(view.preset, view.rules_options, tuple(decisions), doubles, tuple(view.treasure), view.banker)
    )
    return float(result.totals[view.seat])


def parse_play(text: str) -> Arrangement:
    """``"FRONT / MIDDLE / BACK"`` as an arrangement (cards as everywhere: ``As Kh`` or ``A♠ K♥``)."""
    parts = text.split("/")
    if len(parts) != 3:
        raise ValueError("a play is three rows separated by '/': FRONT / MIDDLE / BACK")
    return Arrangement.parse(*parts)
