"""A bounded load test of the example game server (examples/server/app.py), on loopback only.

It starts the real server (uvicorn, SQLite in WAL mode) as a child process on 127.0.0.1, then runs
``--games`` concurrent games for ``--seconds`` seconds (or until ``--max-moves`` moves): each game is a loop
that reads the view of the seat to act and posts a random legal move, over one keep-alive HTTP/1.1
connection per game (a small asyncio client, so that the client costs little CPU on the same machine). A
finished game is replaced by a new one. It reports acknowledged moves per second, the latency of the move
requests (p50, p99, max), errors (any answer other than the expected one), and the load average.

With ``--kill-every S`` it kills the server with SIGKILL every ``S`` seconds while the clients keep playing,
restarts it on the same database, and at the end checks that every move the server acknowledged (answered 200)
is in the database, with the same seat and move: the number of acknowledged moves lost.

With ``--slow-clients N`` it also keeps ``N`` slow connections open from another loopback address (127.0.0.2),
half of them trickling a request head, half a request body, one byte every ``--drip`` seconds, and opens a new
one whenever the server closes one: it reports how many the server cut off (408) and how long they lived. The
server runs with ``--header-timeout`` and ``--body-timeout`` (default: the server's own).

All the benchmark's games come from one address (127.0.0.1): it starts the server with game creation limits
high enough for its clients (``BENCH_LIMITS``), as for a server behind which many players create games.

    python bench/server_load.py --games 50 --seconds 20
    python bench/server_load.py --games 50 --seconds 30 --kill-every 3
    python bench/server_load.py --games 50 --seconds 20 --slow-clients 300 --header-timeout 2 --body-timeout 2 \
        --max-client-connections 400
    python bench/server_load.py --many-games 20000 --max-resident-games 1000

``--many-games N`` measures memory instead: it creates ``N`` games and reads one view of each, and reports the
server's resident memory before and after, and its ``/stats`` (games in memory, loaded, dropped).

Everything is bounded: a run stops after ``--seconds`` (at most 600) and ``--max-moves`` moves; only 127.0.0.1
is ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
SLOW_HOST = "127.0.0.2"
"""The slow clients' address: a loopback address of its own, as another client would have."""
BENCH_LIMITS = ("--create-rate", "100000", "--create-burst", "100000", "--global-create-rate", "100000",
                "--global-create-burst", "100000")
"""The benchmark's clients all come from 127.0.0.1 and create a game every few dozen moves."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: Path, port: int, workers: int = 1, profile: str | None = None,
                 extra: tuple[str, ...] | list[str] = BENCH_LIMITS) -> subprocess.Popen[bytes]:
    """Start the example server as a child process (with the options ``extra``) and wait until it answers.

    The child imports this checkout's ``examples`` and ``src`` first."""
    options = [*(["--profile", profile] if profile else []), *extra]
    path = os.pathsep.join(p for p in (str(ROOT), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
    proc = subprocess.Popen([sys.executable, str(ROOT / "examples" / "server" / "app.py"), "--db", str(db),
                             "--host", HOST, "--port", str(port), "--workers", str(workers), *options],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": path},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start within 30 s")


class Http:
    """One keep-alive HTTP/1.1 connection to the server (just enough of HTTP for this benchmark)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None
                      ) -> tuple[int, Any]:
        """Send one request; return the status and the parsed JSON answer. Raises OSError when the server is gone."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None and self.writer is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        try:
            status_line = await self.reader.readline()
            if not status_line:
                raise ConnectionResetError("the server closed the connection")
            status = int(status_line.split()[1])
            length = 0
            while True:
                line = await self.reader.readline()
                if line in (b"\r\n", b""):
                    break
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            payload = await self.reader.readexactly(length)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
            await self.close()
            raise ConnectionResetError(str(exc)) from None
        return status, json.loads(payload) if payload else None


class Load:
    """The shared counters of a run."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.port = 0
        self.acked: list[tuple[str, int, int, str]] = []  # game, step, seat, move
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.games_done = 0
        self.stop = False
        self.outage = False  # the server was killed on purpose and is being restarted
        self.kills = 0  # kills so far: a request begun before one, or during an outage, may fail

        self.slow_lives: list[float] = []  # how long each slow connection lived, when the server closed it
        self.slow_answers: dict[str, int] = {}  # the status lines the server closed them with

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


async def slow_client(load: Load, kind: int) -> None:
    """One slow client after another until the run stops: each trickles a request head (``kind`` 0) or body
    (``kind`` 1), one byte every ``--drip`` seconds, until the server answers or closes the connection."""
    head = (b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"
            if kind else b"GET /stats HTTP/1.1\r\nHost: x\r\n")
    while not load.stop:
        started = time.perf_counter()
        try:
            reader, writer = await asyncio.open_connection(HOST, load.port, local_addr=(SLOW_HOST, 0))
        except OSError:
            await asyncio.sleep(0.2)
            continue
        answer = b""
        try:
            writer.write(head)
            while not load.stop:
                try:
                    answer = await asyncio.wait_for(reader.read(200), load.args.drip)
                    break
                except TimeoutError:
                    writer.write(b"x" if kind else b"X")
        except OSError:
            pass
        finally:
            writer.close()
        if not load.stop:
            load.slow_lives.append(time.perf_counter() - started)
            status = answer.split(b"\r\n", 1)[0].decode(errors="replace") or "closed"
            load.slow_answers[status] = load.slow_answers.get(status, 0) + 1


async def play(load: Load, rng: random.Random) -> None:
    """Play games one after another until the run stops."""
    http = Http(load.port)
    game: dict[str, Any] | None = None
    seat = 0
    while not load.stop:
        began = (load.outage, load.kills)
        try:
            http.port = load.port
            if game is None:
                status, game = await http.request("POST", "/games", {"variant": "standard",
                                                                     "players": rng.choice((2, 3, 4))})
                if status != 201:
                    load.error(f"create {status}")
                    game = None
                    continue
                status, info = await http.request("GET", f"/games/{game['id']}")
                seat = info["turn"] * 0  # found below, from the public view
                status, pub = await http.request("GET", f"/games/{game['id']}/public")
                seat = pub["seat_to_act"]
            gid = game["id"]
            status, v = await http.request("GET", f"/games/{gid}/view?seat={seat}", token=game["tokens"][seat])
            if status != 200:
                load.error(f"view {status}")
                game = None
                continue
            if v["end"] is not None:
                load.games_done += 1
                game = None
                continue
            if v["seat_to_act"] != seat:
                seat = v["seat_to_act"]
                continue
            move = rng.choice(v["legal_moves"])
            started = time.perf_counter()
            status, answer = await http.request("POST", f"/games/{gid}/moves",
                                                {"seat": seat, "turn": v["turn"], "move": move},
                                                token=game["tokens"][seat])
            load.latencies.append(time.perf_counter() - started)
            if status == 200:
                load.acked.append((gid, v["turn"], seat, move))
                seat = answer["view"]["seat_to_act"]
                if answer["view"]["end"] is not None:
                    load.games_done += 1
                    game = None
            else:
                load.error(f"move {status} {answer.get('reason') if isinstance(answer, dict) else ''}")
        except (OSError, ConnectionResetError):
            if began == (False, load.kills) and not load.outage:  # (not a request the kill -9 cut off)
                load.error("connection lost")
            await asyncio.sleep(0.05)
    await http.close()


OPTIONAL = {"slow_clients": 0, "drip": 0.5, "header_timeout": 0.0, "body_timeout": 0.0, "max_client_connections": 0}
"""The options a caller of :func:`run` may leave out of its namespace (the kill -9 tests build one by hand)."""


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """One bounded run; the result's fields are those printed by :func:`main`."""
    for name, value in OPTIONAL.items():
        if not hasattr(args, name):
            setattr(args, name, value)
    load = Load(args)
    folder = Path(tempfile.mkdtemp(prefix="maumau-load-"))
    db = folder / "games.sqlite3"
    load.port = free_port()
    extra = [*BENCH_LIMITS, *(["--header-timeout", str(args.header_timeout)] if args.header_timeout else []),
             *(["--body-timeout", str(args.body_timeout)] if args.body_timeout else []),
             *(["--max-client-connections", str(args.max_client_connections)] if args.max_client_connections
               else [])]
    proc = start_server(db, load.port, args.workers, args.profile, extra)
    kills = 0
    server_cpu = _cpu(proc.pid)
    client_cpu = time.process_time()
    started = time.perf_counter()
    try:
        tasks = [asyncio.create_task(slow_client(load, i % 2)) for i in range(args.slow_clients)]
        tasks += [asyncio.create_task(play(load, random.Random(i))) for i in range(args.games)]
        next_kill = started + args.kill_every if args.kill_every else float("inf")
        while time.perf_counter() - started < args.seconds and len(load.acked) < args.max_moves:
            await asyncio.sleep(0.05)
            if time.perf_counter() >= next_kill:
                load.outage = True
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
                kills += 1
                load.kills = kills
                proc = await asyncio.to_thread(start_server, db, load.port, args.workers, None, extra)
                load.outage = False
                next_kill = time.perf_counter() + args.kill_every
        elapsed = time.perf_counter() - started
        server_cpu = _cpu(proc.pid) - server_cpu
        client_cpu = time.process_time() - client_cpu
        rss_kib = _rss_kib(proc.pid)
        stats = await _stats(load.port)
        load.stop = True
        await asyncio.gather(*tasks)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    lost = check_durable(db, load.acked)
    lat = sorted(load.latencies)
    return {
        "games": args.games, "workers": args.workers, "seconds": round(elapsed, 1), "moves": len(load.acked),
        "moves_per_s": round(len(load.acked) / elapsed, 1), "games_finished": load.games_done,
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 1) if lat else None,
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "server_cpu_ms_per_move": round(1000 * server_cpu / max(len(load.acked), 1), 3) if not kills else None,
        "client_cpu_ms_per_move": round(1000 * client_cpu / max(len(load.acked), 1), 3),
        "errors": load.errors, "kills": kills, "acknowledged_moves_lost": lost,
        "server_rss_mib": round(rss_kib / 1024, 1) if args.workers == 1 else None, "server_stats": stats,
        **({"slow_clients": args.slow_clients, "slow_cut_off": len(load.slow_lives),
            "slow_answers": load.slow_answers,
            "slow_life_s": [round(min(load.slow_lives), 2), round(max(load.slow_lives), 2)] if load.slow_lives
            else None} if args.slow_clients else {}),
        "loadavg_after": [round(x, 2) for x in os.getloadavg()], "db": str(db),
    }


async def many_games(args: argparse.Namespace) -> dict[str, Any]:
    """Create ``--many-games`` games and read a view of each (so that the server loads it), over one connection;
    report the server's resident memory and ``/stats`` before and after (``--max-resident-games`` for it)."""
    folder = Path(tempfile.mkdtemp(prefix="maumau-games-"))
    port = free_port()
    extra = [*BENCH_LIMITS, *(["--max-resident-games", str(args.max_resident_games)]
                              if args.max_resident_games else [])]
    proc = start_server(folder / "games.sqlite3", port, 1, None, extra)
    http = Http(port)
    try:
        await http.request("GET", "/stats")
        before = _rss_kib(proc.pid)
        started = time.perf_counter()
        for i in range(args.many_games):
            status, game = await http.request("POST", "/games", {"variant": "standard", "players": 2 + i % 3})
            assert status == 201, (status, game)
            status, _ = await http.request("GET", f"/games/{game['id']}/view?seat=0", token=game["tokens"][0])
            assert status == 200, status
        elapsed = time.perf_counter() - started
        after = _rss_kib(proc.pid)
        status, stats = await http.request("GET", "/stats")
    finally:
        await http.close()
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    return {"games": args.many_games, "seconds": round(elapsed, 1), "server_rss_mib_before": round(before / 1024, 1),
            "server_rss_mib_after": round(after / 1024, 1),
            "kib_per_game_read": round((after - before) / max(args.many_games, 1), 2), "server_stats": stats}


def _rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (Linux /proc; 0 where it cannot be read)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


async def _stats(port: int) -> Any:
    """The server's ``GET /stats`` (``None`` when it does not answer)."""
    http = Http(port)
    try:
        status, stats = await asyncio.wait_for(http.request("GET", "/stats"), 10)
        return stats if status == 200 else None
    except (OSError, TimeoutError):
        return None
    finally:
        await http.close()


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) used so far by process ``pid`` and its waited-for children (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def check_durable(db: Path, acked: list[tuple[str, int, int, str]]) -> int:
    """How many acknowledged moves are missing from the database (or differ from what was acknowledged)."""
    con = sqlite3.connect(db)
    try:
        stored = {(g, s): (seat, m) for g, s, seat, m in con.execute("SELECT game_id, step, seat, move FROM moves")}
    finally:
        con.close()
    from maumau_rules import parse_move

    return sum(1 for g, step, seat, move in acked
               if stored.get((g, step), (None, None))[0] != seat
               or str(parse_move(stored[(g, step)][1])) != str(parse_move(move)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to run (default 20, at most 600)")
    parser.add_argument("--max-moves", type=int, default=2_000_000, help="stop after this many moves")
    parser.add_argument("--workers", type=int, default=1, help="server processes (default 1)")
    parser.add_argument("--kill-every", type=float, default=0.0, help="kill -9 the server every S seconds")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--profile", default=None, metavar="FILE", help="profile the server with cProfile into FILE")
    parser.add_argument("--slow-clients", type=int, default=0, help="slow connections held open meanwhile")
    parser.add_argument("--drip", type=float, default=0.5, help="seconds between a slow client's bytes")
    parser.add_argument("--header-timeout", type=float, default=0.0, help="the server's --header-timeout")
    parser.add_argument("--body-timeout", type=float, default=0.0, help="the server's --body-timeout")
    parser.add_argument("--max-client-connections", type=int, default=0, help="the server's --max-client-connections")
    parser.add_argument("--many-games", type=int, default=0,
                        help="instead of the load: create and read this many games (at most 1,000,000)")
    parser.add_argument("--max-resident-games", type=int, default=0, help="the server's --max-resident-games")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 600.0)
    args.many_games = min(args.many_games, 1_000_000)
    before = os.getloadavg()
    result = asyncio.run(many_games(args) if args.many_games else run(args))
    result["loadavg_before"] = [round(x, 2) for x in before]
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:24} {value}")


if __name__ == "__main__":
    main()
