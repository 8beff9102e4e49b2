"""The view floor: plain Python that turns the game's state into words and view models.

Presenters (:mod:`.presenter` for the table, :mod:`.exchange`, :mod:`.ladder`), the view models the widgets
draw (:mod:`.models`), card faces in Rich (:mod:`.cards`), shared formatting (:mod:`.formatting`), the reveal's
pacing (:mod:`.reveal_player`), the coach's and the drills' words (:mod:`.coach`, :mod:`.drill`) and the rules
text (:mod:`.rules_text` and its per-preset builders). Rich is allowed here, Textual never (the layering test
checks), so every module is tested without a Pilot; the screens and widgets only compose and render.
"""
