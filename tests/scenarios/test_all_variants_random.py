"""Every registered variant plays random complete games for every player count it allows.

Each game is a loop of seeded random legal moves until the round is over, checking on every step that
the cards are conserved (``state.all_cards() == Counter(v.family_plan.deck_cards)``) and that there is a
legal move until the end (INV_CARD_CONSERVATION, INV_PLAYABLE, termination by R_TURN_LIMIT; for Malilla
INV_MAL_CARDS and the end of the hand after its tricks).
"""

from __future__ import annotations

import pytest

from maumau_rules import available_variants
from tests.helpers import random_game

CASES = [(v.id, n) for v in available_variants() for n in range(v.players[0], v.players[1] + 1)]


@pytest.mark.rule("R_DEAL", "R_MATCH", "R_RESHUFFLE", "R_BLOCKED_END", "R_TURN_LIMIT")
@pytest.mark.parametrize(("variant_id", "players"), CASES)
def test_random_games_end_and_conserve_cards(variant_id: str, players: int) -> None:
    """Five seeded random games per variant and player count end, conserving every card."""
    from maumau_rules import find_variant

    v = find_variant(variant_id)
    ends = set()
    for seed in range(5):
        s, moves = random_game(v, players, seed=1000 * players + seed)
        assert s.is_over and moves >= 1
        assert sum(s.all_cards().values()) == v.deck.size  # hands, stock and discard (or Malilla's tricks)
        ends.add(s.end)
    assert ends
