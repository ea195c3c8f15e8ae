"""Scenarios for Faraón (Slovakia): digest items WIKI-FAR-*, with the inherited Prší rules."""

from __future__ import annotations

import pytest

from maumau_rules import Card, Pass, Phase, Play, Reason, Suit, check, find_variant, legal_moves, new_game
from maumau_rules.families.maumau import ScoreHandShrink
from tests.helpers import game, play, played

V = find_variant("faraón")


@pytest.mark.rule("R_SERIES", "R_SKIP")
def test_scn_far_01_two_aces_skip_the_next_two_players() -> None:
    """SCN-FAR-01, WIKI-FAR-MULTI-1, WIKI-FAR-ACE-1/2: A♥ then A♠ in one turn; P2 and P3 miss their turns."""
    s = play(game(V, ["Ah As 9c", "Kd 9d", "Kc 8d", "Qh 8c"], top="9h"), "Ah")
    assert s.phase is Phase.SERIES and s.seat_to_act == 0 and played(s) == {"A♠"}
    s = play(s, "As", "pass")  # he ends the series himself (issue 23)
    assert str(s.top_card) == "A♠" and s.seat_to_act == 3


@pytest.mark.rule("R_DRAW_PENALTY", "R_SERIES")
def test_scn_far_02_three_per_seven_and_the_jack_of_spades_cancels() -> None:
    """SCN-FAR-02, WIKI-FAR-SEVEN-1/2, WIKI-FAR-JL-1: two 7s → 6, one more → 9, then J♠ cancels it."""
    s = play(game(V, ["7h 7s 9c", "7c Kd", "Js 8d", "Qh 8c"], top="9h"), "7h", "7s", "pass")
    assert s.pending_draw == 6 and s.seat_to_act == 1
    s = play(s, "7c", "pass")
    assert s.pending_draw == 9 and s.seat_to_act == 2
    assert "J♠" in played(s)
    s = play(s, "Js", "pass")
    assert s.pending_draw == 0 and s.seat_to_act == 3 and len(s.hands[2]) == 1


@pytest.mark.rule("R_DRAW_PENALTY")
def test_seven_amounts_table() -> None:
    """SCN-FAR-02 table, WIKI-FAR-SEVEN-1: 1, 2, 3, 4 sevens → 3, 6, 9, 12 cards."""
    s = game(V, ["7h 7s 7c 7d 9c", "Kd 9d"], top="9h")
    totals = []
    for card in ("7h", "7s", "7c", "7d"):
        s = play(s, card)
        totals.append(s.pending_draw)
    assert totals == [3, 6, 9, 12]
    assert s.phase is Phase.SERIES and legal_moves(s) == (Pass(),)  # no 7 is left: he ends the series
    s = play(s, "pass", "draw")
    assert len(s.hands[1]) == 14 and s.seat_to_act == 0  # the drawer cannot play (WIKI-PRSI-SEVEN-2)


@pytest.mark.rule("R_WILD")
def test_ober_is_wild_and_names_a_suit() -> None:
    """WIKI-FAR-OBER-1 [X]: the Ober (Queen) goes on any card and names a suit; not on a fresh 7 or Ace."""
    s = play(game(V, ["Qc 9c", "Ks 9d"], top="8h"), "Qc>s")
    assert s.wished_suit is Suit.SPADES
    t = play(game(V, ["Ah 9c", "Kd 9d", "Qs 8d"], top="9h"), "Ah", "pass")
    assert check(t, Play(Card.parse("Qs"), wish=Suit.HEARTS)).reason is Reason.WILD_BLOCKED


@pytest.mark.rule("R_SERIES", "R_SKIP")
def test_series_of_any_rank_and_skips_wrap_round_the_table() -> None:
    """WIKI-FAR-MULTI-1, CA-25: a series of 9s; with 3 players two Aces bring the turn back to their player."""
    s = play(game(V, ["9c 9d Kc", "Kd 8d", "Qh 8c"], top="9h"), "9c")
    assert s.phase is Phase.SERIES and set(legal_moves(s)) == {Play(Card.parse("9d")), Pass()}
    assert play(s, "9d", "pass").seat_to_act == 1
    t = play(game(V, ["Ah As 9c", "Kd 9d", "Kc 8d"], top="9h"), "Ah", "As", "pass")
    assert t.seat_to_act == 0


@pytest.mark.rule("R_SCORE_HAND_SHRINK", "R_TURN_ORDER", "R_DEAL")
def test_shrinking_hands_and_winner_starts() -> None:
    """WIKI-FAR-DEAL-1/2, WIKI-FAR-ELIM-1, WIKI-FAR-START-1: 5 cards, one fewer per lost hand; the winner starts."""
    cfg = V.plan.scoring
    assert isinstance(cfg, ScoreHandShrink) and cfg.loser == "all_non_winners" and V.plan.hand_size(3) == 5
    assert V.plan.turn_order is not None and V.plan.turn_order.winner_starts
    s = new_game(V, 3, seed=5, hand_sizes=[4, 1, 5], first_player=1)
    assert [len(h) for h in s.hands] == [4, 1, 5] and s.seat_to_act == 1


@pytest.mark.rule("R_DRAW_PENALTY", "R_WILD")
def test_only_sevens_or_the_jack_of_spades_answer_pending_sevens() -> None:
    """WIKI-FAR-SEVEN-2, WIKI-FAR-JL-1, CA-02: an Ober or a matching card does not answer a pending 7."""
    s = play(game(V, ["7h 9c", "Qh 9h Js", "Kc 8d"], top="10h"), "7h", "pass")
    assert played(s) == {"J♠"}
    assert check(s, Play(Card.parse("Qh"), wish=Suit.CLUBS)).reason is Reason.MUST_ANSWER_DRAW
    assert check(s, Play(Card.parse("9h"))).reason is Reason.MUST_ANSWER_DRAW


@pytest.mark.rule("R_DRAW_PENALTY", "R_MATCH", "R_ANNOUNCE")
def test_jack_of_spades_without_a_pending_draw_is_an_ordinary_card_and_no_calls() -> None:
    """WIKI-FAR-JL-1, WIKI-PRSI-MAU-1 inherited: J♠ must match when nothing is pending; nothing is said at one card."""
    s = game(V, ["Js 9h", "Kd 8d", "Kc 8c"], top="10h")
    assert played(s) == {"9♥"}
    t = play(s, "9h", "pass")
    assert t.missed_calls == () and t.seat_to_act == 1


@pytest.mark.rule("R_SERIES")
@pytest.mark.parametrize("second", ["9d", "Kd"], ids=["holds-another", "holds-none"])
def test_the_series_phase_does_not_tell_whether_he_holds_another_card_of_the_rank(second: str) -> None:
    """Issue 23: after a series card the series phase follows whether or not he holds another card of that rank,
    so the phase and the seat to act tell the table nothing; he ends the series with a pass."""
    s = play(game(V, [f"9c {second} Kc", "Kh 8d", "Qh 8c"], top="9h"), "9c")
    assert s.phase is Phase.SERIES and s.seat_to_act == 0
    assert Pass() in legal_moves(s) and (Play(Card.parse("9d")) in legal_moves(s)) is (second == "9d")
    t = play(s, "pass")
    assert t.phase is Phase.PLAY and t.seat_to_act == 1
