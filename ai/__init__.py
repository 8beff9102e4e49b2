"""Computer opponents: an exhaustive numpy search over the 72,072 ways to split 13 cards.

Imports `rules` only; never `app` or Textual. The rest of the project imports the contract from here:
:class:`Level`, :class:`TableView`, :class:`Choice`, :class:`Alternative`, :class:`Fixed`, :class:`Distinct`
(all defined in :mod:`ai.contract`) and the entry point :func:`choose`.

Inside, from the bottom up: :mod:`ai.splits` (the split tables and the legal-split search),
:mod:`ai.features` (what scoring needs about each split), :mod:`ai.payouts` (what each split is paid),
:mod:`ai.opponents` (opponent row models), :mod:`ai.outcomes` (how an opponent's rows go together),
:mod:`ai.policy` (declaring a special, whom to double),
:mod:`ai.estimate` (the closed-form expected score), :mod:`ai.showdown` (exact scores against concrete
opponents), :mod:`ai.expert` (Monte Carlo over sampled opponents) and :mod:`ai.levels` (:func:`choose`).
"""

from ai.contract import Alternative, Choice, Distinct, Fixed, Level, TableView
from ai.levels import choose

__all__ = ["Alternative", "Choice", "Distinct", "Fixed", "Level", "TableView", "choose"]
