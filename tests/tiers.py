"""The suite's two tiers: the everyday tier (the README's ``pytest``) and the soak tier (``pytest -m soak``).

A check that is worth running long (a random-key walk, a sweep over many seeded deals, a property with many
examples) is written once and sized by tier, so that the everyday tier runs the very code path the soak tier
does, only on fewer cases:

- :func:`sized` parametrises a test with an everyday size and a soak size; the soak case carries the ``soak``
  marker, which the everyday tier leaves out.
- :func:`across` parametrises a screen's snapshot over terminal sizes and languages: the everyday tier takes
  one pairing a test, rotated from one test to the next with ``turn`` (so that a module's tests meet every size
  and every language between them), the soak tier the whole grid.
- :func:`one_daily` parametrises a test over values (the languages, the presets) of which the everyday tier
  takes the ones named and the soak tier all.
- :func:`sized_daily` does both: the values named at the everyday size, every value at the soak size.
- :func:`long` leaves a whole test to the soak tier, naming the everyday test that runs its code on a smaller
  case (another walk of the same screen, the same rule at the game's floor): ``tests/test_harness.py`` checks
  that each named test is in the everyday tier.
- :func:`examples` scales a hypothesis ``max_examples`` by :data:`SOAK_FACTOR` in the soak tier (or sets the soak
  tier's own), where every property test runs again (``tests/conftest.py`` selects them).

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
    return pytest.mark.parametrize(
        name,
        [
            pytest.param(everyday, id=f"{name}={everyday}"),
            pytest.param(soak, id=f"{name}={soak}", marks=pytest.mark.soak),
        ],
    )


def one_daily(
    name: str, values: Sequence[object], everyday: Sequence[object], *, ids: Callable[[object], str] | None = None
) -> pytest.MarkDecorator:
    """Parametrise ``name`` over ``values``, every value not in ``everyday`` marked ``soak``."""
    missing = [v for v in everyday if v not in values]
    if missing or not everyday:
        raise ValueError(f"{name}: the everyday values {missing or everyday} are not among {list(values)}")
    return pytest.mark.parametrize(
        name,
        [pytest.param(v, id=ids(v) if ids else None, marks=() if v in everyday else pytest.mark.soak) for v in values],
    )


def sized_daily(
    name: str,
    values: Sequence[object],
    daily: Sequence[object],
    size: str,
    everyday: int,
    soak: int,
    *,
    ids: Callable[[object], str] | None = None,
) -> pytest.MarkDecorator:
    """Parametrise ``name`` and ``size``: the ``daily`` values at ``everyday`` (the everyday tier), every value
    at ``soak`` (marked ``soak``). Ids read ``"{size}={n}-{value}"``."""
    missing = [v for v in daily if v not in values]
    if missing or not daily:
        raise ValueError(f"{name}: the everyday values {missing or daily} are not among {list(values)}")
    if soak < everyday:
        raise ValueError(f"{size}: the soak size {soak} is smaller than the everyday size {everyday}")
    label = ids or str
    return pytest.mark.parametrize(
        (name, size),
        [pytest.param(v, everyday, id=f"{size}={everyday}-{label(v)}") for v in daily]
        + [pytest.param(v, soak, id=f"{size}={soak}-{label(v)}", marks=pytest.mark.soak) for v in values],
    )


def long(everyday: str) -> pytest.MarkDecorator:
    """Mark a test for the soak tier only; ``everyday`` names (``tests/…/test_x.py::test_name``, parameters
    left off) the everyday test that runs the same code on a smaller case, as the tier's rule asks."""
    path, sep, name = everyday.partition("::")
    if not sep or not path.startswith("tests/") or not name.startswith("test_"):
        raise ValueError(f"{everyday!r} does not name a test as tests/…/test_x.py::test_name")
    return pytest.mark.soak(everyday=everyday)


def examples(everyday: int, *, soak: int | None = None) -> int:
    """A hypothesis ``max_examples``: ``everyday`` in the everyday tier, in soak ``soak`` if given, else
    :data:`SOAK_FACTOR` times ``everyday``."""
    if not SOAK:
        return everyday
    return soak if soak is not None else everyday * SOAK_FACTOR


Size = tuple[int, int]


def across(
    sizes: Sequence[Size], langs: Sequence[str], *, turn: int = 0, ids: Callable[[Size, str], str] | None = None
) -> pytest.MarkDecorator:
    """Parametrise ``size`` and ``lang`` over ``sizes`` × ``langs``, every pairing but the everyday one (size
    ``turn`` and language ``turn``, each counted round its list) marked ``soak`` (see the module docstring).
    ``ids`` names a case (default ``"80x24-en"``); it must name each case as the test's stored snapshots do."""
    name = ids or (lambda size, lang: f"{size[0]}x{size[1]}-{lang}")
    daily = {(turn % len(sizes), turn % len(langs))}
    params = [
        pytest.param(size, lang, id=name(size, lang), marks=() if (i, j) in daily else pytest.mark.soak)
        for j, lang in enumerate(langs)
        for i, size in enumerate(sizes)
    ]
    return pytest.mark.parametrize(("size", "lang"), params)
