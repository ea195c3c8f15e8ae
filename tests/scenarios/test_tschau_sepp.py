"""Scenarios for Tschau Sepp (Switzerland), an external variant: spec/sources/external-rules.md §1 (EXT:TS-*)."""

from __future__ import annotations

import pytest

from maumau_rules import Call, CallOut, Card, Play, Suit, check, find_variant, legal_moves, new_game
from maumau_rules.families.maumau import ScorePenaltyPoints
from tests.helpers import game, play, played

V = find_variant("tschau sepp")


@pytest.mark.rule("R_DEAL", "R_TURN_ORDER")
def test_jass_pack_five_cards_counter_clockwise_from_the_dealers_right() -> None:
    """EXT:TS-WIKI, EXT:TS-JASSEN, EXT:TS-JASSWELT, CA-18/19: 36 cards, 5 each, counter-clockwise, Vorhand starts."""
    assert V.external and all(s.startswith(("EXT:", "WIKI-TSCH")) for s in V.sources)
    assert V.deck.size == 36
    s = new_game(V, 3, seed=4, dealer=0)
    assert [len(h) for h in s.hands] == [5, 5, 5] and s.direction == -1 and s.seat_to_act == 2


@pytest.mark.rule("R_WILD")
def test_under_is_wild_even_on_an_under() -> None:
    """EXT:TS-JASSEN, EXT:TS-WASPIKA, CA-08: the Under goes on any card, another Under too, and wishes a suit."""
    s = play(game(V, ["Jc 9c", "Kh 8s", "Jd 6h 6s"], top="9h"), "Jc>s")  # seat 2 is next
    assert s.wished_suit is Suit.SPADES and played(s) == {"J♦", "6♠"}


@pytest.mark.rule("R_DRAW_PENALTY")
def test_seven_draws_two_and_stacks() -> None:
    """EXT:TS-JASSEN, EXT:TS-WASPIKA, CA-03: 7 = draw two; another 7 passes it on (4)."""
    # counter-clockwise: seat 0 → seat 2 → seat 1
    s = play(game(V, ["7h 9c", "Kd 6d", "7s 8s 6c"], top="9h"), "7h")
    assert s.seat_to_act == 2 and s.pending_draw == 2 and played(s) == {"7♠"}
    s = play(s, "7s", "draw")
    assert len(s.hands[1]) == 6 and s.seat_to_act == 0


@pytest.mark.rule("R_REVERSE", "R_SKIP")
def test_ace_reverses_and_eight_skips() -> None:
    """EXT:TS-JASSWELT (Ace reverses), EXT:TS-JASSEN (8 skips), CA-05/06."""
    s = play(game(V, ["Ah 9c", "Kd 6d", "Qs 8s"], top="9h"), "Ah")
    assert s.direction == 1 and s.seat_to_act == 1
    t = play(game(V, ["8h 9c", "Kd 6d", "Qs 8s"], top="9h"), "8h")
    assert t.seat_to_act == 1  # counter-clockwise: seat 2 is skipped


@pytest.mark.rule("R_ANNOUNCE")
def test_tschau_with_the_second_to_last_card_and_sepp_with_the_last() -> None:
    """EXT:TS-BAETTIG, CA-10/11: 'Tschau' is due with the second-to-last card (2 cards if missed); 'Sepp' goes out."""
    s = game(V, ["9h Kh", "Ks 6d 6c", "9s 8s 6s"], top="10h")
    assert Play.parse("9h tschau").call is Call.MAU and check(s, Play.parse("9h tschau")).ok
    missed = play(s, "9h")
    assert CallOut(0) in legal_moves(missed) and len(play(missed, "callout 0").hands[0]) == 3
    won = play(s, "9h tschau", "9s", "Ks", "Kh")
    assert won.is_over and won.winner == 0 and won.announced[0] is Call.MAU_MAU  # "Sepp" is said with the last card


@pytest.mark.rule("R_START_CARD")
def test_start_card_acts_on_the_first_player() -> None:
    """EXT:TS-JASSWELT, CA-17: a start Under lets the first player play any card; a start 7 makes him draw two."""
    s = game(V, ["Kd 6d", "9c 6c", "8s 6s"], top="Jh")
    assert s.any_card and played(s) == {"K♦", "6♦"}
    t = game(V, ["Kd 6d", "9c 6c", "8s 6s"], top="7h")
    assert t.pending_draw == 2


@pytest.mark.rule("R_SCORE_PENALTY_POINTS")
def test_penalty_points_to_two_hundred_with_jass_values() -> None:
    """EXT:TS-EXPY (B), EXT:JASS-SPIELKARTEN, CA-22: losers' Jass values, reaching 200 loses."""
    cfg = V.plan.scoring
    assert isinstance(cfg, ScorePenaltyPoints) and (cfg.limit, cfg.threshold_op) == (200, "ge")
    assert [cfg.value(Card.parse(c)) for c in ("As", "10s", "Ks", "Qs", "Js", "9s", "6s")] == [11, 10, 4, 3, 2, 0, 0]
