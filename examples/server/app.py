"""An example Mau-Mau game server on Starlette + uvicorn, with games kept in SQLite.

The server holds the full state; each seat sees only its own view; moves arrive as JSON in the move
notation and are judged and applied by :func:`maumau_rules.apply` (with the client's seat and the turn it saw:
one validation, whose refusal carries the verdict); a view is sent as the text of :func:`maumau_rules.notation.dumps`
(written by the view class's compiled encoder); every game is stored as a replayable record.

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
``GET /stats``                     counters of this process: games held in memory and their bound, games
                                   loaded and evicted, games created and creations refused, table requests
                                   waiting and bots moving (no game IDs)

The web table (docs/web-table.rst; the page is ``static/``, the helpers :mod:`table`):

``GET /``, ``GET /static/...``     the page: a person plays against the server's bots and other people
``GET /variants``                  the registered variants (ID, name, family, player counts) and the bot kinds
``GET /texts``                     the page's own sentences (:data:`PAGE_TEXTS`) in the language of
                                   ``Accept-Language``, with that language's code and direction
``POST /games`` with ``"bots"``    ``{"variant": "prsi", "players": 2, "bots": [1], "bot": "heuristic"}``: the
                                   server plays those seats (each bot from its own view; their tokens are
                                   ``null``: nobody can read a bot's hand), pausing ``--bot-delay`` seconds
                                   before each of their moves
``GET /games/{id}/table?seat=N&since=T&wait=S``  with the seat's token → the seat's view, the SVG picture of
                                   it (:func:`maumau_rules.svg.view_svg`), the seat names, and each step since
                                   turn ``T`` as that seat may know it (events and sentences); with ``wait``
                                   it answers as soon as the game passes turn ``T`` (at most 25 s)
``POST /verify``                   ``{"record", "commitment", "views"}`` → what ``maumau verify --commitment
                                   --views`` says (a pure check of the body, at most 2 MB)

Limits (:class:`Limits`, each a command-line option; docs/server.rst explains them). A connection must deliver
a complete request head within ``header_timeout`` seconds of connecting or of its previous response, and the
body within ``body_timeout`` seconds of its head, however slowly it trickles bytes in; otherwise it is answered
408 and closed (uvicorn has no such timeout: :class:`DeadlineH11Protocol` and :class:`DeadlineHttpToolsProtocol`
add it). One client address may hold ``max_client_connections`` connections open at once; a connection past
that is answered 503 ``too_many_connections`` and closed. At most ``max_resident_games`` games are kept in
memory; finished games are dropped first, then the least recently used: a dropped game is read back (seed and
moves, replayed) when it is asked for again.
``POST /games`` takes a token from the client's bucket (``create_burst`` games at once, ``create_rate`` per
second after that, per client address) and from the server's bucket (``global_create_burst``,
``global_create_rate``); without one it answers 429 ``too_many_games`` with ``scope`` ("client" or "server"),
``retry_after`` (seconds) and a ``Retry-After`` header.

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
import contextlib
import datetime as _dt
import functools
import hmac
import json
import math
import os
import re
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, Response
from starlette.responses import JSONResponse as _StarletteJSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover (httptools is optional: uvicorn then speaks HTTP with h11)
    HttpToolsProtocol = None  # type: ignore[assignment,misc]

from maumau_rules import (
    IllegalMoveError,
    MauMauError,
    Move,
    NotationError,
    Reason,
    apply,
    find_variant,
    new_game,
    parse_move,
)
from maumau_rules.bots import Bot
from maumau_rules.explain import name_text
from maumau_rules.fairness import FairnessError, FairSeed, FairSetup
from maumau_rules.families.maumau.state import GameState
from maumau_rules.i18n import N_, direction, language, negotiate_language, ngettext, translate_message
from maumau_rules.i18n import gettext as _
from maumau_rules.jsontext import compact_json
from maumau_rules.notation import dumps, from_json
from maumau_rules.records import GameRecord, RecordedMove, RecordResult, first_violation, loads_record
from maumau_rules.variants import Variant
from maumau_rules.verify import verify_record
from maumau_rules.views import public_view, view


class JSONResponse(_StarletteJSONResponse):
    """Starlette's ``JSONResponse``, its body written by :func:`maumau_rules.jsontext.compact_json`: the same bytes
    (compact, UTF-8, no NaN), by orjson when the ``fastjson`` extra is installed (a game record about six times
    as fast as by the standard encoder; a view's text alone is written by the library's own writer, ``dumps``).

    >>> JSONResponse({"ok": True, "card": "7♥"}).body == _StarletteJSONResponse({"ok": True, "card": "7♥"}).body
    True
    """

    def render(self, content: Any) -> bytes:
        """The body: ``content``'s compact JSON text as UTF-8."""
        return compact_json(content)

if __package__:
    from . import table
else:  # run as a script (python examples/server/app.py): this file's folder is on sys.path
    import table  # type: ignore[no-redef,import-not-found]

MAX_BODY: Final = 4096
"""Longest request body accepted (bytes); a longer one is refused while it streams in (413)."""

MAX_VERIFY_BODY: Final = 2_000_000
"""Longest body of ``POST /verify`` (bytes): a finished game's record and the views one seat kept."""

MAX_WAIT: Final = 25.0
"""The longest a ``GET /games/{id}/table?wait=S`` waits for the game to move on (seconds)."""

STATIC: Final = Path(__file__).resolve().with_name("static")
"""The web table's page, script and style (served at ``/`` and ``/static/``; no build step)."""

PAGE_TEXTS: Final = {
    "seat": N_("Seat {n}"),
    "your_partner": N_("(your partner)"),
    "computer": N_("computer"),
    "another_person": N_("another person (gets a link)"),
    "malilla_group": N_("Malilla (4 players, partners)"),
    "not_created": N_("The game was not created: {message}"),
    "game_over": N_("Game over."),
    "your_turn": N_("Your turn: click a card or a move."),
    "to_play": N_("{name} to play…"),
    "to_play_you_may_move": N_("{name} to play… (you may move between turns)"),
    "commitment_changed": N_("The server's commitment changed during the game: the shuffle cannot be trusted."),
    "title": N_("{variant} · {players} players · you are seat {seat}"),
    "refused": N_("Refused: {message} (reason {code})"),
    "refused_rule": N_("Refused: {message} (reason {code}, rule {rule})"),
    "unreachable": N_("The server cannot be reached; trying again…"),
    "over": N_("Over ({why})."),
    "team_wins": N_("Team {team} wins ({names})."),
    "and": N_(" and "),
    "you_win": N_("You win ({why})."),
    "wins": N_("{name} wins ({why})."),
    "record_unreadable": N_("The record could not be read: {text}"),
    "verified": N_("Verified: {message}."),
    "not_verified": N_("NOT verified: {message}"),
    "invite": N_("seat {n}"),
    # the page's fixed texts (index.html: the elements with data-t, data-t-placeholder, data-t-aria-label)
    "doc_title": N_("maumau_rules table"),
    "heading": N_("Card table"),
    "subheading": N_("Mau-Mau and Malilla on the maumau_rules example server"),
    "new_game": N_("New game"),
    "variant": N_("Variant"),
    "players": N_("Players"),
    "seats": N_("Seats"),
    "seat_you": N_("Seat 0: you"),
    "bots": N_("Computer players"),
    "start": N_("Start the game"),
    "shuffle_note": N_("The server shuffles with a secret seed and publishes its commitment before the deal; the "
                       "record it publishes at the end reveals the seed, and the page checks it against the "
                       "commitment. This command does the same on your machine:"),
    "commitment_line": N_("Commitment to the shuffle (SHA-256 of the server's secret seed, salt and setup, "
                          "published before the deal):"),
    "invites": N_("Send each person the link of their seat (it carries that seat's secret token):"),
    "legal_moves": N_("Your legal moves"),
    "move_text": N_("Move in notation"),
    "move_placeholder": N_("a card (rank and suit letter), draw, pass ..."),
    "send": N_("Send"),
    "game_over_title": N_("Game over"),
    "checking": N_("Checking the record against the commitment…"),
    "download_record": N_("Download the game record"),
    "download_views": N_("Download the views you received"),
    "check_yourself": N_("Check it yourself:"),
    "log": N_("What happened"),
}
"""The web table's own sentences (``static/table.js`` writes them), as catalog entries: ``GET /texts`` sends them
in the language of the request, and the script puts the values into the ``{...}`` fields."""


def page_texts() -> dict[str, str]:
    """:data:`PAGE_TEXTS` in the current language, with ``lang`` (its code) and ``dir`` (``ltr`` or ``rtl``).

    >>> with language("de"):
    ...     page_texts()["your_turn"], page_texts()["lang"]
    ('Du bist am Zug: klicke eine Karte oder einen Zug an.', 'de')
    """
    from maumau_rules.i18n import current_language

    return {**{key: _(text) for key, text in PAGE_TEXTS.items()}, "lang": current_language(), "dir": direction()}

PAGE_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                               "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Headers of the page: scripts from this server only (the pictures inlined in it can run none), and the
seat's token, which travels in the page's URL fragment, is never sent on as a referrer."""

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
    over INTEGER NOT NULL DEFAULT 0,
    bots TEXT NOT NULL DEFAULT '{}'
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
_SINCE: Final = re.compile(r"[0-9]{1,6}")
_WAIT: Final = re.compile(r"[0-9]{1,2}(\.[0-9]{1,3})?")


def _error(status: int, reason: str, message: str, rule_id: str = "", **extra: Any) -> JSONResponse:
    # the message in the client's language (Accept-Language, :class:`_Language`); the reason code and the rule ID are
    # the API, the same in every language
    return JSONResponse({"ok": False, "reason": reason, "rule_id": rule_id, "message": translate_message(message),
                         **extra}, status_code=status)


class _Language:
    """ASGI middleware: each request is answered in the language its ``Accept-Language`` header asks for (the
    library's messages, :func:`maumau_rules.i18n.negotiate_language`; English when it names none)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        header = next((v for k, v in scope.get("headers", ()) if k == b"accept-language"), b"")
        with language(negotiate_language(header.decode("latin-1"))):
            await self.app(scope, receive, send)


def _connect(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")  # an acknowledged move is on disk (see the module's docs)
    db.execute("PRAGMA busy_timeout=30000")
    return db


@dataclass(frozen=True)
class Limits:
    """The server's resource limits: operator settings, each a command-line option of :func:`main`.

    >>> Limits().header_timeout, Limits().max_resident_games
    (10.0, 1000)
    >>> Limits.from_json(Limits(create_burst=3).to_json()) == Limits(create_burst=3)
    True
    """

    header_timeout: float = 10.0
    """Seconds a connection has to deliver a complete request head, from connecting or from its last response."""
    body_timeout: float = 10.0
    """Seconds a request has to deliver its whole body, from the end of its head."""
    keep_alive: int = 5
    """Seconds an idle keep-alive connection stays open (uvicorn's ``timeout_keep_alive``)."""
    max_client_connections: int = 256
    """Connections one client address may hold open at once (per server process); more are answered 503."""
    max_resident_games: int = 1000
    """Games kept in memory; more are dropped (finished ones first) and read back from the database on use."""
    create_rate: float = 0.2
    """Games one client address may create per second, after its burst."""
    create_burst: int = 10
    """Games one client address may create at once."""
    global_create_rate: float = 20.0
    """Games all clients together may create per second (per server process), after the burst."""
    global_create_burst: int = 200
    """Games all clients together may create at once (per server process)."""

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if type(value) not in (int, float) or not math.isfinite(value) or value <= 0:
                raise ValueError(f"limit {name}={value!r} must be a positive finite number")
        for name in ("keep_alive", "max_client_connections", "max_resident_games", "create_burst",
                     "global_create_burst"):
            if type(getattr(self, name)) is not int:
                raise ValueError(f"limit {name}={getattr(self, name)!r} must be a whole number")

    def to_json(self) -> str:
        """The limits as JSON (for the worker processes, through ``$MAUMAU_LIMITS``)."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Limits:
        """The limits written by :meth:`to_json`."""
        return cls(**json.loads(text))


class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` per second; :meth:`take` one or learn how long to wait.

    >>> bucket = TokenBucket(rate=2.0, burst=2, now=0.0)
    >>> bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(0.5)
    (0.0, 0.0, 0.5, 0.0)
    """

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.level, self.stamp = rate, burst, float(burst), now

    def refill(self, now: float) -> float:
        """The tokens in the bucket at ``now``."""
        self.level = min(float(self.burst), self.level + max(0.0, now - self.stamp) * self.rate)
        self.stamp = max(self.stamp, now)
        return self.level

    def take(self, now: float) -> float:
        """Take a token: 0.0 if there was one, else the seconds until there is one (nothing is taken)."""
        if self.refill(now) >= 1.0:
            self.level -= 1.0
            return 0.0
        return (1.0 - self.level) / self.rate


class CreationLimit:
    """The limit on ``POST /games``: a token bucket per client address and one for the whole server process.

    The per-client buckets are bounded too: past ``max_clients`` addresses, full buckets (those of clients that
    have not created a game for a while, no different from a fresh one) are dropped, then the oldest.

    >>> limit = CreationLimit(Limits(create_burst=1, create_rate=1.0), clock=lambda: 0.0)
    >>> limit.admit("10.0.0.1"), limit.admit("10.0.0.1"), limit.admit("10.0.0.2")
    (None, ('client', 1.0), None)
    """

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic, max_clients: int = 10_000) -> None:
        self.limits = limits
        self.clock = clock
        self.max_clients = max_clients
        self.clients: dict[str, TokenBucket] = {}
        self.server = TokenBucket(limits.global_create_rate, limits.global_create_burst, clock())
        self.refused = 0

    def admit(self, client: str) -> tuple[str, float] | None:
        """Take a token for one game created by ``client``; ``None`` when admitted, else the scope of the limit
        that refused ("client" or "server") and the seconds to wait."""
        now = self.clock()
        bucket = self.clients.get(client)
        if bucket is None:
            if len(self.clients) >= self.max_clients:
                self._prune(now)
            bucket = self.clients[client] = TokenBucket(self.limits.create_rate, self.limits.create_burst, now)
        wait = bucket.take(now)
        if wait:
            self.refused += 1
            return "client", wait
        wait = self.server.take(now)
        if wait:
            bucket.level += 1.0  # the client's token goes back: the server refused, not the client's limit
            self.refused += 1
            return "server", wait
        return None

    def _prune(self, now: float) -> None:
        full = [c for c, b in self.clients.items() if b.refill(now) >= b.burst]
        for c in full:
            del self.clients[c]
        while len(self.clients) >= self.max_clients:
            del self.clients[next(iter(self.clients))]


def _raw_error(status: str, reason: str, message: str) -> bytes:
    """A whole HTTP/1.1 error response that closes the connection, for the protocol layer (no app involved)."""
    body = json.dumps({"ok": False, "reason": reason, "rule_id": "", "message": message}).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\nconnection: close\r\n"
            f"content-length: {len(body)}\r\n\r\n").encode() + body


_ACCEPT_LANGUAGE: Final = re.compile(rb"^accept-language[ \t]*:[ \t]*([^\r\n]*)", re.IGNORECASE | re.MULTILINE)
_HEAD_KEPT: Final = 8192  # bytes of a request head kept to find its Accept-Language (a longer head is refused anyway)


def head_language(head: bytes) -> str | None:
    """The catalog language the ``Accept-Language`` line of a (partial) request head asks for; ``None`` when the
    head has no such line yet.

    >>> head_language(b"GET / HTTP/1.1\\r\\nAccept-Language: el-GR, en;q=0.5\\r\\nX-Slow: "), head_language(b"GET /")
    ('el', None)
    """
    found = _ACCEPT_LANGUAGE.search(head)
    return None if found is None else negotiate_language(found.group(1).decode("latin-1"))


def timeout_answer(limit: float, lang: str) -> bytes:
    """The 408 answer (then the connection closes) to a request not received within ``limit`` seconds, in
    ``lang``: the request's own ``Accept-Language``, or the one its client last sent.

    >>> b'"the request was not received in time (limit 2 s)"' in timeout_answer(2.0, "en")
    True
    """
    with language(lang):
        message = _("the request was not received in time (limit {limit} s)").format(limit=f"{limit:g}")
    return _raw_error("408 Request Timeout", "request_timeout", message)


def busy_answer(limit: int, lang: str) -> bytes:
    """The 503 answer (then the connection closes) to a client address that already holds ``limit`` connections,
    in ``lang``: sent before the new connection says anything, so in the language of the client's requests on
    its other connections (:meth:`ClientConnections.language`).

    >>> b"has 3 connections open already" in busy_answer(3, "en")
    True
    """
    with language(lang):
        message = ngettext("this client address has {n} connection open already (the limit)",
                           "this client address has {n} connections open already (the limit)", limit).format(n=limit)
    return _raw_error("503 Service Unavailable", "too_many_connections", message)


class ClientConnections:
    """The connections open per client address in one server process, at most ``limit`` each, and the language
    each address asked for last (``Accept-Language``; kept while it has a connection open).

    >>> counts = ClientConnections(limit=1)
    >>> counts.open("10.0.0.1"), counts.open("10.0.0.1"), counts.open("10.0.0.2")
    (True, False, True)
    >>> counts.close("10.0.0.1"); counts.open("10.0.0.1")
    True
    >>> counts.heard("10.0.0.2", "de"); counts.language("10.0.0.2"), counts.language("10.0.0.1")
    ('de', 'en')
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open_now: dict[str, int] = {}
        self.languages: dict[str, str] = {}

    def heard(self, client: str, lang: str) -> None:
        """``client`` (which has a connection open) asked for ``lang`` in a request."""
        if client in self.open_now:
            self.languages[client] = lang

    def language(self, client: str) -> str:
        """The language ``client`` asked for last (English when it never said)."""
        return self.languages.get(client, "en")

    def open(self, client: str) -> bool:
        """Count a new connection of ``client``; ``False`` (and not counted) when it already has ``limit``."""
        n = self.open_now.get(client, 0)
        if n >= self.limit:
            return False
        self.open_now[client] = n + 1
        return True

    def close(self, client: str) -> None:
        """A counted connection of ``client`` closed."""
        n = self.open_now.get(client, 0) - 1
        if n > 0:
            self.open_now[client] = n
        else:
            self.open_now.pop(client, None)
            self.languages.pop(client, None)


class _RequestDeadlines(asyncio.Protocol):
    """What uvicorn lacks (its ``timeout_keep_alive`` restarts with every byte received): a deadline for a whole
    request head (``header_timeout`` from connecting or from the previous response) and for a whole body
    (``body_timeout`` from the end of the head). A connection that misses one is answered 408 (when it has sent
    part of a request) and closed. The deadline is off while the application has the request.

    Mixed in before uvicorn's HTTP protocol class; it reads the protocol's current request (``cycle``: a new
    object per request, ``more_body`` until the body is in, ``response_complete``), which both of uvicorn's
    HTTP/1.1 implementations keep.
    """

    cycle: Any
    transport: Any

    def __init__(self, *args: Any, header_timeout: float, body_timeout: float, clients: ClientConnections,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timeouts = {"head": header_timeout, "body": body_timeout}
        self._clients = clients
        self._client: str | None = None  # the address this connection is counted for
        self._phase = ""  # "head": waiting for a request head; "body": for its body; "": the app has it
        self._partial = False  # bytes of a request head arrived in this phase
        self._seen: object = None  # the request whose body the "body" phase waits for
        self._timer: asyncio.TimerHandle | None = None
        self._head = b""  # the bytes of the request head coming in (its first _HEAD_KEPT), for its Accept-Language
        self._language: str | None = None  # what this connection's last request head asked for

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        client = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not self._clients.open(client):
            self.transport.write(busy_answer(self._clients.limit, self._clients.language(client)))
            self.transport.close()
            return
        self._client = client
        self._enter("head", None)

    def data_received(self, data: bytes) -> None:
        if self._phase == "head" and len(self._head) < _HEAD_KEPT:
            self._head += data[:_HEAD_KEPT - len(self._head)]
        super().data_received(data)
        self._sync()
        if self._phase == "head":
            self._partial = True

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._sync()

    def connection_lost(self, exc: Exception | None) -> None:
        self._enter("", None)
        if self._client is not None:
            self._clients.close(self._client)
            self._client = None
        super().connection_lost(exc)

    def _sync(self) -> None:
        cycle = self.cycle
        if cycle is None or cycle.response_complete:
            phase = "head"
        elif cycle.more_body:
            phase = "body"
        else:
            phase = ""
        if phase != self._phase or (phase == "body" and cycle is not self._seen):
            self._enter(phase, cycle)

    def _enter(self, phase: str, cycle: object) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._phase == "head" and phase != "head" and self._head:
            self._heard(head_language(self._head))
        if phase != self._phase:
            self._head = b""
        self._phase, self._partial, self._seen = phase, False, cycle
        if phase and self.transport is not None and not self.transport.is_closing():
            self._timer = asyncio.get_running_loop().call_later(self._timeouts[phase], self._expired)

    def _expired(self) -> None:
        self._timer = None
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        cycle = self.cycle
        if (self._phase == "body" or self._partial) and (cycle is None or cycle.response_complete
                                                         or not cycle.response_started):
            if self._phase == "head":
                self._heard(head_language(self._head))
            lang = self._language or self._clients.language(self._client or "")
            transport.write(timeout_answer(self._timeouts[self._phase], lang))
        transport.close()

    def _heard(self, lang: str | None) -> None:
        """A request head of this connection asked for ``lang`` (``None``: it named no language)."""
        if lang is not None:
            self._language = lang
            if self._client is not None:
                self._clients.heard(self._client, lang)


class DeadlineH11Protocol(_RequestDeadlines, H11Protocol):
    """uvicorn's h11 protocol with the request deadlines of :class:`_RequestDeadlines`."""


if HttpToolsProtocol is not None:
    class DeadlineHttpToolsProtocol(_RequestDeadlines, HttpToolsProtocol):
        """uvicorn's httptools protocol with the request deadlines of :class:`_RequestDeadlines`."""


def http_protocol(limits: Limits, kind: str = "auto") -> Any:
    """uvicorn's ``http=`` setting for ``limits``: uvicorn's httptools protocol (``kind`` "auto" without
    httptools, or "h11": h11's) with the request deadlines and the per-client connection limit; a
    :func:`functools.partial`, so that it pickles for worker processes (each counts its own connections).

    >>> http_protocol(Limits(header_timeout=2), "h11").keywords["header_timeout"]
    2
    """
    if kind not in ("auto", "h11", "httptools"):
        raise ValueError(f"unknown HTTP implementation {kind!r} (auto, h11 or httptools)")
    if kind == "httptools" and HttpToolsProtocol is None:
        raise ValueError("the httptools HTTP implementation needs httptools (pip install httptools)")
    base = DeadlineH11Protocol if kind == "h11" or HttpToolsProtocol is None else DeadlineHttpToolsProtocol
    return functools.partial(base, header_timeout=limits.header_timeout, body_timeout=limits.body_timeout,
                             clients=ClientConnections(limits.max_client_connections))


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
                               "admin_token, bots) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", op[1])
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
        self.bots: dict[int, str] = {int(seat): kind for seat, kind in json.loads(row[6]).items()}
        """The seats the server plays, with the kind of bot (the web table's games; none for a plain game)."""
        self.state: GameState | None = None
        self.lock = asyncio.Lock()
        self.bot_players: dict[int, Bot] | None = None  # made the first time the bots move
        self.bot_task: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()  # set (and replaced) whenever this process stores a move of the game

    def moved(self) -> None:
        """Wake the requests that wait for this game to move on."""
        self.changed.set()
        self.changed = asyncio.Event()


class Store:
    """The games in one SQLite file, and at most ``max_resident`` of them in memory.

    Memory holds a cache only: the seed and the moves in the database are the game. Past the bound, a finished
    game is dropped first, else the least recently used one that no request holds the lock of; a dropped game is
    read back (and its moves replayed) when it is asked for again. A request that still holds a dropped game's
    object finishes with it: the turn check of every stored move (see :class:`Writer`) keeps it consistent with
    a request on the game's new object, as it does across server processes.
    """

    def __init__(self, path: str, seeds: Callable[[], FairSeed] = FairSeed.fresh, max_resident: int = 1000) -> None:
        self.path = path
        self.seeds = seeds
        db = _connect(path)
        db.executescript(SCHEMA)
        if "bots" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:  # a database of before the table
            db.execute("ALTER TABLE games ADD COLUMN bots TEXT NOT NULL DEFAULT '{}'")
        db.close()
        self.reader = _connect(path)
        self.writer = Writer(path)
        self.max_resident = max_resident
        self.games: OrderedDict[str, Game] = OrderedDict()  # least recently used first
        self.finished: OrderedDict[str, None] = OrderedDict()  # the resident games that are over, oldest first
        self.loaded = 0
        self.evicted = 0
        self.created = 0
        self.read_lock = threading.Lock()

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        with self.read_lock:
            return self.reader.execute(sql, args).fetchall()

    def prepare(self, variant: str, players: int) -> tuple[Variant, FairSeed]:
        """The variant and a fresh secret seed for a new game; raises :class:`MauMauError` for an unknown variant
        or a player count the variant does not allow."""
        v = find_variant(variant)
        fair = self.seeds().bind(FairSetup.game(v, players))  # the commitment binds the seed and the setup
        new_game(v, players, fair.game_seed)  # (refuses a player count the variant does not allow)
        return v, fair

    async def create(self, v: Variant, players: int, fair: FairSeed, bots: dict[int, str] | None = None
                     ) -> dict[str, Any]:
        """Store a new game (from :meth:`prepare`); return its ID, tokens and the seed's commitment. The seats in
        ``bots`` are the server's (with the kind of bot): their tokens are given to nobody (``null``)."""
        bots = bots or {}
        gid = secrets.token_urlsafe(12)
        tokens = [secrets.token_urlsafe(16) for _ in range(players)]
        admin = secrets.token_urlsafe(16)
        await self.writer.submit(("create", (gid, v.id, v.version, players, json.dumps(fair.to_json()),
                                             json.dumps(tokens), admin,
                                             json.dumps({str(seat): kind for seat, kind in sorted(bots.items())}))))
        self.created += 1
        answer = {"id": gid, "players": players, "tokens": [None if s in bots else t for s, t in enumerate(tokens)],
                  "admin_token": admin, "commitment": fair.commitment}
        if bots:
            answer["bots"] = sorted(bots)
        return answer

    def game(self, gid: str) -> Game | None:
        """The game ``gid`` (its fixed facts), or ``None``."""
        game = self.games.get(gid)
        if game is not None:
            self.games.move_to_end(gid)
            return game
        rows = self._read("SELECT variant, variant_version, players, fairness, tokens, admin_token, bots "
                          "FROM games WHERE id = ?", (gid,))
        if not rows:
            return None
        game = self.games[gid] = Game(gid, rows[0])
        self.loaded += 1
        self._evict()
        return game

    def _evict(self) -> None:
        """Drop games from memory until at most ``max_resident`` remain: finished ones first, then the least
        recently used; never one whose lock a request holds (then the bound is passed until it is released)."""
        while len(self.games) > self.max_resident:
            victim = next((g for g in self.finished if not self.games[g].lock.locked()), None)
            if victim is None:
                victim = next((g for g, game in self.games.items() if not game.lock.locked()), None)
            if victim is None:
                return
            del self.games[victim]
            self.finished.pop(victim, None)
            self.evicted += 1

    def stats(self) -> dict[str, int]:
        """The counters of ``GET /stats``."""
        return {"resident_games": len(self.games), "max_resident_games": self.max_resident,
                "games_loaded": self.loaded, "games_evicted": self.evicted, "games_created": self.created}

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
        if state.is_over and self.games.get(game.gid) is game:
            self.finished[game.gid] = None
        return state

    def moves(self, gid: str) -> list[tuple[int, str, str]]:
        """The stored moves of a game, in order: seat, move, time."""
        return self._read("SELECT seat, move, time FROM moves WHERE game_id = ? ORDER BY step", (gid,))

    def steps(self, game: Game, since: int, until: int) -> list[tuple[GameState, int, Move, GameState]]:
        """The game's steps ``since`` to ``until`` (turns), each as (state before, seat, move, state after): the
        stored moves replayed from the seed."""
        state = new_game(game.variant, game.players, game.seed)
        out = []
        for step, (seat, text, _time) in enumerate(self.moves(game.gid)[:until]):
            move = parse_move(text)
            after = apply(state, move, player=seat)
            if step >= since:
                out.append((state, seat, move, after))
            state = after
        return out


def _json_text(text: str) -> Response:
    """A 200 response with a JSON text written already (a view's: :func:`maumau_rules.notation.dumps`, which the
    view class's compiled encoder writes, instead of Starlette encoding its dict again)."""
    return Response(text.encode(), media_type="application/json")


def _token(request: Request) -> str:
    auth = request.headers.get("authorization", "")
    return auth[7:] if auth[:7].lower() == "bearer " else ""


def _same(a: str, b: str) -> bool:
    return bool(a) and hmac.compare_digest(a.encode(), b.encode())


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any] | JSONResponse:
    """The request's JSON object, read with the size limit enforced while the body streams in."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isascii() or not declared.isdigit():
            return _error(400, "malformed", _("the Content-Length header is not a number"))
        if len(declared) > 12 or int(declared) > limit:
            return _error(413, "too_large", _("request body of {value} bytes is too large (limit {limit})")
                                            .format(value=declared[:20], limit=limit))
    parts: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                return _error(413, "too_large", _("request body of more than {limit} bytes is too large (limit {limit})")
                                                .format(limit=limit))
            parts.append(chunk)
    except ClientDisconnect:
        return _error(400, "malformed", _("the client went away before the body was complete"))
    try:
        data = json.loads(b"".join(parts))
    except (ValueError, RecursionError):
        return _error(422, "malformed", _("the request body is not JSON (UTF-8)"))
    if not isinstance(data, dict):
        return _error(422, "malformed", _("the request body must be a JSON object"))
    return data


def _int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if type(value) is int else None


def _bots(data: dict[str, Any], players: int) -> dict[int, str] | str:
    """The bot seats a ``POST /games`` asks for (``"bots": [seat, ...]``, ``"bot": kind``), or what is wrong."""
    seats, kind = data.get("bots", []), data.get("bot", "heuristic")
    if not isinstance(seats, list) or any(type(s) is not int or not 0 <= s < players for s in seats) \
            or len(set(seats)) != len(seats):
        return _("bots must be a list of distinct seat numbers 0..{last}").format(last=players - 1)
    if seats and len(seats) >= players:
        return _("at least one seat must be left for a person")
    if kind not in table.BOT_KINDS:
        return _("bot must be one of {kinds}").format(kinds=", ".join(map(repr, table.BOT_KINDS)))
    return dict.fromkeys(seats, kind)


def create_app(db_path: str, *, seeds: Callable[[], FairSeed] = FairSeed.fresh, limits: Limits | None = None,
               bot_delay: float = 0.5) -> Starlette:
    """The Starlette application, storing games in the SQLite file ``db_path``.

    ``seeds`` makes each new game's secret seed: by default a fresh one from the OS CSPRNG. It is the
    operator's setting, never a client's (tests pass a fixed sequence to replay the same games). ``limits``
    bounds the games held in memory and the rate of game creation (the timeouts in it are the HTTP protocol's:
    see :func:`http_protocol`). ``bot_delay`` is the pause, in seconds, before each move of the server's bots
    (so that the people at a web table see one move at a time; 0 in tests).
    """
    limits = Limits() if limits is None else limits
    if not (math.isfinite(bot_delay) and 0 <= bot_delay <= 60):
        raise ValueError(f"bot_delay={bot_delay!r} must be 0 to 60 seconds")
    store = Store(db_path, seeds, limits.max_resident_games)
    creation = CreationLimit(limits)
    bot_tasks: set[asyncio.Task[None]] = set()  # (the event loop keeps only weak references to tasks)
    waiting = [0]  # table requests waiting for their game to move on

    async def record_move(game: Game, state: GameState, seat: int, move: Move, turn: int) -> GameState | JSONResponse:
        """Judge ``move`` of ``seat`` against the game's ``state`` (held under ``game.lock``) and store it: the new
        state, or the refusal.

        One validation: ``apply`` judges the move for the seat and the turn the client saw, and its refusal carries
        the verdict (no separate ``check`` first). A variant's own answer to a wrong card is kept: where R_WRONG_CARD
        penalizes (table play), the card goes back and the player draws, as at a real table."""
        try:
            new = apply(state, move, player=seat, turn=turn)
        except IllegalMoveError as exc:
            verdict = exc.verdict
            status = 409 if verdict.reason in CONFLICT_REASONS else 422
            return _error(status, verdict.reason.value, verdict.message, verdict.rule_id, turn=state.turn)
        now = _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")
        try:
            stored = await store.writer.submit(("move", game.gid, state.turn, seat, str(move), now, int(new.is_over)))
        except sqlite3.Error:
            game.state = None
            return _error(503, "unavailable", _("the move could not be stored; try again"))
        if not stored:  # another server process stored a move for this turn first
            game.state = None
            return _error(409, Reason.STALE_STATE.value,
                          _("move {move} was made against turn {turn}, but another move was stored for that turn "
                            "first").format(move=repr(str(move)), turn=turn), "R_TURN_ORDER", turn=turn + 1)
        game.state = new
        if new.is_over and store.games.get(game.gid) is game:
            store.finished[game.gid] = None
        game.moved()
        return new

    async def run_bots(game: Game) -> None:
        """Let the server's bots of ``game`` move, one move after another, until a person is to act or it is over.
        Each bot chooses from its own view; each move is judged and stored like a person's."""
        for _step in range(table.MAX_STEPS):
            await asyncio.sleep(bot_delay)
            async with game.lock:
                try:
                    state = store.current(game)
                except sqlite3.Error:
                    return
                if game.bot_players is None:
                    game.bot_players = table.make_bots(state, game.bots, secrets.randbits(32))
                try:
                    step = table.bot_move(state, game.bot_players)
                except MauMauError:  # (a bot that cannot choose: the game waits; the next table request tries again)
                    return
                if step is None:
                    return
                seat, move = step
                if isinstance(await record_move(game, state, seat, move, state.turn), JSONResponse):
                    return  # (not stored: a database error or a race with another process; the next request retries)

    def wake_bots(game: Game) -> None:
        """Start the bots of ``game`` moving, unless they are moving already."""
        if game.bots and (game.bot_task is None or game.bot_task.done()):
            task = game.bot_task = asyncio.get_running_loop().create_task(run_bots(game))
            bot_tasks.add(task)
            task.add_done_callback(bot_tasks.discard)

    async def create_game(request: Request) -> JSONResponse:
        data = await _body(request)
        if isinstance(data, JSONResponse):
            return data
        if "seed" in data:
            return _error(422, "seed_not_accepted", _("the server chooses every seed: a client-chosen seed would let its "
                                                      "sender know every card"))
        unknown = sorted(set(data) - {"variant", "players", "bots", "bot"})
        variant, players = data.get("variant", "standard"), _int(data, "players")
        if unknown or not isinstance(variant, str) or len(variant) > 100 or players is None:
            return _error(422, "malformed", _("expected {\"variant\": name, \"players\": n} (and \"bots\": [seats], "
                                            "\"bot\": kind)")
                          + (_("; unknown field(s) {fields}")
                             .format(fields=", ".join(map(repr, unknown))[:200]) if unknown else ""))
        try:
            v, fair = store.prepare(variant, players)
        except MauMauError as exc:
            return _error(422, "bad_game", str(exc))
        bots = _bots(data, players)
        if isinstance(bots, str):
            return _error(422, "malformed", bots)
        refused = creation.admit(request.client.host if request.client else "")  # (a bad request takes no token)
        if refused is not None:
            scope, wait = refused
            limit = (_("{burst} games at once and {rate} per second per client").format(
                burst=limits.create_burst, rate=format(limits.create_rate, "g"))
                if scope == "client" else _("{burst} games at once and {rate} per second for all clients").format(
                    burst=limits.global_create_burst, rate=format(limits.global_create_rate, "g")))
            retry = math.ceil(wait * 1000) / 1000
            answer = _error(429, "too_many_games", _("too many new games (limit {limit}); retry in {retry} s")
                                                   .format(limit=limit, retry=format(retry, 'g')),
                            scope=scope, retry_after=retry)
            answer.headers["Retry-After"] = str(max(1, math.ceil(wait)))
            return answer
        try:
            created = await store.create(v, players, fair, bots)
        except sqlite3.Error:
            return _error(503, "unavailable", _("the game could not be stored; try again"))
        if bots:
            game = store.game(created["id"])
            if game is not None:
                wake_bots(game)
        return JSONResponse(created, status_code=201)

    def _find(request: Request) -> Game | JSONResponse:
        gid = request.path_params["gid"]
        if not _GAME_ID.fullmatch(gid):
            return _error(404, "no_such_game", _("no such game (a game ID is 1-32 letters, digits, '-' or '_')"))
        game = store.game(gid)
        if game is None:
            return _error(404, "no_such_game", _("no game {gid}").format(gid=repr(gid)))
        return game

    def _seat_of(request: Request, game: Game) -> int | JSONResponse:
        """The ``seat`` query parameter, when the request's token is that seat's; else the error to answer."""
        seat_text = request.query_params.get("seat", "")
        if not _SEAT.fullmatch(seat_text) or int(seat_text) >= game.players:
            return _error(422, "malformed", _("seat must be a seat number 0..{last}").format(last=game.players - 1))
        seat = int(seat_text)
        if not _same(_token(request), game.tokens[seat]):
            return _error(403, "forbidden", _("this token does not belong to seat {seat}").format(seat=seat))
        return seat

    async def get_game(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        async with game.lock:
            state = store.current(game)
        return JSONResponse({"id": game.gid, "variant": game.variant, "variant_version": game.variant_version,
                             "players": game.players, "turn": state.turn, "over": state.is_over,
                             "commitment": game.fairness.commitment})

    async def get_view(request: Request) -> Response:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        seat = _seat_of(request, game)
        if isinstance(seat, JSONResponse):
            return seat
        async with game.lock:
            state = store.current(game)
        return _json_text(dumps(view(state, seat)))

    async def get_public(request: Request) -> Response:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        async with game.lock:
            state = store.current(game)
        return _json_text(dumps(public_view(state)))

    async def post_move(request: Request) -> Response:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        data = await _body(request)
        if isinstance(data, JSONResponse):
            return data
        unknown = sorted(set(data) - {"seat", "turn", "move"})
        seat, turn, text = _int(data, "seat"), _int(data, "turn"), data.get("move")
        if unknown or seat is None or turn is None or not isinstance(text, str):
            return _error(422, "malformed", _("expected {\"seat\": integer, \"turn\": integer, \"move\": notation}")
                          + (_("; unknown field(s) {fields}")
                             .format(fields=", ".join(map(repr, unknown))[:200]) if unknown else ""))
        if not 0 <= seat < game.players or not _same(_token(request), game.tokens[seat]):
            return _error(403, "forbidden", _("this token does not belong to that seat"))
        try:
            move = parse_move(text)
        except NotationError as exc:
            return _error(422, Reason.NOT_A_MOVE.value, str(exc))
        async with game.lock:  # one move of a game at a time in this process; other processes: see Writer
            new = await record_move(game, store.current(game), seat, move, turn)
        if isinstance(new, JSONResponse):
            return new
        wake_bots(game)
        return _json_text('{"ok": true, "view": ' + dumps(view(new, seat)) + "}")

    async def get_record(request: Request) -> JSONResponse:
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        token = _token(request)
        if not any(_same(token, t) for t in (*game.tokens, game.admin)):
            return _error(403, "forbidden", _("the record needs a token of this game"))
        async with game.lock:
            state = store.current(game)
            if not state.is_over:
                return _error(409, "game_running", _("the record reveals every card and the seed: it is published "
                                                     "when the game is over"))
            moves = store.moves(game.gid)
        record = GameRecord(
            variant=game.variant, variant_version=game.variant_version, players=game.players, seed=game.seed,
            moves=tuple(RecordedMove(parse_move(m), seat=s, time=t) for s, m, t in moves),
            result=RecordResult.of(state), fairness=game.fairness,
        )
        return JSONResponse(record.to_json())

    async def get_table(request: Request) -> JSONResponse:
        """The web table of one seat: its view, the picture of it, and what happened since turn ``since``."""
        game = _find(request)
        if isinstance(game, JSONResponse):
            return game
        seat = _seat_of(request, game)
        if isinstance(seat, JSONResponse):
            return seat
        since_text, wait_text = request.query_params.get("since", "0"), request.query_params.get("wait", "0")
        if not _SINCE.fullmatch(since_text) or not _WAIT.fullmatch(wait_text):
            return _error(422, "malformed", _("since must be a turn (a whole number) and wait a number of seconds"))
        since, wait = int(since_text), min(float(wait_text), MAX_WAIT)
        async with game.lock:
            state = store.current(game)
        wake_bots(game)  # (after a restart, or when the bots stopped on an error: they go on)
        deadline = time.monotonic() + wait
        waiting[0] += 1
        try:
            while state.turn <= since and not state.is_over and time.monotonic() < deadline:
                changed = game.changed
                with contextlib.suppress(TimeoutError):  # every second, look at the database too (other processes)
                    await asyncio.wait_for(changed.wait(), min(1.0, max(0.0, deadline - time.monotonic())))
                if await request.is_disconnected():  # (the page went away: do not hold the request, or a shutdown)
                    return _error(400, "malformed", _("the client went away"))
                async with game.lock:
                    state = store.current(game)
        finally:
            waiting[0] -= 1
        turn = state.turn
        steps = store.steps(game, min(since, turn), turn)
        names = table.seat_names(game.players, seat=seat, bots=game.bots, family=state.variant.family)
        last = steps[-1][2] if steps else None
        answer: dict[str, Any] = {
            "id": game.gid, "variant": game.variant, "variant_name": name_text(state.variant),
            "family": state.variant.family, "players": game.players, "seat": seat, "turn": turn,
            "over": state.is_over, "names": names, "bots": sorted(game.bots), "commitment": game.fairness.commitment,
            "view": view(state, seat).to_json(), "svg": table.table_svg(state, seat, names, last),
            "steps": [table.describe_step(b, m, s, a, viewer=seat, names=names) for b, s, m, a in steps],
        }
        return JSONResponse(answer)

    async def get_variants(request: Request) -> JSONResponse:
        return JSONResponse({"variants": table.variants_json(), "bots": list(table.BOT_KINDS)})

    async def post_verify(request: Request) -> JSONResponse:
        """Check a finished game's record (``maumau verify``, with the commitment and the views a seat kept): a
        pure function of the body, so it proves nothing the page could not check with ``maumau verify``."""
        data = await _body(request, MAX_VERIFY_BODY)
        if isinstance(data, JSONResponse):
            return data
        record, commitment, views = data.get("record"), data.get("commitment"), data.get("views", [])
        if sorted(set(data) - {"record", "commitment", "views"}) or not isinstance(record, dict) \
                or not isinstance(commitment, str) or not isinstance(views, list):
            return _error(422, "malformed", _("expected {\"record\": record, \"commitment\": hex, \"views\": [views]}"))
        try:
            rec = loads_record(json.dumps(record))
            kept = [from_json(v) for v in views]
        except (MauMauError, RecursionError) as exc:
            return _error(422, "malformed", _("not a record and views: {value}").format(value=str(exc)[:300]))
        violation = first_violation(rec)
        if violation is not None:
            return _error(422, "invalid_record", _("the record is not valid: {violation}").format(violation=violation))
        try:
            report = verify_record(rec, commitment=commitment, views=kept)
        except FairnessError as exc:
            return _error(422, "not_verified", str(exc))
        return JSONResponse({"ok": True, "commitment": report.commitment, "moves": report.moves,
                             "reshuffles": report.reshuffles, "views": report.views, "rounds": report.rounds,
                             "message": _("the deal and {reshuffles} reshuffle(s) came from the seed committed to at "
                                          "the start ({moves} moves replayed, {views} views this seat received "
                                          "checked against it)").format(reshuffles=report.reshuffles,
                                                                        moves=report.moves, views=report.views)})

    async def get_page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    async def get_texts(request: Request) -> JSONResponse:
        return JSONResponse(page_texts(), headers={"Vary": "Accept-Language", "Cache-Control": "no-cache"})

    async def get_stats(request: Request) -> JSONResponse:
        return JSONResponse({**store.stats(), "creations_refused": creation.refused, "tables_waiting": waiting[0],
                             "bots_moving": len(bot_tasks)})

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(404, "not_found", _("no such resource"))

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _error(405, "method_not_allowed", _("that method is not allowed here"))

    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {404: not_found, 405: not_allowed}
    return Starlette(middleware=[Middleware(_Language)], routes=[
        Route("/", get_page, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/variants", get_variants, methods=["GET"]),
        Route("/texts", get_texts, methods=["GET"]),
        Route("/verify", post_verify, methods=["POST"]),
        Route("/games/{gid}/table", get_table, methods=["GET"]),
        Route("/games", create_game, methods=["POST"]),
        Route("/games/{gid}", get_game, methods=["GET"]),
        Route("/games/{gid}/view", get_view, methods=["GET"]),
        Route("/games/{gid}/public", get_public, methods=["GET"]),
        Route("/games/{gid}/moves", post_move, methods=["POST"]),
        Route("/games/{gid}/record", get_record, methods=["GET"]),
        Route("/stats", get_stats, methods=["GET"]),
    ], exception_handlers=handlers)


def create_app_from_env() -> Starlette:
    """The application for ``uvicorn --factory`` (several worker processes): the database is ``$MAUMAU_DB``, the
    limits ``$MAUMAU_LIMITS`` (:meth:`Limits.to_json`; the defaults when it is not set), the bots' pause
    ``$MAUMAU_BOT_DELAY``."""
    text = os.environ.get("MAUMAU_LIMITS")
    return create_app(os.environ.get("MAUMAU_DB", "maumau-games.sqlite3"),
                      limits=Limits.from_json(text) if text else Limits(),
                      bot_delay=float(os.environ.get("MAUMAU_BOT_DELAY", "0.5")))


def _raise_open_files_limit() -> None:
    """Raise this process's soft limit on open files to its hard limit (each connection is a file descriptor;
    a soft limit of 1024 is common, and slow clients within their deadlines may hold that many)."""
    try:
        import resource
    except ImportError:  # pragma: no cover (not on Windows)
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):  # (a platform cap below the hard limit: keep the soft one)
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str] | None = None) -> None:
    """Run the server with uvicorn."""
    import uvicorn

    parser = argparse.ArgumentParser(description="Example Mau-Mau game server")
    parser.add_argument("--db", default="maumau-games.sqlite3")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=1, help="server processes sharing the database")
    parser.add_argument("--profile", default=None, metavar="FILE",
                        help="profile the server (one worker) with cProfile and write the stats to FILE on exit")
    defaults = Limits()
    limits = parser.add_argument_group("limits (docs/server.rst)")
    for name, kind, text in [
        ("header_timeout", float, "seconds to deliver a whole request head"),
        ("body_timeout", float, "seconds to deliver a whole request body, from the end of its head"),
        ("keep_alive", int, "seconds an idle keep-alive connection stays open"),
        ("max_client_connections", int, "connections one client address may hold open (per process)"),
        ("max_resident_games", int, "games kept in memory (more are read back from the database)"),
        ("create_rate", float, "games one client address may create per second, after its burst"),
        ("create_burst", int, "games one client address may create at once"),
        ("global_create_rate", float, "games all clients may create per second (per process), after the burst"),
        ("global_create_burst", int, "games all clients may create at once (per process)"),
    ]:
        limits.add_argument("--" + name.replace("_", "-"), type=kind, default=getattr(defaults, name),
                            help=f"{text} (default {getattr(defaults, name)})")
    parser.add_argument("--bot-delay", type=float, default=0.5,
                        help="seconds the server's bots at a web table pause before each move (default 0.5)")
    parser.add_argument("--http", choices=("auto", "h11", "httptools"), default="auto",
                        help="uvicorn's HTTP implementation (auto: httptools when installed, else h11)")
    args = parser.parse_args(argv)
    try:
        chosen = Limits(**{name: getattr(args, name) for name in asdict(defaults)})
        http = http_protocol(chosen, args.http)
        if not (math.isfinite(args.bot_delay) and 0 <= args.bot_delay <= 60):
            raise ValueError(f"--bot-delay {args.bot_delay:g} must be 0 to 60 seconds")
    except ValueError as exc:
        parser.error(str(exc))
    _raise_open_files_limit()
    # proxy_headers=False: a client's address (for the limits) is the socket's peer, never what a header says
    settings: dict[str, Any] = {"host": args.host, "port": args.port, "log_level": "warning", "http": http,
                                "timeout_keep_alive": chosen.keep_alive, "proxy_headers": False}
    if args.profile:
        import cProfile
        import signal

        server = uvicorn.Server(uvicorn.Config(create_app(args.db, limits=chosen, bot_delay=args.bot_delay),
                                               **settings))

        def finish(*_: object) -> None:
            server.should_exit = True

        with cProfile.Profile() as prof:
            loop = asyncio.new_event_loop()
            loop.add_signal_handler(signal.SIGTERM, finish)
            loop.run_until_complete(server._serve())  # without uvicorn's signal capture, so that the stats get written
        prof.dump_stats(args.profile)
    elif args.workers > 1:
        os.environ["MAUMAU_DB"] = args.db
        os.environ["MAUMAU_LIMITS"] = chosen.to_json()
        os.environ["MAUMAU_BOT_DELAY"] = repr(args.bot_delay)
        uvicorn.run("examples.server.app:create_app_from_env", factory=True, workers=args.workers, **settings)
    else:
        uvicorn.run(create_app(args.db, limits=chosen, bot_delay=args.bot_delay), **settings)


if __name__ == "__main__":
    main()
