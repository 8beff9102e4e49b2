"""The suite's two tiers: the everyday tier (the README's ``pytest``) and the soak tier (``pytest -m soak``).

A check that is worth running long (a random-key walk, a sweep over many seeded deals, a property with many
examples) is written once and sized by tier, so that the everyday tier runs the very code path the soak tier
does, only on fewer cases:

- :func:`sized` parametrises a test with an everyday size and a soak size; the soak case carries the ``soak``
  marker, which the everyday tier leaves out.
- :func:`across` parametrises a screen's snapshot over terminal sizes and languages: the everyday tier takes
  one language a size (each language at some size, and the languages rotated from one test to the next with
  ``turn``, so that a module's tests meet every pairing between them), the soak tier the whole grid.
- :func:`examples` scales a hypothesis ``max_examples`` by :data:`SOAK_FACTOR` in the soak tier, where every
  property test runs again (``tests/conftest.py`` selects them).

``tests/conftest.py`` sets :data:`SOAK` before any test module is imported, from the ``-m`` expression.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

SOAK = False  # set by tests/conftest.py: is this run the soak tier?
SOAK_FACTOR = 5  # how many times more examples a property runs in the soak tier


def sized(name: str, everyday: int, soak: int) -> pytest.MarkDecorator:
    """Parametrise ``name`` with ``everyday`` (the everyday tier) and ``soak`` (marked ``soak``)."""
    if soak < everyday:
        raise ValueError(f"{name}: the soak size {soak} is smaller than the everyday size {everyday}")
    return pytest.mark.parametrize(name, [
        pytest.param(everyday, id=f"{name}={everyday}"),
        pytest.param(soak, id=f"{name}={soak}", marks=pytest.mark.soak),
    ])


def examples(everyday: int) -> int:
    """A hypothesis ``max_examples``: ``everyday`` in the everyday tier, :data:`SOAK_FACTOR` times it in soak."""
    return everyday * SOAK_FACTOR if SOAK else everyday


Size = tuple[int, int]


def across(sizes: Sequence[Size], langs: Sequence[str], *, turn: int = 0,
           ids: Callable[[Size, str], str] | None = None) -> pytest.MarkDecorator:
    """Parametrise ``size`` and ``lang`` over ``sizes`` × ``langs``, the pairings past the everyday ones marked
    ``soak`` (see the module docstring). ``ids`` names a case (default ``"80x24-en"``); it must name each case as
    the test's stored snapshots do."""
    name = ids or (lambda size, lang: f"{size[0]}x{size[1]}-{lang}")
    daily = {(i, (i + turn) % len(langs)) for i in range(len(sizes))}
    daily |= {(j % len(sizes), j) for j in range(len(langs)) if all(k != j for _, k in daily)}
    params = [pytest.param(size, lang, id=name(size, lang), marks=() if (i, j) in daily else pytest.mark.soak)
              for j, lang in enumerate(langs) for i, size in enumerate(sizes)]
    return pytest.mark.parametrize(("size", "lang"), params)
