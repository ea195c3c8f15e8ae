"""Scenarios for international Crazy Eights (external sources, spec/sources/external-rules.md §2, EXT:CE-*)."""

from __future__ import annotations

import pytest

from maumau_rules import (
    FRENCH_52,
    Card,
    Draw,
    Pass,
    Phase,
    Play,
    Reason,
    Suit,
    check,
    find_variant,
    legal_moves,
    new_game,
)
from maumau_rules.families.maumau import ScoreWinnerCollects
from maumau_rules.scoring import round_points
from tests.helpers import game, ids, play, played

V = find_variant("crazy 8s")


@pytest.mark.rule("R_WILD")
def test_eights_are_wild_on_any_card_even_an_eight() -> None:
    """EXT:CE-BGA, EXT:CE-WEBCASTY, CA-08: an 8 goes on any card and names a suit; another 8 may follow."""
    s = game(V, ["8c Kd", "8h 5s 4h"], top="Ah")
    assert "8♣" in played(s)
    s = play(s, "8c>s")
    assert s.wished_suit is Suit.SPADES and played(s) == {"8♥", "5♠"}


@pytest.mark.rule("R_DRAW")
def test_draw_until_a_playable_card() -> None:
    """EXT:CE-WEBCASTY, EXT:CE-CONS, CA-12: a player keeps drawing until he can play; he may not stop before."""
    s = game(V, ["Kd 3c", "5s 4h 9c"], top="Ah", stock_top="2c 3s Qh")
    s = play(s, "draw")
    assert s.phase is Phase.DRAWN and s.drawn == Card.parse("2c")
    assert set(legal_moves(s)) == {Draw()}
    v = check(s, Pass())
    assert not v.ok and v.reason is Reason.PASS_NOT_ALLOWED and v.rule_id == "R_DRAW"
    s = play(s, "draw", "draw")
    assert s.drawn == Card.parse("Qh") and set(legal_moves(s)) == {Play(Card.parse("Qh")), Pass()}
    assert play(s, "Qh").seat_to_act == 1


@pytest.mark.rule("R_DRAW")
def test_voluntary_draw_is_allowed() -> None:
    """EXT:CE-BGA: a player may draw although he holds a playable card."""
    s = game(V, ["Kh 3c", "5s 4h 9c"], top="Ah")
    assert "K♥" in played(s) and Draw() in legal_moves(s)


@pytest.mark.rule("R_START_CARD")
def test_start_eight_is_buried() -> None:
    """EXT:CE-BRIT, CA-17: an 8 turned up as the start card goes back under the stock; the next card starts."""
    order = [Card.parse("8d")] + [c for c in FRENCH_52.cards() if c != Card.parse("8d")]
    s = new_game(V, 3, deck_order=order, cut=0, dealer=0)  # the cut moves the 8♦ to the end: it is turned up
    assert str(s.top_card) != "8♦" and s.stock[0] == Card.parse("8d")
    assert sum(s.all_cards().values()) == 52


@pytest.mark.rule("R_DEAL")
def test_seven_cards_for_two_players_five_for_more() -> None:
    """EXT:CE-BGA, EXT:CE-BRIT, CA-19: 7 each with two players, 5 each with three to seven."""
    assert [len(h) for h in new_game(V, 2, seed=1).hands] == [7, 7]
    assert [len(h) for h in new_game(V, 7, seed=1).hands] == [5] * 7


@pytest.mark.rule("R_SCORE_WINNER_COLLECTS", "R_ANNOUNCE")
def test_winner_collects_with_eights_worth_fifty() -> None:
    """EXT:CE-WEBCASTY, EXT:CE-BGA, CA-22: 8 = 50, K/Q/J = 10, A = 1, others face value; no calls."""
    s = play(game(V, ["Kh", "8s As 5d", "Qc 2h"], top="Ah"), "Kh")
    assert s.is_over and s.winner == 0 and ids(s.hands[1]) == ["8♠", "A♠", "5♦"]
    assert round_points(s) == (50 + 1 + 5 + 10 + 2, 0, 0)
    cfg = V.plan.scoring
    assert isinstance(cfg, ScoreWinnerCollects) and cfg.target == 100 and V.plan.announcer is None
