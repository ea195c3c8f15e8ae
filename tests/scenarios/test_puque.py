"""Scenarios for Puque (Portugal): digest items WIKI-PUQ-1..4, the rest inherited from classic."""

from __future__ import annotations

import pytest

from maumau_rules import Call, CallOut, Card, Play, Reason, check, find_variant, legal_moves, new_game
from maumau_rules.families.maumau import JackFinishDoubles, ScorePenaltyPoints
from tests.helpers import game, play

V = find_variant("puque")


@pytest.mark.rule("R_SKIP")
def test_two_is_the_skip_card() -> None:
    """WIKI-PUQ-2: the 2 makes the next player miss his turn."""
    s = play(game(V, ["2h 9c", "9d Kc", "Qh Qd"], top="9h"), "2h")
    assert s.seat_to_act == 2


@pytest.mark.rule("R_SKIP", "R_MATCH")
def test_eight_is_an_ordinary_card() -> None:
    """WIKI-PUQ-2 [I], CA-06: the 8 has no effect."""
    s = play(game(V, ["8h 9c", "9d Kc", "Qh Qd"], top="9h"), "8h")
    assert s.seat_to_act == 1


@pytest.mark.rule("R_ANNOUNCE")
def test_puque_is_called_with_the_second_to_last_card() -> None:
    """WIKI-PUQ-3 [X], CA-10: 'Puque' is due with the play that leaves one card; it parses as the last-card call."""
    s = game(V, ["9h Kc", "9d Kd", "Qh Qd"], top="10h")
    assert check(s, Play.parse("9h puque")).ok
    assert Play.parse("9h puque").call is Call.MAU
    s2 = play(s, "9h")
    assert CallOut(0) in legal_moves(s2)
    assert len(play(s2, "callout 0").hands[0]) == 2  # one penalty card


@pytest.mark.rule("R_ANNOUNCE")
def test_no_special_word_before_a_jack() -> None:
    """WIKI-PUQ-4: a Jack finish needs no different word."""
    s = game(V, ["9h Jc", "9d Kd"], top="10h")
    assert check(s, Play(Card.parse("9h"), call=Call.MAU)).ok
    assert check(s, Play(Card.parse("9h"), call=Call.MAU_MAU)).reason is Reason.CALL_NOT_DUE


@pytest.mark.rule("R_JACK_FINISH_DOUBLES", "R_SCORE_PENALTY_POINTS")
def test_jack_finish_scores_double() -> None:
    """WIKI-PUQ-4, CA-22: a Jack finish still scores double, on the classic scheme."""
    cfg = V.plan.scoring
    doubles = V.rule("R_JACK_FINISH_DOUBLES")
    assert isinstance(cfg, ScorePenaltyPoints) and isinstance(doubles, JackFinishDoubles) and doubles.multiplier == 2
    assert cfg.value(Card.parse("2s")) == 2
    s = play(game(V, ["Jc", "9d Kd"], top="10h"), "Jc>h")
    assert s.is_over and s.winner == 0


@pytest.mark.rule("R_DEAL", "R_PLAY_AGAIN", "R_NO_FINISH")
def test_deck_holds_twos_and_the_classic_ace_is_inherited() -> None:
    """CA-19, CA-05: the deck must contain 2s (52 cards); the Ace must be covered and cannot finish."""
    assert V.deck.size == 52
    s = new_game(V, 3, seed=9)
    assert [len(h) for h in s.hands] == [5, 5, 5]
    t = game(V, ["Ah", "9d Kd"], top="10h")
    assert check(t, Play(Card.parse("Ah"))).reason is Reason.FINISH_FORBIDDEN
    u = play(game(V, ["Ah 5h", "9d Kd"], top="10h"), "Ah")
    assert u.seat_to_act == 0
