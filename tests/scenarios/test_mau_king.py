"""Scenarios for Mau King / Makao (table rules): digest §1.5, items MK-*, scenarios SCN-MK-01..06."""

from __future__ import annotations

from collections import Counter

import pytest

from maumau_rules import (
    Call,
    CallOut,
    Card,
    Draw,
    Pass,
    Phase,
    Play,
    Reason,
    StateError,
    Suit,
    apply,
    check,
    find_variant,
    legal_moves,
    new_game,
    parse_cards,
)
from maumau_rules.families.maumau import DrawUntilSuit, ScoreElimination
from maumau_rules.scoring import round_points
from tests.helpers import game, ids, play, played

V = find_variant("makao")


def _order(packet_bottom: str, cut: int) -> list[Card]:
    """A deck order whose cut packet (the first ``cut + 1`` cards) ends with ``packet_bottom`` (bottom last)."""
    bottom = list(parse_cards(packet_bottom))
    rest = Counter(V.plan.deck_cards)
    rest.subtract(bottom)
    filler: list[Card] = []
    for c in V.plan.deck_cards:  # plain cards (3-6, not clubs) fill the packet above the bottom cards
        if c.rank.symbol in "3456" and c.suit is not Suit.CLUBS and rest[c] > 0 and len(filler) < cut + 1 - len(bottom):
            filler.append(c)
            rest[c] -= 1
    tail: list[Card] = []
    for c in V.plan.deck_cards:
        if rest[c] > 0:
            tail.append(c)
            rest[c] -= 1
    order = filler + bottom + tail
    assert Counter(order) == Counter(V.plan.deck_cards)
    return order


@pytest.mark.rule("R_CUT", "R_DEAL", "R_TURN_ORDER")
def test_scn_mk_01_cutting_ceremony_with_two_specials() -> None:
    """SCN-MK-01, MK-CUT-1..5, MK-DEAL-2/3, MK-START-1, MK-DIR-1: 8♥ and J♠ kept, 5♦ starts; all hold 6."""
    order = _order("5d Js 8h", cut=10)  # from the bottom up: 8♥, J♠, 5♦
    s = new_game(V, 4, deck_order=order, cut=10, dealer=0)
    cutter = 1  # the dealer's left
    assert str(s.top_card) == "5♦"
    assert {"8♥", "J♠"} <= set(ids(s.hands[cutter]))
    assert [len(h) for h in s.hands] == [6, 6, 6, 6]
    # dealt counter-clockwise from the dealer's right (seat 3) in packets of three; the cutter gets 1 in round one
    pile = [c for i, c in enumerate(order) if i not in (8, 9, 10)]
    assert list(s.hands[3]) == sorted(pile[0:3] + pile[10:13], key=lambda c: c.sort_key)
    assert Counter(s.hands[cutter]) == Counter([*parse_cards("8h Js"), pile[6], *pile[16:19]])
    assert s.seat_to_act == 3 and s.direction == -1
    four = _order("5d Js 8h Ac 7c", cut=10)  # four specials in a row: redeal
    with pytest.raises(StateError, match="redeal"):
        new_game(V, 4, deck_order=four, cut=10, dealer=0)


@pytest.mark.rule("R_PLAY_AGAIN", "R_ANNOUNCE")
def test_scn_mk_02_ace_as_last_card_is_no_win() -> None:
    """SCN-MK-02, MK-WIN-4, MK-ACE-2, MK-ANN-6: after 'Zadnja!' A♠ is played, then he draws one; the call lapses."""
    s = play(game(V, ["Ks As", "9s 4d 4h"], top="Kc", stock_top="3c"), "Ks zadnja", "9s")
    assert s.announced[0] is Call.MAU and s.seat_to_act == 0
    s = play(s, "As")
    assert not s.is_over and s.hands[0] == () and s.seat_to_act == 0
    assert legal_moves(s) == (Draw(),)
    s = play(s, "draw")
    assert ids(s.hands[0]) == ["3♣"] and s.announced[0] is None and s.phase is Phase.DRAWN


@pytest.mark.rule("R_WILD", "R_WILD_FINISH_SERIES")
def test_scn_mk_03_blocking_a_mau_mau_with_a_jack() -> None:
    """SCN-MK-03, MK-MM-1/2, MK-JACK-2: P2's Jack blocks P3's last Jack; P3 must draw."""
    # counter-clockwise: seat 1 (P3) → seat 0 (P1) → seat 2 (P2) → seat 1
    s = game(V, ["9c 4d 4s", "9h Jh", "Jd 3h 3s"], top="9d", first_player=1)
    s = play(s, "9h maumau", "9c", "Jd>c")
    assert s.seat_to_act == 1 and s.announced[1] is Call.MAU_MAU
    v = check(s, Play(Card.parse("Jh"), wish=Suit.HEARTS))
    assert v.reason is Reason.WILD_ON_WILD
    assert legal_moves(s) == (Draw(),)
    s = play(s, "draw")
    assert len(s.hands[1]) == 2 and s.announced[1] is None  # the call lapsed (MK-ANN-6)


@pytest.mark.rule("R_WILD_FINISH_SERIES", "R_SCORE_ELIMINATION", "R_ANNOUNCE")
def test_scn_mk_04_multiple_mau_mau_and_table_scoring() -> None:
    """SCN-MK-04, MK-MM-3, MK-SCORE-2..6: 9♦ with 'Mau Mau', then J♣ J♥ at once: -40; losers +29 and +23."""
    # counter-clockwise with three players: seat 0 → seat 2 → seat 1 → seat 0
    s = game(V, ["9d Jc Jh", "As 9c Kd 3h", "Jd 3s 3d"], top="9h")
    assert check(s, Play(Card.parse("9d"), call=Call.MAU_MAU)).ok
    assert play(s, "9d zadnja").missed_calls == (0,)  # "Zadnja" is the wrong word here: it can be called out
    s = play(s, "9d maumau", "3d", "3h")
    assert s.seat_to_act == 0 and str(s.top_card) == "3♥"
    s = play(s, "Jc>h")
    assert s.phase is Phase.SERIES and played(s) == {"J♥"}
    s = play(s, "Jh>h")
    assert s.is_over and s.winner == 0 and ids(s.turn_plays) == ["J♣", "J♥"]
    cfg = V.plan.scoring
    assert isinstance(cfg, ScoreElimination) and cfg.winner_bonus[2] == -40 and (cfg.limit, cfg.threshold_op) == (301, "ge")
    assert sum(cfg.value(c) for c in parse_cards("As 9c Kd")) == 29
    assert sum(cfg.value(c) for c in parse_cards("Jd 3s")) == 23
    assert round_points(s) == (-40, 29, 23)


@pytest.mark.rule("R_DRAW_PENALTY")
def test_scn_mk_05_two_of_clubs_hits_the_previous_player() -> None:
    """SCN-MK-05, MK-TWO-1/2, MK-WIN-5, CA-23: P2 plays 2♣; P1 (previous, counter-clockwise) draws four at once."""
    # counter-clockwise order P1 → P2 → P3 → P4 is seats 0 → 3 → 2 → 1
    s = game(V, ["9c 4d 4s", "5h 5s", "6h 6s", "2c 3d 3h"], top="9d")
    s = play(s, "9c", "2c")
    assert len(s.hands[0]) == 2 + 4 and len(s.hands[2]) == 2
    assert s.pending_draw == 0 and s.seat_to_act == 2


@pytest.mark.rule("R_SKIP", "R_PLAY_AGAIN")
def test_scn_mk_06_two_player_eight_may_finish_but_ace_may_not() -> None:
    """SCN-MK-06, MK-EIGHT-2/3, MK-ACE-1/2: with two players the last 8 wins; the last Ace is no win."""
    s = play(game(V, ["Kd 8d", "5h 5d 4c"], top="9d"), "Kd zadnja", "5d", "8d")
    assert s.is_over and s.winner == 0
    t = play(game(V, ["Kd Ad", "5h 5d 4c"], top="9d"), "Kd zadnja", "5d", "Ad")
    assert not t.is_over and t.seat_to_act == 0 and legal_moves(t) == (Draw(),)
    e = play(game(V, ["8d 5c 5s", "5h 4c"], top="9d"), "8d")
    assert e.seat_to_act == 0  # two players: the 8 means playing again


@pytest.mark.rule("R_REVERSE")
def test_queen_reverses_from_the_player_who_threw_it() -> None:
    """MK-QUEEN-1/2, MK-DIR-1: counter-clockwise at the start; a Queen reverses, and another reverses back."""
    s = game(V, ["Qd 4d 4s", "5h 5s", "Qs 6s", "3d 3h"], top="9d")
    assert s.direction == -1
    s = play(s, "Qd")
    assert s.direction == 1 and s.seat_to_act == 1
    s = play(game(V, ["Qd 4d 4s", "Qs 5s", "6h 6s", "3d 3h"], top="9d"), "Qd", "Qs")
    assert s.direction == -1 and s.seat_to_act == 0


@pytest.mark.rule("R_ANNOUNCE")
def test_zadnja_missed_can_be_called_out_until_the_offenders_next_move() -> None:
    """MK-ANN-1..4, CA-11: without 'Zadnja!' any player acting before the offender may call him out: +2."""
    s = play(game(V, ["Kd 4s", "5d 5s 3c", "Kh 6s 3h"], top="9d"), "Kd")
    s = play(s, "Kh")  # seat 2 does not call him out...
    assert CallOut(0) in legal_moves(s)  # ...seat 1 still may
    s = play(s, "callout 0")
    assert len(s.hands[0]) == 3
    u = play(game(V, ["Kd 5d", "5h 5s 3c", "Kh 6s 3h"], top="9d"), "Kd", "Kh", "5h", "5d")
    assert u.phase is Phase.FINISHING and u.finisher == 0 and u.seat_to_act == 2
    caught = apply(u, CallOut(0), player=1)  # 'nisi najavio': +2, the card stays, play goes on
    assert not caught.is_over and len(caught.hands[0]) == 2 and str(caught.top_card) == "5♦"
    assert caught.seat_to_act == 2
    unnoticed = play(u, "pass")  # nobody says it: the win stands
    assert unnoticed.is_over and unnoticed.winner == 0


@pytest.mark.rule("R_DRAW_PENALTY", "R_FINAL_CARD_EFFECTS")
def test_final_seven_gives_the_accumulated_amount() -> None:
    """MK-WIN-2/3, MK-SEVEN-2, CA-04: a finishing 7 on a 7 makes the next player draw four."""
    # seat 0 → seat 2 → seat 1 → seat 0
    s = play(game(V, ["Kd 7s", "7h 5c 3h", "Kh 6s 3c"], top="9d"), "Kd zadnja", "Kh", "7h")
    assert s.pending_draw == 2 and s.seat_to_act == 0
    s = play(s, "7s")
    assert s.is_over and s.winner == 0
    assert len(s.hands[2]) == 2 + 4 and s.pending_draw == 0


@pytest.mark.rule("R_DRAW_UNTIL_SUIT")
def test_regional_two_of_diamonds_draw_until_a_diamond() -> None:
    """MK-SPEC-1, CA-23 (regional, off by default): after 2♦ the next player plays a ♦ or draws until he gets one."""
    assert V.rule("R_DRAW_UNTIL_SUIT") is None
    house = V.with_rules(DrawUntilSuit(cards="2d"))
    s = game(house, ["2d 4s 4c", "5h 5s", "6h 6s 3c"], top="9d", stock_top="9c 8c 5d Ah")
    s = play(s, "2d")
    assert s.seat_to_act == 2 and s.wished_suit is Suit.DIAMONDS and played(s) == set()
    s = play(s, "draw")
    assert ids(s.hands[2]).count("5♦") == 1 and len(s.hands[2]) == 6 and s.phase is Phase.DRAWN
    assert "5♦" in played(s) and Pass() in legal_moves(s)


@pytest.mark.rule("R_DRAW_PENALTY", "R_DRAW", "R_WILD")
def test_sevens_stack_jack_does_not_answer_and_any_card_after_a_draw() -> None:
    """MK-SEVEN-1/2, MK-TURN-2, CA-02/12: 7s stack (2, 4); a Jack does not answer; after a draw any card may follow."""
    s = play(game(V, ["7d 4d 4s", "5h Jc 7c", "7s 6s 3h"], top="9d"), "7d")  # seat 0 → seat 2 → seat 1
    s = play(s, "7s")
    assert s.pending_draw == 4 and s.seat_to_act == 1
    assert check(s, Play(Card.parse("Jc"), wish=Suit.HEARTS)).reason is Reason.MUST_ANSWER_DRAW
    assert play(s, "7c").pending_draw == 6
    t = play(game(V, ["9d 4c 4s", "5h 6c", "8s 6h 3h"], top="9c", stock_top="Kd"), "draw")
    assert t.phase is Phase.DRAWN and {"9♦", "4♣", "K♦"} >= played(t) and "4♣" in played(t)
