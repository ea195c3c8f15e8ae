"""The shared promises, written once against the family protocol and run for every registered family and each of
its registered variants: invariants along a game, no leak, records round-trip and replay, JSON round-trip,
determinism, and hostile arguments."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from maumau_rules import IllegalMoveError, Pass, available_variants, check, legal_moves, new_game, view
from maumau_rules.errors import ArgumentTypeError, MauMauError, SeatError, VariantError
from maumau_rules.families import SETUP_OPTIONS, GameFamily, families, family_of
from maumau_rules.game import apply
from maumau_rules.notation import from_json, to_json
from maumau_rules.records import dumps_record, loads_record, record_from_history, replay
from maumau_rules.variants import Variant

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
