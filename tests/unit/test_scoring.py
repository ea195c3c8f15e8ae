"""Match play and round scoring (STD-SCORE-*, GR-SCORE-*, MK-SCORE-*)."""

from __future__ import annotations

import copy
import random

import pytest

from maumau_rules import Deal, apply, find_variant, legal_moves, new_game, parse_cards
from maumau_rules.errors import MauMauError
from maumau_rules.scoring import Match, next_round, round_points, start_match
from maumau_rules.variants import SPEC_VARIANTS, Variant, variant_from_dict


def _variant(**rules: dict[str, object]) -> Variant:
    data = copy.deepcopy(SPEC_VARIANTS["standard"])
    data["variant"]["id"], data["variant"]["aliases"] = "scoring-test", []
    for key in [k for k in data["rules"] if k.startswith("R_SCORE")]:
        del data["rules"][key]
    data["rules"].update(rules)
    return variant_from_dict(data)


def _play_out(m: Match, seed: int) -> Match:
    r = random.Random(seed)
    while not m.over:
        s = m.game
        while not s.is_over:
            s = apply(s, r.choice(legal_moves(s)))
        m = next_round(m, s)
    return m


@pytest.mark.rule("R_SCORE_WIN_POINTS", "R_DEALER")
def test_win_points_match_first_to_five_and_deal_passes_clockwise() -> None:
    """STD-SCORE-1, STD-DEAL-2: one win point per round, first to 5; the deal passes to the left."""
    m = start_match("standard", players=3, seed=2)
    first_dealer = m.dealer
    s = m.game
    while not s.is_over:
        s = apply(s, legal_moves(s)[0])
    m2 = next_round(m, s)
    assert m2.dealer == (first_dealer + 1) % 3
    done = _play_out(m, 2)
    assert done.over and max(done.scores) == 5 and done.scores[done.winner or 0] == 5
    assert sum(r.points[r.winner] for r in done.history if r.winner is not None) == sum(done.scores)


@pytest.mark.rule("R_SCORE_PENALTY_POINTS")
def test_penalty_points_losers_count_cards_first_past_limit_loses_fewest_wins() -> None:
    """STD-SCORE-2..4: losers write their remaining cards as penalty points; first past the limit ends it."""
    v = _variant(R_SCORE_PENALTY_POINTS={"limit": 60, "values": {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 3,
                                                                  "K": 4, "A": 11}})
    s = new_game(v, 2, seed=1, deal=Deal((parse_cards("7h"), parse_cards("Jc Qd As")),
                                         tuple(c for c in v.plan.deck_cards if str(c) not in
                                               ("7♥", "J♣", "Q♦", "A♠", "9♥")), parse_cards("9h"), first_player=0,
                                         start_effects=False))
    s = apply(s, legal_moves(s)[0])  # 7♥ goes out; the next player still draws 2 (STD-SEVEN-4)
    pts = round_points(s)
    assert pts[0] == 0 and pts[1] > 20 + 3 + 11
    m = _play_out(start_match(v, 3, seed=4), 4)
    assert m.over and max(m.scores) > 60 and m.scores[m.winner or 0] == min(m.scores)


@pytest.mark.rule("R_SCORE_WINNER_COLLECTS")
def test_winner_collects_card_values_scn_gr_02() -> None:
    """SCN-GR-02: P1 goes out; P2 holds {7♣, 10♦, Q♠}, P3 {J♥, A♦}: P1 scores 7+10+10+20+10 = 57."""
    v = _variant(R_SCORE_WINNER_COLLECTS={"target": 150, "values": {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20,
                                                                     "Q": 10, "K": 10, "A": 10}})
    used = {"8♣", "7♣", "10♦", "Q♠", "J♥", "A♦", "9♣"}
    s = new_game(v, 3, seed=1, deal=Deal((parse_cards("8c"), parse_cards("7c 10d Qs"), parse_cards("Jh Ad")),
                                         tuple(c for c in v.plan.deck_cards if str(c) not in used),
                                         parse_cards("9c"), first_player=0, start_effects=False))
    s = apply(s, legal_moves(s)[0])
    assert s.winner == 0 and round_points(s) == (57, 0, 0)


@pytest.mark.rule("R_SCORE_ELIMINATION")
def test_elimination_match_ends_with_one_player_left() -> None:
    """MK-SCORE-3: reaching the limit eliminates; the last player left wins."""
    v = _variant(R_SCORE_ELIMINATION={"limit": 40})
    m = _play_out(start_match(v, 3, seed=6), 6)
    assert m.over and sum(m.active) == 1 and m.active[m.winner or 0]


@pytest.mark.rule("R_SCORE_HAND_SHRINK")
def test_hand_shrink_losers_get_fewer_cards_until_out() -> None:
    """WIKI-FAR-DEAL-2, WIKI-FAR-ELIM-1: each loser starts the next hand with one card fewer; out after one."""
    v = _variant(R_SCORE_HAND_SHRINK={})
    m = start_match(v, 3, seed=3)
    s = m.game
    while not s.is_over:
        s = apply(s, legal_moves(s)[0])
    m2 = next_round(m, s)
    winner = m2.history[0].winner
    assert all(m2.hand_sizes[i] == (5 if i == winner else 4) for i in range(3))
    done = _play_out(m, 3)
    assert done.over and sum(done.active) == 1


@pytest.mark.rule("R_JACK_FINISH_DOUBLES")
def test_jack_finish_doubles_penalty_points() -> None:
    """WIKI-SCORE-1: a round won with a Jack doubles the points against the losers."""
    data = copy.deepcopy(SPEC_VARIANTS["standard"])
    data["variant"]["id"], data["variant"]["aliases"] = "jack-doubles-test", []
    del data["rules"]["R_SCORE_WIN_POINTS"], data["rules"]["R_NO_FINISH"]
    data["rules"]["R_SCORE_PENALTY_POINTS"] = {"count": "cards"}
    data["rules"]["R_JACK_FINISH_DOUBLES"] = {"multiplier": 2}
    v = variant_from_dict(data)
    s = new_game(v, 2, seed=1, deal=Deal((parse_cards("Jc"), parse_cards("7d 8d 9d")),
                                         tuple(c for c in v.plan.deck_cards if str(c) not in
                                               ("J♣", "7♦", "8♦", "9♦", "9♥")), parse_cards("9h"),
                                         first_player=0, start_effects=False))
    s = apply(s, next(m for m in legal_moves(s)))
    assert s.winner == 0 and round_points(s) == (0, 6)


def test_next_round_rejects_unfinished_and_foreign_rounds() -> None:
    m = start_match("standard", 2, seed=1)
    with pytest.raises(MauMauError):
        next_round(m, m.game)
    other = new_game(find_variant("standard"), 3, seed=1)
    with pytest.raises(MauMauError):
        next_round(m, other)
