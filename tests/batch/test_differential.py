"""The batch engine against the scalar engine: the same deals and the same choices give the same states and the
same legal-move masks at every step, on every registered variant that compiles to tables, on generated variants
and on a house rule; the variants that do not compile say which rule stops them."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maumau_rules import apply, legal_moves, new_game
from maumau_rules.batch import BatchEngine, scalar_snapshot
from maumau_rules.errors import VariantError
from maumau_rules.rules.tables import compile_tables, table_coverage
from maumau_rules.testing.strategies import composed_variants
from maumau_rules.variants import Variant, available_variants

COVERED = [v for v in available_variants() if not table_coverage(v)]
REFUSED = [v for v in available_variants() if table_coverage(v)]


def play_both(variant: Variant, players: int, games: int, steps: int, seed: int) -> int:
    """Play ``games`` games in both engines with the same random choices (interjected call-outs included) and
    compare every state and mask; returns the number of moves compared."""
    eng = BatchEngine(variant, players, games, auto_reset=False)
    states = [new_game(variant, players, seed=seed * 1000 + i) for i in range(games)]
    eng.load(states)
    space = eng.space
    r = random.Random(seed)
    moves = 0
    for step in range(steps + 1):
        mask = eng.legal_mask()
        actions = np.zeros(games, dtype=np.int64)
        movers = np.full(games, -1, dtype=np.int64)
        for b, s in enumerate(states):
            assert eng.snapshot(b) == scalar_snapshot(s), (variant.id, players, b, step)
            want = space.mask(s) if not s.is_over else (False,) * space.size
            assert tuple(mask[b].tolist()) == want, (variant.id, players, b, step)
            if s.is_over or step == steps:
                continue
            others = [p for p in range(players) if p != s.seat_to_act and legal_moves(s, p)]
            if others and r.random() < 0.5:
                p = r.choice(others)
                move = r.choice(legal_moves(s, p))
                movers[b] = p
                states[b] = apply(s, move, player=p)
            else:
                move = r.choice(legal_moves(s))
                states[b] = apply(s, move)
            actions[b] = space.encode(move)
            moves += 1
        if all(s.is_over for s in states) or step == steps:
            break
        eng.step(actions, movers)
    return moves


@pytest.mark.parametrize("variant", COVERED, ids=lambda v: v.id)
def test_batch_equals_scalar_on_registered_variants(variant: Variant) -> None:
    high = min(variant.plan.max_players, 4)
    for players in range(variant.plan.min_players, high + 1):
        assert play_both(variant, players, games=3, steps=120, seed=players) > 100


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(composed_variants(), st.integers(0, 10**6))
def test_batch_equals_scalar_on_generated_variants(variant: Variant, seed: int) -> None:
    why = table_coverage(variant)
    if why:  # refused: the message names a rule of the variant
        named = re.search(r"rule (R_[A-Z_]+)", why)
        assert named is not None and named.group(1) in {r.rule_id for r in variant.rules}, why
        return
    assert play_both(variant, variant.plan.min_players, games=2, steps=60, seed=seed % 1000) > 0


def test_a_house_rule_with_library_effects_runs_batched() -> None:
    from examples.house_rules import queen_all_draw

    assert table_coverage(queen_all_draw.VARIANT) == ""
    assert play_both(queen_all_draw.VARIANT, 3, games=3, steps=80, seed=5) > 100


def test_a_house_rule_with_its_own_effect_is_refused_by_name() -> None:
    from examples.house_rules import ten_swaps_hands

    with pytest.raises(VariantError, match="R_HOUSE_TEN_SWAPS_HANDS"):
        compile_tables(ten_swaps_hands.VARIANT)


@pytest.mark.parametrize("variant", REFUSED, ids=lambda v: v.id)
def test_refused_variants_name_the_rule(variant: Variant) -> None:
    with pytest.raises(VariantError, match=r"has no table form") as info:
        BatchEngine(variant, variant.family_plan.min_players, 2)
    if variant.family == "maumau":
        named = re.search(r"rule (R_[A-Z_]+)", str(info.value))
        assert named is not None and named.group(1) in {r.rule_id for r in variant.rules}


@pytest.mark.parametrize("variant", COVERED, ids=lambda v: v.id)
def test_batch_play_is_legal_reproducible_and_redeals(variant: Variant) -> None:
    players = variant.plan.min_players
    runs = []
    for _ in range(2):
        eng = BatchEngine(variant, players, 16, seed=9)
        done = 0
        for _ in range(120):
            actions = eng.sample_random()
            assert eng.legal_mask()[np.arange(16), actions].all()
            done += eng.step(actions).size
            assert (eng.end == 0).all()  # finished games are dealt again at once
        sizes = np.bitwise_count(eng.hands).sum(axis=1) + eng.nst + eng.nd
        assert (sizes == len(variant.plan.deck_cards)).all()  # no card made or lost
        runs.append((done, eng.hands.copy(), eng.rng.copy()))
    assert runs[0][0] > 0 or variant.plan.max_moves > 120  # (random Crazy Eights rounds can be long)
    assert runs[0][0] == runs[1][0] and (runs[0][1] == runs[1][1]).all() and (runs[0][2] == runs[1][2]).all()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    eng = BatchEngine("standard", 2, 4, seed=1)
    before = eng.hands.copy()
    illegal = np.flatnonzero(~eng.legal_mask()[0])[0]
    actions = eng.sample_random()
    actions[0] = illegal
    with pytest.raises(Exception, match="not legal in game 0"):
        eng.step(actions)
    assert (eng.hands == before).all()
