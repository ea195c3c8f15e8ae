"""A real HTTP round trip: the example server under uvicorn on 127.0.0.1, random-bot clients over HTTP.

Checks: complete games are played; no response ever names a card the requesting seat may not see
(compared with the full state the server holds in SQLite); stale, out-of-turn, unauthenticated and
malformed requests are rejected with their reason codes; the stored record validates with
``maumau validate``.
"""

from __future__ import annotations

import itertools
import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server round trip needs starlette (pip install starlette uvicorn httpx)")
pytest.importorskip("uvicorn", reason="the server round trip needs uvicorn (pip install starlette uvicorn httpx)")
pytest.importorskip("httpx", reason="the server round trip needs httpx (pip install starlette uvicorn httpx)")

import httpx
import uvicorn

from examples.server.app import Limits, create_app
from examples.server.client import SeatClient, create_game
from maumau_rules import Card, GameState
from maumau_rules.cli_records import main as validate_main
from maumau_rules.fairness import FairSeed, verify_record
from maumau_rules.records import loads_record, replay
from tests.server._games import cards_in, stored_state, validate_json


class Server:
    """The example app served by uvicorn in a thread, on a free port of 127.0.0.1."""

    def __init__(self, db: Path, seeds: Callable[[], FairSeed] | None = None) -> None:
        self.db = db
        self.known: dict[str, GameState] = {}
        # proto=IPPROTO_TCP matters: asyncio sets TCP_NODELAY only on sockets that say they are TCP
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        # every test's client is 127.0.0.1 and creates many games: the creation limit is tested in test_issue23
        limits = Limits(create_burst=100_000, global_create_burst=100_000)
        app = create_app(str(db), limits=limits) if seeds is None else create_app(str(db), seeds=seeds, limits=limits)
        config = uvicorn.Config(app, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)
        self.sock.close()

    def state(self, game_id: str) -> GameState:
        """The full state as the server stores it: its seed and moves, read straight from SQLite, replayed (from
        the state this method last returned for the game, which the stored moves extend)."""
        state = self.known[game_id] = stored_state(self.db, game_id, self.known.get(game_id))
        return state


class FixedSeeds:
    """The server's seed source for these tests: each game's seed from ``label`` and a count, so that the same
    games are played on every run (the server's operator chooses the source; no client ever can)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.count = itertools.count()

    def __call__(self) -> FairSeed:
        return FairSeed(f"{self.label} {next(self.count)}".encode(), b"test salt")


SEEDS = FixedSeeds("roundtrip")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("server") / "games.sqlite3", SEEDS) as s:
        yield s


@pytest.fixture()
def http(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client


def assert_no_leak(res: httpx.Response, state: GameState, seat: int | None, named: set[Card] | None = None) -> None:
    """No card in the response that ``seat`` (``None``: a spectator) may not see in ``state``."""
    visible = set(state.discard) | (set(state.hands[seat]) if seat is not None else set()) | (named or set())
    leaked = cards_in(res.json()) - visible
    assert not leaked, f"response to seat {seat} names hidden cards {sorted(map(str, leaked))}: {res.text[:300]}"
    hidden = {c for i, h in enumerate(state.hands) if i != seat for c in h} | set(state.stock)
    for card in hidden - visible:
        assert str(card) not in res.text and f'"{card.ascii}"' not in res.text


def play_game(server: Server, http: httpx.Client, players: int, rng: random.Random) -> tuple[str, dict[str, Any]]:
    game = create_game(http, players)
    gid = game["id"]
    seats = [SeatClient(http, gid, i, t) for i, t in enumerate(game["tokens"])]
    rejections: dict[str, int] = {}
    for _ in range(5000):
        state = server.state(gid)
        public = http.get(f"/games/{gid}/public")
        assert public.status_code == 200
        validate_json(public.json())
        assert_no_leak(public, state, None)
        if state.is_over:
            break
        for seat, client in enumerate(seats):  # the seats look at the table, through their own eyes
            if seat != state.seat_to_act and rng.random() < 0.7:
                continue
            res = client.view()
            assert res.status_code == 200
            validate_json(res.json())
            assert_no_leak(res, state, seat)
        me = seats[state.seat_to_act]
        v = me.view().json()
        assert v["seat_to_act"] == me.seat and v["turn"] == state.turn and v["legal_moves"]
        # now and then, a bad request first; it must be rejected and change nothing
        if rng.random() < 0.15:
            kind, res = bad_request(rng, seats, me, v, state)
            rejections[kind] = rejections.get(kind, 0) + 1
            assert server.state(gid) == state
        move = rng.choice(v["legal_moves"])
        res = me.move(v["turn"], move)
        assert res.status_code == 200, res.text
        after = server.state(gid)
        assert after.turn == state.turn + 1
        assert_no_leak(res, after, me.seat)
        validate_json(res.json()["view"])
    assert server.state(gid).is_over
    return gid, game


def bad_request(rng: random.Random, seats: list[SeatClient], me: SeatClient, v: dict[str, Any],
                state: GameState) -> tuple[str, httpx.Response]:
    """Send one bad request; check its status and reason; return what kind it was."""
    other = seats[(me.seat + 1) % len(seats)]
    kind = rng.choice(["stale", "future", "out_of_turn", "wrong_token", "not_held", "malformed_move", "bad_json",
                       "bool_seat", "unknown_field"])
    named: set[Card] = set()
    if kind == "stale":
        res = me.move(v["turn"] - 1, v["legal_moves"][0])
        expect = (409, "stale_state")
    elif kind == "future":
        res = me.move(v["turn"] + 1, v["legal_moves"][0])
        expect = (409, "stale_state")
    elif kind == "out_of_turn":
        res = other.move(v["turn"], "draw")
        expect = (409, "not_your_turn")
    elif kind == "wrong_token":
        res = other.move(v["turn"], v["legal_moves"][0], seat=me.seat)
        expect = (403, "forbidden")
    elif kind == "not_held":
        foreign = next(c for h in state.hands if h is not state.hands[me.seat] for c in h
                       if c not in state.hands[me.seat])
        named = {foreign}
        res = me.move(v["turn"], foreign.ascii)
        expect = (422, "card_not_in_hand")
    elif kind == "malformed_move":
        res = me.move(v["turn"], "7x>?")
        expect = (422, "not_a_move")
    elif kind == "bad_json":
        res = me.http.post(f"/games/{me.game_id}/moves", content=b"{not json", headers=me.headers)
        expect = (422, "malformed")
    elif kind == "bool_seat":
        body: dict[str, Any] = {"seat": True, "turn": v["turn"], "move": v["legal_moves"][0]}
        res = me.http.post(f"/games/{me.game_id}/moves", json=body, headers=me.headers)
        expect = (422, "malformed")
    else:
        body = {"seat": me.seat, "turn": v["turn"], "move": v["legal_moves"][0], "force": True}
        res = me.http.post(f"/games/{me.game_id}/moves", json=body, headers=me.headers)
        expect = (422, "malformed")
    assert (res.status_code, res.json()["reason"]) == expect, (kind, res.text)
    if res.json()["reason"] in ("stale_state", "not_your_turn", "card_not_in_hand"):
        assert res.json()["rule_id"].startswith("R_")
    assert_no_leak(res, state, me.seat, named)
    return kind, res


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 42), (4, 7),
                                               pytest.param(5, 2024, marks=pytest.mark.nox_session("integration"))])
def test_complete_games_over_http(server: Server, http: httpx.Client, tmp_path: Path, players: int,
                                  seed: int) -> None:
    SEEDS.label, SEEDS.count = f"rt-a {players}", itertools.count()  # the same game on every run
    gid, game = play_game(server, http, players, random.Random(seed))
    # the record needs a token of the game: it reveals every card
    assert http.get(f"/games/{gid}/record").status_code == 403
    res = http.get(f"/games/{gid}/record", headers={"Authorization": f"Bearer {game['admin_token']}"})
    assert res.status_code == 200
    validate_json(res.json())
    record = loads_record(res.text)
    assert list(replay(record))[-1] == server.state(gid)
    assert verify_record(record, commitment=game["commitment"]).moves == len(record.moves)
    assert all(m.time is not None and m.seat is not None for m in record.moves)
    path = tmp_path / f"{gid}.json"
    path.write_text(json.dumps(res.json(), ensure_ascii=False), encoding="utf-8")
    assert validate_main(["validate", str(path)]) == 0


def test_requests_that_are_rejected(server: Server, http: httpx.Client) -> None:
    game = create_game(http, 3)
    gid = game["id"]
    seat0 = SeatClient(http, gid, 0, game["tokens"][0])
    assert http.get(f"/games/{gid}/view", params={"seat": 0}).status_code == 403  # no token
    assert seat0.http.get(f"/games/{gid}/view", params={"seat": 1}, headers=seat0.headers).status_code == 403
    for bad in ("x", "-1", "3", ""):
        assert http.get(f"/games/{gid}/view", params={"seat": bad}, headers=seat0.headers).status_code == 422
    assert http.get("/games/nope/public").status_code == 404
    assert http.post("/games", json={"variant": "uno", "players": 3}).json()["reason"] == "bad_game"
    assert http.post("/games", json={"variant": "standard", "players": 9}).status_code == 422
    assert http.post("/games", json={"players": "3"}).status_code == 422
    big = {"seat": 0, "turn": 0, "move": "x" * 10_000}
    assert http.post(f"/games/{gid}/moves", json=big, headers=seat0.headers).status_code == 413
    bodies: list[Any] = [[], "draw", {"seat": 0, "turn": "0", "move": "draw"}, {"seat": 0, "turn": 0, "move": 7}]
    for body in bodies:
        res = http.post(f"/games/{gid}/moves", json=body, headers=seat0.headers)
        assert (res.status_code, res.json()["reason"]) == (422, "malformed")
    assert server.state(gid).turn == 0


def test_two_answers_to_the_same_turn(server: Server, http: httpx.Client) -> None:
    """Two copies of the same move sent at once: exactly one is accepted, the other is stale."""
    game = create_game(http, 2)
    gid = game["id"]
    state = server.state(gid)
    seat = state.seat_to_act
    me = SeatClient(http, gid, seat, game["tokens"][seat])
    move = str(state.legal_moves()[0])
    results: list[int] = []

    def send() -> None:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            results.append(SeatClient(c, gid, seat, game["tokens"][seat]).move(0, move).status_code)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409, 409, 409]
    assert server.state(gid).turn == 1
    assert me.view().json()["turn"] == 1
