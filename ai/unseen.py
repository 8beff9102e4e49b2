"""The opponents' hands a seat may imagine: drawn from the cards it cannot see, with the cards it knows a
seat holds (what it passed in 換三張, :attr:`ai.contract.TableView.held`) placed in that seat's hand."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules.cards import JOKER_ID

from .contract import TableView

HAND = 13


def deal_unseen(unseen: np.ndarray, seats: Sequence[int], view: TableView, rng: np.random.Generator) -> np.ndarray:
    """(len(seats), 13) hands for ``seats``, uniform over what ``view`` allows.

    Without known cards this is one permutation of ``unseen`` cut into hands, the draw every sampling caller
    made before 換三張 existed, so their decisions are unchanged. With them, each seat's known cards are its
    own and the rest of its hand is drawn from what is left."""
    k = len(seats)
    if not view.held:
        return rng.permutation(unseen)[: HAND * k].reshape(k, HAND)
    pool = set(int(c) for c in unseen)
    known = [[int(c) for c in view.held_by(s) if int(c) in pool] for s in seats]
    placed = {c for cards in known for c in cards}
    rest = rng.permutation(np.array(sorted(pool - placed), dtype=np.int64))
    out = np.empty((k, HAND), dtype=np.int64)
    at = 0
    for i, cards in enumerate(known):
        take = HAND - len(cards)
        out[i] = np.concatenate([np.array(cards, dtype=np.int64), rest[at : at + take]])
        at += take
    return out


def bank_constraints(view: TableView, ours: Sequence[int], seats: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """For each of ``seats``, (cards its bank hand must miss, cards it must hold): ours and every other seat's
    known cards, and its own known cards. The bank is natural, so the joker is left out of both (an
    approximation, as for the joker held by an opponent: assets/ai/README.md)."""
    natural = [[int(c) for c in view.held_by(s) if c != JOKER_ID] for s in seats]
    out = []
    for i in range(len(seats)):
        others = [c for j, cards in enumerate(natural) if j != i for c in cards]
        out.append(([int(c) for c in ours] + others, natural[i]))
    return out
