"""Every way to set a game up through the public API, for each family: an explicit deal (a Malilla one names its
trump card) and a hand set up mid-match (scores, dealer)."""

from __future__ import annotations

import pytest

from maumau_rules import SPANISH_40, Deal, apply, legal_moves, new_game, next_round, start_match
from maumau_rules.families import family_of
from maumau_rules.state import StateError


@pytest.mark.rule("R_MAL_DEAL")
@pytest.mark.parametrize("dealer", range(4))
def test_an_explicit_malilla_deal(dealer: int) -> None:
    cards = SPANISH_40.cards()
    hands = tuple(cards[i::4] for i in range(4))
    trump = hands[dealer][3]
    s = new_game("malilla", players=4, seed=5, deal=Deal(hands, dealer=dealer, trump=trump))
    assert s.dealer == dealer and s.trump_card == trump
    assert [sorted(h, key=lambda c: c.sort_key) for h in s.hands] == [sorted(h, key=lambda c: c.sort_key)
                                                                      for h in hands]
    assert s == new_game("malilla", players=4, seed=5, deal=Deal(hands, dealer=dealer, trump=trump))
    family_of(s).invariants.check_state(s)


@pytest.mark.rule("R_MAL_DEAL")
def test_a_bad_malilla_deal_is_refused_by_name() -> None:
    cards = SPANISH_40.cards()
    hands = tuple(cards[i::4] for i in range(4))
    with pytest.raises(StateError, match="trump card"):
        new_game("malilla", 4, 1, deal=Deal(hands, dealer=0, trump=hands[1][0]))
    with pytest.raises(StateError, match="names its trump card"):
        new_game("malilla", 4, 1, deal=Deal(hands, dealer=0))
    with pytest.raises(StateError, match="missing"):
        new_game("malilla", 4, 1, deal=Deal((hands[0], hands[1], hands[2], hands[3][:-1]), trump=hands[0][0]))
    with pytest.raises(StateError, match="no stock"):
        new_game("malilla", 4, 1, deal=Deal(hands, stock=hands[0], trump=hands[0][0]))


@pytest.mark.rule("R_MAL_SCORE", "R_MAL_DEAL")
def test_a_malilla_hand_mid_match() -> None:
    s = new_game("malilla", 4, seed=3, scores=(30, 12), dealer=2, round_no=4)
    assert (s.scores[0] >= 30, s.scores[1] >= 12, s.dealer, s.round_no) == (True, True, 2, 4)
    m = start_match("malilla", 4, seed=3, scores=(30, 12), dealer=2, round_no=4)
    assert m.scores == (30, 12) and m.dealer == 2 and m.round_no == 4 and m.game.dealer == 2
    g = m.game
    while not g.is_over:
        g = apply(g, legal_moves(g)[-1])
    after = next_round(m, g)
    assert after.over or after.round_no == 5
    assert after.over or after.dealer != 2  # the deal passes on


def test_a_maumau_round_mid_match() -> None:
    m = start_match("standard", 3, seed=3, scores=(4, 0, 2), dealer=1)
    assert m.scores == (4, 0, 2) and m.dealer == 1 and m.game.dealer == 1
