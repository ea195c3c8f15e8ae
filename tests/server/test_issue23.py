"""The example server against part 5 of issue 23, each on the real server process (uvicorn on 127.0.0.1).

Slow clients (slowloris) are cut off after the configured deadlines while a normal client is served; one client
address cannot hold more than its share of connections; the games held in memory stay at their bound, and a
game dropped from memory comes back from the database intact; game creation is limited per client address and
for the whole server, with 429 and a JSON reason.
"""

from __future__ import annotations

import asyncio
import doctest
import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server tests need starlette (pip install starlette uvicorn httpx)")
pytest.importorskip("uvicorn", reason="the server tests need uvicorn (pip install starlette uvicorn httpx)")
pytest.importorskip("httpx", reason="the server tests need httpx (pip install starlette uvicorn httpx)")

import httpx

from examples.server import app as server_app
from examples.server.client import SeatClient, create_game
from maumau_rules.fairness import verify_record
from maumau_rules.records import loads_record
from tests.server._games import stored_state
from tests.server.test_issue14 import BENCH, _stop

HOST = "127.0.0.1"
OTHER = "127.0.0.2"  # another client's address: Linux routes all of 127.0.0.0/8 to the loopback interface


@contextmanager
def server(tmp_path: Path, *options: str) -> Iterator[tuple[str, int]]:
    """The example server as a child process with ``options``; its URL and port."""
    port = BENCH.free_port()
    proc = BENCH.start_server(tmp_path / "games.sqlite3", port, 1, None, list(options))
    try:
        yield f"http://{HOST}:{port}", port
    finally:
        _stop(proc)


def stats(http: httpx.Client) -> dict[str, int]:
    res = http.get("/stats")
    assert res.status_code == 200
    answer: dict[str, int] = res.json()
    return answer


def test_the_server_module_doctests() -> None:
    """The limits' docstring examples (examples/ is outside the doctest paths of the suite)."""
    result = doctest.testmod(server_app, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0, result


async def _slow(port: int, kind: str, drip: float, hold: float, source: str = HOST,
                connected: list[int] | None = None) -> tuple[float, bytes]:
    """A slow client: a partial request head or a whole head and a partial body (``kind``), then one more byte
    every ``drip`` seconds; how long until the server closed the connection, and what it answered. Once
    connected, it appends to ``connected``."""
    started = time.monotonic()
    reader, writer = await asyncio.open_connection(HOST, port, local_addr=(source, 0))
    if connected is not None:
        connected.append(1)
    if kind == "head":
        writer.write(b"GET /stats HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    elif kind == "body":
        writer.write(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 4000\r\n\r\n{")
    answer = b""
    try:
        while time.monotonic() - started < hold:
            try:
                chunk = await asyncio.wait_for(reader.read(4096), drip)
            except TimeoutError:
                if kind != "silent":
                    writer.write(b"x")
                continue
            if not chunk:
                break
            answer += chunk
    except ConnectionError:
        pass
    finally:
        writer.close()
    return time.monotonic() - started, answer


async def _normal_client(url: str, rounds: int) -> list[float]:
    """Create a game, read its view and play a move, ``rounds`` times; the seconds each request took."""
    took: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        for _ in range(rounds):
            t = time.monotonic()
            game = (await http.post("/games", json={"players": 2})).json()
            took.append(time.monotonic() - t)
            gid, tokens = game["id"], game["tokens"]
            t = time.monotonic()
            seat = (await http.get(f"/games/{gid}/public")).json()["seat_to_act"]
            took.append(time.monotonic() - t)
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            t = time.monotonic()
            view = (await http.get(f"/games/{gid}/view", params={"seat": seat}, headers=headers)).json()
            took.append(time.monotonic() - t)
            t = time.monotonic()
            res = await http.post(f"/games/{gid}/moves", headers=headers,
                                  json={"seat": seat, "turn": view["turn"], "move": view["legal_moves"][0]})
            took.append(time.monotonic() - t)
            assert res.status_code == 200, res.text
    return took


@pytest.mark.slow(seconds=6)
def test_slow_clients_are_cut_off_while_others_are_served(tmp_path: Path) -> None:
    """Finding: no timeout on unfinished heads or bodies, so slow connections stayed open for as long as their
    senders liked (until the server ran out of file descriptors). Now 300 slow connections, trickling a byte
    every 0.2 s, are each answered 408 and closed when their deadline passes, and a normal client is served
    meanwhile, well before any of them is cut off (a few ms a request on an idle machine)."""
    timeout, n = 2.0, 300

    async def attack(url: str, port: int) -> tuple[list[tuple[str, float, bytes]], list[float]]:
        await _normal_client(url, 1)  # the server's first game (a cold start: imports, the variant compiled)
        kinds = ["head", "body"] * (n // 2) + ["silent"] * 10
        connected: list[int] = []
        slow = [asyncio.create_task(_slow(port, kind, 0.2, timeout + 5, OTHER, connected)) for kind in kinds]
        while len(connected) < len(kinds):
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.25)  # all connected and trickling
        took = await _normal_client(url, 3)
        ends = await asyncio.gather(*slow)
        return [(k, life, answer) for k, (life, answer) in zip(kinds, ends, strict=True)], took

    with server(tmp_path, "--header-timeout", str(timeout), "--body-timeout", str(timeout), "--keep-alive", "1",
                "--max-client-connections", "400") as (url, port):
        ends, took = asyncio.run(attack(url, port))
        with httpx.Client(base_url=url, timeout=10) as http:
            assert stats(http)["games_created"] == 4
    assert max(took) < timeout / 2, took  # served while the 310 slow connections were open (ms each, unloaded)
    for kind, life, answer in ends:
        assert timeout - 0.25 <= life <= timeout + 2.5, (kind, life)  # cut off at the deadline, not before
        if kind == "silent":  # nothing sent: closed without an answer, like an idle keep-alive connection
            assert answer == b"", answer
        else:
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 408 "), answer[:200]
            assert json.loads(body)["reason"] == "request_timeout"


@pytest.mark.slow(seconds=4)
@pytest.mark.parametrize("http_impl", ["h11", "httptools"])
def test_each_phase_of_a_request_has_its_deadline(tmp_path: Path, http_impl: str) -> None:
    """With either of uvicorn's HTTP/1.1 implementations: the head deadline runs from connecting and from the
    previous response on a kept-alive connection, the body deadline from the end of the head, and neither cuts
    off a request the application is working on or a client that keeps to them."""
    if http_impl == "httptools":
        pytest.importorskip("httptools")
    timeout = 1.0

    async def scenario(port: int) -> dict[str, tuple[float, bytes]]:
        async def kept_alive() -> tuple[float, bytes]:
            reader, writer = await asyncio.open_connection(HOST, port)
            got = b""
            for _ in range(3):  # three prompt requests over 1.8 s: each within its own deadline
                await asyncio.sleep(0.6)
                writer.write(b"GET /stats HTTP/1.1\r\nHost: x\r\n\r\n")
                got += await reader.readuntil(b"}")
            started = time.monotonic()  # the head deadline runs from the last response
            await asyncio.sleep(0.6)
            writer.write(b"GET /stats HTTP/1.1\r\nHost: x\r\n")  # a fourth head, never finished
            rest = await asyncio.wait_for(reader.read(), timeout + 3)
            writer.close()
            return time.monotonic() - started, got + rest

        async def slow_but_in_time() -> tuple[float, bytes]:
            started = time.monotonic()
            reader, writer = await asyncio.open_connection(HOST, port)
            body = json.dumps({"players": 2}).encode()
            for part in (b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n",
                         f"Content-Length: {len(body)}\r\n\r\n".encode(), body[:5], body[5:]):
                writer.write(part)
                await asyncio.sleep(0.2)  # head in 0.4 s, body in 0.4 s more: within both deadlines
            answer = await asyncio.wait_for(reader.readuntil(b"}"), timeout + 3)
            writer.close()
            return time.monotonic() - started, answer

        names = ["head", "body", "kept_alive", "in_time"]
        results = await asyncio.gather(_slow(port, "head", 0.1, timeout + 4), _slow(port, "body", 0.1, timeout + 4),
                                       kept_alive(), slow_but_in_time())
        return dict(zip(names, results, strict=True))

    with server(tmp_path, "--http", http_impl, "--header-timeout", str(timeout), "--body-timeout", str(timeout),
                "--keep-alive", "5") as (_url, port):
        got = asyncio.run(scenario(port))
    for name in ("head", "body", "kept_alive"):
        life, answer = got[name]
        assert timeout - 0.25 <= life <= timeout + 2.5, (name, life)
        assert b"HTTP/1.1 408 Request Timeout" in answer and b'"request_timeout"' in answer, (name, answer[-300:])
    assert got["kept_alive"][1].count(b"HTTP/1.1 200 OK") == 3
    life, answer = got["in_time"]
    assert answer.startswith(b"HTTP/1.1 201 "), answer[:200]


@pytest.mark.slow(seconds=3)
def test_one_address_cannot_take_every_connection(tmp_path: Path) -> None:
    """Timeouts alone let one client that reconnects fast enough keep the server's file descriptors busy; a
    client address may hold ``--max-client-connections`` at once, and the next one is answered 503 at once,
    while another address is served."""
    cap = 40

    async def scenario(port: int, url: str) -> tuple[list[bytes], list[float]]:
        conns = [await asyncio.open_connection(HOST, port, local_addr=(OTHER, 0)) for _ in range(cap)]
        await asyncio.sleep(0.2)
        extra = [await asyncio.open_connection(HOST, port, local_addr=(OTHER, 0)) for _ in range(5)]
        answers = [await asyncio.wait_for(r.read(), 3) for r, _ in extra]
        took = await _normal_client(url, 1)
        for _, w in conns + extra:
            w.close()
        await asyncio.sleep(0.3)
        again = await asyncio.open_connection(HOST, port, local_addr=(OTHER, 0))  # the count went down again
        again[1].write(b"GET /stats HTTP/1.1\r\nHost: x\r\n\r\n")
        answers.append(await asyncio.wait_for(again[0].readuntil(b"}"), 3))
        again[1].close()
        return answers, took

    with server(tmp_path, "--max-client-connections", str(cap)) as (url, port):
        answers, took = asyncio.run(scenario(port, url))
    for answer in answers[:-1]:
        assert answer.startswith(b"HTTP/1.1 503 ") and b'"too_many_connections"' in answer, answer[:200]
    assert answers[-1].startswith(b"HTTP/1.1 200 "), answers[-1][:200]
    assert max(took) < 1.0, took


def _seat_view(http: httpx.Client, game: dict[str, Any], seat: int) -> dict[str, Any]:
    res = SeatClient(http, game["id"], seat, game["tokens"][seat]).view()
    assert res.status_code == 200, res.text
    view: dict[str, Any] = res.json()
    return view


@pytest.mark.slow(seconds=7)
def test_the_games_in_memory_stay_at_their_bound_and_come_back_intact(tmp_path: Path) -> None:
    """Finding: every game read stayed in memory. With ``--max-resident-games 4``, reading 40 games keeps 4
    in memory; a game dropped from memory and read again shows the same views, and can be played to its end
    while it is dropped between every two moves; its record proves the deal."""
    bound, n = 4, 40
    with server(tmp_path, "--max-resident-games", str(bound), "--create-burst", "1000") as (url, _port), \
            httpx.Client(base_url=url, timeout=10) as http:
        games = [create_game(http, 2 + i % 3) for i in range(n)]
        assert stats(http)["resident_games"] == 0  # creating a game does not load it
        first: dict[str, list[dict[str, Any]]] = {}
        for i, game in enumerate(games):
            views = [_seat_view(http, game, seat) for seat in range(game["players"])]
            if i < 10:
                first[game["id"]] = views
            assert stats(http)["resident_games"] == min(i + 1, bound)
        after = stats(http)
        assert after["games_loaded"] == n and after["games_evicted"] == n - bound, after
        for game in games[:10]:  # dropped long ago: read back from the database, the same views
            assert [_seat_view(http, game, seat) for seat in range(game["players"])] == first[game["id"]]
            assert stats(http)["resident_games"] == bound

        rng = random.Random(23)
        game = games[0]
        gid = game["id"]
        others, cursor = games[10:-bound], 0  # none of them in memory now (the last read were the first ten)
        for step in range(5000):
            pub = http.get(f"/games/{gid}/public").json()
            if pub["end"] is not None:
                break
            view = _seat_view(http, game, pub["seat_to_act"])
            assert view["turn"] == step
            res = SeatClient(http, gid, pub["seat_to_act"], game["tokens"][pub["seat_to_act"]]).move(
                view["turn"], rng.choice(view["legal_moves"]))
            assert res.status_code == 200, res.text
            loaded = stats(http)["games_loaded"]
            for j in range(bound):  # push the game out of memory with games dropped long ago
                http.get(f"/games/{others[(cursor + j) % len(others)]['id']}")
            cursor += bound
            assert stats(http)["games_loaded"] == loaded + bound  # (each of them had been dropped)
        else:  # pragma: no cover
            raise AssertionError("the game did not end")
        assert stats(http)["resident_games"] == bound
        res = http.get(f"/games/{gid}/record", headers={"Authorization": f"Bearer {game['tokens'][0]}"})
        assert res.status_code == 200, res.text
        record = loads_record(res.text)
        assert verify_record(record, commitment=game["commitment"]).moves == len(record.moves) == step
        assert stored_state(tmp_path / "games.sqlite3", gid).turn == step


@pytest.mark.slow(seconds=3)
def test_finished_games_leave_memory_first(tmp_path: Path) -> None:
    """Past the bound a finished game is dropped before any running one, however recently it was used."""
    with server(tmp_path, "--max-resident-games", "3") as (url, _port), \
            httpx.Client(base_url=url, timeout=10) as http:
        a, b, c, d = (create_game(http, 2) for _ in range(4))
        _seat_view(http, b, 0)
        _seat_view(http, c, 0)
        rng = random.Random(5)
        for _ in range(5000):  # play a to its end: it is the most recently used game now
            pub = http.get(f"/games/{a['id']}/public").json()
            if pub["end"] is not None:
                break
            view = _seat_view(http, a, pub["seat_to_act"])
            assert SeatClient(http, a["id"], pub["seat_to_act"], a["tokens"][pub["seat_to_act"]]).move(
                view["turn"], rng.choice(view["legal_moves"])).status_code == 200
        _seat_view(http, d, 0)  # one game too many: a goes, b and c (used longer ago, running) stay
        loaded = stats(http)["games_loaded"]
        for game in (b, c, d):
            _seat_view(http, game, 0)
        assert stats(http)["games_loaded"] == loaded
        http.get(f"/games/{a['id']}")
        assert stats(http)["games_loaded"] == loaded + 1


def _refusal(res: httpx.Response, scope: str) -> float:
    assert res.status_code == 429, res.text
    body = res.json()
    assert (body["ok"], body["reason"], body["scope"]) == (False, "too_many_games", scope), body
    assert "limit" in body["message"] and body["retry_after"] > 0
    assert int(res.headers["retry-after"]) >= 1
    wait: float = body["retry_after"]
    return wait


@pytest.mark.slow(seconds=3)
def test_game_creation_is_limited_per_client_and_per_server(tmp_path: Path) -> None:
    """Finding: game creation was unlimited. A client address gets ``--create-burst`` games at once and
    ``--create-rate`` per second after that; all clients together ``--global-create-burst`` and
    ``--global-create-rate``; past either, 429 ``too_many_games`` saying which limit and how long to wait. A
    header cannot change the client's address, and a malformed request takes no token."""
    with server(tmp_path, "--create-burst", "3", "--create-rate", "4", "--global-create-burst", "5",
                "--global-create-rate", "0.001") as (url, _port), \
            httpx.Client(base_url=url, timeout=10) as mine, \
            httpx.Client(base_url=url, timeout=10, transport=httpx.HTTPTransport(local_address=OTHER)) as other:
        assert mine.post("/games", json={"players": 1}).status_code == 422  # no token taken
        for _ in range(3):
            create_game(mine, 2)
        wait = _refusal(mine.post("/games", json={"players": 2}), "client")
        assert wait <= 0.25 + 0.01
        spoofed = mine.post("/games", json={"players": 2}, headers={"X-Forwarded-For": "10.9.8.7",
                                                                    "X-Real-IP": "10.9.8.7"})
        _refusal(spoofed, "client")
        time.sleep(wait + 0.05)
        create_game(mine, 2)  # the client's bucket refilled: the fourth game of the server
        create_game(other, 3)  # another address has its own bucket: the fifth
        _refusal(other.post("/games", json={"players": 2}), "server")  # the server's burst is spent
        assert stats(mine)["games_created"] == 5 and stats(mine)["creations_refused"] == 3
        assert mine.get("/games/nowhere").status_code == 404  # the rest of the API is not limited


def test_bad_limits_are_refused_at_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A limit that is zero, negative or not a number stops the server with a message, before it listens."""
    for option, value in (("--header-timeout", "0"), ("--max-resident-games", "-1"), ("--create-rate", "nan")):
        with pytest.raises(SystemExit) as info:
            server_app.main(["--db", str(tmp_path / "x.sqlite3"), "--port", "1", option, value])
        assert info.value.code == 2
        assert f"{option[2:].replace('-', '_')}=" in capsys.readouterr().err
    assert not (tmp_path / "x.sqlite3").exists()
    for bad in ({"header_timeout": 0}, {"body_timeout": float("nan")}, {"max_resident_games": -1},
                {"max_resident_games": 2.5}, {"create_burst": True}, {"create_rate": "1"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            server_app.Limits(**bad)
