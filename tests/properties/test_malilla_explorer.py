"""The exhaustive explorer on a tiny Spanish deck: every state of Malilla reachable from every deal of an 8-card
deck (two cards each), up to suit symmetry, keeps every invariant; the state graph has no cycle.

The exhaustive walk (about 25 s of CPU) runs in ``nox -s exhaustive``, which ``.ci/run`` runs after the README's test
command; the sampled walk of the table rules runs in that command."""

from __future__ import annotations

import pytest

from maumau_rules.families.malilla.explore import explore_malilla, malilla_deal_set, tiny_malilla
from maumau_rules.tools.explore import parse_deck


@pytest.mark.nox_session("exhaustive")
@pytest.mark.slow(seconds=9)
@pytest.mark.rule("R_MAL_DEAL", "R_MAL_TRICK", "R_MAL_FOLLOW", "R_MAL_SEVEN", "R_MAL_REDEAL")
def test_every_deal_of_an_eight_card_spanish_deck() -> None:
    """INV_MAL_CARDS, INV_MAL_TRICKS, INV_MAL_POINTS, INV_PLAYABLE, INV_LEGAL_IFF_APPLY, INV_ONE_SEAT_TO_ACT and
    INV_NO_LEAK on every reachable state, INV_TERMINATION by the acyclic graph; new deals (a whole suit of two
    cards) included."""
    v = tiny_malilla("malilla", parse_deck("spanish:7/1"))
    deals = list(malilla_deal_set(v, "all", symmetry=True))
    assert len(deals) == 228
    r = explore_malilla(v, deals, checks="full")
    assert r.acyclic and r.deals == 228 and r.states > 10_000 and r.final_states > 1000
    assert r.illegal_refused > r.states  # every state refused many moves, the state unchanged


@pytest.mark.rule("R_MAL_BREACH", "R_MAL_SEVEN")
def test_table_play_and_a_three_rank_deck() -> None:
    """malilla-table on 12 cards (three each): broken rules end hands as the rule says, on every state of a
    sample of deals."""
    v = tiny_malilla("malilla-table", parse_deck("spanish:7/1/R"))
    deals = list(malilla_deal_set(v, "25", seed=4, symmetry=True))
    r = explore_malilla(v, deals, checks="full", no_leak=False)
    assert r.acyclic and r.states > 1000
