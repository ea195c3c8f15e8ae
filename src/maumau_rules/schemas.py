"""The published JSON Schemas (draft 2020-12) of every JSON form, as Python dicts.

``scripts/export_schemas.py`` writes them to ``docs/schemas/<name>.json``; the tests validate the
output of :mod:`maumau_rules.notation` and :mod:`maumau_rules.records` against them. Each schema is
self-contained (its ``$defs`` hold the shared pieces).

>>> sorted(SCHEMAS)[:7]
['card', 'events', 'malilla-player-view', 'malilla-public-view', 'malilla-state', 'match-record', 'move']
>>> STATE_SCHEMA["properties"]["version"]
{'const': 1}
"""

from __future__ import annotations

import copy
from typing import Any, Final

from .errors import NotationError
from .reasons import Reason
from .state import EndReason

__all__ = [
    "CARD_SCHEMA",
    "EVENTS_SCHEMA",
    "MALILLA_PLAYER_VIEW_SCHEMA",
    "MALILLA_PUBLIC_VIEW_SCHEMA",
    "MALILLA_STATE_SCHEMA",
    "MATCH_RECORD_SCHEMA",
    "MOVE_SCHEMA",
    "PLAYER_VIEW_SCHEMA",
    "PUBLIC_VIEW_SCHEMA",
    "RECORDS_SCHEMA",
    "RECORD_SCHEMA",
    "SCHEMAS",
    "STATE_SCHEMA",
    "VARIANT_SCHEMA",
    "VERDICT_SCHEMA",
    "schema_for",
]

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_BASE: Final = "https://maumau-rules.readthedocs.io/schemas/"

_CARD_RE: Final = r"(?:(?:10|[2-9JQKA])[♣♠♥♦]|Joker|[1-7SCR](?:or|co|es|ba))"
_SUIT_RE: Final = r"(?:[♣♠♥♦]|or|co|es|ba)"

_DEFS: Final[dict[str, Any]] = {
    "card": {
        "description": "A card in notation: rank then suit symbol ('7♥', '10♠', 'J♣') or 'Joker'; a Spanish card as its "
                       "index (1-7, S Sota, C Caballo, R Rey) then its suit code: '7co', 'Ror', '1es', 'Sba'.",
        "type": "string",
        "pattern": f"^{_CARD_RE}$",
    },
    "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}},
    "suit": {"description": "A suit symbol (a Spanish suit: its code).", "enum": ["♣", "♠", "♥", "♦", "or", "co", "es", "ba"]},
    "move": {
        "description": "A move in notation: '7♥', 'J♣>♥' (wish), '9♦ mau' (call), 'draw', 'pass', 'callout 2', "
                       "'redeal' (Malilla).",
        "type": "string",
        "pattern": f"^(?:draw|pass|redeal|callout [0-9]{{1,3}}|{_CARD_RE}(?:>{_SUIT_RE})?(?: (?:mau|maumau))?)$",
    },
    "call": {"description": "A standing call.", "enum": ["mau", "maumau", None]},
    "seat": {"type": "integer", "minimum": 0},
    "seat_or_null": {"type": ["integer", "null"], "minimum": 0},
    "count": {"type": "integer", "minimum": 0},
    "direction": {"enum": [1, -1]},
    "phase": {"enum": ["play", "drawn", "series", "finishing", "over"]},  # Mau-Mau's phases (a test keeps them equal)
    "window": {
        "description": "An open window: who can be called out, by whom, until when (maumau_rules.state.Window).",
        "type": "object",
        "required": ["kind", "offender", "seats", "closes", "rule_id"],
        "additionalProperties": False,
        "properties": {
            "kind": {"enum": ["missed_call", "unannounced_finish"]},
            "offender": {"$ref": "#/$defs/seat"},
            "seats": {"type": "array", "items": {"$ref": "#/$defs/seat"}},
            "closes": {"enum": ["next_player", "until_own_turn", "decision"]},
            "rule_id": {"type": "string"},
        },
    },
    "end": {"enum": [*(e.value for e in EndReason), None]},
    "reason": {
        "description": "A stable reason code (maumau_rules.reasons.Reason).",
        "enum": [r.value for r in Reason],
    },
    "variant": {
        "description": "A full variant definition: the spec/variants/*.toml shape.",
        "type": "object",
        "required": ["type", "version", "variant", "rules"],
        "additionalProperties": False,
        "properties": {
            "type": {"const": "variant"},
            "version": {"const": 1},
            "variant": {
                "type": "object",
                "required": ["id", "name", "deck", "players"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "deck": {"type": "string"},
                    "players": {"type": "array", "items": {"type": "integer", "minimum": 1},
                                "minItems": 2, "maxItems": 2},
                    "aliases": {"type": "array", "items": {"type": "string"}},
                    "sources": {"type": "array", "items": {"type": "string"}},
                    "external": {"type": "boolean"},
                    "version": {"type": "integer", "minimum": 0},
                    "summary": {"type": "string"},
                    "based_on": {"type": "string"},
                    "since": {"type": "string"},
                    "family": {"enum": ["maumau", "malilla"], "description": "The family of games (default maumau)."},
                },
            },
            "rules": {
                "description": "Rule ID (UPPER_SNAKE) to its parameters.",
                "type": "object",
                "propertyNames": {"pattern": "^R_[A-Z0-9_]+$"},
                "additionalProperties": {"type": "object"},
            },
            "decisions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {k: {"type": "string"} for k in ("gap", "param", "value", "reason")},
                },
            },
        },
    },
    "variant_ref": {
        "description": "A variant by ID and version; 'definition' holds the full variant when it is not registered.",
        "type": "object",
        "required": ["id", "version"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer", "minimum": 0},
            "definition": {"$ref": "#/$defs/variant"},
        },
    },
}


def _doc(name: str, title: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "$schema": _DRAFT,
        "$id": f"{_BASE}{name}.json",
        "title": title,
        "description": description,
        "type": "object",
        "required": ["type", "version", *required],
        "additionalProperties": False,
        "properties": {"type": {"const": name}, "version": {"const": 1}, **properties},
        "$defs": copy.deepcopy(_DEFS),
    }


CARD_SCHEMA: Final = _doc("card", "Card", "One card.", {"card": {"$ref": "#/$defs/card"}}, ["card"])
"""A card document."""

MOVE_SCHEMA: Final = _doc("move", "Move", "One move in notation.", {"move": {"$ref": "#/$defs/move"}}, ["move"])
"""A move document."""

VERDICT_SCHEMA: Final = _doc(
    "verdict", "Verdict", "Why a move is legal or not: a stable reason code, the deciding rule ID and a message.",
    {
        "ok": {"type": "boolean"},
        "reason": {"$ref": "#/$defs/reason"},
        "rule_id": {"type": "string", "pattern": "^(R_[A-Z0-9_]+)?$"},
        "message": {"type": "string"},
    },
    ["ok", "reason", "rule_id", "message"],
)
"""A verdict document."""

_PUBLIC_PROPS: Final[dict[str, Any]] = {
    "variant": {"type": "string", "description": "The variant's ID."},
    "turn": {"$ref": "#/$defs/count", "description": "The state version; echo it with a move."},
    "seat_to_act": {"$ref": "#/$defs/seat"},
    "direction": {"$ref": "#/$defs/direction"},
    "dealer": {"$ref": "#/$defs/seat"},
    "phase": {"$ref": "#/$defs/phase"},
    "hand_sizes": {"type": "array", "items": {"$ref": "#/$defs/count"}, "minItems": 1},
    "stock_size": {"$ref": "#/$defs/count"},
    "discard": {"$ref": "#/$defs/cards", "minItems": 1, "description": "Bottom to top; the last is the top card."},
    "wished_suit": {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]},
    "any_card": {"type": "boolean"},
    "pending_draw": {"$ref": "#/$defs/count"},
    "pending_skip": {"$ref": "#/$defs/count"},
    "announced": {"type": "array", "items": {"$ref": "#/$defs/call"}},
    "missed_calls": {"type": "array", "items": {"$ref": "#/$defs/seat"},
                     "description": "Seats that missed a call and can still be called out."},
    "winner": {"$ref": "#/$defs/seat_or_null"},
    "end": {"$ref": "#/$defs/end"},
    "windows": {"type": "array", "items": {"$ref": "#/$defs/window"}, "description": "The open windows."},
    "series": {"$ref": "#/$defs/cards", "description": "Cards played so far this turn."},
    "scores": {"type": ["array", "null"], "items": {"type": "integer"}, "description": "Match scores by seat."},
}
_PUBLIC_REQUIRED: Final = [k for k in _PUBLIC_PROPS if k not in ("series", "scores", "windows")]

PUBLIC_VIEW_SCHEMA: Final = _doc(
    "public-view", "Public view", "What every player and spectator may see.", dict(_PUBLIC_PROPS), _PUBLIC_REQUIRED
)
"""A spectator's view."""

PLAYER_VIEW_SCHEMA: Final = _doc(
    "player-view", "Player view", "What one seat may see: the public view, its own hand and its legal moves.",
    {
        **_PUBLIC_PROPS,
        "seat": {"$ref": "#/$defs/seat"},
        "hand": {"$ref": "#/$defs/cards"},
        "drawn": {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]},
        "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
    },
    _PUBLIC_REQUIRED,
)
"""A player's view."""

STATE_SCHEMA: Final = _doc(
    "state", "Game state",
    "The full state, for a server's own storage. It holds every hidden card: never send it to a client.",
    {
        "variant": {"$ref": "#/$defs/variant_ref"},
        "hands": {"type": "array", "items": {"$ref": "#/$defs/cards"}, "minItems": 1},
        "stock": {"$ref": "#/$defs/cards", "description": "Bottom to top."},
        "discard": {"$ref": "#/$defs/cards", "minItems": 1, "description": "Bottom to top."},
        "seat_to_act": {"$ref": "#/$defs/seat"},
        "direction": {"$ref": "#/$defs/direction"},
        "dealer": {"$ref": "#/$defs/seat"},
        "phase": {"$ref": "#/$defs/phase"},
        "pending_draw": {"$ref": "#/$defs/count"},
        "penalty_stack": {"$ref": "#/$defs/cards"},
        "pending_skip": {"$ref": "#/$defs/count"},
        "wished_suit": {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]},
        "any_card": {"type": "boolean"},
        "drawn": {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]},
        "turn_plays": {"$ref": "#/$defs/cards"},
        "announced": {"type": "array", "items": {"$ref": "#/$defs/call"}},
        "missed_calls": {"type": "array", "items": {"$ref": "#/$defs/seat"}},
        "fresh": {"type": "boolean"},
        "passes": {"$ref": "#/$defs/count"},
        "turn": {"$ref": "#/$defs/count"},
        "rng": {"type": "integer", "minimum": 0, "maximum": 18446744073709551615},
        "winner": {"$ref": "#/$defs/seat_or_null"},
        "end": {"$ref": "#/$defs/end"},
    },
    ["variant", "hands", "stock", "discard", "seat_to_act", "direction", "dealer", "phase", "pending_draw",
     "penalty_stack", "pending_skip", "wished_suit", "any_card", "drawn", "turn_plays", "announced",
     "missed_calls", "fresh", "passes", "turn", "rng", "winner", "end"],
)
"""A full game state."""

_TEAM_INTS: Final = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}
_TEAM_BOOLS: Final = {"type": "array", "items": {"type": "boolean"}, "minItems": 2, "maxItems": 2}
_TEAM_OR_NULL: Final = {"enum": [0, 1, None], "description": "A team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."}
_TRICK: Final = {
    "description": "A finished trick: its leader, its cards in play order, its winner and its points.",
    "type": "object",
    "required": ["leader", "cards", "winner", "points"],
    "additionalProperties": False,
    "properties": {
        "leader": {"$ref": "#/$defs/seat"},
        "cards": {"$ref": "#/$defs/cards", "minItems": 4, "maxItems": 4},
        "winner": {"$ref": "#/$defs/seat"},
        "points": {"$ref": "#/$defs/count"},
    },
}
_MALILLA_PUBLIC: Final[dict[str, Any]] = {
    "variant": {"type": "string", "description": "The variant's ID."},
    "turn": {"$ref": "#/$defs/count", "description": "The state version; echo it with a move."},
    "stage": {"enum": ["redeal", "answer", "play", "over"]},
    "seat_to_act": {"$ref": "#/$defs/seat"},
    "dealer": {"$ref": "#/$defs/seat"},
    "trump_card": {"$ref": "#/$defs/card", "description": "The dealer's last card, turned up: its suit is trump."},
    "leader": {"$ref": "#/$defs/seat"},
    "trick": {"$ref": "#/$defs/cards", "maxItems": 3, "description": "The current trick, the led card first."},
    "tricks": {"type": "array", "items": _TRICK},
    "hand_sizes": {"type": "array", "items": {"$ref": "#/$defs/count"}, "minItems": 4, "maxItems": 4},
    "asker": {"$ref": "#/$defs/seat_or_null"},
    "scores": {**_TEAM_INTS, "description": "Each team's match score (the bonus scored at the deal included)."},
    "bonus": {**_TEAM_INTS, "description": "Each team's points from the deal (trump card, Albur)."},
    "deferred": {**_TEAM_BOOLS, "description": "For each team, whether its bonus waits for the end of the hand."},
    "albur": {"$ref": "#/$defs/cards", "maxItems": 2},
    "round_no": {"type": "integer", "minimum": 1},
    "winner": _TEAM_OR_NULL,
    "end": {"$ref": "#/$defs/end"},
    "offender": {"$ref": "#/$defs/seat_or_null"},
    "breach": {"anyOf": [{"$ref": "#/$defs/reason"}, {"type": "null"}]},
}

MALILLA_PUBLIC_VIEW_SCHEMA: Final = _doc(
    "malilla-public-view", "Malilla public view", "What every player and spectator of a Malilla hand may see.",
    dict(_MALILLA_PUBLIC), list(_MALILLA_PUBLIC),
)
"""A spectator's view of a Malilla hand."""

MALILLA_PLAYER_VIEW_SCHEMA: Final = _doc(
    "malilla-player-view", "Malilla player view",
    "What one seat of a Malilla hand may see: the public view, its own hand and its legal moves.",
    {
        **_MALILLA_PUBLIC,
        "seat": {"$ref": "#/$defs/seat"},
        "hand": {"$ref": "#/$defs/cards", "maxItems": 10},
        "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
    },
    list(_MALILLA_PUBLIC),
)
"""A player's view of a Malilla hand."""

MALILLA_STATE_SCHEMA: Final = _doc(
    "malilla-state", "Malilla state",
    "The full state of a Malilla hand, for a server's own storage. It holds every hidden card: never send it to "
    "a client.",
    {
        "variant": {"$ref": "#/$defs/variant_ref"},
        "hands": {"type": "array", "items": {"$ref": "#/$defs/cards"}, "minItems": 4, "maxItems": 4},
        "dealer": {"$ref": "#/$defs/seat"},
        "trump_card": {"$ref": "#/$defs/card"},
        "stage": {"enum": ["redeal", "answer", "play", "over"]},
        "seat_to_act": {"$ref": "#/$defs/seat"},
        "leader": {"$ref": "#/$defs/seat"},
        "trick": {"$ref": "#/$defs/cards", "maxItems": 3},
        "tricks": {"type": "array", "items": _TRICK},
        "asked": {"type": "integer", "minimum": 0, "maximum": 4},
        "asker": {"$ref": "#/$defs/seat_or_null"},
        "scores": _TEAM_INTS,
        "bonus": _TEAM_INTS,
        "deferred": _TEAM_BOOLS,
        "albur": {"$ref": "#/$defs/cards", "maxItems": 2},
        "round_no": {"type": "integer", "minimum": 1},
        "turn": {"$ref": "#/$defs/count"},
        "rng": {"type": "integer", "minimum": 0, "maximum": 18446744073709551615},
        "winner": _TEAM_OR_NULL,
        "end": {"$ref": "#/$defs/end"},
        "offender": {"$ref": "#/$defs/seat_or_null"},
        "breach": {"anyOf": [{"$ref": "#/$defs/reason"}, {"type": "null"}]},
    },
    ["variant", "hands", "dealer", "trump_card", "stage", "seat_to_act", "leader", "trick", "tricks", "asked", "asker",
     "scores", "bonus", "deferred", "albur", "round_no", "turn", "rng", "winner", "end", "offender", "breach"],
)
"""The full state of a Malilla hand."""

VARIANT_SCHEMA: Final[dict[str, Any]] = {
    "$schema": _DRAFT,
    "$id": f"{_BASE}variant.json",
    "title": "Variant",
    "$ref": "#/$defs/variant",
    "$defs": copy.deepcopy(_DEFS),
}
"""A variant definition."""

_RECORDED_MOVE: Final = {
    "anyOf": [
        {"$ref": "#/$defs/move"},
        {
            "type": "object",
            "required": ["move"],
            "additionalProperties": False,
            "properties": {
                "move": {"$ref": "#/$defs/move"},
                "seat": {"$ref": "#/$defs/seat"},
                "time": {"type": "string", "maxLength": 4000, "description": "ISO 8601 suggested; ignored."},
                "comment": {"type": "string", "maxLength": 4000, "description": "Ignored by the engine."},
            },
        },
    ]
}

_FAIR_SETUP: Final[dict[str, Any]] = {
    "description": "The setup the commitment binds (maumau_rules.fairness.FairSetup): the record's own setup must "
                   "be this one.",
    "type": "object",
    "required": ["kind", "variant", "players", "overrides", "dealer", "first_player", "hand_sizes"],
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["game", "match"]},
        "variant": {
            "type": "object",
            "required": ["id", "version", "definition"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string"},
                "version": {"type": "integer", "minimum": 0},
                "definition": {"anyOf": [{"type": "null"}, {"type": "string", "pattern": "^[0-9a-f]{64}$"}],
                               "description": "The SHA-256 of a house variant's canonical definition JSON."},
            },
        },
        "players": {"type": "integer", "minimum": 1, "maximum": 64},
        "overrides": {"type": "object"},
        "dealer": {"$ref": "#/$defs/seat_or_null"},
        "first_player": {"$ref": "#/$defs/seat_or_null"},
        "hand_sizes": {"anyOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#/$defs/count"}}]},
    },
}

_FAIRNESS: Final[dict[str, Any]] = {
    "description": "The revealed seed of a provably fair game or match (maumau_rules.fairness); seed is derived from "
                   "it, the setup and the entropy, and 'maumau verify' checks it against the commitment published at "
                   "the start.",
    "type": "object",
    "required": ["scheme", "commitment", "server_seed", "salt", "setup"],
    "additionalProperties": False,
    "properties": {
        "scheme": {"const": "maumau-sha256-v2"},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "server_seed": {"type": "string", "pattern": "^([0-9a-fA-F]{2}){1,256}$"},
        "salt": {"type": "string", "pattern": "^([0-9a-fA-F]{2}){1,256}$"},
        "setup": _FAIR_SETUP,
        "entropy": {"type": "array", "items": {"type": "string", "maxLength": 256}, "maxItems": 64},
    },
}

RECORD_SCHEMA: Final = _doc(
    "record", "Game record", "A game: variant, setup (seed or explicit deal), moves in order, and result.",
    {
        "variant": {"$ref": "#/$defs/variant_ref"},
        "players": {"type": "integer", "minimum": 1, "maximum": 64},
        "seed": {"type": "integer"},
        "overrides": {
            "description": "Rule parameter overrides by rule ID; null removes the rule.",
            "type": "object",
            "propertyNames": {"pattern": "^R_[A-Z0-9_]+$"},
            "additionalProperties": {"type": ["object", "null"]},
        },
        "deal": {
            "type": "object",
            "required": ["hands", "stock", "discard"],
            "additionalProperties": False,
            "properties": {
                "hands": {"type": "array", "items": {"$ref": "#/$defs/cards"}},
                "stock": {"$ref": "#/$defs/cards"},
                "discard": {"$ref": "#/$defs/cards", "minItems": 1},
                "dealer": {"$ref": "#/$defs/seat"},
                "first_player": {"$ref": "#/$defs/seat_or_null"},
                "start_effects": {"type": "boolean"},
            },
        },
        "dealer": {"$ref": "#/$defs/seat"},
        "first_player": {"$ref": "#/$defs/seat"},
        "hand_sizes": {"type": "array", "items": {"$ref": "#/$defs/count"}},
        "deck_order": {"$ref": "#/$defs/cards", "description": "The shuffled deck in dealing order (an explicit "
                                                               "deal, e.g. of a Malilla hand)."},
        "names": {"type": "array", "items": {"type": "string"}},
        "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        "fairness": _FAIRNESS,
        "moves": {"type": "array", "items": _RECORDED_MOVE, "maxItems": 20000},
        "result": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["end"],
                    "additionalProperties": False,
                    "properties": {"winner": {"$ref": "#/$defs/seat_or_null"}, "end": {"$ref": "#/$defs/end"}},
                },
            ]
        },
    },
    ["variant", "players", "moves"],
)
"""One game record."""

MATCH_RECORD_SCHEMA: Final = _doc(
    "match-record", "Match record",
    "A match: variant, match seed, the moves of each round in order (every round but the last played to its end), "
    "and the result.",
    {
        "variant": {"$ref": "#/$defs/variant_ref"},
        "players": {"type": "integer", "minimum": 1, "maximum": 64},
        "seed": {"type": "integer"},
        "overrides": RECORD_SCHEMA["properties"]["overrides"],
        "names": {"type": "array", "items": {"type": "string"}},
        "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        "fairness": _FAIRNESS,
        "rounds": {"type": "array", "maxItems": 1000, "items": {"type": "array", "items": _RECORDED_MOVE}},
        "result": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["scores"],
                    "additionalProperties": False,
                    "properties": {
                        "winner": {"$ref": "#/$defs/seat_or_null", "description": "The winning side (a team)."},
                        "scores": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
                    },
                },
            ]
        },
    },
    ["variant", "players", "rounds"],
)
"""One match record."""

RECORDS_SCHEMA: Final[dict[str, Any]] = _doc(
    "records", "Game records", "A file of many game records and match records.",
    {"records": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/record"}, {"$ref": "#/$defs/match-record"}]},
                 "maxItems": 10000}},
    ["records"],
)
RECORDS_SCHEMA["$defs"]["record"] = {k: copy.deepcopy(v) for k, v in RECORD_SCHEMA.items()
                                     if k not in ("$schema", "$id", "$defs")}
RECORDS_SCHEMA["$defs"]["match-record"] = {k: copy.deepcopy(v) for k, v in MATCH_RECORD_SCHEMA.items()
                                           if k not in ("$schema", "$id", "$defs")}
"""A file of game records (each item validates against :data:`RECORD_SCHEMA` or :data:`MATCH_RECORD_SCHEMA`)."""

def _event_types() -> dict[str, Any]:
    """One schema per event type (:mod:`maumau_rules.events`), from the fields of its class."""
    import typing

    import attrs as _attrs

    from .cards import Card, Suit
    from .events import EVENT_TYPES
    from .moves import Call
    from .state import EndReason

    def field(tp: Any) -> dict[str, Any]:
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if tp is Card:
            return {"$ref": "#/$defs/card"}
        if tp == Suit | None:
            return {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]}
        if tp is Suit:
            return {"$ref": "#/$defs/suit"}
        if tp in (Call, Call | None):
            return {"$ref": "#/$defs/call"}
        if tp is EndReason:
            return {"$ref": "#/$defs/end"}
        if tp is Reason:
            return {"enum": [r.value for r in Reason], "description": "The reason code of the rule broken."}
        if tp == int | None:
            return {"$ref": "#/$defs/seat_or_null"}
        if tp == tuple[int, ...]:
            return {"type": "array", "items": {"type": "integer"}}
        if tp == tuple[Card, ...] | None:
            return {"anyOf": [{"$ref": "#/$defs/cards"}, {"type": "null"}],
                    "description": "The cards, or null where the viewer may not see them."}
        raise TypeError(f"no schema for event field type {tp}")  # pragma: no cover - programming error

    out: dict[str, Any] = {}
    for cls in EVENT_TYPES:
        hints = typing.get_type_hints(cls)
        names = [f.name for f in _attrs.fields(cls)]
        out[cls.kind] = {
            "description": (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " "),
            "type": "object",
            "required": ["kind", *names],
            "additionalProperties": False,
            "properties": {"kind": {"const": cls.kind}, **{name: field(hints[name]) for name in names}},
        }
    return out


EVENTS_SCHEMA: Final = _doc(
    "events", "Events", "What moves did, in order (maumau_rules.events): each event has a kind and its fields.",
    {"events": {"type": "array", "items": {"anyOf": [{"$ref": f"#/$defs/event_{k}"} for k in _event_types()]}}},
    ["events"],
)
EVENTS_SCHEMA["$defs"].update({f"event_{k}": v for k, v in _event_types().items()})
"""A list of events (:func:`maumau_rules.events.apply_with_events`)."""

SCHEMAS: Final[dict[str, dict[str, Any]]] = {
    "card": CARD_SCHEMA,
    "move": MOVE_SCHEMA,
    "state": STATE_SCHEMA,
    "player-view": PLAYER_VIEW_SCHEMA,
    "public-view": PUBLIC_VIEW_SCHEMA,
    "verdict": VERDICT_SCHEMA,
    "variant": VARIANT_SCHEMA,
    "record": RECORD_SCHEMA,
    "records": RECORDS_SCHEMA,
    "events": EVENTS_SCHEMA,
    "malilla-state": MALILLA_STATE_SCHEMA,
    "malilla-player-view": MALILLA_PLAYER_VIEW_SCHEMA,
    "malilla-public-view": MALILLA_PUBLIC_VIEW_SCHEMA,
    "match-record": MATCH_RECORD_SCHEMA,
}
"""Every schema by the ``type`` of its documents (also the file name under ``docs/schemas/``)."""


def schema_for(document: dict[str, Any]) -> dict[str, Any]:
    """The schema of a JSON document, chosen by its ``type`` field.

    Raises:
        NotationError: the document has no known type.

    >>> schema_for({"type": "move"})["title"]
    'Move'
    """
    kind = document.get("type") if isinstance(document, dict) else None
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise NotationError(f"no schema for a document of type {kind!r}: known types are {', '.join(SCHEMAS)}")
    return SCHEMAS[kind]
