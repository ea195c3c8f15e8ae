"""A ``RuleBasedStateMachine`` per registered variant: play legal moves, try illegal ones, check everything.

Each machine starts a game (any allowed player count and seed), then mixes: one legal move drawn by
Hypothesis, a random run of legal moves (to reach deep states and the end of the round), an
arbitrary move (mostly illegal: it must be refused with the state unchanged), a call-out by a seat that is not
to act inside an open window (an interjection), and a move sent for a random seat that is not to act: the
actor's moves and call-outs of any seat, accepted exactly when that seat's ``legal_moves`` list them, refused
(``NOT_YOUR_TURN``, ``NOTHING_TO_CALL_OUT``) with the state unchanged otherwise. The ``@invariant()`` methods
check every INV_* of ``spec/invariants.toml`` after each step.
"""

from __future__ import annotations

import random
import unittest

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from maumau_rules import CallOut, IllegalMoveError, apply, legal_moves
from maumau_rules.families.maumau.invariants import (
    TableMove,
    check_other_seats,
    check_rejections,
    check_state,
    check_transition,
    replay,
    snapshot,
)
from maumau_rules.families.maumau.state import GameState
from maumau_rules.moves import Move
from maumau_rules.reasons import Reason
from maumau_rules.testing import check_no_leak, state_digest
from maumau_rules.testing.strategies import GameSetup, any_moves, setups
from maumau_rules.variants import Variant, available_variants

from ..properties._support import examples


class GameMachine(RuleBasedStateMachine):
    """Plays one variant (``variant`` is set by the subclass) and checks every invariant."""

    variant: Variant

    def __init__(self) -> None:
        super().__init__()
        self.setup: GameSetup | None = None
        self.state: GameState | None = None
        self.moves: list[TableMove] = []
        self.refused = 0
        self.leak_checked: GameState | None = None

    @property
    def s(self) -> GameState:
        assert self.state is not None
        return self.state

    def _step(self, move: Move, seat: int | None = None) -> None:
        seat = self.s.seat_to_act if seat is None else seat
        after = apply(self.s, move, player=seat)
        check_transition(self.s, move, after, player=seat)
        self.state = after
        self.moves.append((seat, move))

    def _interjections(self) -> list[tuple[int, Move]]:
        return [(p, m) for p in range(self.s.players) if p != self.s.seat_to_act for m in legal_moves(self.s, p)]

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.setup = data.draw(setups(self.variant), label="setup")
        self.state = self.setup.start()

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        self._step(data.draw(st.sampled_from(legal_moves(self.s)), label="move"))

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(k=st.integers(min_value=1, max_value=80), seed=st.integers(min_value=0, max_value=2**16))
    def play_random_legal_moves(self, k: int, seed: int) -> None:
        rnd = random.Random(seed)
        for _ in range(k):
            if self.s.is_over:
                break
            others = self._interjections()
            if others and rnd.random() < 0.3:
                seat, move = rnd.choice(others)
                self._step(move, seat)
            else:
                self._step(rnd.choice(legal_moves(self.s)))

    @precondition(lambda self: self.state is not None and not self.state.is_over
                  and bool(self.state.missed_calls or self.state.finisher is not None))
    @rule(data=st.data())
    def call_out_between_turns(self, data: st.DataObject) -> None:
        others = self._interjections()
        if others:
            seat, move = data.draw(st.sampled_from(others), label="interjection")
            self._step(move, seat)

    @rule(data=st.data())
    def try_an_arbitrary_move(self, data: st.DataObject) -> None:
        move = data.draw(any_moves(self.s), label="arbitrary")
        if move in legal_moves(self.s):
            self._step(move)
        else:
            self.refused += check_rejections(self.s, [move])

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def move_out_of_turn(self, data: st.DataObject) -> None:
        others = [p for p in range(self.s.players) if p != self.s.seat_to_act]
        seat = data.draw(st.sampled_from(others), label="seat")
        candidates = [*legal_moves(self.s), *(CallOut(p) for p in range(self.s.players))]
        move = data.draw(st.sampled_from(candidates), label="move")
        if move in legal_moves(self.s, seat):  # a call-out inside an open window: accepted
            self._step(move, seat)
            return
        before = snapshot(self.s)
        try:
            apply(self.s, move, player=seat)
        except IllegalMoveError as exc:
            want = Reason.NOTHING_TO_CALL_OUT if isinstance(move, CallOut) else Reason.NOT_YOUR_TURN
            assert exc.verdict.reason is want, exc.verdict
        else:
            raise AssertionError(f"seat {seat} played {move} out of turn")
        assert snapshot(self.s) == before

    @invariant()
    def state_invariants(self) -> None:
        if self.state is not None:
            check_state(self.s)

    @invariant()
    def one_seat_to_act(self) -> None:
        if self.state is not None:
            check_other_seats(self.s)

    @invariant()
    def no_leak(self) -> None:
        # A refused move leaves the very same state: it was checked when it was reached.
        if self.state is not None and self.state is not self.leak_checked:
            check_no_leak(self.s, random.Random(self.s.turn))
            self.leak_checked = self.state

    @invariant()
    def deterministic_replay(self) -> None:
        if self.state is not None and self.setup is not None and (self.s.is_over or len(self.moves) % 40 == 0):
            again = replay(self.setup.variant, self.setup.players, self.setup.seed, self.moves)[-1]
            assert again == self.s and state_digest(again) == state_digest(self.s)

    @invariant()
    def termination_bound(self) -> None:
        if self.state is not None:
            assert self.s.turn == len(self.moves) <= self.s.variant.plan.max_moves


def _machine_for(variant: Variant) -> type[unittest.TestCase]:
    machine = type(f"Machine_{variant.id}", (GameMachine,), {"variant": variant})
    case: type[unittest.TestCase] = machine.TestCase  # type: ignore[attr-defined]
    # 6 games of 30 steps per variant in the 'ci' profile (333 in 'thorough'): with INV_NO_LEAK after every step
    # that changes the state, 10 games made the machines a tenth of the suite's time (issue 26)
    case.settings = settings(max_examples=examples(1 / 10), stateful_step_count=30)  # type: ignore[attr-defined]
    return case


for _v in available_variants("maumau"):  # Malilla has its own machine (test_malilla_machine.py)
    globals()[f"TestMachine_{_v.id.replace('-', '_')}"] = _machine_for(_v)
