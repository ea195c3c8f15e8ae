"""The events of a move account for every change a viewer can see, and show him no card he may not see: in every
registered variant at every player count, and under house rules whose effects take and give cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
import pytest

from examples.house_rules import queen_all_draw, six_must_be_covered, ten_swaps_hands
from maumau_rules import GameState, Move, Play, apply, find_variant, legal_moves, new_game
from maumau_rules.cards import Card, Rank
from maumau_rules.events import (
    Drew,
    Event,
    HandsChanged,
    Played,
    Reshuffled,
    Reversed,
    RoundOver,
    TurnTo,
    Wished,
    WrongCard,
    describe_events,
    events_between,
)
from maumau_rules.families.maumau import Effect, PlanBuilder, Turn
from maumau_rules.rules import CardSet, Kind, Rule
from maumau_rules.rules.base import cardset
from maumau_rules.variants import Variant

from ._support import GRID_PARAMS


@attrs.frozen
class RotateHands(Effect):
    """Every hand passes on to the next seat in the direction of play (the card's player keeps playing on)."""

    def played(self, turn: Turn) -> None:
        if not turn.hand(turn.seat):
            return  # the last card: its player goes out
        hands = [turn.take_hand(p) for p in range(turn.players)]
        for p, cards in enumerate(hands):
            turn.give(turn.next_seat(1, p), cards)

    def describe(self, card: Card) -> str:
        return "every hand passes on to the next player"


@attrs.frozen
class KingRotatesHands(Rule):
    """R_TEST_KING_ROTATES: a King passes every hand on (a house rule of this test, not registered)."""

    rule_id: ClassVar[str] = "R_TEST_KING_ROTATES"
    kind: ClassVar[Kind] = "effect"
    title: ClassVar[str] = "A King passes every hand on"
    cards: CardSet = attrs.field(default=CardSet.parse("K"), converter=cardset)

    def contribute(self, plan: PlanBuilder) -> None:
        plan.claim("king_rotates", self.rule_id)
        plan.on_play(self.rule_id, self.cards, RotateHands())


HOUSE: list[tuple[Variant, int]] = [
    (v, n) for v in (queen_all_draw.VARIANT, six_must_be_covered.VARIANT, ten_swaps_hands.VARIANT,
                     find_variant("standard").with_rules(KingRotatesHands(), id="standard-king-rotates"))
    for n in (2, 3, 4)
]


def _facts(s: GameState) -> tuple[Any, ...]:
    """What every viewer sees change: hand sizes, the top card, the stock, the seat to act, the direction, the
    wish."""
    return (list(s.hand_sizes), s.top_card, len(s.stock), s.seat_to_act, s.direction, s.wished_suit)


def _fold(facts: tuple[Any, ...], events: Sequence[Event]) -> tuple[Any, ...]:
    """The facts after ``events``, from the facts before: what a client that only reads events would show."""
    sizes, top, stock, to_act, direction, wish = facts
    sizes = list(sizes)
    for e in events:
        match e:
            case Played(seat=seat, card=card):
                sizes[seat] -= 1
                top, wish = card, None
            case Drew(seat=seat, count=count):
                sizes[seat] += count
                stock -= count
            case Reshuffled(count=count):
                stock += count
            case Wished(suit=suit):
                wish = suit
            case Reversed(direction=d):
                direction = d
            case TurnTo(seat=seat):
                to_act = seat
            case HandsChanged(sizes=new, stock=left):
                sizes, stock = list(new), left
    return (sizes, top, stock, to_act, direction, wish)


def _cards_in(e: Event) -> list[Card]:
    out: list[Card] = []
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(c for c in value if isinstance(c, Card))
    return out


def _check_move(before: GameState, seat: int, move: Move, after: GameState) -> None:
    for viewer in (None, *range(before.players)):
        events = events_between(before, move, after, player=seat, viewer=viewer)
        assert all(isinstance(e, Event) for e in events)
        assert describe_events(events, [f"P{p}" for p in range(before.players)]) is not None
        if after.is_over:
            assert isinstance(events[-1], RoundOver)
            folded = _fold(_facts(before), events)
            assert folded[0] == list(after.hand_sizes) and folded[1] == after.top_card, (move, events)
        else:
            assert _fold(_facts(before), events) == _facts(after), (move, events)
        # no card a viewer may not see: the played (or wrongly played) card, or a card of the viewer's own hand
        public = {e.card for e in events if isinstance(e, Played | WrongCard)}
        mine = set(before.hands[viewer]) | set(after.hands[viewer]) if viewer is not None else set()
        for e in events:
            for card in _cards_in(e):
                assert card in public or card in mine, (viewer, e)
            if isinstance(e, Drew) and e.cards is not None:
                assert e.seat == viewer


def _play(variant: Variant, players: int, seed: int, limit: int) -> set[str]:
    rnd = random.Random(seed)
    s = new_game(variant, players, seed=seed)
    kinds: set[str] = set()
    for _ in range(limit):
        if s.is_over:
            break
        table = [(p, m) for p in range(s.players) for m in legal_moves(s, p)]
        seat, move = rnd.choice(table)
        after = apply(s, move, player=seat)
        _check_move(s, seat, move, after)
        kinds.update(e.kind for e in events_between(s, move, after, player=seat))
        s = after
    return kinds


@pytest.mark.rule("R_MATCH", "R_SKIP", "R_REVERSE", "R_PLAY_AGAIN", "R_DRAW_PENALTY", "R_RESHUFFLE", "R_ANNOUNCE")
@pytest.mark.parametrize(("variant", "players"), GRID_PARAMS)
def test_events_account_for_what_every_viewer_sees(variant: Variant, players: int) -> None:
    kinds = _play(variant, players, seed=players, limit=150)
    assert "played" in kinds and "hands_changed" not in kinds  # the library's own effects tell every change


@pytest.mark.parametrize(("variant", "players"), HOUSE, ids=[f"{v.id}-{n}p" for v, n in HOUSE])
def test_house_rules_narrate_themselves(variant: Variant, players: int) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        kinds |= _play(variant, players, seed=seed, limit=200)
    assert "played" in kinds
    if variant.rule("R_HOUSE_TEN_SWAPS_HANDS") is not None or variant.rule("R_TEST_KING_ROTATES") is not None:
        assert "hands_changed" in kinds


def test_a_swap_is_told_as_hands_changing_not_as_draws() -> None:
    """The case of the issue: a swap was told as 'P0 draws 3 cards / P1 draws 3 cards (missed call)'."""
    v = ten_swaps_hands.VARIANT
    s = new_game(v, 2, seed=3)
    rnd = random.Random(1)
    while not s.is_over:
        move = rnd.choice(legal_moves(s))
        after = apply(s, move)
        events = events_between(s, move, after, viewer=0)
        if any(isinstance(e, HandsChanged) for e in events):
            assert not any(isinstance(e, Drew) for e in events)
            assert events[-2:] == (HandsChanged(after.hand_sizes, len(after.stock)), TurnTo(after.seat_to_act))
            return
        s = after
    raise AssertionError("no 10 swapped hands in the game")


@attrs.frozen
class Cheered(Event):
    """An event of this test's own: the table cheers ``seat``."""

    kind: ClassVar[str] = "cheered"
    seat: int


def test_an_effect_can_tell_its_own_event() -> None:
    """An effect written outside the library tells its own event with Turn.record, for every viewer."""

    @attrs.frozen
    class Cheer(Effect):
        def played(self, turn: Turn) -> None:
            turn.record(Cheered(turn.seat))

    @attrs.frozen
    class SevenIsCheered(Rule):
        rule_id: ClassVar[str] = "R_TEST_SEVEN_CHEERED"
        kind: ClassVar[Kind] = "effect"
        title: ClassVar[str] = "a 7 is cheered"

        def contribute(self, plan: PlanBuilder) -> None:
            plan.on_play(self.rule_id, CardSet.parse("7"), Cheer())

    v = find_variant("standard").with_rules(SevenIsCheered(), id="standard-seven-cheered")
    s = new_game(v, 2, seed=4)
    rnd = random.Random(4)
    cheered = 0
    while not s.is_over:
        move = rnd.choice(legal_moves(s))
        after = apply(s, move)
        sevens = isinstance(move, Play) and move.card.rank is Rank.SEVEN
        for viewer in (None, 0, 1):
            events = events_between(s, move, after, viewer=viewer)
            assert (Cheered(s.seat_to_act) in events) == sevens
        cheered += sevens
        s = after
    assert cheered > 0
