"""Notation and JSON: round trips (Hypothesis), schemas, and clear errors on bad input."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import (
    Call,
    CallOut,
    Card,
    Draw,
    MauMauError,
    Move,
    NotationError,
    Pass,
    Play,
    Suit,
    available_variants,
    check,
    find_variant,
    load_variant,
    new_game,
    parse_move,
)
from maumau_rules.cards import ALL_CARDS as _ALL_CARDS
from maumau_rules.families.maumau.state import GameState
from maumau_rules.notation import (
    _hints,
    dumps,
    format_card,
    format_move,
    from_json,
    loads,
    loads_card,
    loads_move,
    loads_state,
    loads_variant,
    loads_verdict,
    loads_view,
    parse_card,
    to_json,
    variant_from_json,
    variant_to_json,
)
from maumau_rules.reasons import Reason, Verdict
from maumau_rules.schemas import SCHEMAS, STATE_SCHEMA, schema_for
from maumau_rules.views import public_view, view
from tests.server._games import playout, validate_json

ROOT = Path(__file__).resolve().parents[2]

ALL_CARDS = list(_ALL_CARDS)
cards = st.sampled_from(ALL_CARDS)
plays = st.builds(Play, cards, st.none() | st.sampled_from(list(Suit)), st.none() | st.sampled_from(list(Call)))
moves: st.SearchStrategy[Move] = st.one_of(plays, st.just(Draw()), st.just(Pass()), st.builds(CallOut, st.integers(0, 999)))
games = st.tuples(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 150))


def valid(doc: dict[str, Any]) -> None:
    validate_json(doc)


# ---------------------------------------------------------------- round trips


@given(cards)
def test_card_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(format_card(card, ascii=True)) == card
    assert loads(dumps(card)) == card == loads_card(dumps(card))
    valid(to_json(card))


@given(moves)
def test_move_round_trips(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert parse_move(format_move(move, ascii=True)) == move
    assert loads(dumps(move)) == move == loads_move(dumps(move))
    valid(to_json(move))


@given(games)
def test_state_view_verdict_round_trips(game: tuple[int, int, int, int]) -> None:
    players, seed, move_seed, steps = game
    states, _ = playout("standard", players, seed, move_seed, limit=steps)
    s = states[-1]
    back = loads_state(dumps(s))
    assert back == s
    assert back.legal_moves() == s.legal_moves()
    valid(to_json(s))
    for seat in range(players):
        v = view(s, seat)
        assert loads_view(dumps(v)) == v == loads(dumps(v))
        valid(v.to_json())
    pv = public_view(s, scores=[1] * players)
    assert loads_view(dumps(pv)) == pv
    for m in (Pass(), Draw(), Play(Card.parse("7h")), CallOut(1)):
        verdict = check(s, m, player=s.seat_to_act)
        assert loads_verdict(dumps(verdict)) == verdict == loads(dumps(verdict))
        valid(to_json(verdict))


def test_states_replay_the_same_after_a_round_trip() -> None:
    """A server that stores the state as JSON between moves plays exactly the same game."""
    states, moves = playout("standard", 3, 77, 78, limit=1000)
    from maumau_rules import apply

    s = states[0]
    for m in moves:
        s = loads_state(dumps(apply(loads_state(dumps(s)), m)))
    assert s == states[-1]


@pytest.mark.parametrize("variant", [v.id for v in available_variants()])
def test_variant_round_trips(variant: str) -> None:
    v = find_variant(variant)
    assert find_variant(str(v)) == v
    assert variant_from_json(variant_to_json(v)) == v
    assert loads_variant(dumps(v)) == v == loads(dumps(v))
    valid(variant_to_json(v))


HOUSE = """
[variant]
id = "house"
name = "Our house rules"
deck = "french-52+2j"
players = [2, 6]
[rules.R_DEAL]
[rules.R_MATCH]
[rules.R_WILD]
wilds = [{ cards = ["J", "joker"], wish = true }]
on_same = true
[rules.R_DRAW_PENALTY]
penalties = [{ cards = ["2"], amount = 2 }]
[rules.R_SKIP]
cards = ["8"]
[rules.R_DRAW]
[rules.R_RESHUFFLE]
[rules.R_BLOCKED_END]
[rules.R_TURN_LIMIT]
max_moves = 200
[rules.R_SCORE_PENALTY_POINTS]
values = { "J" = 20, "A" = 11, "2" = 2 }
"""


def test_custom_variant_states_carry_their_definition() -> None:
    v = load_variant(HOUSE)
    assert variant_from_json(variant_to_json(v)) == v
    s = new_game(v, players=4, seed=3)
    doc = to_json(s)
    assert doc["variant"]["id"] == "house" and "definition" in doc["variant"]
    valid(doc)
    assert loads_state(dumps(s)) == s
    std = to_json(new_game("standard", players=2, seed=1))
    assert std["variant"] == {"id": "standard", "version": 1}


# ---------------------------------------------------------------- schemas


def test_state_schema_lists_every_state_field() -> None:
    fields = set(_hints(GameState))
    assert set(STATE_SCHEMA["properties"]) == fields | {"type", "version"}
    assert set(STATE_SCHEMA["required"]) == fields | {"type", "version"}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schemas_are_valid_json_schemas(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name])


def test_exported_schemas_are_up_to_date() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "export_schemas.py"), "--check"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    for name in SCHEMAS:
        assert json.loads((ROOT / "docs" / "schemas" / f"{name}.json").read_text(encoding="utf-8")) == SCHEMAS[name]


def test_schema_for_unknown_type() -> None:
    with pytest.raises(NotationError, match="no schema for a document of type 'nope'"):
        schema_for({"type": "nope"})


# ---------------------------------------------------------------- errors


def _state_doc() -> dict[str, Any]:
    return to_json(new_game("standard", players=3, seed=1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "card", "version": 2, "card": "7h"}', "unsupported version 2 of 'card' JSON"),
        ('{"type": "card", "version": true, "card": "7h"}', "unsupported version true"),
        ('{"type": "card", "card": "7h"}', "unsupported version null"),
        ('{"type": "cards", "version": 1}', "has type 'cards'"),
        ('{"version": 1}', "has type null"),
        ('{"type": "card", "version": 1, "card": "7h", "x": 1}', "unknown field(s) 'x' in card JSON"),
        ('{"type": "card", "version": 1}', "card JSON is missing the field 'card'"),
        ('{"type": "card", "version": 1, "card": 7}', "expected a string, got 7"),
        ('{"type": "card", "version": 1, "card": "Zz"}', "unknown card 'Zz'"),
        ('{"type": "move", "version": 1, "move": "7h>x"}', "unknown suit 'x'"),
        ('[1, 2]', "must be a JSON object, got [1, 2]"),
        ("{", "is not valid JSON"),
        ("", "is not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply|not valid JSON"),
        ('{"type": "card", "version": 1, "card": "' + "7" * 5000 + '"}', "too long for a card"),
        ("1" * 5000, "not valid JSON"),
    ],
)
def test_bad_documents_give_clear_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
                       .replace("]", r"\]") if "|" not in message else message):
        loads(text)


def test_too_long_text_is_refused_before_parsing() -> None:
    text = " " * 10_000_000
    t0 = time.perf_counter()
    with pytest.raises(NotationError, match="too long"):
        loads(text)
    with pytest.raises(NotationError, match="too long"):
        loads(text.encode())
    assert time.perf_counter() - t0 < 0.5


def test_bytes_must_be_utf8() -> None:
    with pytest.raises(NotationError, match="not UTF-8"):
        loads(b'{"type": "card", "version": 1, "card": "\xff"}')
    assert loads(b'{"type": "card", "version": 1, "card": "7h"}') == Card.parse("7h")


def test_typed_loaders_check_the_type() -> None:
    with pytest.raises(NotationError, match="state JSON has type 'card': expected 'state'"):
        loads_state(dumps(Card.parse("7h")))
    with pytest.raises(NotationError, match="expected 'player-view' or 'public-view'"):
        loads_view(dumps(Draw()))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", [["7♥"], [], []], "does not hold exactly the french-32 deck"),
        ("hands", [["7♥"]], "1 hands but 3 entries"),
        ("seat_to_act", 7, "seat_to_act=7 is not a seat"),
        ("seat_to_act", -1, "seat_to_act=-1 is not a seat"),
        ("seat_to_act", "0", "expected an integer, got '0'"),
        ("seat_to_act", True, "expected an integer, got true"),
        ("direction", 2, "direction=2 must be 1 or -1"),
        ("phase", "thinking", "unknown Phase 'thinking'"),
        ("announced", [None], "3 hands but 1 entries"),
        ("wished_suit", "x", "unknown suit 'x'"),
        ("drawn", 5, "expected a card string, got 5"),
        ("variant", {"id": "standard", "version": 2}, "'standard' is version 1 in this library, not version 2"),
        ("variant", {"id": "nope", "version": 1}, "unknown variant 'nope'"),
        ("variant", "standard", "expected a variant reference"),
        ("rng", -5, "counters"),
        ("hands", [["7♥", "7♥"], [], []], "hand 0 cannot be held"),
        ("discard", [], "does not hold exactly|discard pile is empty"),
    ],
)
def test_corrupt_states_are_refused(field: str, value: Any, message: str) -> None:
    doc = _state_doc()
    doc[field] = value
    with pytest.raises(NotationError, match=message):
        loads_state(json.dumps(doc))


def test_a_state_without_seats_is_refused() -> None:
    doc = _state_doc()
    doc["hands"], doc["announced"] = [], []
    with pytest.raises(NotationError, match="no seats"):
        loads_state(json.dumps(doc))


def test_state_missing_and_unknown_fields() -> None:
    doc = _state_doc()
    del doc["stock"]
    with pytest.raises(NotationError, match="state JSON is missing the field 'stock'"):
        loads_state(json.dumps(doc))
    doc = _state_doc()
    doc["hands_of_others"] = []
    with pytest.raises(NotationError, match="unknown field\\(s\\) 'hands_of_others' in state JSON"):
        loads_state(json.dumps(doc))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@given(st.sampled_from(sorted(_hints(GameState))), json_values)
def test_fuzzed_state_fields_never_crash(field: str, value: Any) -> None:
    doc = _state_doc()
    doc[field] = value
    try:
        s = loads_state(json.dumps(doc))
    except NotationError:
        return
    assert isinstance(s, GameState)


@given(json_values)
def test_fuzzed_documents_never_crash(value: Any) -> None:
    for kind in ("card", "move", "state", "player-view", "public-view", "verdict", "variant", "nope"):
        doc = value if not isinstance(value, dict) else {"type": kind, "version": 1, **value}
        with contextlib.suppress(MauMauError):
            from_json(doc)


def test_verdict_json_shape() -> None:
    v = Verdict.reject(Reason.NOT_YOUR_TURN, "R_TURN_ORDER", "it is seat 2's turn")
    assert to_json(v) == {"type": "verdict", "version": 1, "ok": False, "reason": "not_your_turn",
                          "rule_id": "R_TURN_ORDER", "message": "it is seat 2's turn"}


def test_objects_without_json_form() -> None:
    with pytest.raises(NotationError, match="has no JSON form"):
        to_json(object())
