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

from maumau_rules import Play, apply, legal_moves, new_game
from maumau_rules.families.maumau.invariants import check_state, check_transition
from maumau_rules.testing.strategies import composed_variants
from maumau_rules.variants import Variant

from ..reference import reference_apply, reference_moves
from ._support import examples

STEPS = 120


def play_against_the_reference(variant: Variant, players: int, seed: int, steps: int = STEPS,
                               eager: bool = False) -> int:
    """Play a random game; at every state compare the legal moves and every successor with the reference and
    check the invariants. Returns how many moves were compared. ``eager`` plays a card whenever one can be played
    (rounds end sooner, so more of them end within ``steps``)."""
    rnd = random.Random(seed)
    s = new_game(variant, players, seed=seed)
    compared = 0
    for _ in range(steps):
        check_state(s)
        table = []
        for seat in range(players):  # the seat to act, and every other seat's call-outs inside open windows
            moves = legal_moves(s, seat)
            assert moves == reference_moves(s, seat), f"moves of seat {seat} in {s!r}\n in {variant.rules}"
            table += [(seat, move) for move in moves]
        if s.is_over:
            break
        for seat, move in table:
            got = apply(s, move, player=seat)
            assert got == reference_apply(s, move, seat), f"{move} by {seat} from {s!r}\n in {variant.rules}"
            compared += 1
        plays = [(seat, move) for seat, move in table if isinstance(move, Play)] if eager else []
        seat, move = rnd.choice(plays or table)
        after = apply(s, move, player=seat)
        check_transition(s, move, after, player=seat)
        s = after
    return compared


@settings(max_examples=examples(1.0))
@given(composed_variants(), st.integers(min_value=0, max_value=2**32 - 1), st.data())
def test_composed_variants_agree_with_the_reference(variant: Variant, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.integers(min_value=variant.players[0], max_value=variant.players[1]), label="players")
    assert play_against_the_reference(variant, players, seed) > 0
