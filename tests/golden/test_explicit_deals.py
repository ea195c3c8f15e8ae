"""Explicit deals and the wrong-card penalty, pinned exactly (mutation testing found these unchecked)."""

from __future__ import annotations

import pytest

from maumau_rules import Deal, IllegalMoveError, Play, StateError, VariantError, apply, find_variant, new_game
from maumau_rules import parse_cards as cards
from maumau_rules.families.maumau import WrongCard
from maumau_rules.testing import check_state, check_transition

STANDARD = find_variant("standard")
DECK = sorted(set(STANDARD.plan.deck_cards), key=lambda c: c.sort_key)


def _deal(**kw: object) -> Deal:
    hands = (cards("7c 8c 9c 10c Jc Qc"), cards("Kc Ac 7s 8s 9s 10s"))
    used = set(hands[0]) | set(hands[1]) | set(cards("9h"))
    stock = tuple(c for c in DECK if c not in used)
    args: dict[str, object] = {"hands": hands, "stock": stock, "discard": cards("9h")}
    args.update(kw)
    return Deal(**args)  # type: ignore[arg-type]


def test_an_explicit_deal_is_played_exactly_as_given() -> None:
    d = _deal(dealer=1, first_player=0)
    s = new_game(STANDARD, players=2, seed=3, deal=d)
    assert s.hands == d.hands and s.stock == d.stock and s.discard == d.discard
    assert (s.dealer, s.seat_to_act, s.turn, s.pending_draw) == (1, 0, 0, 0)
    check_state(s)
    t = new_game(STANDARD, players=2, seed=3, deal=_deal(dealer=1))
    assert t.seat_to_act == 0  # left of the dealer (R_TURN_ORDER), wrapping round
    assert new_game(STANDARD, players=2, seed=3, deal=_deal(dealer=0)).seat_to_act == 1
    assert new_game(STANDARD, players=2, seed=3, deal=_deal(first_player=3)).seat_to_act == 1


def test_a_deal_without_a_card_names_it() -> None:
    d = _deal()
    with pytest.raises(StateError) as info:
        new_game(STANDARD, players=2, deal=Deal(hands=d.hands, stock=d.stock[1:], discard=d.discard))
    assert str(info.value).endswith(f"missing {d.stock[0]}, extra nothing")


def test_a_deal_with_a_card_twice_names_it() -> None:
    d = _deal()
    with pytest.raises(StateError) as info:
        new_game(STANDARD, players=2, deal=Deal(hands=d.hands, stock=d.stock + cards("7c"), discard=d.discard))
    assert str(info.value).endswith("missing nothing, extra 7♣")


def test_a_deal_needs_a_start_card_and_a_valid_player_count() -> None:
    d = _deal()
    with pytest.raises(StateError, match="at least one card on the discard pile"):
        new_game(STANDARD, players=2, deal=Deal(hands=d.hands, stock=d.stock + d.discard, discard=()))
    with pytest.raises(VariantError, match="2-5 players, not 1"):
        new_game(STANDARD, players=1, deal=Deal(hands=d.hands[:1], stock=d.stock, discard=d.discard))


def test_a_wrong_card_under_the_table_penalty() -> None:
    v = find_variant("standard-table")
    d = _deal(first_player=0)
    s = new_game(v, players=2, seed=1, deal=d)
    wrong = Play(cards("7c")[0])  # 7♣ on 9♥ matches neither suit nor rank
    rule = v.rule("R_WRONG_CARD")
    assert isinstance(rule, WrongCard) and rule.mode == "penalize" and v.plan.wrong_card is not None
    t = apply(s, wrong)
    check_transition(s, wrong, t)
    check_state(t)
    assert len(t.hands[0]) == len(s.hands[0]) + rule.penalty
    assert cards("7c")[0] in t.hands[0] and t.top_card == s.top_card
    assert t.seat_to_act == 1 and t.turn == 1 and t.hands[1] == s.hands[1]
    with pytest.raises(IllegalMoveError):
        apply(s, Play(cards("Kh")[0]))  # not in hand: refused even under the table penalty
