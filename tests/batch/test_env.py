"""The vectorized environment: observations from what the acting seat may see only (a metamorphic no-leak test
over batches), masks and rewards as the engine and the scoring rules give them."""

from __future__ import annotations

import numpy as np
import pytest

from maumau_rules.families.maumau.batch import BatchEngine
from maumau_rules.families.maumau.batch.env import VectorEnv
from maumau_rules.families.maumau.tables import table_coverage
from maumau_rules.variants import available_variants

COVERED = [v.id for v in available_variants() if not table_coverage(v)]


def _hide_and_shuffle(eng: BatchEngine, viewer: np.ndarray, rng: np.random.Generator) -> None:
    """Deal the cards the viewer of each game cannot see (the other hands and the stock) anew, every hand and the
    stock keeping its size (copies of a card included)."""
    P = eng.players
    for b in range(eng.batch):
        me = int(viewer[b])
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
    changed = asked = 0
    for _ in range(12):
        for _ in range(7):
            env.step(env.sample_actions())
        eng = env.engine
        saved = ([layer.copy() for layer in eng.layers], eng.stock.copy())
        obs, mask = env.observe(), env.legal_mask()
        asked += int((env.current_player() != eng.seat).sum())
        _hide_and_shuffle(eng, env.current_player(), rng)
        changed += int((eng.hands != saved[0][0]).any())
        assert (env.observe() == obs).all()
        assert (env.legal_mask() == mask).all()
        for layer, kept in zip(eng.layers, saved[0], strict=True):
            layer[:] = kept
        eng.stock[:] = saved[1]
        eng.refresh()
    assert changed > 0  # the hidden cards did change
    if env.calls:  # (seats not to act were asked about call-outs, and saw nothing)
        assert asked > 0
    # and the observation does see the seat's own hand: giving it another card changes it
    eng = env.engine
    ar = np.arange(eng.batch)
    obs = env.observe()
    eng.hands[ar, env.current_player()] ^= np.uint64(1) << np.uint64(0)
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


def test_seats_not_to_act_are_asked_about_call_outs() -> None:
    """As the OpenSpiel adapter does: each other seat that may call out is asked in turn order; it may call out
    (the offender draws the penalty) or waive (the next one is asked, then the seat to act moves)."""
    env = VectorEnv("standard", 4, 64, seed=7)
    env.reset()
    eng = env.engine
    asked = called = waived = grew = 0
    for _ in range(600):
        mask = env.legal_mask()
        who = env.current_player()
        rows = np.flatnonzero(who != eng.seat)
        for b in rows.tolist():  # an asked seat: its call-outs and the waive action, nothing else
            targets = eng.callout_targets()[b] & ~(1 << int(who[b]))
            want = [a for a in range(eng.A) if eng.A_KIND[a] == 3 and (targets >> int(eng.A_TARGET[a])) & 1]
            assert np.flatnonzero(mask[b]).tolist() == [*want, env.waive_action]
        actions = env.sample_actions()
        assert mask[np.arange(64), actions].all()
        sizes, seats, ranks = eng.hand_sizes().copy(), eng.seat.copy(), env._rank_of(who)
        env.step(actions)
        asked += rows.size
        for b in rows.tolist():
            if eng.finished and b in eng.finished["index"]:
                continue
            if actions[b] == env.waive_action:  # nothing moved; the next asked seat comes later in turn order
                waived += 1
                assert eng.hand_sizes()[b].tolist() == sizes[b].tolist() and eng.seat[b] == seats[b]
                nxt = int(env.current_player()[b])
                later = (nxt - int(eng.seat[b])) * int(eng.dirn[b]) % 4
                assert nxt == eng.seat[b] or later > ranks[b], (nxt, later, ranks[b])
            else:  # a call-out: the one named draws the penalty
                called += 1
                tgt = int(eng.A_TARGET[actions[b]])
                assert eng.hand_sizes()[b, tgt] >= sizes[b, tgt]
                grew += int(eng.hand_sizes()[b, tgt] > sizes[b, tgt])
    assert asked > 20 and called > 5 and waived > 5 and grew > 0, (asked, called, waived, grew)
