"""Computer opponents: an exhaustive numpy search over the 72,072 ways to split 13 cards.

Imports `rules` only; never `app` or Textual. This module is the contract: the app imports ``ai`` and nothing
under it (``tests/test_layering.py`` checks), and everything it needs is named in ``__all__`` below,
each imported on first use (so the menu starts without numpy).

- the table's side (:mod:`ai.contract`): :class:`Level`, :class:`TableView`, :class:`Choice`, :class:`PricedDecision`
  (a decision with its expected units, the one priced-decision type), :class:`Fixed`, :class:`Distinct`, and the
  entry point :func:`choose` (:mod:`ai.levels`, with :data:`MEASURED`: what the coach measured of each level);
  declaring (:func:`best_declaration`, :func:`declaration_value`);
- the coach (:mod:`ai.coach`): :func:`review` prices a play against the best one, :func:`parse_play`; what it
  says, as data (:mod:`ai.reviews`): :class:`Review`, :class:`PricedPlay`, :class:`Budget`; :class:`Verdict` and
  its :data:`THRESHOLDS` (:mod:`ai.verdicts`);
- the banker game's stake, 下注 (:mod:`ai.stakes`): :func:`choose_stake`;
- the exchange, 換三張 (:mod:`ai.exchange`): :func:`choose_pass`, :func:`review_pass`, :func:`candidates`,
  :func:`price_passes`, :class:`PassChoice`, :class:`PassReview`;
- what the drills and the row odds read: :func:`legal_splits`, :data:`SPLIT_BACK`, :data:`SPLIT_MIDDLE`
  (:mod:`ai.splits`), :func:`trained_model` (:mod:`ai.opponents`), :data:`ROW_PRICED` (:mod:`ai.payouts`);
- the tools: :func:`run_arena`, :data:`EXTERNAL`,
  :data:`PLAYERS`, :func:`default_jobs` (:mod:`ai.arena`), :func:`run_field` (:mod:`ai.field`) and
  :func:`run_bench` (:mod:`ai.bench`, which needs the POSIX-only ``resource``) and :func:`run_agreement`
  (:mod:`ai.agreement`: how far auto-arrange's advice and the coach agree) and :func:`run_skill` (:mod:`ai.skill`:
  what each level's play loses against the coach's best, the levels' ladder) and :func:`rate_level` (:mod:`ai.rate`:
  a level on the player's rating scale);
- where a player stands (:mod:`ai.rating`, RULES.md §24): :class:`Rating`, :class:`Luck`, :data:`ENOUGH` and the
  formulas (:func:`rate_deals`, :func:`rating_history`, :func:`deal_figure`, :func:`level_ratings`,
  :func:`deal_accuracy`, :func:`deal_luck`, :func:`deal_norm`).

Inside, from the bottom up: :mod:`ai.splits` (the split tables and the legal-split search),
:mod:`ai.features` (what scoring needs about each split), :mod:`ai.payouts` (what each split is paid),
:mod:`ai.opponents` (opponent row models), :mod:`ai.outcomes` (how an opponent's rows go together),
:mod:`ai.policy` (declaring a special, whom to double),
:mod:`ai.estimate` (the closed-form expected score), :mod:`ai.showdown` (exact scores against concrete
opponents), :mod:`ai.expert` (Monte Carlo over sampled opponents), :mod:`ai.levels` (:func:`choose`) and
:mod:`ai.stakes` (a level's stake, with the levels' characters and ratings).
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names for the type checker; at run time __getattr__ below imports each on first use
    from ai.agreement import run_agreement
    from ai.arena import EXTERNAL, PLAYERS, default_jobs, run_arena
    from ai.bench import run_bench
    from ai.coach import advise, parse_play, review
    from ai.contract import Choice, Distinct, Fixed, Level, PricedDecision, TableView
    from ai.exchange import (
        PassChoice,
        PassLook,
        PassReview,
        candidates,
        choose_pass,
        coach_pass_values,
        pass_look,
        price_passes,
        review_pass,
    )
    from ai.field import run_field
    from ai.levels import MEASURED, MEASURED_HANDS, Measured, choose
    from ai.opponents import trained_model
    from ai.payouts import ROW_PRICED
    from ai.policy import best_declaration, declaration_value
    from ai.rate import rate_level
    from ai.rating import ENOUGH, NO_LUCK, Luck, Rating, deal_figure, level_ratings, rate_deals
    from ai.rating import accuracy as deal_accuracy
    from ai.rating import history as rating_history
    from ai.rating import luck as deal_luck
    from ai.rating import norm_for as deal_norm
    from ai.reviews import Budget, Part, PartKind, PricedPlay, Review
    from ai.skill import run_skill
    from ai.splits import SPLIT_BACK, SPLIT_MIDDLE, legal_splits
    from ai.stakes import choose_stake
    from ai.verdicts import THRESHOLDS, Verdict

# Where each name lives: (module, its name there). Nothing is imported until first asked for, so that a program
# that needs only a little of the package (the menu: a level's name) does not pay for numpy and the coach's
# tables at start-up (issue 44: the menu in 0.5 s).
_WHERE = {
    "run_agreement": ("ai.agreement", "run_agreement"),
    "EXTERNAL": ("ai.arena", "EXTERNAL"),
    "PLAYERS": ("ai.arena", "PLAYERS"),
    "default_jobs": ("ai.arena", "default_jobs"),
    "run_arena": ("ai.arena", "run_arena"),
    "run_bench": ("ai.bench", "run_bench"),
    "Budget": ("ai.reviews", "Budget"),
    "Part": ("ai.reviews", "Part"),
    "PartKind": ("ai.reviews", "PartKind"),
    "PricedPlay": ("ai.reviews", "PricedPlay"),
    "Review": ("ai.reviews", "Review"),
    "advise": ("ai.coach", "advise"),
    "parse_play": ("ai.coach", "parse_play"),
    "review": ("ai.coach", "review"),
    "Choice": ("ai.contract", "Choice"),
    "Distinct": ("ai.contract", "Distinct"),
    "Fixed": ("ai.contract", "Fixed"),
    "Level": ("ai.contract", "Level"),
    "PricedDecision": ("ai.contract", "PricedDecision"),
    "TableView": ("ai.contract", "TableView"),
    "PassChoice": ("ai.exchange", "PassChoice"),
    "PassLook": ("ai.exchange", "PassLook"),
    "PassReview": ("ai.exchange", "PassReview"),
    "candidates": ("ai.exchange", "candidates"),
    "choose_pass": ("ai.exchange", "choose_pass"),
    "coach_pass_values": ("ai.exchange", "coach_pass_values"),
    "pass_look": ("ai.exchange", "pass_look"),
    "price_passes": ("ai.exchange", "price_passes"),
    "review_pass": ("ai.exchange", "review_pass"),
    "run_field": ("ai.field", "run_field"),
    "MEASURED": ("ai.levels", "MEASURED"),
    "MEASURED_HANDS": ("ai.levels", "MEASURED_HANDS"),
    "Measured": ("ai.levels", "Measured"),
    "choose": ("ai.levels", "choose"),
    "trained_model": ("ai.opponents", "trained_model"),
    "ROW_PRICED": ("ai.payouts", "ROW_PRICED"),
    "best_declaration": ("ai.policy", "best_declaration"),
    "declaration_value": ("ai.policy", "declaration_value"),
    "rate_level": ("ai.rate", "rate_level"),
    "ENOUGH": ("ai.rating", "ENOUGH"),
    "Luck": ("ai.rating", "Luck"),
    "NO_LUCK": ("ai.rating", "NO_LUCK"),
    "Rating": ("ai.rating", "Rating"),
    "deal_accuracy": ("ai.rating", "accuracy"),
    "deal_figure": ("ai.rating", "deal_figure"),
    "deal_luck": ("ai.rating", "luck"),
    "deal_norm": ("ai.rating", "norm_for"),
    "level_ratings": ("ai.rating", "level_ratings"),
    "rate_deals": ("ai.rating", "rate_deals"),
    "rating_history": ("ai.rating", "history"),
    "run_skill": ("ai.skill", "run_skill"),
    "SPLIT_BACK": ("ai.splits", "SPLIT_BACK"),
    "SPLIT_MIDDLE": ("ai.splits", "SPLIT_MIDDLE"),
    "legal_splits": ("ai.splits", "legal_splits"),
    "choose_stake": ("ai.stakes", "choose_stake"),
    "THRESHOLDS": ("ai.verdicts", "THRESHOLDS"),
    "Verdict": ("ai.verdicts", "Verdict"),
}


if not TYPE_CHECKING:  # the type checker reads the imports above, and a misspelt name stays an error for it

    def __getattr__(name: str) -> Any:
        if name in _WHERE:
            module, attr = _WHERE[name]
            value = getattr(importlib.import_module(module), attr)
            globals()[name] = value  # once found, an ordinary attribute: later lookups skip this function
            return value
        raise AttributeError(f"module 'ai' has no attribute {name!r}")


__all__ = [
    "ENOUGH",
    "EXTERNAL",
    "MEASURED",
    "MEASURED_HANDS",
    "NO_LUCK",
    "PLAYERS",
    "ROW_PRICED",
    "SPLIT_BACK",
    "SPLIT_MIDDLE",
    "THRESHOLDS",
    "Budget",
    "Choice",
    "Distinct",
    "Fixed",
    "Level",
    "Luck",
    "Measured",
    "Part",
    "PartKind",
    "PassChoice",
    "PassLook",
    "PassReview",
    "PricedDecision",
    "PricedPlay",
    "Rating",
    "Review",
    "TableView",
    "Verdict",
    "advise",
    "best_declaration",
    "candidates",
    "choose",
    "choose_pass",
    "choose_stake",
    "coach_pass_values",
    "deal_accuracy",
    "deal_figure",
    "deal_luck",
    "deal_norm",
    "declaration_value",
    "default_jobs",
    "legal_splits",
    "level_ratings",
    "parse_play",
    "pass_look",
    "price_passes",
    "rate_deals",
    "rate_level",
    "rating_history",
    "review",
    "review_pass",
    "run_agreement",
    "run_arena",
    "run_bench",
    "run_field",
    "run_skill",
    "trained_model",
]
