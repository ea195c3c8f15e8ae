"""Random playouts shared by the view, notation, action, record and server tests."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from maumau_rules import GameState, Move, apply, legal_moves, new_game
from maumau_rules.cards import Card


def playout(variant: str, players: int, seed: int, move_seed: int, limit: int = 400) -> tuple[
        list[GameState], list[Move]]:
    """Play random legal moves from ``new_game(variant, players, seed)``; return every state and move."""
    rng = random.Random(move_seed)
    state = new_game(variant, players, seed)
    states: list[GameState] = [state]
    moves: list[Move] = []
    while not state.is_over and len(moves) < limit:
        move = rng.choice(legal_moves(state))
        state = apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


def json_strings(data: Any) -> Iterator[str]:
    """Every string (keys and values) inside a JSON value."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from json_strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from json_strings(v)


def cards_in(data: Any) -> set[Card]:
    """Every card named anywhere in a JSON value (as a card string, or as the card of a move)."""
    from maumau_rules import NotationError, Play, parse_move

    out: set[Card] = set()
    for text in json_strings(data):
        try:
            out.add(Card.parse(text))
            continue
        except NotationError:
            pass
        try:
            move = parse_move(text)
        except NotationError:
            continue
        if isinstance(move, Play):
            out.add(move.card)
    return out


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same state with every card ``seat`` cannot see (other hands, the stock) shuffled among those places."""
    others = [i for i in range(state.players) if i != seat]
    hidden = [c for i in others for c in state.hands[i]] + list(state.stock)
    rng.shuffle(hidden)
    hands = list(state.hands)
    pos = 0
    for i in others:
        n = len(hands[i])
        hands[i] = tuple(sorted(hidden[pos:pos + n], key=lambda c: c.sort_key))
        pos += n
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(hidden[pos:]), rng=rng.getrandbits(64), _legal=None)


_VALIDATORS: dict[str, Any] = {}


def validate_json(doc: dict[str, Any]) -> None:
    """Validate a JSON document against its published schema (validators are cached: building one is slow)."""
    import jsonschema

    from maumau_rules.schemas import schema_for

    kind = str(doc.get("type"))
    validator = _VALIDATORS.get(kind)
    if validator is None:
        validator = _VALIDATORS[kind] = jsonschema.Draft202012Validator(schema_for(doc))
    validator.validate(doc)


def stored_state(db: Path, game_id: str, known: GameState | None = None) -> GameState:
    """The full state of a game as the example server stores it: its seed and moves, read from SQLite, replayed
    (from ``known``, an earlier state of the same game, when given)."""
    from maumau_rules import parse_move
    from maumau_rules.fairness import FairSeed

    con = sqlite3.connect(db)
    try:
        variant, players, fairness = con.execute("SELECT variant, players, fairness FROM games WHERE id = ?",
                                                 (game_id,)).fetchone()
        start = known.turn if known is not None else 0
        moves = con.execute("SELECT seat, move FROM moves WHERE game_id = ? AND step >= ? ORDER BY step",
                            (game_id, start)).fetchall()
    finally:
        con.close()
    state = known if known is not None else new_game(variant, players, FairSeed.from_json(json.loads(fairness)).game_seed)
    for seat, move in moves:
        state = apply(state, parse_move(move), player=seat)
    return state
