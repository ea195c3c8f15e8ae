"""The shared promises, written once against the family protocol and run for every registered family and each of
its registered variants: invariants along a game, no leak, records round-trip and replay, JSON round-trip,
determinism, hostile arguments, and a fair record's verification."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

from maumau_rules import (
    IllegalMoveError,
    Move,
    Pass,
    Play,
    available_variants,
    check,
    find_variant,
    legal_moves,
    new_game,
    view,
)
from maumau_rules.errors import ArgumentTypeError, MauMauError, SeatError, VariantError
from maumau_rules.fairness import FairnessError, FairSeed, FairSetup
from maumau_rules.families import SETUP_OPTIONS, GameFamily, families, family_of
from maumau_rules.game import apply
from maumau_rules.notation import from_json, to_json
from maumau_rules.records import dumps_record, loads_record, record_from_history, record_from_moves, replay
from maumau_rules.variants import Variant
from maumau_rules.verify import verify_record

FAMILIES = list(families())
CASES = [(fam, v) for fam in FAMILIES for v in available_variants(fam.name)]
MAX_MOVES = 60


def _ids(case: tuple[GameFamily, Variant]) -> str:
    return f"{case[0].name}-{case[1].id}"


def _players(v: Variant) -> int:
    return v.players[0] if v.players[0] > 2 else min(3, v.players[1])


def _history(v: Variant, seed: int) -> list[Any]:
    """A game of ``v`` from ``seed`` by seeded random legal moves (at most MAX_MOVES)."""
    rnd = random.Random(seed)
    s = new_game(v, _players(v), seed)
    out = [s]
    while not s.is_over and len(out) <= MAX_MOVES:
        s = apply(s, rnd.choice(legal_moves(s)))
        out.append(s)
    return out


def test_every_family_has_variants_and_its_own_state_type() -> None:
    assert [f.name for f in FAMILIES][:2] == ["maumau", "malilla"]
    assert len({f.state_type for f in FAMILIES}) == len(FAMILIES)
    for fam in FAMILIES:
        assert available_variants(fam.name), fam.name
        assert fam.setup_options <= set(SETUP_OPTIONS)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_invariants_hold_along_a_game(case: tuple[GameFamily, Variant]) -> None:
    fam, v = case
    history = _history(v, seed=3)
    checks = fam.invariants
    checks.check_state(history[0])
    for before, after in itertools.pairwise(history):
        move = next(m for m in legal_moves(before) if apply(before, m) == after)
        checks.check_transition(before, move, after)
        checks.check_state(after)
    assert family_of(history[-1]) is fam


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_no_leak(case: tuple[GameFamily, Variant]) -> None:
    fam, v = case
    rnd = random.Random(5)
    for s in _history(v, seed=5)[::15]:
        fam.invariants.check_no_leak(s, rnd)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_records_round_trip_and_replay(case: tuple[GameFamily, Variant]) -> None:
    _, v = case
    history = _history(v, seed=7)
    rec = record_from_history(history)
    again = loads_record(dumps_record(rec))
    assert again == rec
    assert list(replay(again)) == history


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_json_round_trip_of_states_and_views(case: tuple[GameFamily, Variant]) -> None:
    fam, v = case
    for s in _history(v, seed=9)[::10]:
        assert from_json(to_json(s)) == s
        for seat in range(s.players):
            pv = view(s, seat)
            assert from_json(to_json(pv)) == pv
            assert to_json(pv)["type"] in {c.tag for c in fam.json_codecs}


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_determinism(case: tuple[GameFamily, Variant]) -> None:
    _, v = case
    assert _history(v, seed=11) == _history(v, seed=11)
    assert new_game(v, _players(v), 1) != new_game(v, _players(v), 2) or v.deck.size < 10


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_apply_by_identity_and_checked_apply_agree(case: tuple[GameFamily, Variant]) -> None:
    """``apply`` takes a move that ``legal_moves`` handed out through the family's unchecked ``advance``; an equal move
    that is another object (as a client's parsed move is) goes through the family's checked ``apply``: the same next
    state, at every step of a game."""
    fam, v = case
    history = _history(v, seed=5)
    for before, after in itertools.pairwise(history):
        chosen = next(m for m in legal_moves(before) if apply(before, m) == after)
        twin = attrs.evolve(chosen)
        assert twin is not chosen and twin == chosen
        assert apply(before, twin) == after == fam.advance(before, chosen)
        assert apply(before, twin, player=before.seat_to_act, turn=before.turn) == after


JUNK: list[object] = [None, 3, "draw", object(), Pass, b"pass", 10 ** 400]


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_hostile_arguments(case: tuple[GameFamily, Variant]) -> None:
    fam, v = case
    s = new_game(v, _players(v), 13)
    before = to_json(s)
    for junk in JUNK:
        verdict = check(s, junk)  # type: ignore[arg-type]
        assert not verdict.ok and verdict.message
        with pytest.raises(MauMauError):
            apply(s, junk)  # type: ignore[arg-type]
        assert not check(junk, Pass()).ok  # never raises, whatever the state
        with pytest.raises(ArgumentTypeError):
            legal_moves(junk)
    for seat in (None, "0", object(), -1, s.players, 10 ** 400, 1.5):
        with pytest.raises((SeatError, ArgumentTypeError)):
            view(s, seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        apply(s, Pass(), turn=s.turn + 1)
    assert to_json(s) == before  # a rejected move never changes the state
    for option in sorted(set(SETUP_OPTIONS) - fam.setup_options):  # what the family lacks, it says by its type
        with pytest.raises(VariantError, match=option.replace("_", " ")):
            given: dict[str, Any] = {option: 1}
            new_game(v, _players(v), 1, **given)


@pytest.mark.parametrize("fam", FAMILIES, ids=lambda f: f.name)
def test_bots_choose_legal_moves(fam: GameFamily) -> None:
    v = available_variants(fam.name)[0]
    s = new_game(v, _players(v), 17)
    for kind in fam.bot_kinds[:2]:
        bot = fam.make_bot(kind, seed=1)
        assert bot.choose(view(s, s.seat_to_act)) in legal_moves(s)


def _fair_game(v: Variant, fair: FairSeed) -> tuple[list[Any], list[Any]]:
    """A game of ``v`` dealt from ``fair``'s seed by seeded random legal moves: its states and its moves."""
    rnd = random.Random(fair.game_seed)
    states = [new_game(v, _players(v), fair.game_seed)]
    moves: list[Move] = []
    while not states[-1].is_over and len(moves) < MAX_MOVES:
        moves.append(rnd.choice(legal_moves(states[-1])))
        states.append(apply(states[-1], moves[-1]))
    return states, moves


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_a_fair_record_verifies_through_its_family(case: tuple[GameFamily, Variant]) -> None:
    """``verify_record`` knows a family only by the protocol: its views (``view_kind``), the hand a state or view
    belongs to (``round_of``) and its reshuffles (``reshuffled``); every view of every seat, and the public one, at
    every turn is checked, and a changed view or another family's view is refused."""
    fam, v = case
    fair = FairSeed(b"server seed of " + v.id.encode(), b"salt").bind(FairSetup.game(v, _players(v)))
    states, moves = _fair_game(v, fair)
    kept = [fam.view(s, seat) for s in states for seat in range(s.players)] + [fam.public_view(s) for s in states]
    others = [f for f in FAMILIES if f is not fam]
    for s in states:
        assert fam.view_kind(s) is None and all(f.view_kind(s) is None for f in others)
        assert fam.view_kind(fam.view(s, 0)) == "player" and fam.view_kind(fam.public_view(s)) == "public"
        assert fam.round_of(fam.view(s, 0)) == fam.round_of(fam.public_view(s)) == fam.round_of(s)
        assert all(f.view_kind(k) is None for f in others for k in (fam.view(s, 0), fam.public_view(s)))
    rec = record_from_moves(v, _players(v), fair.game_seed, moves, fairness=fair)
    report = verify_record(loads_record(dumps_record(rec)), commitment=fair.commitment, views=kept)
    assert (report.moves, report.views, report.rounds) == (len(moves), len(kept), 1)
    assert report.reshuffles == sum(fam.reshuffled(a, b) for a, b in itertools.pairwise(states))
    assert fam.name != "malilla" or report.reshuffles == 0  # a Malilla hand deals the whole pack once
    changed = attrs.evolve(fam.view(states[0], 0), hand=())  # a seat's first hand is never empty
    with pytest.raises(FairnessError, match="is not the one the committed seed gives"):
        verify_record(rec, commitment=fair.commitment, views=[changed])
    for other in others:
        w = available_variants(other.name)[0]
        foreign = other.view(new_game(w, _players(w), 1), 0)
        with pytest.raises(FairnessError, match=f"a view of a {other.title} game cannot be a view"):
            verify_record(rec, commitment=fair.commitment, views=[foreign])


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_move_tells_its_events_for_every_viewer(case: tuple[GameFamily, Variant]) -> None:
    """events_between works for every family: each move has events, they fit the published JSON Schema, a round
    that ends says so last, and otherwise the turn passing on is told; every viewer gets a list."""
    import jsonschema

    from maumau_rules.events import RoundOver, TurnTo, describe_events, events_between
    from maumau_rules.schemas import SCHEMAS

    _, v = case
    validator = jsonschema.Draft202012Validator(SCHEMAS["events"])
    rnd = random.Random(5)
    s = new_game(v, _players(v), 5)
    kinds: set[str] = set()
    for _ in range(MAX_MOVES):
        if s.is_over:
            break
        move = rnd.choice(legal_moves(s))
        after = apply(s, move)
        for viewer in (None, *range(s.players)):
            told = events_between(s, move, after, viewer=viewer)
            assert told, (v.id, move)
            validator.validate({"type": "events", "version": 1, "events": [e.to_json() for e in told]})
            kinds.update(e.kind for e in told)
            if after.is_over:
                assert isinstance(told[-1], RoundOver) and told[-1].end is after.end
            elif after.seat_to_act != s.seat_to_act:
                assert told[-1] == TurnTo(after.seat_to_act)
            names = [f"P{p}" for p in range(s.players)]
            assert all(describe_events(told, names))  # each told event has its sentence
        s = after
    assert {"turn_to"} <= kinds and ({"played", "drew"} & kinds)


def test_a_malilla_hand_tells_its_redeals_tricks_and_end() -> None:
    """Malilla's events follow its hand: the redeal question, each card played, each trick's winner and points as
    the state records them, the end of the hand with the teams' points."""
    from maumau_rules.events import Played, RedealAsked, Redealt, RoundOver, TrickWon, describe_events, events_between
    from maumau_rules.families.malilla.state import Stage
    from maumau_rules.moves import Redeal

    fours = find_variant("malilla").with_rules(params={"R_MAL_REDEAL": {"min_suit": 4}}, id="malilla-fours")
    asked = redealt = False
    for seed in range(40):
        s = new_game(fours, 4, seed)
        rnd = random.Random(seed)
        while not s.is_over:
            moves = legal_moves(s)
            redeal = next((m for m in moves if isinstance(m, Redeal)), None) if seed % 2 else None
            move: Move = redeal or rnd.choice(moves)
            after = apply(s, move)
            told = events_between(s, move, after)
            if isinstance(move, Redeal):
                if s.stage is Stage.ANSWER:
                    redealt = True
                    assert told[0] == Redealt(after.trump_card)
                else:
                    asked = True
                    assert told[0] == RedealAsked(s.seat_to_act)
            elif len(after.tricks) > len(s.tricks) and isinstance(move, Play):
                trick = after.tricks[-1]
                assert told[:2] == (Played(s.seat_to_act, move.card, None, None), TrickWon(trick.winner, trick.points))
                assert describe_events(told[1:2], ["a", "b", "c", "d"])[0].startswith(("a", "b", "c", "d"))
            if after.is_over:
                assert told[-1] == RoundOver(after.end, after.winner, (), _hand_points(after))
            s = after
    assert asked and redealt


def _hand_points(state: Any) -> tuple[int, ...]:
    points: tuple[int, ...] = family_of(state).round_points(state)
    return points
