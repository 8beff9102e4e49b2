"""What the game is: cards, row evaluation, fouls, special hands and the eight scoring presets (:mod:`.presets`).

This package is pure (numpy only) and never imports `ai` or `app`.
"""
