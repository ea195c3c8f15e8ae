"""Differential test of the engine's direct paths against its general rule code.

``apply`` takes direct paths for the common plays, draws and passes (and builds the next state's legal
moves on the way); everything else goes through the general rule code (``_do_play``, ``_do_draw``,
``_do_pass``, ``_end_turn``). Here every legal move of every state of seeded games of every variant and
player count is applied both ways: the states must be equal, and the moves the direct path built for the
next state must equal a fresh generation. Likewise ``legal_moves`` answers the common cases with masks;
every state's moves must equal those of the general rule code, which checks card by card.
"""

from __future__ import annotations

import random

import attrs
import pytest

from maumau_rules import apply, legal_moves, new_game
from maumau_rules.engine import _generate, _reference_moves, _reference_transition, _transition
from maumau_rules.variants import Variant

from ._support import GRID

STEPS = 250  # per game: long enough to see reshuffles, penalties, wishes and skips


@pytest.mark.parametrize(("variant", "players"), GRID, ids=[f"{v.id}-{n}p" for v, n in GRID])
def test_direct_paths_agree_with_the_rule_code(variant: Variant, players: int) -> None:
    rnd = random.Random(players)
    compared = 0
    for game in range(3):
        s = new_game(variant, players, seed=7 * players + game)
        for _ in range(STEPS):
            if s.is_over:
                break
            moves = legal_moves(s)
            assert moves == _reference_moves(s), f"{variant.id}: moves of {s!r}"
            for move in moves:
                fast = _transition(s, move)
                slow = _reference_transition(s, move)
                assert fast == slow, f"{variant.id}: {move} from {s!r}"
                assert fast._hm == slow._hm and fast.is_over == slow.is_over == (fast.end is not None)
                cached = fast.__dict__.get("_legal")
                if cached is not None:
                    assert cached == _generate(attrs.evolve(slow)), f"{variant.id}: moves after {move} from {s!r}"
                compared += 1
            s = apply(s, rnd.choice(moves))
    assert compared > 100
