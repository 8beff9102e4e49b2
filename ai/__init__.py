"""Computer opponents: an exhaustive numpy search over the 72,072 ways to split 13 cards.

Imports `rules` only; never `app` or Textual. This module is the contract: the app imports ``ai`` and nothing
under it (``tests/test_layering.py`` checks), and everything it needs is named in ``__all__`` below.

- the table's side (:mod:`ai.contract`): :class:`Level`, :class:`TableView`, :class:`Choice`, :class:`PricedDecision`
  (a decision with its expected units, the one priced-decision type), :class:`Fixed`, :class:`Distinct`, and the
  entry point :func:`choose` (:mod:`ai.levels`, with :data:`MEASURED`: what the coach measured of each level);
  declaring (:func:`best_declaration`, :func:`declaration_value`);
- the coach (:mod:`ai.coach`): :func:`review` prices a play against the best one, :class:`Review`,
  :class:`PricedPlay`, :class:`Verdict` and its :data:`THRESHOLDS`, :class:`Budget`, :func:`parse_play`;
- the exchange, 換三張 (:mod:`ai.exchange`): :func:`choose_pass`, :func:`review_pass`, :func:`candidates`,
  :func:`price_passes`, :class:`PassChoice`, :class:`PassReview`;
- what the drills and the row odds read: :func:`legal_splits`, :data:`SPLIT_BACK`, :data:`SPLIT_MIDDLE`
  (:mod:`ai.splits`), :func:`trained_model` (:mod:`ai.opponents`), :data:`ROW_PRICED` (:mod:`ai.payouts`);
- the tools, loaded on first use so that the game starts without them: :func:`run_arena`, :data:`EXTERNAL`,
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
opponents), :mod:`ai.expert` (Monte Carlo over sampled opponents) and :mod:`ai.levels` (:func:`choose`).
"""

import importlib
from typing import Any

from ai.coach import Budget, Part, PartKind, PricedPlay, Review, advise, parse_play, review
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
from ai.levels import MEASURED, MEASURED_HANDS, Measured, choose
from ai.opponents import trained_model
from ai.payouts import ROW_PRICED
from ai.policy import best_declaration, declaration_value
from ai.rating import ENOUGH, NO_LUCK, Luck, Rating, deal_figure, level_ratings, rate_deals
from ai.rating import accuracy as deal_accuracy
from ai.rating import history as rating_history
from ai.rating import luck as deal_luck
from ai.rating import norm_for as deal_norm
from ai.splits import SPLIT_BACK, SPLIT_MIDDLE, legal_splits
from ai.verdicts import THRESHOLDS, Verdict

# The tools' names and the module that defines each; imported by __getattr__ on first use.
_LAZY = {
    "EXTERNAL": "ai.arena",
    "PLAYERS": "ai.arena",
    "default_jobs": "ai.arena",
    "run_arena": "ai.arena",
    "run_bench": "ai.bench",
    "run_field": "ai.field",
    "run_agreement": "ai.agreement",
    "run_skill": "ai.skill",
    "rate_level": "ai.rate",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
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
