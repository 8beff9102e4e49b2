"""Textual screens: each renders state and posts messages; game logic lives in app/table.py."""
