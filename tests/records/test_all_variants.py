"""Every registered variant (Mau-Mau and Malilla alike): records, states, views and actions survive random games."""

from __future__ import annotations

import pytest

from maumau_rules import Card, GameState, MalillaState, available_variants
from maumau_rules.actions import ActionSpace
from maumau_rules.notation import dumps, loads, to_json
from maumau_rules.records import dumps_record, loads_record, record_from_history, record_from_moves, replay
from maumau_rules.views import view
from tests.server._games import cards_in, playout, validate_json

VARIANTS = [v.id for v in available_variants()]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_variant_random_game(variant: str, seed: int) -> None:
    v = next(x for x in available_variants() if x.id == variant)
    players = max(v.players[0], min(v.players[1], 2 + seed))
    states, moves = playout(variant, players, seed, seed + 100, limit=300)
    space = ActionSpace.for_variant(v, players)
    for s in states[:: max(1, len(states) // 25)] + [states[-1]]:
        assert loads(dumps(s)) == s
        doc = to_json(s)
        validate_json(doc)
        assert doc["variant"]["id"] == variant
        legal = set(s.legal_moves())
        assert {space.decode(i) for i, ok in enumerate(space.mask(s)) if ok} == legal
        for seat in range(players):
            pv = view(s, seat)
            vdoc = pv.to_json()
            validate_json(vdoc)
            assert loads(dumps(pv)) == pv
            assert cards_in(vdoc) <= set(s.hands[seat]) | _public_cards(s)
    rec = record_from_moves(variant, players, seed, moves)
    assert list(replay(rec)) == states
    assert loads_record(dumps_record(rec)) == rec
    validate_json(rec.to_json())
    hist = record_from_history(states)
    assert list(replay(hist))[-1] == states[-1]


def _public_cards(s: GameState | MalillaState) -> set[Card]:
    """The cards every player has seen: the discard pile (Mau-Mau); the trump card and every card played
    (Malilla)."""
    if isinstance(s, MalillaState):
        return {s.trump_card, *s.trick, *(c for t in s.tricks for c in t.cards)}
    return set(s.discard)
