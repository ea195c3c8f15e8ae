"""Events agree with the state change, in every variant, for every viewer; hidden cards stay hidden."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from maumau_rules import GameState, Move, Pass, Phase, Play, apply, available_variants, legal_moves, new_game
from maumau_rules.events import (
    Drew,
    Event,
    Played,
    PlaysAgain,
    Reshuffled,
    Reversed,
    RoundOver,
    Skipped,
    TurnTo,
    WrongCard,
    apply_with_events,
    events_between,
)
from maumau_rules.schemas import schema_for
from maumau_rules.scoring import round_points
from maumau_rules.variants import Variant
from tests.server._games import validate_json

from ._support import GRID_PARAMS


def _table(s: GameState) -> list[tuple[int, Move]]:
    return [(p, m) for p in range(s.players) for m in legal_moves(s, p)]


def check_events(before: GameState, seat: int, move: Move, after: GameState) -> None:
    """Every fact the events state can be read off the two states, and every change is in the events."""
    full = events_between(before, move, after, player=seat, reveal=True)
    kinds = [e.kind for e in full]
    hands_before, hands_after = before.hands, after.hands  # each read decodes every hand
    # cards drawn: exactly each hand's growth beyond the played card
    drawn = Counter({e.seat: e.count for e in full if isinstance(e, Drew)})
    for p in range(before.players):
        grew = len(hands_after[p]) - len(hands_before[p]) + (1 if p == seat and isinstance(move, Play)
                                                             and any(isinstance(e, Played) for e in full) else 0)
        assert drawn[p] == grew, (kinds, p, grew)
    for e in full:
        if isinstance(e, Drew):
            assert e.cards is not None and Counter(e.cards) <= Counter(hands_after[e.seat])
    assert any(isinstance(e, Played) for e in full) == (isinstance(move, Play) and after.discard[-1] == move.card
                                                       and not any(isinstance(x, WrongCard) for x in full))
    assert any(isinstance(e, RoundOver) for e in full) == after.is_over
    if after.is_over:
        over = next(e for e in full if isinstance(e, RoundOver))
        assert (over.end, over.winner, over.tied, over.points) == (after.end, after.winner, after.tied,
                                                                   round_points(after))
    else:
        assert any(isinstance(e, Reversed) for e in full) == (after.direction != before.direction)
        turn = [e for e in full if isinstance(e, TurnTo)]
        assert (turn[-1].seat if turn else before.seat_to_act) == after.seat_to_act
        if any(isinstance(e, PlaysAgain) for e in full):
            assert after.seat_to_act == seat and after.phase is Phase.PLAY
        for e in full:
            if isinstance(e, Skipped) and not isinstance(move, Play | Pass):
                raise AssertionError(f"a skip after {move}")
    assert any(isinstance(e, Reshuffled) for e in full) == (
        len(after.discard) < len(before.discard) + (1 if any(isinstance(e, Played) for e in full) else 0))
    # each viewer sees the same events, with only its own drawn cards
    for viewer in (None, *range(before.players)):
        mine = events_between(before, move, after, player=seat, viewer=viewer)
        assert [e.kind for e in mine] == kinds
        for e in mine:
            if isinstance(e, Drew):
                assert (e.cards is not None) == (e.seat == viewer)
            doc = e.to_json()
            assert doc["kind"] == e.kind


@pytest.mark.rule("R_MATCH", "R_SKIP", "R_REVERSE", "R_PLAY_AGAIN", "R_DRAW_PENALTY", "R_RESHUFFLE", "R_ANNOUNCE")
@pytest.mark.parametrize(("variant", "players"), GRID_PARAMS)
def test_events_agree_with_the_state_change(variant: Variant, players: int) -> None:
    seen: Counter[str] = Counter()
    for game in range(1):
        rnd = random.Random(players * 10 + game)
        s = new_game(variant, players, seed=game)
        while not s.is_over:
            seat, move = rnd.choice(_table(s))
            after = apply(s, move, player=seat)
            check_events(s, seat, move, after)
            seen.update(e.kind for e in events_between(s, move, after, player=seat))
            s = after
    assert seen["round_over"] == 1 and seen["played"] > 0 and seen["drew"] > 0


def test_events_as_json_match_their_schema() -> None:
    s = new_game("mau-king", 3, seed=5)
    rnd = random.Random(5)
    docs: list[dict[str, object]] = []
    while not s.is_over:
        seat, move = rnd.choice(_table(s))
        s, events = apply_with_events(s, move, player=seat, viewer=0)
        docs.extend(e.to_json() for e in events)
    doc = {"type": "events", "version": 1, "events": docs}
    validate_json(doc)
    assert schema_for(doc)["$id"].endswith("events.json")
    assert {d["kind"] for d in docs} >= {"played", "drew", "turn_to", "round_over"}


def test_a_ui_can_follow_a_game_from_events_alone() -> None:
    """Replaying only the public events of a game tracks every hand size, the top card and the seat to act."""
    s = new_game("standard", 3, seed=9)
    rnd = random.Random(9)
    sizes = list(s.hand_sizes)
    top, to_act = s.top_card, s.seat_to_act
    while not s.is_over:
        seat, move = rnd.choice(_table(s))
        s, events = apply_with_events(s, move, player=seat, viewer=None)
        for e in events:
            _follow(e, sizes)
            if isinstance(e, Played):
                top = e.card
            if isinstance(e, TurnTo):
                to_act = e.seat
        assert tuple(sizes) == s.hand_sizes and top == s.top_card
        assert s.is_over or to_act == s.seat_to_act


def _follow(e: Event, sizes: list[int]) -> None:
    if isinstance(e, Played):
        sizes[e.seat] -= 1
    elif isinstance(e, Drew):
        sizes[e.seat] += e.count


@pytest.mark.rule("R_DRAW_PENALTY", "R_SKIP", "R_SERIES")
@pytest.mark.parametrize("variant", available_variants("maumau"),
                         ids=lambda v: v.id)
def test_a_pending_penalty_or_skip_is_told_to_the_seat_that_must_answer_it(variant: Variant) -> None:
    """Random games of every variant: each PenaltyPending and SkipPending names the seat to act after the move,
    which faces exactly that amount, never while its player goes on with a series; and whenever a seat comes to act
    facing a penalty another seat's play or series left, it is told (Faraón's 7s in a series named their player,
    and the seat after the series was told nothing)."""
    from maumau_rules.events import PenaltyPending, SkipPending

    rng = random.Random(variant.id)
    told = 0
    for _game in range(10):
        s = new_game(variant, variant.players[1], rng.randrange(10_000))
        for _ in range(300):
            if s.is_over:
                break
            move = rng.choice(legal_moves(s))
            after = apply(s, move)
            events = events_between(s, move, after)
            for e in events:
                if isinstance(e, PenaltyPending):
                    assert (e.seat, e.amount) == (after.seat_to_act, after.pending_draw) and after.phase is not \
                        Phase.SERIES, (e, after)
                    told += 1
                if isinstance(e, SkipPending):
                    assert (e.seat, e.count) == (after.seat_to_act, after.pending_skip), (e, after)
            came = after.seat_to_act != s.seat_to_act and not after.is_over
            if came and after.pending_draw and (isinstance(move, Play) or s.phase is Phase.SERIES):
                assert any(isinstance(e, PenaltyPending) for e in events), (move, events, after)
            s = after
    if any("penalty" in r for r in variant.plan.roles.values()):
        assert told > 0
