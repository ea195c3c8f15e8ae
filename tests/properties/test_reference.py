"""The engine against the independent reference implementation (``tests/reference.py``), move by move.

For seeded games of every registered variant and player count, every state's legal moves and the state after
every legal move must be equal, field for field. (The generated variants of
``test_generated_variants.py`` do the same for random combinations of the whole rule catalogue.)
"""

from __future__ import annotations

import random

import pytest

from maumau_rules import apply, legal_moves, new_game
from maumau_rules.variants import Variant

from ..reference import reference_apply, reference_moves
from ._support import GRID_PARAMS

STEPS = 250  # per game: long enough to see reshuffles, penalties, wishes and skips


def compare_game(variant: Variant, players: int, seed: int, choice_seed: int, steps: int = STEPS) -> int:
    """Play a random game and compare every state's moves and successors with the reference; the moves compared."""
    rnd = random.Random(choice_seed)
    s = new_game(variant, players, seed=seed)
    compared = 0
    for _ in range(steps):
        table = []
        for seat in range(players):  # the seat to act, and every other seat's call-outs inside open windows
            moves = legal_moves(s, seat)
            assert moves == reference_moves(s, seat), f"{variant.id}: moves of seat {seat} in {s!r}"
            table += [(seat, move) for move in moves]
        if s.is_over:
            break
        for seat, move in table:
            got, want = apply(s, move, player=seat), reference_apply(s, move, seat)
            assert got == want, f"{variant.id}: {move} by {seat} from {s!r}\n engine {got!r}\n reference {want!r}"
            assert got._hm == want._hm and got.is_over == want.is_over and legal_moves(got) == legal_moves(want)
            compared += 1
        seat, move = rnd.choice(table)
        s = apply(s, move, player=seat)
    return compared


@pytest.mark.rule("R_MATCH", "R_WILD", "R_DRAW_PENALTY", "R_SKIP", "R_REVERSE", "R_PLAY_AGAIN", "R_SERIES",
                  "R_WILD_FINISH_SERIES", "R_DRAW", "R_ANNOUNCE", "R_NO_FINISH", "R_FINAL_CARD_EFFECTS")
@pytest.mark.parametrize(("variant", "players"), GRID_PARAMS)
def test_engine_agrees_with_the_reference(variant: Variant, players: int) -> None:
    compared = sum(compare_game(variant, players, seed=7 * players + game, choice_seed=players + game)
                   for game in range(2))
    assert compared > 100
