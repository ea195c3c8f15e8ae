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



def _server_sentences(http: httpx.Client, game: dict[str, object], header: str | None) -> dict[str, dict[str, object]]:
    """The server's own answers (not the engine's verdicts): each kind of bad request, answered in ``header``'s
    language."""
    extra = {} if header is None else {"Accept-Language": header}
    tokens = game["tokens"]
    assert isinstance(tokens, list)
    gid, auth = game["id"], {"Authorization": f"Bearer {tokens[0]}"}
    asks = {
        "no game": ("GET", "/games/no-such-game", None, {}),
        "bad game ID": ("GET", "/games/" + "x" * 40, None, {}),
        "not found": ("GET", "/nowhere/at/all", None, {}),
        "method": ("DELETE", "/games", None, {}),
        "not JSON": ("POST", "/games", b"hello", {}),
        "not an object": ("POST", "/games", b"[1]", {}),
        "seed": ("POST", "/games", {"variant": "standard", "players": 2, "seed": 5}, {}),
        "fields": ("POST", "/games", {"variant": "standard", "bogus": 1}, {}),
        "bots": ("POST", "/games", {"variant": "standard", "players": 2, "bots": [7]}, {}),
        "no person": ("POST", "/games", {"variant": "standard", "players": 2, "bots": [0, 1]}, {}),
        "bot kind": ("POST", "/games", {"variant": "standard", "players": 2, "bots": [1], "bot": "nobody"}, {}),
        "move fields": ("POST", f"/games/{gid}/moves", {"seat": 0}, auth),
        "token": ("POST", f"/games/{gid}/moves", {"seat": 1, "turn": 0, "move": "draw"}, auth),
        "seat": ("GET", f"/games/{gid}/view?seat=9", None, auth),
        "record running": ("GET", f"/games/{gid}/record", None, auth),
        "verify fields": ("POST", "/verify", {"x": 1}, {}),
        "verify record": ("POST", "/verify", {"record": 5, "commitment": "00", "views": []}, {}),
    }
    out = {}
    for name, (method, path, body, headers) in asks.items():
        kwargs: dict[str, object] = {"content": body} if isinstance(body, bytes) else {"json": body}
        res = http.request(method, path, headers={**headers, **extra}, **kwargs)  # type: ignore[arg-type]
        assert res.status_code >= 400, (name, res.status_code, res.text)
        out[name] = res.json()
    return out


def test_the_servers_own_sentences_are_in_the_clients_language(server: Server) -> None:
    """The refusals the server itself writes (a malformed request, an unknown game, a wrong token, ...) follow the
    request's Accept-Language too, with their reason codes unchanged; in English they stay as they were."""
    from maumau_rules.i18n import LANGUAGES

    from .test_errors_i18n import english

    with httpx.Client(base_url=server.url, timeout=10) as http:
        game = create_game(http, 2)
        source = _server_sentences(http, game, None)
        assert source["no game"]["message"] == "no game 'no-such-game'"
        assert source["seed"]["reason"] == "seed_not_accepted"
        assert len({str(a["message"]) for a in source.values()}) >= len(source) - 1, source  # each its own refusal
        # not vacuous: the checks find the English (a message of two words is caught by being the same as it)
        assert sum(bool(english(str(a["message"]), "en", str(a["message"]))) for a in source.values()) >= len(source) - 2
        left = {}
        for lang in (lang for lang in LANGUAGES if lang != "en"):
            answers = _server_sentences(http, game, f"{lang}, en;q=0.1")
            for name, answer in answers.items():
                assert answer["reason"] == source[name]["reason"], (lang, name)
                text, en = str(answer["message"]), str(source[name]["message"])
                if text == en or english(text, lang, en):
                    left[f"{lang} {name}"] = text
    assert not left, left
