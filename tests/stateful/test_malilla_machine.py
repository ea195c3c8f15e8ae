"""A ``RuleBasedStateMachine`` per registered Malilla variant: play legal moves, try illegal ones, finish hands and
go on to the next hand of the match, checking every Malilla invariant after each step.

Each machine starts a match (any seed), then mixes: one legal move drawn by Hypothesis, a random run of legal moves
(to reach the end of hands), an arbitrary move (mostly illegal: refused with the state unchanged, or, in table play,
a broken rule that ends the match), a legal move sent for a seat that is not to act, and the next hand once a hand is
over. The ``@invariant()`` methods check INV_MAL_CARDS, INV_MAL_TRICKS, INV_MAL_POINTS, INV_PLAYABLE,
INV_LEGAL_IFF_APPLY, INV_ONE_SEAT_TO_ACT and INV_NO_LEAK.
"""

from __future__ import annotations

import random
import unittest

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from maumau_rules import IllegalMoveError, Play, apply, legal_moves
from maumau_rules.families.malilla.invariants import (
    candidate_moves,
    check_no_leak,
    check_other_seats,
    check_rejections,
    check_state,
    check_transition,
    snapshot,
)
from maumau_rules.families.malilla.state import MalillaState
from maumau_rules.moves import Move
from maumau_rules.reasons import Reason
from maumau_rules.scoring import Match, next_round, start_match
from maumau_rules.variants import Variant, available_variants

from ..properties._support import examples


class MalillaMachine(RuleBasedStateMachine):
    """Plays a match of one Malilla variant (``variant`` is set by the subclass) and checks every invariant."""

    variant: Variant

    def __init__(self) -> None:
        super().__init__()
        self.match: Match | None = None
        self.state: MalillaState | None = None

    @property
    def s(self) -> MalillaState:
        assert self.state is not None
        return self.state

    def _step(self, move: Move) -> None:
        after = apply(self.s, move)
        assert isinstance(after, MalillaState)
        check_transition(self.s, move, after)
        self.state = after

    @initialize(seed=st.integers(0, 2**32 - 1))
    def start(self, seed: int) -> None:
        self.match = start_match(self.variant, 4, seed)
        game = self.match.game
        assert isinstance(game, MalillaState)
        self.state = game

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        self._step(data.draw(st.sampled_from(legal_moves(self.s)), label="move"))

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(k=st.integers(min_value=1, max_value=45), seed=st.integers(0, 2**16))
    def play_random_legal_moves(self, k: int, seed: int) -> None:
        rnd = random.Random(seed)
        for _ in range(k):
            if self.s.is_over:
                break
            self._step(rnd.choice(legal_moves(self.s)))

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    def try_an_arbitrary_move(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(candidate_moves(self.s)), label="arbitrary")
        before = snapshot(self.s)
        if move in legal_moves(self.s):
            self._step(move)
            return
        try:
            after = apply(self.s, move)
        except IllegalMoveError:
            assert snapshot(self.s) == before
            return
        # only table play accepts an unlisted move: a broken rule that ends the hand
        assert isinstance(after, MalillaState) and isinstance(move, Play)
        assert self.variant.family_plan.breach == "lose_match" and after.offender == self.s.seat_to_act
        check_transition(self.s, move, after)
        self.state = after

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(offset=st.integers(1, 3))
    def move_out_of_turn(self, offset: int) -> None:
        seat = (self.s.seat_to_act + offset) % 4
        move = legal_moves(self.s)[0]
        try:
            apply(self.s, move, player=seat)
        except IllegalMoveError as exc:
            assert exc.verdict.reason is Reason.NOT_YOUR_TURN
        else:  # pragma: no cover - the invariant is broken
            raise AssertionError("a move out of turn was accepted")

    @precondition(lambda self: self.state is not None and self.state.is_over and self.match is not None
                  and not self.match.over)
    @rule()
    def next_hand(self) -> None:
        assert self.match is not None
        self.match = next_round(self.match, self.s)
        if not self.match.over:
            game = self.match.game
            assert isinstance(game, MalillaState) and game.scores == self.match.scores
            self.state = game

    @invariant()
    def every_state_invariant_holds(self) -> None:
        if self.state is not None:
            check_state(self.s)
            check_other_seats(self.s)

    @invariant()
    def illegal_moves_are_refused(self) -> None:
        if self.state is not None and self.s.turn % 5 == 0:
            check_rejections(self.s)

    @invariant()
    def views_do_not_leak(self) -> None:
        if self.state is not None and self.s.turn % 7 == 0:
            check_no_leak(self.s, random.Random(self.s.turn))


def _machine_for(variant: Variant) -> type[unittest.TestCase]:
    machine = type(f"MalillaMachine_{variant.id}", (MalillaMachine,), {"variant": variant})
    case: type[unittest.TestCase] = machine.TestCase  # type: ignore[attr-defined]
    case.settings = settings(max_examples=examples(0.1), stateful_step_count=40)  # type: ignore[attr-defined]
    return case


for _v in available_variants("malilla"):
    globals()[f"TestMalillaMachine_{_v.id.replace('-', '_')}"] = _machine_for(_v)
