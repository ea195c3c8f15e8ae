"""Random house variants composed from the whole rule catalogue, played against the reference implementation.

The registered variants are 15 points in a large space of combinations; a rule that behaves wrongly only in
some combination would pass every test of those 15. Here Hypothesis composes variants from every rule of the
catalogue with random parameters and player counts (:func:`maumau_rules.testing.strategies.composed_variants`),
and on a random game of each the engine must agree with ``tests/reference.py`` move by move, with every
invariant holding. ``nox -s thorough`` runs it at nightly strength.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules import apply, legal_moves, new_game
from maumau_rules.testing.invariants import check_state, check_transition
from maumau_rules.testing.strategies import composed_variants
from maumau_rules.variants import Variant

from ..reference import reference_apply, reference_moves
from ._support import examples

STEPS = 120


def play_against_the_reference(variant: Variant, players: int, seed: int, steps: int = STEPS) -> int:
    """Play a random game; at every state compare the legal moves and every successor with the reference and
    check the invariants. Returns how many moves were compared."""
    rnd = random.Random(seed)
    s = new_game(variant, players, seed=seed)
    compared = 0
    for _ in range(steps):
        check_state(s)
        moves = legal_moves(s)
        assert moves == reference_moves(s), f"moves of {s!r}\n in {variant.rules}"
        if s.is_over:
            break
        for move in moves:
            got = apply(s, move)
            assert got == reference_apply(s, move), f"{move} from {s!r}\n in {variant.rules}"
            compared += 1
        move = rnd.choice(moves)
        after = apply(s, move)
        check_transition(s, move, after)
        s = after
    return compared


@settings(max_examples=examples(1.0))
@given(composed_variants(), st.integers(min_value=0, max_value=2**32 - 1), st.data())
def test_composed_variants_agree_with_the_reference(variant: Variant, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.integers(min_value=variant.players[0], max_value=variant.players[1]), label="players")
    assert play_against_the_reference(variant, players, seed) > 0
