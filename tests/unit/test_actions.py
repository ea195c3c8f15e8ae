"""The action codec: a stable table, encode/decode bijection, masks that match legal_moves."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import CallOut, Card, Draw, NotationError, Pass, Play, Suit, available_variants, new_game
from maumau_rules.actions import ActionError, ActionSpace, action_table
from tests.server._games import playout

# The standard table, pinned: changing it breaks every trained agent and stored action log.
STANDARD_SHA256 = {
    2: "a1ef68ec8acde32b33e115223e63e5c15b0f96e7c7f6dd959d98493aaf57c6ff",
    3: "1f3141ebef943af73d88a6f9dd53a703f31c684bbbffe825faf20701b0213716",
    4: "e8bf2b1e9dd9ed47e470910bd6043be5e131b6b111857bb2fdf4f4f65a8206a6",
    5: "455e1a1225ff8db1b65ab9395c8a3cff1c4cb959476fc15682149361097fe210",
}
STANDARD_HEAD = [(0, "draw"), (1, "pass"), (2, "7♣"), (3, "7♣ mau"), (4, "8♣"), (5, "8♣ mau"), (6, "9♣"),
                 (7, "9♣ mau"), (8, "10♣"), (9, "10♣ mau"), (10, "J♣>♣"), (11, "J♣>♣ mau"), (12, "J♣>♠")]


def _digest(table: list[tuple[int, str]]) -> str:
    return hashlib.sha256("\n".join(f"{i} {m}" for i, m in table).encode()).hexdigest()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_standard_table_is_pinned(players: int) -> None:
    table = action_table("standard", players)
    assert table[: len(STANDARD_HEAD)] == STANDARD_HEAD
    assert len(table) == 90 + players
    assert table[-players:] == [(90 + i, f"callout {i}") for i in range(players)]
    assert _digest(table) == STANDARD_SHA256[players]


@pytest.mark.parametrize("variant", [v.id for v in available_variants()])
def test_every_variant_is_a_bijection(variant: str) -> None:
    v = available_variants()[[x.id for x in available_variants()].index(variant)]
    for players in range(v.players[0], v.players[1] + 1):
        space = ActionSpace.for_variant(v, players)
        assert len(set(space.moves)) == space.size
        assert all(space.encode(space.decode(i)) == i for i in range(space.size))
        assert space.table() == action_table(v, players)


@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 10_000))
def test_masks_match_legal_moves(players: int, seed: int, move_seed: int) -> None:
    space = ActionSpace.for_variant("standard", players)
    states, _ = playout("standard", players, seed, move_seed, limit=150)
    for s in states:
        mask = space.mask(s)
        assert len(mask) == space.size
        legal = s.legal_moves()
        assert {space.decode(i) for i, ok in enumerate(mask) if ok} == set(legal)
        assert [space.decode(i) for i in space.legal_actions(s)] == list(legal)


def test_encode_accepts_notation() -> None:
    space = ActionSpace.for_variant("standard", 3)
    assert space.encode("draw") == 0 and space.encode(Draw()) == 0
    assert space.encode(Pass()) == 1
    assert space.encode("Jc>h") == space.encode(Play(Card.parse("J♣"), Suit.HEARTS))
    assert space.encode(CallOut(2)) == space.size - 1


@pytest.mark.parametrize(
    "move",
    [Play(Card.parse("2h")), Play(Card.parse("7h"), Suit.CLUBS), Play(Card.parse("Jh")), CallOut(3), "Jc>h maumau"],
)
def test_moves_without_an_id(move: object) -> None:
    with pytest.raises(ActionError, match="has no action ID in 'standard' with 3 players"):
        ActionSpace.for_variant("standard", 3).encode(move)  # type: ignore[arg-type]


def test_bad_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="unknown move 'xyz'"):
        ActionSpace.for_variant("standard", 3).encode("xyz")


@pytest.mark.parametrize("action", [-1, 93, True, 1.0, "1", None])
def test_decode_out_of_range(action: object) -> None:
    with pytest.raises(ActionError, match="is out of range"):
        ActionSpace.for_variant("standard", 3).decode(action)  # type: ignore[arg-type]


def test_wrong_player_count_and_state() -> None:
    with pytest.raises(ActionError, match="for 2-5 players, not 6"):
        ActionSpace.for_variant("standard", 6)
    with pytest.raises(ActionError, match="the state is 'standard' with 2 players"):
        ActionSpace.for_variant("standard", 3).mask(new_game("standard", 2, seed=1))
