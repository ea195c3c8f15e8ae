"""Scenarios for Standard with the table penalty for a wrong card (STD-PEN-1, CA-14)."""

from __future__ import annotations

import pytest

from maumau_rules import Card, IllegalMoveError, Play, Reason, Suit, check, find_variant, legal_moves, new_game
from tests.helpers import game, play

V = find_variant("std table")


@pytest.mark.rule("R_WRONG_CARD")
def test_scn_std_05_wrong_card_goes_back_one_penalty_card_turn_ends() -> None:
    """SCN-STD-05, STD-PEN-1: 10♠ on 9♥ goes back into the hand, the player draws one, and the turn ends."""
    s = game(V, ["10s 8c", "Kd 9d", "Qs 8s"], top="9h", stock_top="Ac")
    v = check(s, Play(Card.parse("10s")))
    assert not v.ok and v.reason is Reason.DOES_NOT_MATCH  # check still reports it as illegal
    t = play(s, "10s")
    assert str(t.top_card) == "9♥" and len(t.hands[0]) == 3 and "10♠" in map(str, t.hands[0])
    assert t.seat_to_act == 1


@pytest.mark.rule("R_WRONG_CARD", "R_DRAW_PENALTY")
def test_wrong_card_on_a_pending_seven_draws_the_penalty_too() -> None:
    """STD-PEN-1 with STD-SEVEN-1: a wrong card does not answer the 7; the player also draws the two."""
    s = play(game(V, ["7h 8c 9c", "Kd 9d", "Qs 8s"], top="9h"), "7h")
    t = play(s, "Kd")
    assert len(t.hands[1]) == 2 + 1 + 2 and t.pending_draw == 0 and t.seat_to_act == 2


@pytest.mark.rule("R_WRONG_CARD", "R_MATCH")
def test_a_card_not_in_hand_is_still_rejected() -> None:
    """CA-14: only wrong cards are penalised; a card the player does not hold is refused, state unchanged."""
    s = game(V, ["10s 8c", "Kd 9d", "Qs 8s"], top="9h")
    with pytest.raises(IllegalMoveError) as err:
        play(s, "Ah")
    assert err.value.reason is Reason.CARD_NOT_IN_HAND and s.turn == 0


@pytest.mark.rule("R_WRONG_CARD", "R_NO_FINISH")
@pytest.mark.parametrize("jack", ["Jc>h", "Jc>s", "Jc>h mau-mau"])
def test_jack_as_last_card_is_a_wrong_card_too(jack: str) -> None:
    """STD-JACK-6, STD-PEN-1, issue 25: source 000 §5 lists finishing with a Jack among the plays not allowed,
    beside a Jack on a Jack, so at the table it is a wrong card like that one: the Jack goes back, the player
    draws one penalty card and his turn is over (``check`` still names R_NO_FINISH); in Standard it is
    refused."""
    s = game(V, ["Jc", "Kd 9d", "Qs 8s"], top="9h", stock_top="Ac")
    verdict = check(s, Play.parse(jack))
    assert (verdict.reason, verdict.rule_id) == (Reason.FINISH_FORBIDDEN, "R_NO_FINISH")
    t = play(s, jack)
    assert [str(c) for c in t.hands[0]] == ["J♣", "A♣"] and not t.is_over
    assert str(t.top_card) == "9♥" and t.wished_suit is None and t.seat_to_act == 1 and t.turn == 1
    std = game("standard", ["Jc", "Kd 9d", "Qs 8s"], top="9h", stock_top="Ac")
    with pytest.raises(IllegalMoveError) as err:
        play(std, jack)
    assert err.value.rule_id == "R_NO_FINISH"


@pytest.mark.rule("R_WRONG_CARD", "R_SCORE_WIN_POINTS")
def test_otherwise_standard() -> None:
    """STD-SCORE-1, CA-14: only R_WRONG_CARD differs from Standard; legal moves are the same."""
    std = find_variant("standard")
    assert [r.rule_id for r in V.rules] == [r.rule_id for r in std.rules]
    assert [r.rule_id for r in V.rules if r not in std.rules] == ["R_WRONG_CARD"]
    a, b = new_game(V, 3, seed=6), new_game(std, 3, seed=6)
    assert legal_moves(a) == legal_moves(b) and a.hands == b.hands


@pytest.mark.rule("R_WRONG_CARD", "R_WILD")
def test_jack_on_a_jack_is_penalised_as_a_wrong_card() -> None:
    """STD-JACK-2, STD-TURN-7, STD-PEN-1: a Jack on a Jack is one of the 'common mistakes': +1 card, turn ends."""
    s = play(game(V, ["Jc 9c 8c", "Jd 9d 7c", "Qs 8s"], top="9h"), "Jc>s")
    t = play(s, "Jd>h")
    assert str(t.top_card) == "J♣" and len(t.hands[1]) == 4 and t.seat_to_act == 2 and t.wished_suit is Suit.SPADES
