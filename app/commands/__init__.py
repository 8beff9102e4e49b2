"""The `chinese-poker` subcommands, one module per family, each with a ``register(sub)``.

What they share (the usage error, the parser class, typed options) is in :mod:`app.commands.common`.
"""
