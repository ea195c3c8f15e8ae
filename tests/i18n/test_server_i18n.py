"""The example server answers in the client's language (issue 29): a refusal's message follows the request's
``Accept-Language``, its reason code and rule ID do not (they are the API); a header that names no language with a
catalog, or none at all, gets English."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the example server needs starlette (pip install starlette uvicorn httpx)")
pytest.importorskip("httpx", reason="the example server needs httpx (pip install starlette uvicorn httpx)")

import httpx

from examples.server.client import create_game
from maumau_rules.i18n import LANGUAGES, language, translate_message
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


def _table_lines(lang: str, variant: str, players: int, seed: int) -> list[str]:
    """What the web table says of each step of a game of random moves, to seat 0, in ``lang``."""
    import random

    from examples.server.table import describe_step, seat_names
    from maumau_rules import apply, legal_moves, new_game

    rnd = random.Random(seed)
    lines: list[str] = []
    with language(lang):
        state = new_game(variant, players, seed=seed)
        names = seat_names(players, seat=0, bots={1: "random"}, family=state.variant.family)
        while not state.is_over and state.turn < 150:
            seat = state.seat_to_act
            callers = [s for s in range(players) if s != seat and legal_moves(state, s)]
            if callers and rnd.random() < 0.5:
                seat = rnd.choice(callers)
            move = rnd.choice(legal_moves(state, seat))
            after = apply(state, move, player=seat)
            lines += describe_step(state, move, seat, after, viewer=0, names=names)["text"]
            state = after
    return lines


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_web_tables_sentences_are_in_the_language(lang: str) -> None:
    """The sentences the server sends the web table (who played what, who took the trick, the end) are in the
    request's language: the same games, line for line, with no English left."""
    from .test_errors_i18n import english

    left = []
    checked = 0
    for variant, players, seed in (("standard", 3, 1), ("standard", 2, 7), ("malilla", 4, 3), ("malilla", 4, 5)):
        source, lines = _table_lines("en", variant, players, seed), _table_lines(lang, variant, players, seed)
        assert len(lines) == len(source) > 5
        for en, text in zip(source, lines, strict=True):
            checked += 1
            # the Spanish cards' own names ('Rey de bastos') are names, the same in every language
            bare = [re.sub(r"\(\w+ de \w+\)", " ", t) for t in (text, en)]
            if text == en or english(bare[0], lang, bare[1]):
                left.append((en, text))
    assert checked > 80 and not left, left[:10]


def test_the_web_tables_english_sentences_are_as_they_were() -> None:
    lines = _table_lines("en", "malilla", 4, 3)
    assert any(line.startswith("you play ") for line in lines) and any(" plays " in line for line in lines)
    assert any("the trick" in line for line in lines) and lines[-1].startswith("the hand is over")
