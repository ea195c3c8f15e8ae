"""Drive the example server's web table in headless Chromium: shared by tests/server/test_web_table.py and
scripts/web_table_screenshots.py (the pictures in docs/).

It uses Debian's ``chromium`` and ``chromium-driver`` packages (``apt-get install chromium chromium-driver``) through
Selenium, with no download of any browser or driver: :func:`chromium` names both executables and tells Selenium
Manager to stay offline. Every wait is explicit (a condition polled until it holds, with a timeout); nothing sleeps.

What the page receives is read from Chromium itself (the DevTools protocol's network events and response bodies),
not from the page's own code, and what it shows from its DOM; :func:`never_seen` and :func:`hidden_named` check
both against the game's record: no card that the page's seat had never seen may be named anywhere.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from maumau_rules import Card, find_variant
from maumau_rules.records import GameRecord, replay

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")
"""Chromium's flags: headless, no sandbox (root in a container), and nothing that reaches outside 127.0.0.1."""

WAIT = 15.0
"""Seconds any one wait may take before the test fails (a move of the page takes milliseconds)."""

CONFLICTS = frozenset({"stale_state", "not_your_turn"})
"""Refusals that only say the page's picture was a move behind (a bot moved first): the page goes on."""

T = TypeVar("T")


@contextmanager
def example_server(db: Path, *options: str) -> Iterator[str]:
    """The example server as a child process on a free port of 127.0.0.1, its bots moving at once (``--bot-delay
    0``) and no limit on creating games for this one client; its URL."""
    from tests.server.test_issue14 import BENCH, _stop

    port = BENCH.free_port()
    proc = BENCH.start_server(db, port, 1, None, [*BENCH.BENCH_LIMITS, "--bot-delay", "0", *options])
    try:
        yield f"http://{BENCH.HOST}:{port}"
    finally:
        _stop(proc)


def have_chromium() -> bool:
    """Whether Debian's chromium and chromium-driver are installed (``.ci/run`` installs them)."""
    return os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)


@contextmanager
def chromium(downloads: Path, width: int = 1280, height: int = 1000) -> Iterator[Any]:
    """Headless Chromium through chromedriver, logging its network events, saving downloads in ``downloads``."""
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not look for drivers or browsers online
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="maumau-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.execute_cdp_cmd("Network.enable", {"maxTotalBufferSize": 64_000_000, "maxResourceBufferSize": 8_000_000})
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(what: str, condition: Callable[[], T | None], timeout: float = WAIT, every: float = 0.01) -> T:
    """Check ``condition`` every ``every`` seconds until it returns something true; fail with ``what`` after
    ``timeout`` seconds (for what happens outside the page: a download, the server)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)


@dataclass
class Response:
    """One response the page received, as Chromium saw it."""

    url: str
    status: int
    body: str
    time: float


@dataclass
class Played:
    """What the page's player did: the move clicked (its notation as the page showed it), at which turn, and how."""

    turn: int
    move: str
    how: str  # "button" or "picture"


_STATE_JS = """
const b = document.body.dataset, r = document.getElementById('refusal');
const moves = [...document.querySelectorAll('#moves button[data-move]')];
return {turn: b.turn === undefined ? -1 : Number(b.turn), over: b.over === 'true', toAct: Number(b.toAct),
        ready: b.ready || '', verified: b.verified || '', moves: moves.map((m) => m.dataset.move),
        enabled: moves.length > 0 && moves.every((m) => !m.disabled),
        refusal: r.hidden ? null : [r.dataset.reason, r.textContent]};
"""
"""What the page shows, in one call: its ``data-`` attributes, its move buttons and its refusal."""


@dataclass
class TablePage:
    """The web table in a browser tab, seen through its DOM.

    Each wait is one call into the page: a script that checks a condition on the DOM at every animation frame and
    answers once it holds (Selenium's script timeout bounds it), so the test costs a few round trips per move.
    """

    driver: Any
    url: str
    snapshots: list[tuple[int, str]] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    refusals: list[tuple[int, str, str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        # The page's traffic starts with it: what the browser logged before (another test's pages, whose bodies
        # Chromium has dropped) is read and left out of :meth:`responses`.
        self.driver.get_log("performance")

    def state(self) -> dict[str, Any]:
        """The page's state now (see ``_STATE_JS``)."""
        answer: dict[str, Any] = self.driver.execute_script(_STATE_JS)
        return answer

    def wait(self, what: str, condition: str, timeout: float = WAIT) -> dict[str, Any]:
        """Wait in the page until ``condition`` (JavaScript over ``s``, the page's state) holds; the state then."""
        from selenium.common.exceptions import TimeoutException

        script = ("const done = arguments[arguments.length - 1];"
                  f"const state = () => {{ {_STATE_JS} }};"
                  f"const tick = () => {{ const s = state(); if ({condition}) done(s); else requestAnimationFrame(tick); }};"
                  "tick();")
        self.driver.set_script_timeout(timeout)
        try:
            answer: dict[str, Any] = self.driver.execute_async_script(script)
        except TimeoutException:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}; the page: {self.state()}") from None
        return answer

    def start(self, variant: str, players: int, persons: Sequence[int] = ()) -> None:
        """Open the lobby, choose ``variant`` and ``players`` (bots at every seat but 0 and ``persons``), start."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        self.driver.get_log("performance")  # (what an earlier page received is not this game's)
        self.driver.get(self.url + "/")
        self.wait("the lobby", "s.ready === 'lobby'")
        Select(self.driver.find_element(By.ID, "variant")).select_by_value(variant)
        Select(self.driver.find_element(By.ID, "players")).select_by_value(str(players))
        for seat in persons:
            Select(self.driver.find_element(By.ID, f"seat-{seat}")).select_by_value("person")
        self.driver.find_element(By.ID, "start").click()
        self.wait("the table", "s.ready === 'table' && s.turn >= 0")

    def text(self, element_id: str) -> str:
        """The text of an element of the page."""
        from selenium.webdriver.common.by import By

        return str(self.driver.find_element(By.ID, element_id).text)

    def snapshot(self) -> None:
        """Keep the page's DOM as it is now, with the turn it shows (checked for hidden cards at the end)."""
        turn, html = self.driver.execute_script(
            "return [Number(document.body.dataset.turn), document.documentElement.outerHTML]")
        self.snapshots.append((int(turn), str(html)))

    def my_turn(self, seat: int, after: int) -> bool:
        """Wait until the page shows a turn after ``after`` with ``seat`` to act and its moves, or the end;
        ``True`` when it is the seat's move."""
        s = self.wait(f"seat {seat}'s move after turn {after}",
                      f"s.over || (s.turn > {after} && s.toAct === {seat} && s.enabled)")
        return not s["over"]

    def play_first(self, by_picture: bool) -> Played:
        """Click the first legal move: its card in the picture when ``by_picture`` and it has one, else its
        button; wait until the page moved on (or shows a refusal)."""
        from selenium.webdriver.common.by import By

        from maumau_rules import parse_move

        s = self.state()
        turn, text = s["turn"], s["moves"][0]
        target, how = self.driver.find_elements(By.CSS_SELECTOR, "#moves button[data-move]")[0], "button"
        if by_picture:
            codes = self.driver.execute_script(
                "return [...document.querySelectorAll('#board [data-move]')].map((e) => e.getAttribute('data-move'))")
            wanted = parse_move(text)
            for i, code in enumerate(codes):
                if parse_move(str(code)) == wanted:
                    target = self.driver.find_elements(By.CSS_SELECTOR, "#board [data-move]")[i]
                    how = "picture"
                    break
        self.click_visible(target)
        s = self.wait(f"the page to take move {text!r} at turn {turn}", f"s.turn > {turn} || s.over || s.refusal")
        if s["refusal"]:
            assert s["refusal"][0] in CONFLICTS, f"the legal move {text!r} was refused: {s['refusal']}"
        done = Played(turn, text, how)
        if not s["refusal"]:
            self.played.append(done)
        return done

    def click_visible(self, element: Any) -> None:
        """Click ``element`` where a person could: at a point of it that nothing covers (a card of a long hand is
        partly under the next one, so its centre may belong to another card); fail when no such point exists."""
        from selenium.webdriver.common.action_chains import ActionChains

        offset = self.driver.execute_script(VISIBLE_POINT_JS, element)
        assert offset is not None, f"no point of {element.get_attribute('outerHTML')[:200]} can be clicked"
        ActionChains(self.driver).move_to_element_with_offset(element, int(offset[0]), int(offset[1])).click().perform()

    def card_not_held(self) -> str:
        """A card the page shows on the discard pile that is not in the seat's hand (playing it is illegal, and
        it names no hidden card), as the picture's ``data-card`` writes it."""
        cards: list[str] = self.driver.execute_script(
            "const held = new Set([...document.querySelectorAll('#board [data-zone=hand][data-card]')]"
            "  .map((e) => e.dataset.card));"
            "return [...document.querySelectorAll('#board [data-zone=discard][data-card]')]"
            "  .map((e) => e.dataset.card).filter((c) => !held.has(c));")
        assert cards, "no card on the discard pile that the seat does not hold"
        return cards[-1]

    def send_text(self, move: str) -> tuple[str, str]:
        """Type ``move`` into the notation field and send it; wait for the refusal the page shows."""
        from selenium.webdriver.common.by import By

        turn = self.state()["turn"]
        box = self.driver.find_element(By.ID, "move-text")
        box.clear()
        box.send_keys(move)
        self.driver.find_element(By.ID, "send").click()
        refused = self.wait(f"the refusal of {move!r}", "s.refusal")["refusal"]
        self.refusals.append((turn, move, str(refused[0]), str(refused[1])))
        return str(refused[0]), str(refused[1])

    def play_to_end(self, seat: int, *, max_moves: int = 300, every: Callable[[TablePage], None] | None = None
                    ) -> None:
        """Play the first legal move each time it is ``seat``'s turn (by the picture every other time) until the
        game is over, keeping a DOM snapshot before each move."""
        after = -1
        for k in range(max_moves):
            if not self.my_turn(seat, after):
                self.snapshot()
                return
            self.snapshot()
            if every is not None:
                every(self)
            after = self.play_first(by_picture=k % 2 == 1).turn
        raise AssertionError(f"the game was not over after {max_moves} moves of seat {seat}")

    def download(self, link_id: str, folder: Path) -> Path:
        """Click a download link and wait for its file in ``folder``."""
        from selenium.webdriver.common.by import By

        link = self.driver.find_element(By.ID, link_id)
        name = str(link.get_attribute("download"))
        link.click()
        path = folder / name
        wait_for(f"the download of {name}", lambda: path.is_file() and path.stat().st_size > 0
                 and not (folder / (name + ".crdownload")).exists())
        return path

    def responses(self) -> list[Response]:
        """Every response the page received since the last call (from Chromium's network events), with its body.

        A body is read once its loading has finished: the log can hold a response whose body is still arriving
        (the page's long poll at the end of a game), which Chromium cannot give yet. A response whose loading
        failed (the page went on before it arrived) gave the page no body and is left out."""
        received: dict[str, tuple[str, int, float]] = {}
        finished: set[str] = set()
        failed: set[str] = set()

        def read_log() -> bool:
            for entry in self.driver.get_log("performance"):
                message = json.loads(entry["message"])["message"]
                method, params = message.get("method"), message.get("params", {})
                if method == "Network.responseReceived" and params["response"]["url"].startswith(self.url):
                    received[params["requestId"]] = (params["response"]["url"], int(params["response"]["status"]),
                                                     float(params["timestamp"]))
                elif method == "Network.loadingFinished":
                    finished.add(params["requestId"])
                elif method == "Network.loadingFailed":
                    failed.add(params["requestId"])
            return all(r in finished or r in failed for r in received)

        wait_for("the bodies of the page's responses", read_log)
        out: list[Response] = []
        for request, (url, status, at) in received.items():
            if request in failed:
                continue
            body = self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request})
            out.append(Response(url, status, str(body.get("body", "")), at))
        return out


VISIBLE_POINT_JS = """
const el = arguments[0];
el.scrollIntoView({block: "center", inline: "center"});
const box = el.getBoundingClientRect();
const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
  for (const fx of [0.5, 0.3, 0.15, 0.05, 0.7, 0.85, 0.95]) {
    const x = box.left + fx * box.width, y = box.top + fy * box.height;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [Math.round(x - cx), Math.round(y - cy)];
  }
}
return null;
"""
"""The offset from an element's centre of a point where a click reaches it (``null``: none found)."""


def never_seen(record: GameRecord, seat: int) -> list[frozenset[Card]]:
    """For each turn of the record's game, the cards ``seat`` had not seen by then: neither in its own hand nor
    face up on the table (the discard pile; Malilla's trick, tricks taken, trump card and Albur) at any turn so far.
    Any of them named in what the page received or shows is a leak."""
    deck = frozenset(find_variant(record.variant).deck.cards())
    seen: set[Card] = set()
    out: list[frozenset[Card]] = []
    for state in replay(record):
        seen.update(state.hands[seat])
        seen.update(getattr(state, "discard", ()))
        seen.update(getattr(state, "trick", ()))
        for trick in getattr(state, "tricks", ()):
            seen.update(trick.cards)
        trump = getattr(state, "trump_card", None)
        if trump is not None:
            seen.add(trump)
        seen.update(getattr(state, "albur", ()))
        out.append(deck - seen)
    return out


def readable(body: str) -> str:
    """A response body as text to search for card names: the body itself and, when it is JSON, every string in it
    decoded (a card escaped as ``"7\\u2665"`` is found as ``7♥``).

    >>> "7♥" in readable('{"hand": ["7\\u2665"]}')
    True
    """
    try:
        data = json.loads(body)
    except ValueError:
        return body
    out = [body]
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return "\n".join(out)


_EDGE = r"(?<![0-9A-Za-z_\-]){}(?![0-9A-Za-z_\-])"


def _forms(card: Card) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """How a card may be written: exactly (``7♥``, ``7h``) and in words, in any case (``7 of hearts``, ``Herz 7``)."""
    return (str(card), card.ascii), (card.name.lower(), card.german.lower())


_TOKEN = re.compile(r"[0-9A-Za-z_\-♥♦♠♣]+")
"""A run of characters that a card's short form may not touch: a card named "7h" counts only as a whole token."""


def hidden_named(text: str, hidden: Iterable[Card]) -> list[tuple[Card, str]]:
    """The cards of ``hidden`` that ``text`` names: as ``7♥``, ``7h``, ``7 of hearts`` or ``Herz 7`` (Malilla:
    ``Rba``, ``Rey de bastos``), standing alone (not inside a longer word or token).

    >>> hidden_named('<g data-card="7h"><title>7 of Hearts</title></g> 8s', [Card.parse("7h"), Card.parse("8d")])
    [(Card.parse('7♥'), '7h'), (Card.parse('7♥'), '7 of Hearts')]
    >>> hidden_named("token x-7h_y, 17h, 7hx, 17 of hearts", [Card.parse("7h")])
    []
    """
    tokens = set(_TOKEN.findall(text))
    lower = text.lower()
    found: list[tuple[Card, str]] = []
    for card in hidden:
        exact, words = _forms(card)
        found.extend((card, form) for form in exact if form in tokens)
        for name in words:
            if name in lower:
                pattern = re.compile(_EDGE.format(re.escape(name)), re.IGNORECASE)
                found.extend((card, m.group(0)) for m in pattern.finditer(text))
    return found
