"""Computer opponents: an exhaustive numpy search over the 72,072 ways to split 13 cards.

Imports `rules` only; never `app` or Textual. The entry point is :func:`ai.levels.choose`.
"""
