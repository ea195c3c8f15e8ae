"""Scenarios for Standard with the points variant (STD-SCORE-2..4, STD-PTS-1)."""

from __future__ import annotations

import pytest

from maumau_rules import Card, find_variant, new_game
from maumau_rules.families.maumau import ScorePenaltyPoints
from maumau_rules.scoring import round_points
from tests.helpers import game, play

V = find_variant("std points")
STD = find_variant("standard")


@pytest.mark.rule("R_SCORE_PENALTY_POINTS")
def test_same_rules_as_standard_except_the_scoring() -> None:
    """STD-SCORE-2: the points variant changes only how rounds are scored."""
    ours = {r.rule_id: r for r in V.rules}
    theirs = {r.rule_id: r for r in STD.rules}
    assert set(ours) - set(theirs) == {"R_SCORE_PENALTY_POINTS"}
    assert set(theirs) - set(ours) == {"R_SCORE_WIN_POINTS"}
    assert all(ours[k] == theirs[k] for k in ours.keys() & theirs.keys())


@pytest.mark.rule("R_SCORE_PENALTY_POINTS")
def test_card_values_chosen_for_the_lost_table() -> None:
    """STD-PTS-1 [X], CA-22: 7-10 face value, Q/K/A 10, J 20 (the GR table)."""
    cfg = V.plan.scoring
    assert isinstance(cfg, ScorePenaltyPoints) and cfg.count == "values"
    got = {c: cfg.value(Card.parse(c + "h")) for c in ("7", "8", "9", "10", "J", "Q", "K", "A")}
    assert got == {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 10, "K": 10, "A": 10}


@pytest.mark.rule("R_SCORE_PENALTY_POINTS")
def test_limit_is_exceeded_not_reached() -> None:
    """STD-SCORE-4: whoever first exceeds the limit (100) loses; the fewest points wins."""
    cfg = V.plan.scoring
    assert isinstance(cfg, ScorePenaltyPoints) and (cfg.limit, cfg.threshold_op) == (100, "gt")


@pytest.mark.rule("R_SCORE_PENALTY_POINTS")
def test_losers_score_their_remaining_cards() -> None:
    """STD-SCORE-2/3: every loser writes his remaining cards down as negative (penalty) points."""
    s = play(game(V, ["9h Kh", "Jc 7s", "Ad 8d 10c"], top="10h", stock_top="Qc"), "9h mau", "Jc>h", "draw", "pass",
             "Kh")
    assert s.is_over and s.winner == 0
    assert round_points(s) == (0, 7, 10 + 8 + 10 + 10)


@pytest.mark.rule("R_FINAL_CARD_EFFECTS", "R_SCORE_PENALTY_POINTS")
def test_cards_drawn_after_a_finishing_seven_count() -> None:
    """STD-SEVEN-4, CA-04: after a finishing 7 the next player draws two, and they count."""
    s = play(game(V, ["9h 7h", "Jc 8s 9s", "Kd 9d 10c"], top="10h", stock_top="Ac Kc"), "9h mau", "Jc>h", "draw",
             "pass", "7h")
    assert s.is_over and s.winner == 0 and len(s.hands[1]) == 4


@pytest.mark.rule("R_DEAL")
def test_deal_as_standard() -> None:
    """STD-DEAL-5/6: five cards, six with two players."""
    assert [len(h) for h in new_game(V, 2, seed=1).hands] == [6, 6]
    assert [len(h) for h in new_game(V, 5, seed=1).hands] == [5] * 5
