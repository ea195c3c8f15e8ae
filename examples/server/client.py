"""A tiny client for the example server, and a bot that plays a random legal move from its view.

    python examples/server/client.py http://127.0.0.1:8000 --players 3

creates a game and lets one random bot per seat play it to the end over HTTP.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import httpx


class SeatClient:
    """One seat of one game: reads its view and sends moves with its token."""

    def __init__(self, http: httpx.Client, game_id: str, seat: int, token: str) -> None:
        self.http = http
        self.game_id = game_id
        self.seat = seat
        self.headers = {"Authorization": f"Bearer {token}"}

    def view(self) -> httpx.Response:
        """GET this seat's view."""
        return self.http.get(f"/games/{self.game_id}/view", params={"seat": self.seat}, headers=self.headers)

    def move(self, turn: int, move: str, seat: int | None = None) -> httpx.Response:
        """POST a move in notation, made against ``turn``."""
        body = {"seat": self.seat if seat is None else seat, "turn": turn, "move": move}
        return self.http.post(f"/games/{self.game_id}/moves", json=body, headers=self.headers)


def create_game(http: httpx.Client, players: int, variant: str = "standard") -> dict[str, Any]:
    """POST /games; return the server's answer (id, tokens, admin token, the seed's commitment).

    The server chooses the seed: it is revealed with the record when the game is over.
    """
    body: dict[str, Any] = {"variant": variant, "players": players}
    res = http.post("/games", json=body)
    res.raise_for_status()
    answer: dict[str, Any] = res.json()
    return answer


def random_bot_turn(client: SeatClient, rng: random.Random) -> dict[str, Any] | None:
    """If it is this seat's turn, play a random legal move from its view; return the view it acted on."""
    v: dict[str, Any] = client.view().json()
    if v["end"] is not None or not v["legal_moves"]:
        return None
    res = client.move(v["turn"], rng.choice(v["legal_moves"]))
    res.raise_for_status()
    return v


def main() -> None:
    """Create a game and play it with random bots."""
    parser = argparse.ArgumentParser(description="Play a game on the example server with random bots")
    parser.add_argument("url")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with httpx.Client(base_url=args.url) as http:
        game = create_game(http, args.players)
        seats = [SeatClient(http, game["id"], i, t) for i, t in enumerate(game["tokens"])]
        while True:
            public = http.get(f"/games/{game['id']}/public").json()
            if public["end"] is not None:
                print(f"game {game['id']} over after {public['turn']} moves: {public['end']}, winner {public['winner']}")
                return
            random_bot_turn(seats[public["seat_to_act"]], rng)


if __name__ == "__main__":
    main()
