"""One property per invariant, over reachable states of every registered variant."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules import IllegalMoveError, apply, check, legal_moves
from maumau_rules.families.maumau.invariants import (
    candidate_moves,
    check_no_leak,
    check_other_seats,
    check_rejections,
    hidden_permutation,
    snapshot,
)
from maumau_rules.families.maumau.state import GameState
from maumau_rules.reasons import Reason
from maumau_rules.testing import check_state, check_transition
from maumau_rules.testing.strategies import moves_for, reachable_states
from maumau_rules.views import public_view, view

from ._support import examples


@settings(max_examples=examples(2))
@given(reachable_states(max_steps=400))
def test_card_conservation_playable_pending_termination(state: GameState) -> None:
    check_state(state)
    assert sum(state.all_cards().values()) == len(state.variant.plan.deck_cards)
    assert bool(legal_moves(state)) != state.is_over


@settings(max_examples=examples(2))
@given(reachable_states(max_steps=400), st.data())
def test_apply_accepts_exactly_the_legal_moves(state: GameState, data: st.DataObject) -> None:
    move = data.draw(moves_for(state))
    before = snapshot(state)
    if move in legal_moves(state):
        after = apply(state, move)
        assert check(state, move).ok
        check_transition(state, move, after)
        check_state(after)
    else:
        assert not check(state, move).ok
        assert check_rejections(state, [move]) == 1
    assert snapshot(state) == before


@settings(max_examples=examples(0.5))
@given(reachable_states(max_steps=300))
def test_every_card_wish_and_call_is_judged_like_legal_moves(state: GameState) -> None:
    tried = check_rejections(state, candidate_moves(state, full=True))
    assert tried + len(legal_moves(state)) >= len(candidate_moves(state, full=True)) - len(legal_moves(state))


@settings(max_examples=examples(1))
@given(reachable_states(max_steps=300))
def test_only_the_seat_to_act_can_move(state: GameState) -> None:
    check_other_seats(state)
    for p in range(state.players):
        if p != state.seat_to_act:
            assert view(state, p).legal_moves == ()
            for m in legal_moves(state)[:2]:
                try:
                    apply(state, m, player=p)
                except IllegalMoveError as exc:
                    assert exc.verdict.reason is Reason.NOT_YOUR_TURN
                else:
                    raise AssertionError(f"seat {p} moved out of turn")


@settings(max_examples=examples(1))
@given(reachable_states(max_steps=300), st.integers(min_value=0, max_value=2**32 - 1))
def test_views_do_not_depend_on_hidden_cards(state: GameState, seed: int) -> None:
    rnd = random.Random(seed)
    check_no_leak(state, rnd, tries=2)
    for p in range(state.players):
        other = hidden_permutation(state, p, rnd)
        assert other.hands[p] == state.hands[p]
        assert view(other, p) == view(state, p)
    assert public_view(hidden_permutation(state, None, rnd)) == public_view(state)
