"""Scenarios for Prší (Czech): digest items WIKI-PRSI-*, with CA-25 choices."""

from __future__ import annotations

import pytest

from maumau_rules import Call, CallOut, Card, Draw, Pass, Play, Reason, Suit, check, find_variant, legal_moves, new_game
from maumau_rules.families.maumau import DrawPenalty, Skip
from maumau_rules.rules import PenaltySpec
from tests.helpers import game, play, played

V = find_variant("prší")


@pytest.mark.rule("R_DRAW_PENALTY")
def test_scn_prsi_01_seven_chain_and_the_drawer_cannot_play() -> None:
    """SCN-PRSI-01, WIKI-PRSI-SEVEN-1/2: 2, 4, 6; D draws six and cannot play; E is next."""
    s = game(V, ["7h 9c", "7s 9d", "7c Kd", "8s 8d", "Kh Qd"], top="9h")
    s = play(s, "7h")
    assert s.pending_draw == 2 and played(s) == {"7♠"}
    s = play(s, "7s", "7c")
    assert s.pending_draw == 6 and s.seat_to_act == 3
    assert legal_moves(s) == (Draw(),)
    s = play(s, "draw")
    assert len(s.hands[3]) == 8 and s.seat_to_act == 4 and s.pending_draw == 0


@pytest.mark.rule("R_SKIP")
def test_ace_skips_and_may_be_answered_with_an_ace() -> None:
    """WIKI-PRSI-ACE-1/2, CA-05: the skip passes on with another Ace; passing accepts it."""
    s = play(game(V, ["Ah 9c", "As 9d", "Kd Qd", "8s 8d"], top="9h"), "Ah")
    assert s.seat_to_act == 1 and s.pending_skip == 1
    assert set(legal_moves(s)) == {Play(Card.parse("As")), Pass()}
    s = play(s, "As")
    assert s.seat_to_act == 2 and s.pending_skip == 1
    s = play(s, "pass")
    assert s.seat_to_act == 3 and s.pending_skip == 0


@pytest.mark.rule("R_WILD")
def test_queen_is_wild_and_names_a_suit() -> None:
    """WIKI-PRSI-QUEEN-1/2: the Queen goes on any card (here a 9) and its player names a suit."""
    s = play(game(V, ["Qc 9c", "Ks 9d"], top="9h"), "Qc>s")
    assert s.wished_suit is Suit.SPADES and played(s) == {"K♠"}


@pytest.mark.rule("R_WILD")
def test_queen_not_on_a_seven_or_ace_the_previous_player_just_played() -> None:
    """WIKI-PRSI-QUEEN-1, CA-25: the Queen is refused on a fresh 7 or Ace, and allowed once it is stale."""
    s = play(game(V, ["7h 9c", "Qs 9d", "Kd Qd"], top="9h"), "7h")
    assert not check(s, Play(Card.parse("Qs"), wish=Suit.HEARTS)).ok
    s = play(s, "draw")  # seat 1 takes the two cards; seat 2 now faces a 7 played before his predecessor
    assert check(s, Play(Card.parse("Qd"), wish=Suit.HEARTS)).ok
    # with the Ace as an unanswerable skip (house rule) the block itself shows: seat 2 faces a fresh Ace
    house = V.with_rules(Skip(cards="A", passable=False))
    t = play(game(house, ["Ah 9c", "Kd 9d", "Qs 8d"], top="9h"), "Ah")
    v = check(t, Play(Card.parse("Qs"), wish=Suit.HEARTS))
    assert t.seat_to_act == 2 and not v.ok and v.reason is Reason.WILD_BLOCKED and v.rule_id == "R_WILD"


@pytest.mark.rule("R_MATCH", "R_SKIP")
def test_jack_and_eight_are_ordinary_cards() -> None:
    """WIKI-PRSI-JACK-1, WIKI-PRSI-ACE-1 [I]: the Jack has no special meaning and the 8 does not skip."""
    s = game(V, ["Jc 8h", "Ks 9d", "Kd Qd"], top="9h")
    assert played(s) == {"8♥"}
    assert play(s, "8h").seat_to_act == 1


@pytest.mark.rule("R_DEAL", "R_ANNOUNCE")
def test_four_cards_and_no_calls() -> None:
    """WIKI-PRSI-DEAL-1, WIKI-PRSI-MAU-1: four cards each; nothing is said at one card."""
    s = new_game(V, 4, seed=11)
    assert [len(h) for h in s.hands] == [4, 4, 4, 4]
    t = game(V, ["9h Kc", "Ks 9d"], top="10h")
    assert check(t, Play(Card.parse("9h"), call=Call.MAU)).reason is Reason.CALL_NOT_DUE
    assert not any(isinstance(m, CallOut) for m in legal_moves(play(t, "9h")))


@pytest.mark.rule("R_DRAW_PENALTY")
def test_optional_king_of_spades_crosses_with_the_seven_of_spades() -> None:
    """WIKI-PRSI-KS-1..3, CA-02/03: K♠ = draw four; 7♠ passes it on (6); K♠ may go on a 7♠; 7♥ may not go on K♠."""
    house = V.with_rules(DrawPenalty(penalties=(PenaltySpec(cards="7", amount=2), PenaltySpec(cards="Ks", amount=4))))
    s = play(game(house, ["Ks 9c", "7s 7h", "7c Kd"], top="9s"), "Ks")
    assert s.pending_draw == 4 and played(s) == {"7♠"}
    s = play(s, "7s")
    assert s.pending_draw == 6 and played(s) == {"7♣"}
    t = play(game(house, ["7s 9c", "Ks 9d", "Kd Qd"], top="9s"), "7s")
    assert "K♠" in played(t)
    assert play(t, "Ks").pending_draw == 6
