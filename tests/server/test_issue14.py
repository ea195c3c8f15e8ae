"""The example server against the findings of issue 14's review, each on the real server.

Seeds come from the server only; nobody can read a running game's hidden cards (the creator included); the
record with the revealed seed is readable once the game is over and proves the deal; bodies are limited while
they stream; every bad parameter is a 4xx; with two worker processes the loser of a race gets 409; no
acknowledged move is lost over kill -9 while loaded.
"""

from __future__ import annotations

import importlib.util
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server tests need starlette (pip install starlette uvicorn httpx)")
pytest.importorskip("uvicorn", reason="the server tests need uvicorn (pip install starlette uvicorn httpx)")
pytest.importorskip("httpx", reason="the server tests need httpx (pip install starlette uvicorn httpx)")

import httpx

from examples.server.app import MAX_BODY
from examples.server.client import SeatClient, create_game
from maumau_rules import Card
from maumau_rules.fairness import verify_record
from maumau_rules.records import loads_record
from tests.server._games import cards_in, stored_state
from tests.server.test_server_roundtrip import Server

ROOT = Path(__file__).resolve().parents[2]


def _load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("server_load", ROOT / "bench" / "server_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["server_load"] = module
    spec.loader.exec_module(module)
    return module


BENCH = _load_bench()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("server14") / "games.sqlite3") as s:
        yield s


@pytest.fixture()
def http(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client


def _finish(server: Server, http: httpx.Client, game: dict[str, Any], rng: random.Random) -> None:
    """Play the game to its end with random legal moves."""
    seats = [SeatClient(http, game["id"], i, t) for i, t in enumerate(game["tokens"])]
    for _ in range(5000):
        pub = http.get(f"/games/{game['id']}/public").json()
        if pub["end"] is not None:
            return
        me = seats[pub["seat_to_act"]]
        v = me.view().json()
        assert me.move(v["turn"], rng.choice(v["legal_moves"])).status_code == 200
    raise AssertionError("the game did not end")  # pragma: no cover


def test_a_client_chosen_seed_is_refused(http: httpx.Client) -> None:
    """Finding 2: ``POST /games`` accepted a client-chosen seed (its sender then knew every card)."""
    res = http.post("/games", json={"variant": "standard", "players": 2, "seed": 42})
    assert (res.status_code, res.json()["reason"]) == (422, "seed_not_accepted")
    a, b = create_game(http, 3), create_game(http, 3)
    assert a["commitment"] != b["commitment"]


def test_the_creator_cannot_see_a_running_game(server: Server, http: httpx.Client) -> None:
    """Finding 2: the creator's admin token read ``GET /games/{id}/record`` mid-game, seed included."""
    game = create_game(http, 3)
    gid, admin = game["id"], {"Authorization": f"Bearer {game['admin_token']}"}
    seat0 = {"Authorization": f"Bearer {game['tokens'][0]}"}
    for headers in (admin, seat0, {}):
        res = http.get(f"/games/{gid}/record", headers=headers)
        assert res.status_code in (403, 409) and res.json()["reason"] in ("forbidden", "game_running")
        assert "server_seed" not in res.text and "\"seed\"" not in res.text and "fairness" not in res.text
    assert http.get(f"/games/{gid}/record", headers=admin).json()["reason"] == "game_running"
    for seat in range(3):  # the admin token is no seat's token
        assert http.get(f"/games/{gid}/view", params={"seat": seat}, headers=admin).status_code == 403
    info = http.get(f"/games/{gid}").json()
    assert info["commitment"] == game["commitment"] and set(info) == {"id", "variant", "variant_version", "players",
                                                                       "turn", "over", "commitment"}
    state = server.state(gid)
    hidden = {c for h in state.hands for c in h} | set(state.stock)
    for path in (f"/games/{gid}", f"/games/{gid}/public"):
        assert not (cards_in(http.get(path, headers=admin).json()) & hidden)
    _finish(server, http, game, random.Random(3))
    res = http.get(f"/games/{gid}/record", headers=admin)
    assert res.status_code == 200 and "fairness" in res.json()
    record = loads_record(res.text)
    report = verify_record(record, commitment=game["commitment"])
    assert report.moves == len(record.moves) and record.seed == report.game_seed
    assert http.get(f"/games/{gid}/record", headers=seat0).status_code == 200  # every seat can verify


def _raw(server: Server, data: bytes, *, wait: float = 5.0) -> tuple[bytes, socket.socket]:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=wait)
    sock.sendall(data)
    return sock.recv(65536), sock


def test_the_body_limit_holds_while_the_body_streams(server: Server, http: httpx.Client) -> None:
    """Finding 3: the server read the whole body before checking ``MAX_BODY``; now it answers 413 as soon as
    the limit is passed, while the client is still sending (here: a chunked body that never ends)."""
    gid = create_game(http, 2)["id"]
    head = (f"POST /games/{gid}/moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode()
    chunk = b"1000\r\n" + b" " * 4096 + b"\r\n"
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    try:
        sock.sendall(head + chunk * 3)  # 12 KiB of a body that is never finished
        answer = sock.recv(65536)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    answer, sock = _raw(server, f"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: {10**12}\r\n\r\n".encode())
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert MAX_BODY == 4096


BAD_REQUESTS: list[tuple[str, str, Any]] = [
    ("GET", "/games/{gid}/view?seat=%C2%B2", None),  # '²' is a digit to str.isdigit, not to int()
    ("GET", "/games/{gid}/view?seat=%D9%A3", None),  # an Arabic-Indic three
    ("GET", "/games/{gid}/view?seat=99999999999999999999999", None),
    ("GET", "/games/{gid}/view?seat=-0", None),
    ("GET", "/games/{gid}/view", None),
    ("GET", "/games/%F0%9F%83%8F/view?seat=0", None),
    ("GET", "/games/" + "x" * 3000 + "/public", None),
    ("GET", "/games/{gid}/record", None),
    ("GET", "/nowhere", None),
    ("DELETE", "/games/{gid}", None),
    ("POST", "/games", {"players": 10**30}),
    ("POST", "/games", {"players": True}),
    ("POST", "/games", {"players": 2, "variant": ["standard"]}),
    ("POST", "/games", {"players": 2, "variant": "x" * 3000}),
    ("POST", "/games", {"players": 2, "extra": 1}),
    ("POST", "/games", b"\xff\xfe not utf-8"),
    ("POST", "/games", b"[" * 3000 + b"]" * 3000),
    ("POST", "/games", b'{"players": 1' + b"0" * 5000 + b"}"),
    ("POST", "/games/{gid}/moves", {"seat": 10**40, "turn": 0, "move": "draw"}),
    ("POST", "/games/{gid}/moves", {"seat": 0, "turn": 10**40, "move": "draw"}),
    ("POST", "/games/{gid}/moves", {"seat": 0, "turn": 0, "move": "draw" * 100}),
    ("POST", "/games/{gid}/moves", {"seat": 0, "turn": 0, "move": None}),
    ("POST", "/games/{gid}/moves", b"null"),
]


@pytest.mark.parametrize(("method", "path", "body"), BAD_REQUESTS, ids=[f"{m} {p[:40]} {str(b)[:30]}" for m, p, b
                                                                        in BAD_REQUESTS])
def test_every_bad_parameter_is_a_4xx_with_a_reason(http: httpx.Client, method: str, path: str, body: Any) -> None:
    """Finding 4: ``?seat=%C2%B2`` answered 500; every bad parameter must be a 4xx with a reason."""
    game = create_game(http, 2)
    headers = {"Authorization": f"Bearer {game['tokens'][0]}"}
    kwargs: dict[str, Any] = {"headers": headers}
    if isinstance(body, bytes):
        kwargs["content"] = body
    elif body is not None:
        kwargs["json"] = body
    res = http.request(method, path.replace("{gid}", game["id"]), **kwargs)
    assert 400 <= res.status_code < 500, res.text[:300]
    assert res.json()["reason"] and res.json()["message"]


def _start(db: Path, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = BENCH.free_port()
    return BENCH.start_server(db, port, workers), port


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        proc.wait()


@pytest.mark.slow
def test_two_workers_the_loser_of_a_race_gets_409(tmp_path: Path) -> None:
    """Finding 4: with two server processes the losing racer of a turn got 500 instead of 409."""
    proc, port = _start(tmp_path / "games.sqlite3", workers=2)
    statuses: list[int] = []
    try:
        url = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=url, timeout=20) as http:
            game = create_game(http, 2)
            gid = game["id"]
            for _ in range(4):  # four turns, sixteen racers each
                pub = http.get(f"/games/{gid}/public").json()
                seat = pub["seat_to_act"]
                v = SeatClient(http, gid, seat, game["tokens"][seat]).view().json()
                move = v["legal_moves"][0]
                barrier = threading.Barrier(16)
                got: list[int] = []

                def race(v: dict[str, Any] = v, move: str = move, seat: int = seat,
                         barrier: threading.Barrier = barrier, got: list[int] = got) -> None:
                    with httpx.Client(base_url=url, timeout=20) as c:
                        client = SeatClient(c, gid, seat, game["tokens"][seat])
                        barrier.wait()
                        got.append(client.move(v["turn"], move).status_code)

                threads = [threading.Thread(target=race) for _ in range(16)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                statuses += got
                assert sorted(got) == [200] + [409] * 15, got
                assert http.get(f"/games/{gid}").json()["turn"] == v["turn"] + 1
        assert stored_state(tmp_path / "games.sqlite3", gid).turn == 4
    finally:
        _stop(proc)
    assert 500 not in statuses


@pytest.mark.slow(seconds=11)
@pytest.mark.nox_session("integration")
def test_no_acknowledged_move_is_lost_over_kill_9_while_loaded() -> None:
    """Finding 5's durability half: kill -9 the loaded server again and again; every move it acknowledged is
    stored (SQLite WAL, synchronous=FULL, group commit)."""
    args = BENCH.argparse.Namespace(games=12, seconds=5.0, max_moves=10**6, workers=1, kill_every=1.2, json=True,
                                    profile=None)
    result = BENCH.asyncio.run(BENCH.run(args))
    assert result["kills"] >= 2 and result["moves"] > 100, result
    assert result["acknowledged_moves_lost"] == 0, result
    assert not {k: n for k, n in result["errors"].items() if not k.startswith("move 409")}, result


def test_the_load_script_runs_bounded() -> None:
    """The benchmark of docs/server.rst runs (briefly here) with no errors and no lost move."""
    args = BENCH.argparse.Namespace(games=5, seconds=2.0, max_moves=300, workers=1, kill_every=0.0, json=True,
                                    profile=None)
    result = BENCH.asyncio.run(BENCH.run(args))
    assert result["moves"] > 0 and result["errors"] == {} and result["acknowledged_moves_lost"] == 0, result


def test_no_view_names_a_hidden_card_of_a_running_game(server: Server, http: httpx.Client) -> None:
    """Whatever token asks, no answer about a running game names a card hidden from that token's seat."""
    game = create_game(http, 3)
    gid = game["id"]
    state = server.state(gid)
    tokens = [*game["tokens"], game["admin_token"], "nonsense"]
    for token in tokens:
        headers = {"Authorization": f"Bearer {token}"}
        mine = game["tokens"].index(token) if token in game["tokens"] else None
        visible: set[Card] = set(state.discard) | (set(state.hands[mine]) if mine is not None else set())
        for path in (f"/games/{gid}", f"/games/{gid}/public", f"/games/{gid}/record",
                     *(f"/games/{gid}/view?seat={s}" for s in range(3))):
            res = http.get(path, headers=headers)
            assert not (cards_in(res.json()) - visible), (token, path, res.text[:200])
    time.sleep(0)
