"""Scenarios for the Russian rules ("Czech Fool" / "101"): digest items WIKI-RU-*."""

from __future__ import annotations

import pytest

from maumau_rules import Card, Phase, Play, Reason, Suit, check, find_variant, new_game
from maumau_rules.families.maumau import DrawPenalty, Reverse, ScorePenaltyPoints
from maumau_rules.rules import PenaltySpec
from tests.helpers import game, play, played

V = find_variant("101")


@pytest.mark.rule("R_DRAW_PENALTY")
def test_six_means_take_one_and_skip() -> None:
    """WIKI-RU-SIX-1, CA-03: after a 6 the next player takes one card and misses his turn."""
    s = play(game(V, ["6h 9c", "9d Kd", "Qh 8d"], top="9h"), "6h")
    assert s.pending_draw == 1
    s = play(s, "draw")
    assert len(s.hands[1]) == 3 and s.seat_to_act == 2


@pytest.mark.rule("R_DRAW_PENALTY")
def test_seven_means_take_one_and_go_on() -> None:
    """WIKI-RU-SEVEN-1, CA-01: after a 7 the next player takes one card and then goes on with his turn."""
    s = play(game(V, ["7h 9c", "9d Kd 8h", "Qs 8d"], top="9h"), "7h", "draw")
    assert s.seat_to_act == 1 and s.phase is Phase.PLAY and len(s.hands[1]) == 4
    assert play(s, "8h").seat_to_act == 2


@pytest.mark.rule("R_DRAW_PENALTY")
def test_penalties_pass_on_within_their_own_rank() -> None:
    """WIKI-RU-SEVEN-1/SIX-1 ('or more'), CA-03: a 6 stacks on a 6 and a 7 on a 7, never across."""
    s = play(game(V, ["6h 9c", "6s 7h", "Qs 8d"], top="9h"), "6h")
    assert played(s) == {"6♠"}
    assert not check(s, Play(Card.parse("7h"))).ok
    assert play(s, "6s").pending_draw == 2


@pytest.mark.rule("R_SKIP")
def test_ace_skips_the_next_player() -> None:
    """WIKI-RU-ACE-1, CA-05: an Ace makes the next player skip; no Ace answers it."""
    s = play(game(V, ["Ah 9c", "As 9d", "Qs 8d"], top="9h"), "Ah")
    assert s.seat_to_act == 2 and s.pending_skip == 0


@pytest.mark.rule("R_WILD")
def test_queen_changes_the_suit() -> None:
    """WIKI-RU-QUEEN-1 [X]: the Queen changes the suit."""
    s = play(game(V, ["Qc 9c", "Ks 9d"], top="9h"), "Qc>s")
    assert s.wished_suit is Suit.SPADES and played(s) == {"K♠"}


@pytest.mark.rule("R_DEAL", "R_SCORE_PENALTY_POINTS")
def test_thirty_six_cards_five_each_and_101_scoring() -> None:
    """WIKI-RU-1, WIKI-RU-DEAL-1, CA-22 (EXT:R-AAOW): 36 cards (6-A), 5 each, penalty limit 101."""
    assert V.deck.size == 36 and min(c.rank for c in V.plan.deck_cards).symbol == "6"
    assert [len(h) for h in new_game(V, 5, seed=2).hands] == [5] * 5
    cfg = V.plan.scoring
    assert isinstance(cfg, ScorePenaltyPoints) and (cfg.limit, cfg.threshold_op) == (101, "gt")
    assert cfg.value(Card.parse("9h")) == 0 and cfg.value(Card.parse("As")) == 11


@pytest.mark.rule("R_REVERSE", "R_DRAW_PENALTY")
def test_optional_ten_reverses_and_king_of_spades_takes_and_skips() -> None:
    """WIKI-RU-TEN-1, WIKI-RU-KS-1 (optional): house rules built from the same rule objects."""
    house = V.with_rules(
        Reverse(cards="10"),
        DrawPenalty(penalties=(PenaltySpec(cards="7", amount=1, group="7"),
                               PenaltySpec(cards="6", amount=1, skip=True, group="6"),
                               PenaltySpec(cards="Ks", amount=4, skip=True, group="Ks")), ends_turn=False),
    )
    s = play(game(house, ["10h 9c", "9d Kd", "Qs 8d"], top="9h"), "10h")
    assert s.direction == -1 and s.seat_to_act == 2
    t = play(game(house, ["Ks 9c", "9d Kd", "Qd 8d"], top="9s"), "Ks", "draw")
    assert len(t.hands[1]) == 6 and t.seat_to_act == 2
    assert check(t, Play(Card.parse("Qd"), wish=Suit.HEARTS)).reason is Reason.OK
