"""The example server's JSON responses (examples/server/app.py's JSONResponse, written by compact_json: orjson with
the fastjson extra) are byte for byte starlette's own, with orjson and with the standard encoder alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.responses import JSONResponse as StarletteJSONResponse

from examples.server.app import JSONResponse
from maumau_rules import apply, jsontext, legal_moves, new_game
from maumau_rules.records import record_from_moves
from maumau_rules.views import view


def bodies() -> list[Any]:
    """What the server sends as JSON data: a record of a finished game, a seat's view, an error, the stats."""
    out: list[Any] = []
    for variant, players in (("standard", 4), ("malilla", 4)):
        rng = random.Random(players)
        s = new_game(variant, players, seed=3)
        moves = []
        while not s.is_over:
            moves.append(rng.choice(legal_moves(s)))
            s = apply(s, moves[-1])
            if len(moves) % 9 == 0:
                out.append({"view": view(s, len(moves) % players).to_json(), "svg": "<svg>…</svg>", "turn": s.turn})
        out.append(record_from_moves(variant, players, 3, moves).to_json())
    out += [{"ok": False, "reason": "not_your_turn", "rule_id": "", "message": "Ce n’est pas à vous"},
            {"games": 3, "moves_per_second": 12.5, "latency": [0.001, 1e-07]}]
    return out


@pytest.mark.parametrize("orjson", [True, False], ids=["orjson", "stdlib"])
def test_the_servers_json_responses_are_starlettes_bytes(orjson: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not orjson:
        monkeypatch.setattr(jsontext, "_FAST", [None])  # the standard encoder alone
    assert (jsontext.fast_encoder() == "orjson") is orjson
    for body in bodies():
        mine = JSONResponse(body, status_code=201)
        theirs = StarletteJSONResponse(body, status_code=201)
        assert mine.body == theirs.body and mine.headers == theirs.headers
