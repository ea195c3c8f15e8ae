"""Hands as integers (maumau_rules.handmask) and the two forms of GameState.hands."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import StateError, apply, find_variant, legal_moves, new_game
from maumau_rules.cards import Card, parse_cards
from maumau_rules.handmask import (
    FRENCH_SPAN,
    ORDER,
    cards_of,
    hand_size,
    low_bits,
    mask_of,
    presence,
    presence_and_size,
    width_for,
)


@given(st.lists(st.sampled_from(ORDER), max_size=30), st.integers(min_value=1, max_value=3))
def test_mask_round_trip(cards: list[Card], width: int) -> None:
    if any(cards.count(c) >> width for c in cards):
        with pytest.raises(ValueError, match="times, more than"):
            mask_of(cards, width)
        return
    mask = mask_of(cards, width)
    assert cards_of(mask, width) == tuple(sorted(cards, key=lambda c: c.sort_key))
    assert hand_size(mask, width, low_bits(width)) == len(cards)
    assert cards_of(presence(mask, width, low_bits(width)), width) == tuple(sorted(set(cards), key=lambda c: c.sort_key))


@given(st.lists(st.sampled_from(ORDER[:FRENCH_SPAN]), max_size=40))
def test_a_two_pack_hand_counts_as_handmask_does(cards: list[Card]) -> None:
    plan = find_variant("pesten").plan  # two Jokers: 2 bits per card; its hands hold French cards and Jokers
    assert plan.width == 2
    kept = [c for c in cards if cards.count(c) <= 2]
    mask = mask_of(kept, 2)
    assert presence_and_size(mask, plan.width, plan.low) == (presence(mask, 2, plan.low),
                                                            hand_size(mask, 2, plan.low)) == (mask_of(set(kept), 2),
                                                                                              len(kept))


def test_width_counts_copies() -> None:
    assert [width_for(k) for k in (1, 2, 3, 4, 7, 8)] == [1, 2, 2, 3, 3, 4]
    assert find_variant("standard").plan.width == 1
    assert find_variant("pesten").plan.width == 2  # two Jokers


@pytest.mark.parametrize("variant", ["standard", "pesten", "mau-king"])
def test_decoded_hands_equal_a_built_state(variant: str) -> None:
    """States made by the engine decode ``hands`` from the integer; rebuilding one with ``hands=`` is equal."""
    s = new_game(variant, players=3, seed=11)
    for i in range(40):
        if s.is_over:
            break
        s = apply(s, legal_moves(s)[i % len(legal_moves(s))])
        assert "hands" not in s.__dict__ and "_hands" not in s.__dict__  # decoded on each read, never stored
        rebuilt = attrs.evolve(s)
        assert rebuilt == s and rebuilt.hands == s.hands
        assert rebuilt._hm == s._hm
        assert legal_moves(rebuilt) == legal_moves(s)
        assert pickle.loads(pickle.dumps(s)) == s
        assert all(list(h) == sorted(h, key=lambda c: c.sort_key) for h in s.hands)


def test_a_hand_the_deck_cannot_hold_is_refused_when_the_state_is_built() -> None:
    s = new_game("standard", players=2, seed=1)
    with pytest.raises(StateError, match="hand 0 cannot be held"):
        attrs.evolve(s, hands=(parse_cards("7h 7h"), s.hands[1]))
    with pytest.raises(StateError, match="hand 1 cannot be held"):
        attrs.evolve(s, hands=(s.hands[0], (*s.hands[1], s.hands[1][0])))


def test_the_move_memo_is_bounded_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan's memo of common move lists (keyed by the playable cards' mask) stays under its bound,
    and a state's legal moves are the same whether the memo is warm or empty."""
    memo = find_variant("standard").plan.memo
    monkeypatch.setattr(memo, "limit", 8)
    s = new_game("standard", players=3, seed=5)
    steps = 0
    while not s.is_over and steps < 300:
        warm = legal_moves(attrs.evolve(s))
        memo.clear()
        assert legal_moves(attrs.evolve(s)) == warm == legal_moves(s)
        s = apply(s, warm[steps % len(warm)])
        steps += 1
    memo.clear()
    seen = 0
    for seed in range(20):  # without clearing: far more distinct move lists than the bound
        s = new_game("standard", players=2, seed=seed)
        while not s.is_over:
            s = apply(s, legal_moves(s)[-1])
            seen = max(seen, len(memo))
    assert steps > 50 and seen == 8
