"""Random games of every registered variant and player count, with every invariant checked on each step.

Each game checks INV_CARD_CONSERVATION, INV_ONE_SEAT_TO_ACT, INV_PLAYABLE, INV_TERMINATION,
INV_PENDING_CONSISTENT on every state and INV_HAND_SIZES on every move; every 25th state (and the
last) also gets the whole step check (rejections, other seats, INV_NO_LEAK); and each game is
replayed from its seed and moves (INV_DETERMINISM).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules.testing import check_game
from maumau_rules.testing.strategies import GameSetup, setups
from maumau_rules.variants import Variant

from ._support import GRID, examples

GAMES_PER_CELL = 2


@pytest.mark.parametrize(("variant", "players"), GRID, ids=[f"{v.id}-{n}p" for v, n in GRID])
def test_seeded_games_of_every_variant_and_player_count(variant: Variant, players: int) -> None:
    for k in range(GAMES_PER_CELL):
        final, moves = check_game(variant, players, seed=1000 * players + k, choice_seed=k, full_every=25)
        assert final.is_over and final.turn == len(moves) <= variant.plan.max_moves


@pytest.mark.slow(seconds=15)
@settings(max_examples=examples(4))
@given(setups(), st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_invariant(setup: GameSetup, choice_seed: int) -> None:
    final, moves = check_game(setup.variant, setup.players, setup.seed, choice_seed, full_every=50)
    assert final.is_over
    assert final.turn == len(moves) <= setup.variant.plan.max_moves
