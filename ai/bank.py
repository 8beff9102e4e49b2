"""A bank of hands as `hard` arranges them, for `expert` to draw its opponents from without arranging any.

An opponent's hand, given ours, is uniform over the 13-card hands of the 39 cards we cannot see. The bank's
hands are uniform over all 52, so the entries that share no card with ours are exactly such draws: about
1.3% of the bank (C(39,13) / C(52,13)), some 1,300 of 100,000 entries for any hand. And since `hard` plays a
hand whose suits are relabelled into rows of the same strength, every entry stands for as many such draws as
it has suit relabellings that miss our cards (:meth:`Bank.relabellings`): `expert` draws its opponents from
the whole bank by those weights (about 13,600 effective draws; arcade, whose treasure is read from the
cards, keeps the disjoint entries), which is card removal done exactly and many times the opponents the
same time buys by arranging sampled hands.

Layout of ``assets/ai/bank.npz``, per preset::

    {preset}_cards   (N, 13) uint8   card ids in row order: front 3 | middle 5 | back 5
    {preset}_bonus   (N,)    float32 the 加賭 the arrangement wins a pair with (taiwan, tournament)
    {preset}_shape   (N,)    bool    arcade 三同花/三順子 (+2)
    meta             JSON            hands, seed, how it was made

What a game reads is ``assets/ai/bank/``: each preset's bank worked out (:func:`from_arrays`) and written as
uncompressed ``.npy`` files (``{preset}_{field}.npy``, :func:`write_shared`), memory-mapped read-only by
:func:`load_bank`, so that every process on a host (served tabs, lobby tables) shares one copy of them in the page
cache instead of each working out its own 10 MB a preset (issue 44). A field that is zero throughout a preset
(taiwan's worths, shisanshui's 加賭) is not written; it reads as zeros that take no memory.

Hands `hard` declares as a special are left out: what a declarer takes does not depend on our arrangement,
so leaving them out changes no comparison between our candidates. Strength keys and row worths are worked
out when a preset's bank is first loaded (treasure, which changes each arcade deal, at each decision).

Build it (after the row tables, which decide how `hard` plays)::

    python -m ai.bank --hands 100000 --seed 2026 --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.arrangement import Row
from rules.evaluate import SUBSETS3, SUBSETS5, batch_keys, key_categories
from rules.presets import Preset

from .contract import TableView
from .payouts import ROW_PRICED, worth_by_category
from .sampling import imagine
from .showdown import SideRows
from .splits import SPLIT_BACK, SPLIT_FRONT, SPLIT_MIDDLE

BANK_PATH = Path(__file__).resolve().parent.parent / "assets" / "ai" / "bank.npz"
SHARED_PATH = BANK_PATH.with_suffix("")  # assets/ai/bank/: the worked-out banks, memory-mapped
SHARED_FIELDS = ("cards", "hand_masks", "keys", "worth", "bonus", "shape")
BATCH = 2_000  # hands arranged at once while building
ROW_SLICES = (slice(0, 3), slice(3, 8), slice(8, 13))


@dataclass(frozen=True)
class Bank:
    """One preset's arranged hands, with what scoring them needs worked out."""

    preset: Preset
    # Stored as small as they are exact (a shared bank is mapped from its files as it is); :meth:`rows` widens
    # the entries it takes to what scoring expects (int64 keys, float worths and 加賭).
    cards: np.ndarray  # (N, 13) card ids in row order (uint8)
    hand_masks: np.ndarray  # (N,) 52-bit masks of each hand (int64)
    keys: np.ndarray  # (N, 3) strength keys at the preset's default options (int32)
    worth: np.ndarray  # (N, 3) arcade/shisanshui worth of each row when won, before treasure (uint8 when whole)
    bonus: np.ndarray  # (N,) (uint8 when whole)
    shape: np.ndarray  # (N,) bool

    def __len__(self) -> int:
        return len(self.cards)

    def disjoint(self, cards: Sequence[int]) -> np.ndarray:
        """Indices of the entries that share no card with ``cards`` (draws from the cards we cannot see)."""
        ours = int(np.bitwise_or.reduce(np.left_shift(np.int64(1), np.asarray(cards, dtype=np.int64))))
        return np.flatnonzero((self.hand_masks & ours) == 0)

    def holding(self, idx: npt.NDArray[np.intp], cards: Sequence[int]) -> npt.NDArray[np.intp]:
        """The entries of ``idx`` whose hands hold every one of ``cards``."""
        want = _mask_of(cards)
        held: npt.NDArray[np.intp] = idx[(self.hand_masks[idx] & want) == want]
        return held

    def relabellings(self, cards: Sequence[int], holding: Sequence[int] = ()) -> np.ndarray:
        """(N,) how many of the 24 suit relabellings of each entry share no card with ``cards``.

        A bank hand relabelled by a random permutation of the suits is still a uniform hand, and `hard`
        plays it into rows of the same strength; kept when it misses our cards, it is an exact draw of an
        unseen hand. So every entry stands for as many draws as it has such relabellings (the identity
        counts for the :meth:`disjoint` ones): the whole bank, weighted, instead of its 1.3%. Entry h
        relabelled by p misses ours iff h misses ours relabelled by p's inverse: 24 masks of ours, one
        test of the bank each. ``holding``: only the relabellings that also hold all of these cards count
        (an opponent known to hold what we passed it, 換三張)."""
        ids = np.asarray(cards, dtype=np.int64)
        need = np.asarray(holding, dtype=np.int64)
        inverse = np.argsort(_PERMS, axis=1)
        counts = np.zeros(len(self.cards), dtype=np.int64)
        for perm in inverse:
            ok = (self.hand_masks & _mask_of((ids & ~3) | perm[ids & 3])) == 0
            if len(need):
                want = _mask_of((need & ~3) | perm[need & 3])
                ok &= (self.hand_masks & want) == want
            counts += ok
        return counts

    def weighted_draws(self, weights: np.ndarray, draws: int, rng: np.random.Generator) -> np.ndarray:
        """``draws`` entries in a random order, each about ``draws`` × its share of ``weights`` times
        (systematic resampling: the counts are the expected ones rounded, far less noisy than drawing
        them one by one)."""
        used = np.flatnonzero(weights)
        cum = np.cumsum(weights[used], dtype=np.float64)
        at = (np.arange(draws) + rng.random()) * (cum[-1] / draws)
        return rng.permutation(used[np.minimum(np.searchsorted(cum, at, side="right"), len(used) - 1)])

    def relabelled(
        self, cards: Sequence[int], rng: np.random.Generator, limit: int | None = None, holding: Sequence[int] = ()
    ) -> tuple[np.ndarray, np.ndarray]:
        """Fresh draws for the coach, apart from the ones :meth:`disjoint` gives `expert`: every entry that
        does share a card with ``cards``, with its suits relabelled by the first of the 23 other suit
        permutations (in a random order) that makes it share none. `hard` plays a relabelled hand the same
        way (its rows keep their keys), so each is an exact draw of an unseen hand as `hard` arranges it.
        Returns the entries and, for each, the (13,) cards it becomes; about ``limit`` of them at most
        (from a random share of the entries, so that none is favoured). ``holding``: the relabelled hand must
        also hold these cards (an opponent known to hold what we passed it); only some 3% of the relabellings
        that miss ours hold three given cards, so then every entry is tried and fewer come back."""
        # Mask tests only, as relabellings() does (entry h relabelled by p misses ours iff h misses ours relabelled
        # by p's inverse): the (N, 13) int64 copies of the cards this once made cost some 45 MB a review.
        ids = np.asarray(cards, dtype=np.int64)
        need = np.asarray(sorted(set(int(c) for c in holding)), dtype=np.int64)
        want = _mask_of(need)
        # The entries expert does not use as they are.
        left = ((self.hand_masks & _mask_of(ids)) != 0) | ((self.hand_masks & want) != want)
        idx = np.flatnonzero(left)
        if not len(need) and limit is not None and limit < len(idx) // 5:  # a fifth to a quarter find one
            idx = np.sort(rng.choice(idx, size=5 * limit, replace=False))
        picked = np.full(len(self.cards), -1)
        inverse = np.argsort(_PERMS, axis=1)
        if len(need):
            # Every entry is tried, so this must be quick.
            for perm in rng.permutation(len(_PERMS) - 1) + 1:
                back = inverse[perm]
                wanted = _mask_of((need & ~3) | back[need & 3])
                ok = left & (picked < 0) & ((self.hand_masks & _mask_of((ids & ~3) | back[ids & 3])) == 0)
                ok &= (self.hand_masks & wanted) == wanted
                picked[ok] = perm
            idx = idx[:0]
        for perm in rng.permutation(len(_PERMS) - 1) + 1:
            if not len(idx):
                break
            back = inverse[perm]
            ok = (self.hand_masks[idx] & _mask_of((ids & ~3) | back[ids & 3])) == 0
            picked[idx[ok]] = perm
            idx = idx[~ok]
        entries = np.flatnonzero(picked >= 0)
        if limit is not None and len(entries) > limit:
            entries = np.sort(rng.choice(entries, size=limit, replace=False))
        return entries, _RELABEL[picked[entries][:, None], self.cards[entries]]

    def relabelled_rows(self, entries: np.ndarray, cards: np.ndarray, treasure: Sequence[int] = ()) -> SideRows:
        """SideRows of relabelled entries (their keys, 加賭 and shape are their own; treasure is read from
        the cards they became)."""
        return self._side_rows(entries, cards, treasure)

    def rows(self, idx: np.ndarray, treasure: Sequence[int] = ()) -> SideRows:
        """SideRows of the entries at ``idx``; arcade rows holding treasure cards are worth more."""
        return self._side_rows(idx, self.cards[idx] if treasure else None, treasure)

    def _side_rows(self, idx: np.ndarray, cards: np.ndarray | None, treasure: Sequence[int]) -> SideRows:
        """SideRows of the entries at ``idx`` played as ``cards`` (treasure is read from those), widened."""
        worth = self.worth[idx].astype(np.float64)
        if treasure and self.preset.treasure and cards is not None:
            tmask = _mask_of(treasure)
            held = np.stack([_popcount(_masks(cards[:, s]) & tmask) for s in ROW_SLICES], axis=1)
            worth = worth * (1 + held)
        return SideRows(
            self.keys[idx].astype(np.int64), worth, self.bonus[idx].astype(np.float64), self.shape[idx].astype(bool)
        )


def _popcount(x: np.ndarray) -> np.ndarray:
    """Set bits of each int64 (masks of at most 52 cards)."""
    x = x.astype(np.uint64)
    out = np.zeros(x.shape, dtype=np.int64)
    for shift in range(0, 56, 8):
        out += _BYTE_BITS[((x >> np.uint64(shift)) & np.uint64(0xFF)).astype(np.intp)]
    return out


_BYTE_BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


_PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)  # the identity first
# (24, 52): card c relabelled by suit permutation p, as int64 card ids.
_RELABEL = (np.arange(52, dtype=np.int64) & ~3)[None, :] | _PERMS[:, np.arange(52) & 3]


def _mask_of(cards: Sequence[int] | npt.NDArray[np.int64]) -> int:
    return int(np.bitwise_or.reduce(np.left_shift(np.int64(1), np.asarray(cards, dtype=np.int64))))


def _masks(cards: np.ndarray) -> npt.NDArray[np.int64]:
    masks: npt.NDArray[np.int64] = np.bitwise_or.reduce(np.left_shift(np.int64(1), cards.astype(np.int64)), axis=-1)
    return masks


def from_arrays(preset: Preset, cards: np.ndarray, bonus: np.ndarray, shape: np.ndarray) -> Bank:
    """A bank from its stored arrays: keys, masks and worths worked out (vectorised) here."""
    options = preset.default_options
    wide = cards.astype(np.int64)
    rows = [wide[:, s] for s in ROW_SLICES]
    keys = np.stack([batch_keys(r, options.wheel, options.suit_tiebreak).astype(np.int64) for r in rows], axis=1)
    worth = np.zeros(keys.shape)
    if preset in ROW_PRICED:
        cats = key_categories(keys)
        for row in Row:
            worth[:, row] = worth_by_category(row, preset)[cats[:, row]]
    return Bank(
        preset,
        cards.astype(np.uint8),
        _masks(wide),
        keys.astype(np.int32) if keys.max(initial=0) < 2**31 else keys,
        _narrow(worth),
        _narrow(np.asarray(bonus, dtype=np.float64)),
        shape.astype(bool),
    )


def _narrow(values: np.ndarray) -> np.ndarray:
    """``values`` as uint8 when they are whole numbers from 0 to 255 (worths, 加賭), else as they are."""
    small = values.astype(np.uint8)
    return small if np.array_equal(small, values) else values


def write_shared(path: Path = BANK_PATH, folder: Path = SHARED_PATH) -> list[str]:
    """Work out every preset's bank in ``path`` and write it to ``folder`` for :func:`load_bank` to map; returns
    the presets written. Fields that are zero throughout a preset are left out (they read as zeros)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for old in folder.glob("*.npy"):
        old.unlink()
    for preset in Preset:
        bank = load_bank.__wrapped__(preset, path, None)
        if bank is None:
            continue
        for field in SHARED_FIELDS:
            values = getattr(bank, field)
            if field in ("worth", "bonus", "shape") and not values.any():
                continue
            np.save(folder / f"{preset.value}_{field}.npy", np.ascontiguousarray(values), allow_pickle=False)
        written.append(preset.value)
    return written


def _mapped(preset: Preset, folder: Path) -> Bank | None:
    """``preset``'s bank mapped read-only from ``folder`` (None when its files are not all there)."""
    found: dict[str, np.ndarray] = {}
    for field in SHARED_FIELDS:
        file = folder / f"{preset.value}_{field}.npy"
        if file.exists():
            # A plain ndarray over the mapping (np.memmap's own subclass would follow into every slice).
            found[field] = np.load(file, mmap_mode="r").view(np.ndarray)
    if not {"cards", "hand_masks", "keys"} <= found.keys():
        return None
    n = len(found["cards"])
    zero = np.zeros((), dtype=np.uint8)  # a field left out: zeros, broadcast (no memory)
    return Bank(
        preset,
        found["cards"],
        found["hand_masks"],
        found["keys"],
        found.get("worth", np.broadcast_to(zero, (n, 3))),
        found.get("bonus", np.broadcast_to(zero, (n,))),
        found.get("shape", np.broadcast_to(np.zeros((), dtype=bool), (n,))),
    )


# Two banks at most stay loaded: a session plays one preset, and the Practice screen may drill a second. A mapped
# bank costs a process only the pages it reads (shared with every other process); one worked out from the .npz when
# the shared files are missing costs some 4 MB of its own.
@lru_cache(maxsize=2)
def load_bank(preset: Preset, path: Path = BANK_PATH, shared: Path | None = SHARED_PATH) -> Bank | None:
    """The shipped bank of ``preset``: mapped from ``shared`` when its files are there (for the shipped ``path``),
    else worked out from ``path`` (None when the file or the preset's entries are missing)."""
    if shared is not None and path == BANK_PATH and (mapped := _mapped(preset, shared)) is not None:
        return mapped
    if not path.exists():
        return None
    with np.load(path) as data:
        if f"{preset.value}_cards" not in data:
            return None
        return from_arrays(
            preset, data[f"{preset.value}_cards"], data[f"{preset.value}_bonus"], data[f"{preset.value}_shape"]
        )


def bank_for(view: TableView) -> Bank | None:
    """The bank `expert` may use at ``view``'s table: four players at the preset's default options (the
    bank's hands were arranged for those), else None. 免擺 (``exempt``) does not count: it changes no
    arrangement, and an exempt opponent takes the same from every candidate (RULES.md §18). Nor does the
    joker (§20): the bank's hands are natural, which is exact when we hold the joker and an approximation
    when an opponent does (assets/ai/README.md); callers pass :meth:`TableView.known_naturals`."""
    if view.players != 4 or replace(view.rules_options, exempt=False, joker=False) != view.preset.default_options:
        return None
    return load_bank(view.preset)


# ------------------------------------------------------------------------------------------------ building


def _arrange_chunk(args: tuple[str, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``count`` seeded hands arranged by `hard` (a worker's share; four hands from each shuffled deck)."""
    preset_name, seed, count = args
    preset = Preset(preset_name)
    view = TableView(preset=preset)
    rng = np.random.default_rng(seed)
    decks = -(-count // 4)
    hands = np.stack([rng.permutation(52) for _ in range(decks)]).reshape(-1, 13)[:count]
    out_cards, out_bonus, out_shape = [], [], []
    for start in range(0, len(hands), BATCH):
        im = imagine(hands[start : start + BATCH], view)
        keep = np.array([d is None for d in im.declared])
        h, sp = im.hands[keep], im.splits[keep]
        n = np.arange(len(h))[:, None]
        ordered = np.concatenate(
            [h[n, SUBSETS3[SPLIT_FRONT[sp]]], h[n, SUBSETS5[SPLIT_MIDDLE[sp]]], h[n, SUBSETS5[SPLIT_BACK[sp]]]], axis=1
        )
        out_cards.append(ordered.astype(np.uint8))
        out_bonus.append(im.rows.bonus[keep].astype(np.float32))
        out_shape.append(im.rows.shape[keep].astype(bool))
    return np.concatenate(out_cards), np.concatenate(out_bonus), np.concatenate(out_shape)


def build(preset: Preset, hands: int, seed: int, workers: int = 1) -> dict[str, np.ndarray]:
    """``hands`` seeded hands of ``preset`` arranged by `hard` (the declared ones left out), as stored.

    The hands depend on the seed alone: the chunks and their seeds are fixed, whatever ``workers`` is."""
    chunk = 5_000
    jobs = [
        (preset.value, seed * 1_000_003 + 7919 * k + preset_index(preset), min(chunk, hands - start))
        for k, start in enumerate(range(0, hands, chunk))
    ]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_arrange_chunk, jobs))
    else:
        parts = [_arrange_chunk(j) for j in jobs]
    return {
        f"{preset.value}_cards": np.concatenate([p[0] for p in parts]),
        f"{preset.value}_bonus": np.concatenate([p[1] for p in parts]),
        f"{preset.value}_shape": np.concatenate([p[2] for p in parts]),
    }


def preset_index(preset: Preset) -> int:
    """A preset's place in :class:`Preset` (keeps the presets' hands apart for one seed)."""
    return list(Preset).index(preset)


def main(argv: list[str] | None = None) -> int:
    """Build ``assets/ai/bank.npz`` for every preset (``--preset`` rebuilds some and keeps the others), and the
    shared files the game maps (``assets/ai/bank/``)."""
    parser = argparse.ArgumentParser(prog="python -m ai.bank", description="Build expert's bank of arranged hands.")
    parser.add_argument("--hands", type=int, default=100_000, help="hands per preset (before declarations)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=BANK_PATH)
    parser.add_argument(
        "--preset",
        choices=[p.value for p in Preset if p.arranged],
        action="append",
        help="only these presets; the others' entries in --out are kept",
    )
    args = parser.parse_args(argv)
    arrays: dict[str, np.ndarray] = {}
    made: dict[str, object] = {}
    presets = [Preset(p) for p in args.preset] if args.preset else [p for p in Preset if p.arranged]
    if args.preset and args.out.exists():
        with np.load(args.out) as old:
            arrays = {k: old[k] for k in old.files if k != "meta"}
            made = dict(json.loads(str(old["meta"])).get("made", {})) if "meta" in old.files else {}
        for preset in presets:
            for k in [k for k in arrays if k.startswith(f"{preset.value}_")]:
                del arrays[k]
    for preset in presets:
        t0 = time.perf_counter()
        part = build(preset, args.hands, args.seed, args.workers)
        arrays.update(part)
        entries = len(part[f"{preset.value}_cards"])
        made[preset.value] = {"entries": entries, "seconds": round(time.perf_counter() - t0, 1)}
        print(preset.value, made[preset.value], flush=True)
    meta = {"hands": args.hands, "seed": args.seed, "made": made}
    arrays["meta"] = np.array(json.dumps(meta))
    tmp = args.out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, allow_pickle=False, **arrays)
    tmp.replace(args.out)  # a crash mid-write leaves the old bank in place
    if args.out == BANK_PATH:
        print("shared:", ", ".join(write_shared()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
