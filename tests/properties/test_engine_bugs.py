"""Regression tests for engine bugs found by the invariant checks (they were strict xfails until fixed)."""

from __future__ import annotations

import attrs
import pytest

from maumau_rules import Card, Draw, Pass, Phase, Play, apply, find_variant, legal_moves, new_game
from maumau_rules.families.maumau.explore import tiny_variant
from maumau_rules.families.maumau.invariants import check_state
from maumau_rules.state import EndReason
from maumau_rules.tools.explore import parse_deck
from tests.helpers import deal_for


@pytest.mark.rule("R_FINAL_CARD_EFFECTS", "R_DRAW_PENALTY")
def test_a_round_won_with_a_penalty_card_ends_with_no_pending_draw() -> None:
    """Without R_FINAL_CARD_EFFECTS (Prší) a final 7 is not drawn, and the finished round keeps no penalty."""
    v = find_variant("prsi")
    assert v.rule("R_FINAL_CARD_EFFECTS") is None
    s = new_game(v, 2, seed=1, deal=deal_for(v, ["7h", "8s 9s"], top="9h", start_effects=False))
    s = apply(s, Play(Card.parse("7h")))
    assert s.end is EndReason.EMPTY_HAND and s.winner == 0
    assert (s.pending_draw, s.penalty_stack, s.pending_skip) == (0, (), 0)
    assert len(s.hands[1]) == 2
    check_state(s, tolerate=())


@pytest.mark.rule("R_TURN_LIMIT")
def test_a_round_ended_by_the_turn_limit_has_no_turn_state() -> None:
    """A round cut off by R_TURN_LIMIT right after a draw keeps no drawn card and no pending effects."""
    v = tiny_variant("standard", find_variant("standard").deck, players=2, hand=5, max_moves=11)
    s = new_game(v, 2, seed=3)
    last = None
    while not s.is_over:
        moves = legal_moves(s)
        last = Draw() if Draw() in moves else (Pass() if Pass() in moves else moves[0])
        s = apply(s, last)
    assert s.end is EndReason.TURN_LIMIT and s.turn == 11 and last == Draw()
    assert s.drawn is None and s.pending_draw == 0 and s.phase is Phase.OVER
    check_state(s, tolerate=())


def test_an_evolved_state_has_its_own_legal_moves() -> None:
    s = new_game("standard", players=2, seed=1)
    legal_moves(s)
    other = attrs.evolve(s, hands=(s.hands[1], s.hands[0]))
    fresh = attrs.evolve(other, _legal=None)
    assert legal_moves(other) == legal_moves(fresh)


def test_tiny_variants_need_the_deck_workaround() -> None:
    assert tiny_variant("standard", parse_deck("ranks:7/J"), players=2, hand=1).plan.cards
