"""Scenarios for Mau King as played in the app: the table rules (MK-*) with MK-WIN-6 for the 2♣."""

from __future__ import annotations

import random

import pytest

from maumau_rules import (
    Card,
    Play,
    Reason,
    apply,
    check,
    find_variant,
    legal_moves,
    new_game,
    next_round,
    round_points,
    start_match,
)
from maumau_rules.families.maumau import Cut, DrawPenalty, ScoreElimination
from tests.helpers import game, play

V = find_variant("mau king app")
TABLE = find_variant("mau-king")


@pytest.mark.rule("R_DRAW_PENALTY")
def test_scn_mk_05_app_two_of_clubs_hits_the_next_player() -> None:
    """SCN-MK-05 (app rule), MK-WIN-6, CA-23: P2 plays 2♣; the next player P3 draws four at once."""
    # counter-clockwise order P1 → P2 → P3 → P4 is seats 0 → 3 → 2 → 1
    s = play(game(V, ["9c 4d 4s", "5h 5s", "6h 6s", "2c 3d 3h"], top="9d"), "9c", "2c")
    assert len(s.hands[2]) == 2 + 4 and len(s.hands[0]) == 2
    assert s.seat_to_act == 2 and s.pending_draw == 0


@pytest.mark.rule("R_DRAW_PENALTY")
def test_two_of_clubs_has_no_defence() -> None:
    """MK-TWO-2: the four cards are drawn at once; a 7 cannot pass them on."""
    s = play(game(V, ["9c 4d 4s", "5h 5s", "6h 7c", "2c 3d 3h"], top="9d"), "9c", "2c")
    assert s.pending_draw == 0
    assert len(s.hands[2]) == 6 and s.seat_to_act == 2
    assert check(s, Play(Card.parse("7c"))).ok  # afterwards the 7♣ is just a card that fits the 2♣
    assert check(s, Play(Card.parse("6h"))).reason is Reason.DOES_NOT_MATCH


@pytest.mark.rule("R_DRAW_PENALTY", "R_FINAL_CARD_EFFECTS")
def test_two_of_clubs_as_the_last_card() -> None:
    """MK-WIN-5/6: a finishing 2♣ still gives four cards, here to the next player."""
    s = play(game(V, ["Kc 2c", "5c 5s 4h", "6c 6s 3c"], top="9c"), "Kc zadnja", "6c", "5c", "2c")
    assert s.is_over and s.winner == 0 and len(s.hands[2]) == 2 + 4


@pytest.mark.rule("R_DRAW_PENALTY", "R_SCORE_WIN_POINTS")
def test_app_and_table_differ_in_the_two_of_clubs_target_and_the_scoring() -> None:
    """MK-WIN-5 vs MK-WIN-6: the same rule object with one parameter changed; MK-ELO-2: the app's scoring."""
    diff = [(a.rule_id, a, b) for a, b in zip(V.rules, TABLE.rules, strict=True) if a != b]
    assert [(d[0], d[2].rule_id) for d in diff] == [("R_DRAW_PENALTY", "R_DRAW_PENALTY"),
                                                     ("R_SCORE_WIN_POINTS", "R_SCORE_ELIMINATION")]
    app_pen, table_pen = diff[0][1], diff[0][2]
    assert isinstance(app_pen, DrawPenalty) and isinstance(table_pen, DrawPenalty)
    assert [p.target for p in app_pen.penalties] == ["next", "next"]
    assert [p.target for p in table_pen.penalties] == ["next", "previous"]


@pytest.mark.rule("R_CUT", "R_DEAL", "R_TURN_ORDER")
def test_app_simulates_the_ceremony_and_deals_six() -> None:
    """MK-CUT-6, MK-DEAL-2/3, MK-DIR-1: the app simulates the cut; everyone holds six; play is counter-clockwise."""
    for n in (2, 4, 8):
        s = new_game(V, n, seed=n)
        assert [len(h) for h in s.hands] == [6] * n and s.direction == -1
        cut = V.rule("R_CUT")
        assert isinstance(cut, Cut)
        assert "wild" not in V.plan.roles[s.top_card] and not cut.special.matches(s.top_card)
        assert s.seat_to_act == (s.dealer - 1) % n


@pytest.mark.rule("R_SCORE_WIN_POINTS")
@pytest.mark.parametrize("seed", range(6))
def test_a_game_is_won_or_lost_and_the_cards_left_do_not_count(seed: int) -> None:
    """MK-ELO-2, CA-22, issue 25: at the end of a game only the ratings count, not the sum of the cards left:
    the winner scores one and every loser nothing, whatever his hand holds (at the table, MK-SCORE-4/5, the same
    end is scored with minus points for the winner and the hands' values for the losers), and the game is a
    match of its own, over after one game (the rating is computed outside the rules, from who won)."""
    assert isinstance(TABLE.plan.scoring, ScoreElimination) and not isinstance(V.plan.scoring, ScoreElimination)
    players = 2 + seed % 3
    rng = random.Random(seed)
    match = start_match(V, players, seed)
    s = match.game
    while not s.is_over:
        s = apply(s, rng.choice(legal_moves(s)))
    points = round_points(s)
    assert points == tuple(int(p == s.winner) for p in range(players))  # a tie at the move limit: nobody scores
    assert any(s.hands[p] for p in range(players) if p != s.winner)  # cards were left, and did not count
    done = next_round(match, s)
    assert done.over == (s.winner is not None) and done.winner == s.winner
