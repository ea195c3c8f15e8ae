"""Scenarios for Neuner (Austria/Bavaria): digest items WIKI-NEUN-1..3, the rest inherited from classic."""

from __future__ import annotations

import pytest

from maumau_rules import JOKER, Card, Phase, Play, Reason, Suit, check, find_variant, new_game
from tests.helpers import game, play, played

V = find_variant("neuner")


@pytest.mark.rule("R_DEAL")
def test_deck_is_32_cards_plus_one_joker() -> None:
    """WIKI-NEUN-2 [X], CA-19: 32 cards and one Joker, 33 in all."""
    assert V.deck.size == 33 and V.plan.deck_cards.count(JOKER) == 1
    s = new_game(V, 5, seed=4)
    assert [len(h) for h in s.hands] == [5] * 5 and sum(s.all_cards().values()) == 33


@pytest.mark.rule("R_WILD")
def test_nines_are_wild_and_name_a_suit() -> None:
    """WIKI-NEUN-3: a 9 goes on any card and its player names the suit."""
    s = game(V, ["9c Kd", "Qs 7h"], top="Ah")
    assert "9♣" in played(s)
    s = play(s, "9c>s")
    assert s.wished_suit is Suit.SPADES and played(s) == {"Q♠"}


@pytest.mark.rule("R_WILD")
def test_the_joker_is_wild_too() -> None:
    """WIKI-NEUN-2/3, CA-08: the added Joker is a second wish card, playable on a 9 as well."""
    s = game(V, ["Joker Kd", "9s 7h"], top="8c")
    assert "Joker" in played(s)
    s = play(s, "Joker>d")
    assert s.wished_suit is Suit.DIAMONDS
    assert check(s, Play(Card.parse("9s"), wish=Suit.HEARTS)).ok  # a wild goes on the Joker


@pytest.mark.rule("R_MATCH", "R_WILD")
def test_jack_is_an_ordinary_card() -> None:
    """CA-08 decision: the Nines take over the wild role; a Jack must match suit or rank."""
    s = game(V, ["Jc Kd", "7h 8h"], top="Ah")
    v = check(s, Play(Card.parse("Jc"), wish=Suit.HEARTS))
    assert not v.ok
    assert not check(s, Play(Card.parse("Jc"))).ok
    assert check(s, Play(Card.parse("Jc"))).reason is Reason.DOES_NOT_MATCH


@pytest.mark.rule("R_ANNOUNCE")
def test_mau_mau_is_due_when_the_last_card_is_a_wild_nine() -> None:
    """WIKI-MAU-3 inherited, CA-10: the Jack call goes with the wild card, here the 9."""
    s = game(V, ["Kh 9d", "7c 8c"], top="Ah")
    assert play(s, "Kh maumau").missed_calls == ()
    wrong = play(s, "Kh mau")  # the wrong word: nobody can tell until the 9 is shown, when he goes out with it
    assert wrong.missed_calls == ()
    assert play(wrong, "draw", "pass", "9d>h").phase is Phase.FINISHING


@pytest.mark.rule("R_PLAY_AGAIN", "R_DRAW_PENALTY", "R_SKIP")
def test_classic_ace_seven_and_eight_are_inherited() -> None:
    """CA-26 decision: the Ace must be covered, the 7 draws two (may play), the 8 skips."""
    s = play(game(V, ["Ah Kh 10c", "7h 8h", "Qc Qd"], top="9h"), "Ah")
    assert s.seat_to_act == 0
    s = play(s, "Kh", "7h")
    assert s.pending_draw == 2 and s.seat_to_act == 2
    s = play(s, "draw")
    assert s.seat_to_act == 2 and len(s.hands[2]) == 4
