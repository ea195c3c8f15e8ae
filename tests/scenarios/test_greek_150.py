"""Scenarios for the Greek Mau Mau to 150: digest §1.4, items GR-*."""

from __future__ import annotations

import pytest

from maumau_rules import (
    CallOut,
    Card,
    Draw,
    Phase,
    Play,
    Reason,
    Suit,
    apply,
    check,
    find_variant,
    legal_moves,
    new_game,
)
from maumau_rules.families.maumau import ScoreWinnerCollects
from maumau_rules.scoring import round_points
from tests.helpers import game, play, played

V = find_variant("greek")


@pytest.mark.rule("R_DRAW_PENALTY")
def test_scn_gr_01_seven_chain_and_the_drawer_passes() -> None:
    """SCN-GR-01, GR-SEVEN-1..3: 2, 4, 6; P4 draws six, cannot play, and the next player plays."""
    s = play(game(V, ["7h 9c", "7s 9d Kd", "7c Kc Qc", "8s 8d"], top="9h"), "7h")
    assert s.pending_draw == 2 and played(s) == {"7♠"}  # no card but a stacking 7
    s = play(s, "7s", "7c")
    assert s.pending_draw == 6 and legal_moves(s) == (Draw(),)
    s = play(s, "draw")
    assert len(s.hands[3]) == 8 and s.seat_to_act == 0


@pytest.mark.rule("R_SCORE_WINNER_COLLECTS")
def test_scn_gr_02_round_scoring() -> None:
    """SCN-GR-02, GR-SCORE-1..4: P1 goes out; P2 {7♣ 10♦ Q♠}, P3 {J♥ A♦}: P1 scores 57, the others 0."""
    cfg = V.plan.scoring
    assert isinstance(cfg, ScoreWinnerCollects) and cfg.target == 150
    assert sum(cfg.value(c) for c in map(Card.parse, ["7c", "10d", "Qs", "Jh", "Ad"])) == 57
    s = play(game(V, ["Kh Ac", "7c 10d Qs 10h", "Jh Ad Ah"], top="Qh"), "Kh mau", "10h", "Ah", "Ac")
    assert s.is_over and s.winner == 0
    assert round_points(s) == (57, 0, 0)


@pytest.mark.rule("R_ANNOUNCE")
def test_scn_gr_03_jack_finish_without_mau_mau_is_caught() -> None:
    """SCN-GR-03, GR-MAU-4/5, CA-11: Q♠ then J♣ without 'Mau Mau': two cards and the round goes on."""
    s = game(V, ["Qs Jc", "Ks 8d 8c", "Kd 9d 8h"], top="10s")
    s = play(s, "Qs mau")  # only "Mau": a mistake; nobody calls him out before the next player moves
    s = play(s, "Ks", "Kd", "Jc>h")
    assert s.phase is Phase.FINISHING and s.finisher == 0 and not s.is_over and s.seat_to_act == 1
    caught = apply(s, CallOut(0), player=2)  # an opponent catches him: two cards, and the game continues
    assert not caught.is_over and len(caught.hands[0]) == 2 and str(caught.top_card) == "J♣"
    assert caught.seat_to_act == 1 and caught.wished_suit is Suit.HEARTS
    unnoticed = play(s, "pass")  # nobody catches him: he wins
    assert unnoticed.is_over and unnoticed.winner == 0
    ok = play(game(V, ["Qs Jc", "Ks 8d 8c", "Kd 9d 8h"], top="10s"), "Qs maumau", "Ks", "Kd", "Jc>h")
    assert ok.is_over and ok.winner == 0


@pytest.mark.rule("R_ANNOUNCE")
def test_missed_mau_costs_two_cards() -> None:
    """GR-MAU-1..3: 'Mau' with the second-to-last card; if another player says it first, two cards."""
    s = play(game(V, ["Qs 9c", "9s 8d", "Ks 9d"], top="10s"), "Qs")
    assert CallOut(0) in legal_moves(s)
    assert len(play(s, "callout 0").hands[0]) == 3


@pytest.mark.rule("R_REVERSE", "R_SKIP")
def test_nine_reverses_and_eight_skips() -> None:
    """GR-NINE-1, GR-EIGHT-1, CA-07: the 9 reverses at once; the 8 skips the next player."""
    s = play(game(V, ["9h Kc", "9s 8d", "Ks 9d"], top="10h"), "9h")
    assert s.direction == -1 and s.seat_to_act == 2
    t = play(game(V, ["8h Kc", "9s 8d", "Ks 9d"], top="10h"), "8h")
    assert t.seat_to_act == 2


@pytest.mark.rule("R_WILD")
def test_jack_wild_on_any_other_card_but_not_on_a_jack() -> None:
    """GR-JACK-1/2, CA-08: a Jack goes on any card except a Jack, and names the next suit."""
    s = play(game(V, ["Jh Kc", "Js 8d", "Ks 9d"], top="10c"), "Jh>s")
    assert s.wished_suit is Suit.SPADES
    assert check(s, Play(Card.parse("Js"), wish=Suit.HEARTS)).reason is Reason.WILD_ON_WILD


@pytest.mark.rule("R_DEAL", "R_TURN_ORDER")
def test_two_to_four_players_five_cards_dealers_left_starts() -> None:
    """GR-GEN-1, GR-DEAL-2, GR-START-1: 2-4 players, five cards, the dealer's left plays first."""
    s = new_game(V, 4, seed=8, dealer=2)
    assert [len(h) for h in s.hands] == [5] * 4 and s.seat_to_act == 3
    with pytest.raises(Exception, match="2-4 players"):
        new_game(V, 5, seed=1)


@pytest.mark.rule("R_DRAW", "R_WILD")
def test_drawn_card_may_be_played_and_the_wish_lasts_while_players_draw() -> None:
    """GR-TURN-2, GR-JACK-2, CA-09/12: a drawn card that fits may be played; the wished suit stays until played."""
    s = play(game(V, ["Jh Kc 8c", "9s 8d", "Ks 10d"], top="10c", stock_top="7d Qs"), "Jh>s", "draw")
    assert s.wished_suit is Suit.SPADES and played(s) == set()
    s = play(s, "pass")
    assert s.seat_to_act == 2 and s.wished_suit is Suit.SPADES and played(s) == {"K♠"}
    t = play(game(V, ["Kc 8c 7c", "9s 8d", "Ks 10d"], top="10c", stock_top="Qc"), "draw")
    assert played(t) == {"Q♣"} and play(t, "Qc").seat_to_act == 1
