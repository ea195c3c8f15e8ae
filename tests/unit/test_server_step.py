"""A server's step through the public API: ``apply`` with the client's seat and turn judges a move once, and
gives the state that the move ``legal_moves`` handed out gives; refusals are those of ``check``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from maumau_rules import IllegalMoveError, apply, available_variants, check, legal_moves, new_game, parse_move
from maumau_rules.notation import dumps


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_a_parsed_move_with_seat_and_turn_gives_the_same_state(variant: Any) -> None:
    rng = random.Random(len(variant.id))
    lo, hi = variant.players
    s = new_game(variant, rng.randint(lo, min(hi, 5)), seed=3)
    steps = 0
    while not s.is_over and steps < 150:
        move = rng.choice(legal_moves(s))
        parsed = parse_move(str(move))
        fast = apply(s, parsed, player=s.seat_to_act, turn=s.turn)
        assert fast == apply(s, move) and dumps(fast) == dumps(apply(s, move))
        other = (s.seat_to_act + 1) % s.players
        for seat, turn in ((s.seat_to_act, s.turn + 1), (other, s.turn)):  # a stale turn, another seat
            verdict = check(s, parsed, player=seat, turn=turn)
            if not verdict.ok:
                with pytest.raises(IllegalMoveError) as refused:
                    apply(s, parsed, player=seat, turn=turn)
                assert refused.value.verdict == verdict
        s = fast
        steps += 1
    assert steps > 0
