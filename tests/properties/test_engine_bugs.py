"""Engine bugs found by the invariant checks, each pinned by a strict xfail (it fails once the bug is fixed).

When one of these starts to pass, remove its ``xfail`` and the matching entry of
``maumau_rules.testing.KNOWN_ENGINE_BUGS``.
"""

from __future__ import annotations

import random

import attrs
import pytest

from maumau_rules import apply, available_variants, find_variant, legal_moves, new_game
from maumau_rules.state import EndReason, GameState
from maumau_rules.testing import check_state
from maumau_rules.tools.explore import parse_deck, tiny_variant


def _find_final(variants: list[str], max_moves: int | None = None) -> GameState:
    for vid in variants:
        v = find_variant(vid)
        if max_moves is not None:
            v = tiny_variant(vid, v.deck, players=2, hand=5, max_moves=max_moves)
        for seed in range(400):
            rnd = random.Random(seed)
            s = new_game(v, players=v.players[0], seed=seed)
            while not s.is_over:
                s = apply(s, rnd.choice(legal_moves(s)))
            if s.pending_draw and max_moves is None:
                return s
            if max_moves is not None and s.end is EndReason.TURN_LIMIT and (s.drawn is not None or s.pending_draw):
                return s
    pytest.skip("no such game found")


@pytest.mark.rule("R_FINAL_CARD_EFFECTS")
@pytest.mark.xfail(strict=True, reason="engine bug: a round won with a penalty card as last card keeps pending_draw "
                   "and penalty_stack when R_FINAL_CARD_EFFECTS is off (engine._do_play does not clear them)")
def test_a_finished_round_has_no_pending_draw() -> None:
    ids = [v.id for v in available_variants() if v.rule("R_FINAL_CARD_EFFECTS") is None and v.rule("R_DRAW_PENALTY")]
    s = _find_final(ids)
    assert s.end is EndReason.EMPTY_HAND
    check_state(s, tolerate=())


@pytest.mark.rule("R_TURN_LIMIT")
@pytest.mark.xfail(strict=True, reason="engine bug: a round ended by R_TURN_LIMIT keeps the drawn card and pending "
                   "effects of the interrupted turn (engine._finish_by_count copies them)")
def test_a_round_ended_by_the_turn_limit_has_no_turn_state() -> None:
    s = _find_final(["standard"], max_moves=10)
    check_state(s, tolerate=())


@pytest.mark.xfail(strict=True, reason="engine bug: attrs.evolve(state, ...) copies the legal-move cache "
                   "(GameState._legal is an init field), so the evolved state reports the old state's legal moves")
def test_an_evolved_state_has_its_own_legal_moves() -> None:
    s = new_game("standard", players=2, seed=1)
    legal_moves(s)
    other = attrs.evolve(s, hands=(s.hands[1], s.hands[0]))
    fresh = attrs.evolve(other, _legal=None)
    assert legal_moves(other) == legal_moves(fresh)


def test_tiny_variants_need_the_deck_workaround() -> None:
    assert tiny_variant("standard", parse_deck("ranks:7/J"), players=2, hand=1).ruleset.info
