"""An example Mau-Mau game server on Starlette + uvicorn, with games kept in SQLite.

The server holds the full state; each seat sees only its own view; moves arrive as JSON in the move
notation and are judged by :func:`maumau_rules.check` (with the client's seat and the turn it saw);
every game is stored as a replayable record.

Run it::

    pip install starlette uvicorn
    python examples/server/app.py --db games.sqlite3 --port 8000

HTTP API (all bodies JSON):

``POST /games``                    ``{"variant": "standard", "players": 3, "seed": 42}`` → 201
                                   ``{"id", "players", "tokens": [one per seat], "admin_token"}``
``GET /games/{id}/view?seat=N``    with ``Authorization: Bearer <seat token>`` → the seat's view
``GET /games/{id}/public``         the spectators' view
``POST /games/{id}/moves``         ``{"seat": N, "turn": T, "move": "7h"}`` with the seat's token →
                                   200 ``{"ok": true, "view": ...}``; 409 for a stale move, a move out of
                                   turn or after the end; 422 for a malformed request or an illegal move;
                                   rejections carry ``reason`` (a stable code) and ``rule_id``
``GET /games/{id}/record``         with the admin token → the game record (it reveals every card)

Handlers are ``async`` and talk to SQLite synchronously in the event loop thread; a move is read,
judged and stored under one lock with no ``await`` in between, so two moves for the same turn can
never both be accepted (the second is stale). A busy server would use a connection pool and
``BEGIN IMMEDIATE`` transactions instead.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as _dt
import hmac
import json
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from maumau_rules import MauMauError, NotationError, Reason, apply, check, find_variant, new_game, parse_move
from maumau_rules.notation import dumps, loads_state
from maumau_rules.records import GameRecord, RecordedMove, RecordResult
from maumau_rules.state import GameState
from maumau_rules.views import public_view, view

MAX_BODY = 4096
"""Longest request body accepted (bytes)."""

CONFLICT_REASONS = frozenset({Reason.STALE_STATE, Reason.NOT_YOUR_TURN, Reason.GAME_OVER})
"""Rejections answered with 409 Conflict (the client's picture of the game is out of date)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    variant_version INTEGER NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    state TEXT NOT NULL,
    tokens TEXT NOT NULL,
    admin_token TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    time TEXT NOT NULL,
    PRIMARY KEY (game_id, step)
);
"""


def _error(status: int, reason: str, message: str, rule_id: str = "", **extra: Any) -> JSONResponse:
    return JSONResponse({"ok": False, "reason": reason, "rule_id": rule_id, "message": message, **extra},
                        status_code=status)


class Store:
    """The games in one SQLite file."""

    def __init__(self, path: str) -> None:
        self.path = path
        with self.connect() as db:
            db.executescript(SCHEMA)

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection in a transaction: committed when the block succeeds, rolled back otherwise."""
        db = sqlite3.connect(self.path)
        try:
            with db:
                yield db
        finally:
            db.close()

    def create(self, variant: str, players: int, seed: int) -> dict[str, Any]:
        """Start a game; return its ID and the tokens."""
        state = new_game(variant, players, seed)
        gid = secrets.token_urlsafe(8)
        tokens = [secrets.token_urlsafe(16) for _ in range(players)]
        admin = secrets.token_urlsafe(16)
        with self.connect() as db:
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, state.variant.id, state.variant.version, players, seed, dumps(state), json.dumps(tokens),
                        admin))
        return {"id": gid, "players": players, "tokens": tokens, "admin_token": admin}

    def load(self, gid: str) -> tuple[GameState, list[str], str] | None:
        """The state, seat tokens and admin token of a game, or ``None``."""
        with self.connect() as db:
            row = db.execute("SELECT state, tokens, admin_token FROM games WHERE id = ?", (gid,)).fetchone()
        if row is None:
            return None
        return loads_state(row[0]), json.loads(row[1]), row[2]

    def save_move(self, gid: str, state: GameState, seat: int, move: str) -> None:
        """Store the new state and append the move to the game's record."""
        now = _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")
        with self.connect() as db:
            db.execute("UPDATE games SET state = ? WHERE id = ?", (dumps(state), gid))
            db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)", (gid, state.turn - 1, seat, move, now))

    def record(self, gid: str) -> GameRecord | None:
        """The game's record (moves with seats and timestamps, and the result so far)."""
        with self.connect() as db:
            row = db.execute("SELECT variant, variant_version, players, seed, state FROM games WHERE id = ?",
                             (gid,)).fetchone()
            if row is None:
                return None
            moves = db.execute("SELECT seat, move, time FROM moves WHERE game_id = ? ORDER BY step", (gid,)).fetchall()
        state = loads_state(row[4])
        return GameRecord(
            variant=row[0], variant_version=row[1], players=row[2], seed=row[3],
            moves=tuple(RecordedMove(parse_move(m), seat=s, time=t) for s, m, t in moves),
            result=RecordResult.of(state),
        )


def _token(request: Request) -> str:
    auth = request.headers.get("authorization", "")
    return auth[7:] if auth.lower().startswith("bearer ") else ""


def _same(a: str, b: str) -> bool:
    return bool(a) and hmac.compare_digest(a.encode(), b.encode())


async def _body(request: Request) -> dict[str, Any] | JSONResponse:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return _error(413, "too_large", f"request body of {len(raw)} bytes is too large (limit {MAX_BODY})")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return _error(422, "malformed", "the request body is not JSON")
    if not isinstance(data, dict):
        return _error(422, "malformed", "the request body must be a JSON object")
    return data


def _int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def create_app(db_path: str) -> Starlette:
    """The Starlette application, storing games in the SQLite file ``db_path``."""
    store = Store(db_path)
    lock = asyncio.Lock()

    async def create_game(request: Request) -> JSONResponse:
        data = await _body(request)
        if isinstance(data, JSONResponse):
            return data
        variant, players, seed = data.get("variant", "standard"), _int(data, "players"), data.get("seed")
        if not isinstance(variant, str) or players is None:
            return _error(422, "malformed", "expected {\"variant\": name, \"players\": n, \"seed\": optional integer}")
        if seed is None:
            seed = secrets.randbits(63)
        elif _int(data, "seed") is None or not 0 <= seed < 1 << 63:
            return _error(422, "malformed", "seed must be an integer from 0 to 2**63-1")
        try:
            find_variant(variant)
            return JSONResponse(store.create(variant, players, seed), status_code=201)
        except MauMauError as exc:
            return _error(422, "bad_game", str(exc))

    def _game(request: Request) -> tuple[str, GameState, list[str], str] | JSONResponse:
        gid = request.path_params["gid"]
        got = store.load(gid)
        if got is None:
            return _error(404, "no_such_game", f"no game {gid!r}")
        return (gid, *got)

    async def get_view(request: Request) -> JSONResponse:
        game = _game(request)
        if isinstance(game, JSONResponse):
            return game
        _, state, tokens, _ = game
        seat_text = request.query_params.get("seat", "")
        if not seat_text.isdigit() or int(seat_text) >= state.players:
            return _error(422, "malformed", f"seat must be a seat number 0..{state.players - 1}")
        seat = int(seat_text)
        if not _same(_token(request), tokens[seat]):
            return _error(403, "forbidden", f"this token does not belong to seat {seat}")
        return JSONResponse(view(state, seat).to_json())

    async def get_public(request: Request) -> JSONResponse:
        game = _game(request)
        if isinstance(game, JSONResponse):
            return game
        return JSONResponse(public_view(game[1]).to_json())

    async def post_move(request: Request) -> JSONResponse:
        data = await _body(request)  # the only await: from here to the save, nothing else runs
        if isinstance(data, JSONResponse):
            return data
        async with lock:  # and the lock keeps it so, should an await ever be added below
            return _move(request, data)

    def _move(request: Request, data: dict[str, Any]) -> JSONResponse:
        game = _game(request)
        if isinstance(game, JSONResponse):
            return game
        gid, state, tokens, _ = game
        unknown = sorted(set(data) - {"seat", "turn", "move"})
        seat, turn, text = _int(data, "seat"), _int(data, "turn"), data.get("move")
        if unknown or seat is None or turn is None or not isinstance(text, str):
            return _error(422, "malformed", "expected {\"seat\": integer, \"turn\": integer, \"move\": notation}"
                          + (f"; unknown field(s) {', '.join(unknown)}" if unknown else ""))
        if not 0 <= seat < state.players or not _same(_token(request), tokens[seat]):
            return _error(403, "forbidden", f"this token does not belong to seat {seat}")
        try:
            move = parse_move(text)
        except NotationError as exc:
            return _error(422, Reason.NOT_A_MOVE.value, str(exc))
        verdict = check(state, move, player=seat, turn=turn)
        if not verdict.ok:
            status = 409 if verdict.reason in CONFLICT_REASONS else 422
            return _error(status, verdict.reason.value, verdict.message, verdict.rule_id, turn=state.turn)
        new = apply(state, move, player=seat, turn=turn)
        store.save_move(gid, new, seat, str(move))
        return JSONResponse({"ok": True, "view": view(new, seat).to_json()})

    async def get_record(request: Request) -> JSONResponse:
        game = _game(request)
        if isinstance(game, JSONResponse):
            return game
        gid, _, _, admin = game
        if not _same(_token(request), admin):
            return _error(403, "forbidden", "the record reveals every card: it needs the admin token")
        record = store.record(gid)
        assert record is not None
        return JSONResponse(record.to_json())

    return Starlette(routes=[
        Route("/games", create_game, methods=["POST"]),
        Route("/games/{gid}/view", get_view, methods=["GET"]),
        Route("/games/{gid}/public", get_public, methods=["GET"]),
        Route("/games/{gid}/moves", post_move, methods=["POST"]),
        Route("/games/{gid}/record", get_record, methods=["GET"]),
    ])


def main() -> None:
    """Run the server with uvicorn."""
    import uvicorn

    parser = argparse.ArgumentParser(description="Example Mau-Mau game server")
    parser.add_argument("--db", default="maumau-games.sqlite3")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    uvicorn.run(create_app(args.db), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
