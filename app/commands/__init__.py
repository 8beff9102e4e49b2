"""Handlers of the `chinese-poker` subcommands, one module per family."""
