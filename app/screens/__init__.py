"""Textual screens: each composes widgets, renders the view floor's models (:mod:`app.view`) and forwards keys
to the game (:mod:`app.game`); no game logic and no words are made here."""
