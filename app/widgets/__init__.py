"""Textual widgets: card rows and seats, the form rows, the countdown, the rules' Markdown; they draw view models
(:mod:`app.view.models`) and report clicks."""
