"""The example server answers in the client's language (issue 29): a refusal's message follows the request's
``Accept-Language``, its reason code and rule ID do not (they are the API); a header that names no language with a
catalog, or none at all, gets English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the example server needs starlette (pip install starlette uvicorn httpx)")
pytest.importorskip("httpx", reason="the example server needs httpx (pip install starlette uvicorn httpx)")

import httpx

from examples.server.client import create_game
from maumau_rules.i18n import translate_message
from tests.server.test_server_roundtrip import FixedSeeds, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("server-i18n") / "games.sqlite3", FixedSeeds("i18n")) as s:
        yield s


def test_a_refusal_is_in_the_clients_language_with_its_reason_code_unchanged(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        game = create_game(http, 3)
        gid, seat = game["id"], 1  # seat 1 moves while it is another seat's turn (or the turn is stale)
        headers = {"Authorization": f"Bearer {game['tokens'][seat]}"}
        body = {"seat": seat, "turn": 0, "move": "draw"}
        answers = {}
        for header in (None, "el-GR, en;q=0.5", "fr, sr-Latn;q=0.8", "xx, fr"):
            extra = {} if header is None else {"Accept-Language": header}
            res = http.post(f"/games/{gid}/moves", json=body, headers={**headers, **extra})
            assert res.status_code in (409, 422)
            answers[header] = res.json()
    english = answers[None]
    assert english["message"].startswith("illegal move") and answers["xx, fr"] == english
    for header, lang in (("el-GR, en;q=0.5", "el"), ("fr, sr-Latn;q=0.8", "sr")):
        got = answers[header]
        assert (got["reason"], got["rule_id"]) == (english["reason"], english["rule_id"])
        assert got["message"] == translate_message(english["message"], lang) != english["message"]

