"""The vectorized environment: observations from what the acting seat may see only (a metamorphic no-leak test
over batches), masks and rewards as the engine and the scoring rules give them."""

from __future__ import annotations

import numpy as np
import pytest

from maumau_rules.batch import BatchEngine
from maumau_rules.batch.env import VectorEnv
from maumau_rules.families.maumau.tables import table_coverage
from maumau_rules.variants import available_variants

COVERED = [v.id for v in available_variants() if not table_coverage(v)]


def _hide_and_shuffle(eng: BatchEngine, rng: np.random.Generator) -> None:
    """Deal the cards the seat to act cannot see (the other hands and the stock) anew, every hand and the stock
    keeping its size (copies of a card included)."""
    P = eng.players
    for b in range(eng.batch):
        me = int(eng.seat[b])
        others = [p for p in range(P) if p != me]
        pool = []
        sizes = []
        for p in others:
            held = [i for i, n in enumerate(eng.hand_counts(b, p)) for _ in range(n)]
            pool += held
            sizes.append(len(held))
        n = int(eng.nst[b])
        pool += eng.stock[b, :n].tolist()
        rng.shuffle(pool)
        at = 0
        for p, size in zip(others, sizes, strict=True):
            counts = [0] * eng.n_cards
            for i in pool[at:at + size]:
                counts[i] += 1
            eng.set_hand(b, p, counts)
            at += size
        eng.stock[b, :n] = pool[at:]
    eng.refresh()


@pytest.mark.parametrize("variant", COVERED)
def test_observations_do_not_leak_hidden_cards(variant: str) -> None:
    env = VectorEnv(variant, 3, 24, seed=4)
    env.reset()
    rng = np.random.default_rng(4)
    changed = 0
    for _ in range(12):
        for _ in range(7):
            env.step(env.sample_actions())
        eng = env.engine
        saved = ([layer.copy() for layer in eng.layers], eng.stock.copy())
        obs, mask = env.observe(), eng.legal_mask()
        _hide_and_shuffle(eng, rng)
        changed += int((eng.hands != saved[0][0]).any())
        assert (env.observe() == obs).all()
        assert (eng.legal_mask() == mask).all()
        for layer, kept in zip(eng.layers, saved[0], strict=True):
            layer[:] = kept
        eng.stock[:] = saved[1]
        eng.refresh()
    assert changed > 0  # the hidden cards did change
    # and the observation does see the seat's own hand: giving it another card changes it
    eng = env.engine
    ar = np.arange(eng.batch)
    obs = env.observe()
    eng.hands[ar, eng.seat] ^= np.uint64(1) << np.uint64(0)
    assert (env.observe() != obs).any(axis=1).all()


def test_rewards_follow_the_scoring_rules() -> None:
    env = VectorEnv("standard-points", 2, 64, seed=2)
    env.reset()
    ends = 0
    for _ in range(250):
        _, rewards, terminated, truncated, info = env.step(env.sample_actions())
        over = terminated | truncated
        assert (rewards[~over] == 0).all()
        fin = env.engine.finished
        if over.any():
            ends += int(over.sum())
            # penalty points: the loser's hand counts against him, the winner scores nothing
            assert (rewards[over] <= 0).all()
            won = fin["winner"] >= 0
            assert (rewards[fin["index"][won], fin["winner"][won]] == 0).all()
        assert info["legal_action_mask"].any(axis=1).all()
    assert ends > 0
