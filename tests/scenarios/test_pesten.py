"""Scenarios for Pesten (Netherlands): digest items WIKI-PEST-*."""

from __future__ import annotations

import pytest

from maumau_rules import JOKER, Call, CallOut, Card, Draw, Play, Suit, check, find_variant, legal_moves, new_game
from maumau_rules.families.maumau import PlayAgain
from tests.helpers import game, play, played

V = find_variant("pesten")


@pytest.mark.rule("R_DRAW_PENALTY", "R_WILD")
def test_scn_pest_01_joker_and_two_add_up() -> None:
    """SCN-PEST-01, WIKI-PEST-JOKER-1, WIKI-PEST-STACK-1: Joker 5, then a 2 makes 7; P3 draws 7 or passes it on."""
    hands = ["Joker 9c", "2c 9d 5d", "2h Joker Kd", "8s 8d"]
    s = play(game(V, hands, top="9h"), "Joker")
    assert s.pending_draw == 5 and s.seat_to_act == 1
    s = play(s, "2c")
    assert s.pending_draw == 7 and s.seat_to_act == 2
    assert set(legal_moves(s)) == {Play(Card.parse("2h")), Play(JOKER), Draw()}
    drew = play(s, "draw")
    assert len(drew.hands[2]) == 10 and drew.seat_to_act == 3
    assert play(s, "2h").pending_draw == 9
    assert play(s, "Joker").pending_draw == 12


@pytest.mark.rule("R_PLAY_AGAIN")
def test_seven_and_king_give_another_go() -> None:
    """WIKI-PEST-SEVEN-1, WIKI-PEST-KING-1: after a 7 or a King the same player plays again."""
    s = play(game(V, ["7h 7c Kc 3c 5s", "9d 4d", "8s 8d"], top="9h"), "7h")
    assert s.seat_to_act == 0 and played(s) == {"7♣"}
    s = play(s, "7c", "Kc")
    assert s.seat_to_act == 0
    s = play(s, "3c")
    assert s.seat_to_act == 1


@pytest.mark.rule("R_PLAY_AGAIN")
@pytest.mark.parametrize(("hand", "last"), [("7h", "7h"), ("Kh", "Kh"), ("7h Kh", "Kh"), ("Kh 7h", "7h")])
def test_a_seven_or_king_as_the_last_card_wins(hand: str, last: str) -> None:
    """WIKI-PEST-SEVEN-1/KING-1, CA-16/21, issue 25: the 7 and the King give another card "if he can"; the
    source never makes a player with no cards draw, so a last 7 or King (R_PLAY_AGAIN last_card = "wins")
    empties the hand and wins, at once or after a 7 or King played before it in the same go."""
    again = V.rule("R_PLAY_AGAIN")
    assert isinstance(again, PlayAgain) and again.last_card == "wins"
    s = game(V, [hand, "9d 4d", "8s 8d"], top="9h")
    cards = hand.split()
    if len(cards) == 2:  # the first leaves one card: "Laatste kaart", and the same player goes again
        s = play(s, f"{cards[0]} laatste kaart")
        assert not s.is_over and s.seat_to_act == 0
    s = play(s, last)
    assert s.is_over and s.winner == 0 and s.hands[0] == () and s.top_card == Card.parse(last)
    with_cards = play(game(V, ["7h 3c", "9d 4d"], top="9h"), "7h")
    assert not with_cards.is_over and with_cards.seat_to_act == 0  # a 7 with cards left: another go



@pytest.mark.rule("R_SKIP", "R_REVERSE")
def test_eight_waits_and_ace_turns() -> None:
    """WIKI-PEST-EIGHT-1, WIKI-PEST-ACE-1, CA-07: 8 skips the next player; the Ace reverses the order."""
    s = play(game(V, ["8h 9c", "9d 4d", "Qh Qd"], top="9h"), "8h")
    assert s.seat_to_act == 2
    t = play(game(V, ["Ah 9c", "9d 4d", "Qh Qd"], top="9h"), "Ah")
    assert t.direction == -1 and t.seat_to_act == 2
    two = play(game(V, ["Ah 9c", "9d 4d"], top="9h"), "Ah")
    assert two.seat_to_act == 1  # two players: no visible effect


@pytest.mark.rule("R_WILD")
def test_jack_on_any_card_with_a_wish_and_joker_frees_the_next_card() -> None:
    """WIKI-PEST-JACK-1, CA-08/26: Jacks on any card (a Jack too) name a suit; after a Joker any card fits."""
    s = play(game(V, ["Jc 9c", "Jd 4d", "Qh Qd"], top="9h"), "Jc>s")
    assert s.wished_suit is Suit.SPADES and "J♦" in played(s)
    t = play(game(V, ["Joker 9c", "2c 4d 3s", "Qh Qd"], top="9h"), "Joker", "draw")
    assert t.seat_to_act == 2 and played(t) == {"Q♥", "Q♦"}


@pytest.mark.rule("R_ANNOUNCE")
def test_laatste_kaart_call() -> None:
    """WIKI-PEST-MAU-1, CA-10/11: 'Laatste kaart' at one card; a missed call costs two cards."""
    s = game(V, ["9h Kc", "9d 4d"], top="10h")
    assert check(s, Play.parse("9h laatste kaart")).ok and Play.parse("9h laatste kaart").call is Call.MAU
    s2 = play(s, "9h")
    assert CallOut(0) in legal_moves(s2)
    assert len(play(s2, "callout 0").hands[0]) == 3


@pytest.mark.rule("R_DEAL")
def test_seven_cards_whatever_the_player_count() -> None:
    """WIKI-PEST-DEAL-1, WIKI-PEST-DECK-1: 54 cards, seven cards each for 2 to 7 players."""
    assert V.deck.size == 54
    for n in (2, 5, 7):
        assert [len(h) for h in new_game(V, n, seed=n).hands] == [7] * n


@pytest.mark.rule("R_REVERSE", "R_DEAL")
def test_house_rules_two_player_ace_plays_again_and_three_jokers() -> None:
    """WIKI-PEST-DECK-1 (55 cards), WIKI-PEST-2 (house rules vary), CA-07: the same rule objects, other parameters."""
    from maumau_rules.families.maumau import Reverse

    house = V.with_rules(Reverse(cards="A", two_player="play_again"), deck="french-52+3j")
    assert house.deck.size == 55
    s = play(game(house, ["Ah 9c", "9d 4d"], top="9h"), "Ah")
    assert s.seat_to_act == 0 and s.direction == -1
    assert sum(new_game(house, 7, seed=1).all_cards().values()) == 55
