"""Scenarios for the Classic (Wikipedia) variant: digest §1.2, items WIKI-* without a country infix."""

from __future__ import annotations

import pytest

from maumau_rules import (
    SKAT_32,
    Call,
    CallOut,
    Card,
    Draw,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    Reason,
    StateError,
    Suit,
    check,
    find_variant,
    legal_moves,
    new_game,
)
from maumau_rules.families.maumau import DrawPenalty, JackFinishDoubles, ScorePenaltyPoints
from maumau_rules.rules import PenaltySpec
from tests.helpers import game, ids, play, played

V = find_variant("classic")


@pytest.mark.rule("R_MATCH", "R_WILD", "R_DRAW")
def test_scn_wiki_01_matching_on_ten_of_spades() -> None:
    """SCN-WIKI-01, WIKI-MATCH-1, WIKI-JACK-1, WIKI-TURN-1: on 10♠ only spades, 10s and Jacks fit."""
    s = game(V, ["10h 7s Jd 9h Qc", "8c 8d"], top="10s")
    assert played(s) == {"10♥", "7♠", "J♦"}
    assert Draw() in legal_moves(s)
    # a player with nothing that fits draws one card and may play it if it fits
    t = game(V, ["9h Qc", "8c 8d"], top="10s", stock_top="Ks")
    assert played(t) == set()
    t = play(t, "draw")
    assert t.phase is Phase.DRAWN and played(t) == {"K♠"}
    u = play(game(V, ["9h Qc", "8c 8d"], top="10s", stock_top="9d"), "draw")
    assert legal_moves(u) == (Pass(),)
    assert play(u, "pass").seat_to_act == 1


@pytest.mark.rule("R_DRAW_PENALTY")
def test_scn_wiki_02_seven_chain_with_the_stacking_variant() -> None:
    """SCN-WIKI-02, WIKI-SEVEN-2: with the stacking house rule the chain goes 2, 4, 6, 8; E may then play."""
    house = V.with_rules(DrawPenalty(penalties=(PenaltySpec(cards="7", amount=2),), stacking=True, ends_turn=False))
    s = game(house, ["7h 9c", "7s 9d", "7c Kd", "7d Qd", "8h 8s"], top="9h")
    pending = []
    for move in ("7h", "7s", "7c", "7d"):
        s = play(s, move)
        pending.append(s.pending_draw)
    assert pending == [2, 4, 6, 8] and s.seat_to_act == 4
    s = play(s, "draw")
    assert len(s.hands[4]) == 10 and s.seat_to_act == 4 and s.pending_draw == 0
    assert s.phase is Phase.PLAY and Draw() in legal_moves(s)  # he goes on with his turn (CA-01 for classic)
    assert all(str(m.card)[-1] == "♦" or m.card.rank.symbol in ("7", "J") for m in legal_moves(s)
               if isinstance(m, Play))


@pytest.mark.rule("R_DRAW_PENALTY")
def test_seven_draw_two_but_may_play() -> None:
    """WIKI-SEVEN-1, CA-01: the next player draws two and may still play; without stacking no 7 answers."""
    s = play(game(V, ["7h 9c", "7s 8h", "Kd Qd"], top="9h"), "7h")
    assert s.pending_draw == 2
    assert played(s) == set()  # stacking is a variant only
    s = play(s, "draw")
    assert len(s.hands[1]) == 4 and s.seat_to_act == 1 and s.phase is Phase.PLAY
    s = play(s, "8h")
    assert s.seat_to_act == 0  # the 8 skipped seat 2


@pytest.mark.rule("R_PLAY_AGAIN")
def test_ace_must_be_covered_by_the_same_player() -> None:
    """WIKI-ACE-1/2, CA-05: after an Ace the same player plays a card that fits it, or draws."""
    s = play(game(V, ["Ah Kh 9c", "8c 8d"], top="9h"), "Ah")
    assert s.seat_to_act == 0
    assert played(s) == {"K♥"}
    assert play(s, "Kh").seat_to_act == 1
    t = play(game(V, ["Ah 9c", "8c 8d"], top="9h", stock_top="7d"), "Ah")
    assert played(t) == set() and legal_moves(t) == (Draw(),)
    t = play(t, "draw")
    assert legal_moves(t) == (Pass(),)


@pytest.mark.rule("R_NO_FINISH")
def test_no_finish_with_an_ace() -> None:
    """WIKI-ACE-3, CA-21: an Ace may not be the last card; the player must draw instead."""
    s = game(V, ["Ah", "8c 8d"], top="9h")
    v = check(s, Play(Card.parse("Ah")))
    assert not v.ok and v.reason is Reason.FINISH_FORBIDDEN and v.rule_id == "R_NO_FINISH"
    with pytest.raises(IllegalMoveError):
        play(s, "Ah")
    assert legal_moves(s) == (Draw(),)


@pytest.mark.rule("R_WILD")
def test_jack_is_wild_on_any_card_even_a_jack() -> None:
    """WIKI-JACK-1/2, CA-08: a Jack goes on any card, a Jack included, and names the suit."""
    s = play(game(V, ["Jc 9d", "Jd 7h", "8s 8h"], top="9h"), "Jc>s")
    assert s.wished_suit is Suit.SPADES
    assert played(s) == {"J♦"}
    s = play(s, "Jd>h")
    assert s.wished_suit is Suit.HEARTS and s.seat_to_act == 2


@pytest.mark.rule("R_ANNOUNCE")
def test_mau_at_one_card_and_mau_mau_before_a_jack() -> None:
    """WIKI-MAU-2/3, CA-10/11: 'Mau' with one card left, 'Mau-Mau' if it is a Jack; forgetting costs one card."""
    s = game(V, ["9h Kh", "Jc 9c", "8s 8d"], top="10h")
    s2 = play(s, "9h")  # no call
    assert CallOut(0) in legal_moves(s2)
    s3 = play(s2, "callout 0")
    assert len(s3.hands[0]) == 2
    t = game(V, ["9h Jc", "7c 9c", "8s 8d"], top="10h")
    right = play(t, "9h maumau")
    assert right.missed_calls == () and right.announced[0] is Call.MAU_MAU
    wrong = play(t, "9h mau")  # the wrong word is a legal mistake: it can be called out when the Jack is shown
    assert wrong.missed_calls == () and wrong.announced[0] is Call.MAU
    shown = play(wrong, "9c", "draw", "pass", "Jc>h")
    assert shown.phase is Phase.FINISHING and len(play(shown, "2:callout 0").hands[0]) == 1


@pytest.mark.rule("R_CUT")
def test_power_card_cut_keeps_power_cards_and_four_force_a_redeal() -> None:
    """WIKI-CUT-1..3, CA-20: the cutter keeps exposed power cards (7, 8, J, A); four of them force a redeal."""
    order = list(SKAT_32.cards())  # positions 0, 7, 14, 21 are exposed with cut=0
    s = new_game(V, 3, deck_order=order, cut=0, dealer=0)
    cutter = 2  # the dealer's right
    assert {"7♣", "A♣"} <= set(ids(s.hands[cutter])) and len(s.hands[cutter]) == 5
    assert [len(h) for h in s.hands] == [5, 5, 5]
    order[14], order[1] = order[1], order[14]  # 8♣ to position 14
    order[21], order[4] = order[4], order[21]  # J♣ to position 21
    with pytest.raises(StateError):
        new_game(V, 3, deck_order=order, cut=0, dealer=0)


@pytest.mark.rule("R_SCORE_PENALTY_POINTS", "R_JACK_FINISH_DOUBLES")
def test_scoring_penalty_points_doubled_after_a_jack_finish() -> None:
    """WIKI-SCORE-1, CA-22: losers' card values; a Jack finish doubles them."""
    cfg = V.plan.scoring
    assert isinstance(cfg, ScorePenaltyPoints) and cfg.limit == 100
    doubles = V.rule("R_JACK_FINISH_DOUBLES")
    assert isinstance(doubles, JackFinishDoubles) and doubles.multiplier == 2
    assert cfg.value(Card.parse("Jh")) == 20 and cfg.value(Card.parse("Ah")) == 11


@pytest.mark.rule("R_DEAL", "R_TURN_ORDER")
def test_deal_five_clockwise_from_the_dealers_left() -> None:
    """WIKI-DEAL-1, WIKI-GEN-1/2, CA-18/19: 2-5 players, 5 cards each, clockwise from the dealer's left."""
    s = new_game(V, 4, seed=3, dealer=1)
    assert [len(h) for h in s.hands] == [5, 5, 5, 5]
    assert s.seat_to_act == 2 and s.direction == 1
    with pytest.raises(Exception, match="2-5 players"):
        new_game(V, 6, seed=1)
