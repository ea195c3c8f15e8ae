"""An example Mau-Mau game server on Starlette + uvicorn, with games kept in SQLite.

The server holds the full state; each seat sees only its own view; moves arrive as JSON in the move
notation and are judged by :func:`maumau_rules.check` (with the client's seat and the turn it saw);
every game is stored as a replayable record.

Run it::

    pip install starlette uvicorn
    python examples/server/app.py --db games.sqlite3 --port 8000 [--workers 2]

HTTP API (all bodies JSON, at most ``MAX_BODY`` bytes, enforced while the body streams in):

``POST /games``                    ``{"variant": "standard", "players": 3}`` → 201 ``{"id", "players",
                                   "tokens": [one per seat], "admin_token", "commitment"}``. The seed is the
                                   server's: a request that names one is refused (422 ``seed_not_accepted``).
                                   ``commitment`` is SHA-256 of the secret seed and a salt
                                   (:mod:`maumau_rules.fairness`), revealed with the record at the end.
``GET /games/{id}``                the game's public facts: variant, players, turn, over, commitment
``GET /games/{id}/view?seat=N``    with ``Authorization: Bearer <seat token>`` → the seat's view
``GET /games/{id}/public``         the spectators' view
``POST /games/{id}/moves``         ``{"seat": N, "turn": T, "move": "7h"}`` with the seat's token →
                                   200 ``{"ok": true, "view": ...}``; 409 for a stale move, a move out of
                                   turn or after the end (also for the loser of a race between two server
                                   processes); 422 for a malformed request or an illegal move; rejections
                                   carry ``reason`` (a stable code) and ``rule_id``
``GET /games/{id}/record``         with any token of the game, once it is over → the full record, with the
                                   revealed seed, salt and commitment (``maumau verify`` checks it). While
                                   the game runs nobody (the creator's admin token included) can read it:
                                   409 ``game_running``.

Every bad parameter is a 4xx with a ``reason`` and a message; nothing a client sends can make a 500.

Storage and speed. SQLite runs in WAL mode with ``synchronous=FULL``: a move is acknowledged only after its
transaction is on disk (fsynced), so an acknowledged move survives a crash of the process, of the OS, or a
power cut. One fsync costs milliseconds, so moves are **group-committed**: one writer thread commits every move
that arrived while the previous commit was running in a single transaction (one fsync for all of them). Each
move is an ``UPDATE games SET turn = T + 1 ... WHERE turn = T`` plus an ``INSERT`` of the move: if another
server process (``--workers 2``) got there first, the update changes no row and the move is answered 409
``stale_state``. Each process keeps the games it serves in memory and checks the stored turn (a cheap read)
before it uses one; a game another process moved on is brought up to date by replaying the moves it missed.
The state itself is never stored: the seed and the moves are the game, and the library replays them exactly.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as _dt
import hmac
import json
import os
import re
import secrets
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from maumau_rules import MauMauError, NotationError, Reason, apply, check, find_variant, new_game, parse_move
from maumau_rules.fairness import FairSeed, FairSetup
from maumau_rules.records import GameRecord, RecordedMove, RecordResult
from maumau_rules.state import GameState
from maumau_rules.views import public_view, view

MAX_BODY: Final = 4096
"""Longest request body accepted (bytes); a longer one is refused while it streams in (413)."""

CONFLICT_REASONS: Final = frozenset({Reason.STALE_STATE, Reason.NOT_YOUR_TURN, Reason.GAME_OVER})
"""Rejections answered with 409 Conflict (the client's picture of the game is out of date)."""

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    variant_version INTEGER NOT NULL,
    players INTEGER NOT NULL,
    fairness TEXT NOT NULL,
    tokens TEXT NOT NULL,
    admin_token TEXT NOT NULL,
    turn INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    time TEXT NOT NULL,
    PRIMARY KEY (game_id, step)
) WITHOUT ROWID;
"""

_SEAT: Final = re.compile(r"[0-9]{1,3}")
_GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _error(status: int, reason: str, message: str, rule_id: str = "", **extra: Any) -> JSONResponse:
    return JSONResponse({"ok": False, "reason": reason, "rule_id": rule_id, "message": message, **extra},
                        status_code=status)


def _connect(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")  # an acknowledged move is on disk (see the module's docs)
    db.execute("PRAGMA busy_timeout=30000")
    return db


class Writer:
    """The one writer of a server process: group-commits what the handlers submit, one fsync per batch.

    ``submit`` queues a write and waits for its batch's commit; while a commit runs (in a thread, so the event
    loop keeps serving), new writes queue up and go together into the next transaction.
    """

    def __init__(self, path: str) -> None:
        self.db = _connect(path)
        self.queue: list[tuple[tuple[Any, ...], asyncio.Future[bool]]] = []
        self.busy = False
        self.batches = 0
        self.writes = 0

    async def submit(self, op: tuple[Any, ...]) -> bool:
        """Queue ``op`` (``("create", row)`` or ``("move", gid, turn, seat, move, time, over)``) and wait until it
        is committed; ``False`` when a move lost a race (the stored turn was no longer ``turn``)."""
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.queue.append((op, fut))
        if not self.busy:
            self.busy = True
            asyncio.get_running_loop().create_task(self._drain())
        return await fut

    async def _drain(self) -> None:
        try:
            while self.queue:
                batch, self.queue = self.queue, []
                try:
                    results = await asyncio.to_thread(self._commit, [op for op, _ in batch])
                except Exception as exc:  # the disk or the database failed: every write of the batch fails
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(exc)
                    continue
                for (_, fut), ok in zip(batch, results, strict=True):
                    if not fut.done():
                        fut.set_result(ok)
        finally:
            self.busy = False

    def _commit(self, ops: list[tuple[Any, ...]]) -> list[bool]:
        db = self.db
        out = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for op in ops:
                if op[0] == "create":
                    db.execute("INSERT INTO games (id, variant, variant_version, players, fairness, tokens, "
                               "admin_token) VALUES (?, ?, ?, ?, ?, ?, ?)", op[1])
                    out.append(True)
                    continue
                _, gid, turn, seat, move, now, over = op
                changed = db.execute("UPDATE games SET turn = ?, over = ? WHERE id = ? AND turn = ?",
                                     (turn + 1, over, gid, turn)).rowcount
                if changed != 1:
                    out.append(False)  # another process moved this game on first
                    continue
                db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)", (gid, turn, seat, move, now))
                out.append(True)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self.batches += 1
        self.writes += len(ops)
        return out


class Game:
    """A game as this process knows it: its fixed facts and its current state (``None``: read it again)."""

    def __init__(self, gid: str, row: tuple[Any, ...]) -> None:
        self.gid = gid
        self.variant, self.variant_version, self.players = row[0], row[1], row[2]
        self.fairness = FairSeed.from_json(json.loads(row[3]))
        self.seed = self.fairness.game_seed
        self.tokens: list[str] = json.loads(row[4])
        self.admin: str = row[5]
        self.state: GameState | None = None
        self.lock = asyncio.Lock()


class Store:
    """The games in one SQLite file, and the ones this process serves, in memory."""

    def __init__(self, path: str, seeds: Callable[[], FairSeed] = FairSeed.fresh) -> None:
        self.path = path
        self.seeds = seeds
        db = _connect(path)
        db.executescript(SCHEMA)
        db.close()
        self.reader = _connect(path)
        self.writer = Writer(path)
        self.games: dict[str, Game] = {}
        self.read_lock = threading.Lock()

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        with self.read_lock:
            return self.reader.execute(sql, args).fetchall()

    async def create(self, variant: str, players: int) -> dict[str, Any]:
        """Start a game with a seed only the server knows; return its ID, tokens and the seed's commitment."""
        v = find_variant(variant)
        fair = self.seeds().bind(FairSetup.game(v, players))  # the commitment binds the seed and the setup
        new_game(v, players, fair.game_seed)  # (refuses a player count the variant does not allow)
        gid = secrets.token_urlsafe(12)
        tokens = [secrets.token_urlsafe(16) for _ in range(players)]
        admin = secrets.token_urlsafe(16)
        await self.writer.submit(("create", (gid, v.id, v.version, players, json.dumps(fair.to_json()),
                                             json.dumps(tokens), admin)))
        return {"id": gid, "players": players, "tokens": tokens, "admin_token": admin,
                "commitment": fair.commitment}

    def game(self, gid: str) -> Game | None:
        """The game ``gid`` (its fixed facts), or ``None``."""
        game = self.games.get(gid)
        if game is None:
            rows = self._read("SELECT variant, variant_version, players, fairness, tokens, admin_token "
                              "FROM games WHERE id = ?", (gid,))
            if not rows:
                return None
            game = self.games[gid] = Game(gid, rows[0])
        return game

    def current(self, game: Game) -> GameState:
        """The game's state as stored now: the state in memory, brought up to date with the moves another process
        stored (call it holding ``game.lock``)."""
        turn = self._read("SELECT turn FROM games WHERE id = ?", (game.gid,))[0][0]
        state = game.state
        if state is None or state.turn > turn:
            state = new_game(game.variant, game.players, game.seed)
        if state.turn < turn:
            for seat, text in self._read("SELECT seat, move FROM moves WHERE game_id = ? AND step >= ? ORDER BY step",
                                         (game.gid, state.turn)):
                state = apply(state, parse_move(text), player=seat)
        game.state = state
        return state

    def moves(self, gid: str) -> list[tuple[int, str, str]]:
        """The stored moves of a game, in order: seat, move, time."""
        return self._read("SELECT seat, move, time FROM moves WHERE game_id = ? ORDER BY step", (gid,))


def _token(request: Request) -> str:
    auth = request.headers.get("authorization", "")
    return auth[7:] if auth[:7].lower() == "bearer " else ""


def _same(a: str, b: str) -> bool:
    return bool(a) and hmac.compare_digest(a.encode(), b.encode())


async def _body(request: Request) -> dict[str, Any] | JSONResponse:
    """The request's JSON object, read with the size limit enforced while the body streams in."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isascii() or not declared.isdigit():
            return _error(400, "malformed", "the Content-Length header is not a number")
        if int(declared) > MAX_BODY:
            return _error(413, "too_large", f"request body of {declared} bytes is too large (limit {MAX_BODY})")
    parts: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                return _error(413, "too_large", f"request body of more than {MAX_BODY} bytes is too large "
                                                f"(limit {MAX_BODY})")
            parts.append(chunk)
    except ClientDisconnect:
        return _error(400, "malformed", "the client went away before the body was complete")
    try:
        data = json.loads(b"".join(parts))
    except (ValueError, RecursionError):
        return _error(422, "malformed", "the request body is not JSON (UTF-8)")
    if not isinstance(data, dict):
        return _error(422, "malformed", "the request body must be a JSON object")
    return data


def _int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if type(value) is int else None


def create_app(db_path: str, *, seeds: Callable[[], FairSeed] = FairSeed.fresh) -> Starlette:
    """The Starlette application, storing games in the SQLite file ``db_path``.

    ``seeds`` makes each new game's secret seed: by default a fresh one from the OS CSPRNG. It is the
    operator's setting, never a client's (tests pass a fixed sequence to replay the same games).
    """
    store = Store(db_path, seeds)

    async def create_game(request: Request) -> JSONResponse:
        data = await _body(request)
        if isinstance(data, JSONResponse):
            return data
        if "seed" in data:
            return _error(422, "seed_not_accepted", "the server chooses every seed: a client-chosen seed would let its "
                                                    "sender know every card")
        unknown = sorted(set(data) - {"variant", "players"})
        variant, players = data.get("variant", "standard"), _int(data, "players")
        if unknown or not isinstance(variant, str) or len(variant) > 100 or players is None:
            return _error(422, "malformed", "expected {\"variant\": name, \"players\": n}"
                          + (f"; unknown field(s) {', '.join(map(repr, unknown))[:200]}" if unknown else ""))
        try:
            return JSONResponse(await store.create(variant, players), status_code=201)
        except MauMauError as exc:
            return _error(422, "bad_game", str(exc))
        except sqlite3.Error:
            return _error(503, "unavailable", "the game could not be stored; try again")

    def _find(request: Request) -> Game | JSONResponse:
        gid = request.path_params["gid"]
        if not _GAME_ID.fullmatch(gid):
            return _error(404, "no_such_game", "no such game (a game ID is 1-32 letters, digits, '-' or '_')")
        game = store.game(gid)
        if game is None:
            return _error(404, "no_such_game", f"no game {gid!r}")
        return game

    async def get_game(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        async with game.lock:
            state = store.current(game)
        return JSONResponse({"id": game.gid, "variant": game.variant, "variant_version": game.variant_version,
                             "players": game.players, "turn": state.turn, "over": state.is_over,
                             "commitment": game.fairness.commitment})

    async def get_view(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        seat_text = request.query_params.get("seat", "")
        if not _SEAT.fullmatch(seat_text) or int(seat_text) >= game.players:
            return _error(422, "malformed", f"seat must be a seat number 0..{game.players - 1}")
        seat = int(seat_text)
        if not _same(_token(request), game.tokens[seat]):
            return _error(403, "forbidden", f"this token does not belong to seat {seat}")
        async with game.lock:
            state = store.current(game)
        return JSONResponse(view(state, seat).to_json())

    async def get_public(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        async with game.lock:
            state = store.current(game)
        return JSONResponse(public_view(state).to_json())

    async def post_move(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        data = await _body(request)
        if isinstance(data, JSONResponse):
            return data
        unknown = sorted(set(data) - {"seat", "turn", "move"})
        seat, turn, text = _int(data, "seat"), _int(data, "turn"), data.get("move")
        if unknown or seat is None or turn is None or not isinstance(text, str):
            return _error(422, "malformed", "expected {\"seat\": integer, \"turn\": integer, \"move\": notation}"
                          + (f"; unknown field(s) {', '.join(map(repr, unknown))[:200]}" if unknown else ""))
        if not 0 <= seat < game.players or not _same(_token(request), game.tokens[seat]):
            return _error(403, "forbidden", "this token does not belong to that seat")
        try:
            move = parse_move(text)
        except NotationError as exc:
            return _error(422, Reason.NOT_A_MOVE.value, str(exc))
        async with game.lock:  # one move of a game at a time in this process; other processes: see Writer
            state = store.current(game)
            verdict = check(state, move, player=seat, turn=turn)
            if not verdict.ok:
                status = 409 if verdict.reason in CONFLICT_REASONS else 422
                return _error(status, verdict.reason.value, verdict.message, verdict.rule_id, turn=state.turn)
            new = apply(state, move, player=seat, turn=turn)
            now = _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")
            try:
                stored = await store.writer.submit(("move", game.gid, state.turn, seat, str(move), now,
                                                    int(new.is_over)))
            except sqlite3.Error:
                game.state = None
                return _error(503, "unavailable", "the move could not be stored; try again")
            if not stored:  # another server process stored a move for this turn first
                game.state = None
                return _error(409, Reason.STALE_STATE.value, f"move {str(move)!r} was made against turn {turn}, "
                              "but another move was stored for that turn first", "R_TURN_ORDER", turn=turn + 1)
            game.state = new
        return JSONResponse({"ok": True, "view": view(new, seat).to_json()})

    async def get_record(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        token = _token(request)
        if not any(_same(token, t) for t in (*game.tokens, game.admin)):
            return _error(403, "forbidden", "the record needs a token of this game")
        async with game.lock:
            state = store.current(game)
            if not state.is_over:
                return _error(409, "game_running", "the record reveals every card and the seed: it is published "
                                                   "when the game is over")
            moves = store.moves(game.gid)
        record = GameRecord(
            variant=game.variant, variant_version=game.variant_version, players=game.players, seed=game.seed,
            moves=tuple(RecordedMove(parse_move(m), seat=s, time=t) for s, m, t in moves),
            result=RecordResult.of(state), fairness=game.fairness,
        )
        return JSONResponse(record.to_json())

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(404, "not_found", "no such resource")

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _error(405, "method_not_allowed", "that method is not allowed here")

    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {404: not_found, 405: not_allowed}
    return Starlette(routes=[
        Route("/games", create_game, methods=["POST"]),
        Route("/games/{gid}", get_game, methods=["GET"]),
        Route("/games/{gid}/view", get_view, methods=["GET"]),
        Route("/games/{gid}/public", get_public, methods=["GET"]),
        Route("/games/{gid}/moves", post_move, methods=["POST"]),
        Route("/games/{gid}/record", get_record, methods=["GET"]),
    ], exception_handlers=handlers)


def create_app_from_env() -> Starlette:
    """The application for ``uvicorn --factory`` (several worker processes): the database is ``$MAUMAU_DB``."""
    return create_app(os.environ.get("MAUMAU_DB", "maumau-games.sqlite3"))


def main() -> None:
    """Run the server with uvicorn."""
    import uvicorn

    parser = argparse.ArgumentParser(description="Example Mau-Mau game server")
    parser.add_argument("--db", default="maumau-games.sqlite3")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=1, help="server processes sharing the database")
    parser.add_argument("--profile", default=None, metavar="FILE",
                        help="profile the server (one worker) with cProfile and write the stats to FILE on exit")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import signal

        server = uvicorn.Server(uvicorn.Config(create_app(args.db), host=args.host, port=args.port,
                                               log_level="warning"))

        def finish(*_: object) -> None:
            server.should_exit = True

        with cProfile.Profile() as prof:
            loop = asyncio.new_event_loop()
            loop.add_signal_handler(signal.SIGTERM, finish)
            loop.run_until_complete(server._serve())  # without uvicorn's signal capture, so that the stats get written
        prof.dump_stats(args.profile)
    elif args.workers > 1:
        os.environ["MAUMAU_DB"] = args.db
        uvicorn.run("examples.server.app:create_app_from_env", factory=True, host=args.host, port=args.port,
                    workers=args.workers, log_level="warning")
    else:
        uvicorn.run(create_app(args.db), host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
