"""The example server's own words in the client's language (issue 29): the web table's sentences (``GET /texts``,
which ``static/table.js`` loads and fills in), and the answers of the connection layer (408 to a request that
comes too slowly, 503 to a client address with too many connections open), which no application sees: their
language comes from the request head's ``Accept-Language`` or from the client's other requests."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server tests need starlette (pip install starlette uvicorn httpx)")
pytest.importorskip("uvicorn", reason="the server tests need uvicorn (pip install starlette uvicorn httpx)")

import httpx
import uvicorn

from examples.server.app import (
    PAGE_TEXTS,
    ClientConnections,
    Limits,
    busy_answer,
    create_app,
    head_language,
    http_protocol,
    page_texts,
    timeout_answer,
)
from maumau_rules.i18n import LANGUAGES, language
from maumau_rules.variants import find_variant
from tests.server.test_server_roundtrip import Server

from .test_errors_i18n import english

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
SHARED = {("nl", "computer"), ("nl", "variant")}  # Dutch says "computer" and "variant" too
STATIC = Path(__file__).resolve().parents[2] / "examples" / "server" / "static"
SCRIPT = STATIC / "table.js"
PAGE = STATIC / "index.html"


def _message(answer: bytes) -> str:
    _head, _, body = answer.partition(b"\r\n\r\n")
    message: str = json.loads(body)["message"]
    return message


class _PageTexts(HTMLParser):
    """The fixed texts of index.html: each element's ``data-t`` key with its English text, each ``data-t-ATTR`` key
    with the attribute's English value, and every text or attribute a reader sees that no key names."""

    SEEN_ATTRIBUTES = ("placeholder", "aria-label", "title", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.keyed: dict[str, set[str]] = {}
        self.unkeyed: list[str] = []
        self._open: list[tuple[str, str | None]] = []  # (tag, its data-t key)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        for name in self.SEEN_ATTRIBUTES:
            if given.get(name):
                key = given.get(f"data-t-{name}")
                if key is None:
                    self.unkeyed.append(f"{tag} {name}={given[name]!r}")
                else:
                    self.keyed.setdefault(key, set()).add(" ".join(str(given[name]).split()))
        if tag not in ("meta", "link", "input", "br", "img"):
            self._open.append((tag, given.get("data-t")))

    def handle_endtag(self, tag: str) -> None:
        while self._open and self._open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if not any(ch.isalpha() for ch in text) or any(tag in ("code", "script", "style") for tag, _ in self._open):
            return
        key = self._open[-1][1] if self._open else None
        if key is None:
            self.unkeyed.append(text)
        else:
            self.keyed.setdefault(key, set()).add(text)


def test_the_page_and_the_script_ask_for_every_page_text_and_write_no_sentence_of_their_own() -> None:
    """Each key the script asks for is a page text, each fixed text of the page (index.html) is one through its
    ``data-t`` attribute, with the catalog's English as the page's own, and each page text is asked for: so a
    sentence the page shows is a catalog entry; the English sentences are no longer in the script."""
    script = SCRIPT.read_text(encoding="utf-8")
    asked = set(re.findall(r'\bt\(\s*"(\w+)"', script))
    named = set(re.findall(r'"(\w+)"', script)) & set(PAGE_TEXTS)
    page = _PageTexts()
    page.feed(PAGE.read_text(encoding="utf-8"))
    assert not page.unkeyed, page.unkeyed
    assert set(page.keyed) <= set(PAGE_TEXTS), set(page.keyed) - set(PAGE_TEXTS)
    for key, shown in page.keyed.items():
        assert shown == {PAGE_TEXTS[key]}, (key, shown)
    assert len(page.keyed) >= 20  # not vacuous: the headings, labels, buttons, links and notes
    assert asked <= set(PAGE_TEXTS), asked - set(PAGE_TEXTS)
    assert named | set(page.keyed) == set(PAGE_TEXTS), set(PAGE_TEXTS) - named - set(page.keyed)
    for text in PAGE_TEXTS.values():
        fixed = [p for p in re.split(r"\{\w+\}", text) if len(p.strip(" .…()")) > 8]
        assert not any(p in script for p in fixed), text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_page_texts_are_in_the_language(lang: str) -> None:
    with language("en"):
        english_texts = page_texts()
    with language(lang):
        texts = page_texts()
    assert texts["lang"] == lang and texts["dir"] == ("rtl" if lang == "ar" else "ltr")
    left = {}
    for key in PAGE_TEXTS:
        assert set(re.findall(r"\{(\w+)\}", texts[key])) == set(re.findall(r"\{(\w+)\}", english_texts[key])), key
        if key == "and" or (lang, key) in SHARED:
            continue  # a word the language writes as English does
        found = english(texts[key], lang, english_texts[key])
        if texts[key] == english_texts[key] or found:
            left[key] = (texts[key], found)
    assert not left, left


def test_get_texts_answers_in_the_language_of_accept_language(tmp_path: Path) -> None:
    with Server(tmp_path / "games.sqlite3") as server, httpx.Client(base_url=server.url, timeout=10) as client:
        answers = {h: client.get("/texts", headers={} if h is None else {"Accept-Language": h})
                   for h in (None, "cs-CZ, en;q=0.5", "fr, nl;q=0.8")}
    for header, lang in ((None, "en"), ("cs-CZ, en;q=0.5", "cs"), ("fr, nl;q=0.8", "nl")):
        res = answers[header]
        assert res.status_code == 200 and res.headers["vary"] == "Accept-Language"
        with language(lang):
            assert res.json() == page_texts()
    assert answers[None].json()["your_turn"] == "Your turn: click a card or a move."


def test_the_variant_chooser_and_the_table_name_the_variants_in_the_language(tmp_path: Path) -> None:
    """``GET /variants`` (the page's chooser) and a game's table give every shipped variant's name and summary in the
    language of Accept-Language, as ``maumau rules`` does (:func:`maumau_rules.explain.name_text`, ``summary_text``)."""
    from maumau_rules.explain import name_text, summary_text
    from maumau_rules.variants import available_variants

    with Server(tmp_path / "games.sqlite3") as server, httpx.Client(base_url=server.url, timeout=10) as client:
        answers = {lang: client.get("/variants", headers={"Accept-Language": lang}).json()["variants"]
                   for lang in LANGUAGES}
        created = client.post("/games", json={"variant": "prsi", "players": 2, "bots": [1], "bot": "random"},
                              headers={"Accept-Language": "de"}).json()
        table = client.get(f"/games/{created['id']}/table", params={"seat": 0},
                           headers={"Accept-Language": "de", "Authorization": f"Bearer {created['tokens'][0]}"})
    for lang, shown in answers.items():
        with language(lang):
            expected = {v.id: (name_text(v), summary_text(v)) for v in available_variants()}
        assert {v["id"]: (v["name"], v["summary"]) for v in shown} == expected, lang
    assert answers["de"] != answers["en"]  # not vacuous: the shipped variants' texts are translated
    assert table.status_code == 200, table.text
    with language("de"):
        assert table.json()["variant_name"] == name_text(find_variant("prsi")) != find_variant("prsi").name


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_connection_answers_are_in_the_language(lang: str) -> None:
    english_408, english_503 = _message(timeout_answer(2.5, "en")), _message(busy_answer(40, "en"))
    assert english_408 == "the request was not received in time (limit 2.5 s)"
    assert english_503 == "this client address has 40 connections open already (the limit)"
    for answer, source in ((timeout_answer(2.5, lang), english_408), (busy_answer(40, lang), english_503)):
        assert answer.startswith(b"HTTP/1.1 408 ") or answer.startswith(b"HTTP/1.1 503 ")  # the status line: HTTP's
        text = _message(answer)
        assert text != source and not english(text, lang, source), text
        assert ("2.5" in text) or ("40" in text)


def test_the_language_comes_from_the_head_or_from_the_clients_other_requests() -> None:
    assert head_language(b"GET / HTTP/1.1\r\nHost: x\r\naccept-language:nl-BE\r\nX-Slow: ") == "nl"
    assert head_language(b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Lang") is None  # the line is not there yet
    assert head_language(b"GET / HTTP/1.1\r\nX-Accept-Language: de\r\n") is None
    counts = ClientConnections(limit=2)
    counts.heard("10.0.0.1", "de")  # not counted (no connection open): not kept
    assert counts.open("10.0.0.1") and counts.language("10.0.0.1") == "en"
    counts.heard("10.0.0.1", "el")
    assert counts.language("10.0.0.1") == "el"
    counts.close("10.0.0.1")
    assert counts.languages == {} and counts.language("10.0.0.1") == "en"  # forgotten with its last connection


@contextmanager
def deadline_server(tmp_path: Path, limits: Limits) -> Iterator[int]:
    """The example app served by uvicorn with the connection layer of :func:`http_protocol` (the deadlines and the
    per-address connection limit), in a thread; its port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(create_app(str(tmp_path / "games.sqlite3"), limits=limits), log_level="warning",
                            lifespan="off", http=http_protocol(limits, "h11"))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


@pytest.mark.slow(seconds=2)
def test_a_real_server_answers_408_and_503_in_the_clients_language(tmp_path: Path) -> None:
    """A head that never ends, with ``Accept-Language: cs``: 408 in Czech at its deadline. A client that asked in
    Dutch on its open connection and opens one more than its limit: 503 in Dutch, at once."""

    async def scenario(port: int) -> tuple[bytes, bytes, bytes]:
        r1, w1 = await asyncio.open_connection("127.0.0.1", port)
        w1.write(b"GET /stats HTTP/1.1\r\nHost: x\r\nAccept-Language: cs-CZ\r\nX-Slow: ")
        slow = await asyncio.wait_for(r1.read(), 5)
        w1.close()
        r2, w2 = await asyncio.open_connection("127.0.0.1", port)
        w2.write(b"GET /stats HTTP/1.1\r\nHost: x\r\nAccept-Language: nl\r\n\r\n")
        first = await asyncio.wait_for(r2.readuntil(b"}"), 5)
        r3, w3 = await asyncio.open_connection("127.0.0.1", port)
        busy = await asyncio.wait_for(r3.read(), 5)
        w2.close()
        w3.close()
        return slow, first, busy

    with deadline_server(tmp_path, Limits(header_timeout=0.5, body_timeout=0.5, max_client_connections=1)) as port:
        slow, first, busy = asyncio.run(scenario(port))
    assert slow.startswith(b"HTTP/1.1 408 ") and first.startswith(b"HTTP/1.1 200 ")
    assert busy.startswith(b"HTTP/1.1 503 "), busy[:200]
    assert _message(slow) == _message(timeout_answer(0.5, "cs")) != _message(timeout_answer(0.5, "en"))
    assert _message(busy) == _message(busy_answer(1, "nl")) != _message(busy_answer(1, "en"))
