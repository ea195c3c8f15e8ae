"""The exhaustive explorer on tiny decks: every reachable state of the chosen deals, every invariant.

The two largest walks (a 12-card deck with the Jack's four wishes, at two and at three players: about 45 s of CPU
together) run in ``nox -s exhaustive``, which ``.ci/run`` runs after the README's test command (issue 26); the README's
command walks the same rules at three players on an 8-card deck, without the no-leak check.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from maumau_rules.families.maumau.explore import deal_set, explore, tiny_variant
from maumau_rules.tools.explore import parse_deck


@pytest.mark.nox_session("exhaustive")
@pytest.mark.rule("R_TURN_LIMIT")
def test_every_state_of_a_tiny_standard_game_keeps_the_invariants() -> None:
    # ranks 7, 8, J in four suits (12 cards): draw-two, skip and the wild Jack with its wishes.
    v = tiny_variant("standard", parse_deck("ranks:7/8/J"), players=2, hand=1)
    r = explore(v, 2, list(deal_set(v, 2, "2", seed=0)))
    assert r.acyclic and r.states > 2000 and r.transitions >= r.states - r.deals
    assert r.final_states > 0 and r.longest == 10 and r.illegal_refused > r.states


@pytest.mark.rule("R_TURN_LIMIT")
def test_a_position_repeats_without_the_move_counter() -> None:
    v = tiny_variant("standard", parse_deck("ranks:7/8"), players=2, hand=2)
    r = explore(v, 2, list(deal_set(v, 2, "1", seed=0)), checks="basic", quotient=True)
    assert r.acyclic, "with the move counter the graph is acyclic"
    assert r.quotient_cyclic, "without it a position repeats: R_TURN_LIMIT is what ends the game"


def test_every_deal_of_an_eight_card_deck_up_to_suit_symmetry() -> None:
    v = tiny_variant("standard", parse_deck("ranks:7/8"), players=2, hand=1)
    deals = list(deal_set(v, 2, "hands", symmetry=True))
    assert len(deals) == 36
    r = explore(v, 2, deals, checks="basic")
    assert r.acyclic and r.states > 10_000


@pytest.mark.nox_session("exhaustive")
def test_three_players() -> None:
    v = tiny_variant("standard", parse_deck("ranks:7/8/J"), players=3, hand=1)
    r = explore(v, 3, list(deal_set(v, 3, "2", seed=1)))
    assert r.acyclic and r.states > 1000


def test_three_players_with_the_wild_jack_on_a_small_deck() -> None:
    # ranks 7 and J (8 cards): draw-two and the Jack's wishes at a three-seat table; every state's whole step check
    # but INV_NO_LEAK, which the walks in `nox -s exhaustive` and the no-leak properties check.
    v = tiny_variant("standard", parse_deck("ranks:7/J"), players=3, hand=1)
    r = explore(v, 3, list(deal_set(v, 3, "1", seed=1)), no_leak=False)
    assert r.acyclic and r.states > 1000 and r.final_states > 500


@pytest.mark.parametrize("base", ["prsi", "tschau-sepp", "faraon"])
def test_other_variants_rules_on_a_tiny_deck(base: str) -> None:
    v = tiny_variant(base, parse_deck("ranks:7/8/J/A"), players=2, hand=2)
    r = explore(v, 2, list(deal_set(v, 2, "1", seed=2)), checks="full", max_states=600)
    assert r.acyclic and r.states > 100


def test_command_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "maumau_rules.tools.explore", "--deck", "ranks:7/8", "--hand", "1", "--deals", "2",
         "--quotient", "--checks", "basic"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    assert "states" in out and "acyclic" in out and "every invariant held" in out
